"""Online games in a club's ratings: a finished casual table (to a target
or for a number of deals) where a club member had a seat is one match
between its two teams, as a round at a party table is.

* The team that won the game wins the match; a game of a number of deals
  that ends level is a draw.  Then each bid of the game that its bidder did
  not make is a match the bidder loses to their partner, as at a party.
* A seat linked to one of the club's members (``OnlineSeat.member``, set
  by a signed-in organiser or scorer of the club when the table was made)
  plays with the member's rating and is rated; a bot the creator handed the
  seat to for a while does not change that: the game stays the member's.
* A computer player's seat plays with its level's fixed rating
  (``ratings.BOT_RATINGS``) and is never rated.
* Any other person (no member link, or another club's member) plays as a
  newcomer and is not rated, as a guest at a party.
* A party's online table is not an online game here: its deals are the
  party's and are rated with its rounds.

The game falls in the club's history on the day its last deal ended, after
that day's party rounds (``models.ratings.HISTORY``).

Plain readings; :mod:`.ratings` stores the rows.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.utils import timezone

from scoring.models import OnlineDeal, OnlineSeat, OnlineTable

from ...game import ratings as model
from ...models import Member


@dataclass(frozen=True)
class OnlineGame:
    """One finished online game as one of a club's matches, and where it
    falls in the club's history."""

    match: model.Match
    date: datetime.date
    table_id: int

    @property
    def place(self) -> tuple:
        """Its sort key beside a party round's ``(date, 0, party, number, table)``."""
        return (self.date, 1, 0, 0, self.table_id)


def online_key(table_id: int) -> tuple[str, int]:
    """The match key of an online game (a party round's is ``(round, table)``)."""
    return ("online", table_id)


def game_of(
    *,
    table: OnlineTable,
    seats: Sequence[OnlineSeat],
    club_id: int,
    members: dict[int, int],
    per_game: bool,
    date: datetime.date,
    sets: tuple[tuple[int, int], ...] = (),
) -> OnlineGame | None:
    """The match the finished ``table`` is for club ``club_id`` (``members``:
    each seated member's club; ``sets``: its set bids, :func:`online_sets`),
    or None when it rates none of its members."""
    if table.mode == OnlineTable.Mode.PARTY or len(seats) != 4:
        return None
    game = table.ruleset.get("name", "") if per_game else ""
    keys: list = [None] * 4
    fixed: list = [None] * 4
    for seat in seats:
        if seat.is_bot and not seat.stand_in:
            fixed[seat.seat] = model.BOT_RATINGS[seat.kind]
        elif seat.member_id is not None and members.get(seat.member_id) == club_id:
            keys[seat.seat] = (seat.member_id, game)
    if not any(keys):
        return None
    winner = table.winner
    score0, score1 = (0, 0) if winner is None else (1, 0) if winner == 0 else (0, 1)
    match = model.Match(online_key(table.pk), tuple(keys), score0, score1, tuple(fixed), sets)
    return OnlineGame(match, date, table.pk)


def online_sets(table_ids: Iterable[int]) -> dict[int, tuple[tuple[int, int], ...]]:
    """Each table's bids that their bidder did not make, in deal order: the
    bidder's seat and the points the pair lost (its deal score, below zero),
    as a party round's (one query)."""
    sets: dict[int, list[tuple[int, int]]] = {table_id: [] for table_id in table_ids}
    for table_id, record, score0, score1 in (
        OnlineDeal.objects.filter(
            table_id__in=sets, status=OnlineDeal.Status.DONE, record__isnull=False
        )
        .order_by("table_id", "number")
        .values_list("table_id", "record", "score0", "score1")
    ):
        bidder = record.get("bidder")
        if bidder is None or score0 is None or score1 is None:
            continue
        points = score1 if bidder % 2 else score0
        if points < 0:
            sets[table_id].append((bidder, points))
    return {table_id: tuple(found) for table_id, found in sets.items()}


def clubs_seated(seats: Iterable[OnlineSeat]) -> dict[int, int]:
    """Each seated member's club, by member id: one query."""
    ids = {seat.member_id for seat in seats if seat.member_id is not None}
    if not ids:
        return {}
    return dict(Member.objects.filter(pk__in=ids).values_list("pk", "club_id"))


def online_games(*, club_id: int, per_game: bool, since: datetime.date | None) -> list[OnlineGame]:
    """The club's finished online games from ``since`` on (None: all), in
    the history's order: four queries."""
    tables = (
        OnlineTable.objects.filter(
            status=OnlineTable.Status.FINISHED, seats__member__club_id=club_id
        )
        .exclude(mode=OnlineTable.Mode.PARTY)
        .select_related("current")
        .distinct()
    )
    if since is not None:
        tables = tables.filter(current__finished_at__date__gte=since)
    tables = list(tables)
    seats: dict[int, list[OnlineSeat]] = {table.pk: [] for table in tables}
    for seat in OnlineSeat.objects.filter(table_id__in=seats).order_by("table_id", "seat"):
        seats[seat.table_id].append(seat)
    members = clubs_seated(seat for table_seats in seats.values() for seat in table_seats)
    sets = online_sets(seats)
    games = []
    for table in tables:
        game = game_of(
            table=table,
            seats=seats[table.pk],
            club_id=club_id,
            members=members,
            per_game=per_game,
            date=timezone.localdate(table.current.finished_at),
            sets=sets[table.pk],
        )
        if game is not None:
            games.append(game)
    games.sort(key=lambda game: game.place)
    return games
