"""What a second reading of the seeds changed (RULES.md 11.2-11.4): the
maker's fill of Pedro and Sancho, their lowest bid and targets, the keeper 2
by the deal, the discards taken back from the wash, and the house options the
seeds name (Cinch's lowest bid and bicycle, Six-Card's lowest bid,
California's bidding start, Eighty-Three's joker, Isle Madame's fold)."""

from __future__ import annotations

import json
import random

import pytest

from scoring.rules import RULESETS, DealState, IllegalAction, new_deal

from .family_decks import deal, family_deck, finish, run

#: Seat 0 deals and holds no trump worth keeping; seat 1 bids 1 in spades.
HANDS = [
    "3S 9D 5D AC KC QC JC TC 2C",  # seat 0, the dealer
    "AS KS QS AH KH QH JH TH 9H",  # seat 1, the bidder
    "9S 8S 7S 8H 7H 6H 5H 4H 3H",
    "6S 5S 4S 2H AD KD QD JD TD",  # seat 3, the bidder's partner
]
#: The stock, top first: two trumps on top, the left pedro and the 2 of
#: trump below them.
STOCK = "JS TS 5C 2S 8D 7D 6D 4D 3D 2D 9C 8C 7C 6C 4C 3C"


def pedro_at_fill(name: str = "pedro-62", **options) -> DealState:
    """Everyone has discarded: the bidder down to 3, the dealer to 4."""
    state = deal(RULESETS[name].with_options(**options), HANDS, STOCK)
    run(state, "bid 1, pass, pass, pass, trump S")
    run(state, "discard AH, discard KH, discard QH, discard JH, discard TH, discard 9H, keep")
    run(state, "discard 8H, discard 7H, discard 6H, keep")
    run(state, "discard 2H, discard AD, discard KD, keep")
    return run(state, "discard 9D, discard 5D, discard AC, discard KC, discard QC, keep")


# ----------------------------------------------------------------- maker-fill


@pytest.mark.parametrize("name", ["pedro-62", "sancho"])
def test_maker_fill_the_dealer_is_filled_from_the_top_and_the_bidder_searches_last(name):
    state = pedro_at_fill(name)
    # The fills skip the bidder: the dealer gets the top two cards like anyone.
    assert state.hand(0) == ["3S", "JC", "TC", "2C", "JS", "TS"]
    assert (state.phase, state.to_act) == ("fill", 1)
    takes = state.legal_actions()
    assert sorted(a[5:] for a in takes) == sorted(STOCK.split()[2:])
    with pytest.raises(IllegalAction):
        state.apply("take JS")  # the dealer's now


def test_maker_fill_a_trump_taken_from_the_stock_is_shown_to_all_until_played():
    state = run(pedro_at_fill(), "take 2S, take 8D, take 5C")
    assert state.phase == "play"
    for seat in range(4):
        assert state.view(seat)["open_cards"] == ["2S", "5C"]
    assert "8D" not in str(state.view(0)) and "8D" in state.view(1)["hand"]
    run(state, "play 2S")
    assert all(state.view(seat)["open_cards"] == ["5C"] for seat in range(4))


def test_maker_fill_stock_trumps_left_after_the_bidders_fill_leave_play_shown():
    state = deal(RULESETS["pedro-62"], HANDS, STOCK)
    run(state, "bid 1, pass, pass, pass, trump S")
    run(state, "discard AH, discard KH, discard QH, keep")  # the bidder keeps 6
    run(state, "discard 8H, discard 7H, discard 6H, keep")
    run(state, "discard 2H, discard AD, discard KD, keep")
    run(state, "discard 9D, discard 5D, discard AC, discard KC, discard QC, keep")
    # A bidder already holding 6 takes nothing: no fill phase at all.
    assert state.phase == "play"
    assert all(state.view(seat)["stock_trumps"] == ["5C", "2S"] for seat in range(4))
    assert all(state.view(seat)["open_cards"] == [] for seat in range(4))
    assert "8D" not in str([state.view(seat) for seat in range(4)])
    assert finish(state).captured()[0] + state.captured()[1] == 14 - 5 - 1


def test_maker_fill_counts_no_discarded_point_for_anyone():
    state = run(pedro_at_fill(), "take 2S, take 5C, take 8D")
    assert state.captured() == (0, 0)  # the bidding team's opponents threw AC, AD


def test_maker_fill_old_states_of_the_dealers_rob_still_load():
    """A Pedro deal stored while the dealer robbed replays as it was played."""
    old = {
        "format": "pedroparty-deal/1",
        "ruleset": {"name": "pedro-62", "min_bid": 6},
        "dealer": 0,
        "deck": new_deal(RULESETS["pedro-62"], deck=_deck()).to_json()["deck"],
        "log": [
            "bid 6",
            "pass",
            "pass",
            "pass",
            "trump S",
            "discard AH",
            "discard KH",
            "discard QH",
            "keep",
            "discard 8H",
            "discard 7H",
            "discard 6H",
            "keep",
            "discard 2H",
            "discard AD",
            "discard KD",
            "keep",
            "discard 9D",
            "discard 5D",
            "discard AC",
            "discard KC",
            "discard QC",
            "keep",
            "take JS",
            "take TS",
        ],
    }
    state = DealState.from_json(old)
    assert state.phase == "play" and "JS" in state.hand(0)
    assert DealState.from_json(state.to_json()).to_json() == state.to_json()


def _deck() -> list[str]:
    return family_deck(RULESETS["pedro-62"], HANDS, STOCK)


# ----------------------------------------------------------------- bids and targets


@pytest.mark.parametrize("name", ["pedro-62", "sancho", "six-card"])
def test_pedro_bids_from_1_and_a_stuck_dealer_bids_1(name):
    state = run(new_deal(RULESETS[name], dealer=0, seed=3), "pass, pass, pass")
    assert state.legal_actions() == ["bid 1"]
    assert "bid 1" in new_deal(RULESETS[name], dealer=0, seed=3).legal_actions()


@pytest.mark.parametrize("name", ["pedro-62", "sancho", "six-card"])
def test_pedro_targets_include_100(name):
    assert RULESETS[name].with_options(target=100).target == 100


def test_six_card_lowest_bid_is_a_house_option():
    rs = RULESETS["six-card"].with_options(min_bid=7)
    state = new_deal(rs, dealer=0, seed=5)
    assert state.legal_actions()[:2] == ["pass", "bid 7"]
    run(state, "pass, pass, pass")
    assert state.legal_actions() == ["bid 7"]


def test_cinch_lowest_bid_is_a_house_option_default_1():
    assert RULESETS["cinch"].min_bid == 1
    rs = RULESETS["cinch"].with_options(min_bid=6)
    state = run(new_deal(rs, dealer=2, seed=1), "pass, pass, pass")
    assert state.legal_actions() == ["bid 6"]


def test_cinch_bicycle_a_set_scores_the_others_the_points_missed_plus_the_bid():
    plain, bicycle = RULESETS["cinch"], RULESETS["cinch"].with_options(bicycle=True)
    assert plain.bicycle is False
    # Bid 8, the bidders take 6 (credit included), the others 5 (3 left play).
    assert plain.deal_score(8, 6, 5) == (0, 13)
    assert bicycle.deal_score(8, 6, 5) == (0, 14 + 8 - 6)
    assert bicycle.deal_score(8, 9, 5) == plain.deal_score(8, 9, 5) == (4, 0)


# ----------------------------------------------------------------- the keeper 2


def test_keeper_2_nobody_was_dealt_scores_for_the_trick_winner():
    state = run(pedro_at_fill(low_is_keeper=True), "take 2S, take 5C, take 8D")
    # The bidder leads the 2 it searched out of the stock; the dealer's jack wins.
    run(state, "play 2S, play 9S, play 4S, play JS")
    assert state.tricks[-1][3] == 0
    assert state.captured() == (2, 0)


def test_keeper_2_scores_for_the_team_it_was_dealt_to():
    hands = [
        "9D 5D AC KC QC 3S",  # seat 0 deals
        "AS KS QS AH KH QH",  # seat 1 bids
        "9S 8S 7S 8H 7H 6H",
        "6S 5S 2S 2H AD KD",  # seat 3 is dealt the 2 of trump
    ]
    state = deal(RULESETS["six-card"].with_options(low_is_keeper=True), hands)
    run(state, "bid 1, pass, pass, pass, trump S")
    run(state, "play AH, play 9S, play 2S, play 3S")  # seat 2 trumps; seat 3 throws its 2
    assert state.tricks[-1][3] == 2
    assert state.captured() == (0, 1)


# ----------------------------------------------------------------- the wash


def test_a_discard_taken_back_from_the_wash_leaves_every_list_of_discards():
    state = deal(RULESETS["cinch"], HANDS, STOCK)
    run(state, "bid 1, pass, pass, pass, trump S")
    first = state.hand(1)[:2]
    for _ in range(3):  # the three non-dealers throw their whole hands away
        run(state, ", ".join(["discard " + card for card in state.hand(state.to_act)] + ["keep"]))
    run(state, "discard AC, discard KC, discard QC, keep")
    assert set(first) <= set(state.hand(3))  # 18 cards for 16: 2 from the wash
    for seat in range(4):
        view = state.view(seat)
        assert not set(first) & set(view["discards"][1]), seat
        assert not set(first) & set(view["my_discards"]), seat
    assert len(state.view(1)["discards"][1]) == 7


# ----------------------------------------------------------------- California


def test_california_bidding_may_start_on_the_dealers_right_and_end_with_the_dealer():
    assert RULESETS["california"].bidding_start == "left"
    rs = RULESETS["california"].with_options(bidding_start="right")
    state = new_deal(rs, dealer=1, seed=4)
    seats = []
    for _ in range(3):
        seats.append(state.to_act)
        state.apply("pass")
    assert seats == [0, 3, 2] and state.to_act == 1
    assert state.legal_actions() == ["bid 6"]
    state.apply("bid 6")
    assert (state.phase, state.bidder) == ("trump", 1)
    assert DealState.from_json(state.to_json()).to_json() == state.to_json()


# ----------------------------------------------------------------- Eighty-Three


def test_eighty_three_joker_the_lowest_trump_worth_the_3s_points_and_a_kitty_of_5():
    rs = RULESETS["eighty-three"].with_options(joker=True)
    assert rs.pack == "53" and rs.kitty_size == 5 and rs.total_points == 83
    assert dict(rs.points)["X1"] == 15 and "3" not in dict(rs.points)
    assert rs.trump_order[-1] == "X1"
    state = new_deal(rs, dealer=0, seed=8)
    run(state, "bid 30, pass, pass, pass, trump H")
    assert len(state.hand(0)) == 12 and len(state.hand(1)) == 17  # the kitty's 5
    assert rs.with_options(joker=False) == RULESETS["eighty-three"]


# ----------------------------------------------------------------- Isle Madame


def _fold_chance(rs, seed: int) -> DealState | None:
    """Play the first legal card until a seat holding no trump is to act in
    play; that state, or None."""
    state = new_deal(rs, dealer=seed % 4, seed=seed)
    while state.to_act is not None:
        seat = state.to_act
        hand = state.hands[seat]
        if state.phase == "play" and hand and not any(state._ist[card] for card in hand):
            return state
        state.apply(next(a for a in state.legal_actions() if a != "fold"))
    return None


def test_isle_madame_fold_when_void_a_player_without_trump_may_fold():
    rs = RULESETS["isle-madame"].with_options(fold_when_void=True)
    state = next(s for seed in range(200) if (s := _fold_chance(rs, seed)))
    seat, held = state.to_act, state.hand(state.to_act)
    assert state.legal_actions()[-1] == "fold"
    state.apply("fold")
    assert state.to_act != seat and seat in state.view(0)["out"]
    assert state.view(seat)["hand"] == []
    for other in range(4):
        shown = json.dumps(state.view(other))
        assert not [code for code in held if f'"{code}"' in shown], other
    finish(state)
    assert state.phase == "done"
    assert DealState.from_json(state.to_json()).to_json() == state.to_json()


def test_isle_madame_without_the_option_nobody_folds():
    rs = RULESETS["isle-madame"]
    assert rs.fold_when_void is False
    state = next(s for seed in range(200) if (s := _fold_chance(rs, seed)))
    assert "fold" not in state.legal_actions()
    with pytest.raises(IllegalAction, match="does not fit"):
        state.apply("fold")


def test_isle_madame_a_player_holding_a_trump_may_not_fold():
    rs = RULESETS["isle-madame"].with_options(fold_when_void=True)
    chooser = random.Random(2)
    state = new_deal(rs, dealer=0, seed=2)
    while state.phase != "play":
        state.apply(chooser.choice(state.legal_actions()))
    assert any(state._ist[card] for card in state.hands[state.to_act])
    with pytest.raises(IllegalAction, match="no trump may fold"):
        state.apply("fold")
