"""Hand-worked deals of the N-seat games (RULES.md 12.3 and 12.4), every card
named and every number worked out by hand from the rules text: a five-hand
deal whose called card was discarded, with the extras laid one a trick and
their points counting; a Railroad bidder alone, made and set, doubled both
ways; and N-seat game ends (bidder and partner both over the target, a tie
that plays on until a later deal names one seat).  They are also the worked
examples of the games' rules pages (docs/rules/five-hand.md, railroad.md,
individual.md, original.md, in every language), which must stay true.

Plain values: no database."""

from __future__ import annotations

import pytest

from scoring.rules import IllegalAction
from scoring.rules.rulesets import SEAT_RULESETS
from scoring.rules.seats import seat_game_winner, seat_scores

from .seat_decks import run, seat_deal

FIVE, RAILROAD = SEAT_RULESETS["five-hand"], SEAT_RULESETS["railroad"]

# ------------------------------------------- five-hand (12.3, 12.4.10-13)

#: Spades trump, the left pedro 5C.  Seat 1 bids and gets the spares KH QH:
#: nine trumps (five of the point trumps: A J T and both pedros, no 2) and
#: three hearts, all of which go.  Seat 2 holds the other five spades (the 2
#: among them) and lets four diamonds go, KD first.  Seats 3, 4 and 0 hold no
#: trump.
FIVE_WORKED = [
    "2D 3D 4D 5D 6D 7D 8D AD 2C 3C",  # seat 0, the dealer
    "AS KS QS JS TS 9S 8S 5S 5C AH",  # seat 1, the bidder
    "2S 3S 4S 6S 7S KD QD JD TD 9D",  # seat 2
    "AC KC QC JC TC 9C 8C 7C 6C 4C",  # seat 3
    "2H 3H 4H 5H 6H 7H 8H 9H TH JH",  # seat 4
]


def five_worked(**options):
    rs = FIVE.with_options(**options)
    state = seat_deal(rs, FIVE_WORKED, rest="KH QH", dealer=0)
    run(state, "bid 6, pass, pass, pass, pass, trump S")
    run(state, "discard AH, discard KH, discard QH")  # the bidder: every non-trump
    run(state, "discard KD, discard QD, discard JD, discard TD")  # seat 2 keeps 9D
    run(state, "discard AC, discard KC, discard QC, discard JC")
    run(state, "discard JH, discard TH, discard 9H, discard 8H")
    run(state, "discard AD, discard 8D, discard 7D, discard 6D")
    assert state.phase == "call" and state.to_act == 1
    assert [len(state.hand(seat)) for seat in range(5)] == [6, 9, 6, 6, 6]
    return run(state, "call KD")  # seat 2 let it go: nobody answers


def test_a_discarded_call_and_the_extras_laid_one_a_trick_worked_by_hand():
    """The scoring example of the five-hand rules page."""
    state = five_worked()
    # 12.4.12: nobody holds KD, so the bidder has no partner (not "alone").
    assert state.partner is None and not state.went_alone
    assert [state.team(seat) for seat in range(5)] == [1, 0, 1, 1, 1]
    # Trick 1.  Nine cards for six tricks: three extras, one a trick, each the
    # lowest non-point trump (12.3); seats 3, 4, 0 hold no trump: out.
    assert state.legal_actions() == ["lay 8S"]
    run(state, "lay 8S, play 9S, play 3S")
    assert [state.out[seat] for seat in (3, 4, 0)] == [True, True, True]
    assert state.tricks[-1][3] == 1 and state.captured() == (0, 0, 0, 0, 0)
    # Trick 1 is over without KD: now everyone knows there is no partner.
    assert all(state.view(seat)["partner"] == "none" for seat in range(5))
    # Trick 2: seven cards for five tricks: lay QS (below KS), then play KS.
    assert state.legal_actions() == ["lay QS"]
    run(state, "lay QS, play KS, play 4S")
    assert state.captured() == (0, 0, 0, 0, 0)
    # Trick 3: five cards for four tricks and no non-point trump left: the
    # lowest trump is laid, the left pedro 5C.  Seat 2's 7S beats the right
    # pedro, so the trick and both pedros' ten points are seat 2's: a laid
    # card counts for the trick's winner, not for the seat that laid it.
    assert state.legal_actions() == ["lay 5C"]
    run(state, "lay 5C, play 5S, play 7S")
    assert state.tricks[-1][3] == 2 and state.captured() == (0, 0, 10, 0, 0)
    # Trick 4, seat 2 leads: three cards for three tricks, nothing to lay.
    assert state.to_act == 2 and state.legal_actions() == ["play 6S", "play 2S", "play 9D"]
    run(state, "play 6S")
    assert all(action.startswith("play") for action in state.legal_actions())
    run(state, "play TS")  # the 10 (game, 1) to seat 1
    assert state.captured() == (0, 1, 10, 0, 0)
    run(state, "play JS, play 2S")  # the jack (3) to seat 1; the keeper 2 to seat 2
    assert state.captured() == (0, 4, 11, 0, 0)
    run(state, "play AS")  # seat 2 holds only 9D: out on the trump lead
    assert state.phase == "done" and state.out[2]
    # B = 5, O = 11, B + O = 16 (12.4.10).  Bid 6 not made, and no partner:
    # the bidder -6, every other seat +11; nothing doubled (12.3).
    assert state.captured() == (0, 5, 11, 0, 0)
    assert state.side_points() == (5, 11)
    assert state.score() == (11, -6, 11, 11, 11)
    record = state.record()
    assert record["call"] == "KD" and record["partner"] is None
    assert record["side_points"] == [5, 11] and record["tally"] == [11, -6, 11, 11, 11]
    assert "alone" not in record


def test_a_laid_keeper_two_scores_for_the_seat_that_laid_it():
    """The same cards but the 2 of trump moved to the bidder, in place of the
    8: his extras run out of non-point trumps at the 2, which he lays on a
    trick seat 2 wins (12.3: a keeper 2 for the seat that laid it); with
    ``low_is_keeper`` off it goes with the trick like any laid card."""
    hands = list(FIVE_WORKED)
    hands[1] = hands[1].replace("8S", "2S")
    hands[2] = hands[2].replace("2S", "8S")
    for keeper, owner in ((True, 1), (False, 2)):
        state = seat_deal(FIVE.with_options(low_is_keeper=keeper), hands, "KH QH", dealer=0)
        run(state, "bid 6, pass, pass, pass, pass, trump S, discard AH, discard KH, discard QH")
        run(state, "discard KD, discard QD, discard JD, discard TD")
        run(state, "discard AC, discard KC, discard QC, discard JC")
        run(state, "discard JH, discard TH, discard 9H, discard 8H")
        run(state, "discard AD, discard 8D, discard 7D, discard 6D, call KD")
        run(state, "lay 9S, play QS, play 3S")  # 9S: his lowest non-point trump
        with pytest.raises(IllegalAction):
            state.apply("lay 2S")  # a point trump while a non-point one is held
        run(state, "lay KS")  # his last non-point trump
        run(state, "play 5S, play 8S")  # seat 2's 8 beats the right pedro
        assert state.captured() == (0, 0, 5, 0, 0) and state.to_act == 2
        run(state, "play 7S")
        assert state.legal_actions() == ["lay 2S"]  # no non-point trump: the lowest
        run(state, "lay 2S, play 5C")  # seat 2's 7 wins the left pedro and the laid 2
        assert state.tricks[-1][3] == 2
        expected = [0, 0, 10, 0, 0]
        expected[owner] += 1
        assert state.captured() == tuple(expected), keeper


# --------------------------------------------------- railroad alone (12.3)

#: Hearts trump, the left pedro 5D.  The dealer, seat 4, holds the six top
#: trumps; seat 0 the eight down to the 4 with both pedros; seat 1 the 3 and
#: the 2.  Nobody else is dealt a trump and the stock holds none, so every
#: hand after the exchange is known: seat 1 and seats 2, 3 are filled from
#: the top of the stock with plain cards.
RAILROAD_WORKED = [
    "8H 7H 6H 5H 5D 4H",  # seat 0
    "3H 2H AS KS QS JS",  # seat 1
    "AC KC QC JC TC 9C",  # seat 2
    "AD KD QD JD TD 9D",  # seat 3
    "AH KH QH JH TH 9H",  # seat 4, the dealer
]
RAILROAD_STOCK = "TS 9S 8S 7S 6S 5S 4S 3S 2S 8C 7C 6C 5C 4C 3C 2C 8D 7D 6D 4D 3D 2D"


def railroad_alone(auction: str):
    state = seat_deal(RAILROAD, RAILROAD_WORKED, rest=RAILROAD_STOCK, dealer=4)
    run(state, auction + ", trump H")
    assert state.phase == "call" and state.to_act == 4
    assert state.hand(4) == ["AH", "KH", "QH", "JH", "TH", "9H"]  # nothing to rob
    run(state, "alone")
    assert state.went_alone and all(state.team(seat) == 1 for seat in range(4))
    # Trick 1: seat 1 plays its keeper 2 (for seat 1); seats 2 and 3 hold no
    # trump after their fills: out.
    run(state, "play AH, play 4H, play 2H")
    assert state.out[2] and state.out[3] and state.captured() == (0, 1, 0, 0, 1)
    run(state, "play KH, play 5D, play 3H")  # the left pedro falls to the king
    run(state, "play QH, play 5H")  # seat 1 is out of trumps: out
    assert state.out[1]
    run(state, "play JH, play 6H, play TH, play 7H, play 9H, play 8H")
    assert state.phase == "done"
    # Seat 4: A 1 + left pedro 5 + right pedro 5 + J 3 + T 1 = 15; seat 1
    # the 2 it played = 1.  B = 15, O = 1.
    assert state.captured() == (0, 1, 0, 0, 15) and state.side_points() == (15, 1)
    return state


def test_railroad_alone_made_doubles_both_sides():
    """The scoring example of the Railroad rules page, as the next two."""
    state = railroad_alone("pass, pass, pass, pass, bid 6")  # the stuck dealer
    assert state.high_bid == 6
    # Made alone: the bidder +2B = +30, every other seat +2O = +2.
    assert state.score() == (2, 2, 2, 2, 30)
    assert state.record()["alone"] is True and state.record()["tally"] == [2, 2, 2, 2, 30]


def test_railroad_alone_set_doubles_both_sides():
    state = railroad_alone("bid 6, pass, pass, pass, bid 16")
    assert state.high_bid == 16
    # Set alone (15 < 16): the bidder -2 x 16 = -32, every other seat +2O = +2.
    assert state.score() == (2, 2, 2, 2, -32)


def test_the_same_deal_with_a_partner_is_not_doubled():
    state = seat_deal(RAILROAD, RAILROAD_WORKED, rest=RAILROAD_STOCK, dealer=4)
    run(state, "pass, pass, pass, pass, bid 6, trump H, call 2H")
    assert state.partner == 1 and not state.went_alone
    run(state, "play AH, play 4H, play 2H")  # the called card, seat 1's only card
    run(state, "play KH, play 5D, play 3H, play QH, play 5H")
    run(state, "play JH, play 6H, play TH, play 7H, play 9H, play 8H")
    # B = 15 + 1 (the partner's 2), O = 0: made, +16 each for seats 4 and 1.
    assert state.side_points() == (16, 0)
    assert state.score() == (0, 16, 0, 0, 16)


# ---------------------------------------------------- N-seat game end (12.3)


def test_bidder_and_partner_both_over_the_target_the_bidder_wins():
    """12.4.17: «En el caso de que tanto el postor como su socio lleguen a 62
    en la misma mano, el postor gana» — even with an opponent higher still."""
    before = (54, 40, 58, 30, 65)
    # Seat 2 bids 8, calls seat 0's card; B = 10 (6 + 4), O = 6: made.
    deal = seat_scores(RAILROAD, bid=8, bidder=2, partner=0, alone=False,
                       points=(4, 2, 6, 0, 4))  # fmt: skip
    assert deal == (10, 6, 10, 6, 6)
    totals = tuple(a + b for a, b in zip(before, deal, strict=True))
    assert totals == (64, 46, 68, 36, 71)
    assert seat_game_winner(totals, RAILROAD.target, bidder=2, partner=0, bid_made=True) == 2
    # Had the bidder stayed under, the partner over the target would win.
    assert seat_game_winner((64, 46, 61, 36, 71), 62, bidder=2, partner=0, bid_made=True) == 0


def test_a_tie_plays_on_until_a_later_deal_names_one_seat():
    target = RAILROAD.target
    totals = (50, 58, 40, 58, 20)
    # Deal 1: seat 2 bids 9 with seat 4 as partner; B = 4, O = 12: set.
    deal = seat_scores(RAILROAD, bid=9, bidder=2, partner=4, alone=False,
                       points=(3, 5, 4, 4, 0))  # fmt: skip
    assert deal == (12, 12, -9, 12, -9)
    totals = tuple(a + b for a, b in zip(totals, deal, strict=True))
    assert totals == (62, 70, 31, 70, 11)
    # Seats 0, 1, 3 are over; set, so the highest total: 70 twice: nobody yet.
    assert seat_game_winner(totals, target, bidder=2, partner=4, bid_made=False) is None
    # Deal 2: seat 1 bids 6 with seat 0; B = 6 (4 + 2), O = 10: made.  The
    # bidder is over the target and made his bid: he wins, though seat 3 has
    # more.
    deal = seat_scores(RAILROAD, bid=6, bidder=1, partner=0, alone=False,
                       points=(2, 4, 3, 5, 2))  # fmt: skip
    assert deal == (6, 6, 10, 10, 10)
    totals = tuple(a + b for a, b in zip(totals, deal, strict=True))
    assert totals == (68, 76, 41, 80, 21)
    assert seat_game_winner(totals, target, bidder=1, partner=0, bid_made=True) == 1


def test_an_individual_tie_plays_on():
    """The same rule with every seat for itself (12.4.17): no partner."""
    individual = SEAT_RULESETS["individual"]
    totals = (55, 58, 30)
    deal = seat_scores(individual, bid=8, bidder=2, partner=None, alone=False,
                       points=(7, 4, 3))  # fmt: skip
    assert deal == (7, 4, -8)
    totals = tuple(a + b for a, b in zip(totals, deal, strict=True))
    assert totals == (62, 62, 22)
    assert seat_game_winner(totals, 62, bidder=2, partner=None, bid_made=False) is None
    deal = seat_scores(individual, bid=6, bidder=0, partner=None, alone=False,
                       points=(6, 5, 3))  # fmt: skip
    totals = tuple(a + b for a, b in zip(totals, deal, strict=True))
    assert totals == (68, 67, 25)
    assert seat_game_winner(totals, 62, bidder=0, partner=None, bid_made=True) == 0


def test_the_original_pedro_example():
    """The original Pedro's rules page: five players, the bidder takes the 9
    and the ace (10), another the pedro and the 10 (6), another the 2 (1);
    the jack was not dealt."""
    rs = SEAT_RULESETS["original"].with_options(players=5)
    points = (10, 6, 1, 0, 0)
    assert sum(points) == rs.total_points - dict(rs.points)["J"]
    assert seat_scores(rs, bid=10, bidder=0, partner=None, alone=False,
                       points=points) == (10, 6, 1, 0, 0)  # fmt: skip
    assert seat_scores(rs, bid=11, bidder=0, partner=None, alone=False,
                       points=points) == (-11, 6, 1, 0, 0)  # fmt: skip


def test_the_individual_scoring_example():
    """Pedro for 2 to 6 players' rules page: three players take 7, 3 and 2."""
    rs = SEAT_RULESETS["individual"]
    assert rs.players == 3 and rs.total_points - 2 == 7 + 3 + 2
    assert seat_scores(rs, bid=6, bidder=0, partner=None, alone=False,
                       points=(7, 3, 2)) == (7, 3, 2)  # fmt: skip
    assert seat_scores(rs, bid=8, bidder=0, partner=None, alone=False,
                       points=(7, 3, 2)) == (-8, 3, 2)  # fmt: skip
