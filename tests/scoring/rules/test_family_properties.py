"""Properties every game of the Pedro family keeps, deal after random deal
(RULES.md 8 and 11): points captured plus points out of play make the total,
the JSON round trip is exact at every step, legal actions are accepted and
everything else refused without a change, and views leak nothing."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.rules import RULESETS, DealState, IllegalAction, new_deal
from scoring.rules.actions import ACTIONS
from scoring.rules.cards import ALL_CODES, ANY_CARD, PACKS
from scoring.rules.rulesets import FAMILY

GAMES = [*FAMILY, "monterey-draw", "monterey-widow"]
#: House options that change how a game is played, tried alongside the defaults.
VARIANTS = {
    "louisiana": [{"dark": False}, {"cut_throat": True}],
    "pedro-62": [{"low_is_keeper": True, "simple": True, "min_bid": 6}],
    "sancho": [{"low_is_keeper": True, "min_bid": 7, "target": 100}],
    "six-card": [{"low_is_keeper": True, "min_bid": 6}],
    "cinch": [{"bicycle": True, "min_bid": 7}],
    "california": [{"bidding_start": "right"}],
    "sixty-three": [{"joker": True}],
    "eighty-three": [{"joker": True}],
    "isle-madame": [{"fold_when_void": True}],
    "tennessee": [{"min_bid": 10}],
    "dom-pedro": [{"low_is_keeper": True, "simple": True, "min_bid": 1}],
    "snoozer": [{"low_is_keeper": True, "min_bid": 7}],
    "canadian": [{"low_is_keeper": False, "target": 91}],
    "pitch": [{"low_is_keeper": True, "simple": True}],
}
RULESET_CASES = [(name, {}) for name in GAMES] + [
    (name, options) for name, variants in VARIANTS.items() for options in variants
]
ALL_ACTION_STRINGS = sorted(ACTIONS)


def case_id(case) -> str:
    name, options = case
    return name + "".join(f"-{key}={value}" for key, value in options.items())


def random_deal(rs, seed: int, steps: int | None = None) -> DealState:
    """A deal of ``rs`` after ``steps`` random legal actions (all of them when None)."""
    chooser = random.Random(seed)
    state = new_deal(rs, dealer=seed % 4, seed=seed)
    done = 0
    while state.to_act is not None and (steps is None or done < steps):
        state.apply(chooser.choice(state.legal_actions()))
        done += 1
    return state


def trick_cards(state: DealState) -> list[int]:
    played = [card for _, plays, _, _ in state.tricks for _, card in plays]
    return played + [card for _, card in state.trick]


@pytest.mark.parametrize("case", RULESET_CASES, ids=case_id)
@settings(max_examples=25, deadline=None, database=None)
@given(seed=st.integers(0, 2**32))
def test_section_11_points_captured_plus_out_of_play_make_the_total(case, seed):
    name, options = case
    rs = RULESETS[name].with_options(**options)
    state = random_deal(rs, seed)
    assert state.phase == "done"
    pts = rs.point_table[state.trump]
    if "concede" in state.log:  # Tennessee's throw-in: every point to the bidders
        assert not state.tricks and state.captured()[state.bidder % 2] == rs.total_points
        return
    in_tricks = sum(pts[card] for card in trick_cards(state))
    pack_total = sum(pts[card] for card in PACKS[rs.pack])
    assert pack_total == rs.total_points
    credited = sum(state.captured()) - in_tricks  # Cinch credit only
    assert credited == 0 or (rs.cinch_credit and credited > 0)
    out_of_play = pack_total - in_tricks - credited
    assert sum(state.captured()) + out_of_play == rs.total_points
    if not rs.cards_can_leave_play:
        assert sum(state.captured()) == rs.total_points
    record = state.record()
    team = state.bidder % 2
    assert record["bidding_team_points"] == state.captured()[team]
    if rs.cards_can_leave_play:
        assert record["other_team_points"] == state.captured()[1 - team]
    assert sum(value for role, value in rs.points if role in record["cards"]) == sum(
        state.captured()
    )


@pytest.mark.parametrize("case", RULESET_CASES, ids=case_id)
@settings(max_examples=15, deadline=None, database=None)
@given(seed=st.integers(0, 2**32), cut=st.floats(0, 1))
def test_section_8_json_round_trip_is_exact_at_any_step(case, seed, cut):
    name, options = case
    rs = RULESETS[name].with_options(**options)
    length = len(random_deal(rs, seed).log)
    state = random_deal(rs, seed, steps=int(cut * length))
    data = json.loads(json.dumps(state.to_json()))
    again = DealState.from_json(data)
    assert again.to_json() == state.to_json()
    assert again.legal_actions() == state.legal_actions()
    assert (again.phase, again.to_act, again.captured()) == (
        state.phase,
        state.to_act,
        state.captured(),
    )
    for seat in range(4):
        assert again.view(seat) == state.view(seat)


@pytest.mark.parametrize("case", RULESET_CASES, ids=case_id)
@settings(max_examples=6, deadline=None, database=None)
@given(seed=st.integers(0, 2**32))
def test_section_8_legal_actions_pass_and_every_other_string_is_refused(case, seed):
    name, options = case
    rs = RULESETS[name].with_options(**options)
    chooser = random.Random(seed)
    state = new_deal(rs, dealer=seed % 4, seed=seed)
    while state.to_act is not None:
        legal = state.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        before = state.to_json()
        views = [state.view(seat) for seat in range(4)]
        others = [a for a in chooser.sample(ALL_ACTION_STRINGS, 25) if a not in legal]
        for action in [*others, "", "bid", "play", "keep now", "X3"]:
            if action in legal:
                continue
            with pytest.raises(IllegalAction):
                state.apply(action)
        assert state.to_json() == before
        assert [state.view(seat) for seat in range(4)] == views
        state.apply(chooser.choice(legal))
    with pytest.raises(IllegalAction, match="the deal is over"):
        state.apply("pass")


def codes_in(value) -> set[str]:
    """Every card code written anywhere in a view (``play AH`` counts AH)."""
    found: set[str] = set()
    if isinstance(value, dict):
        for item in value.values():
            found |= codes_in(item)
    elif isinstance(value, list):
        for item in value:
            found |= codes_in(item)
    elif isinstance(value, str):
        found |= {word for word in value.split() if word in ANY_CARD}
    return found


def allowed_for(state: DealState, seat: int) -> set[int]:
    """The cards ``seat`` may see now (RULES.md 7 and 11.4.14)."""
    rs = state.rs
    allowed = set() if state.phase == "dark" else set(state.hands[seat])
    allowed |= set(state.discards[seat])
    allowed |= set(trick_cards(state))
    allowed |= {card for _, _, laid, _ in state.tricks for _, card in laid}
    allowed |= {card for _, card in state.laid}
    for cards in state.faceup:
        allowed |= set(cards)
    allowed |= set(state.stock_trumps)
    if state.bidder is not None:
        # Maker-fill: trumps the bidder took openly, shown until played.
        allowed |= {card for card in state.open_cards if card in state.hands[state.bidder]}
    if rs.show_folded:
        for cards in state.folded:
            allowed |= set(cards)
    if state.phase == "fill" and state.to_act == seat:
        allowed |= set(state.stock or state.wash)  # the robber sees what it may take
    return allowed


@pytest.mark.parametrize("case", RULESET_CASES, ids=case_id)
@settings(max_examples=8, deadline=None, database=None)
@given(seed=st.integers(0, 2**32))
def test_section_11_4_14_views_leak_nothing(case, seed):
    name, options = case
    rs = RULESETS[name].with_options(**options)
    chooser = random.Random(seed)
    state = new_deal(rs, dealer=seed % 4, seed=seed)
    while True:
        for seat in range(4):
            view = state.view(seat)
            shown = {ANY_CARD[code] for code in codes_in(view)}
            leaked = shown - allowed_for(state, seat)
            assert not leaked, (state.phase, seat, sorted(ALL_CODES[c] for c in leaked))
            if state.rs.exchange not in ("draw", "widow"):
                # A discard taken back from the wash is in a hand: no list of
                # discards shows it any more (RULES.md 11.4.14).
                listed = set(view["my_discards"]).union(*view.get("discards", []))
                held = {ALL_CODES[c] for hand in state.hands for c in hand}
                assert not listed & held, (state.phase, seat, sorted(listed & held))
            if state.phase == "dark":
                assert view["hand"] == []
        if state.to_act is None:
            break
        state.apply(chooser.choice(state.legal_actions()))


def test_every_family_game_is_covered():
    assert set(FAMILY) <= {name for name, _ in RULESET_CASES}
