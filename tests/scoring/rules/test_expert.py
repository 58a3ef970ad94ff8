"""The expert bot: legal, deterministic, and blind to what its seat cannot see.

Plain Python: no Django, no database.  Small search budgets keep it quick;
the budget changes how well the bot plays, not what it may look at.
"""

from __future__ import annotations

import random

import pytest

from scoring.rules import PARTNERSHIP_RULESETS, new_deal
from scoring.rules.bots import play_deal
from scoring.rules.expert import ExpertBot

from .view_only import blind_to_hidden_hands, others_shuffled, play_from_views

SMALL = {"samples": 3, "bid_samples": 2}


@pytest.mark.parametrize("name", list(PARTNERSHIP_RULESETS))
def test_the_expert_plays_whole_deals_from_its_seats_view_alone(name):
    # Each choice is made through a proxy that holds nothing but the seat's
    # view; it is always legal and leaves the state alone.
    rs = PARTNERSHIP_RULESETS[name]
    for seed in range(2):
        state = new_deal(rs, dealer=seed % 4, seed=seed)
        bots = [ExpertBot(seed * 4 + seat, **SMALL) for seat in range(4)]
        play_from_views(state, bots)
        assert state.phase == "done"
        state.score()


@pytest.mark.parametrize("name", ["monterey-draw", "monterey-widow", "sixty-three", "pidro"])
def test_the_experts_choice_does_not_change_with_the_hands_it_cannot_see(name):
    rs = PARTNERSHIP_RULESETS[name]
    rng = random.Random(7)
    compared = differed = 0
    for seed in range(3):
        state = new_deal(rs, dealer=seed % 4, seed=seed)
        found = blind_to_hidden_hands(
            state,
            ExpertBot(seed, **SMALL),
            lambda state: ExpertBot(99, **SMALL).choose(state),
            others_shuffled,
            rng,
        )
        compared, differed = compared + found[0], differed + found[1]
    assert compared > 10 and differed > compared // 2


@pytest.mark.parametrize("name", ["monterey-draw", "king-pedro", "tennessee"])
def test_the_expert_is_deterministic_given_its_seed(name):
    rs = PARTNERSHIP_RULESETS[name]
    logs = []
    for seed in (3, 3, 4):
        bots = [ExpertBot(seed * 4 + seat, **SMALL) for seat in range(4)]
        logs.append(play_deal(new_deal(rs, dealer=1, seed=11), bots).to_json()["log"])
    assert logs[0] == logs[1]
    assert logs[0] != logs[2]  # the seed matters


def test_the_expert_refuses_a_view_with_nothing_to_choose():
    state = new_deal(PARTNERSHIP_RULESETS["monterey-draw"], dealer=0, seed=1)
    with pytest.raises(ValueError, match="not to act"):
        ExpertBot(1).choose_from_view(state.view((state.to_act + 1) % 4))


def test_the_expert_bids_by_its_samples_and_keeps_to_the_legal_bids():
    # Sixty-Three: the opening bid jumps to the hand's value, not a point over nothing.
    rs = PARTNERSHIP_RULESETS["sixty-three"]
    opened = []
    for seed in range(6):
        state = new_deal(rs, dealer=3, seed=seed)
        action = ExpertBot(seed, bid_samples=4).choose(state)
        assert action in state.legal_actions()
        if action != "pass":
            opened.append(int(action.split()[1]))
    assert opened and max(opened) > rs.min_bid + 1
