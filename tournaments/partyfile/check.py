"""What the parser's modules share: the file's limits, player names, small checks.

Messages are English, marked for translation with the rules engine's
``gettext_noop`` (this module imports no Django); the loader translates them
when it reports the problem."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scoring.rules.words import gettext_noop

from .values import PartyFileProblem, Table

#: Longest texts the party keeps (the model's fields).
NAME_MAX, VENUE_MAX, PRIZE_MAX, REASON_MAX = 120, 160, 120, 240
#: The round clock's length in minutes (as the party's model allows it).
ROUND_MINUTES_MIN, ROUND_MINUTES_MAX = 1, 180
#: The special prizes (RULES.md section 6), as ``special_prizes`` names them.
SPECIAL_KINDS = ("low_score", "most_shoots", "highest_bid", "against_odds")


def shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_fields(
    data: Mapping, known: Sequence[str], ignored: Sequence[str], *, path: str, **where: Any
) -> None:
    """Refuse a field name that is neither ``known`` nor ``ignored``."""
    for key in data:
        if key not in known and key not in ignored:
            raise PartyFileProblem(
                gettext_noop("Unknown field; the fields here are %(fields)s."),
                {"fields": ", ".join(known)},
                path=f"{path}.{key}" if path else str(key),
                field=str(key),
                **where,
            )


class Names:
    """The players registered so far, by every spelling a file may use: as
    written, or with inner spaces collapsed, as the party keeps names."""

    def __init__(self) -> None:
        self._registered: dict[str, str] = {}  # spelling -> name as registered in the file
        self._left: set[str] = set()

    def register(self, name: Any, *, path: str, field: str, round: int | None = None) -> str:
        if not isinstance(name, str):
            raise PartyFileProblem(
                gettext_noop("A player is a name, not %(value)s."),
                {"value": shown(name)},
                path=path,
                field=field,
                round=round,
            )
        if name in self._registered:
            raise PartyFileProblem(
                gettext_noop("%(name)s is already registered."),
                {"name": name},
                path=path,
                field=field,
                round=round,
            )
        self._registered[name] = name
        self._registered.setdefault(" ".join(name.split()), name)
        return name

    def known(self, name: Any, *, path: str, field: str, round: int | None = None) -> str:
        """The registered player ``name`` refers to, as the file registered them."""
        registered = self._registered.get(name) if isinstance(name, str) else None
        if registered is None:
            raise PartyFileProblem(
                gettext_noop("%(name)s is not a registered player."),
                {"name": shown(name)},
                path=path,
                field=field,
                round=round,
            )
        return registered

    def leave(self, name: Any, *, path: str, field: str, round: int) -> str:
        player = self.known(name, path=path, field=field, round=round)
        if player in self._left:
            raise PartyFileProblem(
                gettext_noop("%(name)s has already left."),
                {"name": name},
                path=path,
                field=field,
                round=round,
            )
        self._left.add(player)
        return player


def tables_read(
    tables: Any, names: Names, *, path: str, field: str, round: int | None = None
) -> tuple[Table, ...]:
    """A seating's tables, each its names as registered (the services check
    the seating itself: four to a table, nobody twice)."""
    if not isinstance(tables, list):
        raise PartyFileProblem(
            gettext_noop(
                "A seating is a list of tables, table 1 first, each the four names in seats 1 to 4."
            ),
            {},
            path=path,
            field=field,
            round=round,
        )
    read = []
    for index, table in enumerate(tables):
        where = {"field": field, "round": round}
        if not isinstance(table, list):
            raise PartyFileProblem(
                gettext_noop("Table %(table)d must list the names in seats 1 to 4."),
                {"table": index + 1},
                path=f"{path}[{index}]",
                **where,
            )
        read.append(
            tuple(
                names.known(name, path=f"{path}[{index}][{seat}]", **where)
                for seat, name in enumerate(table)
            )
        )
    return tuple(read)
