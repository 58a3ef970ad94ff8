"""What an uploaded file asks the loader to do, counted before any of it is done.

Plain Python, no Django: the counts are read from the decoded JSON as it is,
whatever its shape (what is not a list counts as nothing; the loader's own
checks say what is wrong with it later).  A party costs its players, the
rounds it seats and closes, and each deal it enters (each amendment is one
more entry), so those are what the limits bound.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Work:
    """What a file asks for: parties, and in all of them rounds, deals
    (amendments included) and players (arrivals included)."""

    parties: int = 0
    rounds: int = 0
    deals: int = 0
    players: int = 0

    def __add__(self, other: Work) -> Work:
        return Work(
            parties=self.parties + other.parties,
            rounds=self.rounds + other.rounds,
            deals=self.deals + other.deals,
            players=self.players + other.players,
        )

    def over(self, limits: Work) -> Iterator[tuple[str, int, int]]:
        """Each count past its limit: (what, count, limit), in field order."""
        for what in ("parties", "rounds", "deals", "players"):
            count, limit = getattr(self, what), getattr(limits, what)
            if count > limit:
                yield what, count, limit

    def within(self, limits: Work) -> bool:
        return next(self.over(limits), None) is None


#: The most one upload may ask for.  A year of weekly 25-table, 10-round nights
#: (52 parties, 520 rounds, 52,000 deals, 5,200 players) loads in about two
#: minutes of one worker; the worst file these allow, in a few.
LIMITS = Work(parties=1_000, rounds=10_000, deals=60_000, players=25_000)

#: A party file within these loads at once, in the request (about a second at
#: most: a 25-table night of 10 rounds, 1,000 deals, takes about two).
AT_ONCE = Work(parties=1, rounds=20, deals=400, players=200)


def _items(value: Any) -> list:
    return value if isinstance(value, list) else []


def _field(value: Any, name: str) -> Any:
    return value.get(name) if isinstance(value, dict) else None


def party_file_work(data: Any) -> Work:
    """What the party file ``data`` (decoded JSON) asks for."""
    rounds = _items(_field(data, "rounds"))
    players = len(_items(_field(data, "players")))
    deals = 0
    for entry in rounds:
        players += len(_items(_field(entry, "arrivals")))
        records = _items(_field(entry, "deals"))
        deals += len(records)
        deals += sum(len(_items(_field(record, "amendments"))) for record in records)
    return Work(parties=1, rounds=len(rounds), deals=deals, players=players)


def club_file_work(data: Any) -> Work:
    """What the club file ``data`` (decoded JSON) asks for: its parties' work."""
    total = Work()
    for entry in _items(_field(data, "parties")):
        total += party_file_work(_field(entry, "party"))
    return total
