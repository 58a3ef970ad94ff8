"""scoring.services: creating online tables, moves under the server's authority, bots, game end."""

from __future__ import annotations

import random

import pytest
from django.db import IntegrityError, transaction

from scoring import services
from scoring.models import DealEvent, OnlineDeal, OnlineSeat, OnlineTable
from scoring.rules import game_winner
from scoring.rules.cards import CODES
from scoring.services import PlayError, SeatSpec

from .builders import act, make_idle, make_table, run_bots, seats_of, state_of

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_think")]


def play_randomly(table: OnlineTable, rng: random.Random, limit: int = 5000) -> None:
    """Every person picks a random legal move (or deals the next hand) until the game ends."""
    for _ in range(limit):
        run_bots(table)
        if table.status == OnlineTable.Status.FINISHED:
            return
        state = state_of(table)
        if state.phase == "done":
            act(table, "next")
        else:
            act(table, rng.choice(state.legal_actions()))
    raise AssertionError("the game did not end")


# --------------------------------------------------------------------- creating


def test_a_new_table_has_four_private_seats_and_its_first_deal():
    table = make_table(("human", "heuristic", "human", "random"), deals=3)
    seats = seats_of(table)
    assert [s.seat for s in seats] == [0, 1, 2, 3]
    assert [s.kind for s in seats] == ["human", "heuristic", "human", "random"]
    tokens = {s.token for s in seats} | {table.creator_token}
    assert len(tokens) == 5 and all(len(t) >= 20 for t in tokens)
    deal = OnlineDeal.objects.get(table=table)
    assert (deal.number, deal.dealer, deal.status) == (1, 0, "playing")
    assert sorted(deal.deck) == sorted(CODES)
    assert table.mode == "deals" and table.deals_total == 3 and table.status == "playing"


def test_blank_names_are_filled_in():
    table = services.table_create(
        seats=[SeatSpec("", "human"), SeatSpec(" ", "heuristic"), SeatSpec("Cruz", "human")]
        + [SeatSpec("", "random")],
        target=91,
    )
    assert [s.name for s in seats_of(table)] == ["Seat 1", "Bot 2", "Cruz", "Bot 4"]
    assert services.table_ruleset(table).target == 91


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"target": None, "deals": None}, "target"),
        ({"target": 91, "deals": 4}, "target"),
        ({"target": 0, "deals": None}, "target"),
        ({"target": None, "deals": 0}, "deals"),
        ({"target": 91, "deals": None, "ruleset": "bridge"}, "ruleset"),
        ({"target": 91, "deals": None, "idle_seconds": 7}, "idle_seconds"),
    ],
)
def test_a_table_is_refused_with_a_reason(kwargs, field):
    seats = [SeatSpec(name, "human") for name in ("A", "B", "C", "D")]
    with pytest.raises(PlayError) as error:
        services.table_create(seats=seats, **kwargs)
    assert field in error.value.errors
    assert OnlineTable.objects.count() == 0


def test_seats_need_four_different_names_and_a_kind():
    with pytest.raises(PlayError) as error:
        services.table_create(
            seats=[SeatSpec("Ana", "human"), SeatSpec("ana", "human")]
            + [SeatSpec("Cruz", "robot"), SeatSpec("Dee", "human")],
            deals=1,
        )
    assert set(error.value.errors) == {"name2", "kind3"}
    with pytest.raises(PlayError):
        services.table_create(seats=[SeatSpec("Ana", "human")], deals=1)


# --------------------------------------------------------------------- moves


def test_a_move_is_applied_logged_and_bumps_the_version():
    table = make_table()
    before = table.version
    act(table, "bid 7")
    table.refresh_from_db()
    assert table.version == before + 1
    event = DealEvent.objects.get()
    assert (event.seq, event.seat, event.action, event.by) == (1, 1, "bid 7", "human")
    assert state_of(table).to_act == 2


def test_a_move_out_of_turn_is_refused_and_changes_nothing():
    table = make_table()
    seats = seats_of(table)
    with pytest.raises(PlayError, match="not your turn: Bea is bidding"):
        services.table_act(token=seats[3].token, action="pass", version=table.version)
    table.refresh_from_db()
    assert DealEvent.objects.count() == 0 and table.version == 2


def test_an_illegal_move_is_refused_with_the_engines_reason():
    table = make_table()
    with pytest.raises(PlayError, match="bids are 6 to 16 or 32"):
        act(table, "bid 5")
    with pytest.raises(PlayError, match="is not an action"):
        act(table, "shuffle")
    assert DealEvent.objects.count() == 0


def test_a_move_from_an_old_screen_is_refused():
    table = make_table()
    seat = seats_of(table)[1]
    with pytest.raises(PlayError, match="moved on"):
        services.table_act(token=seat.token, action="pass", version=table.version - 1)
    assert DealEvent.objects.count() == 0


def test_an_unknown_seat_token_is_not_found():
    make_table()
    with pytest.raises(OnlineSeat.DoesNotExist):
        services.table_act(token="nope", action="pass", version=2)


def test_events_are_numbered_once_per_deal():
    table = make_table()
    for action in ("pass", "pass", "pass"):
        act(table, action)
    deal = OnlineDeal.objects.get()
    assert list(deal.events.values_list("seq", flat=True)) == [1, 2, 3]
    with pytest.raises(IntegrityError), transaction.atomic():
        DealEvent.objects.create(deal=deal, seq=2, seat=0, action="bid 6", by="human")


def test_the_next_hand_only_after_the_deal_is_over():
    table = make_table(deals=2)
    with pytest.raises(PlayError, match="still being played"):
        act(table, "next")
    with pytest.raises(PlayError, match="still being played"):
        services.table_deal_next(creator_token=table.creator_token, version=table.version)


# --------------------------------------------------------------------- whole games


def test_a_fixed_number_of_deals_rotates_the_deal_and_ends_the_game():
    table = make_table(("human", "random", "human", "heuristic"), ruleset="monterey-widow", deals=5)
    play_randomly(table, random.Random(5))
    deals = list(OnlineDeal.objects.filter(table=table).order_by("number"))
    assert [d.number for d in deals] == [1, 2, 3, 4, 5]
    assert [d.dealer for d in deals] == [0, 1, 2, 3, 0]
    assert all(d.status == "done" and d.record["deal"] == d.number for d in deals)
    table.refresh_from_db()
    assert table.status == "finished" and table.deal_number == 5
    assert (table.score0, table.score1) == (
        sum(d.score0 for d in deals),
        sum(d.score1 for d in deals),
    )
    expected = None if table.score0 == table.score1 else int(table.score1 > table.score0)
    assert table.winner == expected
    with pytest.raises(PlayError, match="over"):
        act(table, "next")


def test_a_game_to_a_target_ends_when_game_winner_says_so():
    table = make_table(("heuristic",) * 4, target=40)
    run_bots(table)  # a table of bots deals its own hands
    table.refresh_from_db()
    assert table.status == "finished"
    rs = services.table_ruleset(table)
    totals = [0, 0]
    deals = list(OnlineDeal.objects.filter(table=table).order_by("number"))
    for deal in deals:
        totals[0] += deal.score0
        totals[1] += deal.score1
        team = deal.record["bidder"] % 2
        made = deal.record["bidding_team_points"] >= deal.record["bid"] and (
            deal.record["bid"] != 32 or deal.record["bidding_team_points"] == 16
        )
        winner = game_winner(rs, tuple(totals), team, made)
        if deal is deals[-1]:
            assert winner is not None and winner == table.winner
        else:
            assert winner is None
    assert [table.score0, table.score1] == totals


def test_bots_play_until_a_person_is_to_act():
    table = make_table(("heuristic", "random", "human", "heuristic"), deals=1)
    run_bots(table)
    state = state_of(table)
    assert state.to_act == 2
    assert {e.by for e in DealEvent.objects.all()} <= {"heuristic", "random"}


@pytest.mark.parametrize("level", ["easy", "heuristic", "expert"])
def test_a_table_creator_seats_a_bot_of_each_level_and_it_plays_a_whole_deal(level, settings):
    settings.PLAY_EXPERT_SAMPLES = settings.PLAY_EXPERT_BID_SAMPLES = 2
    table = make_table((level, level, level, level), deals=1)
    assert [seat.kind for seat in seats_of(table)] == [level] * 4
    while table.status == OnlineTable.Status.PLAYING and state_of(table).phase != "done":
        before = DealEvent.objects.count()
        run_bots(table)
        assert DealEvent.objects.count() > before
    assert state_of(table).phase == "done"
    assert {e.by for e in DealEvent.objects.all()} == {level}


def test_a_bot_step_for_an_old_version_does_nothing():
    table = make_table(("random", "random", "human", "human"), deals=1)
    table.refresh_from_db()
    old = table.version
    act_seat = seats_of(table)[state_of(table).to_act]
    assert act_seat.is_bot
    assert services.bot_step(table_id=table.pk, version=old - 1) is None
    assert DealEvent.objects.count() == 0
    services.bot_step(table_id=table.pk, version=old)
    assert services.bot_step(table_id=table.pk, version=old) is None  # a repeated task
    assert DealEvent.objects.count() == 1
    assert services.bot_step(table_id=10**9, version=1) is None  # a deleted table


def test_a_person_cannot_move_while_a_bot_plays_their_seat():
    table = make_table(idle_seconds=30)
    make_idle(table)
    services.seat_hand_to_bot(creator_token=table.creator_token, seat=1, kind="heuristic")
    table.refresh_from_db()
    handed = seats_of(table)[1]
    with pytest.raises(PlayError, match="bot is playing your seat"):
        services.table_act(token=handed.token, action="pass", version=table.version)


def test_an_idle_seat_goes_to_a_bot_and_comes_back():
    table = make_table(idle_seconds=30)
    with pytest.raises(PlayError, match="not idle"):
        services.seat_hand_to_bot(creator_token=table.creator_token, seat=1, kind="heuristic")
    make_idle(table)
    with pytest.raises(PlayError, match="not idle"):  # only the seat to act can be idle
        services.seat_hand_to_bot(creator_token=table.creator_token, seat=2, kind="heuristic")
    with pytest.raises(PlayError, match="level"):
        services.seat_hand_to_bot(creator_token=table.creator_token, seat=1, kind="human")
    services.seat_hand_to_bot(creator_token=table.creator_token, seat=1, kind="heuristic")
    assert seats_of(table)[1].kind == "heuristic"
    run_bots(table)
    assert DealEvent.objects.get().by == "heuristic"
    assert state_of(table).to_act == 2
    services.seat_give_back(creator_token=table.creator_token, seat=1)
    assert seats_of(table)[1].kind == "human"
    with pytest.raises(PlayError, match="already played by a person"):
        services.seat_give_back(creator_token=table.creator_token, seat=1)
    with pytest.raises(OnlineTable.DoesNotExist):
        services.seat_give_back(creator_token="nope", seat=1)


def test_the_creator_deals_the_next_hand():
    table = make_table(deals=2)
    rng = random.Random(3)
    while state_of(table).phase != "done":
        act(table, rng.choice(state_of(table).legal_actions()))
    table.refresh_from_db()
    services.table_deal_next(creator_token=table.creator_token, version=table.version)
    table.refresh_from_db()
    assert table.deal_number == 2
    assert OnlineDeal.objects.get(table=table, number=2).dealer == 1
