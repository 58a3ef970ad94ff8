"""Bidding and naming trump (RULES.md sections 3.2, 3.3 and 8)."""

import dataclasses

import pytest

from scoring.rules import RULESETS, IllegalAction, new_deal

from .decks import build_deck, widow_deck

DRAW = RULESETS["monterey-draw"]
WIDOW = RULESETS["monterey-widow"]

BIDS_6_TO_16 = [f"bid {n}" for n in range(6, 17)]

# Nobody holds the ace and the two of one suit: seat 0 has the aces, seat 1 the twos.
NO_SHOOTER = [
    "AS AH AD AC KS KH KD KC QS",
    "2S 2H 2D 2C QH QD QC JS JH",
    "JD JC TS TH TD TC 9S 9H 9D",
    "9C 8S 8H 8D 8C 7S 7H 7D 7C",
]
# Seat 2 holds the ace and two of hearts, nobody else a pair.
HEART_SHOOTER = [
    "AS JD AD AC KS KH KD KC QS",
    "2S JC 2D 2C QH QD QC JS JH",
    "AH 2H TS TH TD TC 9S 9H 9D",
    "9C 8S 8H 8D 8C 7S 7H 7D 7C",
]


def bid_round(state, *actions):
    for action in actions:
        state.apply(action)
    return state


@pytest.mark.parametrize("rs", [DRAW, WIDOW], ids=lambda rs: rs.name)
@pytest.mark.parametrize("dealer", range(4))
def test_section_3_2_one_round_from_the_dealers_left_dealer_last(rs, dealer):
    state = new_deal(rs, dealer=dealer, deck=build_deck(NO_SHOOTER, dealer=dealer))
    assert state.phase == "bid"
    seen = []
    for action in ("bid 6", "pass", "bid 9", "pass"):
        seen.append(state.to_act)
        state.apply(action)
    assert seen == [(dealer + k) % 4 for k in range(1, 5)]
    assert state.phase == "trump"
    assert state.to_act == (dealer + 3) % 4  # the high bidder names trump
    assert state.bidder == (dealer + 3) % 4 and state.high_bid == 9


def test_section_3_2_a_player_passes_or_bids_6_to_16():
    state = new_deal(DRAW, dealer=0, deck=build_deck(NO_SHOOTER))
    assert state.legal_actions() == ["pass", *BIDS_6_TO_16]


def test_section_3_2_each_bid_is_higher_than_the_high_bid():
    state = bid_round(new_deal(DRAW, dealer=0, deck=build_deck(NO_SHOOTER)), "bid 8")
    assert state.legal_actions() == ["pass", *BIDS_6_TO_16[3:]]
    for too_low in ("bid 8", "bid 6"):
        with pytest.raises(IllegalAction, match="a bid must be higher than 8"):
            state.apply(too_low)
    state.apply("pass")
    assert state.legal_actions() == ["pass", *BIDS_6_TO_16[3:]]  # still 8 to beat


@pytest.mark.parametrize("bad", ["bid 5", "bid 17", "bid 31", "bid 1"])
def test_section_3_2_bids_outside_6_to_16_and_32_are_refused(bad):
    state = new_deal(DRAW, dealer=0, deck=build_deck(NO_SHOOTER))
    with pytest.raises(IllegalAction, match="bids are 6 to 16 or 32"):
        state.apply(bad)


def test_section_3_2_players_may_outbid_their_partner():
    state = new_deal(DRAW, dealer=0, deck=build_deck(NO_SHOOTER))
    bid_round(state, "bid 7", "pass", "bid 8")  # seat 3 outbids its partner, seat 1
    assert state.bidder == 3 and state.high_bid == 8
    state = new_deal(DRAW, dealer=0, deck=build_deck(NO_SHOOTER))
    bid_round(state, "pass", "bid 6", "pass", "bid 7")  # the dealer outbids seat 2
    assert state.bidder == 0 and state.high_bid == 7


def test_section_3_2_the_dealer_may_pass_when_someone_has_bid():
    state = bid_round(
        new_deal(DRAW, dealer=0, deck=build_deck(NO_SHOOTER)), "pass", "bid 6", "pass"
    )
    assert state.legal_actions() == ["pass", *BIDS_6_TO_16[1:]]
    state.apply("pass")
    assert state.phase == "trump" and state.bidder == 2


def test_section_3_2_bidding_is_one_round_only():
    state = bid_round(new_deal(DRAW, dealer=0, deck=build_deck(NO_SHOOTER)), "bid 6")
    bid_round(state, "pass", "pass", "pass")
    assert state.phase == "trump" and state.to_act == 1
    with pytest.raises(IllegalAction, match="time for the bidder to name trump"):
        state.apply("bid 7")


@pytest.mark.parametrize("dealer", range(4))
def test_section_3_2_the_stuck_dealer_may_only_bid_6(dealer):
    state = new_deal(DRAW, dealer=dealer, deck=build_deck(NO_SHOOTER, dealer=dealer))
    bid_round(state, "pass", "pass", "pass")
    assert state.to_act == dealer
    assert state.legal_actions() == ["bid 6"]
    with pytest.raises(IllegalAction, match="the dealer is stuck: everyone else passed"):
        state.apply("pass")
    with pytest.raises(IllegalAction, match="a stuck dealer takes the bid for 6"):
        state.apply("bid 7")
    with pytest.raises(IllegalAction, match="ace and the two"):
        state.apply("bid 32")
    state.apply("bid 6")
    assert (state.phase, state.to_act, state.bidder, state.high_bid) == ("trump", dealer, dealer, 6)


def test_section_3_2_a_stuck_dealer_holding_ace_and_two_may_shoot():
    state = new_deal(DRAW, dealer=2, deck=build_deck(HEART_SHOOTER, dealer=2))
    bid_round(state, "pass", "pass", "pass")
    assert state.legal_actions() == ["bid 6", "bid 32"]
    with pytest.raises(IllegalAction, match="stuck dealer takes the bid for 6"):
        state.apply("bid 16")
    state.apply("bid 32")
    assert state.high_bid == 32 and state.legal_actions() == ["trump H"]


def test_section_3_2_a_stuck_dealer_may_shoot_without_ace_and_two_when_the_option_is_off():
    rs = DRAW.with_options(shoot_needs_ace_and_two=False)
    state = bid_round(new_deal(rs, dealer=0, deck=build_deck(NO_SHOOTER)), "pass", "pass", "pass")
    assert state.legal_actions() == ["bid 6", "bid 32"]


def test_section_3_2_the_shoot_needs_the_ace_and_two_of_a_suit():
    state = new_deal(DRAW, dealer=0, deck=build_deck(HEART_SHOOTER))
    assert "bid 32" not in state.legal_actions()  # seat 1: no pair
    with pytest.raises(IllegalAction, match="you must hold the ace and the two of one suit"):
        state.apply("bid 32")
    state.apply("pass")
    assert state.legal_actions() == ["pass", *BIDS_6_TO_16, "bid 32"]  # seat 2: AH 2H


def test_section_3_2_the_shoot_is_higher_than_16_and_ends_the_bidding():
    state = bid_round(new_deal(DRAW, dealer=0, deck=build_deck(HEART_SHOOTER)), "bid 16")
    assert state.legal_actions() == ["pass", "bid 32"]
    state.apply("bid 32")
    assert state.legal_actions() == ["pass"]
    with pytest.raises(IllegalAction):
        state.apply("bid 32")
    bid_round(state, "pass", "pass")
    assert (state.phase, state.bidder, state.high_bid) == ("trump", 2, 32)


def test_section_3_2_a_shooter_must_name_a_suit_of_its_ace_and_two():
    state = bid_round(new_deal(DRAW, dealer=0, deck=build_deck(HEART_SHOOTER)), "pass", "bid 32")
    bid_round(state, "pass", "pass")
    assert state.legal_actions() == ["trump H"]
    with pytest.raises(IllegalAction, match="ace and two the bidder held: hearts"):
        state.apply("trump S")


def test_section_3_2_a_shooter_with_two_pairs_names_either_suit():
    hands = [
        "AS JD AD KC KS KH KD 9C QS",
        "2S JC 2D 8C QH QD QC JS JH",
        "AH 2H TS TH TD TC AC 2C 9D",
        "9S 8S 8H 8D 9H 7S 7H 7D 7C",
    ]
    state = bid_round(new_deal(DRAW, dealer=0, deck=build_deck(hands)), "pass", "bid 32")
    bid_round(state, "pass", "pass")
    assert state.legal_actions() == ["trump H", "trump C"]


def test_section_3_2_without_the_option_anyone_may_shoot_in_any_trump():
    rs = DRAW.with_options(shoot_needs_ace_and_two=False)
    state = new_deal(rs, dealer=0, deck=build_deck(NO_SHOOTER))
    assert state.legal_actions() == ["pass", *BIDS_6_TO_16, "bid 32"]
    bid_round(state, "bid 32", "pass", "pass", "pass")
    assert state.legal_actions() == ["trump S", "trump H", "trump D", "trump C"]


def test_section_9_a_ruleset_without_the_shoot_has_no_bid_32():
    rs = dataclasses.replace(DRAW, shoot=False)
    state = new_deal(rs, dealer=0, deck=build_deck(HEART_SHOOTER))
    state.apply("pass")
    assert state.legal_actions() == ["pass", *BIDS_6_TO_16]
    with pytest.raises(IllegalAction, match="bids are 6 to 16"):
        state.apply("bid 32")
    bid_round(state, "pass", "pass")
    assert state.legal_actions() == ["bid 6"]


def test_section_4_the_widow_shooter_needs_the_pair_before_picking_up():
    """The 2H is in seat 2's widow: at its bid seat 2 holds the AH alone."""
    hands = [
        "AS JD AD AC KS KH KD KC QS",
        "2S JC 2D 2C QH QD QC JS JH",
        "AH 6S TS TH TD TC 9S 9H 9D",
        "9C 8S 8H 8D 8C 7S 7H 7D 7C",
    ]
    widows = ["6H 6D 6C 5S", "5H 5D 5C 4S", "2H 4H 4D 4C", "3S 3H 3D 3C"]
    state = new_deal(WIDOW, dealer=0, deck=widow_deck(hands, widows))
    state.apply("pass")
    assert "bid 32" not in state.legal_actions()
    assert "AH" in state.hand(2) and "2H" not in state.hand(2)


def test_section_4_the_widow_shooter_names_a_pair_held_when_bidding():
    """Seat 2 bids 32 on AH 2H; its widow brings AC 2C, which do not count."""
    hands = [
        "AS JD AD 6C KS KH KD KC QS",
        "2S JC 2D 6D QH QD QC JS JH",
        "AH 2H TS TH TD TC 9S 9H 9D",
        "9C 8S 8H 8D 8C 7S 7H 7D 7C",
    ]
    widows = ["6H 6S 5D 5S", "5H 4D 5C 4S", "AC 2C 4H 4C", "3S 3H 3D 3C"]
    state = new_deal(WIDOW, dealer=0, deck=widow_deck(hands, widows))
    bid_round(state, "pass", "bid 32", "pass", "pass")
    assert {"AC", "2C", "AH", "2H"} <= set(state.hand(2))
    assert state.legal_actions() == ["trump H"]


def test_section_3_3_the_bidder_names_any_trump_suit():
    for trump in "SHDC":
        state = new_deal(DRAW, dealer=0, deck=build_deck(NO_SHOOTER))
        bid_round(state, "pass", "bid 7", "pass", "pass")
        assert state.phase == "trump" and state.to_act == 2
        assert state.legal_actions() == ["trump S", "trump H", "trump D", "trump C"]
        state.apply(f"trump {trump}")
        assert state.view(0)["trump"] == trump and state.view(2)["bidder"] == 2
        assert state.phase in ("fill", "play")


def test_section_8_the_first_to_act_is_left_of_the_dealer_and_hand_is_dealt_cards():
    state = new_deal(DRAW, dealer=3, deck=build_deck(NO_SHOOTER, dealer=3))
    assert state.to_act == 0
    assert [state.hand(seat) for seat in range(4)] == [h.split() for h in NO_SHOOTER]
