"""A table won on the tie-break says why, from its real numbers; sit-outs
say how they were chosen (RULES.md 6)."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils.html import escape

from tournaments import services

from .builders import make_party

pytestmark = pytest.mark.django_db


@pytest.fixture
def tied_round(client, host):
    """Five players (one sits out), two deals: 9–7 then 7–9, so the table is
    tied 16 – 16 and won by seats 2 and 4 on deal 2."""
    party = make_party(host, players=5, deals_per_round=2)
    rnd = services.round1_seat_draw(party=party, seed=5, user=host)
    services.result_record(
        round=rnd,
        table=1,
        deal=1,
        entry=services.DealEntry(bidder=0, bid=7, bidding_team_points=9),
        user=host,
    )
    services.result_record(
        round=rnd,
        table=1,
        deal=2,
        entry=services.DealEntry(bidder=1, bid=7, bidding_team_points=9),
        user=host,
    )
    names = [escape(n) for n in rnd.seats.order_by("seat").values_list("player__name", flat=True)]
    client.force_login(host)
    return party, rnd, names


def explanation(names) -> str:
    return (
        f"Tied 16 – 16; {names[1]} &amp; {names[3]} won on deal 2, "
        "the latest deal the scores differ."
    )


def test_the_round_grid_and_table_page_say_why_a_tie_was_won(client, tied_round):
    party, rnd, names = tied_round
    grid = client.get(reverse("host:round", args=[party.slug, 1])).content.decode()
    assert explanation(names) in grid
    table = client.get(reverse("host:table", args=[party.slug, 1, 1])).content.decode()
    assert explanation(names) in table


def test_the_moves_list_says_why_the_winners_moved(client, host, tied_round):
    party, rnd, names = tied_round
    services.round_close(round=rnd, user=host)
    moves = client.get(reverse("host:moves", args=[party.slug, 2])).content.decode()
    assert "Tables of round 1 won on a tie-break" in moves
    assert explanation(names) in moves
    assert "the fewest sit-outs so far, then registration order" in moves


def test_sit_outs_say_how_they_were_chosen(client, host, tied_round):
    party, rnd, names = tied_round
    grid = client.get(reverse("host:round", args=[party.slug, 1])).content.decode()
    assert "In round 1, the players the seating leaves over sit out." in grid
    services.round_close(round=rnd, user=host)
    grid = client.get(reverse("host:round", args=[party.slug, 2])).content.decode()
    assert "Who sits out: the fewest sit-outs so far, then registration order." in grid


def test_a_table_won_on_the_sum_has_no_tie_break_words(client, host):
    party = make_party(host, players=4, deals_per_round=1)
    rnd = services.round1_seat_draw(party=party, seed=5, user=host)
    services.result_record(
        round=rnd,
        table=1,
        deal=1,
        entry=services.DealEntry(bidder=0, bid=7, bidding_team_points=9),
        user=host,
    )
    client.force_login(host)
    grid = client.get(reverse("host:round", args=[party.slug, 1])).content.decode()
    assert "won on deal" not in grid and "Tied" not in grid
