"""What a seat may see (RULES.md sections 7 and 8): ``view(seat)`` holds that
seat's own cards and the public play, and never another seat's hidden cards."""

import json
import random
import re

import pytest

from scoring.rules import RULESETS, new_deal
from scoring.rules.cards import CODES

from .decks import build_deck, cards, state_at_play, widow_deck

DRAW = RULESETS["monterey-draw"]
WIDOW = RULESETS["monterey-widow"]
CARD_CODE = re.compile(r"(?<![0-9A-Za-z])[AKQJT2-9][SHDC](?![0-9A-Za-z])")


def shown(view):
    """Every card code in the JSON text of a view."""
    return set(CARD_CODE.findall(json.dumps(view)))


def public_cards(state):
    """Cards played or laid face up, this trick and the completed ones."""
    cards = [c for _, c in state.trick] + [c for _, c in state.laid]
    for _, played, laid, _ in state.tricks:
        cards += [c for _, c in played] + [c for _, c in laid]
    return {CODES[c] for c in cards}


def learn(state, known):
    """Add to ``known[seat]`` what each seat has legitimately seen by now: the
    cards it has held (its widow once picked up, its fill), its own discards,
    and the stock or wash cards it may take when it is the dealer robbing."""
    for seat in range(4):
        known[seat] |= set(state.hand(seat)) | {CODES[c] for c in state.discards[seat]}
    if state.phase == "fill":
        known[state.dealer] |= {CODES[c] for c in state.stock or state.wash}


@pytest.mark.parametrize("rs", [DRAW, WIDOW], ids=lambda rs: rs.name)
def test_section_7_no_view_ever_shows_a_card_its_seat_may_not_know(rs):
    for seed in range(40):
        state = new_deal(rs, dealer=seed % 4, seed=seed)
        rng = random.Random(seed)
        known = [set(), set(), set(), set()]
        while True:
            learn(state, known)
            public = public_cards(state)
            for seat in range(4):
                view = state.view(seat)
                assert shown(view) <= known[seat] | public, (seed, state.log, seat)
                assert sorted(view["hand"]) == sorted(state.hand(seat))
                assert json.loads(json.dumps(view)) == view  # JSON-able as it is
            if state.phase == "done":
                break
            state.apply(rng.choice(state.legal_actions()))


NO_SHOOTER = [
    "AS AH AD AC KS KH KD KC QS",
    "2S 2H 2D 2C QH QD QC JS JH",
    "JD JC TS TH TD TC 9S 9H 9D",
    "9C 8S 8H 8D 8C 7S 7H 7D 7C",
]


def test_section_8_a_view_holds_the_seats_own_hand_and_no_other():
    state = new_deal(DRAW, dealer=0, deck=build_deck(NO_SHOOTER))
    for seat in range(4):
        view = state.view(seat)
        assert view["seat"] == seat and view["team"] == seat % 2
        assert view["hand"] == sorted(NO_SHOOTER[seat].split(), key=CODES.index)
        assert shown(view) == set(NO_SHOOTER[seat].split())  # the stock is not shown either
        assert view["hand_counts"] == [9, 9, 9, 9] and view["stock_count"] == 16
    assert state.view(1)["legal"] == state.legal_actions() and state.view(2)["legal"] == []


@pytest.mark.parametrize("seat", [-1, 4, "1", None])
def test_section_8_view_takes_a_seat_0_to_3(seat):
    state = new_deal(DRAW, dealer=0, seed=1)
    with pytest.raises(ValueError, match="seat must be 0..3"):
        state.view(seat)


def test_section_4_an_unpicked_widow_is_in_no_view():
    widows = ["6S 6H 6D 6C", "5S 5H 5D 5C", "4S 4H 4D 4C", "3S 3H 3D 3C"]
    state = new_deal(WIDOW, dealer=0, deck=widow_deck(NO_SHOOTER, widows))
    state.apply("pass")  # seat 1 picks up its widow
    assert shown(state.view(1)) == set(NO_SHOOTER[1].split()) | set(widows[1].split())
    for seat in (0, 2, 3):
        assert shown(state.view(seat)) == set(NO_SHOOTER[seat].split())
        assert state.view(seat)["widow_counts"] == [4, 0, 4, 4]


def test_section_7_other_seats_discards_and_the_wash_are_not_shown():
    hands = [
        "5H 3H KD JD TD 9D 8D 7D 6D",
        "AH 3C 5D KS 2H 7C QD 9S 4H",
        "KH QH JH TH 9H 8H 7H AS AD",
        "6H KC QC JC TC 9C 8C AC 2S",
    ]
    stock = "QS JS TS 8S 7S 6S 5S 4S 3S 4D 3D 2D 6C 5C 4C 2C"
    state = new_deal(DRAW, dealer=0, deck=build_deck(hands, stock))
    for action in ("bid 6", "pass", "pass", "pass", "trump H"):
        state.apply(action)
    assert state.view(1)["my_discards"] == ["3C", "KS", "7C", "QD", "9S"]
    assert state.view(2)["my_discards"] == ["AS", "AD"]
    assert shown(state.view(2)) == set(cards("KH QH JH TH 9H 8H 7H AS AD"))
    assert state.view(2)["wash_count"] == 22
    # The dealer robbing sees the stock cards it may take, as actions only.
    dealer_view = state.view(0)
    assert dealer_view["legal"] == [f"take {c}" for c in cards("4S 3S 4D 3D 2D 6C 5C 4C 2C")]
    assert not shown(state.view(1)) & set(cards("4S 3S 4D 3D 2D 6C 5C 4C 2C"))


def test_section_7_folded_cards_stay_hidden():
    hands = ["AH KH QH AS KS QS", "AD KD QD JD TD 9D", "JH TH 9H 8H 7H 6H", "5H 5D 4H 3H 2H JS"]
    state = state_at_play(DRAW, hands, "H", bidder=0)
    state.apply("play AH")  # seat 1 holds no trump: out
    assert state.view(0)["out"] == [1] and state.view(1)["hand"] == []
    for seat in (0, 2, 3):
        assert not shown(state.view(seat)) & set(hands[1].split())


def test_section_8_the_view_shows_the_public_play():
    hands = ["AH KH QH JH TH 9H 8H", "7H 6H AS KS QS JS", "5H 5D AD KD QD JD", "4H 3H 2H AC KC QC"]
    state = state_at_play(WIDOW, hands, "H", bidder=0, bid=9, dealer=3)
    for action in ("lay 9H", "play AH", "play 7H", "play 5H"):
        state.apply(action)
    view = state.view(3)
    assert (view["phase"], view["to_act"], view["leader"]) == ("play", 3, 0)
    assert (view["bidder"], view["bid"], view["trump"]) == (0, 9, "H")
    assert view["laid"] == [[0, "9H"]]
    assert view["trick"] == [[0, "AH"], [1, "7H"], [2, "5H"]]
    state.apply("play 2H")
    view = state.view(1)
    assert view["tricks"] == [
        {
            "leader": 0,
            "cards": [[0, "AH"], [1, "7H"], [2, "5H"], [3, "2H"]],
            "laid": [[0, "9H"]],
            "winner": 0,
        }
    ]
    assert view["laid"] == [] and view["trick"] == [] and view["captured"] == [6, 1]
    assert view["score"] is None
