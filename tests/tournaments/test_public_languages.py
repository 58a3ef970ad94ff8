"""The players' page in each reader's language: a phone reading Spanish and
one reading English each get their own page, fragment and ETag, never the
other's from a cache."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from django.utils.translation import get_language

from tournaments import services
from tournaments.selectors import public as public_selectors
from tournaments.views import public

from .builders import make_party

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture(autouse=True)
def fresh_memos():
    public_selectors.forget_local()


@pytest.fixture
def url(host) -> str:
    party = make_party(host, players=8)
    services.round1_seat_draw(party=party, seed=11, user=host)
    return reverse("public:party", args=[party.public_token])


def test_es_and_en_readers_get_their_own_page_and_etag(url, client: Client):
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="en")
    spanish = client.get(url, HTTP_ACCEPT_LANGUAGE="es")
    assert english["ETag"] != spanish["ETag"]
    assert 'lang="en"' in english.content.decode()
    assert 'lang="es"' in spanish.content.decode()
    assert "Accept-Language" in spanish["Vary"]
    # The English ETag does not stand for the Spanish page.
    again = client.get(url, HTTP_ACCEPT_LANGUAGE="es", HTTP_IF_NONE_MATCH=english["ETag"])
    assert again.status_code == 200 and 'lang="es"' in again.content.decode()


def test_the_cached_standings_fragment_is_kept_per_language(url, client: Client, monkeypatch):
    rendered: list[str] = []
    render = public.render_compact

    def counting(template: str, context: dict) -> str:
        rendered.append(get_language())
        return render(template, context)

    monkeypatch.setattr(public, "render_compact", counting)
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="en", **HX)
    spanish = client.get(url, HTTP_ACCEPT_LANGUAGE="es", **HX)
    client.get(url, HTTP_ACCEPT_LANGUAGE="es", **HX)
    assert english["ETag"] != spanish["ETag"]
    assert rendered == ["en", "es"], "each language's fragment is rendered once, then cached"


def test_the_language_cookie_chooses_the_language(url, client: Client):
    response = client.post(
        reverse("set_language_public"), {"language": "fr", "next": url}, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert response.status_code == 302 and response["Location"] == url
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="en")
    assert 'lang="fr"' in page.content.decode()


def test_the_switcher_will_not_send_a_phone_elsewhere(url, client: Client):
    response = client.post(
        reverse("set_language_public"), {"language": "es", "next": "https://evil.example/"}
    )
    assert response.status_code == 302 and response["Location"] == "/"
