"""The host's boards: a round's tables, one table's sheet, the roster, who
moves where, and the round clock."""

from __future__ import annotations

import datetime
import unicodedata
from dataclasses import dataclass, field

from django.utils.translation import gettext

from ..game import standings
from ..models import DealResult, Party, Round, Seat, TableRound
from ..tableside.selectors import round_open_entries
from .history import DEAL_COLUMNS, DealInfo, PartyHistory, RoundInfo, deal_info, party_history


@dataclass
class TableLine:
    """One table of a round on the host's grid."""

    number: int
    players: list[str]
    deals: list[DealInfo]
    totals: tuple[int, int]
    deals_wanted: int
    time_called: bool
    cut: int | None
    winner: int | None
    #: Deals entered at the table and waiting for an answer (table-side entry).
    entries: list = field(default_factory=list)

    @property
    def complete(self) -> bool:
        return len(self.deals) >= self.deals_wanted or (self.time_called and bool(self.deals))

    @property
    def next_deal(self) -> int | None:
        entered = {d.deal for d in self.deals}
        for deal in range(1, self.deals_wanted + 1):
            if deal not in entered:
                return deal
        return None

    @property
    def won_on_deal(self) -> int | None:
        """For a complete table tied on the sum and decided by the latest deal
        the two teams scored differently (RULES.md 6): that deal; else None."""
        if not (self.deals and self.complete) or self.totals[0] != self.totals[1]:
            return None
        for deal in reversed(self.deals):
            if deal.score[0] != deal.score[1]:
                return deal.deal
        return None

    @property
    def tie_winner(self) -> int | None:
        """The team that won on the latest differing deal (see ``won_on_deal``)."""
        if self.won_on_deal is None:
            return None
        return standings.table_round_winner([d.score for d in self.deals])

    @property
    def tied(self) -> bool:
        """Complete and still tied after the tie-breaks: the host must record a cut."""
        return (
            bool(self.deals)
            and self.complete
            and standings.needs_cut([d.score for d in self.deals])
        )


@dataclass
class RoundBoard:
    party_version: int
    number: int | None
    status: str
    tables: list[TableLine]
    sitting_out: list[str]
    rounds: list[int]
    clock_ends_at: datetime.datetime | None = None
    time_called_tables: list[int] | None = None

    @property
    def closed(self) -> bool:
        return self.status == Round.Status.CLOSED

    @property
    def clock_ends(self) -> str:
        return utc_instant(self.clock_ends_at)

    @property
    def can_call_time(self) -> bool:
        """Whether the round's call of time would call at least one table."""
        return self.time_called_tables is None and any(
            t.deals and not t.complete for t in self.tables
        )

    @property
    def uncalled_empty(self) -> list[int]:
        """Tables a call of time would leave playing: no deal entered yet."""
        return [t.number for t in self.tables if not t.deals and not t.time_called]

    @property
    def ready_to_close(self) -> bool:
        return bool(self.tables) and all(t.complete for t in self.tables)

    @property
    def has_deals(self) -> bool:
        return any(t.deals for t in self.tables)


#: The round clock warns (on every page that shows it) this many seconds before the end.
CLOCK_WARN_SECONDS = 5 * 60


def utc_instant(moment: datetime.datetime | None) -> str:
    """An aware instant as ISO 8601 in UTC, which every browser parses ("" for None)."""
    if moment is None:
        return ""
    return moment.astimezone(datetime.UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


def round_board(party: Party, number: int | None = None) -> RoundBoard:
    """Every table of a round (the latest by default) with its progress, and
    the deals entered at the tables still waiting for an answer."""
    history = party_history(party)
    board = board_from_history(history, number)
    if party.tableside_entry and board.number and not board.closed:
        waiting = round_open_entries(round_id=history.rounds[board.number - 1].id)
        for line in board.tables:
            line.entries = waiting.get(line.number, [])
    return board


def board_from_history(history: PartyHistory, number: int | None = None) -> RoundBoard:
    names = history.names()
    numbers = [r.number for r in history.rounds]
    if not history.rounds:
        return RoundBoard(history.version, None, "", [], [], numbers)
    info = history.rounds[-1] if number is None else history.rounds[number - 1]
    lines = []
    for t, table in enumerate(info.tables):
        deals = info.deals[t]
        lines.append(
            TableLine(
                number=t + 1,
                players=[names.get(pid, "?") for pid in table],
                deals=deals,
                totals=(sum(d.score[0] for d in deals), sum(d.score[1] for d in deals)),
                deals_wanted=history.deals_per_round,
                time_called=info.time_called[t],
                cut=info.cuts[t],
                winner=info.winners[t],
            )
        )
    return RoundBoard(
        party_version=history.version,
        number=info.number,
        status=info.status,
        tables=lines,
        sitting_out=[names[pid] for pid in info.sitting_out],
        rounds=numbers,
        clock_ends_at=info.clock_ends_at,
        time_called_tables=info.time_called_tables,
    )


def round_tie_breaks(party: Party, number: int) -> list[TableLine]:
    """The tables of round ``number`` tied on the sum and won on a deal."""
    return [t for t in round_board(party, number).tables if t.won_on_deal is not None]


def table_sheet(party: Party, rnd: Round, table: int) -> TableLine | None:
    """One table of a round as the round board shows it, or None if the round
    has no such table.  Reads that table's rows only (three queries), so a
    result entry costs the same at any size of party."""
    names = dict(Seat.objects.filter(round=rnd, table=table).values_list("seat", "player__name"))
    if not names:
        return None
    outcome = (
        TableRound.objects.filter(round=rnd, table=table)
        .values_list("time_called", "cut_winner", "winner")
        .first()
    )
    time_called, cut, winner = outcome or (False, None, None)
    deals = [
        deal_info(row)
        for row in DealResult.objects.filter(round=rnd, table=table, is_current=True)
        .order_by("deal")
        .values_list(*DEAL_COLUMNS)
    ]
    return TableLine(
        number=table,
        players=[names.get(seat, "?") for seat in range(4)],
        deals=deals,
        totals=(sum(d.score[0] for d in deals), sum(d.score[1] for d in deals)),
        deals_wanted=party.deals_per_round,
        time_called=time_called,
        cut=cut,
        winner=winner,
    )


@dataclass
class RosterLine:
    id: int
    name: str
    order: int
    arrives_round: int
    leaves_round: int | None
    seat: str
    #: The club member the player is (a club's party), else None.
    member_id: int | None = None


def player_roster(party: Party) -> list[RosterLine]:
    """Registered players in registration order with where they sit now."""
    history = party_history(party)
    where: dict[int, str] = {}
    if history.rounds:
        info = history.rounds[-1]
        for t, table in enumerate(info.tables, start=1):
            for s, pid in enumerate(table):
                where[pid] = _table_seat(t, s)
        for pid in info.sitting_out:
            where[pid] = gettext("Sitting out")
    return [
        RosterLine(
            p.id,
            p.name,
            p.order,
            p.arrives_round,
            p.leaves_round,
            where.get(p.id, ""),
            p.member_id,
        )
        for p in history.players
    ]


def _table_seat(table: int, seat: int) -> str:
    """ "Table 2, seat 3" for seat index ``seat`` (0 to 3), in the reader's language."""
    return gettext("Table %(table)d, seat %(seat)d") % {"table": table, "seat": seat + 1}


def _name_key(name: str) -> str:
    """Alphabetical order as people read it: Élodie among the E's, not after Z."""
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


@dataclass
class Move:
    name: str
    before: str
    after: str
    partner: str
    moved: str  # "up", "down", "stays", "sits out", "returns", "new"


def round_moves(party: Party, number: int) -> list[Move]:
    """Where each player goes for round ``number``, by name."""
    history = party_history(party)
    names = history.names()
    target = history.rounds[number - 1]

    def places(info: RoundInfo | None) -> dict[int, tuple[int, int] | None]:
        if info is None:
            return {}
        place: dict[int, tuple[int, int] | None] = {
            pid: (t, s) for t, table in enumerate(info.tables, 1) for s, pid in enumerate(table)
        }
        place.update({pid: None for pid in info.sitting_out})
        return place

    now = places(target)
    before = places(history.rounds[number - 2] if number > 1 else None)
    moves = []
    for pid, place in now.items():
        old = before.get(pid, "new")
        if place is None:
            after, partner, moved = gettext("Sits out"), "", "sits out"
        else:
            t, s = place
            after = _table_seat(t, s)
            partner = names[target.tables[t - 1][(s + 2) % 4]]
            if old == "new":
                moved = "new"
            elif old is None:
                moved = "returns"
            else:
                moved = "up" if t < old[0] else "down" if t > old[0] else "stays"
        if old == "new":
            text = "—"
        elif old is None:
            text = gettext("Sat out")
        else:
            text = _table_seat(old[0], old[1])
        moves.append(Move(names[pid], text, after, partner, moved))
    return sorted(moves, key=lambda m: _name_key(m.name))


@dataclass(frozen=True)
class NavClock:
    """The current round's running clock, as the party's nav shows it."""

    number: int
    ends_at: datetime.datetime

    @property
    def ends(self) -> str:
        return utc_instant(self.ends_at)


def party_nav_clock(party: Party, *, shown=None) -> NavClock | None:
    """The clock of the party's current round while it runs, else None.

    ``shown`` is a round the page already has (a ``Round`` or a
    ``RoundBoard``): an open one is the current round, so its clock is read
    without a query.  Otherwise one query reads the latest round."""
    if shown is not None and shown.number and shown.status == Round.Status.OPEN:
        number, ends_at = shown.number, shown.clock_ends_at
    else:
        latest = (
            Round.objects.filter(party=party)
            .order_by("-number")
            .values_list("number", "status", "clock_ends_at")
            .first()
        )
        if latest is None or latest[1] != Round.Status.OPEN:
            return None
        number, ends_at = latest[0], latest[2]
    if ends_at is None:
        return None
    return NavClock(number=number, ends_at=ends_at)
