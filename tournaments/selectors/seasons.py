"""A season's table, and what its public page needs to say "no change".

Like the players' page (:mod:`tournaments.public_selectors`), two kinds of
entry in the Django cache, each with a small in-process memo in front:

* ``season-ver:<public token>`` holds a :class:`SeasonState`: the season's
  version and whether its public page is open.  ``services.season_bump``
  writes it once a change commits; a miss reads the season's row.  The cache
  keeps it :data:`SEASON_STATE_TTL` seconds and a memo
  :data:`LOCAL_STATE_TTL` seconds, which bounds how long any process can go
  on believing an old version.  A poll whose ETag matches is answered from
  this alone, with no database query.
* ``season-table:<id>:<token>:<version>`` holds a :class:`SeasonTable`,
  built once per version from each party's cached standings.  Every change
  to the season or to one of its parties bumps the version, so an entry
  never needs invalidating.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from decimal import Decimal

from django.core.cache import cache

from pedroparty.memo import LocalMemo

from ..models import Party, Player, Season
from ..seasons import Night, season_standings
from .results import party_standings

#: Seconds the cache keeps a season's public state before its row is read again:
#: written on every commit, so this bounds only how late a page can be when two
#: commits store their states in the other order (a season poll is every 3 s).
SEASON_STATE_TTL = 5
#: Seconds a process trusts its own memo of a season's public state.
LOCAL_STATE_TTL = 1.0
#: Seconds a version's table is kept (it never changes; a new version comes).
TABLE_TTL = 12 * 3600

_states = LocalMemo(size=1000, ttl=LOCAL_STATE_TTL)
_tables = LocalMemo(size=32)


def forget_local() -> None:
    """Empty this process's memos (tests, the bench; the cache is left alone)."""
    _states.clear()
    _tables.clear()


@dataclass(frozen=True)
class SeasonParty:
    party_id: int
    slug: str
    name: str
    date: datetime.date
    status: str


@dataclass(frozen=True)
class SeasonLine:
    rank: int
    member_id: int
    name: str
    total: int
    parties: int
    average: Decimal
    rounds_won: int
    nights_counted: int


@dataclass(frozen=True)
class SeasonTable:
    """The season's standings (:mod:`tournaments.seasons` says what counts)
    and its parties, earliest first."""

    season_id: int
    name: str
    club_name: str
    version: int
    best_of: int | None
    parties: list[SeasonParty]
    rows: list[SeasonLine]

    @property
    def shared_ranks(self) -> frozenset[int]:
        """The ranks two members or more share (shown "=2")."""
        seen: set[int] = set()
        shared: set[int] = set()
        for row in self.rows:
            (shared if row.rank in seen else seen).add(row.rank)
        return frozenset(shared)


@dataclass(frozen=True)
class SeasonState:
    """What decides every answer of the public season page."""

    season_id: int
    token: str
    version: int
    open: bool

    @classmethod
    def of(cls, season: Season) -> SeasonState:
        return cls(season.pk, season.public_token, season.version, season.public_open)


def _state_key(token: str) -> str:
    return f"season-ver:{token}"


def season_state(token: str) -> SeasonState | None:
    """The season's public state: from the memo, the cache, or else its row;
    None for no such season."""
    state = _states.get(token)
    if state is not None:
        return state
    state = cache.get(_state_key(token))
    if state is None:
        season = (
            Season.objects.filter(public_token=token)
            .only("pk", "public_token", "version", "public_open")
            .first()
        )
        if season is None:
            return None
        state = SeasonState.of(season)
        cache.set(_state_key(token), state, SEASON_STATE_TTL)
    _states.set(token, state)
    return state


def season_state_store(state: SeasonState) -> None:
    """Publish a committed change: called by ``services.season_bump`` on commit."""
    cache.set(_state_key(state.token), state, SEASON_STATE_TTL)
    _states.set(state.token, state)


def seasons_of_club(*, club_id: int) -> list[Season]:
    """The club's seasons, newest first."""
    return list(Season.objects.filter(club_id=club_id))


def season_table(season: Season) -> SeasonTable:
    """The season's table at its current version: one query for the version
    when the table is cached (this process's memo, else the cache)."""
    version, token = Season.objects.filter(pk=season.pk).values_list("version", "public_token")[0]
    return season_table_at(season_id=season.pk, token=token, version=version)


def season_table_at(*, season_id: int, token: str, version: int) -> SeasonTable:
    """The season's table at ``version`` (from :func:`season_state`, say):
    no query when cached."""
    # The random token keeps a recreated database (restored, or a test run)
    # from reading another season's table under a reused id.
    key = f"season-table:{season_id}:{token}:{version}"
    table = _tables.get(key)
    if table is not None:
        return table
    table = cache.get(key)
    if table is None:
        table = _table_compute(season_id, version)
        cache.set(key, table, TABLE_TTL)
    _tables.set(key, table)
    return table


def _table_compute(season_id: int, version: int) -> SeasonTable:
    """The table from each started party's standings (cached per party version)
    and who of its players are members: three queries, plus each party whose
    standings are not cached."""
    season = Season.objects.select_related("club").get(pk=season_id)
    parties = list(Party.objects.filter(season_id=season_id).order_by("date", "id"))
    members = {
        player: (member, name)
        for player, member, name in Player.objects.filter(
            party__season_id=season_id, member__isnull=False
        ).values_list("id", "member_id", "member__name")
    }
    nights = [
        Night(
            member=members[line.player][0],
            name=members[line.player][1],
            party=position,
            score=line.score,
            rounds_won=line.rounds_won,
        )
        for position, party in enumerate(parties)
        # A party counts from its first round: before, every score is 0.
        if party.status != Party.Status.SETUP
        for line in party_standings(party).rows
        if line.player in members
    ]
    rows = season_standings(nights, best_of=season.best_of)
    return SeasonTable(
        season_id=season.pk,
        name=season.name,
        club_name=season.club.name,
        version=version,
        best_of=season.best_of,
        parties=[
            SeasonParty(party_id=p.pk, slug=p.slug, name=p.name, date=p.date, status=p.status)
            for p in parties
        ],
        rows=[
            SeasonLine(
                rank=row.rank,
                member_id=row.member,
                name=row.name,
                total=row.total,
                parties=row.parties,
                average=row.average,
                rounds_won=row.rounds_won,
                nights_counted=row.nights_counted,
            )
            for row in rows
        ],
    )
