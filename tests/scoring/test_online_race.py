"""Two tabs of one seat send different moves at once: exactly one is stored.

Real threads, each on its own database connection, so the database is
transactional: on PostgreSQL ``SELECT ... FOR UPDATE`` on the table's row
makes the second writer wait and then find the table moved on; on SQLite the
writers queue for the database lock (``transaction_mode`` IMMEDIATE).
"""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from scoring import services
from scoring.models import DealEvent, OnlineSeat
from scoring.services import PlayError

from .builders import make_table, seats_of

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("no_think")]

TABS = 8


def race(jobs: list[Callable[[], object]]) -> list[object]:
    """Run every job in its own thread, all released at once; their results
    (or the exceptions they raised)."""
    barrier = threading.Barrier(len(jobs))
    outcomes: list[object] = [None] * len(jobs)

    def run(i: int) -> None:
        try:
            barrier.wait(timeout=30)
            outcomes[i] = jobs[i]()
        except Exception as exc:  # noqa: BLE001 - every outcome is checked by the caller
            outcomes[i] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(jobs))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not any(thread.is_alive() for thread in threads)
    return outcomes


def test_two_tabs_of_one_seat_store_exactly_one_move():
    table = make_table()
    bea = seats_of(table)[1]
    version = table.version
    actions = ["pass", "bid 6", "bid 7", "bid 8", "bid 9", "bid 10", "bid 11", "bid 12"]
    outcomes = race(
        [
            (lambda a=a: services.table_act(token=bea.token, action=a, version=version))
            for a in actions[:TABS]
        ]
    )
    stored = [o for o in outcomes if isinstance(o, services.Played)]
    refused = [o for o in outcomes if isinstance(o, PlayError)]
    assert len(stored) == 1 and len(refused) == TABS - 1, outcomes
    assert all("moved on" in str(error) for error in refused)
    event = DealEvent.objects.get()
    assert event.seq == 1 and event.action == stored[0].state.log[0]
    table.refresh_from_db()
    assert table.version == version + 1 and table.current.log == [event.action]


def test_two_tabs_through_the_pages_one_200_one_422():
    table = make_table()
    bea = seats_of(table)[1]
    url = reverse("play:seat_act", args=[bea.token])

    def post(action: str):
        return lambda: Client().post(
            url, {"action": action, "version": table.version}, headers={"HX-Request": "true"}
        )

    outcomes = race([post("pass"), post("bid 9")])
    assert sorted(response.status_code for response in outcomes) == [200, 422]
    refused = next(r for r in outcomes if r.status_code == 422)
    assert "moved on" in refused.content.decode()
    assert DealEvent.objects.count() == 1


def test_a_seat_that_moves_twice_in_a_row_still_moves_once_per_screen():
    """The dealer who wins the bid also names trump: two tabs of the dealer,
    both showing the trump choice, name different suits; one suit is trump."""
    table = make_table()
    for seat, action in ((1, "pass"), (2, "pass"), (3, "pass")):
        table.refresh_from_db()
        services.table_act(token=seats_of(table)[seat].token, action=action, version=table.version)
    table.refresh_from_db()
    ana = seats_of(table)[0]
    services.table_act(token=ana.token, action="bid 6", version=table.version)
    table.refresh_from_db()
    version = table.version
    outcomes = race(
        [
            (lambda s=s: services.table_act(token=ana.token, action=f"trump {s}", version=version))
            for s in "SHDC"
        ]
    )
    assert sum(isinstance(o, services.Played) for o in outcomes) == 1
    assert DealEvent.objects.filter(action__startswith="trump").count() == 1


def test_duplicate_bot_tasks_make_one_move():
    table = make_table()
    # Bots from here on, without enqueueing their task: the test runs it.
    OnlineSeat.objects.filter(table=table, seat__in=[1, 3]).update(kind="random")
    table.refresh_from_db()
    version = table.version
    outcomes = race(
        [lambda: services.bot_step(table_id=table.pk, version=version) for _ in range(4)]
    )
    # Seat 2 bid or passed; a person (seat 3) is next, so no step returns a version.
    assert outcomes == [None] * 4
    assert DealEvent.objects.get().seat == 1
