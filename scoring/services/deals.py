"""Deals of an online table: dealt, finished, checked by the validator and
counted in the game and, at a party table, in the party."""

from __future__ import annotations

import functools
import logging
from collections.abc import Sequence

from django.db import transaction
from django.utils import timezone, translation
from django.utils.translation import gettext_noop

from pedroparty.outage import REDIS_ERRORS
from scoring.rules import DealState, Ruleset, game_winner, new_deal, validate_result
from scoring.rules.levels import plays_seats
from scoring.rules.seats import seat_game_winner
from tournaments.clubs.services.ratings import ratings_online_finished
from tournaments.errors import UserError
from tournaments.models import DealResult, Round, TableRound
from tournaments.services import DealEntry, result_record

from ..models import OnlineDeal, OnlineSeat, OnlineTable
from ..selectors import hints_offered, seat_bid_made, table_ruleset
from ..tasks import deal_review as deal_review_task

logger = logging.getLogger(__name__)

#: The validator numbers deals 1..deals-per-round (at most 12) and checks the
#: dealer of deal d is seat (d - 1) mod 4; a casual game's deal n is checked
#: as deal ((n - 1) mod 12) + 1 of a 12-deal round, which has the same dealer.
_CASUAL_CYCLE = 12


def deal_start(table: OnlineTable, rs: Ruleset) -> tuple[OnlineDeal, DealState]:
    """Shuffle and deal the table's next hand: deal d is dealt by seat
    (d - 1) mod N, N the table's seats (4, or RULES.md 12.1.1's N): the deal
    passes to the left."""
    number = table.deal_number + 1
    seats = rs.players if plays_seats(rs) else 4
    state = new_deal(rs, dealer=(number - 1) % seats)
    deal = OnlineDeal.objects.create(
        table=table, number=number, dealer=state.dealer, deck=state.to_json()["deck"]
    )
    table.deal_number = number
    table.current = deal
    return deal, state


def deal_again(table: OnlineTable, deal: OnlineDeal, rs: Ruleset) -> DealState:
    """A misdeal (Tennessee, RULES.md 11.4.18) does not count: the same dealer
    deals again under the same deal number, and the misdealt hand leaves no
    record.  Should be called while holding the table's lock."""
    state = new_deal(rs, dealer=deal.dealer)
    deal.events.all().delete()
    deal.deck = state.to_json()["deck"]
    deal.log = []
    deal.save(update_fields=["deck", "log"])
    return state


def deal_next(table: OnlineTable, rs: Ruleset) -> DealState | None:
    """Deal the next hand; or, if the party round has moved on without this
    table (closed, or time called), finish the table and return None."""
    if table.mode == OnlineTable.Mode.PARTY:
        stopped = _party_stop_reason(table)
        if stopped:
            _table_finish(table, winner=_leader(table), note=stopped)
            return None
    return deal_start(table, rs)[1]


def _party_stop_reason(table: OnlineTable) -> str:
    """Why a party table stops early, in English as the table's note keeps it
    (pages translate it), or ""."""
    if Round.objects.filter(pk=table.party_round_id, status=Round.Status.CLOSED).exists():
        return gettext_noop("The host has closed this round, so the table stops here.")
    if TableRound.objects.filter(
        round_id=table.party_round_id, table=table.party_table, time_called=True
    ).exists():
        return gettext_noop("The host has called time on this table, so it stops here.")
    return ""


def _leader(table: OnlineTable) -> int | None:
    """The team ahead or, in an N-seat game, the one seat with the highest
    total; None for a tie."""
    if table.totals:
        best = max(table.totals)
        top = [seat for seat, total in enumerate(table.totals) if total == best]
        return top[0] if len(top) == 1 else None
    if table.score0 == table.score1:
        return None
    return 0 if table.score0 > table.score1 else 1


def _table_finish(table: OnlineTable, *, winner: int | None, note: str = "") -> None:
    """Should be called while holding the table's lock; saved by ``table_changed``."""
    table.status = OnlineTable.Status.FINISHED
    table.winner = winner
    table.note = note[:240]


def deal_record(
    table: OnlineTable, deal: OnlineDeal, state: DealState, seats: Sequence[OnlineSeat]
) -> tuple[Ruleset, dict]:
    """The ruleset to check with and the hand-result record (RULES.md 5) of a
    finished deal, with its ``log`` so that the validator replays it."""
    rs = table_ruleset(table)
    number = deal.number
    if table.mode != OnlineTable.Mode.PARTY:
        rs = rs.with_options(deals_per_round=_CASUAL_CYCLE)
        number = (deal.number - 1) % _CASUAL_CYCLE + 1
    record = state.record()
    record.update(
        deal=number,
        players=[seat.name for seat in seats],
        log={"dealer": deal.dealer, "deck": list(deal.deck), "actions": list(state.log)},
    )
    return rs, record


def deal_finish(
    table: OnlineTable, deal: OnlineDeal, state: DealState, seats: Sequence[OnlineSeat]
) -> None:
    """Check the finished deal's record, store it, count it in the game and,
    at a party table, in the party.  Should be called while holding the
    table's lock."""
    if plays_seats(state.rs):
        _seat_deal_finish(table, deal, state, seats)
        return
    check_rs, record = deal_record(table, deal, state, seats)
    errors = validate_result(check_rs, record)
    if errors:  # the engine and the validator disagree: a bug, never a player's fault
        raise AssertionError(f"online deal {deal.pk} fails the validator: {errors}")
    score0, score1 = record["tally"]
    deal.status = OnlineDeal.Status.DONE
    deal.record = state.record() | {"deal": deal.number}
    deal.score0, deal.score1 = score0, score1
    deal.finished_at = timezone.now()
    rs = table_ruleset(table)
    team = record["bidder"] % 2
    before = (table.score0, table.score1)
    if table.mode == OnlineTable.Mode.TARGET:
        # The game's own rules for adding a deal (Isle Madame's lock).
        table.score0, table.score1 = rs.game_add(before, (score0, score1), team)
    else:
        table.score0, table.score1 = before[0] + score0, before[1] + score1
    if table.mode == OnlineTable.Mode.PARTY:
        _party_record(table, deal, record)
    deal.save()
    if hints_offered(table):
        transaction.on_commit(functools.partial(_review_enqueue, deal.pk))
    if table.status != OnlineTable.Status.PLAYING:
        return
    if table.mode == OnlineTable.Mode.TARGET:
        made = rs.bid_made(record["bid"], record["bidding_team_points"])
        totals = (table.score0, table.score1)
        winner = game_winner(rs, totals, team, made, before=before, bid=record["bid"])
        if winner is not None:
            _table_finish(table, winner=winner)
    elif deal.number >= table.deals_total:
        _table_finish(table, winner=_leader(table))
    if table.status == OnlineTable.Status.FINISHED and table.mode != OnlineTable.Mode.PARTY:
        # The club members seated here: the game moves their ratings.
        date = timezone.localdate(deal.finished_at)
        ratings_online_finished(table=table, seats=seats, date=date)


def seat_deal_record(deal: OnlineDeal, state: DealState, seats: Sequence[OnlineSeat]) -> dict:
    """The N-seat record of a finished deal (RULES.md 12.1.8): the engine's,
    with the deal's number, the first dealer (seat 1) and the seats' names."""
    return state.record() | {
        "deal": deal.number,
        "first_dealer": 0,
        "players": [seat.name for seat in seats],
    }


def _seat_deal_finish(
    table: OnlineTable, deal: OnlineDeal, state: DealState, seats: Sequence[OnlineSeat]
) -> None:
    """An N-seat deal: checked, stored, added to each seat's running total,
    and the game ended by RULES.md 12.3 (or after its number of deals)."""
    rs = state.rs
    record = seat_deal_record(deal, state, seats)
    errors = validate_result(rs, record)
    if errors:  # the engine and the validator disagree: a bug, never a player's fault
        raise AssertionError(f"online deal {deal.pk} fails the validator: {errors}")
    scores = list(record["tally"])
    deal.status = OnlineDeal.Status.DONE
    deal.record = record
    deal.scores = scores
    deal.finished_at = timezone.now()
    deal.save()
    if hints_offered(table):
        transaction.on_commit(functools.partial(_review_enqueue, deal.pk))
    before = list(table.totals) or [0] * len(scores)
    table.totals = [total + score for total, score in zip(before, scores, strict=True)]
    if table.status != OnlineTable.Status.PLAYING:
        return
    if table.mode == OnlineTable.Mode.TARGET:
        winner = seat_game_winner(
            table.totals,
            table_ruleset(table).target,
            bidder=record["bidder"],
            partner=record.get("partner"),
            bid_made=seat_bid_made(record),
        )
        if winner is not None:
            _table_finish(table, winner=winner)
    elif deal.number >= table.deals_total:
        _table_finish(table, winner=_leader(table))


def _review_enqueue(deal_id: int) -> None:
    try:
        deal_review_task.delay(deal_id)
    except REDIS_ERRORS as error:
        # Only the replay's marks wait on it: nothing a player needs to play.
        logger.warning("Review of online deal %s not queued: %s", deal_id, error)


def _party_record(table: OnlineTable, deal: OnlineDeal, record: dict) -> None:
    """Store the deal in the party's round exactly as a host's entry would be.

    A refusal is kept on the deal in English, whoever's move finished it: what
    is stored does not change with the language."""
    try:
        with translation.override("en"):
            deal.result = result_record(
                round=table.party_round,
                table=table.party_table,
                deal=deal.number,
                entry=party_entry(record),
                user=None,
                source=DealResult.Source.ONLINE,
            )
    except UserError as exc:
        deal.party_error = exc.message[:240]
        stopped = _party_stop_reason(table)
        if stopped:
            _table_finish(table, winner=_leader(table), note=stopped)


def party_entry(record: dict) -> DealEntry:
    """A finished deal's record as the party's entry of it.

    Where point cards can leave play (RULES.md 11.5) the record also holds
    ``other_team_points``, which the party stores beside the bidders'."""
    return DealEntry(
        bidder=record["bidder"],
        bid=record["bid"],
        bidding_team_points=record["bidding_team_points"],
        other_team_points=record.get("other_team_points"),
        trump=record["trump"],
        cards=record["cards"],
        tally=record["tally"],
    )
