"""The expert of the N-seat games (RULES.md 12): legal, deterministic, blind
to what its seat cannot see — the other hands, and in a called-partner game
who holds the called card — and searching where it has a choice.

Plain Python: no Django, no database.  Small search budgets keep it quick;
the budget changes how well the bot plays, not what it may look at.
"""

from __future__ import annotations

import random

import pytest

from scoring.rules import new_deal
from scoring.rules.bots import play_deal
from scoring.rules.cards import ANY_CARD
from scoring.rules.rulesets import SEAT_RULESETS
from scoring.rules.seat_bots import SeatEasyBot, SeatHeuristicBot
from scoring.rules.seat_expert import SeatExpertBot, _seat_play_world
from scoring.rules.seats import SeatDeal

from .view_only import blind_to_hidden_hands, others_shuffled, play_from_views

SMALL = {"samples": 3, "bid_samples": 2}
GAMES = [
    SEAT_RULESETS["five-hand"],
    SEAT_RULESETS["railroad"],
    SEAT_RULESETS["individual"],
    SEAT_RULESETS["individual"].with_options(players=5),
    SEAT_RULESETS["original"],
]


def game_id(rs) -> str:
    return f"{rs.name}-{rs.players}"


@pytest.mark.parametrize("rs", GAMES, ids=game_id)
def test_the_expert_plays_whole_deals_from_its_seats_view_alone(rs):
    for seed in range(2):
        state = new_deal(rs, dealer=seed % rs.players, seed=seed)
        bots = [SeatExpertBot(seed * 8 + seat, **SMALL) for seat in range(rs.players)]
        play_from_views(state, bots)
        assert len(state.score()) == rs.players


@pytest.mark.parametrize("rs", GAMES, ids=game_id)
def test_the_experts_choice_does_not_change_with_the_hands_it_cannot_see(rs):
    rng = random.Random(7)
    compared = differed = 0
    for seed in range(3):
        state = new_deal(rs, dealer=seed % rs.players, seed=seed)
        found = blind_to_hidden_hands(
            state,
            SeatHeuristicBot(seed),
            lambda state: SeatExpertBot(99, **SMALL).choose(state),
            others_shuffled,
            rng,
        )
        compared, differed = compared + found[0], differed + found[1]
    assert compared >= 8 and differed > compared // 2


def test_a_called_card_not_yet_played_may_be_in_any_hand_the_seat_cannot_rule_out():
    # Railroad, trick 1: the seat to act does not know who holds the called
    # card, and its sampled deals put it in each hand that may hold it.
    rs = SEAT_RULESETS["railroad"]
    for seed in range(40):
        state = new_deal(rs, dealer=seed % 5, seed=seed)
        bot = SeatHeuristicBot(seed)
        while state.phase != "play" and state.to_act is not None:
            state.apply(bot.choose(state))
        if state.to_act is None or state.went_alone:
            continue
        state.apply(bot.choose(state))  # the bidder leads
        seat = state.to_act
        view = state.view(seat)
        if view["partner"] is not None or seat == state.partner:
            continue
        break
    else:
        pytest.fail("no deal left the partner unknown to the second seat to play")
    called = ANY_CARD[view["call"]]
    holders = set()
    rng = random.Random(3)
    for _ in range(60):
        make = _seat_play_world(view, rs, rng)
        if make is None:
            continue
        world = make()
        assert world.view(seat)["hand"] == view["hand"]
        assert world.view(seat)["partner"] is None  # nor does the sample tell it
        holders.add(next(s for s in range(5) if called in world.hands[s]))
    may_hold = set(range(5)) - {seat, state.bidder}
    assert holders <= may_hold and len(holders) >= 2


@pytest.mark.parametrize("rs", GAMES[:3], ids=game_id)
def test_the_expert_is_deterministic_given_its_seed(rs):
    logs = []
    for seed in (3, 3, 4):
        bots = [SeatExpertBot(seed * 8 + seat, **SMALL) for seat in range(rs.players)]
        logs.append(play_deal(new_deal(rs, dealer=1, seed=11), bots).to_json()["log"])
    assert logs[0] == logs[1]
    assert logs[0] != logs[2]  # the seed matters


def test_the_expert_advises_with_the_means_it_weighed():
    rs = SEAT_RULESETS["original"]
    state = new_deal(rs, dealer=0, seed=5)
    bot = SeatHeuristicBot(5)
    while state.phase != "play" or len(state.legal) < 2:
        state.apply(bot.choose(state))
    advice = SeatExpertBot(1, **SMALL).advise(state.view(state.to_act))
    assert advice.action in state.legal
    assert set(advice.means) == set(state.legal)
    assert advice.mean == max(advice.means.values())


def test_the_easy_level_slips_from_the_heuristic_now_and_then_and_stays_legal():
    rs = SEAT_RULESETS["individual"].with_options(players=4)
    slipped = decided = 0
    for seed in range(30):
        state = new_deal(rs, dealer=seed % 4, seed=seed)
        while state.to_act is not None:
            easy = SeatEasyBot(seed * 100 + len(state.log)).choose(state)
            normal = SeatHeuristicBot(seed * 100 + len(state.log)).choose(state)
            assert easy in state.legal_actions()
            if len(state.legal) > 1:
                decided += 1
                slipped += easy != normal
            state.apply(normal)
    # About one decision in SeatEasyBot.slip is a slip, where one is possible.
    assert 0 < slipped < decided / 2


def test_the_easy_levels_own_slips_are_a_lower_call_and_a_trick_let_go():
    rs = SEAT_RULESETS["railroad"]
    easy = SeatEasyBot(1)
    calls = lowered = let_go = 0
    for seed in range(60):
        state = new_deal(rs, dealer=seed % 5, seed=seed)
        normal = SeatHeuristicBot(seed)
        while state.to_act is not None:
            view = state.view(state.to_act)
            choice = normal.choose_from_view(view)
            if state.phase == "call" and choice.startswith("call "):
                slip = easy._slip(view, choice)
                power = rs.tables.power[state.trump]
                assert slip in view["legal"]
                assert power[ANY_CARD[slip[5:]]] <= power[ANY_CARD[choice[5:]]]
                calls += 1
                lowered += slip != choice
            elif state.phase == "play" and view["trick"] and len(view["legal"]) > 1:
                missed = easy._missed_trick(view, choice)
                if missed is not None:
                    assert missed in view["legal"] and missed != choice
                    after = SeatDeal.from_json(state.to_json())
                    after.apply(missed)
                    # The trick goes on with another seat's card on top, or
                    # is over and another seat took it.
                    winner = after._best_seat if after.trick else after.tricks[-1][3]
                    assert winner != view["seat"]
                    let_go += 1
            state.apply(choice)
    assert lowered > calls // 2 and let_go > 10
