"""The family's play rules (RULES.md 11.3, 11.4.10-12, 11.4.14): follow-or-
trump, trumps-only, no-rank and down, cut-throat, extra trumps, early ends,
and what the deal scores.

Six-card Pedro deals six cards and exchanges nothing, so its hands are the
hands played: the play rules of the other games are tried on it by changing
only the play rule (the engine's play code is shared; RULES.md 9)."""

from __future__ import annotations

import dataclasses

import pytest

from scoring.rules import RULESETS, IllegalAction

from .family_decks import deal, finish, run

SIX = RULESETS["six-card"]
TRUMPS_ONLY = dataclasses.replace(
    SIX, play_rule="trumps-only", first_lead="bidder_leads_trump", show_folded=True
)
NO_RANK = dataclasses.replace(SIX, play_rule="no-rank")
DOWN = dataclasses.replace(SIX, play_rule="no-rank-down", first_lead="bidder_leads_trump")

HANDS = [
    "KS QS 2H 3H 4H 6H",  # seat 0, the dealer
    "AS 5S 9D 8D KC QC",  # seat 1, the bidder
    "2S AD KD 7D 6D AC",  # seat 2: one trump
    "AH KH QH JH TH 9H",  # seat 3: no trump
]


def playing(rs, hands=HANDS):
    return run(deal(rs, hands), "bid 1, pass, pass, pass, trump S")


def test_11_3_six_card_28_cards_stay_out_of_play_unseen():
    state = playing(SIX)
    assert state.phase == "play" and len(state.unseen) == 28
    assert state.view(0)["stock_count"] == 0
    shown = str([state.view(seat) for seat in range(4)])
    assert all(card not in shown for card in ("JS", "TS", "5C"))  # out of play


def test_11_3_follow_or_trump_a_trump_may_always_be_played_void_plays_any():
    state = run(playing(SIX), "play 9D")
    assert state.legal_actions() == ["play 2S", "play AD", "play KD", "play 7D", "play 6D"]
    run(state, "play 2S")
    assert len(state.legal_actions()) == 6  # seat 3 holds no diamond and no trump


def test_11_3_follow_or_trump_nobody_folds_on_a_trump_lead():
    state = run(playing(SIX), "play AS, play 2S")
    assert state.to_act == 3 and len(state.legal_actions()) == 6 and not state.out[3]
    run(state, "play AH, play KS")
    assert state.tricks[-1][3] == 1  # the ace of trump wins


def test_11_3_trumps_only_non_trumps_are_never_played_and_void_players_are_out():
    state = playing(TRUMPS_ONLY)
    assert state.legal_actions() == ["play AS", "play 5S"]
    run(state, "play AS, play 2S")
    # Seat 3 holds no trump: out, its cards shown to everyone (RULES.md 11.4.14).
    assert state.out[3] and state.to_act == 0
    assert state.view(1)["folded"][3] == ["AH", "KH", "QH", "JH", "TH", "9H"]
    assert state.legal_actions() == ["play KS", "play QS"]


def test_11_4_11_with_no_trump_left_in_play_the_deal_ends():
    state = run(playing(TRUMPS_ONLY), "play AS, play 2S, play KS")
    run(state, "play 5S")  # seat 1 leads its last trump; seat 2 is now void: out
    run(state, "play QS")
    assert state.phase == "done" and len(state.tricks) == 2
    assert sum(state.captured()) == 1 + 1 + 5  # A, 2 (captured) and the right pedro
    assert state.view(0)["score"] is not None


def test_11_4_11_a_leader_without_trumps_passes_the_lead_left():
    hands = ["KS QS 2H 3H 4H 6H", "9D AS 8D KC QC JC", "2S AD KD 7D 6D AC", "AH KH QH JH TH 9H"]
    state = run(deal(TRUMPS_ONLY, hands), "pass, bid 1, pass, pass, trump S")
    # Seat 2 is the bidder: the bidder leads a trump (11.4.11's first-trick rule).
    assert state.legal_actions() == ["play 2S"]
    run(state, "play 2S")
    assert state.out[3]
    run(state, "play KS, play AS")  # seat 1 wins with its only trump
    # Seats 1 and 2 hold no trump now: out; the lead passes on to seat 0.
    assert state.out[1] and state.out[2] and state.leader == 0


def test_11_3_no_rank_the_leader_wins_when_no_trump_is_played():
    state = run(playing(NO_RANK), "play 9D")
    assert len(state.legal_actions()) == 6  # any card may answer
    run(state, "play AD, play AH, play 2H")
    assert state.tricks[-1][3] == 1  # the ace of diamonds does not rank


def test_11_3_no_rank_a_player_without_trump_is_out_on_a_trump_lead():
    state = run(playing(NO_RANK), "play AS, play 2S")
    assert state.out[3] and state.to_act == 0


def test_11_3_down_a_player_without_trump_is_out_even_on_a_plain_lead():
    state = playing(DOWN)
    assert state.legal_actions() == ["play AS", "play 5S"]  # the bidder leads a trump
    run(state, "play AS, play 2S, play KS")
    assert state.out[3]
    run(state, "play 9D")  # seat 1 leads a plain card; seat 2 has no trump left: out
    assert state.out[2] and state.to_act == 0


def test_11_4_3_cut_throat_any_card_answers_a_plain_lead_and_the_suit_still_ranks():
    rs = RULESETS["louisiana"].with_options(dark=False, cut_throat=True)
    state = run(deal(rs, []), "pass, pass, pass, bid 6, trump S")
    while state.phase != "play":
        state.apply(state.legal_actions()[0])
    # Find a plain lead and check the answer is free.
    while state.to_act is not None:
        legal = state.legal_actions()
        if state.trick and not state.trump_led and not legal[0].startswith("lay"):
            assert len(legal) == len(state.hand(state.to_act))
        state.apply(legal[0])


def test_11_4_10_extra_trumps_lay_non_point_trumps_then_the_lowest_point_trump():
    rs = RULESETS["oregon"]
    # The dealer is dealt nine trumps, the seven point trumps of spades (the
    # off-jack JC with them) among them: it lays three on the first trick.
    hands = [
        "AS JS JC TS 5S 5C 2S KS QS",
        "9S 8S 7S 6S 4S 3S KH QH JH",
        "AD KD QD JD TD 9D 8D 7D 6D",
        "AC KC QC TC 9C 8C 7C 6C 4C",
    ]
    state = run(deal(rs, hands), "pass, pass, pass, bid 5 S")
    assert (state.phase, state.to_act, len(state.hand(0))) == ("play", 0, 9)
    assert state.legal_actions() == ["lay KS", "lay QS"]
    run(state, "lay KS, lay QS")
    assert state.legal_actions() == ["lay AS", "lay JS", "lay TS", "lay 2S", "lay JC"]
    run(state, "lay AS")
    assert len(state.hand(0)) == 6 and state.legal_actions()[0].startswith("play")
    finish(state)
    assert sum(state.captured()) == 15 - 1  # the laid ace counts for nobody
    assert state.record()["other_team_points"] == state.captured()[1]


def test_11_4_12_difference_scoring_from_the_deal():
    state = finish(playing(SIX))
    b, o = state.captured()[1], state.captured()[0]
    assert state.score() == tuple(
        reversed(SIX.deal_score(1, b, o))
    ) or state.score() == SIX.deal_score(1, b, o)


def test_section_8_king_pedro_plays_seven_tricks_with_32_cards():
    rs = RULESETS["king-pedro"]
    state = run(deal(rs, []), "pass, pass, pass, bid 15, trump H")
    assert sorted(len(state.hand(seat)) for seat in range(4)) == [7, 7, 7, 11]
    finish(state)
    assert len(state.tricks) == 7 and state.phase == "done"
    with pytest.raises(IllegalAction):
        state.apply("play 7H")
