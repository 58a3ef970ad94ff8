"""Online tables made through the services, helpers to play them, and a real worker.

In a test wrapped in a transaction (``db``), the bots' Celery task is never
enqueued (it waits for a commit that never comes), so tests let the bots play
with :func:`run_bots`, which calls the task's function directly, with or
without a broker.
"""

from __future__ import annotations

import contextlib
import datetime
import time
from collections.abc import Iterator

from celery.signals import task_postrun
from django.db import connections

from pedroparty.celery import app
from scoring import services
from scoring.models import OnlineSeat, OnlineTable
from scoring.services import SeatSpec
from scoring.tasks import bots_play

PEOPLE = ("Ana", "Bea", "Cruz", "Dee")


def make_table(
    kinds=("human", "human", "human", "human"),
    *,
    ruleset: str = "monterey-draw",
    deals: int | None = 1,
    target: int | None = None,
    idle_seconds: int = 120,
) -> OnlineTable:
    seats = [SeatSpec(name, kind) for name, kind in zip(PEOPLE, kinds, strict=True)]
    if target is not None:
        deals = None
    return services.table_create(
        seats=seats, ruleset=ruleset, deals=deals, target=target, idle_seconds=idle_seconds
    )


def seats_of(table: OnlineTable) -> list[OnlineSeat]:
    return list(table.seats.order_by("seat"))


def state_of(table: OnlineTable):
    table.refresh_from_db()
    return services.deal_state(services.table_ruleset(table), table.current)


def run_bots(table: OnlineTable) -> None:
    """Let the bots play their consecutive turns now (the task, called inline)."""
    table.refresh_from_db()
    bots_play(table.pk, table.version)
    table.refresh_from_db()


def act(table: OnlineTable, action: str) -> OnlineTable:
    """The seat to act takes ``action`` through the service."""
    state = state_of(table)
    seats = seats_of(table)
    # Once the deal is over, any person may deal the next hand.
    seat = next(s for s in seats if not s.is_bot) if state.to_act is None else seats[state.to_act]
    return services.table_act(token=seat.token, action=action, version=table.version)


def make_idle(table: OnlineTable) -> None:
    """Pretend the seat to act has been thinking for an hour."""
    OnlineTable.objects.filter(pk=table.pk).update(
        turn_since=table.turn_since - datetime.timedelta(hours=1)
    )
    table.refresh_from_db()


@contextlib.contextmanager
def celery_worker() -> Iterator[None]:
    """A real Celery worker in a thread, consuming from the Redis broker (REDIS_URL).

    After each task the worker thread closes its database connections, so
    that none is left open when the test database is dropped."""
    from celery.contrib.testing.worker import start_worker

    def close_connections(**kwargs) -> None:
        connections.close_all()

    task_postrun.connect(close_connections, weak=False)
    try:
        with start_worker(app, pool="solo", perform_ping_check=False, shutdown_timeout=10):
            yield
    finally:
        task_postrun.disconnect(close_connections)


def wait_for(condition, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"still not true after {timeout} s")
        time.sleep(0.05)
