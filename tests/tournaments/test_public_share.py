"""The host's "Players' page" screen and its two switches.

The big QR code and the link for the owner (and co-hosts); the switches go
through ``services.party_public_set``, which audits and bumps the version.
Anonymous visitors are sent to sign in, another host gets 404, a POST
without the CSRF token is refused, and a refused request changes nothing.
"""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest
from django.test import Client
from django.urls import reverse

from tournaments import services
from tournaments.models import AuditEntry, Party
from tournaments.selectors import public as public_selectors

from .builders import make_party

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_memos():
    public_selectors.forget_local()


@pytest.fixture
def party(host) -> Party:
    return make_party(host, players=4)


def share_url(party: Party) -> str:
    return reverse("host:share", args=[party.slug])


def set_url(party: Party) -> str:
    return reverse("host:share_set", args=[party.slug])


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def switches(party: Party) -> tuple[bool, bool, int]:
    party.refresh_from_db()
    return party.public_open, party.public_standings, party.version


def test_share_page_shows_the_big_qr_the_link_and_the_switches(host, party):
    client = signed_in(host)
    response = client.get(share_url(party))
    assert response.status_code == 200
    page = response.content.decode()
    link = f"http://testserver/p/{party.public_token}/"
    assert f'href="{link}"' in page
    assert "<svg " in page and 'class="qr"' in page and f"<title>{link}</title>" in page
    assert f"http://testserver/p/{party.public_token}/board/" in page
    assert "Hide the players' page" in page and "Hide the standings" in page
    nav = client.get(reverse("host:dashboard", args=[party.slug])).content.decode()
    assert f'<a href="{share_url(party)}">Players\' page</a>' in nav


def test_switches_hide_and_open_the_page_audited(host, party, django_capture_on_commit_callbacks):
    client = signed_in(host)
    version = party.version
    public = reverse("public:party", args=[party.public_token])
    assert Client().get(public).status_code == 200

    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(set_url(party), {"open": "0"})
    assert response.status_code == 302 and response["Location"] == share_url(party)
    assert switches(party) == (False, True, version + 1)
    assert Client().get(public).status_code == 404
    entry = AuditEntry.objects.filter(party=party, action="party_public_set").get()
    assert entry.user == host and entry.summary == "Hid the players' page"
    assert (entry.before, entry.after) == (
        {"open": True, "standings": True},
        {"open": False, "standings": True},
    )
    page = client.get(share_url(party)).content.decode()
    assert "Hidden:" in page and "Open the players' page" in page

    with django_capture_on_commit_callbacks(execute=True):
        client.post(set_url(party), {"open": "1", "standings": "0"})
    assert switches(party) == (True, False, version + 2)
    assert Client().get(public).status_code == 200
    assert AuditEntry.objects.filter(party=party, action="party_public_set").count() == 2


def test_a_switch_left_as_it_is_changes_nothing(host, party):
    version = party.version
    services.party_public_set(party=party, open=True, standings=True, user=host)
    signed_in(host).post(set_url(party), {"open": "maybe"})
    assert switches(party) == (True, True, version)
    assert not AuditEntry.objects.filter(party=party, action="party_public_set").exists()


def test_cohost_can_use_the_switches(host, party, django_user_model):
    cohost = django_user_model.objects.create_user(username="cohost", password="pw-cards-97")
    party.cohosts.add(cohost)
    client = signed_in(cohost)
    assert client.get(share_url(party)).status_code == 200
    client.post(set_url(party), {"standings": "0"})
    assert switches(party)[:2] == (True, False)


@pytest.mark.parametrize("method", ["get", "post"])
def test_anonymous_is_sent_to_sign_in(party, method):
    for u in (share_url(party), set_url(party)):
        data = {"open": "0"} if method == "post" else None
        response = getattr(Client(), method)(u, data)
        assert response.status_code == 302
        assert response["Location"] == f"{reverse('login')}?next={quote(u)}"
    assert switches(party)[:2] == (True, True)


def test_another_host_gets_404_and_changes_nothing(party, other_host):
    client = signed_in(other_host)
    version = party.version
    assert client.get(share_url(party)).status_code == 404
    response = client.post(set_url(party), {"open": "0", "standings": "0"})
    assert response.status_code == 404
    assert party.public_token not in response.content.decode()
    assert switches(party) == (True, True, version)


def test_post_without_csrf_token_is_refused(host, party):
    client = Client(enforce_csrf_checks=True)
    client.force_login(host)
    page = client.get(share_url(party)).content.decode()
    version = party.version
    assert client.post(set_url(party), {"open": "0"}).status_code == 403
    assert switches(party) == (True, True, version)
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    response = client.post(set_url(party), {"open": "0", "csrfmiddlewaretoken": token})
    assert response.status_code == 302
    assert switches(party)[0] is False


def test_switch_endpoint_takes_only_post(host, party):
    assert signed_in(host).get(set_url(party)).status_code == 405
