"""Bots at online tables act here, in the background, never in a person's request."""

from __future__ import annotations

from celery import shared_task
from django.conf import settings


@shared_task(ignore_result=True)
def bots_play(table_id: int, version: int) -> None:
    """Let the bots at table ``table_id`` play while it is their turn.

    Takes the version the table had when the task was enqueued and does
    nothing if the table has moved on since (so a repeated or late task is
    harmless).  Consecutive bot turns run in a loop here rather than by one
    task enqueueing the next, which in eager mode (no broker) would recurse.
    On a real worker with a thinking time, each further step (a bot's
    decision, with the forced steps after it: ``services.bot_step``) is
    enqueued with that countdown instead, so a worker never sleeps.  On a worker, a
    table of bots only stops while none of its pages is open.
    """
    # services imports this module at the top, to enqueue this task.
    from . import services

    delay = settings.PLAY_BOT_DELAY_MS / 1000
    # Eager, or called as a plain function: no broker to hand the next move to.
    inline = bool(bots_play.request.is_eager) or bots_play.request.id is None
    next_version: int | None = version
    while next_version is not None:
        # Run in someone's request, the bots play on; on a worker, a table of
        # bots only that nobody watches stops (scoring.watching).
        next_version = services.bot_step(
            table_id=table_id, version=next_version, stop_unwatched=not inline
        )
        if next_version is not None and delay > 0 and not inline:
            # The next move waits on the queue this one came from (services.bots_queue).
            queue = (bots_play.request.delivery_info or {}).get("routing_key")
            services.bots_enqueue(table_id, next_version, queue=queue)
            return


@shared_task(ignore_result=True)
def seats_away(table_id: int) -> None:
    """Hand the seats of people whose links went silent at table ``table_id``
    to their bots; does nothing when everyone is still there."""
    from . import services  # services imports this module at the top

    services.seats_away(table_id=table_id)


@shared_task(ignore_result=True)
def deal_review(deal_id: int) -> None:
    """Mark the people's moves of a finished deal that the expert would have
    made otherwise, for its replay."""
    from . import services  # services imports this module at the top

    services.deal_review(deal_id=deal_id)
