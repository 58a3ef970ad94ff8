"""Reads for the players' page: what a phone shows, and what it costs to say "no change".

Two kinds of entry in the Django cache (Redis when configured, else each
process's memory), each with a small in-process memo in front, because a
hall of phones polling every few seconds asks for the same few entries
thousands of times (and a Redis round trip costs more than the rest of the
answer):

* ``party-ver:<public token>`` holds a :class:`PublicState`: the party's
  version and its two switches (:mod:`tournaments.models.page_states`, where it is
  kept and how long a process may trust it).  Every commit that bumps the
  party's version writes it (:mod:`tournaments.models.versions`); a miss
  reads the party's row.  A conditional request whose ETag matches is
  answered from this alone, with no database query.
* ``public-snap:<token>:<version>`` holds a :class:`PublicSnapshot`: the
  standings and every player's seat, by name only, built once per version
  from :func:`selectors.party_history`.  A version's content never changes,
  so these entries need no invalidation; the memo keeps the latest few.

The snapshot holds only what the players' page may show: names as entered,
scores, seats.  No usernames, no audit, nothing else of the host's data.
"""

from __future__ import annotations

import datetime
import unicodedata
from dataclasses import dataclass

from django.core.cache import cache

from pedroparty.memo import LocalMemo

from ..models import Party, page_states
from ..models.page_states import LOCAL_STATE_TTL as LOCAL_STATE_TTL
from ..models.page_states import PublicState
from ..models.page_states import public_state_forget as public_state_forget
from . import PartyHistory, party_history, standings_from_history, utc_instant

#: Seconds a version's snapshot is kept (a party night, with room to spare).
SNAPSHOT_TTL = 12 * 3600


_snapshots = LocalMemo(size=32)


def forget_local() -> None:
    """Empty this process's memos (tests; the cache itself is left alone)."""
    page_states.forget_local()
    _snapshots.clear()


def public_state(token: str) -> PublicState | None:
    """The party's public state: from the memo, the cache, or else its row;
    None for no such party."""
    return page_states.public_state_read(token, _public_state_of_row)


def _public_state_of_row(token: str) -> PublicState | None:
    party = (
        Party.objects.filter(public_token=token)
        .only("pk", "public_token", "version", "public_open", "public_standings", "language")
        .first()
    )
    return None if party is None else PublicState.of(party)


def public_state_latest(token: str) -> PublicState | None:
    """As :func:`public_state`, but a state another process published this
    last second (in the cache) comes before this process's memo: for a poll
    that must see a change at once (table-side entry), at one cache read."""
    state = page_states.public_state_shared(token)
    return state if state is not None else public_state(token)


# --------------------------------------------------------------------- snapshot


def name_order(name: str) -> str:
    """Sort key for names as people look them up: Élodie among the E's."""
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


@dataclass(frozen=True)
class PublicRow:
    """A line of the public standings."""

    rank: int
    shared: bool
    player: int
    name: str
    score: int
    rounds_won: int
    table: int | None
    sitting_out: bool

    @property
    def rank_text(self) -> str:
        return f"={self.rank}" if self.shared else str(self.rank)


@dataclass(frozen=True)
class SeatView:
    """Where one player is in the latest round, as their phone shows it.

    ``status`` is one of ``playing``, ``sitting_out``, ``waiting`` (no round
    seated yet, or round over and the next not seated), ``arriving`` (plays
    from a later round), ``left`` and ``finished``.  Seats are shown 1..4.
    ``new_seat`` flags a seat of a new round (2 or later) before its table's
    first deal: the moment a round closes, the player is told to move.
    """

    player: int
    name: str
    status: str
    round: int | None = None
    table: int | None = None
    seat: int | None = None
    partner: str = ""
    opponents: tuple[str, ...] = ()
    us: int = 0
    them: int = 0
    deals_played: int = 0
    new_seat: bool = False
    moved: str = ""  # "up", "down", "stays", "returns", "new" or ""
    #: Where the player was the round before: table and seat (1..4), or sat out.
    previous_table: int | None = None
    previous_seat: int | None = None
    sat_out_previous: bool = False
    won_previous: bool | None = None
    arrives_round: int | None = None


@dataclass(frozen=True)
class PublicSnapshot:
    version: int
    name: str
    finished: bool
    round: int | None
    round_open: bool
    deals_per_round: int
    sitout_credit: str
    rows: tuple[PublicRow, ...]
    seats: dict[int, SeatView]
    #: The host's round clock while the round is open: when it runs out.
    clock_ends_at: datetime.datetime | None = None
    #: Whether the host has called time for the whole open round.
    time_called: bool = False
    #: The game the party plays (a PARTNERSHIP_RULESETS id), for the link to its rules;
    #: "" in a snapshot cached before it was kept.
    ruleset: str = ""

    @property
    def by_name(self) -> list[PublicRow]:
        return sorted(self.rows, key=lambda row: (name_order(row.name), row.player))

    @property
    def clock_ends(self) -> str:
        """The clock's end as the page's script reads it ("" if none)."""
        return utc_instant(self.clock_ends_at)

    def row_of(self, player: int) -> PublicRow | None:
        return next((row for row in self.rows if row.player == player), None)

    def board(self) -> list[SeatView]:
        """Everyone in the latest round (seated or sitting out), by name."""
        here = [s for s in self.seats.values() if s.table or s.status == "sitting_out"]
        return sorted(here, key=lambda s: (name_order(s.name), s.player))


def _snapshot_key(state: PublicState) -> str:
    return f"public-snap:{state.token}:{state.version}"


def public_snapshot(state: PublicState) -> PublicSnapshot:
    """The party as the players' page shows it at ``state.version`` (cached)."""
    key = _snapshot_key(state)
    snapshot = _snapshots.get(key)
    if snapshot is not None:
        return snapshot
    snapshot = cache.get(key)
    if snapshot is None:
        party = Party.objects.get(pk=state.party_id)
        snapshot = snapshot_from_history(party, party_history(party))
        cache.set(key, snapshot, SNAPSHOT_TTL)
    _snapshots.set(key, snapshot)
    return snapshot


def _places(tables: list[list[int]]) -> dict[int, tuple[int, int]]:
    return {pid: (t, s) for t, table in enumerate(tables, 1) for s, pid in enumerate(table)}


def snapshot_from_history(party: Party, history: PartyHistory) -> PublicSnapshot:
    names = history.names()
    latest = history.rounds[-1] if history.rounds else None
    before = history.rounds[-2] if len(history.rounds) > 1 else None
    finished = party.status == Party.Status.FINISHED
    now = _places(latest.tables) if latest else {}
    then = _places(before.tables) if before else {}
    out_now = set(latest.sitting_out) if latest else set()
    out_then = set(before.sitting_out) if before else set()

    seats: dict[int, SeatView] = {}
    for info in history.players:
        pid, name = info.id, info.name
        if latest is None:
            seats[pid] = SeatView(pid, name, "waiting")
            continue
        common = {"player": pid, "name": name, "round": latest.number}
        if before is not None:
            if pid in then:
                t, s = then[pid]
                common["previous_table"], common["previous_seat"] = t, s + 1
                winner = before.winners[t - 1]
                common["won_previous"] = None if winner is None else winner == s % 2
            elif pid in out_then:
                common["sat_out_previous"] = True
        if finished:
            seats[pid] = SeatView(**common, status="finished")
        elif pid in now:
            t, s = now[pid]
            table = latest.tables[t - 1]
            deals = latest.deals[t - 1]
            team = s % 2
            us = sum(d.score[team] for d in deals)
            them = sum(d.score[1 - team] for d in deals)
            if before is None:
                moved = ""
            elif pid in then:
                moved = "up" if t < then[pid][0] else "down" if t > then[pid][0] else "stays"
            else:
                moved = "returns" if pid in out_then else "new"
            seats[pid] = SeatView(
                **common,
                status="waiting" if latest.closed else "playing",
                table=t,
                seat=s + 1,
                partner=names[table[(s + 2) % 4]],
                opponents=(names[table[(s + 1) % 4]], names[table[(s + 3) % 4]]),
                us=us,
                them=them,
                deals_played=len(deals),
                new_seat=latest.number > 1 and not latest.closed and not deals,
                moved=moved,
            )
        elif pid in out_now:
            seats[pid] = SeatView(**common, status="sitting_out")
        elif info.arrives_round > latest.number:
            seats[pid] = SeatView(**common, status="arriving", arrives_round=info.arrives_round)
        else:
            seats[pid] = SeatView(**common, status="left")

    table_of = {pid: t for pid, (t, _s) in now.items()}
    rows = tuple(
        PublicRow(
            rank=line.rank,
            shared=line.shared,
            player=line.player,
            name=line.name,
            score=line.score,
            rounds_won=line.rounds_won,
            table=table_of.get(line.player),
            sitting_out=line.player in out_now,
        )
        for line in standings_from_history(history).rows
    )
    return PublicSnapshot(
        version=history.version,
        name=party.name,
        finished=finished,
        round=latest.number if latest else None,
        round_open=latest is not None and not latest.closed,
        deals_per_round=history.deals_per_round,
        sitout_credit=history.sitout_credit,
        rows=rows,
        seats=seats,
        clock_ends_at=latest.clock_ends_at if latest and not latest.closed else None,
        time_called=bool(latest and not latest.closed and latest.time_called_tables is not None),
        ruleset=party.ruleset,
    )
