"""The expert's advice: its choice from one seat's view, with the mean score
of each action it weighed, and nothing that view does not show."""

from __future__ import annotations

import random

import pytest

from scoring.rules import RULESETS, new_deal
from scoring.rules.expert import Advice, ExpertBot

SMALL = {"samples": 3, "bid_samples": 2}


def hidden_hands_dealt_again(state, rng: random.Random):
    """A copy of ``state`` whose other seats' cards are dealt again among
    them, each hand keeping its size: the seat to act sees the same."""
    seat = state.to_act
    other = type(state).from_json(state.to_json())
    others = [s for s in range(4) if s != seat]
    pool = [card for s in others for card in other.hands[s]]
    rng.shuffle(pool)
    for s in others:
        size = len(other.hands[s])
        other.hands[s], pool = sorted(pool[:size]), pool[size:]
    assert other.view(seat) == state.view(seat)
    return other


def decisions(name: str, seeds=range(2)):
    """Each searched decision of a few deals the expert plays: (state, view)."""
    rs = RULESETS[name]
    for seed in seeds:
        state = new_deal(rs, dealer=seed % 4, seed=seed)
        driver = ExpertBot(seed, **SMALL)
        while state.to_act is not None:
            if len(state.legal) > 1 and state.phase in ("bid", "trump", "play"):
                yield state, state.view(state.to_act)
            state.apply(driver.choose(state))


@pytest.mark.parametrize("name", ["monterey-draw", "pidro"])
def test_the_advice_is_the_action_the_expert_would_choose(name):
    weighed = 0
    for _state, view in decisions(name):
        advice = ExpertBot(5, **SMALL).advise(view)
        chosen = ExpertBot(5, **SMALL).choose_from_view(view)
        assert advice.action in view["legal"]
        if advice.means and view["phase"] != "bid":
            weighed += 1
            assert set(advice.means) == set(view["legal"])
            # Ties are broken at random by the bot: the same best mean.
            assert advice.means[chosen] == max(advice.means.values()) == advice.mean
        elif not advice.means:
            assert advice.action == chosen
        if view["phase"] == "bid" and advice.means:
            assert advice.action == chosen
            assert "pass" in advice.means
    assert weighed > 5


def test_the_runner_up_is_the_best_other_action():
    advice = Advice("play AH", {"play AH": 3.5, "play 2C": -1.0, "play 9D": 1.25})
    assert advice.mean == 3.5
    assert advice.runner_up == ("play 9D", 1.25)
    assert Advice("pass", {}).runner_up is None
    assert Advice("pass", {}).mean is None


def test_the_advice_does_not_change_with_the_hands_the_seat_cannot_see():
    rng = random.Random(3)
    compared = 0
    for state, view in decisions("monterey-draw"):
        if view["phase"] != "play":
            continue
        other = hidden_hands_dealt_again(state, rng)
        mine = ExpertBot(9, **SMALL).advise(view)
        assert ExpertBot(9, **SMALL).advise(other.view(other.to_act)) == mine
        compared += 1
    assert compared > 5


def test_a_single_legal_action_is_advised_without_a_search():
    rs = RULESETS["monterey-draw"]
    state = new_deal(rs, dealer=0, seed=1)
    view = state.view(state.to_act)
    view = {**view, "legal": view["legal"][:1]}
    assert ExpertBot(1, **SMALL).advise(view) == Advice(view["legal"][0], {})
