"""Prizes: the special prizes' winners, who picks a place prize next, and
who has what."""

from __future__ import annotations

from dataclasses import dataclass

from scoring import wording
from scoring.rules import RULESETS

from .. import standings
from ..models import Party, Prize, PrizeAward
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
    rs = RULESETS[party.ruleset]  # whether a bid was made needs no house option
    return {
        "low_score": list(standings.low_score([r for r in rows if r.player in took_part]).players),
        "most_shoots": list(
            standings.most_shoots_made(bids, registration=history.registration, ruleset=rs).players
        ),
        "highest_bid": list(
            standings.highest_bid_made(bids, registration=history.registration, ruleset=rs).players
        ),
    }


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


def prize_latest_pick(party: Party) -> int | None:
    """The place prize picked last (the one a host may put back), or None."""
    picks = dict(
        PrizeAward.objects.filter(prize__party=party, prize__kind="place").values_list(
            "player_id", "prize_id"
        )
    )
    latest = None
    for turn in prize_order(party):
        if turn.player in picks:
            latest = picks[turn.player]
    return latest


@dataclass
class PrizeLine:
    id: int
    name: str
    kind: str
    kind_label: str
    winners: list[str]


def _kind_label(prize: Prize, party: Party) -> str:
    """What the prize is for; the top contracts' prize names the game's own."""
    if prize.kind == Prize.Kind.MOST_SHOOTS:
        return wording.top_contracts_prize(RULESETS[party.ruleset])
    return prize.get_kind_display()


def prize_board(party: Party) -> list[PrizeLine]:
    """Every prize with who has it so far."""
    lines = {
        prize.pk: PrizeLine(prize.pk, prize.name, prize.kind, _kind_label(prize, party), [])
        for prize in party.prizes.order_by("kind", "position")
    }
    awards = PrizeAward.objects.filter(prize__party=party).order_by("rank", "player__order")
    for prize_id, name in awards.values_list("prize_id", "player__name"):
        lines[prize_id].winners.append(name)
    return list(lines.values())
