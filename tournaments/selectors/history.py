"""A party's rows as the plain values the party maths takes.

``party_history`` loads a whole party in a fixed number of queries (however
many tables and rounds it has) into plain dataclasses; standings, movement
and prizes are then computed by the plain-Python modules.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

from scoring.rules.cards import SUIT_SYMBOLS

from ..models import DealResult, Party, Player, Round, Seat, SitOut, TableRound


@dataclass(frozen=True)
class PlayerInfo:
    id: int
    name: str
    order: int
    arrives_round: int
    leaves_round: int | None
    #: The club member the player is (a club's party), else None.
    member_id: int | None = None

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
    #: The other team's points, where the game's point cards can leave play
    #: (RULES.md 11.5); None where they are the rest of the deal's points.
    other_team_points: int | None = None

    @property
    def trump_symbol(self) -> str:
        """The bid's suit as a symbol ("" when none was written)."""
        return SUIT_SYMBOLS.get(self.trump, "")


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


DEAL_COLUMNS = (
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
    "other_team_points",
)


def deal_info(row: tuple) -> DealInfo:
    """A DealInfo from the values of ``DEAL_COLUMNS``."""
    table, deal, bidder, bid, trump, points, s0, s1, who, at, src, ver, pk, other = row
    return DealInfo(
        table, deal, bidder, bid, trump, points, (s0, s1), who or "", at, src, ver, pk, other
    )


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
        .values_list("id", "name", "order", "arrives_round", "leaves_round", "member_id")
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
        for row in deals.values_list("round_id", *DEAL_COLUMNS):
            rounds[row[0]].deals[row[1] - 1].append(deal_info(row[1:]))
    else:
        for row in deals.values_list("round_id", *DEAL_COLUMNS[:8], "other_team_points"):
            round_id, table, deal, bidder, bid, trump, points, s0, s1, other = row
            rounds[round_id].deals[table - 1].append(
                DealInfo(
                    table, deal, bidder, bid, trump, points, (s0, s1), "", None, "", 0, 0, other
                )
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
