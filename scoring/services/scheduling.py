"""When the bots play: their task queued after a move, queued again when lost,
and restarted when someone opens a page of a table of bots only."""

from __future__ import annotations

import functools
import logging
from collections.abc import Sequence

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from pedroparty.outage import REDIS_ERRORS

from .. import watching
from ..models import OnlineSeat, OnlineTable
from ..selectors import bots_overdue_since, deal_state, table_ruleset, table_seats
from ..tasks import bots_play as bots_play_task
from .common import bot_due, table_unattended

logger = logging.getLogger(__name__)


def bots_queue(table: OnlineTable, seats: Sequence[OnlineSeat]) -> str:
    """The Celery queue of the table's bots (the queues are in settings)."""
    if table_unattended(table, seats):
        return settings.PLAY_BOTS_QUEUE
    return settings.CELERY_TASK_DEFAULT_QUEUE


def bots_enqueue(
    table_id: int, version: int, *, queue: str | None = None, think: bool = True
) -> bool:
    """Let the bots play at ``table_id`` after their thinking time (at once
    if not ``think``: their step is forced), from ``queue``
    (:func:`bots_queue`; looked up with one query if None).

    Returns False, having changed nothing, when the queue does not answer:
    the table's moves are stored, and :func:`bots_resume` queues the bots
    again once a seat's poll finds them overdue."""
    if queue is None:
        seats = table_seats(table_id=table_id)
        queue = bots_queue(seats[0].table, seats) if seats else settings.CELERY_TASK_DEFAULT_QUEUE
    try:
        bots_play_task.apply_async(
            (table_id, version),
            countdown=settings.PLAY_BOT_DELAY_MS / 1000 if think else 0,
            queue=queue,
        )
    except REDIS_ERRORS as error:
        logger.warning("Bots of online table %s not queued: %s", table_id, error)
        return False
    return True


def bots_resume(*, table_id: int) -> bool:
    """Queue the bots' turn again at ``table_id`` if a bot is due there and
    the table has not changed since :func:`bots_overdue_since` (its task was
    lost, or could not be queued).  Returns whether it queued.

    Safe to call on every poll: a table where a person is to act costs one
    read and no lock; a stalled one is queued once per ``PLAY_BOT_REQUEUE_MS``,
    because the claim restarts the table's clock under its row lock, and the
    task itself does nothing if the table has moved on."""
    seats = table_seats(table_id=table_id)
    if not seats or not _bots_stalled(seats):
        return False
    with transaction.atomic():
        claimed = OnlineTable.objects.select_for_update().filter(
            pk=table_id, turn_since__lte=bots_overdue_since()
        )
        if not claimed.values_list("pk", flat=True):
            return False  # another poll claimed it, or the table moved on
        seats = table_seats(table_id=table_id)
        if not _bots_stalled(seats):
            return False
        table = seats[0].table
        table.turn_since = timezone.now()
        table.save(update_fields=["turn_since"])
        version = table.version
        transaction.on_commit(functools.partial(bots_enqueue, table_id, version))
    return True


def _bots_stalled(seats: Sequence[OnlineSeat]) -> bool:
    table = seats[0].table
    if table.status != OnlineTable.Status.PLAYING or table.turn_since > bots_overdue_since():
        return False
    return bot_due(table, deal_state(table_ruleset(table), table.current), seats)


def table_watch(*, token: str) -> None:
    """A page of the table behind ``token`` (a seat's or the creator's link)
    is open.  If none had been lately and it is a table of bots only, its
    bots, stopped by :func:`bot_step`, play on."""
    if not watching.watch_mark(token):
        return
    seats = table_seats(token=token) or table_seats(creator_token=token)
    if not seats:
        return
    table = seats[0].table
    if table.status == OnlineTable.Status.PLAYING and table_unattended(table, seats):
        table_id, version = table.pk, table.version
        queue = settings.PLAY_BOTS_QUEUE
        # bot_step does nothing unless a bot is due at this very version.
        transaction.on_commit(lambda: bots_enqueue(table_id, version, queue=queue))
