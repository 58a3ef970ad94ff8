"""A club's ratings as pages show them (:mod:`tournaments.game.ratings`).

A public page shows no rating that a hidden night moved: once a night of
the club has its standings (or its players' page) hidden by its host, the
public figures stop before it, for every member, until the host shows it
(every later rating learnt from it).  The organisers' pages show them all.
"""

from __future__ import annotations

import datetime
from collections import Counter, defaultdict
from dataclasses import dataclass

from django.db.models import Q
from django.utils.translation import gettext

from scoring.models import OnlineSeat
from scoring.rules import PARTNERSHIP_RULESETS

from ...game import ratings as model
from ...models import Club, Member, Party, RatingUpdate, Round, Seat
from ...models.ratings import HISTORY, latest_rows

#: How many best partners and toughest opponents a member's page lists.
PAIRS_LISTED = 3


@dataclass(frozen=True)
class RatingNight:
    """One night that moved the member's rating."""

    party_id: int | None
    date: datetime.date
    party: str
    #: The shown rating after the night, and how far the night moved it.
    after: float
    change: float
    rounds: int


@dataclass(frozen=True)
class PairLine:
    """Another member, with the chance the model gives the member's pair:
    with them as partner (against two of the club's average), or against
    them (each with a partner of the club's average)."""

    member_id: int
    name: str
    chance: float
    rounds: int

    @property
    def percent(self) -> int:
        return round(self.chance * 100)


@dataclass(frozen=True)
class GameRating:
    #: The game's title, "" for the club's one rating for all its games.
    game: str
    shown: float
    mu: float
    sigma: float
    rounds: int
    #: Oldest first.
    nights: tuple[RatingNight, ...]
    partners: tuple[PairLine, ...] = ()
    opponents: tuple[PairLine, ...] = ()

    @property
    def provisional(self) -> bool:
        return model.provisional(self.rounds)


@dataclass(frozen=True)
class MemberRating:
    games: tuple[GameRating, ...]
    #: A correction is being worked into the club's ratings.
    recomputing: bool
    provisional_rounds: int = model.PROVISIONAL_ROUNDS


@dataclass(frozen=True)
class SeasonRating:
    shown: float
    rounds: int
    #: How far the season's nights moved it.
    change: float

    @property
    def provisional(self) -> bool:
        return model.provisional(self.rounds)


def ratings_recomputing(*, club_id: int) -> bool:
    return Club.objects.filter(pk=club_id, ratings_from__isnull=False).exists()


def _shown_before(club_id: int) -> Q | None:
    """The rows a public page may show: those before the club's first night
    whose host hides it (None: every row)."""
    hidden = (
        Party.objects.filter(club_id=club_id, rounds__status=Round.Status.CLOSED)
        .filter(Q(public_open=False) | Q(public_standings=False))
        .order_by("date", "id")
        .values_list("date", "id")
        .first()
    )
    if hidden is None:
        return None
    date, party_id = hidden
    return Q(date__lt=date) | Q(date=date, party_id__lt=party_id)


def _rows(club_id: int, public: bool):
    rows = RatingUpdate.objects.filter(club_id=club_id)
    if public:
        before = _shown_before(club_id)
        if before is not None:
            rows = rows.filter(before)
    return rows


def _game_title(game: str) -> str:
    return PARTNERSHIP_RULESETS[game].title if game in PARTNERSHIP_RULESETS else ""


def member_rating(member: Member, *, public: bool = True) -> MemberRating:
    """The member's rating in each game the club rates (one for all, or one
    a game) and its change night by night, in two queries (``member`` is
    read with its club).  The organisers' (``public=False``) adds their best
    partners and toughest opponents by the model's expected score, from the
    party rounds and online games they played with or against them, in four
    more: the member's own page shows nobody else's name."""
    club_rows = _rows(member.club_id, public)
    mine = list(club_rows.filter(member=member).select_related("party").order_by("game", *HISTORY))
    recomputing = member.club.ratings_from is not None
    if not mine:
        return MemberRating((), recomputing)
    if public:
        current, names, together, against = {}, {}, defaultdict(Counter), defaultdict(Counter)
    else:
        current = _current(club_rows)
        names = dict(Member.objects.filter(club_id=member.club_id).values_list("pk", "name"))
        together, against = _met(mine, member.pk)
    by_game: dict[str, list[RatingUpdate]] = defaultdict(list)
    for row in mine:
        by_game[row.game].append(row)
    games = []
    for game, rows in by_game.items():
        last = rows[-1]
        me = model.Rating(last.mu_after, last.sigma_after)
        others = {m: r for (m, g), r in current.items() if g == game and m != member.pk}
        average = _average(current, game)
        partners = [
            PairLine(m, names.get(m, ""), model.expected([me, others[m]], [average, average]), n)
            for m, n in together[game].items()
            if m in others
        ]
        opponents = [
            PairLine(m, names.get(m, ""), model.expected([me, average], [others[m], average]), n)
            for m, n in against[game].items()
            if m in others
        ]
        partners.sort(key=lambda line: (-line.chance, line.name))
        opponents.sort(key=lambda line: (line.chance, line.name))
        games.append(
            GameRating(
                game=_game_title(game),
                shown=model.shown(me.mu, me.sigma),
                mu=me.mu,
                sigma=me.sigma,
                rounds=last.played,
                nights=_nights(rows),
                partners=tuple(partners[:PAIRS_LISTED]),
                opponents=tuple(opponents[:PAIRS_LISTED]),
            )
        )
    return MemberRating(tuple(games), recomputing)


def _nights(rows: list[RatingUpdate]) -> tuple[RatingNight, ...]:
    nights: list[RatingNight] = []
    start = 0
    for i, row in enumerate(rows):
        if i + 1 < len(rows) and _same_night(rows[i + 1], row):
            continue
        first = rows[start]
        before = model.shown(first.mu_before, first.sigma_before)
        after = model.shown(row.mu_after, row.sigma_after)
        rounds = i + 1 - start
        name = row.party.name if row.party_id is not None else gettext("Online games")
        nights.append(RatingNight(row.party_id, row.date, name, after, after - before, rounds))
        start = i + 1
    return tuple(nights)


def _same_night(row: RatingUpdate, other: RatingUpdate) -> bool:
    """Whether two rows are of one night: one party, or one day's online games."""
    if row.party_id is None:
        return other.party_id is None and row.date == other.date
    return row.party_id == other.party_id


def _current(rows) -> dict[tuple[int, str], model.Rating]:
    """Each member's latest rating among ``rows``, by (member, game)."""
    return {
        (m, g): model.Rating(mu, sigma)
        for m, g, mu, sigma in latest_rows(rows, "mu_after", "sigma_after")
    }


def _average(current: dict[tuple[int, str], model.Rating], game: str) -> model.Rating:
    """The club's average player in ``game``: the mean of its ratings."""
    ratings = [r for (_, g), r in current.items() if g == game]
    if not ratings:
        return model.NEW
    return model.Rating(
        sum(r.mu for r in ratings) / len(ratings), sum(r.sigma for r in ratings) / len(ratings)
    )


def _met(mine: list[RatingUpdate], member_id: int) -> tuple[dict, dict]:
    """How many rated rounds (and online games) the member played with and
    against each other member, by game: two queries.  At an online table a
    seat counts for the member linked to it, as it is rated."""
    game_of = {(row.round_id, row.table): row.game for row in mine if row.round_id is not None}
    online_game = {row.online_table_id: row.game for row in mine if row.online_table_id}
    my_seat: dict[tuple, int] = {}
    seats: list[tuple[tuple, str, int, int | None]] = []
    rounds = {round_id for round_id, _ in game_of}
    if rounds:
        for round_id, table, seat, other in Seat.objects.filter(round_id__in=rounds).values_list(
            "round_id", "table", "seat", "player__member_id"
        ):
            if (round_id, table) not in game_of:
                continue
            if other == member_id:
                my_seat[round_id, table] = seat
            seats.append(((round_id, table), game_of[round_id, table], seat, other))
    if online_game:
        for table_id, seat, other in OnlineSeat.objects.filter(
            table_id__in=online_game, member__isnull=False
        ).values_list("table_id", "seat", "member_id"):
            if other == member_id:
                my_seat["online", table_id] = seat
            seats.append((("online", table_id), online_game[table_id], seat, other))
    together: dict[str, Counter] = defaultdict(Counter)
    against: dict[str, Counter] = defaultdict(Counter)
    for place, game, seat, other in seats:
        if other is None or other == member_id or place not in my_seat:
            continue
        mine_at = my_seat[place]
        (together if seat % 2 == mine_at % 2 else against)[game][other] += 1
    return together, against


def ratings_now(*, party: Party) -> dict[int, float]:
    """The shown rating of each of the party's players who is a rated
    member, in the party's game (or the club's one rating): one query."""
    if party.club_id is None:
        return {}
    game = party.ruleset if party.club.rating_per_game else ""
    members = dict(party.players.filter(member__isnull=False).values_list("member_id", "pk"))
    rows = RatingUpdate.objects.filter(club_id=party.club_id, game=game, member_id__in=members)
    return {
        members[member_id]: model.shown(rating.mu, rating.sigma)
        for (member_id, _), rating in _current(rows).items()
    }


def season_ratings(
    *, club_id: int, party_ids: list[int], public: bool = True
) -> dict[int, SeasonRating]:
    """Each member's rating after their last night of the season (the
    parties ``party_ids``), and how far the season moved it; by member,
    in the club's one rating (or, one a game, the rating of the game they
    played last).  Two queries."""
    rows = (
        _rows(club_id, public)
        .filter(party_id__in=party_ids)
        .order_by("member_id", "date", "party_id", "number")
    )
    first: dict[tuple[int, str], tuple[float, float]] = {}
    last: dict[int, tuple[float, float, int, str]] = {}
    for member_id, game, mu0, s0, mu1, s1, played in rows.values_list(
        "member_id", "game", "mu_before", "sigma_before", "mu_after", "sigma_after", "played"
    ):
        first.setdefault((member_id, game), (mu0, s0))
        last[member_id] = (mu1, s1, played, game)
    return {
        member_id: SeasonRating(
            shown=model.shown(mu, sigma),
            rounds=played,
            change=model.shown(mu, sigma) - model.shown(*first[member_id, game]),
        )
        for member_id, (mu, sigma, played, game) in last.items()
    }
