"""Reads for table-side entry: a table's link, its phone page, the entries
waiting on the host's grid."""

from __future__ import annotations

from dataclasses import dataclass

from django.core.cache import cache

from pedroparty.memo import LocalMemo
from scoring.rules.cards import SUIT_SYMBOLS

from ..models import DealResult, Round, Seat, TableEntry, TableRound

#: Seconds the cache keeps a table link's party (a night, with room to spare).
PARTY_TOKEN_TTL = 12 * 3600


@dataclass(frozen=True)
class EntryLine:
    """A deal entered at a table, as the phones and the host's grid show it."""

    entry_id: int
    deal: int
    entered_seat: int
    entered_by: str
    bidder: int
    bidder_name: str
    bid: int
    trump: str
    bidding_team_points: int
    status: str
    reject_reason: str
    #: The other team's points, where the game's point cards can leave play.
    other_team_points: int | None = None

    @property
    def team(self) -> int:
        return self.entered_seat % 2

    @property
    def trump_symbol(self) -> str:
        return SUIT_SYMBOLS.get(self.trump, "")

    @property
    def rejected(self) -> bool:
        return self.status == TableEntry.Status.REJECTED


@dataclass(frozen=True)
class ScoredDeal:
    deal: int
    bidder_name: str
    bid: int
    score: tuple[int, int]
    trump: str = ""
    other_team_points: int | None = None

    @property
    def trump_symbol(self) -> str:
        return SUIT_SYMBOLS.get(self.trump, "")


@dataclass
class TablePage:
    """One table of one round, as its players' phones show it."""

    round: Round
    table: int
    #: players[seat] = name, seats 0..3 (teams: seats 0 & 2, seats 1 & 3)
    players: list[str]
    scored: list[ScoredDeal]
    entries: list[EntryLine]
    deals_wanted: int

    @property
    def closed(self) -> bool:
        return self.round.status != Round.Status.OPEN

    @property
    def totals(self) -> tuple[int, int]:
        return (sum(d.score[0] for d in self.scored), sum(d.score[1] for d in self.scored))

    @property
    def next_deal(self) -> int | None:
        """The first deal with no result and no entry waiting for confirmation."""
        taken = {d.deal for d in self.scored}
        taken |= {e.deal for e in self.entries if not e.rejected}
        for deal in range(1, self.deals_wanted + 1):
            if deal not in taken:
                return deal
        return None

    def entry(self, deal: int) -> EntryLine | None:
        return next((e for e in self.entries if e.deal == deal), None)


#: Table links (their tokens) -> their party's public token: a link never
#: changes party, so this process keeps what it has read.
_parties = LocalMemo(size=2000)


def table_party_token(*, token: str) -> str | None:
    """The public token of the party a table-side link belongs to, from this
    process's memo or the cache, else one query; None for no such link."""
    party = _parties.get(token)
    if party is not None:
        return party
    key = f"tableside-party:{token}"
    party = cache.get(key)
    if party is None:
        party = (
            TableRound.objects.filter(entry_token=token)
            .values_list("round__party__public_token", flat=True)
            .first()
        )
        if party is None:
            return None
        cache.set(key, party, PARTY_TOKEN_TTL)
    _parties.set(token, party)
    return party


def table_by_token(*, token: str) -> TableRound | None:
    """The table a table-side link opens, with its round and party; None if
    no table has that link."""
    return TableRound.objects.select_related("round__party").filter(entry_token=token).first()


def _names(round_id: int, table: int | None = None) -> dict[tuple[int, int], str]:
    seats = Seat.objects.filter(round_id=round_id)
    if table is not None:
        seats = seats.filter(table=table)
    return {(t, s): name for t, s, name in seats.values_list("table", "seat", "player__name")}


def _entry_lines(entries, names: dict[tuple[int, int], str]) -> list[EntryLine]:
    return [
        EntryLine(
            entry_id=e.pk,
            deal=e.deal,
            entered_seat=e.entered_seat,
            entered_by=names.get((e.table, e.entered_seat), "?"),
            bidder=e.bidder,
            bidder_name=names.get((e.table, e.bidder), "?"),
            bid=e.bid,
            trump=e.trump,
            bidding_team_points=e.bidding_team_points,
            status=e.status,
            reject_reason=e.reject_reason,
            other_team_points=e.other_team_points,
        )
        for e in entries
    ]


def table_page(*, table_round: TableRound) -> TablePage:
    """The phone page of one table: its players, scored deals and open entries
    (four queries)."""
    rnd = table_round.round
    table = table_round.table
    names = _names(rnd.pk, table)
    scored = [
        ScoredDeal(deal, names.get((table, bidder), "?"), bid, (s0, s1), trump, other)
        for deal, bidder, bid, s0, s1, trump, other in DealResult.objects.filter(
            round=rnd, table=table, is_current=True
        )
        .order_by("deal")
        .values_list("deal", "bidder", "bid", "score0", "score1", "trump", "other_team_points")
    ]
    entries = TableEntry.objects.filter(
        round=rnd, table=table, status__in=TableEntry.OPEN
    ).order_by("deal")
    return TablePage(
        round=rnd,
        table=table,
        players=[names.get((table, seat), "?") for seat in range(4)],
        scored=scored,
        entries=_entry_lines(entries, names),
        deals_wanted=rnd.party.deals_per_round,
    )


def round_open_entries(*, round_id: int) -> dict[int, list[EntryLine]]:
    """The entries of a round still waiting for an answer, by table (two queries)."""
    entries = list(
        TableEntry.objects.filter(round_id=round_id, status__in=TableEntry.OPEN).order_by(
            "table", "deal"
        )
    )
    if not entries:
        return {}
    names = _names(round_id)
    by_table: dict[int, list[EntryLine]] = {}
    for entry, line in zip(entries, _entry_lines(entries, names), strict=True):
        by_table.setdefault(entry.table, []).append(line)
    return by_table


def table_open_entry(*, round_id: int, table: int, deal: int) -> EntryLine | None:
    """The deal's entry from the table still waiting for an answer (pending,
    or rejected and not entered again), or None (two queries)."""
    entries = list(
        TableEntry.objects.filter(
            round_id=round_id, table=table, deal=deal, status__in=TableEntry.OPEN
        ).order_by("-pk")[:1]
    )
    if not entries:
        return None
    return _entry_lines(entries, _names(round_id, table))[0]
