"""Monterey "The Widow": widows, picking them up and the chosen discards
(RULES.md section 4)."""

import pytest

from scoring.rules import RULESETS, IllegalAction, new_deal
from scoring.rules.cards import CODES

from .decks import cards, widow_deck

WIDOW = RULESETS["monterey-widow"]


def codes(cards):
    return [CODES[c] for c in cards]


@pytest.mark.parametrize("dealer", range(4))
def test_section_4_widows_are_dealt_in_packets_of_4_from_the_dealers_left(dealer):
    deck = list(CODES)
    state = new_deal(WIDOW, dealer=dealer, deck=deck)
    for k in range(4):
        seat = (dealer + 1 + k) % 4
        hand = deck[3 * k : 3 * k + 3] + deck[12 + 3 * k : 15 + 3 * k]
        assert state.hand(seat) == hand + deck[24 + 3 * k : 27 + 3 * k]
        assert codes(state.widows[seat]) == deck[36 + 4 * k : 40 + 4 * k]
    assert state.stock == []


# Dealer 0, hearts trump: seat 1 ends with 13 trumps, seat 2 with the left
# pedro (5D) only, seat 3 and the dealer with none.
HANDS = [
    "AC KC QC JC TC 9C 8C 7C 6C",
    "AH KH QH JH TH 9H 8H 7H 6H",
    "AS KS QS JS TS 9S 8S 7S 6S",
    "AD KD QD JD TD 9D 8D 7D 6D",
]
WIDOWS = ["5C 4C 3C 2C", "5H 4H 3H 2H", "5D 5S 4S 3S", "4D 3D 2D 2S"]


def test_section_4_a_widow_is_hidden_until_its_owner_has_bid_or_passed():
    state = new_deal(WIDOW, dealer=0, deck=widow_deck(HANDS, WIDOWS))
    for seat in range(4):
        assert state.hand(seat) == HANDS[seat].split()
        assert sorted(state.view(seat)["hand"]) == sorted(HANDS[seat].split())
        assert state.view(seat)["widow_counts"] == [4, 4, 4, 4]
    state.apply("bid 7")  # seat 1 picks up its widow
    assert state.hand(1) == (HANDS[1] + " " + WIDOWS[1]).split()
    assert len(state.view(1)["hand"]) == 13 and state.view(1)["widow_counts"] == [4, 0, 4, 4]
    assert state.hand(2) == HANDS[2].split()
    state.apply("pass")  # so does seat 2 by passing
    assert sorted(state.hand(2)) == sorted((HANDS[2] + " " + WIDOWS[2]).split())
    assert state.hand(3) == HANDS[3].split() and state.hand(0) == HANDS[0].split()


def test_section_4_discards_are_actions_from_the_dealers_left_skipping_a_full_hand_of_trumps():
    state = new_deal(WIDOW, dealer=0, deck=widow_deck(HANDS, WIDOWS))
    for action in ("bid 7", "pass", "pass", "pass", "trump H"):
        state.apply(action)
    assert state.phase == "discard"
    # Seat 1 holds 13 trumps and nothing to discard: skipped.  Seat 2 keeps
    # its one trump, the left pedro, and must discard all 7 other cards: the
    # choice of each is still an action.
    assert state.to_act == 2
    legal = state.legal_actions()
    assert legal == [f"discard {c}" for c in cards("AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S")]
    with pytest.raises(IllegalAction, match="trumps are never discarded"):
        state.apply("discard 5D")
    with pytest.raises(IllegalAction, match="you do not hold AD"):
        state.apply("discard AD")
    with pytest.raises(IllegalAction, match="time to discard"):
        state.apply("play AS")
    for code in cards("3S 5S 7S 9S JS KS 4S"):
        state.apply(f"discard {code}")
    assert sorted(state.hand(2)) == sorted(cards("5D AS QS TS 8S 6S"))
    assert state.view(2)["my_discards"] == cards("3S 5S 7S 9S JS KS 4S")
    assert state.to_act == 3
    while state.to_act == 3:
        state.apply(state.legal_actions()[0])
    assert state.to_act == 0 and state.phase == "discard"
    while state.phase == "discard":
        state.apply(state.legal_actions()[-1])
    assert [len(state.hand(seat)) for seat in range(4)] == [6, 13, 6, 6]
    assert state.phase == "play" and state.to_act == 1  # the bidder leads
    assert state.stock == [] and len(state.wash) == 21  # no stock, no fill


def test_section_4_with_6_or_more_trumps_every_non_trump_goes_and_every_trump_stays():
    hands = [
        "AC KC QC JC TC 9C 8C 7C 6C",
        "AH KH QH JH TH 9H 8H AS KS",
        "6H 5H 4H 3H 2H 9S 8S 7S 6S",
        "AD KD QD JD TD 9D 8D 7D 6D",
    ]
    widows = ["5C 4C 3C 2C", "7H QS JS TS", "5D 5S 4S 3S", "4D 3D 2D 2S"]
    state = new_deal(WIDOW, dealer=0, deck=widow_deck(hands, widows))
    for action in ("bid 7", "pass", "pass", "pass", "trump H"):
        state.apply(action)
    assert state.to_act == 1
    assert state.legal_actions() == [f"discard {c}" for c in cards("AS KS QS JS TS")]
    for code in cards("TS AS JS KS"):
        state.apply(f"discard {code}")
        assert state.to_act == 1
    state.apply("discard QS")
    assert sorted(state.hand(1)) == sorted(cards("AH KH QH JH TH 9H 8H 7H"))
    # Seat 2: 6 trumps (5D from its widow) and 7 others, all of which go.
    assert state.to_act == 2 and len(state.legal_actions()) == 7
    while state.to_act == 2:
        state.apply(state.legal_actions()[0])
    assert sorted(state.hand(2)) == sorted(cards("6H 5H 4H 3H 2H 5D"))


def test_section_4_then_play_as_draw_the_bidder_lays_its_extra_trumps_then_leads():
    state = new_deal(WIDOW, dealer=0, deck=widow_deck(HANDS, WIDOWS))
    for action in ("bid 7", "pass", "pass", "pass", "trump H"):
        state.apply(action)
    while state.phase == "discard":
        state.apply(state.legal_actions()[0])
    assert state.to_act == 1 and len(state.hand(1)) == 13
    lays = ["lay KH", "lay QH", "lay 9H", "lay 8H", "lay 7H", "lay 6H", "lay 4H", "lay 3H"]
    assert state.legal_actions() == lays
    for action in lays[:7]:
        state.apply(action)
        assert state.to_act == 1
    assert sorted(state.hand(1)) == sorted(cards("AH JH TH 5H 2H 3H"))
    assert state.legal_actions() == [
        "play AH",
        "play JH",
        "play TH",
        "play 5H",
        "play 3H",
        "play 2H",
    ]


def test_section_4_a_dealer_with_nothing_to_discard_is_skipped_and_play_begins():
    hands = [
        "AH KH QH JH TH 9H 8H 7H 6H",
        "AS KS QS JS TS 9S 8S 7S 6S",
        "AD KD QD JD TD 9D 8D 7D 6D",
        "AC KC QC JC TC 9C 8C 7C 6C",
    ]
    widows = ["5H 4H 3H 2H", "5D 5S 4S 3S", "4D 3D 2D 2S", "5C 4C 3C 2C"]
    state = new_deal(WIDOW, dealer=0, deck=widow_deck(hands, widows))
    for action in ("bid 8", "pass", "pass", "pass", "trump H"):
        state.apply(action)
    for seat in (1, 2, 3):
        assert state.phase == "discard" and state.to_act == seat
        while state.to_act == seat and state.phase == "discard":
            state.apply(state.legal_actions()[0])
    assert state.phase == "play" and state.to_act == 1
    assert [len(state.hand(seat)) for seat in range(4)] == [13, 6, 6, 6]
