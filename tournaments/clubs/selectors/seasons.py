"""A season's table, and what its public page needs to say "no change".

Like the players' page (:mod:`tournaments.selectors.public`), two kinds of
entry in the Django cache, each with a small in-process memo in front:

* ``season-ver:<public token>`` holds a :class:`SeasonState`: the season's
  version and whether its public page is open
  (:mod:`tournaments.models.page_states`).  Every commit that bumps the season's
  version writes it; a miss reads the season's row.  A poll whose ETag
  matches is answered from this alone, with no database query.
* ``season-table:<id>:<token>:<version>:<public|all>`` holds a
  :class:`SeasonTable`, built once per version from each party's cached
  standings.  Every change to the season, its club, one of its parties or a
  member who played there bumps the version
  (:mod:`tournaments.models.versions`), so an entry never needs invalidating.

**A party whose standings are hidden.**  A host may hide the party's
players' page or its standings (``Party.public_open``,
``Party.public_standings``).  The *public* table (the public season page,
the JSON API without an organiser's token) leaves that night out of every
figure, as if it had not been played yet: its members' totals, nights,
averages and rounds won are those of the nights shown, and the table says
how many nights it leaves out (``held_back``).  The night is still listed
among the season's parties, by name and date only.  As soon as the host
shows the standings, the party's version and so the season's move on and
the night counts.  The organisers' table (``public=False``: their season
page, the CSV file, the API with an organiser's token) counts every night
and names the ones the public table leaves out.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from decimal import Decimal

from django.core.cache import cache

from pedroparty.memo import LocalMemo

from ...game import ratings as rating_model
from ...game.season_table import Night, season_standings
from ...models import Party, Player, Season, page_states
from ...models.page_states import SeasonState
from ...selectors.results import party_standings
from .ratings import season_ratings

#: Seconds a version's table is kept (it never changes; a new version comes).
TABLE_TTL = 12 * 3600

_tables = LocalMemo(size=32)


def forget_local() -> None:
    """Empty this process's memos (tests, the bench; the cache is left alone)."""
    page_states.forget_local()
    _tables.clear()


@dataclass(frozen=True)
class SeasonParty:
    party_id: int
    slug: str
    name: str
    date: datetime.date
    status: str
    #: Whether its players' page shows its standings (page open, standings
    #: shown): only then does the public table count the night.
    shown: bool = True

    @property
    def played(self) -> bool:
        """Whether the night has begun: a party still registering its
        players brings no night to the table."""
        return self.status != Party.Status.SETUP


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
    #: The member's rating after their last night of the season (None: not
    #: rated), and the rounds it has learnt from.
    rating: float | None = None
    rating_rounds: int = 0

    @property
    def provisional(self) -> bool:
        return rating_model.provisional(self.rating_rounds)


@dataclass(frozen=True)
class Improved:
    """The member whose rating the season's nights raised the most."""

    member_id: int
    name: str
    change: float


@dataclass(frozen=True)
class SeasonTable:
    """The season's standings (:mod:`tournaments.game.season_table` says what counts)
    and its parties, earliest first.

    ``public``: the table anyone may see, without the nights whose standings
    their host hides; else the organisers' table, with every night."""

    season_id: int
    name: str
    club_name: str
    version: int
    best_of: int | None
    parties: list[SeasonParty]
    rows: list[SeasonLine]
    public: bool = True
    most_improved: Improved | None = None
    #: A correction is being worked into the club's ratings.
    ratings_recomputing: bool = False

    @property
    def provisional_rounds(self) -> int:
        return rating_model.PROVISIONAL_ROUNDS

    @property
    def held_back(self) -> list[SeasonParty]:
        """The nights played whose standings their host hides: left out of
        the public table's figures, counted in the organisers'."""
        return [party for party in self.parties if party.played and not party.shown]

    @property
    def shared_ranks(self) -> frozenset[int]:
        """The ranks two members or more share (shown "=2")."""
        seen: set[int] = set()
        shared: set[int] = set()
        for row in self.rows:
            (shared if row.rank in seen else seen).add(row.rank)
        return frozenset(shared)


def season_state(token: str) -> SeasonState | None:
    """The season's public state: from the memo, the cache, or else its row;
    None for no such season."""
    return page_states.season_state_read(token, _season_state_of_row)


def _season_state_of_row(token: str) -> SeasonState | None:
    season = (
        Season.objects.filter(public_token=token)
        .only("pk", "public_token", "version", "public_open")
        .first()
    )
    return None if season is None else SeasonState.of(season)


def seasons_of_club(*, club_id: int) -> list[Season]:
    """The club's seasons, newest first."""
    return list(Season.objects.filter(club_id=club_id))


def season_table(season: Season, *, public: bool = True) -> SeasonTable:
    """The season's table at its current version, public (the default) or
    the organisers' (``public=False``): one query for the version when the
    table is cached (this process's memo, else the cache)."""
    version, token = Season.objects.filter(pk=season.pk).values_list("version", "public_token")[0]
    return season_table_at(season_id=season.pk, token=token, version=version, public=public)


def season_table_at(
    *, season_id: int, token: str, version: int, public: bool = True
) -> SeasonTable:
    """The season's table at ``version`` (from :func:`season_state`, say),
    public or the organisers': no query when cached."""
    # The random token keeps a recreated database (restored, or a test run)
    # from reading another season's table under a reused id.
    key = f"season-table:{season_id}:{token}:{version}:{'public' if public else 'all'}"
    table = _tables.get(key)
    if table is not None:
        return table
    table = cache.get(key)
    if table is None:
        table = _table_compute(season_id, version, public)
        cache.set(key, table, TABLE_TTL)
    _tables.set(key, table)
    return table


def _table_compute(season_id: int, version: int, public: bool) -> SeasonTable:
    """The table from each started party's standings (cached per party version)
    and who of its players are members: three queries, plus each party whose
    standings are not cached.  The public table leaves out the nights whose
    standings are hidden."""
    season = Season.objects.select_related("club").get(pk=season_id)
    rows = list(Party.objects.filter(season_id=season_id).order_by("date", "id"))
    parties = [
        SeasonParty(
            party_id=party.pk,
            slug=party.slug,
            name=party.name,
            date=party.date,
            status=party.status,
            shown=party.public_open and party.public_standings,
        )
        for party in rows
    ]
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
        for position, (row, party) in enumerate(zip(rows, parties, strict=True))
        if party.played and (party.shown or not public)
        for line in party_standings(row).rows
        if line.player in members
    ]
    rated = season_ratings(
        club_id=season.club_id,
        party_ids=[
            row.pk for row, party in zip(rows, parties, strict=True) if party.shown or not public
        ],
        public=public,
    )
    lines = [
        SeasonLine(
            rank=row.rank,
            member_id=row.member,
            name=row.name,
            total=row.total,
            parties=row.parties,
            average=row.average,
            rounds_won=row.rounds_won,
            nights_counted=row.nights_counted,
            rating=rated[row.member].shown if row.member in rated else None,
            rating_rounds=rated[row.member].rounds if row.member in rated else 0,
        )
        for row in season_standings(nights, best_of=season.best_of)
    ]
    improved = max(
        (line for line in lines if line.member_id in rated),
        key=lambda line: (rated[line.member_id].change, -line.rank),
        default=None,
    )
    return SeasonTable(
        season_id=season.pk,
        name=season.name,
        club_name=season.club.name,
        version=version,
        best_of=season.best_of,
        parties=parties,
        rows=lines,
        public=public,
        most_improved=(
            Improved(improved.member_id, improved.name, rated[improved.member_id].change)
            if improved is not None and rated[improved.member_id].change > 0
            else None
        ),
        ratings_recomputing=season.club.ratings_from is not None,
    )
