"""The bot levels a table offers: easy, normal (the heuristic) and expert.

Plain Python: no Django, no database.
"""

from __future__ import annotations

import pytest

from scoring.rules import PARTNERSHIP_RULESETS, new_deal
from scoring.rules.bots import HeuristicBot, play_deal
from scoring.rules.cards import ANY_CARD
from scoring.rules.easy import EasyBot
from scoring.rules.levels import LEVELS, SEAT_BOTS, make_bot

from .view_only import ViewOnly


def test_every_level_is_a_seat_kind_and_builds_its_bot():
    assert set(LEVELS) <= set(SEAT_BOTS)
    assert [make_bot(kind, 1).name for kind in LEVELS] == ["easy", "heuristic", "expert"]
    expert = make_bot("expert", 1, samples=5, bid_samples=3, time_ms=None)
    assert (expert.samples, expert.bid_samples, expert.time_ms) == (5, 3, None)


@pytest.mark.parametrize("name", list(PARTNERSHIP_RULESETS))
def test_the_easy_bot_plays_legally_from_its_view_alone(name):
    rs = PARTNERSHIP_RULESETS[name]
    for seed in range(6):
        state = new_deal(rs, dealer=seed % 4, seed=seed)
        bots = [EasyBot(seed * 4 + seat) for seat in range(4)]
        twins = [EasyBot(seed * 4 + seat) for seat in range(4)]
        while state.to_act is not None:
            seat = state.to_act
            action = bots[seat].choose(ViewOnly(state))
            assert action == twins[seat].choose(state)  # the same seed, the same choice
            assert action in state.legal_actions()
            state.apply(action)


@pytest.mark.parametrize("name", ["monterey-draw", "sixty-three", "cinch"])
def test_the_easy_bot_slips_now_and_then_but_never_shoots_or_gives_points_away(name):
    rs = PARTNERSHIP_RULESETS[name]
    compared = slips = 0
    for seed in range(40):
        state = new_deal(rs, dealer=seed % 4, seed=seed)
        easy, normal = EasyBot(seed), HeuristicBot(seed)
        while state.to_act is not None:
            view = state.view(state.to_act)
            mine, usual = easy.choose_from_view(view), normal.choose_from_view(view)
            compared += 1
            if mine != usual:
                slips += 1
                if view["phase"] == "bid" and mine != "pass":
                    assert int(mine.split()[1]) <= rs.max_bid
                if view["phase"] == "play":
                    trump = "SHDC".index(view["trump"])
                    values = rs.point_table[trump]
                    assert values[ANY_CARD[mine[5:]]] <= values[ANY_CARD[usual[5:]]]
            state.apply(usual)
    assert 0.03 < slips / compared < 0.3


def test_normal_bots_beat_easy_bots():
    rs = PARTNERSHIP_RULESETS["monterey-draw"]
    margin = 0
    for seed in range(150):
        for team in (0, 1):
            bots = [
                HeuristicBot(seed * 4 + s) if s % 2 == team else EasyBot(seed * 4 + s)
                for s in range(4)
            ]
            score = play_deal(new_deal(rs, dealer=seed % 4, seed=seed), bots).score()
            margin += score[team] - score[1 - team]
    assert margin > 0
