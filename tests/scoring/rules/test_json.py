"""Saving and loading a deal: ``to_json`` / ``from_json`` (RULES.md section 8)."""

import json
import random

import pytest

from scoring.rules import RULESETS, DealState, IllegalAction, new_deal
from scoring.rules.cards import CODES

RULESET_VALUES = [
    RULESETS["monterey-draw"],
    RULESETS["monterey-widow"],
    RULESETS["monterey-widow"].with_options(low_is_keeper=False, shoot_needs_ace_and_two=False),
]


def through_json_text(state):
    return DealState.from_json(json.loads(json.dumps(state.to_json())))


def assert_same(one, two):
    assert one.to_json() == two.to_json()
    assert (one.phase, one.to_act, one.legal_actions()) == (
        two.phase,
        two.to_act,
        two.legal_actions(),
    )
    assert [one.hand(s) for s in range(4)] == [two.hand(s) for s in range(4)]
    assert one.captured() == two.captured()
    assert [one.view(s) for s in range(4)] == [two.view(s) for s in range(4)]


@pytest.mark.parametrize("rs", RULESET_VALUES, ids=["draw", "widow", "widow-options"])
def test_section_8_exact_round_trip_at_every_step(rs):
    for seed in range(12):
        state = new_deal(rs, dealer=seed % 4, seed=seed)
        rng = random.Random(seed)
        while True:
            copy = through_json_text(state)
            assert_same(state, copy)
            # Both go on alike to the end of the deal.
            original = DealState.from_json(state.to_json())
            rest = random.Random(rng.random())
            while original.phase != "done":
                action = rest.choice(original.legal_actions())
                original.apply(action)
                copy.apply(action)
            assert_same(original, copy)
            assert original.score() == copy.score()
            if state.phase == "done":
                break
            state.apply(rng.choice(state.legal_actions()))


def test_section_8_to_json_is_plain_json_and_keeps_the_ruleset_options():
    rs = RULESETS["monterey-draw"].with_options(target=52, shoot_set_penalty=16)
    state = new_deal(rs, dealer=2, seed=5)
    state.apply(state.legal_actions()[1])
    data = state.to_json()
    assert json.loads(json.dumps(data)) == data
    assert data["dealer"] == 2 and data["log"] == state.log and len(data["deck"]) == 52
    assert DealState.from_json(data).rs == rs


def good_json():
    state = new_deal(RULESETS["monterey-draw"], dealer=1, seed=9)
    state.apply("pass")
    return state.to_json()


def changed(**fields):
    data = good_json()
    data.update(fields)
    return data


def without(key):
    data = good_json()
    del data[key]
    return data


GARBAGE = {
    "null": None,
    "a list": [],
    "a number": 3,
    "a string": "pedroparty-deal/1",
    "an empty object": {},
    "wrong format": changed(format="pedroparty-deal/0"),
    "no ruleset": without("ruleset"),
    "no dealer": without("dealer"),
    "no deck": without("deck"),
    "no log": without("log"),
    "unknown ruleset": changed(ruleset={"name": "whist"}),
    "ruleset as a string": changed(ruleset="monterey-draw"),
    "ruleset as a list": changed(ruleset=[["name", "monterey-draw"]]),
    "ruleset name a list": changed(ruleset={"name": ["monterey-draw"]}),
    "unknown house option": changed(ruleset={"name": "monterey-draw", "colour": 1}),
    "bad house option": changed(ruleset={"name": "monterey-draw", "target": "91"}),
    "dealer 4": changed(dealer=4),
    "dealer as a string": changed(dealer="1"),
    "dealer 1.0": changed(dealer=1.0),
    "dealer null": changed(dealer=None),
    "deck null": changed(deck=None),
    "deck a string": changed(deck=" ".join(CODES)),
    "deck of 51": changed(deck=list(CODES[:51])),
    "deck with a card twice": changed(deck=[*CODES[:51], "AS"]),
    "deck with a bad code": changed(deck=[*CODES[:51], "1S"]),
    "deck of lists": changed(deck=[[c] for c in CODES]),
    "log null": changed(log=None),
    "log a string": changed(log="pass"),
    "log an object": changed(log={"0": "pass"}),
    "log with an illegal action": changed(log=["pass", "pass", "pass", "pass"]),
    "log with a number": changed(log=[6]),
    "log with a list": changed(log=[["pass"]]),
}


@pytest.mark.parametrize("data", GARBAGE.values(), ids=GARBAGE.keys())
def test_section_8_garbage_json_raises_value_error(data):
    text = json.dumps(data)
    with pytest.raises(ValueError):
        DealState.from_json(json.loads(text))


def test_section_8_a_bad_log_fails_as_an_illegal_action():
    with pytest.raises(IllegalAction, match="stuck"):
        DealState.from_json(changed(log=["pass", "pass", "pass", "pass"]))
