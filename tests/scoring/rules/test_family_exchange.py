"""The family's exchanges (RULES.md 11.3, 11.4.5-9, 11.4.14-15): choice
discards and ``keep``, fills and robbing, Cinch credit, extra cards, the
kitty, the señorita and Pede."""

from __future__ import annotations

import pytest

from scoring.rules import RULESETS, IllegalAction

from .family_decks import deal, finish, run

CINCH_STOCK = "JS TS 5C 9D 8D 7D 6D 4D 3D 2D 9C 8C 7C 6C 4C 3C"
CINCH_HANDS = [
    "3S 2S 5D AC KC QC JC TC 2C",  # seat 0, the dealer
    "AS KS QS AH KH QH JH TH 9H",  # seat 1, the bidder
    "9S 8S 7S 8H 7H 6H 5H 4H 3H",
    "6S 5S 4S 2H AD KD QD JD TD",  # seat 3, the bidder's partner
]


def cinch_at_rob():
    state = deal(RULESETS["cinch"], CINCH_HANDS, CINCH_STOCK)
    run(state, "bid 1, pass, pass, pass, trump S")
    run(state, "discard AH, discard KH, discard QH, keep")
    run(state, "discard 8H, discard 7H, discard 6H, keep")
    run(state, "discard 5S, discard 2H, discard AD, keep")
    return run(state, "discard 2S, discard 5D, discard AC, discard KC, discard QC, keep")


def test_11_3_draw_choice_any_card_goes_and_keep_comes_at_six():
    state = run(deal(RULESETS["cinch"], CINCH_HANDS, CINCH_STOCK), "bid 1, pass, pass, pass")
    run(state, "trump S")
    assert (state.phase, state.to_act) == ("discard", 1)
    assert "keep" not in state.legal_actions() and "discard AS" in state.legal_actions()
    with pytest.raises(IllegalAction, match="at most"):
        state.apply("keep")
    run(state, "discard AH, discard KH, discard QH")
    assert state.legal_actions()[0] == "keep"
    run(state, "discard JH")  # going below six is allowed: the fill tops up
    assert state.legal_actions()[0] == "keep"


def test_11_4_6_everyone_discards_before_any_fill_and_choice_discards_are_face_up():
    state = run(deal(RULESETS["cinch"], CINCH_HANDS, CINCH_STOCK), "bid 1, pass, pass, pass")
    run(state, "trump S, discard AH, discard KH, discard QH, discard JH, keep")
    assert state.to_act == 2 and len(state.hand(1)) == 5 and state.view(0)["stock_count"] == 16
    assert state.view(3)["discards"][1] == ["AH", "KH", "QH", "JH"]


def test_11_4_7_the_dealer_robs_seeing_the_whole_stock():
    state = cinch_at_rob()
    assert (state.phase, state.to_act) == ("fill", 0)
    takes = state.legal_actions()
    assert sorted(a[5:] for a in takes) == sorted(CINCH_STOCK.split())
    assert "take JS" in takes
    assert "take JS" not in str(state.view(1))  # only the robber sees the stock


def test_11_3_stock_trumps_leave_play_shown_to_all_after_the_rob():
    state = run(cinch_at_rob(), "take JS, take TS")
    assert state.phase == "play"
    assert all(state.view(seat)["stock_trumps"] == ["5C"] for seat in range(4))
    assert "9D" not in str(state.view(0))  # the rest of the stock stays hidden


def test_11_4_8_cinch_credit_counts_opponents_discarded_point_trumps_for_the_bidders():
    state = run(cinch_at_rob(), "take JS, take TS")
    # The dealer (an opponent) discarded the 2 of trump: one point for the
    # bidders from the start of play; the partner's right pedro counts for nobody.
    assert state.captured() == (0, 1)
    finish(state)
    assert sum(state.captured()) == 14 - 5 - 5  # both pedros left play
    assert state.record()["cards"]["2"] == 1


def test_11_3_pedro_has_no_cinch_credit():
    state = deal(RULESETS["pedro-62"].with_options(min_bid=1), CINCH_HANDS, CINCH_STOCK)
    run(state, "bid 1, pass, pass, pass, trump S")
    run(state, "discard AH, discard KH, discard QH, keep")
    run(state, "discard 8H, discard 7H, discard 6H, keep")
    run(state, "discard 5S, discard 2H, discard AD, keep")
    run(state, "discard 2S, discard 5D, discard AC, discard KC, discard QC, keep")
    assert state.phase == "play"  # the dealer filled from the top, the bidder held 6
    assert state.captured() == (0, 0)


def test_11_4_7_fills_run_on_into_the_wash():
    state = run(deal(RULESETS["cinch"], CINCH_HANDS, CINCH_STOCK), "bid 1, pass, pass, pass")
    run(state, "trump S")
    first = state.hand(1)[:2]
    for _ in range(3):  # the three non-dealers throw their whole hands away
        run(state, ", ".join(["discard " + card for card in state.hand(state.to_act)] + ["keep"]))
    run(state, "discard AC, discard KC, discard QC, keep")
    # 18 cards for a stock of 16: seat 3 gets the last 2 from the top of the wash.
    assert state.phase == "play" and [len(state.hand(s)) for s in range(4)] == [6, 6, 6, 6]
    assert set(first) <= set(state.hand(3))


def test_11_4_6_extra_4_everyone_gets_four_before_anyone_discards():
    state = run(deal(RULESETS["sixty-three"], []), "bid 1, pass, pass, pass")
    assert [len(state.hand(seat)) for seat in range(4)] == [13, 13, 13, 13]
    assert state.phase == "trump" and state.view(0)["stock_count"] == 0
    run(state, "trump H")
    assert (state.phase, state.to_act) == ("discard", 1)


def test_11_3_extra_4_non_trumps_go_first_then_keep_at_six():
    state = run(deal(RULESETS["sixty-three"], []), "bid 1, pass, pass, pass, trump H")
    ist = state._ist
    while len(state.hand(1)) > 6:
        legal = state.legal_actions()
        assert "keep" not in legal
        cards = [action[8:] for action in legal]
        plain = [card for card in state.hand(1) if not ist[_card(card)]]
        if plain:
            assert sorted(cards) == sorted(plain)
        state.apply(legal[0])
    assert state.legal_actions() == ["keep"]  # 11.4.5: keep even when it is all


def test_11_3_sixty_three_joker_one_card_stays_unseen():
    rs = RULESETS["sixty-three"].with_options(joker=True)
    state = run(deal(rs, []), "bid 1, pass, pass, pass")
    assert [len(state.hand(seat)) for seat in range(4)] == [13, 13, 13, 13]
    assert len(state.unseen) == 1
    unseen = state.unseen[0]
    finish(state)
    from scoring.rules.cards import ALL_CODES

    assert all(ALL_CODES[unseen] not in str(state.view(seat)) for seat in range(4))


def test_11_3_the_kitty_goes_to_the_bidder_after_trump():
    rs = RULESETS["eighty-three"]
    state = run(deal(rs, [], "AH KH QH JH"), "pass, bid 30, pass, pass")
    assert state.view(0)["kitty_count"] == 4 and len(state.hand(2)) == 12
    run(state, "trump S")
    assert len(state.hand(2)) == 16 and {"AH", "KH", "QH", "JH"} <= set(state.hand(2))
    assert state.view(0)["kitty_count"] == 0 and state.to_act == 1
    assert len(state.legal_actions()) > 0 and "keep" not in state.legal_actions()


def test_11_3_the_senorita_bidder_discards_four_face_down():
    rs = RULESETS["king-pedro"]
    state = run(deal(rs, [], "AH KH QH JH"), "pass, bid 15, pass, pass, trump S")
    assert (state.phase, state.to_act, len(state.hand(2))) == ("discard", 2, 11)
    run(state, "discard AH, discard KH, discard QH")
    with pytest.raises(IllegalAction):
        state.apply("keep")
    run(state, "discard JH")
    assert state.legal_actions() == ["keep"]
    run(state, "keep")
    assert state.phase == "play" and [len(state.hand(s)) for s in range(4)] == [7, 7, 7, 7]
    assert state.view(2)["my_discards"] == ["AH", "KH", "QH", "JH"]
    for seat in (0, 1, 3):
        assert "AH" not in str(state.view(seat)) and "discards" not in state.view(seat)
    finish(state)
    assert len(state.tricks) == 7


PEDE_HANDS = [
    "9D 8D 7D 6D 4D 3D 2D 9C 8C",  # seat 0, the dealer
    "AS KS JS TS 5S 5C 2S 9H 8H",  # seat 1: seven point trumps
    "QS 9S 8S 7H 6H 5H 4H 3H 2H",
    "7S 6S 4S AH KH QH JH TH 3C",
]


def test_11_3_pede_forced_discards_fill_and_the_dealer_takes_the_rest():
    state = run(deal(RULESETS["isle-madame"], PEDE_HANDS), "bid 25, pass, pass, pass, trump S")
    assert state.view(1)["my_discards"] == ["9H", "8H"]
    assert "9H" not in str(state.view(2))  # forced discards are the owner's
    assert len(state.hand(2)) == 6 and len(state.hand(3)) == 6
    assert len(state.hand(0)) == 9 + state.rs.stock_size - 3 - 3  # the rest of the stock
    assert state.view(0)["stock_count"] == 0


def test_11_4_9_pede_seven_point_trumps_drop_one_of_the_lowest_by_choice():
    state = run(deal(RULESETS["isle-madame"], PEDE_HANDS), "bid 25, pass, pass, pass, trump S")
    assert (state.phase, state.to_act) == ("discard", 1)
    assert state.legal_actions() == ["discard AS", "discard JS", "discard TS", "discard 2S"]
    run(state, "discard TS")
    assert state.legal_actions() == ["keep"]
    run(state, "keep")
    assert state.to_act == 0  # seats 2 and 3 hold six: skipped (11.4.5)
    assert state.view(3)["discards"][1] == ["TS"]


def _card(code: str) -> int:
    from scoring.rules.cards import ANY_CARD

    return ANY_CARD[code]
