"""The prize "Best against the odds": points scored above what the ratings
predicted.

Plain Python: nothing here imports Django.  The rule, for each round a
member played at a full table (a round sat out counts for nothing):

1. **The chance.**  The ratings as they stood *before the night* (a member
   with no rating history, and a guest, play with the model's newcomer
   rating :data:`ratings.NEW`) give the member's pair its chance ``p`` of
   beating the other pair: the model's own (:func:`ratings.expected`).
2. **The chance as a margin in points.**  A round's margin (one pair's round
   score less the other's) spreads around what the players' skill makes of
   it roughly as a bell curve; a chance ``p`` of winning then means an
   expected margin of ``spread * z(p)``, ``z`` the normal curve's quantile:
   nothing at even chances, one spread at 84 %, two at 98 %.  (For the
   model's two pairs ``z(p)`` is the pairs' gap in mean rating over
   ``sqrt(2 beta^2 + the four sigma^2)``, so the predicted margin grows in
   step with the rating gap.)  The spread is learnt from the club's own
   play, not typed in: the root mean square of one deal's margin over the
   club's earlier nights of the same game (:func:`deal_spread`; a club's
   first night of a game reads its own deals), times the square root of
   the deals the table played that round (deals add their spreads as
   independent chances do, so a short round is predicted a smaller margin).
3. **The predicted score.**  The table's points are shared as predicted:
   each pair is predicted half the two pairs' round total, the favourites
   plus half the predicted margin, the others minus it
   (:func:`predicted_scores`).
4. **The excess.**  The pair's actual round score less its predicted score
   (half of the actual margin less the predicted one; the other pair's is
   the opposite), counted for each member of the pair and added up over the
   night (:func:`excess`).

Why a club may find it fair: a pair is measured against the players it sat
with, not against how many points that table's deals happened to hold (a
high-scoring table lifts both pairs' predictions alike); a pair of
favourites breaks even only by winning by what its ratings promise, and a
weaker pair that keeps a round close is credited for it even when it
loses; and the table's excesses add up to nothing, so nobody gains from
where the draw put them.  The prize goes to the highest total excess, ties
sharing it, and to nobody when no member beat the predictions.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass
from statistics import NormalDist

from . import ratings

#: How close to certain a chance is read (the model's chance never quite
#: reaches 0 or 1, but one rounded there would be an endless margin).
CHANCE_LIMIT = 1e-9

_NORMAL = NormalDist()


@dataclass(frozen=True)
class RoundAtTable:
    """One round at one full table: who sat where (seats 0..3; team 0 is
    seats 0 and 2), the two pairs' round scores and how many deals the
    table played."""

    seats: tuple[Hashable | None, Hashable | None, Hashable | None, Hashable | None]
    score0: int
    score1: int
    deals: int


def deal_spread(margins: Iterable[int]) -> float:
    """The spread of one deal's margin (a pair's deal score less the
    other's): the root mean square of ``margins``; 0 when there are none."""
    count = total = 0
    for margin in margins:
        count += 1
        total += margin * margin
    return math.sqrt(total / count) if count else 0.0


def predicted_margin(chance: float, spread: float) -> float:
    """The margin a pair with ``chance`` of winning is predicted to win by,
    in rounds whose margins spread as ``spread`` (below 0: to lose by)."""
    chance = min(max(chance, CHANCE_LIMIT), 1.0 - CHANCE_LIMIT)
    return spread * _NORMAL.inv_cdf(chance)


def predicted_scores(
    table: RoundAtTable, before: Mapping[Hashable, ratings.Rating], spread: float
) -> tuple[float, float]:
    """Each pair's predicted round score (team 0, team 1): half the table's
    round total, shifted by half the margin the ratings ``before`` the night
    predict (a seat missing from them, or None, a newcomer's rating), for
    deals whose margins spread as ``spread``."""
    seated = [ratings.NEW if p is None else before.get(p, ratings.NEW) for p in table.seats]
    chance0 = ratings.expected([seated[0], seated[2]], [seated[1], seated[3]])
    margin0 = predicted_margin(chance0, spread * math.sqrt(table.deals))
    half = (table.score0 + table.score1) / 2
    return half + margin0 / 2, half - margin0 / 2


def excess(
    tables: Iterable[RoundAtTable], before: Mapping[Hashable, ratings.Rating], spread: float
) -> dict[Hashable, float]:
    """Each seated player's (not None) round scores less their pair's
    predicted ones (:func:`predicted_scores`), added up over ``tables``."""
    totals: dict[Hashable, float] = {}
    for table in tables:
        predicted = predicted_scores(table, before, spread)
        actual = (table.score0, table.score1)
        for seat, player in enumerate(table.seats):
            if player is not None:
                team = seat % 2
                totals[player] = totals.get(player, 0.0) + actual[team] - predicted[team]
    return totals


def best(totals: Mapping[Hashable, float]) -> list[Hashable]:
    """Who has the highest total (all of them when tied, in ``totals``'
    order); nobody when no total is above zero."""
    if not totals:
        return []
    top = max(totals.values())
    if top <= 0 or math.isclose(top, 0.0, abs_tol=1e-9):
        return []
    return [p for p, value in totals.items() if math.isclose(value, top, abs_tol=1e-9)]
