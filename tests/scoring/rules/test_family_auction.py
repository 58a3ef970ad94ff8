"""The family's auctions (RULES.md 11.1, 11.3, 11.4.1-4): stuck dealers, open
auctions, Oregon's suit bids, Louisiana's dark calls and top contracts."""

from __future__ import annotations

import pytest

from scoring.rules import RULESETS, IllegalAction

from .family_decks import deal, run

CINCH = RULESETS["cinch"]
OREGON = RULESETS["oregon"]
LOUISIANA = RULESETS["louisiana"]
SIXTY_THREE = RULESETS["sixty-three"]
CALIFORNIA = RULESETS["california"]

# Seat 3 holds the A and 2 of hearts; seat 0 (the dealer) of spades; no one else
# holds an ace and the two of its suit.
ACE_TWO = ["AS 2S 3D 4D 5D 6D 7D 8D 9D", "KC QC JC TC 9C 8C 7C 6C 4C",
           "KD QD JD TD 2D 3C 5C 2C 4S", "AH 2H KH QH 9H 8H 7H 6H 4H"]  # fmt: skip


def test_11_4_1_a_stuck_dealer_bids_the_minimum_as_an_action():
    state = run(deal(CINCH, []), "pass, pass, pass")
    assert (state.to_act, state.legal_actions()) == (0, ["bid 1"])
    run(state, "bid 1")
    assert (state.phase, state.bidder, state.high_bid) == ("trump", 0, 1)


def test_11_4_1_oregon_stuck_dealer_bids_5_in_any_suit_and_ends_the_open_auction():
    state = run(deal(OREGON, []), "pass, pass, pass")
    assert state.legal_actions() == ["bid 5 D", "bid 5 C", "bid 5 H", "bid 5 S"]
    run(state, "bid 5 C")
    assert state.phase in ("fill", "play") and state.bidder == 0
    assert state.trump == 3  # clubs, named by the bid


def test_11_4_1_louisiana_stuck_dealer_may_bid_6_or_28_with_the_ace_and_two():
    rs = LOUISIANA.with_options(dark=False)
    state = run(deal(rs, ACE_TWO), "pass, pass, pass")
    assert state.legal_actions() == ["bid 6", "bid 28"]
    assert run(deal(rs.with_options(stuck_bid=7), ACE_TWO), "pass, pass, pass").legal_actions() == [
        "bid 7",
        "bid 28",
    ]
    no_ace = ["KS 2S 3D 4D 5D 6D 7D 8D 9D", *ACE_TWO[1:3], "KH 2H QH JH 9H 8H 7H 6H 4H"]
    assert run(deal(rs, no_ace), "pass, pass, pass").legal_actions() == ["bid 6"]


def test_11_4_2_open_auction_goes_round_until_three_pass_after_the_last_bid():
    state = run(deal(SIXTY_THREE, []), "bid 10, pass, bid 12, pass")
    assert state.to_act == 1 and "bid 13" in state.legal_actions()  # re-entry
    run(state, "bid 20, pass, pass")
    assert state.phase == "bid" and state.to_act == 0
    run(state, "pass")
    assert (state.phase, state.bidder, state.high_bid) == ("trump", 1, 20)


def test_11_4_2_open_auction_the_dealer_may_outbid_and_play_goes_on():
    state = run(deal(SIXTY_THREE, []), "pass, pass, pass, bid 1")
    assert state.phase == "trump"  # a stuck bid ends the auction
    state = run(deal(SIXTY_THREE, []), "bid 5, pass, pass, bid 6")
    assert state.phase == "bid" and state.to_act == 1


def test_11_3_suit_bids_rank_spades_hearts_clubs_diamonds():
    state = run(deal(OREGON, []), "bid 7 C")
    legal = state.legal_actions()
    assert legal[:4] == ["pass", "bid 7 H", "bid 7 S", "bid 8 D"]
    with pytest.raises(IllegalAction, match="higher suit"):
        state.apply("bid 7 D")
    with pytest.raises(IllegalAction):
        state.apply("bid 7")  # Oregon's bids name their suit
    run(state, "bid 7 S, pass, pass, pass")
    assert (state.bidder, state.high_bid, state.trump) == (2, 7, 0)


def test_11_3_oregon_a_passed_player_bids_again():
    state = run(deal(OREGON, []), "pass, bid 6 D, pass, pass")
    assert state.to_act == 1 and "bid 6 C" in state.legal_actions()


def test_11_4_3_the_dark_hides_every_hand_and_takes_four_calls():
    state = deal(LOUISIANA, ACE_TWO)
    assert state.phase == "dark"
    assert all(state.view(seat)["hand"] == [] for seat in range(4))
    assert state.legal_actions() == ["pass", "bid 28"]
    run(state, "bid 28")
    assert state.legal_actions() == ["pass", "bid 56"]  # a later seat cannot say 28
    run(state, "bid 56")
    assert state.legal_actions() == ["pass"]
    run(state, "pass, pass")
    assert (state.phase, state.bidder, state.high_bid) == ("trump", 2, 56)
    assert len(state.legal_actions()) == 4  # a dark bidder names any trump
    assert state.view(2)["hand"] != []


def test_11_4_3_four_dark_passes_lead_to_the_normal_auction():
    state = run(deal(LOUISIANA, ACE_TWO), "pass, pass, pass, pass")
    assert (state.phase, state.to_act) == ("bid", 1)
    assert state.legal_actions()[:2] == ["pass", "bid 7"]


def test_11_4_3_louisiana_28_over_any_bid_56_only_over_28_with_the_ace_and_two():
    rs = LOUISIANA.with_options(dark=False)
    state = run(deal(rs, ACE_TWO), "bid 9")
    assert state.legal_actions()[-1] == "bid 14"  # seat 2 holds no ace and two
    run(state, "pass")
    assert state.legal_actions()[-1] == "bid 28"  # seat 3 holds the A and 2 of hearts
    run(state, "bid 28")
    assert state.legal_actions() == ["pass", "bid 56"]  # the dealer holds A and 2 of spades
    run(state, "bid 56")
    assert state.legal_actions() == ["trump S"]  # the suit whose A and 2 it held


def test_11_4_3_louisiana_without_the_condition_anyone_may_bid_28():
    rs = LOUISIANA.with_options(dark=False, shoot_needs_ace_and_two=False)
    state = run(deal(rs, ACE_TWO), "pass")
    assert state.legal_actions()[-1] == "bid 28"


def test_11_4_4_california_bids_from_the_dealers_left_and_has_no_shoot():
    state = deal(CALIFORNIA, [], dealer=2)
    assert state.to_act == 3
    assert state.legal_actions()[-1] == "bid 16"
    with pytest.raises(IllegalAction):
        state.apply("bid 32")
