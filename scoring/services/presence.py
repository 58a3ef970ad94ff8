"""Who is still at the table: a person whose link goes silent for the
table's away time (no poll, no move) has their seat played by the bot level
chosen for it, until any poll from their link gives it back.

Everything lives in the seats' rows (``seen_at``, ``away``), so any process
sees the same: a page's poll notes its own seat and notices the others gone;
with a worker, a task queued when a person's turn starts notices it too. A
hand-over and a return both run under the table's lock and bump its version,
so a bot's task queued before either does nothing, and a person and a bot
never act for the same turn.
"""

from __future__ import annotations

import datetime

from django.db import transaction
from django.utils import timezone

from ..models import OnlineSeat, OnlineTable
from ..selectors import SeatPresence, deal_state, table_ruleset, table_seats
from .away import seat_back, seat_gone
from .play import table_changed

#: How often a seat's poll writes that its person is still there.
SEEN_EVERY = datetime.timedelta(seconds=5)


def seat_presence(*, token: str, presence: SeatPresence) -> bool:
    """Seat ``token``'s page polled (``presence`` is what its poll read):
    note that its person is there, give them their seat back if a bot had
    it while they were away, and hand over the seats of people gone silent.
    Returns whether the table changed (its version, the page's ETag)."""
    changed = False
    now = timezone.now()
    if presence.away:
        changed = seat_return(token=token)
    elif presence.seen_at is None or now - presence.seen_at >= SEEN_EVERY:
        OnlineSeat.objects.filter(pk=presence.seat_id).update(seen_at=now)
    if presence.others_gone:
        changed = seats_away(table_id=presence.table_id) or changed
    return changed


def seat_return(*, token: str) -> bool:
    """The person of seat ``token`` is back: the bot that played while they
    were away leaves.  False (nothing changed) if no such bot plays there."""
    with transaction.atomic():
        locked = OnlineTable.objects.select_for_update(of=("self",)).filter(seats__token=token)
        table_id = locked.values_list("pk", flat=True).first()
        if table_id is None:
            return False
        seats = table_seats(table_id=table_id)
        me = next(seat for seat in seats if seat.token == token)
        if not me.away:
            return False
        seat_back(me)
        # A bot may be due (the others' bots stop while nobody watches a
        # table of bots only): let them play on.
        _changed(seats, schedule=True)
    return True


def seats_away(*, table_id: int) -> bool:
    """Hand every seat whose person has been silent for the table's away time
    to its chosen bot level.  Returns whether one was handed over."""
    with transaction.atomic():
        locked = OnlineTable.objects.select_for_update().filter(pk=table_id)
        if not locked.values_list("pk", flat=True):
            return False
        seats = table_seats(table_id=table_id)
        table = seats[0].table
        if table.status != OnlineTable.Status.PLAYING:
            return False
        gone = [seat for seat in seats if seat_gone(table, seat)]
        for seat in gone:
            seat.kind = seat.away_kind
            seat.stand_in = True
            seat.away = True
            seat.save(update_fields=["kind", "stand_in", "away"])
        if gone:
            _changed(seats, schedule=True)
    return bool(gone)


def _changed(seats: list[OnlineSeat], *, schedule: bool = False) -> None:
    table = seats[0].table
    state = deal_state(table_ruleset(table), table.current)
    table_changed(table, state, seats, schedule=schedule)
