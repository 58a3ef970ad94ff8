"""Draw Pedro before the play: the deal, discards, fill and the dealer robbing
the pack (RULES.md sections 3.1 and 3.4 to 3.6)."""

import pytest

from scoring.rules import RULESETS, IllegalAction, new_deal
from scoring.rules.cards import CODES, IS_TRUMP

from .decks import build_deck, cards

DRAW = RULESETS["monterey-draw"]


def codes(cards):
    return [CODES[c] for c in cards]


def bid_and_name(state, bidder, trump):
    for k in range(1, 5):
        seat = (state.dealer + k) % 4
        state.apply("bid 6" if seat == bidder else "pass")
    state.apply(f"trump {trump}")
    return state


@pytest.mark.parametrize("dealer", range(4))
def test_section_3_1_three_cards_at_a_time_from_the_dealers_left_three_times_round(dealer):
    deck = list(CODES)
    state = new_deal(DRAW, dealer=dealer, deck=deck)
    for k in range(4):
        seat = (dealer + 1 + k) % 4
        expected = deck[3 * k : 3 * k + 3] + deck[12 + 3 * k : 15 + 3 * k]
        expected += deck[24 + 3 * k : 27 + 3 * k]
        assert state.hand(seat) == expected
    assert codes(state.stock) == deck[36:]  # in order, index 0 its top
    assert state.widows is None and state.wash == []


def test_section_3_1_a_seed_gives_the_same_deal_every_time():
    one, two = new_deal(DRAW, seed=11), new_deal(DRAW, seed=11)
    assert one.to_json() == two.to_json()
    assert new_deal(DRAW, seed=12).to_json()["deck"] != one.to_json()["deck"]


@pytest.mark.parametrize(
    "deck",
    [CODES[:51], [*CODES[:51], "AS"], [*CODES[:51], "XX"], "AS KS", 52],
    ids=["51 cards", "a card twice", "not a card", "a string", "a number"],
)
def test_section_3_1_a_given_deck_is_52_distinct_codes(deck):
    with pytest.raises(ValueError, match="deck"):
        new_deal(DRAW, dealer=0, deck=deck)


def test_section_3_1_a_deck_or_a_seed_not_both():
    with pytest.raises(ValueError, match="give a deck or a seed, not both"):
        new_deal(DRAW, dealer=0, seed=1, deck=list(CODES))


@pytest.mark.parametrize("dealer", [-1, 4, "0", 1.0, True, None])
def test_section_1_the_dealer_is_a_seat_0_to_3(dealer):
    with pytest.raises(ValueError, match="dealer must be a seat 0..3"):
        new_deal(DRAW, dealer=dealer, seed=1)


# Dealer 0, hearts trump (the left pedro is the 5D).  Seat 1 keeps 4 trumps and
# needs 2; seat 2 keeps 7 and gets none; seat 3 keeps 1 and needs 5; the dealer
# keeps 2, finds no trump left in the stock and chooses 4 cards from it.
FILL_HANDS = [
    "5H 3H KD JD TD 9D 8D 7D 6D",
    "AH 3C 5D KS 2H 7C QD 9S 4H",
    "KH QH JH TH 9H 8H 7H AS AD",
    "6H KC QC JC TC 9C 8C AC 2S",
]
FILL_STOCK = "QS JS TS 8S 7S 6S 5S 4S 3S 4D 3D 2D 6C 5C 4C 2C"


def test_section_3_4_every_non_trump_is_discarded_into_the_wash_in_seat_order():
    """From the dealer's left, each player's cards in the order dealt; the
    left pedro (5D) is a trump and is kept.  No action is involved."""
    state = bid_and_name(new_deal(DRAW, dealer=0, deck=build_deck(FILL_HANDS, FILL_STOCK)), 1, "H")
    assert state.log == ["bid 6", "pass", "pass", "pass", "trump H"]
    assert codes(state.wash) == cards(
        "3C KS 7C QD 9S  AS AD  KC QC JC TC 9C 8C AC 2S  KD JD TD 9D 8D 7D 6D"
    )
    assert [state.view(seat)["my_discards"] for seat in range(4)] == [
        cards("KD JD TD 9D 8D 7D 6D"),
        cards("3C KS 7C QD 9S"),
        ["AS", "AD"],
        cards("KC QC JC TC 9C 8C AC 2S"),
    ]


def test_section_3_5_fill_to_six_from_the_top_of_the_stock_skipping_six_or_more():
    state = bid_and_name(new_deal(DRAW, dealer=0, deck=build_deck(FILL_HANDS, FILL_STOCK)), 1, "H")
    assert state.hand(1) == cards("AH 5D 2H 4H QS JS")
    assert state.hand(2) == cards("KH QH JH TH 9H 8H 7H")  # 7 trumps: no card
    assert state.hand(3) == cards("6H TS 8S 7S 6S 5S")
    assert codes(state.stock) == cards("4S 3S 4D 3D 2D 6C 5C 4C 2C")


def test_section_3_6_the_dealer_chooses_from_the_stock_with_take_actions():
    state = bid_and_name(new_deal(DRAW, dealer=0, deck=build_deck(FILL_HANDS, FILL_STOCK)), 1, "H")
    assert (state.phase, state.to_act) == ("fill", 0)
    assert state.hand(0) == ["5H", "3H"]
    # Every card of the stock, in hand order: the stock's order is not revealed.
    takes = ["take 4S", "take 3S", "take 4D", "take 3D", "take 2D", "take 6C", "take 5C", "take 4C"]
    assert state.legal_actions() == [*takes, "take 2C"]
    with pytest.raises(IllegalAction, match="AS is not in the stock"):
        state.apply("take AS")
    with pytest.raises(IllegalAction, match="time for the dealer to take cards"):
        state.apply("play 5H")
    for action in ("take 2C", "take 4D", "take 3S"):
        state.apply(action)
        assert state.phase == "fill"
    state.apply("take 6C")
    assert state.phase == "play" and state.to_act == 1  # the bidder leads
    assert sorted(state.hand(0)) == sorted(cards("5H 3H 2C 4D 3S 6C"))
    assert codes(state.stock) == ["4S", "3D", "2D", "5C", "4C"]


# Dealer 0, spades trump (the left pedro is the 5C).  Seats 1 and 2 hold no
# trump, seat 3 one: they need 17 cards and the stock holds 16.
RUN_OUT_STOCK = "5H 4H 3H 2H 5D 4D 3D 2D 6C 4C 3C 2C 4S 3S 2S 5C"


def test_section_3_5_when_the_stock_runs_out_the_fill_goes_on_from_the_top_of_the_wash():
    hands = [
        "AS KS QS JS TS 9S 8S 7S 6S",
        "AH KH QH JH TH 9H 8H 7H 6H",
        "AD KD QD JD TD 9D 8D 7D 6D",
        "5S AC KC QC JC TC 9C 8C 7C",
    ]
    state = bid_and_name(new_deal(DRAW, dealer=0, deck=build_deck(hands, RUN_OUT_STOCK)), 0, "S")
    assert state.hand(1) == cards("5H 4H 3H 2H 5D 4D")
    assert state.hand(2) == cards("3D 2D 6C 4C 3C 2C")
    # 4 cards from the stock, then the AH, the first card discarded (hands are
    # in hand order once play starts).
    assert state.hand(3) == cards("5S 4S 3S 2S AH 5C")
    assert state.stock == [] and codes(state.wash)[:2] == ["KH", "QH"]
    # The dealer holds 9 trumps and takes nothing.
    assert state.phase == "play" and len(state.hand(0)) == 9


def test_section_3_6_with_the_stock_empty_the_dealer_takes_from_the_wash():
    hands = [
        "AS KS QS AH KH QH JH TH 9H",
        "8H 7H 6H 5H 4H 3H 2H AD KD",
        "QD JD TD 9D 8D 7D 6D 5D 4D",
        "5S AC KC QC JC TC 9C 8C 7C",
    ]
    stock = "JS TS 9S 8S 7S 6S 4S 3S 2S 5C 3D 2D 6C 4C 3C 2C"
    state = bid_and_name(new_deal(DRAW, dealer=0, deck=build_deck(hands, stock)), 0, "S")
    assert state.hand(3) == cards("5S 6C 4C 3C 2C 8H")  # 4 from the stock, 1 from the wash
    assert state.stock == [] and state.phase == "fill" and state.hand(0) == ["AS", "KS", "QS"]
    assert len(state.wash) == 31
    assert state.legal_actions() == [f"take {CODES[c]}" for c in sorted(state.wash)]
    state.apply("take AH")
    state.apply("take AD")
    assert state.legal_actions() == [f"take {CODES[c]}" for c in sorted(state.wash)]
    state.apply("take 9C")
    assert state.phase == "play"
    assert sorted(state.hand(0)) == sorted(cards("AS KS QS AH AD 9C"))


def test_section_3_6_each_take_is_an_action_even_with_one_card_left_in_the_stock():
    hands = [
        "JH TH 9H 8H 6C 5C 4C 3C 2C",
        "AS KS QS JS TS 9S 8S 7S 6S",
        "AH AC KC QC JC TC 9C 8C 7C",
        "KH QH AD KD QD JD TD 9D 8D",
    ]
    stock = "7H 6H 5H 4H 3H 2H 5D 7D 6D 4D 3D 2D 5S 4S 3S 2S"
    state = bid_and_name(new_deal(DRAW, dealer=0, deck=build_deck(hands, stock)), 1, "H")
    assert codes(state.stock) == ["2S"]
    assert (state.phase, state.to_act, state.legal_actions()) == ("fill", 0, ["take 2S"])
    state.apply("take 2S")
    assert state.phase == "fill" and len(state.legal_actions()) == len(state.wash) == 29
    state.apply("take AS")
    assert state.phase == "play"


def test_section_3_6_the_dealer_takes_every_trump_left_in_the_stock_even_above_six():
    hands = [
        "7H 6H 5H 4H 3H JS TS 9S 8S",
        "AH KH QH JH TH 9H AS KS QS",
        "8H AC KC QC JC TC 9C 8C 7C",
        "AD KD QD JD TD 9D 8D 7D 6D",
    ]
    stock = "7S 6S 5S 4S 3S 2S 4D 3D 2D 6C 5C 2H 4C 5D 3C 2C"
    state = bid_and_name(new_deal(DRAW, dealer=0, deck=build_deck(hands, stock)), 1, "H")
    assert state.hand(1) == cards("AH KH QH JH TH 9H")  # 6 trumps: no card
    assert state.hand(0) == cards("7H 6H 5H 4H 3H 2H 5D")  # no action needed
    assert codes(state.stock) == ["4C", "3C", "2C"]  # non-trumps stay
    assert state.phase == "play" and state.log[-1] == "trump H"


def test_section_3_6_no_trump_leaves_play():
    """Whatever the deal, every one of the 14 trumps is in a hand when play starts."""
    for seed in range(200):
        state = new_deal(DRAW, dealer=seed % 4, seed=seed)
        while state.phase not in ("play", "done"):
            state.apply(state.legal_actions()[-1])
        trumps = [c for hand in state.hands for c in hand if IS_TRUMP[state.trump][c]]
        assert len(trumps) == 14, seed
