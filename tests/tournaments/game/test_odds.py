"""The prize "Best against the odds": points scored above the ratings'
prediction, checked by hand (no database)."""

from __future__ import annotations

import math

import pytest

from tournaments.game import odds, ratings

#: An uncertainty chosen so that four of them and the model's two beta^2
#: add up to 12^2: 4 * 46/36 + 2 * (25/3)^2 = 46/9 + 1250/9 = 1296/9 = 144.
SIGMA = math.sqrt(46) / 6
#: The normal curve's value at one spread: Phi(1).
PHI_1 = 0.8413447460685429


def rated(mu: float) -> ratings.Rating:
    return ratings.Rating(mu, SIGMA)


def test_the_models_chance_is_the_rating_gap_over_the_spread_of_form():
    """Pairs of 31 + 31 against 25 + 25: a gap of 12 over sqrt(144), so a
    chance of Phi(1), which a spread of 10 turns into a margin of 10."""
    chance = ratings.expected([rated(31), rated(31)], [rated(25), rated(25)])
    assert chance == pytest.approx(PHI_1)
    assert odds.predicted_margin(chance, 10.0) == pytest.approx(10.0)
    assert odds.predicted_margin(1.0 - chance, 10.0) == pytest.approx(-10.0)
    assert odds.predicted_margin(0.5, 10.0) == 0.0
    # A chance rounded to certainty still reads as a finite margin.
    assert math.isfinite(odds.predicted_margin(1.0, 10.0)) and odds.predicted_margin(1.0, 10) > 50


def test_a_deals_spread_is_the_root_mean_square_of_its_margins():
    assert odds.deal_spread([3, -4]) == pytest.approx(math.sqrt((9 + 16) / 2))
    assert odds.deal_spread([5, -5, 5, -5]) == pytest.approx(5.0)
    assert odds.deal_spread([]) == 0.0


def test_the_favourites_are_predicted_half_the_table_plus_half_their_margin():
    """Deals spreading by 5, four of them: rounds spread by 5 * 2 = 10, so
    the favourites (chance Phi(1)) are predicted to win by 10.  The table
    scored 20 + 16 = 36: predicted 18 + 5 = 23 and 18 - 5 = 13."""
    before = {"a": rated(31), "c": rated(31), "b": rated(25), "d": rated(25)}
    table = odds.RoundAtTable(("a", "b", "c", "d"), 20, 16, deals=4)
    assert odds.predicted_scores(table, before, 5.0) == pytest.approx((23.0, 13.0))
    # Won by 4 where 10 was predicted: 3 below for the winners, 3 above for the others.
    assert odds.excess([table], before, 5.0) == pytest.approx(
        {"a": -3.0, "c": -3.0, "b": 3.0, "d": 3.0}
    )


def test_the_excess_adds_up_over_the_night_and_newcomers_play_as_newcomers():
    """Round 1 as above (a, c -3; b, d +3).  Round 2 re-pairs them evenly
    (a + b against c + d: 56 each, equal chances), 7 to 13 over two deals:
    predicted 10 each, so a and b -3, c and d +3.  Round 3: a guest (None)
    and three members without a rating (newcomers, even chances), 3 to 9:
    predicted 6 each, so f -3, e and h +3.  Night: a -6, b 0, c 0, d +6,
    e +3, f -3, h +3."""
    before = {"a": rated(31), "c": rated(31), "b": rated(25), "d": rated(25)}
    night = [
        odds.RoundAtTable(("a", "b", "c", "d"), 20, 16, deals=4),
        odds.RoundAtTable(("a", "c", "b", "d"), 7, 13, deals=2),
        odds.RoundAtTable((None, "e", "f", "h"), 3, 9, deals=4),
    ]
    totals = odds.excess(night, before, 5.0)
    assert totals == pytest.approx(
        {"a": -6.0, "b": 0.0, "c": 0.0, "d": 6.0, "e": 3.0, "f": -3.0, "h": 3.0}
    )
    assert odds.best(totals) == ["d"]
    # Each table's excesses add up to nothing.
    for table in night[:2]:
        assert sum(odds.excess([table], before, 5.0).values()) == pytest.approx(0.0)


def test_a_weaker_pair_that_keeps_it_close_beats_the_favourites_who_win():
    """The favourites win 20 to 16 and score more, but were predicted 23."""
    before = {"strong": rated(31), "strong2": rated(31), "weak": rated(25), "weak2": rated(25)}
    table = odds.RoundAtTable(("strong", "weak", "strong2", "weak2"), 20, 16, deals=4)
    assert odds.best(odds.excess([table], before, 5.0)) == ["weak", "weak2"]
    # Between newcomers the same round goes to the pair that scored more.
    assert odds.best(odds.excess([table], {}, 5.0)) == ["strong", "strong2"]


def test_ties_share_in_the_order_given_and_nobody_wins_without_beating_the_odds():
    assert odds.best({"x": 2.0, "y": 1.0, "z": 2.0}) == ["x", "z"]
    assert odds.best({"x": 0.0, "y": -1.0}) == []
    assert odds.best({}) == []
