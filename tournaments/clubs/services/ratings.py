"""Keeping a club's ratings (:mod:`tournaments.game.ratings`) in step with its nights.

A round that closes after every round already rated is rated at once, in
the closing transaction.  Anything else that changes what was played (an
amended deal that turns a table's round, a deleted party, a member merge or
relink, a round closed late, the club's choice of one rating or one a game)
queues :func:`tournaments.tasks.ratings_recompute` once it commits, which
marks the club's ratings as being worked out again from that night on
(``Club.ratings_from``: the club's pages say "being recomputed"), deletes
the rows from that night on, rates every round again in order, and clears
the mark.  Doing it twice changes nothing, so a task run twice or late is
harmless.

**Locks.**  The writers of rating rows (a round closing, the task) take the
club's rating lock, a PostgreSQL advisory lock held to the end of their
transaction, and nothing else after it: a round closing holds its round,
party and season rows when it asks, and the task's rebuild touches no row
but the rating rows, so the two can never wait on each other in a circle.
The club's row (the mark) is written only in short transactions of the
task's own, as a member merge does: the club's row, then its seasons.

The club's rows are ordered by the party's date, the party, the round's
number, then that day's online games (:mod:`.ratings_online`): the order a
from-scratch recompute rates them in, so the ratings kept round by round
and game by game are exactly those of a recompute.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Hashable, Iterable
from functools import partial

from django.db import connection, transaction
from django.db.models import DateField, Q, Value
from django.db.models.functions import Coalesce, Least

from ...game import ratings as model
from ...models import Club, DealResult, Party, RatingUpdate, Round, Seat
from ...models.ratings import latest_rows
from ...models.versions import pages_changed
from ...tasks import ratings_recompute as ratings_recompute_task
from .access import club_allow
from .ratings_online import clubs_seated, game_of, online_games, online_sets

MemberKey = tuple[int, str]


#: The first key of the clubs' rating locks (``pg_advisory_xact_lock(key, club)``).
RATING_LOCK = 0x5241


def ratings_mark(*, club_id: int | None, since: datetime.date) -> None:
    """The club's ratings are to be worked out again from ``since`` on:
    queued once this transaction commits."""
    if club_id is None:
        return
    transaction.on_commit(partial(ratings_recompute_task.delay, club_id, since.isoformat()))


def _rating_lock(club_id: int) -> None:
    """Take the club's rating lock until the transaction ends."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s, %s)", [RATING_LOCK, club_id])


def _seasons_bump(club_id: int, since: datetime.date) -> None:
    """Bump the seasons holding the club's nights from ``since`` on: their
    pages show ratings from those nights."""
    seasons = set(
        Party.objects.filter(club_id=club_id, date__gte=since, season__isnull=False).values_list(
            "season_id", flat=True
        )
    )
    if seasons:
        pages_changed({"season": seasons})


def club_ratings_set(*, club: Club, per_game: bool, user) -> bool:
    """One rating for all the club's games, or one a game: the whole
    history is rated again.  Returns whether anything changed."""
    club_allow(club=club, user=user)
    with transaction.atomic():
        row = Club.objects.select_for_update().get(pk=club.pk)
        if row.rating_per_game == per_game:
            return False
        Club.objects.filter(pk=row.pk).update(rating_per_game=per_game)
        first = RatingUpdate.objects.filter(club=row).order_by("date").first()
        if first is not None:
            ratings_mark(club_id=row.pk, since=first.date)
    return True


def ratings_round_closed(*, round: Round) -> None:
    """Rate a round that has just closed: at once when it comes after every
    round the club has rated (and none is being recomputed), else by a
    recompute from its night.  Should be called holding the round's lock, in
    its transaction; takes the club's rating lock."""
    party = round.party
    if party.club_id is None:
        return
    _rating_lock(party.club_id)
    club = Club.objects.get(pk=party.club_id)
    later = Q(date__gt=party.date) | Q(date=party.date, party_id__gt=party.pk)
    later |= Q(date=party.date, party_id=party.pk, number__gte=round.number)
    later |= Q(date=party.date, online_table__isnull=False)
    if club.ratings_from is not None or RatingUpdate.objects.filter(later, club=club).exists():
        ratings_mark(club_id=club.pk, since=party.date)
        return
    game = party.ruleset if club.rating_per_game else ""
    matches = _matches([round], {party.pk: (party, game)})
    keys = {key for match in matches for key in match.seats if key is not None}
    start, played = _latest(club, keys, before=None)
    where = _round_places(matches, [round], {party.pk: (party, game)})
    _store(club, matches, start, played, where)


def ratings_online_finished(*, table, seats, date: datetime.date) -> None:
    """Rate a casual online table's game that has just finished, for each
    club one of its seats' members belongs to: at once when it comes after
    every row the club has, else by a recompute from its day.  Should be
    called holding the table's lock, in its transaction; takes each club's
    rating lock."""
    members = clubs_seated(seats)
    sets = online_sets([table.pk])[table.pk] if members else ()
    for club_id in sorted(set(members.values())):
        _rating_lock(club_id)
        club = Club.objects.get(pk=club_id)
        later = Q(date__gt=date) | Q(date=date, online_table_id__gte=table.pk)
        if club.ratings_from is not None or RatingUpdate.objects.filter(later, club=club).exists():
            ratings_mark(club_id=club.pk, since=date)
            continue
        game = game_of(
            table=table,
            seats=seats,
            club_id=club_id,
            members=members,
            per_game=club.rating_per_game,
            date=date,
            sets=sets,
        )
        if game is None:
            continue
        keys = {key for key in game.match.seats if key is not None}
        start, played = _latest(club, keys, before=None)
        _store(club, [game.match], start, played, {game.match.key: _online_place(game)})


def ratings_table_changed(*, round: Round, table: int, before: tuple | None) -> None:
    """A deal of a closed round was amended: when what the ratings read of
    the table's round changed (its round scores, or a seat's set bids:
    :func:`table_totals`), its night is rated again."""
    party = round.party
    if party.club_id is None or round.status != Round.Status.CLOSED:
        return
    if before != table_totals(round=round).get(table):
        ratings_mark(club_id=party.club_id, since=party.date)


def table_totals(*, round: Round) -> dict[int, tuple]:
    """Each table's round scores (team 0, team 1) from its current deals,
    and its set bids (bidder's seat, points lost): what a rating reads."""
    return {table: result for (_, table), result in _table_totals(round.pk).items()}


def ratings_recompute(*, club_id: int, since: datetime.date) -> int:
    """Work the club's ratings out again from ``since`` (or the night it is
    marked from, if earlier) on; returns how many rows were written.  Run
    twice, the second finds the same and writes the same."""
    day = Value(since, output_field=DateField())
    with transaction.atomic():
        marked = Club.objects.filter(pk=club_id).update(
            ratings_from=Least(Coalesce("ratings_from", day), day)
        )
        if not marked:
            return 0  # the club is gone
        _seasons_bump(club_id, since)
    with transaction.atomic():
        _rating_lock(club_id)
        club = Club.objects.get(pk=club_id)
        start = min(since, club.ratings_from or since)
        written = ratings_rebuild(club=club, since=start)
    with transaction.atomic():
        # A night marked earlier meanwhile keeps its mark: its own task follows.
        Club.objects.filter(pk=club_id, ratings_from__gte=start).update(ratings_from=None)
        _seasons_bump(club_id, start)
    return written


def ratings_rebuild(*, club: Club, since: datetime.date | None) -> int:
    """Delete the club's rows from ``since`` on (None: all of them) and rate
    every closed round from there in order; returns the rows written.
    Should be called holding the club's rating lock."""
    rows = RatingUpdate.objects.filter(club=club)
    parties = Party.objects.filter(club=club)
    if since is not None:
        rows = rows.filter(date__gte=since)
        parties = parties.filter(date__gte=since)
    rows.delete()
    games = {p.pk: (p, p.ruleset if club.rating_per_game else "") for p in parties}
    rounds = list(
        Round.objects.filter(party_id__in=games, status=Round.Status.CLOSED).order_by(
            "party__date", "party_id", "number"
        )
    )
    matches = _matches(rounds, games)
    where = _round_places(matches, rounds, games)
    order = {r.pk: (games[r.party_id][0].date, 0, r.party_id, r.number) for r in rounds}
    placed = [((*order[m.key[0]], 0, m.key[1]), m) for m in matches]
    for game in online_games(club_id=club.pk, per_game=club.rating_per_game, since=since):
        placed.append((game.place, game.match))
        where[game.match.key] = _online_place(game)
    placed.sort(key=lambda pair: pair[0])
    matches = [match for _, match in placed]
    start, played = _latest(club, None, before=since) if since is not None else ({}, {})
    return _store(club, matches, start, played, where)


def _round_places(
    matches: list[model.Match], rounds: list[Round], games: dict[int, tuple[Party, str]]
) -> dict:
    """Each match's key (round, table) to its rows' place in the history."""
    by_pk = {r.pk: r for r in rounds}
    places = {}
    for match in matches:
        round_id, table = match.key
        rnd = by_pk[round_id]
        party = games[rnd.party_id][0]
        places[round_id, table] = {
            "round_id": round_id,
            "table": table,
            "date": party.date,
            "party_id": party.pk,
            "number": rnd.number,
        }
    return places


def _online_place(game) -> dict:
    return {"online_table_id": game.table_id, "date": game.date}


def _sign(scores: tuple[int, int]) -> int:
    return (scores[0] > scores[1]) - (scores[0] < scores[1])


def _table_totals(*round_ids: int) -> dict:
    """(round id, table) -> the table's round scores (team 0, team 1) and
    its set bids in deal order: each the bidder's seat and the points the
    bidding pair lost (its deal score, below zero)."""
    totals: dict[tuple[int, int], list] = {}
    for round_id, table, bidder, score0, score1 in (
        DealResult.objects.filter(round_id__in=round_ids, is_current=True)
        .order_by("round_id", "table", "deal")
        .values_list("round_id", "table", "bidder", "score0", "score1")
    ):
        line = totals.setdefault((round_id, table), [0, 0, []])
        line[0] += score0
        line[1] += score1
        points = score1 if bidder % 2 else score0
        if points < 0:
            line[2].append((bidder, points))
    return {key: (s0, s1, tuple(sets)) for key, (s0, s1, sets) in totals.items()}


def _matches(rounds: list[Round], games: dict[int, tuple[Party, str]]) -> list[model.Match]:
    """Each table of ``rounds`` (in that order) as a match, its seats the
    members' keys (None for a guest)."""
    if not rounds:
        return []
    seats: dict[tuple[int, int], list] = defaultdict(lambda: [None] * 4)
    full: dict[tuple[int, int], int] = defaultdict(int)
    party_of = {r.pk: r.party_id for r in rounds}
    for round_id, table, seat, member_id in Seat.objects.filter(round_id__in=party_of).values_list(
        "round_id", "table", "seat", "player__member_id"
    ):
        game = games[party_of[round_id]][1]
        seats[round_id, table][seat] = None if member_id is None else (member_id, game)
        full[round_id, table] += 1
    totals = _table_totals(*party_of)
    matches = []
    for rnd in rounds:
        for table in sorted(t for r, t in seats if r == rnd.pk):
            result = totals.get((rnd.pk, table))
            if result is None or full[rnd.pk, table] != 4:
                continue
            score0, score1, sets = result
            matches.append(
                model.Match((rnd.pk, table), tuple(seats[rnd.pk, table]), score0, score1, sets=sets)
            )
    return matches


def _latest(
    club: Club, keys: Iterable[Hashable] | None, *, before: datetime.date | None
) -> tuple[dict[MemberKey, model.Rating], dict[MemberKey, int]]:
    """Each member's rating (and rounds rated) after their last row
    (before ``before``, when given), for ``keys`` or everyone."""
    rows = RatingUpdate.objects.filter(club=club)
    if before is not None:
        rows = rows.filter(date__lt=before)
    if keys is not None:
        members = {member for member, _ in keys}
        rows = rows.filter(member_id__in=members)
    start, played = {}, {}
    for member_id, game, mu, sigma, count in latest_rows(rows, "mu_after", "sigma_after", "played"):
        start[member_id, game] = model.Rating(mu, sigma)
        played[member_id, game] = count
    return start, played


def _store(
    club: Club,
    matches: list[model.Match],
    start: dict[MemberKey, model.Rating],
    played: dict[MemberKey, int],
    where: dict,
) -> int:
    updates, _ = model.replay(matches, start)
    count = dict(played)
    rows = []
    for update in updates:
        member_id, game = update.member
        count[update.member] = count.get(update.member, 0) + 1
        rows.append(
            RatingUpdate(
                club=club,
                member_id=member_id,
                game=game,
                **where[update.match],
                mu_before=update.before.mu,
                sigma_before=update.before.sigma,
                mu_after=update.after.mu,
                sigma_after=update.after.sigma,
                expected=update.expected,
                outcome=update.outcome,
                played=count[update.member],
            )
        )
    RatingUpdate.objects.bulk_create(rows, batch_size=1000)
    return len(rows)
