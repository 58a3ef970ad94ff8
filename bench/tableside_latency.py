"""Benchmark: table-side entry, from one phone's entry to the other team's phone showing it.

Target: p95 <= 2 s from the moment a phone sends a deal's entry (the POST
of the table's entry form) to the moment an opponent's phone, polling the
table's page as the page does, gets the answer that shows it.

Builds a throwaway database (a temporary SQLite file, or a new PostgreSQL
database next to ``DATABASE_URL``, dropped at the end) with a party of
``--tables`` tables that enter their own deals, round 1 seated.  Starts
gunicorn (production settings, ``REDIS_URL`` passed on when set) on a free
127.0.0.1 port.  At each table two phones, each with its own cookies, say
who they are: the entering phone (seat 0) and an opponent's (seat 1).  The
opponent polls the table's live part as htmx does: the same URL with
``HX-Request``, every ``POLL_SECONDS`` from its own starting moment, sending
the ETag it holds as ``If-None-Match``.  The entering phones enter every
deal of the round, one entry every ``--every`` seconds in turn across the
tables, so entries land at every moment of the polls' cycle.  A poll shows
an entry when it answers 200 with that deal's entry in it.

It also counts the 304s (the unchanged polls) and prints p50/p95/max of the
entry-to-seen time.  Exits 0 when p95 <= 2 s, 1 when above, 2 when an
entry was refused or never seen.

    python bench/tableside_latency.py [--tables 6] [--every 0.7]
    DATABASE_URL=postgres://... REDIS_URL=redis://... python bench/tableside_latency.py
"""

from __future__ import annotations

import argparse
import http.cookies
import os
import random
import re
import statistics
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from party_night import server_environment, start_gunicorn  # noqa: E402
from post_result import throwaway_database  # noqa: E402
from public_standings_load import free_port, stop  # noqa: E402

TARGET_P95_S = 2.0
#: The page's poll (tournaments.tableside.views.phone.POLL_SECONDS), read once Django is set up.
POLL_SECONDS = 1.0
TIMEOUT_S = 8.0


@dataclass
class Table:
    token: str
    min_bid: int
    total_points: int
    deals: int
    #: deal -> when its entry was sent (monotonic)
    sent: dict[int, float] = field(default_factory=dict)
    #: deal -> when the opponent's poll first showed it
    seen: dict[int, float] = field(default_factory=dict)
    not_modified: int = 0
    changed: int = 0
    problems: list[str] = field(default_factory=list)


def prepare(tables: int) -> list[Table]:
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.db import connections

    from tournaments import services
    from tournaments.models import TableRound
    from tournaments.tableside.views import phone as tableside

    global POLL_SECONDS
    POLL_SECONDS = float(tableside.POLL_SECONDS)

    settings.DEBUG = False
    call_command("migrate", verbosity=0)
    from django.contrib.auth import get_user_model

    host = get_user_model().objects.create_user(username="bench-host", password="x-x-x-x-1")
    import datetime

    party = services.party_create(
        owner=host,
        name="Table night",
        date=datetime.date(2026, 5, 8),
        settings=services.PartySettings(tableside_entry=True),
    )
    for n in range(tables * 4):
        services.player_register(party=party, name=f"Player {n + 1}", user=host)
    rnd = services.round1_seat_draw(party=party, seed=1, user=host)
    rs = services.party_ruleset(party)
    rows = TableRound.objects.filter(round=rnd).order_by("table")
    result = [
        Table(r.entry_token, rs.min_bid, rs.total_points, party.deals_per_round) for r in rows
    ]
    connections.close_all()
    return result


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


class Phone:
    """One phone: its own cookies (session, CSRF), kept by hand since the
    production settings mark them secure, which urllib would not send over
    plain http as the hall's phones do."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.cookies: dict[str, str] = {}
        self.opener = urllib.request.build_opener(_NoRedirect)

    def _open(self, request: urllib.request.Request):
        if self.cookies:
            request.add_header("Cookie", "; ".join(f"{k}={v}" for k, v in self.cookies.items()))
        try:
            response = self.opener.open(request, timeout=TIMEOUT_S)
        except urllib.error.HTTPError as error:
            response = error
        with response:
            for header in response.headers.get_all("Set-Cookie") or []:
                for name, morsel in http.cookies.SimpleCookie(header).items():
                    self.cookies[name] = morsel.value
            return response.status, dict(response.headers), response.read()

    def get(self, path: str, headers: dict[str, str] | None = None):
        return self._open(urllib.request.Request(self.base + path, headers=headers or {}))

    def post(self, path: str, data: dict) -> int:
        data = {**data, "csrfmiddlewaretoken": self.cookies.get("csrftoken", "")}
        body = urllib.parse.urlencode(data).encode()
        return self._open(urllib.request.Request(self.base + path, data=body))[0]

    def sit(self, token: str, seat: int) -> None:
        self.get(f"/t/{token}/")
        assert self.post(f"/t/{token}/me/", {"seat": seat}) == 302


def watch(phone: Phone, table: Table, stopping: threading.Event) -> None:
    """The opponent's phone polling the table's live part as htmx does."""
    path = f"/t/{table.token}/"
    tag = None
    next_poll = time.monotonic() + random.uniform(0, POLL_SECONDS)
    while not stopping.is_set():
        time.sleep(max(0.0, next_poll - time.monotonic()))
        next_poll += POLL_SECONDS
        headers = {"HX-Request": "true", **({"If-None-Match": tag} if tag else {})}
        status, answer, body = phone.get(path, headers)
        arrived = time.monotonic()
        if status == 304:
            table.not_modified += 1
            continue
        if status != 200:
            table.problems.append(f"poll {status}")
            continue
        table.changed += 1
        tag = answer.get("ETag")
        for deal in map(int, re.findall(rb'data-deal="(\d+)"', body)):
            if deal in table.sent and deal not in table.seen:
                table.seen[deal] = arrived


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=6)
    parser.add_argument("--every", type=float, default=0.7, help="seconds between entries")
    options = parser.parse_args(argv)
    os.environ.setdefault("DJANGO_DEBUG", "true")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pedroparty.settings")
    engine, url, drop = throwaway_database()
    os.environ["DATABASE_URL"] = url
    server = None
    try:
        tables = prepare(options.tables)
        folder = Path(tempfile.mkdtemp(prefix="bench_tableside_"))
        env = server_environment(folder, url)
        port = free_port()
        server = start_gunicorn(env, port, workers=3, access_log=folder / "access.log")
        base = f"http://127.0.0.1:{port}"
        entering = []
        stopping = threading.Event()
        watchers = []
        for table in tables:
            mine, theirs = Phone(base), Phone(base)
            mine.sit(table.token, 0)
            theirs.sit(table.token, 1)
            entering.append(mine)
            thread = threading.Thread(target=watch, args=(theirs, table, stopping), daemon=True)
            thread.start()
            watchers.append(thread)
        time.sleep(POLL_SECONDS * 2)  # every opponent holds the page's ETag
        rng = random.Random(3)
        for deal in range(1, tables[0].deals + 1):
            for phone, table in zip(entering, tables, strict=True):
                points = rng.randint(0, table.total_points)
                form = {"deal": deal, "bidder": 0, "bid": table.min_bid,
                        "bidding_team_points": points}  # fmt: skip
                table.sent[deal] = time.monotonic()
                status = phone.post(f"/t/{table.token}/enter/", form)
                if status != 302:  # entered: back to the table's page
                    table.problems.append(f"entry of deal {deal}: {status}")
                time.sleep(options.every * rng.uniform(0.5, 1.5))
        time.sleep(POLL_SECONDS + TARGET_P95_S + 1)
        stopping.set()
        for thread in watchers:
            thread.join(timeout=TIMEOUT_S)
    finally:
        if server is not None:
            stop(server)
        drop()
    delays = [t.seen[d] - t.sent[d] for t in tables for d in t.seen]
    missing = sum(len(t.sent) - len(t.seen) for t in tables)
    problems = [p for t in tables for p in t.problems]
    polls = sum(t.not_modified + t.changed for t in tables)
    print(f"table-side entry to the other phone ({engine}, {len(tables)} tables, "
          f"polls every {POLL_SECONDS:g} s)")  # fmt: skip
    if delays:
        print(
            f"  entry -> seen: n={len(delays)} p50={statistics.median(delays):.2f} s "
            f"p95={percentile(delays, 0.95):.2f} s max={max(delays):.2f} s "
            f"(target p95 <= {TARGET_P95_S:g} s)"
        )
    print(f"  polls: {polls}, unchanged (304): {sum(t.not_modified for t in tables)}")
    if problems or missing or not delays:
        print(f"  FAILED: {missing} entries never seen; problems: {problems[:5]}")
        return 2
    if percentile(delays, 0.95) > TARGET_P95_S:
        print("  ABOVE TARGET")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
