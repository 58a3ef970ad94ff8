"""A table's page on the players' phones follows the other phones by its
poll: an unchanged poll is a 304 that costs no database query, and a change
(an entry, a rejection, a confirmation) comes back at the next poll with the
entries, the totals and the entry form as they now are."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from tests.tournaments.builders import make_table_night
from tournaments import services
from tournaments.models import TableRound
from tournaments.selectors import public as public_selectors
from tournaments.tableside.services import (
    table_entry_confirm,
    table_entry_reject,
    table_entry_submit,
)
from tournaments.tableside.views.phone import POLL_SECONDS

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture(autouse=True)
def fresh_memos():
    public_selectors.forget_local()


@pytest.fixture
def table(host) -> TableRound:
    return make_table_night(host)


def phone(table: TableRound, seat: int) -> Client:
    client = Client()
    client.post(reverse("tableside:me", args=[table.entry_token]), {"seat": seat})
    return client


def poll(client: Client, table: TableRound, tag: str | None = None):
    headers = dict(HTMX, **({"HTTP_IF_NONE_MATCH": tag} if tag else {}))
    return client.get(reverse("tableside:table", args=[table.entry_token]), **headers)


def enter(table: TableRound, deal: int, points: int | None = None):
    rs = services.party_ruleset(table.round.party)
    return table_entry_submit(
        table_round=table,
        deal=deal,
        seat=0,
        bidder=0,
        bid=rs.min_bid,
        bidding_team_points=rs.min_bid if points is None else points,
    )


def test_the_page_polls_every_second_with_the_etag_it_shows(table):
    client = phone(table, 1)
    page = client.get(reverse("tableside:table", args=[table.entry_token])).content.decode()
    assert f'hx-trigger="every {POLL_SECONDS}s, refresh, online from:window"' in page
    assert POLL_SECONDS <= 1
    tag = poll(client, table)["ETag"]
    assert f'data-etag="{escape(tag)}"' in page  # the first poll swaps nothing
    assert "js/tableside.js" in page


def test_an_unchanged_poll_is_304_without_a_database_query(table, django_assert_num_queries):
    client = phone(table, 1)
    first = poll(client, table)
    assert first.status_code == 200 and first["Cache-Control"] == "no-cache"
    with django_assert_num_queries(0):
        again = poll(client, table, first["ETag"])
    assert again.status_code == 304 and again["ETag"] == first["ETag"]
    assert "HX-Request" in again["Vary"]


def test_an_entry_by_the_other_team_comes_with_the_next_poll(
    table, django_capture_on_commit_callbacks
):
    client = phone(table, 1)
    tag = poll(client, table)["ETag"]
    with django_capture_on_commit_callbacks(execute=True):  # the entry commits
        enter(table, 1)
    fresh = poll(client, table, tag)
    assert fresh.status_code == 200 and fresh["ETag"] != tag
    assert 'data-deal="1"' in fresh.content.decode()


def test_a_rejected_entry_brings_its_deal_back_to_the_entering_phones_form(table):
    client = phone(table, 0)
    entry = enter(table, 1)
    live = poll(client, table).content.decode()
    assert "Enter deal 2" in live and 'id="entry-form-2"' in live
    table_entry_reject(
        round=table.round, table=1, deal=1, seat=1, reason="It was 9", entry_id=entry.pk
    )
    live = poll(client, table).content.decode()
    assert "Enter this deal again below" in live
    assert "Enter deal 1" in live and 'id="entry-form-1"' in live


def test_every_deal_entered_gives_way_to_the_form_again_after_a_rejection(table):
    client = phone(table, 0)
    entries = [enter(table, deal) for deal in range(1, table.round.party.deals_per_round + 1)]
    assert "Every deal of this round is entered." in poll(client, table).content.decode()
    table_entry_reject(
        round=table.round, table=1, deal=2, seat=3, reason="Wrong bid", entry_id=entries[1].pk
    )
    live = poll(client, table).content.decode()
    assert "Every deal of this round is entered." not in live
    assert 'id="entry-form-2"' in live


def test_a_confirmed_deal_updates_the_totals_with_the_poll(table):
    client = phone(table, 0)
    rs = services.party_ruleset(table.round.party)
    entry = enter(table, 1, points=rs.total_points)
    result = table_entry_confirm(round=table.round, table=1, deal=1, seat=1, entry_id=entry.pk)
    live = poll(client, table).content.decode()
    totals = re.search(r'<p class="teams" id="table-totals" hx-swap-oob="true">.*?</p>', live, re.S)
    assert totals is not None
    assert re.findall(r"<b>(-?\d+)</b>", totals.group(0)) == [
        str(result.score0),
        str(result.score1),
    ]
