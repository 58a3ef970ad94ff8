"""Every bot level plays the N-seat games (RULES.md 12.5): easy, normal
and expert each have their own N-seat bot, random is the random bot, and
each plays whole deals of every N-seat game from its own view alone."""

from __future__ import annotations

import pytest

from scoring.rules import RULESETS, new_deal
from scoring.rules.bots import RandomBot
from scoring.rules.expert import ExpertBot
from scoring.rules.levels import LEVELS, N_SEAT_BOTS, SEAT_BOTS, make_bot, plays_seats
from scoring.rules.rulesets import PARTNERSHIP_RULESETS, SEAT_RULESETS
from scoring.rules.seat_bots import SeatEasyBot, SeatHeuristicBot
from scoring.rules.seat_expert import SeatExpertBot

from .view_only import ViewOnly

SEAT_GAMES = [
    RULESETS["five-hand"],
    RULESETS["railroad"],
    RULESETS["individual"].with_options(players=2),
    RULESETS["individual"].with_options(players=6),
    RULESETS["original"].with_options(players=7),
]


def test_only_the_n_seat_games_play_seats():
    assert all(plays_seats(rs) for rs in SEAT_RULESETS.values())
    assert not any(plays_seats(rs) for rs in PARTNERSHIP_RULESETS.values())
    assert not plays_seats(None)


@pytest.mark.parametrize("kind", LEVELS)
def test_every_level_has_its_own_bot_in_an_n_seat_game(kind):
    assert type(make_bot(kind, 1, RULESETS["railroad"])) is N_SEAT_BOTS[kind]
    # The four-seat games keep their own bot of each level.
    assert type(make_bot(kind, 1, RULESETS["monterey-draw"])) is SEAT_BOTS[kind]
    assert type(make_bot(kind, 1)) is SEAT_BOTS[kind]
    assert N_SEAT_BOTS[kind] is not SEAT_BOTS[kind]


def test_the_levels_of_the_n_seat_games():
    assert N_SEAT_BOTS["heuristic"] is SeatHeuristicBot
    assert N_SEAT_BOTS["easy"] is SeatEasyBot
    assert isinstance(make_bot("expert", 1, RULESETS["five-hand"], samples=5), SeatExpertBot)
    assert make_bot("expert", 1, RULESETS["five-hand"], samples=5).samples == 5
    assert isinstance(make_bot("random", 1, RULESETS["five-hand"]), RandomBot)
    assert isinstance(make_bot("expert", 1, RULESETS["monterey-draw"]), ExpertBot)
    with pytest.raises(KeyError):
        make_bot("grandmaster", 1, RULESETS["five-hand"])


@pytest.mark.parametrize("rs", SEAT_GAMES, ids=lambda rs: f"{rs.name}-{rs.players}")
@pytest.mark.parametrize("kind", [*LEVELS, "random"])
def test_each_level_plays_whole_n_seat_deals_from_its_view(rs, kind):
    # A small search: the budget changes how well the expert plays, not
    # what it may look at.
    budget = {"samples": 3, "bid_samples": 2} if kind == "expert" else {}
    for seed in range(3):
        state = new_deal(rs, dealer=seed % rs.players, seed=seed)
        for step in range(400):
            if state.phase == "done":
                break
            bot = make_bot(kind, seed * 1000 + step, rs, **budget)
            action = bot.choose(ViewOnly(state))
            assert action in state.legal_actions()
            state.apply(action)
        assert state.phase == "done"
        assert len(state.score()) == rs.players
