"""Conditional requests on the players' page: the ETag follows the party's version.

Unchanged standings answer 304, with no database query; a result entered or
amended (or a switch turned) changes the ETag as soon as it commits; the
cached state behind the ETag is written on commit and read from the row on
a miss, and no process trusts its own copy for longer than a second.
"""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.db.models import F
from django.test import Client
from django.urls import reverse

from pedroparty import memo
from tournaments import services
from tournaments.models import Party, Round
from tournaments.selectors import public as public_selectors
from tournaments.selectors.public import LOCAL_STATE_TTL, PublicState, public_state

from .builders import make_party

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture(autouse=True)
def fresh_memos():
    public_selectors.forget_local()


@pytest.fixture
def seated(host) -> tuple[Party, Round]:
    party = make_party(host, players=8)
    rnd = services.round1_seat_draw(party=party, seed=11, user=host)
    services.result_record(
        round=rnd,
        table=1,
        deal=1,
        entry=services.DealEntry(bidder=0, bid=8, bidding_team_points=10),
        user=host,
    )
    party.refresh_from_db()
    return party, rnd


def standings_url(party: Party) -> str:
    return reverse("public:party", args=[party.public_token])


def fragment(client: Client, party: Party, tag: str | None = None):
    headers = dict(HX)
    if tag:
        headers["HTTP_IF_NONE_MATCH"] = tag
    return client.get(standings_url(party), **headers)


def test_fragment_is_sent_with_etag_no_cache_and_vary(seated, client):
    party, _ = seated
    response = fragment(client, party)
    assert response.status_code == 200
    assert response["ETag"].startswith('"') and response["ETag"].endswith('"')
    assert response["Cache-Control"] == "no-cache"
    assert "HX-Request" in response["Vary"]
    assert "<html" not in response.content.decode()
    page = client.get(standings_url(party))
    assert "<html" in page.content.decode()
    assert page["ETag"] != response["ETag"], "the page and its fragment are different bodies"
    assert page["Cache-Control"] == "no-cache" and "HX-Request" in page["Vary"]


def test_unchanged_standings_answer_304_without_a_database_query(
    seated, client, django_assert_num_queries
):
    party, _ = seated
    first = fragment(client, party)
    tag = first["ETag"]
    with django_assert_num_queries(0):
        again = fragment(client, party, tag)
    assert again.status_code == 304
    assert again.content == b""
    assert again["ETag"] == tag
    assert again["Cache-Control"] == "no-cache" and "HX-Request" in again["Vary"]
    # A proxy that compresses may weaken the tag; it still matches.
    with django_assert_num_queries(0):
        assert fragment(client, party, f"W/{tag}").status_code == 304
    # The fragment itself, for a phone that has nothing yet, costs no query either.
    with django_assert_num_queries(0):
        full = fragment(client, party)
    assert full.status_code == 200 and full.content == first.content


def test_every_public_url_answers_304_to_its_own_etag(seated, client):
    party, rnd = seated
    player = rnd.seats.first().player_id
    token = party.public_token
    for name, args in (
        ("party", [token]),
        ("seat", [token, player]),
        ("board", [token]),
        ("qr", [token]),
    ):
        u = reverse(f"public:{name}", args=args)
        for headers in ({}, HX):
            tag = client.get(u, **headers)["ETag"]
            assert client.get(u, HTTP_IF_NONE_MATCH=tag, **headers).status_code == 304, u


def test_a_result_entry_changes_the_etag(host, seated, client, django_capture_on_commit_callbacks):
    party, rnd = seated
    before = fragment(client, party)
    with django_capture_on_commit_callbacks(execute=True):
        services.result_record(
            round=rnd,
            table=2,
            deal=1,
            entry=services.DealEntry(bidder=1, bid=9, bidding_team_points=11),
            user=host,
        )
    after = fragment(client, party, before["ETag"])
    assert after.status_code == 200
    assert after["ETag"] != before["ETag"]
    assert after.content != before.content
    assert fragment(client, party, after["ETag"]).status_code == 304


def test_an_amendment_changes_the_etag(host, seated, client, django_capture_on_commit_callbacks):
    party, rnd = seated
    before = fragment(client, party)
    assert "</a><td>10<td>" in before.content.decode()  # the score after the name
    with django_capture_on_commit_callbacks(execute=True):
        services.result_amend(
            result=rnd.results.get(),
            entry=services.DealEntry(bidder=0, bid=8, bidding_team_points=14),
            reason="Misread the tally",
            user=host,
        )
    after = fragment(client, party, before["ETag"])
    assert after.status_code == 200 and after["ETag"] != before["ETag"]
    assert "</a><td>14<td>" in after.content.decode()


def test_the_switches_change_the_etag(host, seated, client, django_capture_on_commit_callbacks):
    party, _ = seated
    before = fragment(client, party)
    with django_capture_on_commit_callbacks(execute=True):
        services.party_public_set(party=party, open=True, standings=False, user=host)
    after = fragment(client, party, before["ETag"])
    assert after.status_code == 200 and after["ETag"] != before["ETag"]
    assert 'class="standings"' not in after.content.decode()


def test_the_state_is_published_when_the_change_commits(
    host, seated, django_capture_on_commit_callbacks
):
    party, rnd = seated
    seen = public_state(party.public_token)
    assert seen == PublicState(party.pk, party.public_token, party.version, True, True)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        services.result_record(
            round=rnd,
            table=2,
            deal=1,
            entry=services.DealEntry(bidder=1, bid=9, bidding_team_points=11),
            user=host,
        )
    # Not yet committed: phones still see the version before.
    assert public_state(party.public_token) == seen
    assert callbacks
    for callback in callbacks:
        callback()
    published = cache.get(f"party-ver:{party.public_token}")
    assert published == PublicState(party.pk, party.public_token, seen.version + 1, True, True)
    public_selectors.forget_local()
    assert public_state(party.public_token) == published


def test_a_missing_state_is_read_from_the_party_row(seated, client, django_assert_num_queries):
    party, _ = seated
    cache.delete(f"party-ver:{party.public_token}")
    with django_assert_num_queries(1):
        state = public_state(party.public_token)
    assert state.version == party.version
    with django_assert_num_queries(0):
        assert public_state(party.public_token) == state
    assert public_state("NoSuchToken123") is None


def test_a_change_made_by_another_process_shows_within_a_second(seated, client, monkeypatch):
    """Another process's commit updates the shared cache, not this process's
    memo: the memo is trusted for LOCAL_STATE_TTL seconds only."""
    party, _ = seated
    tag = fragment(client, party)["ETag"]
    Party.objects.filter(pk=party.pk).update(version=F("version") + 1)
    party.refresh_from_db()
    cache.set(f"party-ver:{party.public_token}", PublicState.of(party), 60)
    assert fragment(client, party, tag).status_code == 304  # the memo, for now

    now = memo.clock()
    monkeypatch.setattr(memo, "clock", lambda: now + LOCAL_STATE_TTL + 0.1)
    response = fragment(client, party, tag)
    assert response.status_code == 200 and response["ETag"] != tag


def test_a_new_party_needs_no_commit_hook_to_be_seen(host, client):
    party = make_party(host, players=4)
    response = client.get(standings_url(party), **HX)
    assert response.status_code == 200
    assert f'"{party.version}os-' in response["ETag"]
