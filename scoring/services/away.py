"""A seat's person away, the pieces a move needs: giving the seat back to
its person, telling a person gone silent, and asking a worker to look for
one once their turn starts (``presence`` hands seats over and back)."""

from __future__ import annotations

import datetime
import functools
import logging

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.utils import timezone

from pedroparty.outage import REDIS_ERRORS

from ..models import OnlineSeat, OnlineTable
from ..tasks import seats_away as seats_away_task

logger = logging.getLogger(__name__)


def seat_back(seat: OnlineSeat) -> None:
    """Give ``seat`` back to its person, who is here now.  Should be called
    holding the table's lock."""
    seat.kind = OnlineSeat.Kind.HUMAN
    seat.stand_in = False
    seat.away = False
    seat.seen_at = timezone.now()
    seat.save(update_fields=["kind", "stand_in", "away", "seen_at"])


def seat_gone(table: OnlineTable, seat: OnlineSeat) -> bool:
    """Whether a person plays ``seat`` and their link has been silent for
    longer than the table's away time."""
    if seat.kind != OnlineSeat.Kind.HUMAN:
        return False
    since = timezone.now() - datetime.timedelta(seconds=table.away_seconds)
    return seat.seen_at is None or seat.seen_at < since


def away_watch(table: OnlineTable, seat: OnlineSeat) -> None:
    """A person's turn starts at ``table``: with a worker, look again once
    the away time has passed, in case nobody's page is open to notice that
    they left.  Eager (no broker) there is no later: the pages' polls notice."""
    if settings.CELERY_TASK_ALWAYS_EAGER or seat.kind != OnlineSeat.Kind.HUMAN:
        return
    transaction.on_commit(functools.partial(_away_enqueue, table.pk, table.away_seconds))


def _away_enqueue(table_id: int, away_seconds: int) -> None:
    try:
        # One look a table per away time is enough: a person silent since
        # this turn started is found by the first look after it.
        if not cache.add(f"play:away:{table_id}", True, away_seconds):
            return
        seats_away_task.apply_async((table_id,), countdown=away_seconds + 1)
    except REDIS_ERRORS as error:
        # The pages' polls notice a silent seat all the same.
        logger.warning("Away check of online table %s not queued: %s", table_id, error)
