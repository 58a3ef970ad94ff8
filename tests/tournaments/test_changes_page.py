"""The Changes page (audit) reads as a host speaks: player names and seats
1 to 4, teams named by their players, scores "15 – 9", no raw values."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils.html import escape

from tournaments import services
from tournaments.models import AuditEntry

from .builders import make_party

pytestmark = pytest.mark.django_db


@pytest.fixture
def page(client, host):
    def get(party) -> str:
        client.force_login(host)
        return client.get(reverse("host:audit", args=[party.slug])).content.decode()

    return get


def seated(host, deals: int = 4):
    party = make_party(host, players=4, deals_per_round=deals)
    rnd = services.round1_seat_draw(party=party, seed=5, user=host)
    names = [escape(n) for n in rnd.seats.order_by("seat").values_list("player__name", flat=True)]
    return party, rnd, names


def test_a_result_and_its_amendment_name_the_bidder_and_show_scores(host, page):
    party, rnd, names = seated(host)
    result = services.result_record(
        round=rnd,
        table=1,
        deal=1,
        entry=services.DealEntry(bidder=1, bid=10, bidding_team_points=7),
        user=host,
    )
    services.result_amend(
        result=result,
        entry=services.DealEntry(bidder=2, bid=7, bidding_team_points=9),
        reason="wrong seat",
        user=host,
    )
    text = page(party)
    assert "'bidder'" not in text and "{&#x27;" not in text and "{'" not in text
    assert f"{names[1]} (seat 2) bid 10" in text
    assert f"Amended round 1, table 1, deal 1: {names[2]} (seat 3) bid 7" in text
    assert f"Bidder: {names[1]} (seat 2)" in text and f"Bidder: {names[2]} (seat 3)" in text
    assert "score 9 – -10" in text  # set: the bidders lose their bid
    assert "--" not in text.split("<main", 1)[1].replace("<!--", "")


def test_a_cut_names_the_team_that_won_it(host, page):
    party, rnd, names = seated(host, deals=1)
    services.result_record(
        round=rnd,
        table=1,
        deal=1,
        entry=services.DealEntry(bidder=0, bid=8, bidding_team_points=8),
        user=host,
    )
    services.table_record_cut(round=rnd, table=1, team=1, user=host)
    text = page(party)
    assert f"Round 1, table 1: cut won by {names[1]} &amp; {names[3]}" in text
    assert "team 1" not in text and "team 0" not in text


def test_entries_stored_in_the_old_words_read_the_new_way(host, page):
    party, rnd, names = seated(host)
    AuditEntry.objects.create(
        party=party, action="table_record_cut", summary="Round 1, table 1: cut won by team 0"
    )
    AuditEntry.objects.create(
        party=party,
        action="result_record",
        summary="Round 1, table 1, deal 2: seat 1 bid 7, took 9; score 9--7",
        after={"bidder": 0, "bid": 7, "trump": "H", "bidding_team_points": 9, "score": [9, -7]},
    )
    text = page(party)
    assert f"cut won by {names[0]} &amp; {names[2]}" in text
    assert "score 9 – -7" in text and "9--7" not in text
    assert "Bidder: seat 1" in text and "Trump: hearts" in text and "Score: 9 – -7" in text
    assert "'bidder'" not in text


def test_a_seating_reads_as_tables_of_two_teams(host, page):
    party, rnd, names = seated(host)
    text = page(party)
    assert f"Table 1: {names[0]} &amp; {names[2]} v {names[1]} &amp; {names[3]}" in text
    assert "[[" not in text
