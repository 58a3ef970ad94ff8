"""Replaying an action log through the engine (RULES.md sections 5 and 8).
Pure Python: no Django, no database."""

from __future__ import annotations

import random
import re

import pytest

from scoring.rules import RULESETS, IllegalAction, ReplayError, new_deal, replay
from scoring.rules.cards import CODES

DRAW = RULESETS["monterey-draw"]
WIDOW = RULESETS["monterey-widow"]

ALL_ACTIONS = (
    ["pass"]
    + [f"bid {n}" for n in range(1, 33)]
    + [f"trump {s}" for s in "SHDC"]
    + [f"{verb} {code}" for verb in ("discard", "take", "lay", "play") for code in CODES]
)


def play_out(rs, seed: int, dealer: int = 0):
    """A finished deal played with uniformly random legal actions."""
    state = new_deal(rs, dealer, seed=seed)
    rng = random.Random(seed)
    while state.phase != "done":
        state.apply(rng.choice(state.legal_actions()))
    return state


def deck_of(state) -> list[str]:
    return [CODES[c] for c in state.deck]


@pytest.mark.parametrize("rs", [DRAW, WIDOW], ids=lambda rs: rs.name)
def test_replay_reproduces_the_deal_section_8(rs):
    """RULES.md 8: replaying a finished deal's deck and log gives the same deal:
    the same JSON, score and record."""
    for seed in range(200):
        played = play_out(rs, seed, seed % 4)
        again = replay(rs, played.log, deck=deck_of(played), dealer=played.dealer)
        assert again.phase == "done"
        assert again.to_json() == played.to_json()
        assert again.score() == played.score()
        assert again.record() == played.record()


def test_replay_leaves_the_log_alone_section_8():
    """RULES.md 8: the replay reads the log; it does not change it."""
    played = play_out(DRAW, 1)
    log = list(played.log)
    replay(DRAW, log, deck=deck_of(played))
    assert log == played.log


def test_replay_of_a_partial_log_stops_there_section_8():
    """RULES.md 8: a log that stops early gives the deal at that point."""
    played = play_out(WIDOW, 2, dealer=3)
    for keep in (0, 4, 10):
        state = replay(WIDOW, played.log[:keep], deck=deck_of(played), dealer=3)
        assert state.log == played.log[:keep]
        assert state.phase != "done"
    assert replay(WIDOW, iter(played.log), deck=deck_of(played), dealer=3).phase == "done"


@pytest.mark.parametrize("rs", [DRAW, WIDOW], ids=lambda rs: rs.name)
def test_tampered_log_fails_at_exactly_that_action_section_5(rs):
    """RULES.md 5: the replay rejects the first illegal action: one action of a
    finished log replaced by an illegal one is reported at its index."""
    rng = random.Random(rs.name)
    for seed in range(150):
        played = play_out(rs, seed, seed % 4)
        index = rng.randrange(len(played.log))
        state = replay(rs, played.log[:index], deck=deck_of(played), dealer=played.dealer)
        bad = rng.choice([a for a in ALL_ACTIONS if a not in state.legal_actions()])
        with pytest.raises(IllegalAction) as engine:
            state.apply(bad)
        tampered = [*played.log[:index], bad, *played.log[index + 1 :]]
        with pytest.raises(ReplayError) as caught:
            replay(rs, tampered, deck=deck_of(played), dealer=played.dealer)
        error = caught.value
        assert (error.index, error.action) == (index, bad)
        assert str(engine.value).endswith(error.reason)
        assert str(error) == f"action {index + 1} ({bad!r}): {error.reason}"


def test_replay_error_names_the_suit_rule_section_3_8():
    """RULES.md 3.8 and 5: the message says which action broke which rule, e.g.
    "action 13 ('play 7C'): hearts were led: play a heart or a trump (spades)"."""
    pattern = re.compile(
        r"action (\d+) \('play [2-9TJQKA][SHDC]'\): "
        r"(spades|hearts|diamonds|clubs) were led: "
        r"play a (spade|heart|diamond|club) or a trump \((spades|hearts|diamonds|clubs)\)"
    )
    found = 0
    for seed in range(100):
        played = play_out(DRAW, seed)
        state = new_deal(DRAW, 0, deck=deck_of(played))
        for number, action in enumerate(played.log, start=1):
            if state.phase == "play" and state.view(state.to_act)["trick"]:
                legal = state.legal_actions()
                wrong = [f"play {c}" for c in state.hand(state.to_act) if f"play {c}" not in legal]
                if wrong:
                    log = [*state.log, wrong[0]]
                    with pytest.raises(ReplayError) as caught:
                        replay(DRAW, log, deck=deck_of(played))
                    match = pattern.fullmatch(str(caught.value))
                    if match:
                        assert int(match.group(1)) == number
                        assert match.group(2)[:-1] == match.group(3)
                        found += 1
            state.apply(action)
    assert found > 20


def test_bad_deck_or_dealer_is_a_value_error_not_a_replay_error_section_8():
    """RULES.md 8: new_deal's own checks come first: a deck is 52 distinct codes."""
    with pytest.raises(ValueError) as caught:
        replay(DRAW, [], deck=["AS"] * 52)
    assert not isinstance(caught.value, ReplayError)
    with pytest.raises(ValueError):
        replay(DRAW, [], deck=list(CODES), dealer=4)


def test_actions_that_are_not_strings_are_refused_section_8():
    """RULES.md 8: actions are strings; anything else is an illegal first action."""
    for junk in (None, 7, ["pass"], {"bid": 7}, b"pass"):
        with pytest.raises(ReplayError) as caught:
            replay(DRAW, ["pass", junk], deck=list(CODES))
        assert (caught.value.index, caught.value.action) == (1, junk)
