"""Benchmark: a game of four bots to 91 through the Celery worker (target: under
10 s plus the bots' thinking time).

With REDIS_URL set, a real worker (celery's test worker in a thread, solo
pool) consumes this run's own queue, so no other worker can take its tasks;
every bot move is a task run after its countdown, the thinking time
(``PLAY_BOT_DELAY_MS``, 20 ms here unless set).  Without REDIS_URL the task
runs eagerly and there is no wait.  The game is created through the service
as the site does; the clock stops when the table is finished.  Printed: the
total time, the deals and moves played, the thinking time the countdowns
added, and the time without it.

    python bench/bots_game.py                                   # eager, SQLite
    REDIS_URL=redis://127.0.0.1:6379/0 python bench/bots_game.py  # worker
    DATABASE_URL=postgres://... REDIS_URL=... python bench/bots_game.py
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from post_result import run_on_throwaway_database  # noqa: E402

TARGET_S = 10.0
TIMEOUT_S = 600


def main() -> None:
    os.environ.setdefault("PLAY_BOT_DELAY_MS", "20")
    run_on_throwaway_database(run)


def run(engine: str) -> None:
    from django.conf import settings

    from pedroparty.celery import app
    from scoring import services
    from scoring.models import DealEvent, OnlineTable
    from scoring.rules import RULESETS
    from scoring.services import SeatSpec

    delay = settings.PLAY_BOT_DELAY_MS / 1000
    seats = [SeatSpec(f"Bot {n}", "heuristic") for n in range(1, 5)]
    target = RULESETS["monterey-draw"].target
    worker = settings.REDIS_URL is not None
    if worker:
        from celery.contrib.testing.worker import start_worker
        from celery.signals import task_postrun
        from django.db import connections

        queue = f"bench-bots-{os.getpid()}"
        app.conf.task_routes = {"scoring.tasks.bots_play": {"queue": queue}}
        task_postrun.connect(lambda **kwargs: connections.close_all(), weak=False)
        with start_worker(
            app, pool="solo", perform_ping_check=False, shutdown_timeout=10, queues=[queue]
        ):
            started = time.perf_counter()
            table = services.table_create(seats=seats, target=target)
            while table.status != OnlineTable.Status.FINISHED:
                if time.perf_counter() - started > TIMEOUT_S:
                    sys.exit(f"the game did not finish in {TIMEOUT_S} s")
                time.sleep(0.02)
                table.refresh_from_db()
            total = time.perf_counter() - started
    else:
        started = time.perf_counter()
        table = services.table_create(seats=seats, target=target)  # eager: played at commit
        total = time.perf_counter() - started
        table.refresh_from_db()
        delay = 0.0
    moves = DealEvent.objects.filter(deal__table=table).count()
    # Each bot step (a move, or dealing the next hand) waits one countdown.
    steps = moves + table.deal_number - 1
    waited = steps * delay
    mode = "worker via Redis" if worker else "eager (no REDIS_URL)"
    print(
        f"bots_game {engine}, {mode}: {table.deal_number} deals, {moves} moves, "
        f"final score {table.score0} to {table.score1}"
    )
    print(
        f"  total {total:.2f} s; thinking time {waited:.2f} s ({steps} steps x "
        f"{delay * 1000:.0f} ms); without it {total - waited:.2f} s "
        f"(target < {TARGET_S:.0f} s)"
    )
    if total - waited >= TARGET_S:
        print(f"bots_game: {total - waited:.1f} s misses the target of {TARGET_S:.0f} s")


if __name__ == "__main__":
    main()
