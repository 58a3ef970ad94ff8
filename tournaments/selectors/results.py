"""Standings: cached per party version, so a result entry (which bumps the
version) invalidates them for every process at once."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from django.core.cache import cache

from ..game import standings
from ..models import DealResult, Party, Player, Round, Seat, SitOut, TableRound
from .history import PartyHistory


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
    return standings_table(history.version, tallies, players)


def standings_table(
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
        for round_id, result in round_results_load(missing).items()
    }
    if loaded:
        cache.set_many({keys[round_id]: result for round_id, result in loaded.items()}, 6 * 3600)
    tallies = [cached.get(keys[round_id]) or loaded[round_id] for round_id, _, _ in rounds]
    return standings_table(party.version, tallies, players)


def round_results_load(closed: dict[int, bool]) -> dict[int, standings.RoundResult]:
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
