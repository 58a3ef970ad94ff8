"""Round results, scores, standings and prizes of a party (RULES.md section 6).

Plain Python: nothing here imports Django. Values in, values out. Players are
opaque hashable ids; tables are 4-tuples in seats 0..3 with team 0 = seats 0
and 2, team 1 = seats 1 and 3; a deal score is ``(team 0, team 1)`` as
section 3.9 yields it.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Literal

from tournaments.game.movement import PlayerId, SeatingProblem, Table

if TYPE_CHECKING:
    from scoring.rules.rulesets import Ruleset

__all__ = [
    "BidRecord",
    "PrizePick",
    "RoundResult",
    "RoundTally",
    "SitoutCredit",
    "SpecialPrize",
    "StandingRow",
    "TableResult",
    "award_prizes",
    "compute_standings",
    "highest_bid_made",
    "low_score",
    "most_shoots_made",
    "needs_cut",
    "round_scores",
    "round_tally",
    "sitout_credit",
    "standings_from_tallies",
    "table_round_winner",
]

DealScore = tuple[int, int]
SitoutCredit = Literal["average", "zero"]


# --- The round winner at a table ---------------------------------------------


def _check_deal_scores(deal_scores: Sequence[DealScore]) -> None:
    if not deal_scores:
        raise SeatingProblem(SeatingProblem.NO_DEAL)
    for number, score in enumerate(deal_scores, start=1):
        if len(score) != 2 or not all(isinstance(points, int) for points in score):
            raise ValueError(f"deal {number}: a deal score is two whole numbers, not {score!r}")


def _leader(deal_scores: Sequence[DealScore]) -> int | None:
    """The team ahead on the sum, else in the latest deal where the teams differ; else None."""
    team0 = sum(score[0] for score in deal_scores)
    team1 = sum(score[1] for score in deal_scores)
    if team0 != team1:
        return 0 if team0 > team1 else 1
    for score0, score1 in reversed(deal_scores):
        if score0 != score1:
            return 0 if score0 > score1 else 1
    return None


def table_round_winner(deal_scores: Sequence[DealScore], cut: int | None = None) -> int | None:
    """The winning team (0 or 1) of a round at one table (RULES.md section 6, "Round winner").

    ``deal_scores`` are the deals played, in order (deal 1 first); when the host
    called time, the deals not played are simply absent and count for nobody.
    The team with the higher sum wins. Tied on the sum: the team with the
    higher score in the latest deal where the two teams' scores differ. Still
    tied: ``cut``, the team the host recorded after a cut of the cards, or
    ``None`` meaning a cut is needed and the round cannot close.

    A ``cut`` given for a table that is not tied is ignored (the party file
    loader reports such an entry as an error itself, using :func:`needs_cut`).
    Raises ``SeatingProblem`` when no deal was played.
    """
    if cut not in (None, 0, 1):
        raise ValueError(f"a cut names team 0 or 1, not {cut!r}")
    _check_deal_scores(deal_scores)
    leader = _leader(deal_scores)
    return cut if leader is None else leader


def needs_cut(deal_scores: Sequence[DealScore]) -> bool:
    """True when the table is still tied after the sum and latest-differing-deal tie-breaks."""
    _check_deal_scores(deal_scores)
    return _leader(deal_scores) is None


# --- Scores and standings ----------------------------------------------------


@dataclass(frozen=True)
class TableResult:
    """One table in one round: its players (seats 0..3), deal scores played, and winner.

    ``winner`` is ``None`` while the round is open at this table (or waits for
    a cut): its deals count for the players' scores but nobody has won it yet.
    """

    seats: Table
    deal_scores: tuple[DealScore, ...]
    winner: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "seats", tuple(self.seats))
        object.__setattr__(self, "deal_scores", tuple(tuple(s) for s in self.deal_scores))
        if len(self.seats) != 4:
            raise ValueError(f"a table seats 4 players, not {self.seats!r}")
        if self.winner not in (None, 0, 1):
            raise ValueError(f"a winner is team 0 or 1, not {self.winner!r}")

    def team_totals(self) -> tuple[int, int]:
        """Each team's sum of deal scores over the deals played."""
        return (
            sum(score[0] for score in self.deal_scores),
            sum(score[1] for score in self.deal_scores),
        )


@dataclass(frozen=True)
class RoundResult:
    """One round: every table's result and the players who sat it out."""

    tables: tuple[TableResult, ...]
    sitting_out: tuple[PlayerId, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "tables", tuple(self.tables))
        object.__setattr__(self, "sitting_out", tuple(self.sitting_out))


@dataclass(frozen=True)
class StandingRow:
    """A line of the standings (the party file's ``standings`` entries)."""

    rank: int
    player: PlayerId
    score: int
    rounds_won: int
    sitouts: int


def round_scores(result: RoundResult) -> dict[PlayerId, int]:
    """Each player who played the round: their team's sum of deal scores at their table."""
    scores: dict[PlayerId, int] = {}
    for table in result.tables:
        totals = table.team_totals()
        for seat, player in enumerate(table.seats):
            if player in scores:
                raise ValueError(f"player {player!r} is seated twice in one round")
            scores[player] = totals[seat % 2]
    return scores


def sitout_credit(round_scores: Iterable[int], *, option: SitoutCredit = "average") -> int:
    """A sit-out's credit for one round (RULES.md section 6, "Sit-out credit").

    ``average`` (default): the mean of the round scores of the players who
    played the round, as floor(mean + 0.5), computed exactly (7.5 gives 8;
    -2.5 gives -2). ``zero``: 0.
    """
    if option == "zero":
        return 0
    if option != "average":
        raise ValueError(f"unknown sit-out credit option {option!r}; expected 'average' or 'zero'")
    scores = list(round_scores)
    if not scores:
        raise ValueError("the sit-out credit needs the scores of the players who played")
    return math.floor(Fraction(sum(scores), len(scores)) + Fraction(1, 2))


@dataclass(frozen=True)
class RoundTally:
    """What one round adds to each player's line of the standings.

    ``scores``: the round score of each player who played it, plus the
    sit-out credit of each player who sat it out; ``won``: players whose team
    won its table; ``sitting_out``: the round's sit-outs.  Summing tallies
    gives the standings, so a party's standings can be kept per round and
    only a changed round recomputed.
    """

    scores: dict[PlayerId, int]
    won: frozenset[PlayerId]
    sitting_out: tuple[PlayerId, ...]
    #: The table number (from 1) each player who played sat at.
    table_of: dict[PlayerId, int]


def round_tally(result: RoundResult, *, option: SitoutCredit = "average") -> RoundTally:
    """One round's share of the standings (see :func:`compute_standings`)."""
    played = round_scores(result)
    won = frozenset(
        player
        for table in result.tables
        if table.winner is not None
        for seat, player in enumerate(table.seats)
        if seat % 2 == table.winner
    )
    scores = dict(played)
    if result.sitting_out:
        credit = sitout_credit(played.values(), option=option)
        for player in result.sitting_out:
            if player in played:
                raise ValueError(f"player {player!r} both played and sat out one round")
            scores[player] = credit
    table_of = {
        player: number
        for number, table in enumerate(result.tables, start=1)
        for player in table.seats
    }
    return RoundTally(
        scores=scores, won=won, sitting_out=tuple(result.sitting_out), table_of=table_of
    )


def compute_standings(
    rounds: Iterable[RoundResult],
    *,
    registration: Sequence[PlayerId],
    option: SitoutCredit = "average",
) -> list[StandingRow]:
    """The party's standings (RULES.md section 6, "A player's score" and "Standings").

    A player's score is the sum of their team's deal scores over every deal
    they played plus, for each round they sat out, that round's
    :func:`sitout_credit` (house option ``sitout_credit`` as ``option``).
    Rounds won counts the rounds whose table winner was the player's team.

    Every registered player gets a row (a player who left keeps their score;
    one who has not played yet has 0). Rows are ordered by score, then rounds
    won, both highest first; players equal on both share a rank (1, 2, 2, 4)
    and are listed in registration order.
    """
    return standings_from_tallies(
        [round_tally(result, option=option) for result in rounds], registration=registration
    )


def standings_from_tallies(
    tallies: Iterable[RoundTally], *, registration: Sequence[PlayerId]
) -> list[StandingRow]:
    """The standings from each round's :class:`RoundTally` (as :func:`compute_standings`)."""
    index = {player: position for position, player in enumerate(registration)}
    score = dict.fromkeys(registration, 0)
    won = dict.fromkeys(registration, 0)
    sat_out = dict.fromkeys(registration, 0)
    for tally in tallies:
        for player, points in tally.scores.items():
            if player not in index:
                raise ValueError(f"player {player!r} is not in the registration order")
            score[player] += points
        for player in tally.won:
            won[player] += 1
        for player in tally.sitting_out:
            sat_out[player] += 1

    order = sorted(registration, key=lambda p: (-score[p], -won[p], index[p]))
    rows: list[StandingRow] = []
    for position, player in enumerate(order, start=1):
        rank = position
        if rows and (rows[-1].score, rows[-1].rounds_won) == (score[player], won[player]):
            rank = rows[-1].rank
        rows.append(StandingRow(rank, player, score[player], won[player], sat_out[player]))
    return rows


# --- Prizes ------------------------------------------------------------------


@dataclass(frozen=True)
class PrizePick:
    """One turn at the prize table: ``pick`` 1 chooses first.

    ``prize`` is the host's listed prize at that position, what the winner
    takes if prizes are taken in the order listed; the winner may choose any
    prize still on the table.
    """

    pick: int
    player: PlayerId
    rank: int
    prize: str


def award_prizes(
    standings: Sequence[StandingRow],
    prizes: Sequence[str],
    *,
    tie_order: Sequence[PlayerId] | None = None,
) -> list[PrizePick]:
    """The order in which winners pick their prizes (RULES.md section 6, "Prizes").

    Winners pick in rank order, one prize each, as many picks as prizes (or
    players). Players sharing a rank pick in the order the host sets,
    ``tie_order``; players it does not list follow, in the standings' order,
    which is registration order (the default).
    """
    if tie_order is not None and len(set(tie_order)) != len(tie_order):
        raise ValueError("tie_order lists a player more than once")
    host_order = {player: position for position, player in enumerate(tie_order or ())}
    unlisted = len(host_order)
    position = {row.player: i for i, row in enumerate(standings)}
    order = sorted(
        standings,
        key=lambda row: (row.rank, host_order.get(row.player, unlisted), position[row.player]),
    )
    return [
        PrizePick(pick=pick, player=row.player, rank=row.rank, prize=prize)
        for pick, (row, prize) in enumerate(zip(order, prizes, strict=False), start=1)
    ]


@dataclass(frozen=True)
class SpecialPrize:
    """Winners of a special prize (sharing it when tied) and the figure that won it.

    ``players`` is empty and ``value`` ``None`` when nobody qualifies.
    """

    players: tuple[PlayerId, ...]
    value: int | None


@dataclass(frozen=True)
class BidRecord:
    """What the special prizes need from a deal record (RULES.md section 5)."""

    seats: Table
    bidder: int
    bid: int
    bidding_team_points: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "seats", tuple(self.seats))
        if self.bidder not in (0, 1, 2, 3):
            raise ValueError(f"bidder seat must be 0..3, not {self.bidder!r}")

    def bidding_team(self) -> tuple[PlayerId, PlayerId]:
        """The bidder and their partner (seats bidder and bidder + 2)."""
        return (self.seats[self.bidder], self.seats[(self.bidder + 2) % 4])


def low_score(standings: Sequence[StandingRow]) -> SpecialPrize:
    """The low-score prize: every row with the lowest score shares it, in standings order.

    Decided over the rows given; a caller that wants to leave out players who
    never played passes the other rows.
    """
    if not standings:
        return SpecialPrize((), None)
    lowest = min(row.score for row in standings)
    return SpecialPrize(tuple(row.player for row in standings if row.score == lowest), lowest)


def _made_bids(deals: Iterable[BidRecord], ruleset: Ruleset) -> list[BidRecord]:
    return [deal for deal in deals if ruleset.bid_made(deal.bid, deal.bidding_team_points)]


def _share(counts: dict[PlayerId, int], registration: Sequence[PlayerId]) -> SpecialPrize:
    if not counts:
        return SpecialPrize((), None)
    best = max(counts.values())
    return SpecialPrize(tuple(p for p in registration if counts.get(p) == best), best)


def most_shoots_made(
    deals: Iterable[BidRecord], *, registration: Sequence[PlayerId], ruleset: Ruleset
) -> SpecialPrize:
    """Most top contracts made (the shoot; Louisiana 28 and 56); each counts for both
    partners of the bidding team.

    Ties share; winners listed in registration order. Nobody wins when no
    shoot was made, nor ever in a game without a shoot.
    """
    counts: dict[PlayerId, int] = {}
    for deal in _made_bids(deals, ruleset):
        if deal.bid in ruleset.top_contracts:
            for player in deal.bidding_team():
                counts[player] = counts.get(player, 0) + 1
    return _share(counts, registration)


def highest_bid_made(
    deals: Iterable[BidRecord], *, registration: Sequence[PlayerId], ruleset: Ruleset
) -> SpecialPrize:
    """Highest bid made (a made shoot counts as its bid); both partners of the bidding team count.

    Every player of a bidding team that made the highest bid shares the prize,
    listed in registration order. Nobody wins when no bid was made.
    """
    best: dict[PlayerId, int] = {}
    for deal in _made_bids(deals, ruleset):
        for player in deal.bidding_team():
            best[player] = max(best.get(player, deal.bid), deal.bid)
    return _share(best, registration)
