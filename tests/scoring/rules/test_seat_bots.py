"""The heuristic player of the N-seat games (RULES.md 12.5): legal, bound to
its own view, and clearly ahead of random players in every game."""

from __future__ import annotations

import pytest

from scoring.rules import new_deal
from scoring.rules.bots import RandomBot, play_deal
from scoring.rules.cards import ANY_CARD
from scoring.rules.rulesets import SEAT_RULESETS
from scoring.rules.seat_bots import SeatHeuristicBot

CASES = [
    ("five-hand", {}),
    ("railroad", {}),
    ("individual", {}),
    ("individual", {"players": 2}),
    ("individual", {"players": 6}),
    ("original", {}),
    ("original", {"players": 7, "table": "snoozer"}),
]


def case_id(case) -> str:
    name, options = case
    return name + "".join(f"-{key}={value}" for key, value in options.items())


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_every_heuristic_choice_is_legal_and_changes_nothing(case):
    name, options = case
    rs = SEAT_RULESETS[name].with_options(**options)
    for seed in range(25):
        state = new_deal(rs, dealer=seed % rs.players, seed=seed)
        bots = [SeatHeuristicBot(seed * 10 + seat) for seat in range(rs.players)]
        while state.to_act is not None:
            before = state.to_json()
            action = bots[state.to_act].choose(state)
            assert state.to_json() == before
            assert action in state.legal_actions()
            state.apply(action)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_one_heuristic_seat_clearly_beats_the_random_seats(case):
    name, options = case
    rs = SEAT_RULESETS[name].with_options(**options)
    n, deals, margin = rs.players, 120, 0.0
    for seed in range(deals):
        hero = seed % n
        bots = [
            SeatHeuristicBot(seed * 10 + seat) if seat == hero else RandomBot(seed * 10 + seat)
            for seat in range(n)
        ]
        score = play_deal(new_deal(rs, dealer=(seed // n) % n, seed=seed), bots).score()
        others = [score[seat] for seat in range(n) if seat != hero]
        margin += score[hero] - sum(others) / len(others)
    # A clear margin: at least a sixth of a deal's points a deal, on average.
    assert margin / deals >= rs.total_points / 6


def test_the_heuristic_calls_the_highest_trump_it_lacks():
    rs = SEAT_RULESETS["railroad"]
    for seed in range(40):
        state = new_deal(rs, dealer=seed % 5, seed=seed)
        bots = [SeatHeuristicBot(seed + seat) for seat in range(5)]
        while state.phase != "call":
            state.apply(bots[state.to_act].choose(state))
        action = bots[state.to_act].choose(state)
        if action != "alone":
            power = rs.tables.power[state.trump]
            calls = [a for a in state.legal_actions() if a != "alone"]
            assert action == max(calls, key=lambda a: power[ANY_CARD[a[5:]]])
