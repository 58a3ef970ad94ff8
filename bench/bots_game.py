"""Benchmark: a game of four bots to 91 through the Celery worker, one game a
level (easy, normal, expert); target for normal bots: under 10 s plus the
bots' thinking time.

With REDIS_URL set, a real worker (celery's test worker in a thread, solo
pool) consumes this run's own queue, so no other worker can take its tasks;
every bot move is a task run after its countdown, the thinking time
(``PLAY_BOT_DELAY_MS``, 20 ms here unless set).  Without REDIS_URL the task
runs eagerly and there is no wait.  The game is created through the service
as the site does, and watched as an open page watches it (a table of bots
nobody watches pauses): the bench marks it watched every second, as a page's
poll does.  The clock stops when the table is finished.  Printed per level:
the total time, the deals and moves played, the thinking time the countdowns
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


#: The levels a table's creator may choose, as seat kinds, and their names.
LEVELS = (("easy", "easy"), ("heuristic", "normal"), ("expert", "expert"))
#: How often the bench marks the table watched, as an open page's poll does.
WATCH_EVERY_S = 1.0


def run(engine: str) -> None:
    from django.conf import settings

    worker = settings.REDIS_URL is not None
    if not worker:
        for kind, level in LEVELS:
            game(engine, kind, level, worker=False)
        return
    from celery.contrib.testing.worker import start_worker
    from celery.signals import task_postrun
    from django.db import connections

    from pedroparty.celery import app

    # This run's own queue, for every task the bots' moves queue.
    queue = f"bench-bots-{os.getpid()}"
    settings.PLAY_BOTS_QUEUE = queue
    settings.CELERY_TASK_DEFAULT_QUEUE = queue
    app.conf.task_default_queue = queue
    app.conf.task_routes = {"scoring.tasks.bots_play": {"queue": queue}}
    task_postrun.connect(lambda **kwargs: connections.close_all(), weak=False)
    with start_worker(
        app, pool="solo", perform_ping_check=False, shutdown_timeout=10, queues=[queue]
    ):
        for kind, level in LEVELS:
            game(engine, kind, level, worker=True)


def game(engine: str, kind: str, level: str, *, worker: bool) -> None:
    from django.conf import settings

    from scoring import services
    from scoring.models import DealEvent, OnlineTable
    from scoring.rules import RULESETS
    from scoring.services import SeatSpec

    delay = settings.PLAY_BOT_DELAY_MS / 1000 if worker else 0.0
    seats = [SeatSpec(f"Bot {n}", kind) for n in range(1, 5)]
    target = RULESETS["monterey-draw"].target
    started = time.perf_counter()
    table = services.table_create(seats=seats, target=target)  # eager: played at commit
    watched_at = 0.0
    while table.status != OnlineTable.Status.FINISHED:
        now = time.perf_counter()
        if now - started > TIMEOUT_S:
            sys.exit(f"the {level} bots' game did not finish in {TIMEOUT_S} s")
        if now - watched_at >= WATCH_EVERY_S:
            services.table_watch(token=table.creator_token)
            watched_at = now
        time.sleep(0.02)
        table.refresh_from_db()
    total = time.perf_counter() - started
    moves = DealEvent.objects.filter(deal__table=table).count()
    # Each bot step (a move, or dealing the next hand) waits one countdown.
    steps = moves + table.deal_number - 1
    waited = steps * delay
    mode = "worker via Redis" if worker else "eager (no REDIS_URL)"
    print(
        f"bots_game {engine}, {mode}, {level} bots: {table.deal_number} deals, {moves} moves, "
        f"final score {table.score0} to {table.score1}"
    )
    print(
        f"  total {total:.2f} s; thinking time {waited:.2f} s ({steps} steps x "
        f"{delay * 1000:.0f} ms); without it {total - waited:.2f} s "
        f"(target < {TARGET_S:.0f} s)"
    )
    if kind == "heuristic" and total - waited >= TARGET_S:
        print(f"bots_game: {total - waited:.1f} s misses the target of {TARGET_S:.0f} s")


if __name__ == "__main__":
    main()
