"""Benchmark: the players' page standings fragment under load, against a trivial view.

Targets: the standings fragment (a plain 200 GET, no If-None-Match) serves at
least 70% of the requests per second of ``/ping`` (a view that touches no
database, cache or template) measured in the same run, with p99 <= 250 ms
and no errors.  The 304 path (If-None-Match of the current version) is
reported separately.

Builds a throwaway database (a temporary SQLite file, or a new PostgreSQL
database next to ``DATABASE_URL`` when that is set, dropped at the end) with
a 10-table party (40 players) whose rounds 1 and 2 were played through the
services (every deal entered, rounds closed; round 3 seated).  Starts
gunicorn with 2 workers on a free 127.0.0.1 port with production settings
(``DJANGO_DEBUG=false``, a throwaway secret key; ``REDIS_URL`` is passed on
when set, so the cache is Redis, else each worker's memory).  Then, for
20 s each, 200 concurrent connections GET ``/ping``, the fragment, and the
fragment with If-None-Match, in four interleaved 5 s slices so that
whatever else the machine is doing weighs on the three alike (the slices'
latencies are merged for the percentiles).  The load generator is ``wrk``
(Debian package ``wrk``), else a Python asyncio client.  Gunicorn is
stopped at the end.

    python bench/public_standings_load.py
    DATABASE_URL=postgres://... REDIS_URL=redis://... python bench/public_standings_load.py
"""

from __future__ import annotations

import asyncio
import datetime
import os
import random
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from post_result import throwaway_database  # noqa: E402

TABLES = 10
CONNECTIONS = 200
SECONDS = 20
SLICES = 4
WORKERS = 2
WARM_UP_SECONDS = 4
TARGET_RATIO = 0.70
TARGET_P99_MS = 250.0


# --------------------------------------------------------------------- setup


def build_party() -> str:
    """Migrate, then play a 10-table party's rounds 1 and 2 through the services;
    return the party's public token."""
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from tournaments import selectors, services
    from tournaments.game.standings import table_round_winner

    call_command("migrate", verbosity=0)
    host = get_user_model().objects.create_user(username="bench-host", password="bench-pw-1")
    party = services.party_create(
        owner=host,
        name="Benchmark night",
        date=datetime.date(2026, 6, 1),
        settings=services.PartySettings(planned_rounds=6),
    )
    for i in range(1, 4 * TABLES + 1):
        services.player_register(party=party, name=f"Player {i:02d}", user=host)
    rng = random.Random(2026)
    rs = services.party_ruleset(party)
    rnd = services.round1_seat_draw(party=party, seed=7, user=host)
    for _ in range(2):
        with services.results_entry(round=rnd, user=host) as enter:
            for table in range(1, TABLES + 1):
                for deal in range(1, party.deals_per_round + 1):
                    enter(
                        table=table,
                        deal=deal,
                        entry=services.DealEntry(
                            bidder=rng.randrange(4),
                            bid=rng.randrange(rs.min_bid, rs.max_bid + 1),
                            bidding_team_points=rng.randrange(rs.total_points + 1),
                        ),
                    )
        for line in selectors.round_board(party, rnd.number).tables:
            if table_round_winner([d.score for d in line.deals]) is None:
                services.table_record_cut(round=rnd, table=line.number, team=0, user=host)
        rnd = services.round_close(round=rnd, user=host)
    party.refresh_from_db()
    from django.db import connections

    connections.close_all()
    return party.public_token


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def get(url: str, headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=5) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def start_gunicorn(port: int, database_url: str) -> subprocess.Popen:
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("DJANGO_", "DATABASE_"))
    }
    env.update(
        DJANGO_DEBUG="false",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
        DJANGO_ALLOWED_HOSTS="127.0.0.1",
        DJANGO_SECURE_SSL_REDIRECT="false",
        DJANGO_LOG_LEVEL="WARNING",
        # WhiteNoise warns that there is no collected static folder; none is needed here.
        PYTHONWARNINGS="ignore:No directory at:UserWarning",
        DATABASE_URL=database_url,
    )
    command = [
        sys.executable,
        "-m",
        "gunicorn",
        "pedroparty.wsgi:application",
        f"--workers={WORKERS}",
        f"--bind=127.0.0.1:{port}",
        "--backlog=2048",
        "--log-level=warning",
    ]
    server = subprocess.Popen(command, cwd=ROOT, env=env, start_new_session=True)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if server.poll() is not None:
            sys.exit(f"gunicorn exited with status {server.returncode}")
        try:
            if get(f"http://127.0.0.1:{port}/ping")[0] == 200:
                return server
        except OSError:
            pass
        time.sleep(0.2)
    stop(server)
    sys.exit("gunicorn did not answer within 30 s")


def stop(server: subprocess.Popen) -> None:
    if server.poll() is None:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()


# --------------------------------------------------------------------- load


@dataclass
class Result:
    """Requests served in some seconds, and their latencies as weighted samples
    (so that slices of a run add up; wrk gives 1000 quantiles of each slice)."""

    requests: int = 0
    seconds: float = 0.0
    errors: int = 0
    samples: list[tuple[float, float]] = field(default_factory=list)  # (ms, weight)
    statuses: dict[int, int] = field(default_factory=dict)

    @property
    def rate(self) -> float:
        return self.requests / self.seconds if self.seconds else 0.0

    def add(self, other: Result) -> None:
        self.requests += other.requests
        self.seconds += other.seconds
        self.errors += other.errors
        self.samples += other.samples
        for status, count in other.statuses.items():
            self.statuses[status] = self.statuses.get(status, 0) + count

    def percentile(self, share: float) -> float:
        ordered = sorted(self.samples)
        wanted = share * sum(weight for _, weight in ordered)
        seen = 0.0
        for ms, weight in ordered:
            seen += weight
            if seen >= wanted:
                return ms
        return ordered[-1][0] if ordered else 0.0


#: wrk's report, for a script to read: totals, errors and 1000 latency quantiles.
WRK_REPORT = """
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("requests %d\\n", summary.requests))
  io.write(string.format("duration_us %d\\n", summary.duration))
  io.write(string.format("errors %d\\n", e.connect + e.read + e.write + e.status + e.timeout))
  for i = 1, 1000 do
    io.write(string.format("q %d\\n", latency:percentile(i / 10)))
  end
end
"""


REPORT_KEYS = ("requests", "duration_us", "errors")


def run_wrk(url: str, headers: dict[str, str], expect: int, seconds: int) -> Result:
    """One slice of load with wrk.  wrk counts 2xx and 3xx alike (and any other
    status as an error), so the status asked for is checked once by hand."""
    with tempfile.NamedTemporaryFile("w", suffix=".lua") as script:
        script.write(WRK_REPORT)
        script.flush()
        command = ["wrk", "-t2", f"-c{CONNECTIONS}", f"-d{seconds}s", "--timeout=5s"]
        command += ["-s", script.name]
        for name, value in headers.items():
            command += ["-H", f"{name}: {value}"]
        out = subprocess.run(
            command + [url], capture_output=True, text=True, timeout=seconds + 60, check=True
        ).stdout
    report = dict(
        line.split(" ", 1) for line in out.splitlines() if line.split(" ")[0] in REPORT_KEYS
    )
    quantiles = [int(line[2:]) / 1000 for line in out.splitlines() if line.startswith("q ")]
    requests = int(report["requests"])
    status = get(url, headers)[0]
    return Result(
        requests=requests,
        seconds=int(report["duration_us"]) / 1e6,
        errors=int(report["errors"]) + (status != expect),
        samples=[(ms, requests / len(quantiles)) for ms in quantiles],
        statuses={status: 1},
    )


async def _python_load(
    host: str, port: int, path: str, headers: dict[str, str], expect: int, seconds: int
) -> Result:
    head = "".join(f"{k}: {v}\r\n" for k, v in headers.items())
    request = (
        f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\n{head}Connection: close\r\n\r\n"
    ).encode()
    result = Result()
    deadline = time.monotonic() + seconds

    async def client() -> None:
        while time.monotonic() < deadline:
            start = time.perf_counter()
            try:
                reader, writer = await asyncio.wait_for(asyncio.open_connection(host, port), 5)
                writer.write(request)
                data = await asyncio.wait_for(reader.read(), 5)
                writer.close()
                status = int(data.split(b" ", 2)[1])
            except (TimeoutError, OSError, IndexError, ValueError):
                result.errors += 1
                continue
            result.requests += 1
            result.samples.append(((time.perf_counter() - start) * 1000, 1.0))
            result.statuses[status] = result.statuses.get(status, 0) + 1
            if status != expect:
                result.errors += 1

    began = time.monotonic()
    await asyncio.gather(*(client() for _ in range(CONNECTIONS)))
    result.seconds = time.monotonic() - began
    return result


def run_python(url: str, headers: dict[str, str], expect: int, seconds: int) -> Result:
    """One slice of load with a Python asyncio client (its own CPU use slows the server)."""
    parts = urlsplit(url)
    return asyncio.run(
        _python_load(parts.hostname, parts.port, parts.path, headers, expect, seconds)
    )


# --------------------------------------------------------------------- main


def main() -> None:
    os.environ.setdefault("DJANGO_DEBUG", "true")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pedroparty.settings")
    engine, database_url, drop = throwaway_database()
    os.environ["DATABASE_URL"] = database_url
    server = None
    try:
        token = build_party()
        port = free_port()
        server = start_gunicorn(port, database_url)
        measure(engine, f"http://127.0.0.1:{port}", token)
    finally:
        if server is not None:
            stop(server)
        drop()


def measure(engine: str, base: str, token: str) -> None:
    fragment = f"{base}/p/{token}/"
    hx = {"HX-Request": "true"}
    status, headers, body = get(fragment, hx)
    if status != 200 or b"standings" not in body:
        sys.exit(f"the standings fragment answered {status}")
    for _ in range(4 * WORKERS):  # each worker's cache, when it is the worker's memory
        get(fragment, hx)
    tag = headers["ETag"]
    if get(fragment, {**hx, "If-None-Match": tag})[0] != 304:
        sys.exit("the fragment does not answer 304 to its own ETag")

    tool = "wrk" if shutil.which("wrk") else "python-asyncio"
    load = run_wrk if tool == "wrk" else run_python
    cache = "redis" if os.environ.get("REDIS_URL") else "per-process memory"
    print(
        f"public standings under load: gunicorn {WORKERS} sync workers, {engine}, cache {cache}, "
        f"{tool}, {CONNECTIONS} connections, {SECONDS} s each in {SLICES} interleaved slices; "
        f"party of {TABLES} tables, rounds 1-2 played; fragment {len(body)} bytes"
    )
    targets = {
        "ping": (f"{base}/ping", {}, 200),
        "fragment 200": (fragment, hx, 200),
        "fragment 304": (fragment, {**hx, "If-None-Match": tag}, 304),
    }
    for url, headers, expect in targets.values():  # not counted: workers and caches warm up
        load(url, headers, expect, WARM_UP_SECONDS)
    # Interleaved, so that whatever else the machine does weighs on all three alike.
    results = {name: Result() for name in targets}
    for _ in range(SLICES):
        for name, (url, headers, expect) in targets.items():
            results[name].add(load(url, headers, expect, SECONDS // SLICES))
    for name, result in results.items():
        print(
            f"  {name:13} {result.rate:8.0f} req/s  p50 {result.percentile(0.5):6.1f} ms  "
            f"p99 {result.percentile(0.99):6.1f} ms  errors {result.errors}  "
            f"({result.requests} requests)"
        )
    ping, full, same = results.values()
    ratio = full.rate / ping.rate
    print(
        f"  ratio fragment/ping {ratio:.2f} (target >= {TARGET_RATIO:.2f}); "
        f"304/ping {same.rate / ping.rate:.2f}"
    )
    misses = []
    if ratio < TARGET_RATIO:
        misses.append(f"ratio {ratio:.2f} < {TARGET_RATIO:.2f}")
    for name, result in results.items():
        if name != "ping" and result.percentile(0.99) > TARGET_P99_MS:
            misses.append(f"{name} p99 {result.percentile(0.99):.0f} ms > {TARGET_P99_MS:.0f} ms")
        if result.errors:
            misses.append(f"{name} had {result.errors} errors")
    print("  targets met" if not misses else "  targets MISSED: " + "; ".join(misses))


if __name__ == "__main__":
    main()
