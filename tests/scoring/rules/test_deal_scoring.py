"""Scoring whole deals (RULES.md sections 3.9 and 8), under both rulesets.

Hearts are trumps.  In SWEEP seat 0 holds the seven top trumps but the 2 of
trump: whoever leads, seat 0 wins every trick, its partner's pedros with them,
and team 0 takes all 16 points.
"""

import pytest

from scoring.rules import RULESETS

from .decks import play_first_legal, state_at_play

SWEEP = ["AH KH QH JH TH 9H 2H", "8H 7H 6H AD KD QD", "5H 5D AS KS QS JS", "4H 3H AC KC QC JC"]


@pytest.fixture(params=["monterey-draw", "monterey-widow"])
def rs(request):
    return RULESETS[request.param]


def finished(rs, *, bidder, bid, dealer=0, hands=SWEEP):
    state = state_at_play(rs, hands, "H", bidder=bidder, bid=bid, dealer=dealer)
    play_first_legal(state)
    assert state.phase == "done"
    return state


def test_section_3_9_the_score_exists_only_when_the_deal_is_done(rs):
    state = state_at_play(rs, SWEEP, "H", bidder=0, bid=7, dealer=3)
    with pytest.raises(ValueError, match="not finished"):
        state.score()
    play_first_legal(state)
    assert state.captured() == (16, 0)


def test_section_3_9_bid_made_each_team_scores_what_it_took(rs):
    state = finished(rs, bidder=0, bid=7, dealer=3)
    assert state.captured() == (16, 0) and state.score() == (16, 0)


def test_section_3_9_a_made_bid_of_16_scores_16_not_32(rs):
    assert finished(rs, bidder=0, bid=16, dealer=3).score() == (16, 0)


def test_section_3_9_bid_set_the_bidding_team_loses_its_bid(rs):
    state = finished(rs, bidder=1, bid=9, dealer=0)
    assert state.captured() == (16, 0) and state.score() == (16, -9)
    state = finished(rs, bidder=3, bid=16, dealer=0)
    assert state.score() == (16, -16)


def test_section_3_9_the_shoot_made_scores_32(rs):
    """The stuck dealer holding the AH and the 2H shoots in hearts."""
    state = finished(rs, bidder=0, bid=32, dealer=0)
    assert state.log[:5] == ["pass", "pass", "pass", "bid 32", "trump H"]
    assert state.score() == (32, 0)


def test_section_3_9_the_shoot_set_loses_32_or_16_with_the_house_option(rs):
    rs = rs.with_options(shoot_needs_ace_and_two=False)
    assert finished(rs, bidder=1, bid=32, dealer=3).score() == (16, -32)
    rs = rs.with_options(shoot_set_penalty=16)
    assert finished(rs, bidder=1, bid=32, dealer=3).score() == (16, -16)


def test_section_3_9_the_shoot_is_set_by_a_single_point(rs):
    """The other team keeps its 2 of trump (keeper 2): 15 points is a set."""
    hands = ["AH KH QH JH TH 9H 8H", "7H 6H 2H AD KD QD", "5H 5D AS KS QS JS", "4H 3H AC KC QC JC"]
    rs = rs.with_options(shoot_needs_ace_and_two=False)
    state = finished(rs, bidder=0, bid=32, dealer=3, hands=hands)
    assert state.captured() == (15, 1) and state.score() == (-32, 1)
    state = finished(rs, bidder=0, bid=15, dealer=3, hands=hands)
    assert state.score() == (15, 1)


def test_section_3_9_team_1_bidding_scores_in_the_second_place(rs):
    hands = [SWEEP[3], SWEEP[0], SWEEP[1], SWEEP[2]]  # seat 1 sweeps now
    state = finished(rs, bidder=3, bid=8, dealer=0, hands=hands)
    assert state.captured() == (0, 16) and state.score() == (0, 16)
    assert state.record()["bidding_team_points"] == 16
