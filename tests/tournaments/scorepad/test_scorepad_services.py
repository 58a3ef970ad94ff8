"""The scorepad's services: made, a deal entered, bad records refused at
their field changing nothing, the game ended by its rule, the last deal
amended or deleted, and two tablets sending one deal storing it once."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from scoring.rules import RULESETS
from tournaments.errors import UserError
from tournaments.models import Scorepad, ScorepadDeal
from tournaments.scorepad import services
from tournaments.scorepad.selectors import scorepad_sheet

from .builders import FOUR, THREE, individual_entry, individual_pad, individual_rs, team_pad

pytestmark = pytest.mark.django_db


def test_a_scorepad_keeps_the_game_its_options_and_the_names():
    pad = individual_pad(first_dealer=2, target=21)
    assert pad.ruleset["name"] == "individual"
    assert (pad.ruleset["players"], pad.ruleset["target"]) == (3, 21)
    assert pad.names == THREE and pad.first_dealer == 2
    sheet = scorepad_sheet(pad)
    assert sheet.columns == tuple(THREE)
    assert (sheet.next_number, sheet.next_dealer_name) == (1, "Cruz")


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"game": "whist"}, "game"),
        ({"names": ["Ana", "Bea"]}, "names"),
        ({"names": ["Ana", "ana", "Cruz"]}, "names"),
        ({"first_dealer": 3}, "first_dealer"),
        ({"options": {"players": 3, "target": "many"}}, "options"),
    ],
)
def test_a_bad_scorepad_is_refused_at_its_field(kwargs, field):
    given = {"game": "individual", "options": {"players": 3}, "names": THREE, "first_dealer": 0}
    with pytest.raises(UserError) as refused:
        services.scorepad_create(**(given | kwargs))
    assert field in refused.value.errors
    assert not Scorepad.objects.exists()


def test_a_deal_is_stored_and_the_deal_passes_left():
    pad = individual_pad(first_dealer=2)
    bid = individual_rs().bids()[0]
    deal = services.scorepad_deal_enter(
        scorepad=pad, number=1, entry=individual_entry(0, bid, [bid, 2, 1])
    )
    assert (deal.number, deal.record["dealer"], deal.replayed) == (1, 2, False)
    sheet = scorepad_sheet(pad)
    assert sheet.totals == (bid, 2, 1)
    assert (sheet.next_number, sheet.next_dealer_name) == (2, "Ana")


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"bidder": 3}, "bidder"),
        ({"bid": 0}, "bid"),
        ({"seat_points": [9, 9, 9]}, "seat_points"),
        ({"seat_points": [1, 2]}, "seat_points"),
        ({"trump": "X"}, "trump"),
    ],
)
def test_a_bad_record_is_refused_naming_its_field_and_changes_nothing(change, field):
    pad = individual_pad()
    bid = individual_rs().bids()[0]
    entry = individual_entry(0, bid, [bid, 0, 0]) | change
    with pytest.raises(UserError) as refused:
        services.scorepad_deal_enter(scorepad=pad, number=1, entry=entry)
    assert field in refused.value.errors
    assert not ScorepadDeal.objects.exists()
    assert Scorepad.objects.get(pk=pad.pk).version == pad.version


def test_a_called_partner_record_needs_its_partner_in_railroad():
    pad = services.scorepad_create(
        game="railroad", options={}, names=["A", "B", "C", "D", "E"], first_dealer=0
    )
    rs = RULESETS["railroad"]
    entry = {"bidder": 0, "bid": rs.bids()[0], "trump": "S", "call": "AS",
             "side_points": [rs.total_points, 0]}  # fmt: skip
    with pytest.raises(UserError) as refused:
        services.scorepad_deal_enter(scorepad=pad, number=1, entry=entry)
    assert set(refused.value.errors) == {"partner"}
    services.scorepad_deal_enter(scorepad=pad, number=1, entry=entry | {"partner": 2})
    assert scorepad_sheet(pad).totals == (rs.total_points, 0, rs.total_points, 0, 0)


def _play_individual_to_the_end(pad) -> int:
    """Seat 1 bids the top and takes every point, deal after deal."""
    rs = individual_rs()
    top, number = rs.bids()[-1], 0
    while scorepad_sheet(pad).winner is None:
        number += 1
        services.scorepad_deal_enter(
            scorepad=pad, number=number, entry=individual_entry(0, top, [top, 0, 0])
        )
    return number


def test_the_individual_game_ends_by_rule_and_takes_no_more_deals():
    pad = individual_pad()
    rs = individual_rs()
    played = _play_individual_to_the_end(pad)
    top = rs.bids()[-1]
    assert played == -(-rs.target // top)  # the first deal at or over the target
    sheet = scorepad_sheet(pad)
    assert sheet.winner == "Ana" and sheet.totals[0] >= rs.target
    with pytest.raises(UserError) as refused:
        services.scorepad_deal_enter(
            scorepad=pad, number=played + 1, entry=individual_entry(1, top, [0, top, 0])
        )
    assert "deal" in refused.value.errors
    assert ScorepadDeal.objects.filter(scorepad=pad).count() == played
    # Deleting the last deal takes the game back before its end.
    services.scorepad_deal_delete(scorepad=pad, number=played)
    assert scorepad_sheet(pad).winner is None


def test_a_four_seat_game_ends_when_a_team_reaches_the_target():
    pad = team_pad("canadian")
    rs = RULESETS["canadian"]
    bid, total = rs.bids()[0], rs.total_points
    number = 0
    while scorepad_sheet(pad).winner is None:
        number += 1
        # Seats 2 and 4 bid in turn and take everything.
        entry = {"bidder": 1, "bid": bid, "bidding_team_points": total, "other_team_points": 0}
        services.scorepad_deal_enter(scorepad=pad, number=number, entry=entry)
    sheet = scorepad_sheet(pad)
    assert number == -(-rs.target // total)
    assert sheet.winner == f"{FOUR[1]} & {FOUR[3]}"
    assert sheet.totals == (0, number * total)


def test_only_the_last_deal_is_amended_or_deleted():
    pad = individual_pad()
    bid = individual_rs().bids()[0]
    for number in (1, 2):
        services.scorepad_deal_enter(
            scorepad=pad, number=number, entry=individual_entry(0, bid, [bid, 1, 1])
        )
    with pytest.raises(UserError):
        services.scorepad_deal_amend(
            scorepad=pad, number=1, entry=individual_entry(1, bid, [0, bid, 0])
        )
    with pytest.raises(UserError):
        services.scorepad_deal_delete(scorepad=pad, number=1)
    with pytest.raises(UserError) as refused:
        services.scorepad_deal_amend(
            scorepad=pad, number=2, entry=individual_entry(9, bid, [0, 0, 0])
        )
    assert "bidder" in refused.value.errors
    services.scorepad_deal_amend(
        scorepad=pad, number=2, entry=individual_entry(1, bid, [0, bid, 0])
    )
    assert scorepad_sheet(pad).totals == (bid, 1 + bid, 1)
    services.scorepad_deal_delete(scorepad=pad, number=2)
    assert scorepad_sheet(pad).totals == (bid, 1, 1)


def test_the_same_form_sent_twice_stores_one_deal():
    pad = individual_pad()
    bid = individual_rs().bids()[0]
    entry = individual_entry(0, bid, [bid, 0, 0])
    first = services.scorepad_deal_enter(scorepad=pad, number=1, entry=entry, form_token="tok-1")
    again = services.scorepad_deal_enter(scorepad=pad, number=1, entry=entry, form_token="tok-1")
    assert again.pk == first.pk and again.replayed
    with pytest.raises(UserError) as refused:
        services.scorepad_deal_enter(
            scorepad=pad, number=1, entry=entry | {"bidder": 1}, form_token="tok-1"
        )
    assert "form_token" in refused.value.errors
    assert ScorepadDeal.objects.count() == 1


TABLETS = 8


@pytest.mark.django_db(transaction=True)
def test_tablets_racing_with_one_deal_store_it_once():
    pad = individual_pad()
    bid = individual_rs().bids()[0]
    barrier = threading.Barrier(TABLETS)
    outcomes: list[object] = [None] * TABLETS

    def send(i: int) -> None:
        try:
            barrier.wait(timeout=30)
            # Half send one form twice over; the others each their own form.
            token = "same" if i % 2 == 0 else f"own-{i}"
            outcomes[i] = services.scorepad_deal_enter(
                scorepad=pad,
                number=1,
                entry=individual_entry(0, bid, [bid, 0, 0]),
                form_token=token,
            )
        except Exception as exc:  # every outcome is checked below
            outcomes[i] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=send, args=(i,)) for i in range(TABLETS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not any(thread.is_alive() for thread in threads)
    stored = [o for o in outcomes if isinstance(o, ScorepadDeal)]
    refused = [o for o in outcomes if isinstance(o, UserError)]
    assert len(stored) + len(refused) == TABLETS
    assert len({deal.pk for deal in stored}) == 1
    assert ScorepadDeal.objects.filter(scorepad=pad).count() == 1
    assert scorepad_sheet(pad).totals == (bid, 0, 0)
    assert Scorepad.objects.get(pk=pad.pk).version == pad.version + 1
