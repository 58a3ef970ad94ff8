"""The bots in every game of the family (RULES.md 11.5): legal, view-bound,
and the heuristic pair clearly ahead of the random pair."""

from __future__ import annotations

import pytest

from scoring.rules import RULESETS, new_deal
from scoring.rules.bots import HeuristicBot, RandomBot, play_deal
from scoring.rules.rulesets import FAMILY


def mixed(seed: int) -> list:
    return [HeuristicBot(seed), RandomBot(seed), HeuristicBot(seed + 1), RandomBot(seed + 1)]


@pytest.mark.parametrize("name", FAMILY)
def test_every_heuristic_choice_is_legal(name):
    rs = RULESETS[name]
    for seed in range(30):
        state = new_deal(rs, dealer=seed % 4, seed=seed)
        bots = mixed(seed) if seed % 2 else [HeuristicBot(seed + seat) for seat in range(4)]
        while state.to_act is not None:
            before = state.to_json()
            action = bots[state.to_act].choose(state)
            assert state.to_json() == before
            assert action in state.legal_actions()
            state.apply(action)


@pytest.mark.parametrize("name", FAMILY)
def test_the_heuristic_pair_clearly_beats_the_random_pair(name):
    rs = RULESETS[name]
    margin = 0
    deals = 60
    for team in (0, 1):
        for seed in range(deals):
            bots = [
                HeuristicBot(seed * 4 + seat) if seat % 2 == team else RandomBot(seed * 4 + seat)
                for seat in range(4)
            ]
            score = play_deal(new_deal(rs, dealer=seed % 4, seed=seed), bots).score()
            margin += score[team] - score[1 - team]
    # A clear margin: at least a fifth of a deal's points a deal, on average.
    assert margin / (2 * deals) >= rs.total_points / 5


@pytest.mark.parametrize("name", ["sixty-three", "tennessee", "pedro-62"])
def test_the_heuristic_plays_with_house_options(name):
    options = {"sixty-three": {"joker": True}, "tennessee": {"min_bid": 10}}.get(
        name, {"simple": True, "low_is_keeper": True}
    )
    rs = RULESETS[name].with_options(**options)
    for seed in range(10):
        play_deal(new_deal(rs, dealer=seed % 4, seed=seed), [HeuristicBot(seed)] * 4)


@pytest.mark.parametrize("name", [name for name in FAMILY if RULESETS[name].open_auction])
def test_the_heuristic_bids_its_value_at_once_in_an_open_auction(name):
    # Raising a point at a time made a person pass ten times in one auction.
    rs = RULESETS[name]
    calls = raises = one_point = 0
    for seed in range(60):
        state = new_deal(rs, dealer=seed % 4, seed=seed)
        play_deal(state, [HeuristicBot(seed * 4 + seat) for seat in range(4)])
        calls += len(state.bids)
        high = 0
        for _, action in state.bids:
            if action != "pass":
                bid = int(action.split()[1])
                raises += 1
                one_point += high > 0 and bid == high + 1
                high = bid
    assert calls / 60 <= 8
    assert raises and one_point / raises < 0.1
