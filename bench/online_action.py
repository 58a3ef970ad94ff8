"""Benchmark: server time for one person's move at an online table (target p95 <= 30 ms).

Forty tables of four people (Draw and Widow, ten deals each) in a throwaway
database.  Moves are posted through Django's test client as htmx requests to
the real view, one after another across the tables, each by the seat whose
turn it is, chosen at random among its legal moves (the choice is not
timed).  Each timed request does everything a move costs the server: find
the seat, lock the table's row, replay the deal, check and apply the move,
append its event, bump the version, commit, and render the seat's new table.
Also timed: the one-second poll when nothing changed (a 304) and when
something did (the partial), and the JSON view.

    python bench/online_action.py                   # SQLite, a temporary file
    DATABASE_URL=postgres://... python bench/online_action.py
        # PostgreSQL: creates and drops a throwaway database there
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from post_result import figures, percentile, run_on_throwaway_database  # noqa: E402

TABLES = 40
MOVES = 1500
TARGET_MS = 30.0


def main() -> None:
    os.environ.pop("REDIS_URL", None)  # four people: no bot task is ever needed
    run_on_throwaway_database(run)


def run(engine: str) -> None:
    from django.db import connection
    from django.test import Client
    from django.urls import reverse

    from scoring import services
    from scoring.models import DealEvent
    from scoring.services import SeatSpec

    tables = [
        services.table_create(
            seats=[SeatSpec(name, "human") for name in ("Ana", "Bea", "Cruz", "Dee")],
            ruleset="monterey-widow" if t % 2 else "monterey-draw",
            deals=10,
        )
        for t in range(TABLES)
    ]
    seats = {table.pk: list(table.seats.order_by("seat")) for table in tables}
    client = Client()
    rng = random.Random(7)

    queries = 0

    def count(execute, sql, params, many, context):
        nonlocal queries
        queries += 1
        return execute(sql, params, many, context)

    def next_move(table):
        """(seat token, action, version): the seat to act and a random legal move."""
        table.refresh_from_db()
        state = services.deal_state(services.table_ruleset(table), table.current)
        if state.phase == "done":
            return seats[table.pk][0].token, "next", table.version
        token = seats[table.pk][state.to_act].token
        return token, rng.choice(state.legal_actions()), table.version

    move_ms, cpu_ms, per_move_queries = [], [], []
    hx = {"HX-Request": "true"}
    with connection.execute_wrapper(count):
        for i in range(MOVES + 20):
            table = tables[i % TABLES]
            token, action, version = next_move(table)
            url = reverse("play:seat_act", args=[token])
            queries = 0
            start, cpu = time.perf_counter(), time.process_time()
            response = client.post(url, {"action": action, "version": version}, headers=hx)
            elapsed, used = time.perf_counter() - start, time.process_time() - cpu
            if response.status_code != 200:
                sys.exit(f"move refused ({response.status_code}): {response.content[:300]!r}")
            if i >= 20:  # the first moves warm the templates and the URL resolver
                move_ms.append(elapsed * 1000)
                cpu_ms.append(used * 1000)
                per_move_queries.append(queries)

    poll_304, poll_200, json_ms = [], [], []
    for table in tables:
        token = seats[table.pk][0].token
        url = reverse("play:seat", args=[token])
        etag = client.get(url, headers=hx)["ETag"]
        for _ in range(10):
            start = time.perf_counter()
            response = client.get(url, headers={**hx, "If-None-Match": etag})
            poll_304.append((time.perf_counter() - start) * 1000)
            assert response.status_code == 304
            start = time.perf_counter()
            client.get(url, headers=hx)
            poll_200.append((time.perf_counter() - start) * 1000)
            start = time.perf_counter()
            client.get(reverse("play:seat_state", args=[token]))
            json_ms.append((time.perf_counter() - start) * 1000)

    events = DealEvent.objects.count()
    print(
        f"online tables: {TABLES} tables of four people, {len(move_ms)} timed moves, "
        f"{events} events stored"
    )
    print(
        f"online_action {engine}: {figures(move_ms)} (target p95 <= {TARGET_MS:.0f} ms); "
        f"{statistics.median(per_move_queries):.0f} queries per move"
    )
    print(f"  of which this process's CPU time: {figures(cpu_ms)}")
    print(f"poll, nothing new (304) {engine}: {figures(poll_304)}")
    print(f"poll, table changed (partial) {engine}: {figures(poll_200)}")
    print(f"JSON view {engine}: {figures(json_ms)}")
    if percentile(move_ms, 0.95) > TARGET_MS:
        print(f"online_action {engine}: p95 misses the target of {TARGET_MS:.0f} ms")


if __name__ == "__main__":
    main()
