"""Seating and movement of a Monterey progressive card party (RULES.md section 6).

Plain Python: nothing here imports Django. Values in, values out; the Django
side turns rows into these values and the results back into rows.

Conventions used throughout:

- A player is an opaque hashable id (an int in practice); ``None`` is never a
  player, it marks an empty seat inside a grid being filled.
- A table is a 4-tuple of players in seats 0..3; team 0 = seats 0 and 2,
  team 1 = seats 1 and 3 (RULES.md section 1). Tables are listed head table
  (table 1) first.
- "Registration order" is a sequence of every registered player id, earliest
  first.
- Messages meant for a host number tables from 1 and seats from 1 to 4, as
  people see them (RULES.md section 1); code numbers seats 0..3.

Two kinds of error, as in Tabbycat: ``SeatingProblem`` is a situation the host
must resolve (too few players, a tied table without a cut), worded for people
by the service that meets it; a ``ValueError`` means the caller passed
inconsistent values, which is a bug.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from scoring.rules.words import Plural, gettext_noop, ngettext_noop

__all__ = [
    "TEAM_SEATS",
    "PlayerId",
    "Seating",
    "SeatingProblem",
    "Style",
    "Table",
    "check_seating",
    "fault_text",
    "move",
    "seat_next_round",
    "seated_players",
    "seating_faults",
    "seeded_draw",
]

PlayerId = Hashable
Table = tuple[PlayerId, PlayerId, PlayerId, PlayerId]
Style = Literal["up_down", "winners_up"]
STYLES: tuple[Style, ...] = ("up_down", "winners_up")

#: Seats of each team, in seat order: team 0 = seats 0 and 2, team 1 = seats 1 and 3.
TEAM_SEATS: tuple[tuple[int, int], tuple[int, int]] = ((0, 2), (1, 3))

MIN_PLAYERS = 4


class SeatingProblem(Exception):
    """A party situation the host must resolve: a ``code`` and the ``values``
    its sentence names.  ``str(problem)`` is that sentence in English; the
    service that meets it words it for people."""

    FEW_REGISTERED = "few_registered"
    FEW_PRESENT = "few_present"
    TABLE_TIED = "table_tied"
    NO_DEAL = "no_deal"

    _ENGLISH = {
        FEW_REGISTERED: "A party needs at least %(min)d players; only %(count)d are registered.",
        FEW_PRESENT: (
            "A party needs at least %(min)d players; only %(count)d are present for the next round."
        ),
        TABLE_TIED: (
            "Table %(table)d is tied: record the cut of the cards before seating the next round."
        ),
        NO_DEAL: (
            "A table needs at least one deal recorded before its round can close "
            "or time be called on it."
        ),
    }

    def __init__(self, code: str, **values: int) -> None:
        super().__init__(self._ENGLISH[code] % values)
        self.code = code
        self.values = values


@dataclass(frozen=True)
class Seating:
    """One round's seating: full tables (table 1 first, seats 0..3) and who sits out.

    Lists are accepted and stored as tuples. Seatings produced by this module
    list ``sitting_out`` in registration order; compare sit-outs as sets.
    """

    tables: tuple[Table, ...]
    sitting_out: tuple[PlayerId, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "tables", tuple(tuple(table) for table in self.tables))
        object.__setattr__(self, "sitting_out", tuple(self.sitting_out))

    def players(self) -> list[PlayerId]:
        """Every player of the round: seated players table by table, then the sit-outs."""
        return seated_players(self.tables) + list(self.sitting_out)

    def place_of(self) -> dict[PlayerId, tuple[int, int] | None]:
        """Each player's ``(table number from 1, seat 0..3)``, or ``None`` when sitting out."""
        places: dict[PlayerId, tuple[int, int] | None] = {
            player: (number, seat)
            for number, table in enumerate(self.tables, start=1)
            for seat, player in enumerate(table)
        }
        places.update(dict.fromkeys(self.sitting_out))
        return places


def seated_players(tables: Iterable[Sequence[PlayerId | None]]) -> list[PlayerId]:
    """The players seated at ``tables``, table by table and seat by seat, skipping empty seats."""
    return [player for table in tables for player in table if player is not None]


def registration_index(registration: Sequence[PlayerId]) -> dict[PlayerId, int]:
    index = {player: position for position, player in enumerate(registration)}
    if len(index) != len(registration):
        repeated = [player for player, n in Counter(registration).items() if n > 1]
        raise ValueError(f"registration lists players more than once: {repeated!r}")
    return index


# --- Round 1 -----------------------------------------------------------------


def seeded_draw(registration: Sequence[PlayerId], seed: int) -> Seating:
    """Round 1 by recorded seeded draw (RULES.md section 6, "Round 1 seating").

    A copy of ``registration`` is shuffled with ``random.Random(seed).shuffle``;
    consecutive groups of four, in that order, fill tables 1, 2, ... in seats
    0..3; the remaining ``N mod 4`` players sit out (listed in registration
    order). The same list and seed always give the same seating.

    Raises ``SeatingProblem`` with fewer than 4 players.
    """
    registration_index(registration)
    if len(registration) < MIN_PLAYERS:
        raise SeatingProblem(
            SeatingProblem.FEW_REGISTERED, min=MIN_PLAYERS, count=len(registration)
        )
    order = list(registration)
    random.Random(seed).shuffle(order)
    table_count = len(order) // 4
    tables = [tuple(order[4 * i : 4 * i + 4]) for i in range(table_count)]
    rest = set(order[4 * table_count :])
    return Seating(tables=tables, sitting_out=[p for p in registration if p in rest])


def rated_draw(
    registration: Sequence[PlayerId], seed: int, strength: Mapping[PlayerId, float]
) -> Seating:
    """Round 1 seeded by rating: the strongest spread across the tables.

    1. As the seeded draw: a copy of ``registration`` shuffled with
       ``random.Random(seed).shuffle``; the last ``N mod 4`` of it sit out
       (listed in registration order).
    2. The others in order of ``strength``, strongest first (a player
       missing from it counts as 0; equal strengths keep the shuffled order).
    3. Dealt in a snake across the tables: the first pass gives tables 1, 2,
       ... their seat 0, the second pass, back from the last table, seat 1,
       the third, forward again, seat 3, the fourth, backward, seat 2.  So
       each table has one player of each quarter, and its partners (seats 0
       and 2) hold the 1st and the 4th quarter's, its opponents (1 and 3) the
       2nd and the 3rd's: the two pairs as even as the order allows.

    The same list, seed and strengths always give the same seating.  Raises
    ``SeatingProblem`` with fewer than 4 players.
    """
    drawn = seeded_draw(registration, seed)
    order = list(registration)
    random.Random(seed).shuffle(order)
    table_count = len(drawn.tables)
    playing = sorted(order[: 4 * table_count], key=lambda player: -float(strength.get(player, 0.0)))
    tables: list[list[PlayerId | None]] = [[None] * 4 for _ in range(table_count)]
    for quarter, seat in enumerate((0, 1, 3, 2)):
        group = playing[quarter * table_count : (quarter + 1) * table_count]
        if quarter % 2:
            group.reverse()
        for table, player in zip(tables, group, strict=True):
            table[seat] = player
    return Seating(
        tables=[tuple(table) for table in tables],  # type: ignore[misc]
        sitting_out=drawn.sitting_out,
    )


#: A sentence about a seating: an English template (``%(name)s`` placeholders;
#: a :class:`Plural` for one with a number beside a noun) and its values; a
#: value may be a list of places, each a template and values, written one
#: after another with "; ".
Fault = tuple[str | Plural, dict]


def fault_text(fault: Fault, translate=lambda text: text, translate_plural=None) -> str:
    """The fault's sentence, each template passed through ``translate`` first
    (English by default); a plural's forms through ``translate_plural``
    (``ngettext``'s arguments), else its English form through ``translate``."""
    template, values = fault
    filled = {
        key: "; ".join(fault_text(place, translate, translate_plural) for place in value)
        if isinstance(value, list)
        else value
        for key, value in values.items()
    }
    if isinstance(template, Plural):
        if translate_plural is None:
            return translate(template.english(values)) % filled
        return translate_plural(template.singular, template.plural, values[template.count]) % filled
    return translate(template) % filled


def check_seating(
    seating: Seating,
    present: Iterable[PlayerId],
    *,
    names: Mapping[PlayerId, str] | None = None,
) -> list[str]:
    """Everything wrong with ``seating`` for these ``present`` players, as
    English host messages (:func:`seating_faults` says what is checked)."""
    return [fault_text(fault) for fault in seating_faults(seating, present, names=names)]


def seating_faults(
    seating: Seating,
    present: Iterable[PlayerId],
    *,
    names: Mapping[PlayerId, str] | None = None,
) -> list[Fault]:
    """Everything wrong with ``seating`` for these ``present`` players, as
    sentences to word for the host (:data:`Fault`).

    An empty list means the seating is valid (RULES.md section 6, "Round 1
    seating" and "Host overrides"): at least 4 players are present; there are
    exactly floor(P/4) tables, each of four distinct present players; and every
    present player is seated or listed as sitting out exactly once, nobody
    else. For round 1, ``present`` is the registration list. ``names`` (id to
    display name) is used in the messages; by default ``str(id)``.

    Sit-outs are checked strictly: a present player at no table must be listed
    in ``sitting_out`` (a caller that derives the sit-outs from the tables,
    as the party file does, lists them itself).
    """

    def name(player: PlayerId) -> str:
        return names[player] if names is not None and player in names else str(player)

    present_list = list(dict.fromkeys(present))
    present_set = set(present_list)
    count = len(present_list)
    if count < MIN_PLAYERS:
        return [
            (
                ngettext_noop(
                    "A party needs at least %(min)d players; only %(count)d is present.",
                    "A party needs at least %(min)d players; only %(count)d are present.",
                    "count",
                ),
                {"min": MIN_PLAYERS, "count": count},
            )
        ]

    errors: list[Fault] = []
    wanted = count // 4
    if len(seating.tables) != wanted:
        errors.append(
            (
                ngettext_noop(
                    "%(count)d players need exactly %(wanted)d table of four; "
                    "this seating has %(tables)d.",
                    "%(count)d players need exactly %(wanted)d tables of four; "
                    "this seating has %(tables)d.",
                    "wanted",
                ),
                {"count": count, "wanted": wanted, "tables": len(seating.tables)},
            )
        )

    places: dict[PlayerId, list[Fault]] = {}
    for number, table in enumerate(seating.tables, start=1):
        if len(table) != 4:
            errors.append(
                (
                    ngettext_noop(
                        "Table %(table)d has %(seats)d seat; every table seats exactly 4.",
                        "Table %(table)d has %(seats)d seats; every table seats exactly 4.",
                        "seats",
                    ),
                    {"table": number, "seats": len(table)},
                )
            )
        for seat, player in enumerate(table):
            if player is None:
                errors.append(
                    (
                        gettext_noop("Table %(table)d, seat %(seat)d is empty."),
                        {"table": number, "seat": seat + 1},
                    )
                )
                continue
            places.setdefault(player, []).append(
                (
                    gettext_noop("table %(table)d, seat %(seat)d"),
                    {"table": number, "seat": seat + 1},
                )
            )
    for player in seating.sitting_out:
        places.setdefault(player, []).append((gettext_noop("sitting out"), {}))

    for player, where in places.items():
        if len(where) > 1:
            errors.append(
                (
                    gettext_noop("%(name)s is placed more than once: %(places)s."),
                    {"name": name(player), "places": where},
                )
            )
        if player not in present_set:
            errors.append(
                (
                    gettext_noop("%(name)s is not present but is placed: %(places)s."),
                    {"name": name(player), "places": where},
                )
            )
    for player in present_list:
        if player not in places:
            errors.append(
                (
                    gettext_noop("%(name)s is present but neither seated nor sitting out."),
                    {"name": name(player)},
                )
            )
    return errors


# --- Movement ----------------------------------------------------------------


def _pair(table: Table, team: int) -> tuple[PlayerId, PlayerId]:
    """The two players of ``team`` at ``table``, in order of their seat numbers."""
    first, second = TEAM_SEATS[team]
    return (table[first], table[second])


def _check_played(tables: Sequence[Sequence[PlayerId]], winners: Sequence[int | None]) -> None:
    if not tables:
        raise ValueError("movement needs at least one table")
    if len(winners) != len(tables):
        raise ValueError(f"{len(tables)} tables but {len(winners)} winners")
    for number, table in enumerate(tables, start=1):
        if len(table) != 4 or any(player is None for player in table):
            raise ValueError(f"table {number} is not a full table of four: {table!r}")
    players = seated_players(tables)
    if len(set(players)) != len(players):
        raise ValueError("a player is seated at more than one seat")
    for number, winner in enumerate(winners, start=1):
        if winner is None:
            raise SeatingProblem(SeatingProblem.TABLE_TIED, table=number)
        if winner not in (0, 1):
            raise ValueError(f"table {number}: winner must be team 0 or 1, not {winner!r}")


def move(
    tables: Sequence[Table],
    winners: Sequence[int | None],
    *,
    style: Style = "up_down",
) -> list[Table]:
    """The next round's grid by movement alone (RULES.md section 6, "Movement").

    ``tables`` are the full tables just played, table 1 (head) first;
    ``winners[i]`` is the winning team (0 or 1) of table ``i + 1``. A pair is
    the two players of one team, ordered by their previous seat numbers
    (team 0: seats 0, 2; team 1: seats 1, 3). New table t seats its **upper
    pair** in seats 0 and 1 and its **lower pair** in seats 2 and 3, so each
    new partnership (seats 0+2, seats 1+3) joins one player of each pair and
    partners always change.

    ``up_down`` (default): upper pair = losers of table t-1, or at the head
    table its own winners; lower pair = winners of table t+1, or at the foot
    table its own losers. Winners move up one, losers down one; the head
    table's winners and the foot table's losers stay.

    ``winners_up``: head table: upper its own winners, lower the winners of
    table 2; a table between head and foot: upper its own losers, lower the
    winners of table t+1; foot table (more than one table): upper its own
    losers, lower the head table's losers.

    With one table both styles give upper pair its winners, lower pair its
    losers. Raises ``SeatingProblem`` if a winner is ``None`` (tied, cut not yet
    recorded).
    """
    if style not in STYLES:
        raise ValueError(f"unknown movement style {style!r}; expected one of {STYLES}")
    _check_played(tables, winners)
    count = len(tables)
    won = [_pair(table, winner) for table, winner in zip(tables, winners, strict=True)]
    lost = [_pair(table, 1 - winner) for table, winner in zip(tables, winners, strict=True)]

    grid: list[Table] = []
    for i in range(count):
        if count == 1:
            upper, lower = won[0], lost[0]
        elif style == "up_down":
            upper = won[i] if i == 0 else lost[i - 1]
            lower = lost[i] if i == count - 1 else won[i + 1]
        elif i == 0:  # winners_up, head table
            upper, lower = won[0], won[1]
        elif i < count - 1:  # winners_up, between head and foot
            upper, lower = lost[i], won[i + 1]
        else:  # winners_up, foot table
            upper, lower = lost[i], lost[0]
        grid.append((upper[0], upper[1], lower[0], lower[1]))
    return grid


def seat_next_round(
    played: Seating,
    winners: Sequence[int | None],
    *,
    style: Style = "up_down",
    present: Iterable[PlayerId],
    sitouts_so_far: Mapping[PlayerId, int],
    registration: Sequence[PlayerId],
) -> Seating:
    """The next round's seating, in full (RULES.md section 6, "Next round's seating").

    Inputs: ``played``, the seating of the round just played (its tables and
    sit-outs); ``winners``, each table's winning team; ``present``, the players
    present for the next round (arrivals in, departures out); ``sitouts_so_far``,
    how many rounds each player has sat out (missing = 0; whether this round's
    sit-outs are counted does not matter, they are never candidates); and the
    registration order, which must contain every present player.

    1. :func:`move` gives a grid; seats of players not present become empty.
    2. The next round has T = floor(P/4) tables: foot tables beyond T are removed
       (their players wait), or empty tables are added at the foot.
    3. S = P mod 4 players sit out, taken among the players still in the grid
       (all of whom played this round): fewest sit-outs so far first, then
       earliest registration. Their seats become empty.
    4. The waiting players (this round's sit-outs who are present, arrivals,
       players of removed tables) take the empty seats in order of (table,
       seat), in registration order.

    With no arrivals or departures this reduces to: the sit-outs of this round
    return to the seats of the players chosen to sit out next.

    Ambiguity resolved here: the rules assume the grid holds at least S
    players. After many departures it may not; then everyone in the grid sits
    out and the remaining sit-outs are taken from the waiting players by the
    same rule (fewest sit-outs, then earliest registration), players of
    removed tables (who played this round) before the others.

    Raises ``SeatingProblem`` when fewer than 4 players are present or a table is
    tied without a recorded cut.
    """
    index = registration_index(registration)
    present_list = list(dict.fromkeys(present))
    present_set = set(present_list)
    unknown = [player for player in present_list if player not in index]
    if unknown:
        raise ValueError(f"present players missing from the registration order: {unknown!r}")
    if len(present_list) < MIN_PLAYERS:
        raise SeatingProblem(SeatingProblem.FEW_PRESENT, min=MIN_PLAYERS, count=len(present_list))

    # 1. Movement; departed players leave empty seats.
    grid: list[list[PlayerId | None]] = [
        [player if player in present_set else None for player in table]
        for table in move(played.tables, winners, style=style)
    ]

    # 2. floor(P/4) tables: drop foot tables or add empty ones at the foot.
    table_count = len(present_list) // 4
    removed = grid[table_count:]
    grid = grid[:table_count] + [[None] * 4 for _ in range(table_count - len(grid))]

    # 3. S = P mod 4 sit out: players in the grid, fewest sit-outs, earliest registration.
    def fairness(player: PlayerId) -> tuple[int, int]:
        return (sitouts_so_far.get(player, 0), index[player])

    to_sit_out = len(present_list) % 4
    in_grid = seated_players(grid)
    chosen = sorted(in_grid, key=fairness)[:to_sit_out]
    waiting = sorted(present_set - set(in_grid), key=index.__getitem__)
    shortfall = to_sit_out - len(chosen)
    if shortfall:  # the grid is nearly empty: see "Ambiguity resolved" above
        of_removed = set(seated_players(removed))
        extra = sorted(waiting, key=lambda p: (p not in of_removed, *fairness(p)))[:shortfall]
        chosen += extra
        waiting = [player for player in waiting if player not in extra]
    chosen_set = set(chosen)
    for table in grid:
        for seat, player in enumerate(table):
            if player in chosen_set:
                table[seat] = None

    # 4. Waiting players fill empty seats in (table, seat) order, by registration.
    empty = [
        (t, s) for t, table in enumerate(grid) for s, player in enumerate(table) if player is None
    ]
    if len(empty) != len(waiting):  # arithmetic guarantees equality; a bug otherwise
        raise AssertionError(f"{len(empty)} empty seats for {len(waiting)} waiting players")
    for (t, s), player in zip(empty, waiting, strict=True):
        grid[t][s] = player

    return Seating(
        tables=[tuple(table) for table in grid],
        sitting_out=sorted(chosen_set, key=index.__getitem__),
    )
