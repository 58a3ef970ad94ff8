"""A club member's history: every party they played, and what they did there.

``member_history`` reads all of a member's parties at once, in the same
number of queries however many parties there are: the standings of every
party come from the cache each party's standings page fills (and fill it
when missing), and the member's own deals are read in one query.

The member's own page shows the public history: a party whose host hides
its players' page or its standings is left out whole (score, rank, prizes,
deals, the chart's bar), and the page says how many nights are not shown
yet, until the host shows them.  The organisers' page shows every night
and marks those.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from django.core.cache import cache
from django.db.models import Exists, OuterRef

from scoring.rules import PARTNERSHIP_RULESETS

from ...game import standings
from ...models import DealResult, Member, Party, Player, PrizeAward, Round, Seat
from ...selectors.results import Standings, round_results_load, standings_table

#: As long as ``party_standings`` keeps its entries, under the same keys.
STANDINGS_TTL = 6 * 3600


@dataclass(frozen=True)
class DealStats:
    """What the deal records say of one player: the deals and rounds they
    played at a table, their team's deal scores added up, and their bids."""

    deals: int = 0
    #: Rounds in which a deal was recorded at the player's table.
    rounds: int = 0
    #: Their team's deal scores over those deals (a round sat out adds nothing).
    points: int = 0
    #: Bids the player made or was set on as the bidder (not as partner).
    bids_made: int = 0
    bids_set: int = 0
    #: Top contracts (the shoot; Louisiana's 28 and 56) the player bid and made.
    top_made: int = 0

    @property
    def bids(self) -> int:
        return self.bids_made + self.bids_set

    @property
    def average(self) -> float | None:
        """The team's score per round played, or None before any."""
        return self.points / self.rounds if self.rounds else None

    def __add__(self, other: DealStats) -> DealStats:
        return DealStats(
            deals=self.deals + other.deals,
            rounds=self.rounds + other.rounds,
            points=self.points + other.points,
            bids_made=self.bids_made + other.bids_made,
            bids_set=self.bids_set + other.bids_set,
            top_made=self.top_made + other.top_made,
        )


@dataclass(frozen=True)
class MemberNight:
    """One party the member played."""

    party_id: int
    slug: str
    name: str
    date: datetime.date
    #: The game's title (``Ruleset.title``).
    game: str
    season: str
    season_id: int | None
    #: The player's line in that party's standings.
    score: int
    rank: int | None
    shared: bool
    players: int
    #: The prizes awarded to the player, in the party's prize order.
    prizes: tuple[str, ...]
    stats: DealStats
    #: Whether the party's players' page shows its standings (page open,
    #: standings shown); a public history holds only such nights.
    shown: bool = True


@dataclass(frozen=True)
class MemberHistory:
    member_id: int
    name: str
    club: str
    #: Newest first.
    nights: tuple[MemberNight, ...]
    #: In a public history: the member's nights left out, their standings
    #: being hidden by their host.
    held_back: int = 0

    @property
    def totals(self) -> DealStats:
        return sum((night.stats for night in self.nights), DealStats())

    @property
    def prizes(self) -> int:
        return sum(len(night.prizes) for night in self.nights)

    @property
    def best_rank(self) -> int | None:
        ranks = [night.rank for night in self.nights if night.rank is not None]
        return min(ranks) if ranks else None


def member_history(member: Member, *, public: bool = True) -> MemberHistory:
    """Every party ``member`` played, newest first, with their score, rank,
    prizes and deal statistics, each by that party's own game; in at most
    ten queries (four when the parties' standings are cached), however many
    parties.  ``public`` (the default) leaves out the parties whose
    standings their host hides; ``public=False`` is the organisers' history,
    with every party."""
    players = list(
        Player.objects.filter(member=member)
        .select_related("party", "party__season")
        .order_by("-party__date", "-party_id")
    )
    held_back = 0
    if public:
        shown = [player for player in players if _shown(player.party)]
        held_back, players = len(players) - len(shown), shown
    if not players:
        return MemberHistory(member.pk, member.name, _club_name(member), (), held_back)
    parties = [player.party for player in players]
    tables = standings_many(parties)
    stats = _deal_stats(players)
    prizes: dict[int, list[str]] = defaultdict(list)
    for player_id, prize in (
        PrizeAward.objects.filter(player__in=players)
        .order_by("prize__position", "prize_id")
        .values_list("player_id", "prize__name")
    ):
        prizes[player_id].append(prize)
    nights = []
    for player in players:
        party = player.party
        table = tables[party.pk]
        line = table.by_player().get(player.pk)
        nights.append(
            MemberNight(
                party_id=party.pk,
                slug=party.slug,
                name=party.name,
                date=party.date,
                game=PARTNERSHIP_RULESETS[party.ruleset].title,
                season=party.season.name if party.season else "",
                season_id=party.season_id,
                score=line.score if line else 0,
                rank=line.rank if line else None,
                shared=line.shared if line else False,
                players=len(table.rows),
                prizes=tuple(prizes[player.pk]),
                stats=stats.get(player.pk, DealStats()),
                shown=_shown(party),
            )
        )
    return MemberHistory(member.pk, member.name, _club_name(member), tuple(nights), held_back)


def _shown(party: Party) -> bool:
    """Whether the party's players' page shows its standings to anyone."""
    return party.public_open and party.public_standings


def _club_name(member: Member) -> str:
    # The views fetch the member with its club; nothing else reads it here.
    return member.club.name


def _deal_stats(players: list[Player]) -> dict[int, DealStats]:
    """Each player's deal statistics in two queries: their seats, and the
    current deal records of the tables they sat at."""
    party_of = {player.pk: player.party for player in players}
    seated: dict[tuple[int, int], tuple[int, int]] = {}  # (round, table) -> (player, seat)
    for round_id, table, seat, player_id in Seat.objects.filter(player_id__in=party_of).values_list(
        "round_id", "table", "seat", "player_id"
    ):
        seated[(round_id, table)] = (player_id, seat)
    if not seated:
        return {}
    at_their_table = Seat.objects.filter(
        round_id=OuterRef("round_id"), table=OuterRef("table"), player_id__in=party_of
    )
    counts: dict[int, dict[str, Any]] = defaultdict(lambda: defaultdict(int))
    rounds: dict[int, set[int]] = defaultdict(set)
    for round_id, table, bidder, bid, taken, s0, s1 in (
        DealResult.objects.filter(
            is_current=True, round_id__in={round_id for round_id, _ in seated}
        )
        .filter(Exists(at_their_table))
        .values_list(
            "round_id", "table", "bidder", "bid", "bidding_team_points", "score0", "score1"
        )
    ):
        player_id, seat = seated[(round_id, table)]
        rs = PARTNERSHIP_RULESETS[party_of[player_id].ruleset]  # a bid made needs no house option
        mine = counts[player_id]
        mine["deals"] += 1
        mine["points"] += s0 if seat % 2 == 0 else s1
        rounds[player_id].add(round_id)
        if bidder == seat:
            made = rs.bid_made(bid, taken)
            mine["bids_made" if made else "bids_set"] += 1
            if made and bid in rs.top_contracts:
                mine["top_made"] += 1
    return {
        player_id: DealStats(rounds=len(rounds[player_id]), **values)
        for player_id, values in counts.items()
    }


def standings_many(parties: list[Party]) -> dict[int, Standings]:
    """Each party's standings (party id -> ``Standings``), as
    ``party_standings`` gives them and under its cache keys, read for all the
    parties at once: six queries for those not cached, however many."""
    # The steps of results.py's own computation (its private helpers), batched.
    keys = {
        party.pk: f"standings:{party.pk}:{party.public_token}:{party.version}" for party in parties
    }
    found = cache.get_many(list(keys.values()))
    tables = {pk: found[key] for pk, key in keys.items() if key in found}
    missing = [party for party in parties if party.pk not in tables]
    if not missing:
        return tables
    by_id = {party.pk: party for party in missing}
    players: dict[int, list[tuple[int, str]]] = {party.pk: [] for party in missing}
    for party_id, player_id, name in (
        Player.objects.filter(party__in=missing)
        .order_by("party_id", "order")
        .values_list("party_id", "id", "name")
    ):
        players[party_id].append((player_id, name))
    rounds: dict[int, list[tuple[int, str]]] = {party.pk: [] for party in missing}
    round_keys: dict[int, str] = {}
    closed: dict[int, bool] = {}
    for party_id, round_id, version, status in (
        Round.objects.filter(party__in=missing)
        .order_by("party_id", "number")
        .values_list("party_id", "id", "version", "status")
    ):
        party = by_id[party_id]
        rounds[party_id].append((round_id, party.sitout_credit))
        round_keys[round_id] = (
            f"round-tally:{party.public_token}:{party.sitout_credit}:{round_id}:{version}"
        )
        closed[round_id] = status == Round.Status.CLOSED
    cached = cache.get_many(list(round_keys.values())) if round_keys else {}
    to_load = {rid: shut for rid, shut in closed.items() if round_keys[rid] not in cached}
    option = {rid: credit for party_rounds in rounds.values() for rid, credit in party_rounds}
    loaded = {
        rid: standings.round_tally(result, option=option[rid])
        for rid, result in round_results_load(to_load).items()
    }
    if loaded:
        cache.set_many({round_keys[rid]: tally for rid, tally in loaded.items()}, STANDINGS_TTL)
    computed = {}
    for party in missing:
        tallies = [cached.get(round_keys[rid]) or loaded[rid] for rid, _ in rounds[party.pk]]
        computed[party.pk] = standings_table(party.version, tallies, players[party.pk])
    cache.set_many({keys[pk]: table for pk, table in computed.items()}, STANDINGS_TTL)
    return tables | computed
