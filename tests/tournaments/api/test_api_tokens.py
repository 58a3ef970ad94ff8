"""The host's API tokens page: a token is shown once, listed after, revoked for good."""

from __future__ import annotations

import re
import threading

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from tests.tournaments.builders import make_party
from tournaments import services
from tournaments.api import services as api_services
from tournaments.api.services import API_TOKENS_MAX
from tournaments.errors import UserError
from tournaments.models import ApiToken, token_digest

pytestmark = pytest.mark.django_db

PAGE = "/host/api-tokens/"


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def shown_token(page: str) -> str:
    match = re.search(r'class="token-value"[^>]*value="([^"]+)"', page)
    assert match, "the new token is on the page"
    return match.group(1)


def test_the_page_lives_at_its_address():
    assert reverse("host:api_tokens") == PAGE


def test_anonymous_is_sent_to_sign_in():
    response = Client().get(PAGE)
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))
    Client().post(PAGE, {"label": "x"})
    assert not ApiToken.objects.exists()


def test_a_new_token_is_shown_once_and_only_its_digest_kept(host):
    client = signed_in(host)
    response = client.post(PAGE, {"label": "Club website"})
    assert response.status_code == 200
    assert response["Cache-Control"] == "private, no-store"
    token = shown_token(response.content.decode())
    assert len(token) >= 40
    row = ApiToken.objects.get(user=host)
    assert row.label == "Club website" and row.digest == token_digest(token)
    assert token not in str(list(ApiToken.objects.values()))
    again = client.get(PAGE).content.decode()
    assert "Club website" in again and token not in again and "token-value" not in again


def test_the_token_made_on_the_page_reads_a_hidden_party(host):
    party = make_party(host, players=4)
    services.party_public_set(party=party, open=False, standings=True, user=host)
    token = shown_token(signed_in(host).post(PAGE, {"label": "site"}).content.decode())
    url = reverse("api:party_standings", args=[party.public_token])
    response = Client().get(url, HTTP_AUTHORIZATION=f"Bearer {token}")
    assert response.status_code == 200 and response.json()["party"]["name"] == party.name


@pytest.mark.parametrize("label", ["", "   ", "x" * 81])
def test_a_bad_label_makes_nothing(label, host):
    response = signed_in(host).post(PAGE, {"label": label})
    assert response.status_code == 422
    assert "token-value" not in response.content.decode()
    assert not ApiToken.objects.exists()


def test_the_service_refuses_a_blank_label(host):
    with pytest.raises(UserError) as refused:
        api_services.api_token_create(user=host, label="  ")
    assert "label" in refused.value.errors
    assert not ApiToken.objects.exists()


def test_a_user_holds_at_most_so_many_live_tokens(host):
    for n in range(API_TOKENS_MAX):
        api_services.api_token_create(user=host, label=f"t{n}")
    response = signed_in(host).post(PAGE, {"label": "one more"})
    assert response.status_code == 422
    assert ApiToken.objects.filter(user=host).count() == API_TOKENS_MAX
    # A revoked token no longer counts.
    api_services.api_token_revoke(user=host, token_id=ApiToken.objects.filter(user=host).first().pk)
    assert signed_in(host).post(PAGE, {"label": "one more"}).status_code == 200


@pytest.mark.django_db(transaction=True)
def test_forms_posted_at_once_cannot_pass_the_limit(host):
    """The user's row is locked while the live tokens are counted: ten
    forms posted together for the last free place make one token."""
    for n in range(API_TOKENS_MAX - 1):
        api_services.api_token_create(user=host, label=f"t{n}")
    racers = 10
    barrier = threading.Barrier(racers)
    outcomes: list[object] = [None] * racers

    def make(i: int) -> None:
        try:
            barrier.wait(timeout=30)
            outcomes[i] = api_services.api_token_create(user=host, label=f"race {i}")
        except Exception as exc:  # every outcome is checked below
            outcomes[i] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=make, args=(i,)) for i in range(racers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    made = [o for o in outcomes if isinstance(o, tuple)]
    refused = [o for o in outcomes if isinstance(o, UserError)]
    assert len(made) == 1 and len(refused) == racers - 1
    assert ApiToken.objects.filter(user=host, revoked=False).count() == API_TOKENS_MAX


def test_the_list_shows_only_the_users_own_tokens(host, other_host):
    api_services.api_token_create(user=other_host, label="Rival's secret feed")
    api_services.api_token_create(user=host, label="Mine")
    page = signed_in(host).get(PAGE).content.decode()
    assert "Mine" in page and "Rival" not in page


def test_revoking_a_token(host):
    row, _ = api_services.api_token_create(user=host, label="Old site")
    response = signed_in(host).post(PAGE, {"revoke": row.pk}, follow=True)
    assert response.redirect_chain[-1][0] == PAGE
    row.refresh_from_db()
    assert row.revoked
    page = response.content.decode()
    assert "Old site is revoked." in page
    assert f'name="revoke" value="{row.pk}"' not in page


def test_another_users_token_cannot_be_revoked(host, other_host):
    row, _ = api_services.api_token_create(user=other_host, label="Rival")
    response = signed_in(host).post(PAGE, {"revoke": row.pk}, follow=True)
    assert "There is no such token." in response.content.decode()
    row.refresh_from_db()
    assert not row.revoked


@pytest.mark.parametrize("value", ["abc", "0", "-1", "99999999999999999999999"])
def test_a_bad_revoke_value_changes_nothing(value, host):
    row, _ = api_services.api_token_create(user=host, label="Keep")
    response = signed_in(host).post(PAGE, {"revoke": value}, follow=True)
    assert "There is no such token." in response.content.decode()
    row.refresh_from_db()
    assert not row.revoked


def test_revoking_twice_is_harmless(host):
    row, _ = api_services.api_token_create(user=host, label="Twice")
    api_services.api_token_revoke(user=host, token_id=row.pk)
    assert api_services.api_token_revoke(user=host, token_id=row.pk).revoked


def test_the_party_list_links_the_page(host):
    assert PAGE in signed_in(host).get(reverse("host:party_list")).content.decode()
