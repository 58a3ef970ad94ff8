"""The last partnership tables (RULES.md 12.2-12.4): Dom Pedro, Snoozer, the
Canadian table and No-Pedro Pitch, four-seat games like section 11's, with
the worked cases of the rulings that concern them."""

from __future__ import annotations

import random

import pytest

from scoring.rules import RULESETS, RulesetError, game_winner, new_deal
from scoring.rules.cards import ANY_CARD, PACKS, SUITS

from .family_decks import deal, finish, run

DOM, SNOOZER, CANADIAN, PITCH = (
    RULESETS[name] for name in ("dom-pedro", "snoozer", "canadian", "pitch")
)
HEARTS = SUITS.index("H")


# ------------------------------------------------------------- the rows (12.2)


def test_12_2_dom_pedro_is_sancho_with_the_three_of_trump():
    sancho = RULESETS["sancho"]
    assert dict(DOM.points) == {**dict(sancho.points), "3": 3}
    assert DOM.total_points == 26 and DOM.pack == "52"
    assert (DOM.min_bid, DOM.max_bid, DOM.dealer_stuck_bid) == (6, 26, 6)
    assert DOM.exchange == "maker-fill" and DOM.play_rule == "follow-or-trump"
    assert DOM.scoring == "difference" and DOM.set_loses_bid and DOM.target == 62
    assert [o.name for o in DOM.house_options] == [o.name for o in sancho.house_options]
    assert DOM.with_options(min_bid=1).bids()[0] == 1
    assert DOM.with_options(min_bid=7).dealer_stuck_bid == 7


def test_12_2_snoozer_adds_the_joker_lowest_trump_worth_15():
    assert SNOOZER.pack == "53" and len(PACKS[SNOOZER.pack]) == 53
    assert dict(SNOOZER.points) == {**dict(DOM.points), "X1": 15}
    assert SNOOZER.total_points == 41 and SNOOZER.max_bid == 41
    assert (SNOOZER.cards_dealt, SNOOZER.stock_size) == (9, 17)
    # 12.4.22: a trump below the 2; the low point stays the 2's.
    assert SNOOZER.trump_order[-2:] == ("2", "X1")
    power = SNOOZER.tables.power[HEARTS]
    assert power[ANY_CARD["X1"]] < power[ANY_CARD["2H"]]
    assert SNOOZER.point_table[HEARTS][ANY_CARD["2H"]] == 1
    assert SNOOZER.point_table[HEARTS][ANY_CARD["X1"]] == 15


def test_12_4_23_the_canadian_table_adds_up_to_48():
    assert dict(CANADIAN.points) == {
        "A": 1, "K": 25, "J": 1, "T": 1, "9": 9, "P": 5, "L": 5, "2": 1,
    }  # fmt: skip
    assert CANADIAN.total_points == 48
    assert (CANADIAN.min_bid, CANADIAN.max_bid, CANADIAN.dealer_stuck_bid) == (25, 48, 25)
    assert CANADIAN.top_contracts == ()
    assert (CANADIAN.cards_dealt, CANADIAN.stock_size, CANADIAN.exchange) == (9, 16, "draw")
    assert CANADIAN.play_rule == "no-rank" and CANADIAN.first_lead == "bidder_leads_any"
    assert CANADIAN.low_is_keeper and CANADIAN.scoring == "monterey"
    assert CANADIAN.target == 152 and not CANADIAN.bid_out
    assert CANADIAN.with_options(target=91).target == 91
    assert CANADIAN.with_options(target=221).target == 221
    with pytest.raises(RulesetError):
        CANADIAN.with_options(target=62)


def test_12_4_24_pitch_has_no_pedro_and_four_points():
    assert dict(PITCH.points) == {"A": 1, "J": 1, "T": 1, "2": 1}
    assert PITCH.total_points == 4
    assert (PITCH.min_bid, PITCH.max_bid, PITCH.dealer_stuck_bid) == (1, 4, 1)
    assert PITCH.target == 21 and PITCH.exchange == "maker-fill"
    assert "min_bid" not in PITCH.options()
    for target in (21, 52, 62):
        assert PITCH.with_options(target=target).target == target
    with pytest.raises(RulesetError):
        PITCH.with_options(target=100)
    # 13 trumps: the five of the same colour is a plain card of its own suit.
    tables = PITCH.tables
    five_of_diamonds = ANY_CARD["5D"]
    assert not tables.is_trump[HEARTS][five_of_diamonds]
    assert tables.follows[HEARTS][five_of_diamonds] == SUITS.index("D")
    assert sum(tables.is_trump[HEARTS][card] for card in PACKS["52"]) == 13
    assert "L" not in PITCH.trump_order and len(PITCH.trump_order) == 13
    # The five of trump is a plain trump worth nothing.
    assert PITCH.point_table[HEARTS][ANY_CARD["5H"]] == 0


# ------------------------------------------------------------ play (12.4.24)


def test_12_4_24_pitch_the_same_colour_five_follows_its_own_suit():
    hands = [
        "KS QS 3C 4C 6C 7C 8C 9C TC",  # seat 0, the dealer
        "AH KH QH 2S 3S 4S 6S 7S 8S",  # seat 1, the bidder
        "5D 9S TS JS AS 2C KC QC JC",  # seat 2: the five of diamonds, no heart
        "AD KD QD JD TD 9D 8D 7D 6D",  # seat 3
    ]
    state = run(deal(PITCH, hands), "bid 1, pass, pass, pass, trump H")
    # Maker-fill's choice discards: everyone lets plain cards go down to 6.
    while state.phase in ("discard", "fill"):
        legal = state.legal_actions()
        plain = [a for a in legal if a.startswith("discard") and a[-1] != "H"]
        state.apply("keep" if "keep" in legal else (plain or legal)[0])
    assert "5D" in state.hand(2) and not [c for c in state.hand(2) if c[-1] == "H"]
    assert state.phase == "play" and state.to_act == 1
    run(state, "play AH")
    # A heart was led; seat 2 holds no trump (its 5D is a diamond): any card.
    assert state.to_act == 2
    assert "play 5D" in state.legal_actions() and len(state.legal_actions()) > 1
    assert not state.out[2]


# ---------------------------------------------------------- Canadian (12.4.23)


CANADIAN_HANDS = [
    "AH KH JH TH 9H 5H 5D 2H 3H",  # seat 0, the dealer: nine trumps, eight of them point cards
    "QH 8H AS KS QS JS TS 9S 8S",  # seat 1
    "7H 6H AC KC QC JC TC 9C 8C",  # seat 2
    "4H AD KD QD JD TD 9D 8D 7D",  # seat 3
]


def canadian_to_play():
    state = deal(CANADIAN, CANADIAN_HANDS, rest="2S 3S 4S 6S 7S 2C 3C 4C 6C 7C 6D 4D 3D 2D 5S 5C")
    return run(state, "pass, pass, pass, bid 25, trump H")


def test_12_4_14_canadian_extras_non_point_first_then_the_lowest_points_for_nobody():
    state = canadian_to_play()
    assert state.phase == "play" and state.to_act == 0 and len(state.hand(0)) == 9
    assert state.legal_actions() == ["lay 3H"]
    run(state, "lay 3H")
    # Then the lowest-valued point trumps (A, J, T and 2 are worth 1): his choice.
    assert state.legal_actions() == ["lay AH", "lay JH", "lay TH", "lay 2H"]
    run(state, "lay 2H, lay TH")
    assert len(state.hand(0)) == 6
    finish(state)
    # The two laid point trumps counted for nobody: 46 of 48 were taken.
    assert sum(state.captured()) == CANADIAN.total_points - 2
    record = state.record()
    assert record["bidding_team_points"] + record["other_team_points"] == 46


@pytest.mark.parametrize("seed", range(40))
def test_12_4_23_canadian_no_rank_keeper_2_and_the_bidder_leads_any(seed):
    chooser = random.Random(seed)
    state = new_deal(CANADIAN, dealer=seed % 4, seed=seed)
    first_lead = True
    while state.to_act is not None:
        legal = state.legal_actions()
        plays = [a for a in legal if a.startswith("play")]
        if state.phase == "play" and plays and not state.trick:
            if first_lead:
                # The bidder leads any card, a plain one while holding trumps.
                assert state.to_act == state.bidder and len(plays) == len(state.hand(state.bidder))
                first_lead = False
        elif state.phase == "play" and plays and not state.trump_led:
            # A plain lead may be answered with any card.
            assert len(plays) == len(state.hand(state.to_act))
        state.apply(chooser.choice(legal))
    ist, power = state._ist, state._pow
    two = CANADIAN.tables.point_card[state.trump]["2"]
    for leader, cards, _, winner in state.tricks:
        trumps = [(power[card], seat) for seat, card in cards if ist[card]]
        # Trumps rank; plain cards have no rank: no trump, the leader wins.
        assert winner == (max(trumps)[1] if trumps else leader)
        for seat, card in cards:
            if card == two:
                # "La carte deux (garde) reste avec l'équipe qui l'a."
                assert state.owners["2"] == seat % 2


def test_12_4_23_canadian_scores_as_monterey_and_the_bidders_win_a_tie():
    assert CANADIAN.deal_score(25, 30, 18) == (30, 18)
    assert CANADIAN.deal_score(30, 20, 26) == (-30, 26)  # set: the bid is lost
    assert CANADIAN.deal_score(48, 47, 0) == (-48, 0)
    # Both teams at the target on one deal: the bidding team, made or set.
    assert game_winner(CANADIAN, (160, 155), 1, False) == 1
    assert game_winner(CANADIAN, (160, 155), 0, True) == 0
    assert game_winner(CANADIAN, (150, 155), 0, True) == 1
    assert game_winner(CANADIAN, (150, 151), 0, True) is None


# ------------------------------------------------------------------- scoring


@pytest.mark.parametrize("rs", [DOM, SNOOZER, PITCH], ids=lambda rs: rs.name)
def test_12_2_as_pedro_62_the_difference_or_a_lost_bid(rs):
    bid = rs.min_bid
    assert rs.deal_score(bid, bid + 1, 1) == (bid, 0)  # made: the difference
    assert rs.deal_score(bid, bid - 1, 2) == (-bid, 2)  # set: -bid, the others O
    simple = rs.with_options(simple=True)
    assert simple.deal_score(bid, bid + 1, 1) == (bid + 1, 1)


def test_12_2_pitch_a_deal_is_played_for_four_points():
    state = run(
        deal(PITCH, ["AS 2S", "JS TS", "", ""], dealer=3),
        "bid 4, pass, pass, pass, trump S",
    )
    finish(state)
    assert 0 <= sum(state.captured()) <= 4
    assert state.score()[0] in (4, -4, 0)
