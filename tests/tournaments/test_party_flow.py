"""A whole party through the services: seat, enter, close, move, finish (RULES.md 6)."""

from __future__ import annotations

import random

import pytest

from tournaments import selectors, services
from tournaments.errors import UserError
from tournaments.game.standings import table_round_winner
from tournaments.models import DealResult, Party, Round

from .builders import make_party, play_round

pytestmark = pytest.mark.django_db


def _close_with_cuts(rnd, user):
    """Close a round, recording a cut for any table still tied."""
    for line in selectors.round_board(rnd.party, rnd.number).tables:
        if line.tied and table_round_winner([d.score for d in line.deals]) is None:
            services.table_record_cut(round=rnd, table=line.number, team=0, user=user)
    return services.round_close(round=rnd, user=user)


def test_three_rounds_with_sitouts_and_finish(host):
    party = make_party(host, players=9)
    rng = random.Random(4)
    rnd = services.round1_seat_draw(party=party, seed=11, user=host)
    assert rnd.seats.count() == 8 and rnd.sitouts.count() == 1
    for _ in range(3):
        play_round(party, rnd, host, rng)
        rnd = _close_with_cuts(rnd, host)
        assert rnd.seats.count() == 8 and rnd.sitouts.count() == 1
    # Each of 3 rounds had a different sit-out (fewest sit-outs first).
    sat = [r.sitouts.get().player_id for r in party.rounds.order_by("number")]
    assert len(set(sat)) == 4
    services.party_finish(party=party, user=host)
    party.refresh_from_db()
    assert party.status == Party.Status.FINISHED
    assert not party.rounds.filter(number=4).exists()
    table = selectors.party_standings(party)
    assert len(table.rows) == 9
    assert table.rows[0].score == max(r.score for r in table.rows)
    turn = selectors.prize_turn(party)
    assert turn.player == table.rows[0].player


def test_double_tap_returns_stored_result(party, host):
    rnd = services.round1_seat_draw(party=party, seed=3, user=host)
    entry = services.DealEntry(bidder=1, bid=8, bidding_team_points=10)
    kwargs = dict(round=rnd, table=1, deal=1, entry=entry, user=host)
    first = services.result_record(form_token="tok-1", **kwargs)
    again = services.result_record(form_token="tok-1", **kwargs)
    assert first.pk == again.pk
    assert DealResult.objects.count() == 1


def test_stale_form_is_refused_not_overwritten(party, host):
    rnd = services.round1_seat_draw(party=party, seed=3, user=host)
    services.result_record(
        round=rnd,
        table=1,
        deal=1,
        entry=services.DealEntry(bidder=1, bid=8, bidding_team_points=10),
        user=host,
        form_token="a",
    )
    with pytest.raises(UserError) as error:
        services.result_record(
            round=rnd,
            table=1,
            deal=1,
            entry=services.DealEntry(bidder=2, bid=7, bidding_team_points=3),
            user=host,
            form_token="b",
        )
    assert "already entered by hostess" in error.value.errors["deal"]
    stored = DealResult.objects.get()
    assert (stored.bidder, stored.bid, stored.bidding_team_points) == (1, 8, 10)


def test_amend_keeps_history_and_recomputes(party, host):
    rnd = services.round1_seat_draw(party=party, seed=3, user=host)
    result = services.result_record(
        round=rnd,
        table=1,
        deal=1,
        entry=services.DealEntry(bidder=0, bid=8, bidding_team_points=10),
        user=host,
    )
    before = selectors.party_standings(party)
    new, differing = services.result_amend(
        result=result,
        entry=services.DealEntry(bidder=0, bid=8, bidding_team_points=4),
        reason="wrong count",
        user=host,
    )
    assert differing == []
    assert (new.score0, new.score1) == (-8, 12)
    assert DealResult.objects.filter(is_current=False).count() == 1
    party.refresh_from_db()
    after = selectors.party_standings(party)
    assert after.version > before.version
    assert party.audit.filter(action="result_amend", reason="wrong count").exists()


def test_round_cannot_close_with_missing_deals(party, host):
    rnd = services.round1_seat_draw(party=party, seed=3, user=host)
    with pytest.raises(UserError, match="0 of 4 deals"):
        services.round_close(round=rnd, user=host)
    assert Round.objects.get(pk=rnd.pk).status == Round.Status.OPEN


def test_special_prizes_are_awarded_when_the_party_finishes(host):
    party = make_party(
        host,
        players=8,
        special_prizes={"low_score": "Booby prize", "highest_bid": "Bold bidder"},
    )
    rnd = services.round1_seat_draw(party=party, seed=5, user=host)
    play_round(party, rnd, host, random.Random(9))
    _close_with_cuts(rnd, host)
    services.party_finish(party=party, user=host)
    table = selectors.party_standings(party)
    low = min(row.score for row in table.rows)
    booby = party.prizes.get(kind="low_score")
    assert booby.name == "Booby prize"
    assert {a.player_id for a in booby.awards.all()} == {
        row.player for row in table.rows if row.score == low
    }
    assert party.prizes.get(kind="highest_bid").awards.exists()
    assert not party.prizes.filter(kind="most_shoots").exists()
