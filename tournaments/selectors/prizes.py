"""Prizes: the special prizes' winners, who picks a place prize next, and
who has what."""

from __future__ import annotations

import math
from dataclasses import dataclass

from django.db.models import Avg, Count, F, FloatField, Q

from scoring import wording
from scoring.rules import PARTNERSHIP_RULESETS, Ruleset

from ..game import odds, ratings, standings
from ..models import Club, DealResult, Party, Prize, PrizeAward, RatingUpdate, Round
from ..models.ratings import latest_rows
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
    who took part, most shoots made, highest bid made, best against the odds
    (:func:`against_the_odds`)."""
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
        "against_odds": against_the_odds(party, history),
    }


def against_the_odds(party: Party, history: PartyHistory | None = None) -> list[int]:
    """The players (ties share, in registration order, as the other special
    prizes) whose round scores beat what the ratings before the night
    predicted by the most points, added up over the night's closed rounds
    (the rule: :mod:`tournaments.game.odds`).  Only club members compete;
    a member with no rating history, and a guest at their table, play with
    a newcomer's rating.  Nobody when no member beat the predictions (or
    the party is outside a club)."""
    if party.club_id is None:
        return []
    history = history or party_history(party, details=False)
    member_of = {p.id: p.member_id for p in history.players if p.member_id is not None}
    if not member_of:
        return []
    tables = []
    margins = []
    for info in history.rounds:
        if not info.closed:
            continue
        for t, seats in enumerate(info.tables):
            deals = info.deals[t]
            if not deals or not all(seats):
                continue
            tables.append(
                odds.RoundAtTable(
                    tuple(seats),
                    sum(d.score[0] for d in deals),
                    sum(d.score[1] for d in deals),
                    len(deals),
                )
            )
            margins.extend(d.score[0] - d.score[1] for d in deals)
    if not tables:
        return []
    before = _ratings_before(party, set(member_of.values()))
    spread = _club_deal_spread(party)
    if spread is None:
        spread = odds.deal_spread(margins)  # the club's first night of this game
    player_ratings = {pid: before[member] for pid, member in member_of.items() if member in before}
    totals = odds.excess(tables, player_ratings, spread)
    competing = [pid for pid in history.registration if pid in member_of and pid in totals]
    return odds.best({pid: totals[pid] for pid in competing})


def _before_night(party: Party) -> Q:
    """The club's rating rows before ``party``: an earlier day's, or an
    earlier party's of the same day (that day's online games come after its
    parties, :data:`tournaments.models.ratings.HISTORY`)."""
    return Q(date__lt=party.date) | Q(date=party.date, party_id__lt=party.pk)


def _ratings_before(party: Party, members: set[int]) -> dict[int, ratings.Rating]:
    """Each of ``members``' rating in the party's game as it stood before
    the night (a member with none is left out: a newcomer)."""
    club = Club.objects.get(pk=party.club_id)
    game = party.ruleset if club.rating_per_game else ""
    rows = RatingUpdate.objects.filter(
        _before_night(party), club=club, game=game, member_id__in=members
    )
    return {
        member_id: ratings.Rating(mu, sigma)
        for member_id, _, mu, sigma in latest_rows(rows, "mu_after", "sigma_after")
    }


def _club_deal_spread(party: Party) -> float | None:
    """The spread of one deal's margin over the club's closed rounds of the
    party's game before the night (:func:`odds.deal_spread`, worked out by
    the database); None when there are none."""
    margin = F("score0") - F("score1")
    seen = DealResult.objects.filter(
        Q(round__party__date__lt=party.date)
        | Q(round__party__date=party.date, round__party_id__lt=party.pk),
        round__party__club_id=party.club_id,
        round__party__ruleset=party.ruleset,
        round__status=Round.Status.CLOSED,
        is_current=True,
    ).aggregate(count=Count("pk"), squares=Avg(margin * margin, output_field=FloatField()))
    if not seen["count"]:
        return None
    return math.sqrt(seen["squares"])


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
