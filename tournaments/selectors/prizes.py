"""Prizes: the special prizes' winners, who picks a place prize next, and
who has what."""

from __future__ import annotations

import math
from dataclasses import dataclass

from scoring import wording
from scoring.rules import PARTNERSHIP_RULESETS, Ruleset

from ..game import standings
from ..models import Party, Player, Prize, PrizeAward, RatingUpdate
from .history import PartyHistory, party_history
from .results import party_standings, round_results


def _bid_records(history: PartyHistory) -> list[standings.BidRecord]:
    return [
        standings.BidRecord(tuple(table), d.bidder, d.bid, d.bidding_team_points)
        for info in history.rounds
        for t, table in enumerate(info.tables)
        for d in info.deals[t]
    ]


def special_prize_winners(party: Party) -> dict[str, list[int]]:
    """Winners of the special prizes (ties share): low score among the players
    who took part, most shoots made, highest bid made."""
    history = party_history(party)
    rows = standings.compute_standings(
        round_results(history), registration=history.registration, option=history.sitout_credit
    )
    took_part = {pid for info in history.rounds for table in info.tables for pid in table}
    took_part |= {pid for info in history.rounds for pid in info.sitting_out}
    bids = _bid_records(history)
    rs = PARTNERSHIP_RULESETS[party.ruleset]  # whether a bid was made needs no house option
    return {
        "low_score": list(standings.low_score([r for r in rows if r.player in took_part]).players),
        "most_shoots": list(
            standings.most_shoots_made(bids, registration=history.registration, ruleset=rs).players
        ),
        "highest_bid": list(
            standings.highest_bid_made(bids, registration=history.registration, ruleset=rs).players
        ),
        "against_odds": against_the_odds(party),
    }


def against_the_odds(party: Party) -> list[int]:
    """The players (ties share) whose rated rounds beat the ratings'
    predictions by the most: each round, the pair's result (1 won, 1/2
    drawn, 0 lost) less the chance the ratings gave it, added up over the
    night.  Nobody when no member beat the predictions (or no round was
    rated: a party outside a club, or guests only)."""
    surplus: dict[int, float] = {}
    for player_id, outcome, expected in (
        RatingUpdate.objects.filter(party=party, member__players__party=party)
        .values_list("member__players__id", "outcome", "expected")
        .order_by()
    ):
        surplus[player_id] = surplus.get(player_id, 0.0) + outcome - expected
    if not surplus:
        return []
    best = max(surplus.values())
    if best <= 0:
        return []
    order = dict(Player.objects.filter(party=party).values_list("pk", "order"))
    return sorted(
        (pid for pid, value in surplus.items() if math.isclose(value, best, abs_tol=1e-9)),
        key=order.get,
    )


@dataclass(frozen=True)
class PrizeTurn:
    pick: int
    player: int
    name: str
    rank: int
    score: int


def prize_order(party: Party) -> list[PrizeTurn]:
    """Who picks a place prize, in order: rank order, ties in the host's order."""
    table = party_standings(party)
    place_prizes = list(
        party.prizes.filter(kind="place").order_by("position").values_list("name", flat=True)
    )
    rows = [
        standings.StandingRow(r.rank, r.player, r.score, r.rounds_won, r.sitouts)
        for r in table.rows
    ]
    picks = standings.award_prizes(rows, place_prizes, tie_order=party.tie_order or None)
    lines = table.by_player()
    return [
        PrizeTurn(p.pick, p.player, lines[p.player].name, p.rank, lines[p.player].score)
        for p in picks
    ]


def prize_turn(party: Party) -> PrizeTurn | None:
    """The next player to pick a place prize, or None when all have picked."""
    picked = set(
        PrizeAward.objects.filter(prize__party=party, prize__kind="place").values_list(
            "player_id", flat=True
        )
    )
    for turn in prize_order(party):
        if turn.player not in picked:
            return turn
    return None


@dataclass(frozen=True)
class LatestPick:
    """The place prize picked last: the pick a host may put back."""

    pick: int  # the PrizeAward's id
    prize: int
    prize_name: str
    player: str


def prize_latest_pick(party: Party) -> LatestPick | None:
    """The place prize pick made last (the one a host may put back), or None."""
    picks = {
        player: (pk, prize, prize_name, name)
        for pk, player, prize, prize_name, name in PrizeAward.objects.filter(
            prize__party=party, prize__kind="place"
        ).values_list("pk", "player_id", "prize_id", "prize__name", "player__name")
    }
    latest = None
    for turn in prize_order(party):
        if turn.player in picks:
            latest = LatestPick(*picks[turn.player])
    return latest


@dataclass
class PrizeLine:
    id: int
    name: str
    kind: str
    kind_label: str
    winners: list[str]


def prize_kind_label(kind: str, ruleset: Ruleset) -> str:
    """What a prize of ``kind`` is for, in the active language: the one name
    the prizes page, the certificates and the documents page give it.  The
    top contracts' prize says the game's own ("Most 32s made")."""
    if kind == Prize.Kind.MOST_SHOOTS:
        return wording.top_contracts_prize(ruleset)
    return str(Prize.Kind(kind).label)


def prize_board(party: Party) -> list[PrizeLine]:
    """Every prize with who has it so far."""
    ruleset = PARTNERSHIP_RULESETS[party.ruleset]
    lines = {
        prize.pk: PrizeLine(
            prize.pk, prize.name, prize.kind, prize_kind_label(prize.kind, ruleset), []
        )
        for prize in party.prizes.order_by("kind", "position")
    }
    awards = PrizeAward.objects.filter(prize__party=party).order_by("rank", "player__order")
    for prize_id, name in awards.values_list("prize_id", "player__name"):
        lines[prize_id].winners.append(name)
    return list(lines.values())
