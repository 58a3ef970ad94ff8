"""A party file as plain values, and the problem that stops reading one.

Plain Python: nothing here imports Django, so a file can be read and checked
without a database (:mod:`.parse`) and replayed afterwards (:mod:`.load`).
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scoring.rules import Ruleset

FORMAT = "pedroparty/1"

PARTY_OPTIONS = ("movement", "deals_per_round", "sitout_credit")
TOP_FIELDS = (
    "format",
    "name",
    "date",
    "ruleset",
    "options",
    "players",
    "seating",
    "seed",
    "rounds",
    # Kept so that a dump and a load give back the whole party (optional).
    "venue",
    "planned_rounds",
    "round_minutes",
    "public",
    "wifi",
    "prizes",
    "special_prizes",
    "prize_picks",
    "tableside_entry",
)
ROUND_FIELDS = (
    "seating_override",
    "deals",
    "time_called",
    "tiebreaks",
    "arrivals",
    "departures",
    "open",
)
RECORD_FIELDS = (
    "bidder",
    "bid",
    "bidding_team_points",
    "other_team_points",
    "trump",
    "tally",
    "cards",
)
DEAL_FIELDS = ("table", "deal", *RECORD_FIELDS, "amendments")
#: An earlier version of an amended deal, and why it was replaced.
AMENDMENT_FIELDS = (*RECORD_FIELDS, "reason")
#: Written by party_dump for readers; ignored when loading.
DUMP_ONLY = {
    "top": ("standings",),
    "round": ("tables", "sitting_out", "winners"),
    "deal": ("score",),
}

#: Names of the seats of one table, seat 0 first, as the file writes them.
Table = tuple[str, ...]


class PartyFileProblem(Exception):
    """What is wrong with a party file, and where.

    ``path`` is where in the JSON document ("rounds[1].deals[6].bid"; "" for
    the document itself).  For people, ``round``, ``table`` and ``deal``
    (numbers from 1, None where they do not apply) and ``field`` say the same.
    ``message`` is English and marked for translation, its ``%(name)s``
    placeholders filled from ``params``; when ``params`` is None the message
    is final as it stands (the rules engine's own words).
    """

    def __init__(
        self,
        message: str,
        params: Mapping[str, Any] | None = None,
        *,
        path: str = "",
        field: str | None = None,
        round: int | None = None,
        table: int | None = None,
        deal: int | None = None,
    ):
        self.message = message
        self.params = params
        self.path = path
        self.field = field
        self.round = round
        self.table = table
        self.deal = deal
        super().__init__(f"{path or '(file)'}: {self.text()}")

    def text(self) -> str:
        """The message in English, placeholders filled."""
        return self.message if self.params is None else self.message % self.params


@dataclass(frozen=True)
class DealVersion:
    """One version of a deal's result (RULES.md section 5), as the rules
    engine accepted it; ``reason`` says why an earlier version was replaced."""

    bidder: int
    bid: int
    bidding_team_points: int | None = None
    other_team_points: int | None = None
    trump: str | None = None
    tally: tuple[Any, ...] | None = None
    cards: Mapping[str, Any] | None = None
    reason: str | None = None

    def fields(self) -> dict[str, Any]:
        """The record's fields as the results services take them."""
        return {
            "bidder": self.bidder,
            "bid": self.bid,
            "bidding_team_points": self.bidding_team_points,
            "other_team_points": self.other_team_points,
            "trump": self.trump,
            "tally": None if self.tally is None else list(self.tally),
            "cards": None if self.cards is None else dict(self.cards),
        }


@dataclass(frozen=True)
class DealRecord:
    """One deal of a round: its result as it stands and its earlier versions."""

    table: int
    deal: int
    result: DealVersion
    amendments: tuple[DealVersion, ...]  # oldest first, each with its reason
    path: str  # where the record is in the file ("rounds[1].deals[6]")

    @property
    def versions(self) -> tuple[DealVersion, ...]:
        """Every version, oldest first: the one entered, then each amendment."""
        return (*self.amendments, self.result)


@dataclass(frozen=True)
class RoundRecord:
    """One round as the file lists it (player names as registered in the file)."""

    number: int
    deals: tuple[DealRecord, ...]
    seating_override: tuple[Table, ...] | None
    time_called: tuple[int, ...]
    tiebreaks: Mapping[int, int]  # table -> the team that won the cut
    arrivals: tuple[str, ...]
    departures: tuple[str, ...]
    #: Left in play: the file says so, or it is the last round and lists
    #: nothing at all (a file written before the ``open`` flag).
    open: bool


@dataclass(frozen=True)
class PrizePick:
    player: str
    prize: int  # the prize's number in ``prizes``, 1 first


@dataclass(frozen=True)
class PartyFile:
    """A whole party file, checked.  Player names are as the file registers
    them (``players`` and the rounds' ``arrivals``), wherever they are used."""

    name: str
    date: datetime.date
    venue: str
    ruleset: str
    #: The named ruleset with the file's house options and deals per round.
    rules: Ruleset
    party_options: Mapping[str, Any]  # the file's movement, deals_per_round, sitout_credit
    house_options: Mapping[str, Any]
    planned_rounds: int | None
    round_minutes: int | None
    public: Mapping[str, bool] | None  # "open", "standings", as far as given
    wifi: Mapping[str, str] | None  # "name" and perhaps "password"
    tableside_entry: bool
    players: tuple[str, ...]
    #: Round 1's tables; None when drawn (``seed``), () when not seated yet.
    seating: tuple[Table, ...] | None
    seed: int | None
    rounds: tuple[RoundRecord, ...]
    prizes: tuple[str, ...]
    special_prizes: Mapping[str, str]
    prize_picks: tuple[PrizePick, ...]
