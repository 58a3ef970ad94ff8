"""A season's standings: each member's nights added up (plain Python, no Django).

Input: one :class:`Night` per member per party of the season, taken from
that party's standings (its score and rounds won so far: a party in
progress counts with what it has, so phones follow the season live).
Party players who are no club member never reach this module.

The choices, in one place:

* **Total**: the sum of the *counted* nights' scores.  With ``best_of`` N,
  a member's counted nights are their N best by score; a member with N
  nights or fewer has every night counted.  Between two nights of the same
  score the one with more rounds won counts first, then the earlier party
  (its place in the season), so the choice never depends on the order the
  rows came in.
* **Rounds won** is summed over the counted nights only, so the tie-break
  on the total weighs the same nights as the total itself.
* **Parties played** is every night, counted or not.
* **Average per party** is every night's score over parties played,
  rounded half up to one decimal.  Every night, not just the counted ones:
  the average says how the member plays in general, which the best-N rule
  (a way to forgive missed or bad nights in the table) should not inflate;
  with every night counted both readings agree.
* A party counts from its first round (a party still registering its
  players brings no night: every score would be 0).
* A party whose host hides its players' page or its standings brings no
  night to the *public* table until the host shows them: the public season
  page and API leave it out of every figure and say how many nights they
  leave out; the organisers' table counts it
  (:mod:`tournaments.clubs.selectors.seasons`).
* **Order**: total, then rounds won, both highest first.  Members equal on
  both share a rank (1, 2, 2, 4), as in a party's standings
  (:func:`tournaments.game.standings.standings_from_tallies`), and are listed by
  name (accents and case ignored), then member id.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

__all__ = ["Night", "SeasonRow", "name_key", "season_standings"]

#: Averages are shown to one decimal.
AVERAGE_PLACES = Decimal("0.1")


@dataclass(frozen=True)
class Night:
    """One member's night at one party of the season.

    ``party`` orders the nights: the party's place in the season (earliest
    first), used only to choose between equal nights under best-N.
    """

    member: int
    name: str
    party: int
    score: int
    rounds_won: int


@dataclass(frozen=True)
class SeasonRow:
    """A line of the season's standings."""

    rank: int
    member: int
    name: str
    total: int
    parties: int
    average: Decimal
    rounds_won: int
    nights_counted: int


def name_key(name: str) -> str:
    """Sort key for names as people look them up: Élodie among the E's."""
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def _counted(nights: list[Night], best_of: int | None) -> list[Night]:
    if best_of is None or len(nights) <= best_of:
        return nights
    best = sorted(nights, key=lambda n: (-n.score, -n.rounds_won, n.party))
    return best[:best_of]


def _average(total: int, count: int) -> Decimal:
    return (Decimal(total) / Decimal(count)).quantize(AVERAGE_PLACES, rounding=ROUND_HALF_UP)


def season_standings(nights: Iterable[Night], *, best_of: int | None = None) -> list[SeasonRow]:
    """The season's standings from every member's nights (see the module's
    docstring for what counts).  ``best_of`` is None (every night counts) or
    a whole number from 1.  A member appears once they have a night."""
    if best_of is not None and best_of < 1:
        raise ValueError(f"best_of counts at least one night, not {best_of!r}")
    by_member: dict[int, list[Night]] = {}
    names: dict[int, str] = {}
    for night in nights:
        by_member.setdefault(night.member, []).append(night)
        names[night.member] = night.name

    lines = []
    for member, played in by_member.items():
        counted = _counted(played, best_of)
        lines.append(
            (
                member,
                sum(n.score for n in counted),
                sum(n.rounds_won for n in counted),
                len(counted),
                played,
            )
        )
    lines.sort(key=lambda line: (-line[1], -line[2], name_key(names[line[0]]), line[0]))

    rows: list[SeasonRow] = []
    for position, (member, total, won, counted, played) in enumerate(lines, start=1):
        rank = position
        if rows and (rows[-1].total, rows[-1].rounds_won) == (total, won):
            rank = rows[-1].rank
        rows.append(
            SeasonRow(
                rank=rank,
                member=member,
                name=names[member],
                total=total,
                parties=len(played),
                average=_average(sum(n.score for n in played), len(played)),
                rounds_won=won,
                nights_counted=counted,
            )
        )
    return rows
