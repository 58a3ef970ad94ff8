"""Reads: turn a party's rows into the plain values the party maths takes.

``party_history`` loads a whole party in a fixed number of queries (however
many tables and rounds it has) into plain dataclasses; standings, movement
and prizes are then computed by the plain-Python modules.  Standings are
cached per party version, so a result entry (which bumps the version)
invalidates them for every process at once.
"""

from __future__ import annotations

import datetime
import unicodedata
from collections import Counter
from dataclasses import dataclass, field

from django.core.cache import cache
from django.db.models import OuterRef, Q, Subquery

from scoring.rules import RULESETS

from . import standings
from .models import (
    AuditEntry,
    DealResult,
    Party,
    Player,
    PrizeAward,
    Round,
    Seat,
    SitOut,
    TableRound,
)
from .tableside_selectors import round_open_entries


@dataclass(frozen=True)
class PlayerInfo:
    id: int
    name: str
    order: int
    arrives_round: int
    leaves_round: int | None

    def present_in(self, number: int) -> bool:
        return self.arrives_round <= number and (
            self.leaves_round is None or number < self.leaves_round
        )


@dataclass(frozen=True)
class DealInfo:
    table: int
    deal: int
    bidder: int
    bid: int
    trump: str
    bidding_team_points: int
    score: tuple[int, int]
    entered_by: str
    entered_at: object
    source: str
    version: int
    id: int


@dataclass
class RoundInfo:
    id: int
    number: int
    status: str
    seating: str
    seed: int | None
    #: The host's round clock: when it runs out (None: not running).
    clock_ends_at: datetime.datetime | None = None
    #: Tables the host's call of time for the whole round marked (None: no call).
    time_called_tables: list[int] | None = None
    #: tables[t - 1] = player ids in seats 0..3
    tables: list[list[int]] = field(default_factory=list)
    sitting_out: list[int] = field(default_factory=list)
    winners: list[int | None] = field(default_factory=list)
    cuts: list[int | None] = field(default_factory=list)
    time_called: list[bool] = field(default_factory=list)
    #: deals[t - 1] = that table's current results, deal order
    deals: list[list[DealInfo]] = field(default_factory=list)

    @property
    def closed(self) -> bool:
        return self.status == Round.Status.CLOSED


@dataclass
class PartyHistory:
    party_id: int
    version: int
    deals_per_round: int
    movement: str
    sitout_credit: str
    players: list[PlayerInfo]
    rounds: list[RoundInfo]

    @property
    def registration(self) -> list[int]:
        return [p.id for p in self.players]

    def names(self) -> dict[int, str]:
        return {p.id: p.name for p in self.players}


_DEAL_COLUMNS = (
    "table",
    "deal",
    "bidder",
    "bid",
    "trump",
    "bidding_team_points",
    "score0",
    "score1",
    "entered_by__username",
    "entered_at",
    "source",
    "version",
    "id",
)


def _deal_info(row: tuple) -> DealInfo:
    """A DealInfo from the values of ``_DEAL_COLUMNS``."""
    table, deal, bidder, bid, trump, points, s0, s1, who, at, src, ver, pk = row
    return DealInfo(table, deal, bidder, bid, trump, points, (s0, s1), who or "", at, src, ver, pk)


def party_history(party: Party, *, details: bool = True) -> PartyHistory:
    """The whole party as plain values, in six queries.

    Without ``details`` each deal carries its numbers only (who entered it,
    when, its source, version and id are left blank): enough for standings
    and prizes, and much cheaper for a big party.
    """
    players = [
        PlayerInfo(*row)
        for row in Player.objects.filter(party=party)
        .order_by("order")
        .values_list("id", "name", "order", "arrives_round", "leaves_round")
    ]
    rounds = {
        row[0]: RoundInfo(*row)
        for row in Round.objects.filter(party=party)
        .order_by("number")
        .values_list(
            "id", "number", "status", "seating", "seed", "clock_ends_at", "time_called_tables"
        )
    }
    for round_id, table, seat, player_id in Seat.objects.filter(round__party=party).values_list(
        "round_id", "table", "seat", "player_id"
    ):
        tables = rounds[round_id].tables
        while len(tables) < table:
            tables.append([0, 0, 0, 0])
        tables[table - 1][seat] = player_id
    for info in rounds.values():
        count = len(info.tables)
        info.winners = [None] * count
        info.cuts = [None] * count
        info.time_called = [False] * count
        info.deals = [[] for _ in range(count)]
    for round_id, player_id in (
        SitOut.objects.filter(round__party=party)
        .order_by("player__order")
        .values_list("round_id", "player_id")
    ):
        rounds[round_id].sitting_out.append(player_id)
    for round_id, table, winner, cut, called in TableRound.objects.filter(
        round__party=party
    ).values_list("round_id", "table", "winner", "cut_winner", "time_called"):
        info = rounds[round_id]
        if table <= len(info.tables):
            info.winners[table - 1] = winner
            info.cuts[table - 1] = cut
            info.time_called[table - 1] = called
    deals = DealResult.objects.filter(round__party=party, is_current=True).order_by(
        "round_id", "table", "deal"
    )
    if details:
        for row in deals.values_list("round_id", *_DEAL_COLUMNS):
            rounds[row[0]].deals[row[1] - 1].append(_deal_info(row[1:]))
    else:
        for round_id, table, deal, bidder, bid, trump, points, s0, s1 in deals.values_list(
            "round_id", *_DEAL_COLUMNS[:8]
        ):
            rounds[round_id].deals[table - 1].append(
                DealInfo(table, deal, bidder, bid, trump, points, (s0, s1), "", None, "", 0, 0)
            )
    return PartyHistory(
        party_id=party.pk,
        version=party.version,
        deals_per_round=party.deals_per_round,
        movement=party.movement,
        sitout_credit=party.sitout_credit,
        players=players,
        rounds=list(rounds.values()),
    )


# --------------------------------------------------------------------- boards


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
        _deal_info(row)
        for row in DealResult.objects.filter(round=rnd, table=table, is_current=True)
        .order_by("deal")
        .values_list(*_DEAL_COLUMNS)
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


def player_roster(party: Party) -> list[RosterLine]:
    """Registered players in registration order with where they sit now."""
    history = party_history(party)
    where: dict[int, str] = {}
    if history.rounds:
        info = history.rounds[-1]
        for t, table in enumerate(info.tables, start=1):
            for s, pid in enumerate(table):
                where[pid] = f"Table {t}, seat {s + 1}"
        for pid in info.sitting_out:
            where[pid] = "Sitting out"
    return [
        RosterLine(p.id, p.name, p.order, p.arrives_round, p.leaves_round, where.get(p.id, ""))
        for p in history.players
    ]


#: The audit action of a party loaded from a party file.
PARTY_LOAD_ACTION = "party_load"


def party_names_on(*, user, date) -> list[str]:
    """The names of the parties ``user`` owns on ``date``."""
    return list(Party.objects.filter(owner=user, date=date).values_list("name", flat=True))


@dataclass(frozen=True)
class PartyLine:
    """One party in the host's list."""

    slug: str
    name: str
    date: object
    venue: str
    status: str
    status_label: str
    #: When the party was loaded from a party file, or None.
    loaded_at: object


def parties_hosted(*, user) -> list[PartyLine]:
    """The parties ``user`` hosts (all of them for staff), newest date first,
    with when each was loaded from a file, in one query."""
    parties = Party.objects.all()
    if not user.is_staff:
        parties = parties.filter(Q(owner=user) | Q(cohosts=user)).distinct()
    loaded = AuditEntry.objects.filter(party=OuterRef("pk"), action=PARTY_LOAD_ACTION)
    rows = parties.annotate(loaded_at=Subquery(loaded.order_by("at").values("at")[:1])).order_by(
        "-date", "-id"
    )
    return [
        PartyLine(p.slug, p.name, p.date, p.venue, p.status, p.get_status_display(), p.loaded_at)
        for p in rows
    ]


@dataclass(frozen=True)
class PartyContents:
    """What deleting a party would lose, counted."""

    players: int
    rounds: int
    deals: int
    prizes: int
    awards: int
    documents: int


def party_contents(party: Party) -> PartyContents:
    """The party's players, rounds, deals entered, prizes, awards and printouts, counted."""
    return PartyContents(
        players=party.players.count(),
        rounds=party.rounds.count(),
        deals=DealResult.objects.filter(round__party=party, is_current=True).count(),
        prizes=party.prizes.count(),
        awards=PrizeAward.objects.filter(prize__party=party).count(),
        documents=party.documents.count(),
    )


def earlier_player_names(user, party: Party | None, prefix: str = "") -> list[str]:
    """Names of players from the host's other parties, for type-ahead."""
    query = Player.objects.filter(party__owner=user)
    if party is not None:
        query = query.exclude(party=party)
    if prefix:
        query = query.filter(name__istartswith=prefix)
    return sorted(set(query.values_list("name", flat=True)), key=str.casefold)


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
            after, partner, moved = "Sits out", "", "sits out"
        else:
            t, s = place
            after = f"Table {t}, seat {s + 1}"
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
            text = "Sat out"
        else:
            text = f"Table {old[0]}, seat {old[1] + 1}"
        moves.append(Move(names[pid], text, after, partner, moved))
    return sorted(moves, key=lambda m: _name_key(m.name))


# --------------------------------------------------------------------- standings


@dataclass(frozen=True)
class StandingLine:
    rank: int
    player: int
    name: str
    score: int
    rounds_won: int
    sitouts: int
    shared: bool
    place: str  # where the player sits in the latest round


@dataclass(frozen=True)
class Standings:
    version: int
    rows: tuple[StandingLine, ...]

    def by_player(self) -> dict[int, StandingLine]:
        return {row.player: row for row in self.rows}


def round_results(history: PartyHistory) -> list[standings.RoundResult]:
    """Each round as the standings maths takes it (open rounds count so far)."""
    return [
        standings.RoundResult(
            tables=tuple(
                standings.TableResult(
                    seats=tuple(table),
                    deal_scores=tuple(d.score for d in info.deals[t]),
                    winner=info.winners[t] if info.closed else None,
                )
                for t, table in enumerate(info.tables)
            ),
            sitting_out=tuple(info.sitting_out),
        )
        for info in history.rounds
    ]


def standings_from_history(history: PartyHistory) -> Standings:
    tallies = [
        standings.round_tally(result, option=history.sitout_credit)
        for result in round_results(history)
    ]
    players = [(p.id, p.name) for p in history.players]
    return _standings_table(history.version, tallies, players)


def _standings_table(
    version: int, tallies: list[standings.RoundTally], players: list[tuple[int, str]]
) -> Standings:
    """The standings lines from each round's tally, players in registration order."""
    rows = standings.standings_from_tallies(tallies, registration=[pid for pid, _ in players])
    names = dict(players)
    place: dict[int, str] = {}
    if tallies:
        latest = tallies[-1]
        place = {pid: f"Table {number}" for pid, number in latest.table_of.items()}
        place.update(dict.fromkeys(latest.sitting_out, "Sitting out"))
    sharing = Counter(row.rank for row in rows)
    return Standings(
        version=version,
        rows=tuple(
            StandingLine(
                rank=row.rank,
                player=row.player,
                name=names[row.player],
                score=row.score,
                rounds_won=row.rounds_won,
                sitouts=row.sitouts,
                shared=sharing[row.rank] > 1,
                place=place.get(row.player, ""),
            )
            for row in rows
        ),
    )


def party_standings(party: Party) -> Standings:
    """The standings, cached per party version (any process, any cache).

    On a miss only the rounds that changed since they were last cached are
    read from the database: each round's share is cached under its own
    version, so entering a result re-reads one round, not the whole night.
    The query count is the same however many tables and rounds there are.
    """
    # The random public token keeps a recreated database (restored, or a test
    # run) from reading another party's cached standings under a reused id.
    key = f"standings:{party.pk}:{party.public_token}:{party.version}"
    table = cache.get(key)
    if table is None:
        table = _standings_compute(party)
        cache.set(key, table, 6 * 3600)
    return table


def _standings_compute(party: Party) -> Standings:
    players = list(Player.objects.filter(party=party).order_by("order").values_list("id", "name"))
    rounds = list(
        Round.objects.filter(party=party).order_by("number").values_list("id", "version", "status")
    )
    keys = {
        round_id: f"round-tally:{party.public_token}:{party.sitout_credit}:{round_id}:{version}"
        for round_id, version, _ in rounds
    }
    cached = cache.get_many(list(keys.values())) if keys else {}
    missing = {
        round_id: status == Round.Status.CLOSED
        for round_id, _, status in rounds
        if keys[round_id] not in cached
    }
    loaded = {
        round_id: standings.round_tally(result, option=party.sitout_credit)
        for round_id, result in _round_results_load(missing).items()
    }
    if loaded:
        cache.set_many({keys[round_id]: result for round_id, result in loaded.items()}, 6 * 3600)
    tallies = [cached.get(keys[round_id]) or loaded[round_id] for round_id, _, _ in rounds]
    return _standings_table(party.version, tallies, players)


def _round_results_load(closed: dict[int, bool]) -> dict[int, standings.RoundResult]:
    """Rounds (id -> whether closed) as the standings maths takes them, read in
    four queries; an open round's tables have no winner yet."""
    if not closed:
        return {}
    round_ids = list(closed)
    grids: dict[int, dict[int, list[int]]] = {round_id: {} for round_id in round_ids}
    for round_id, table, seat, pid in Seat.objects.filter(round_id__in=round_ids).values_list(
        "round_id", "table", "seat", "player_id"
    ):
        grids[round_id].setdefault(table, [0, 0, 0, 0])[seat] = pid
    sitting: dict[int, list[int]] = {round_id: [] for round_id in round_ids}
    for round_id, pid in (
        SitOut.objects.filter(round_id__in=round_ids)
        .order_by("player__order")
        .values_list("round_id", "player_id")
    ):
        sitting[round_id].append(pid)
    winners: dict[tuple[int, int], int | None] = {
        (round_id, table): winner
        for round_id, table, winner in TableRound.objects.filter(
            round_id__in=round_ids
        ).values_list("round_id", "table", "winner")
    }
    scores: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for round_id, table, s0, s1 in (
        DealResult.objects.filter(round_id__in=round_ids, is_current=True)
        .order_by("deal")
        .values_list("round_id", "table", "score0", "score1")
    ):
        scores.setdefault((round_id, table), []).append((s0, s1))
    return {
        round_id: standings.RoundResult(
            tables=tuple(
                standings.TableResult(
                    seats=tuple(grid[table]),
                    deal_scores=tuple(scores.get((round_id, table), ())),
                    winner=winners.get((round_id, table)) if closed[round_id] else None,
                )
                for table in sorted(grid)
            ),
            sitting_out=tuple(sitting[round_id]),
        )
        for round_id, grid in grids.items()
    }


# --------------------------------------------------------------------- prizes


def _bid_records(history: PartyHistory) -> list[standings.BidRecord]:
    return [
        standings.BidRecord(tuple(table), d.bidder, d.bid, d.bidding_team_points)
        for info in history.rounds
        for t, table in enumerate(info.tables)
        for d in info.deals[t]
    ]


def special_prize_winners(party: Party) -> dict[str, list[int]]:
    """Winners of the special prizes (ties share): low score among the players
    who took part, most shoots made, highest bid made."""
    history = party_history(party)
    rows = standings.compute_standings(
        round_results(history), registration=history.registration, option=history.sitout_credit
    )
    took_part = {pid for info in history.rounds for table in info.tables for pid in table}
    took_part |= {pid for info in history.rounds for pid in info.sitting_out}
    bids = _bid_records(history)
    rs = RULESETS[party.ruleset]  # whether a bid was made needs no house option
    return {
        "low_score": list(standings.low_score([r for r in rows if r.player in took_part]).players),
        "most_shoots": list(
            standings.most_shoots_made(bids, registration=history.registration, ruleset=rs).players
        ),
        "highest_bid": list(
            standings.highest_bid_made(bids, registration=history.registration, ruleset=rs).players
        ),
    }


@dataclass(frozen=True)
class PrizeTurn:
    pick: int
    player: int
    name: str
    rank: int
    score: int


def prize_order(party: Party) -> list[PrizeTurn]:
    """Who picks a place prize, in order: rank order, ties in the host's order."""
    table = party_standings(party)
    place_prizes = list(
        party.prizes.filter(kind="place").order_by("position").values_list("name", flat=True)
    )
    rows = [
        standings.StandingRow(r.rank, r.player, r.score, r.rounds_won, r.sitouts)
        for r in table.rows
    ]
    picks = standings.award_prizes(rows, place_prizes, tie_order=party.tie_order or None)
    lines = table.by_player()
    return [
        PrizeTurn(p.pick, p.player, lines[p.player].name, p.rank, lines[p.player].score)
        for p in picks
    ]


def prize_turn(party: Party) -> PrizeTurn | None:
    """The next player to pick a place prize, or None when all have picked."""
    picked = set(
        PrizeAward.objects.filter(prize__party=party, prize__kind="place").values_list(
            "player_id", flat=True
        )
    )
    for turn in prize_order(party):
        if turn.player not in picked:
            return turn
    return None


def prize_latest_pick(party: Party) -> int | None:
    """The place prize picked last (the one a host may put back), or None."""
    picks = dict(
        PrizeAward.objects.filter(prize__party=party, prize__kind="place").values_list(
            "player_id", "prize_id"
        )
    )
    latest = None
    for turn in prize_order(party):
        if turn.player in picks:
            latest = picks[turn.player]
    return latest


@dataclass
class PrizeLine:
    id: int
    name: str
    kind: str
    kind_label: str
    winners: list[str]


def prize_board(party: Party) -> list[PrizeLine]:
    """Every prize with who has it so far."""
    lines = {
        prize.pk: PrizeLine(prize.pk, prize.name, prize.kind, prize.get_kind_display(), [])
        for prize in party.prizes.order_by("kind", "position")
    }
    awards = PrizeAward.objects.filter(prize__party=party).order_by("rank", "player__order")
    for prize_id, name in awards.values_list("prize_id", "player__name"):
        lines[prize_id].winners.append(name)
    return list(lines.values())


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
