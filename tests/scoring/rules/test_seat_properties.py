"""Properties every N-seat game keeps, deal after random deal (RULES.md 12.1):
the points taken are the points of the cards in tricks, the JSON round trip
is exact at every step, legal actions pass and everything else is refused
without a change, and no view shows what its seat may not see — above all
which seat holds the called card before it is played."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.rules import IllegalAction, new_deal, validate_result
from scoring.rules.actions import ACTIONS
from scoring.rules.cards import ALL_CODES, ANY_CARD, PACKS
from scoring.rules.rulesets import SEAT_RULESETS
from scoring.rules.seats import CALL_STR, SeatDeal, seat_scores

CASES = [
    ("five-hand", {}),
    ("five-hand", {"low_is_keeper": False}),
    ("railroad", {}),
    ("railroad", {"low_is_keeper": False}),
    *[("individual", {"players": n}) for n in range(2, 7)],
    ("individual", {"players": 4, "low_is_keeper": True, "min_bid": 1}),
    ("individual", {"players": 5, "low_is_keeper": True}),
    ("original", {}),
    ("original", {"players": 7, "table": "dom"}),
    ("original", {"players": 5, "table": "snoozer"}),
]
ALL_ACTION_STRINGS = sorted(ACTIONS) + list(CALL_STR) + ["alone"]


def case_id(case) -> str:
    name, options = case
    return name + "".join(f"-{key}={value}" for key, value in options.items())


def ruleset(case):
    name, options = case
    return SEAT_RULESETS[name].with_options(**options)


def random_deal(rs, seed: int, steps: int | None = None):
    chooser = random.Random(seed)
    state = new_deal(rs, dealer=seed % rs.players, seed=seed)
    done = 0
    while state.to_act is not None and (steps is None or done < steps):
        state.apply(chooser.choice(state.legal_actions()))
        done += 1
    return state


@pytest.mark.parametrize("case", CASES, ids=case_id)
@settings(max_examples=25, deadline=None, database=None)
@given(seed=st.integers(0, 2**32))
def test_12_1_4_points_taken_are_the_points_in_tricks(case, seed):
    rs = ruleset(case)
    state = random_deal(rs, seed)
    assert state.phase == "done" and len(state.tricks) == rs.hand_size
    pts = rs.point_table[state.trump]
    assert sum(pts[card] for card in PACKS[rs.pack]) == rs.total_points
    scored = [card for _, plays, laid, _ in state.tricks for _, card in plays]
    if rs.extras_each_trick:
        scored += [card for _, _, laid, _ in state.tricks for _, card in laid]
    assert sum(state.captured()) == sum(pts[card] for card in scored)
    if rs.sides == "called":
        # 12.4.10, 14: no point leaves play in five-hand or Railroad.
        assert sum(state.captured()) == 16 == sum(state.side_points())
    assert len(state.captured()) == len(state.score()) == rs.players
    assert state.score() == seat_scores(
        rs,
        bid=state.high_bid,
        bidder=state.bidder,
        partner=state.partner,
        alone=state.went_alone,
        points=state.captured(),
    )
    record = state.record()
    assert record["tally"] == list(state.score()) and record["seats"] == rs.players
    assert (
        validate_result(rs, {**record, "deal": 3, "first_dealer": (state.dealer - 2) % rs.players})
        == []
    )
    wrong = [score + 1 for score in record["tally"]]
    assert [e.field for e in validate_result(rs, {**record, "tally": wrong})] == ["tally"]
    if rs.sides == "individual":
        assert record["seat_points"] == list(state.captured())
        assert sum(record["seat_points"]) <= rs.total_points


@pytest.mark.parametrize("case", CASES, ids=case_id)
@settings(max_examples=12, deadline=None, database=None)
@given(seed=st.integers(0, 2**32), cut=st.floats(0, 1))
def test_12_1_6_json_round_trip_is_exact_at_any_step(case, seed, cut):
    rs = ruleset(case)
    length = len(random_deal(rs, seed).log)
    state = random_deal(rs, seed, steps=int(cut * length))
    again = SeatDeal.from_json(json.loads(json.dumps(state.to_json())))
    assert again.to_json() == state.to_json()
    assert again.legal_actions() == state.legal_actions()
    assert (again.phase, again.to_act, again.captured()) == (
        state.phase,
        state.to_act,
        state.captured(),
    )
    for seat in range(rs.players):
        assert again.view(seat) == state.view(seat)
        assert again.team(seat) == state.team(seat)


@pytest.mark.parametrize("case", CASES, ids=case_id)
@settings(max_examples=5, deadline=None, database=None)
@given(seed=st.integers(0, 2**32))
def test_12_1_6_legal_actions_pass_and_every_other_string_is_refused(case, seed):
    rs = ruleset(case)
    chooser = random.Random(seed)
    state = new_deal(rs, dealer=seed % rs.players, seed=seed)
    while state.to_act is not None:
        legal = state.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        before = state.to_json()
        others = [a for a in chooser.sample(ALL_ACTION_STRINGS, 25) if a not in legal]
        for action in [*others, "", "call", "alone now"]:
            if action in legal:
                continue
            with pytest.raises(IllegalAction):
                state.apply(action)
        assert state.to_json() == before
        state.apply(chooser.choice(legal))


def codes_in(value) -> set[str]:
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


def allowed_for(state, seat: int) -> set[int]:
    """The cards ``seat`` may see now (RULES.md 12.1.7)."""
    allowed = set(state.hands[seat]) | set(state.discards[seat])
    allowed |= {card for _, plays, _, _ in state.tricks for _, card in plays}
    allowed |= {card for _, _, laid, _ in state.tricks for _, card in laid}
    allowed |= {card for _, card in state.trick} | {card for _, card in state.laid}
    for cards in state.faceup:
        allowed |= set(cards)
    allowed |= set(state.stock_trumps)
    if state.called is not None:
        allowed.add(state.called)  # the call is public
    if state.phase == "fill" and state.to_act == seat:
        allowed |= set(state.stock or state.wash)  # the robber sees what it may take
    return allowed


def partner_public(state) -> bool:
    first = state.tricks[0] if state.tricks else (None, state.trick, state.laid, None)
    return any(card == state.called for _, card in (*first[1], *first[2]))


@pytest.mark.parametrize("case", CASES, ids=case_id)
@settings(max_examples=10, deadline=None, database=None)
@given(seed=st.integers(0, 2**32))
def test_12_1_7_views_leak_nothing_and_never_the_called_cards_holder(case, seed):
    rs = ruleset(case)
    chooser = random.Random(seed)
    state = new_deal(rs, dealer=seed % rs.players, seed=seed)
    while True:
        for seat in range(rs.players):
            view = state.view(seat)
            # A bidder calling may name any card he has not held: that names
            # nobody's cards.
            scanned = {
                k: v for k, v in view.items() if not (k == "legal" and state.phase == "call")
            }
            shown = {ANY_CARD[code] for code in codes_in(scanned)}
            leaked = shown - allowed_for(state, seat)
            assert not leaked, (state.phase, seat, sorted(ALL_CODES[c] for c in leaked))
            if state.partner is not None and seat != state.partner and not partner_public(state):
                assert view["partner"] is None, (state.phase, seat)
        if state.to_act is None:
            break
        state.apply(chooser.choice(state.legal_actions()))
