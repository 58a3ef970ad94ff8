"""Benchmark: a party night.  A tablet's Save reaching 160 phones, and the Save's own latency.

Targets: from a tablet's Save (the POST of the host's table form) to a
phone showing the new version, p95 <= 4 s over every phone and every save;
the POST itself, p95 <= 50 ms (the target is for PostgreSQL; SQLite is
measured against the same figure).

Builds a throwaway database (a temporary SQLite file, or a new PostgreSQL
database next to ``DATABASE_URL`` when that is set, dropped at the end) with
a 40-table party (160 players) mid-round: rounds 1..9 closed, round 10 open
with its first deal entered at every table.  Starts gunicorn (3 sync
workers, production settings: ``DJANGO_DEBUG=false``, ``REDIS_URL``
passed on when set so the cache is Redis, else each worker's memory;
WhiteNoise serves the static files from their source folders, uncollected)
on a free 127.0.0.1 port, its access log giving each request's time inside
the server, without the wait for a free worker.  Then:

* 160 phones, each opening the players' page once, then polling its
  standings fragment as ``static/js/public.js`` and htmx do: the same URL
  with ``HX-Request``, every 3 s from its own starting moment, sending the
  ETag it holds as ``If-None-Match`` (a browser's cache does that for a
  ``Cache-Control: no-cache`` answer), about 53 requests a second;
* one tablet, signed in through the login form, that every 3 s opens a
  table's page and saves its next deal through the form (CSRF token,
  ``form_token``), then follows the redirect.

A phone shows a save when a poll answers 200 with an ETag of that save's
party version or later (the version is read from the database once the
POST has answered).  Save-to-phone is from the moment the POST is sent to
the moment that poll's answer arrives, for every phone and every save.  The
phones and the tablet are one asyncio loop speaking plain HTTP/1.1, so the
load generator costs little CPU (its CPU time is printed).

    python bench/party_night.py [--quick]
    DATABASE_URL=postgres://... REDIS_URL=redis://... python bench/party_night.py

``--quick`` (a few seconds of load, 40 phones, a smaller party) checks the
set-up and one short cycle; its figures are not the benchmark's.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from post_result import build_party, throwaway_database  # noqa: E402
from public_standings_load import free_port, stop  # noqa: E402

TARGET_SEEN_P95_S = 4.0
TARGET_POST_P95_MS = 50.0
POLL_SECONDS = 3.0  # tournaments.views.public.REFRESH_SECONDS
TIMEOUT_SECONDS = 8.0  # htmx's timeout on the players' page


@dataclass(frozen=True)
class Plan:
    """The sizes of one run."""

    tables: int
    rounds: int
    phones: int
    saves: int
    save_every: float
    workers: int
    #: Before the first save: every phone has opened its page (and, in a full
    #: run, polled once).
    warm_up: float
    #: After the last save: time for every phone to see it, stale memos included.
    tail: float

    @property
    def seconds(self) -> float:
        return self.warm_up + self.saves * self.save_every + self.tail


FULL = Plan(
    tables=40, rounds=10, phones=160, saves=25, save_every=3.0, workers=3, warm_up=7.0, tail=8.0
)
QUICK = Plan(
    tables=10, rounds=3, phones=40, saves=2, save_every=1.5, workers=2, warm_up=3.5, tail=5.5
)


# --------------------------------------------------------------------- setup


@dataclass(frozen=True)
class Party:
    """What the clients need to know of the party they load."""

    slug: str
    token: str
    round: int
    tables: int
    deals_per_round: int
    min_bid: int
    max_bid: int
    total_points: int


def prepare(plan: Plan) -> Party:
    """Migrate the throwaway database and build the party, its first deal of
    the open round entered at every table (through the service)."""
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.db import connections

    from tournaments import services

    settings.DEBUG = False  # no query log kept while building
    call_command("migrate", verbosity=0)
    party, host, rnd = build_party(tables=plan.tables, rounds=plan.rounds)
    rs = services.party_ruleset(party)
    rng = random.Random(1)
    with services.results_entry(round=rnd, user=host) as enter:
        for table in range(1, plan.tables + 1):
            enter(
                table=table,
                deal=1,
                entry=services.DealEntry(
                    bidder=rng.randrange(4),
                    bid=rng.randint(rs.min_bid, rs.max_bid),
                    bidding_team_points=rng.randint(0, rs.total_points),
                ),
            )
    party.refresh_from_db()
    connections.close_all()
    return Party(
        slug=party.slug,
        token=party.public_token,
        round=rnd.number,
        tables=plan.tables,
        deals_per_round=party.deals_per_round,
        min_bid=rs.min_bid,
        max_bid=rs.max_bid,
        total_points=rs.total_points,
    )


def party_version(token: str) -> int:
    """The party's version as committed (read in a thread of its own)."""
    from tournaments.models import Party as PartyRow

    return PartyRow.objects.values_list("version", flat=True).get(public_token=token)


def server_environment(folder: Path, database_url: str) -> dict[str, str]:
    """Production settings, but static files served by WhiteNoise from the
    source folders: collecting and compressing them takes longer than the
    whole benchmark, and nothing measured here fetches one."""
    (folder / "bench_settings.py").write_text(
        "from pedroparty.settings import *  # noqa: F403\n"
        "STORAGES['staticfiles'] = {  # noqa: F405\n"
        "    'BACKEND': 'django.contrib.staticfiles.storage.StaticFilesStorage'\n"
        "}\n"
        "WHITENOISE_USE_FINDERS = True\n"
        f"STATIC_ROOT = {str(folder)!r}\n"
    )
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("DJANGO_", "DATABASE_"))
    }
    env.update(
        DJANGO_SETTINGS_MODULE="bench_settings",
        PYTHONPATH=os.pathsep.join([str(folder), str(ROOT)]),
        DJANGO_DEBUG="false",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
        DJANGO_ALLOWED_HOSTS="127.0.0.1",
        DJANGO_SECURE_SSL_REDIRECT="false",
        DJANGO_LOG_LEVEL="WARNING",
        DATABASE_URL=database_url,
    )
    return env


#: Method, path, status, microseconds in the server and HX-Request, per request.
ACCESS_FORMAT = "%(m)s %(U)s %(s)s %(D)s %({hx-request}i)s"


def start_gunicorn(
    env: dict[str, str], port: int, workers: int, access_log: Path
) -> subprocess.Popen:
    command = [
        sys.executable,
        "-m",
        "gunicorn",
        "pedroparty.wsgi:application",
        f"--workers={workers}",
        f"--bind=127.0.0.1:{port}",
        "--backlog=2048",
        "--log-level=warning",
        f"--access-logfile={access_log}",
        f"--access-logformat={ACCESS_FORMAT}",
    ]
    server = subprocess.Popen(command, cwd=ROOT, env=env, start_new_session=True)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if server.poll() is not None:
            sys.exit(f"gunicorn exited with status {server.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1) as sock:
                sock.sendall(b"GET /ping HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                if sock.recv(64).startswith(b"HTTP/1.1 200"):
                    return server
        except OSError:
            pass
        time.sleep(0.2)
    stop(server)
    sys.exit("gunicorn did not answer within 30 s")


def cpu_seconds(pid: int) -> float:
    """CPU time of a process and its children still running (gunicorn's workers)."""
    total, ticks = 0.0, os.sysconf("SC_CLK_TCK")
    try:
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        children = []
    for one in [pid, *map(int, children)]:
        try:
            fields = Path(f"/proc/{one}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / ticks
    return total


def server_times(access_log: Path) -> dict[str, list[float]]:
    """Milliseconds inside the server: saves, 200 polls and 304 polls."""
    times: dict[str, list[float]] = {"save": [], "poll 200": [], "poll 304": []}
    for line in access_log.read_text().splitlines():
        method, path, status, micros, htmx = line.split()
        if method == "POST" and "/table/" in path:
            times["save"].append(int(micros) / 1000)
        elif htmx == "true" and path.startswith("/p/") and status in ("200", "304"):
            times[f"poll {status}"].append(int(micros) / 1000)
    return times


# --------------------------------------------------------------------- HTTP


@dataclass
class Reply:
    status: int
    headers: dict[str, str]
    cookies: dict[str, str]
    body: bytes
    sent: float
    received: float

    @property
    def ms(self) -> float:
        return (self.received - self.sent) * 1000


class Http:
    """A minimal HTTP/1.1 client, one connection per request (gunicorn's sync
    workers close each one), cookies kept whatever their Secure flag."""

    def __init__(self, port: int):
        self.port = port
        self.cookies: dict[str, str] = {}

    async def request(
        self, method: str, path: str, headers: dict[str, str] | None = None, form=None
    ) -> Reply:
        body = urlencode(form).encode() if form is not None else b""
        lines = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{self.port}"]
        lines += [f"{name}: {value}" for name, value in (headers or {}).items()]
        if self.cookies:
            lines.append("Cookie: " + "; ".join(f"{k}={v}" for k, v in self.cookies.items()))
        if form is not None:
            lines.append("Content-Type: application/x-www-form-urlencoded")
            lines.append(f"Content-Length: {len(body)}")
        lines.append("Connection: close")
        raw = ("\r\n".join(lines) + "\r\n\r\n").encode() + body
        sent = time.monotonic()
        reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
        try:
            writer.write(raw)
            data = await reader.read()
        finally:
            writer.close()
        received = time.monotonic()
        head, _, content = data.partition(b"\r\n\r\n")
        status_line, *header_lines = head.decode("latin-1").split("\r\n")
        reply_headers, cookies = {}, {}
        for line in header_lines:
            name, _, value = line.partition(":")
            name, value = name.strip().lower(), value.strip()
            if name == "set-cookie":
                key, _, rest = value.partition("=")
                cookies[key] = rest.split(";", 1)[0]
            else:
                reply_headers[name] = value
        self.cookies.update(cookies)
        return Reply(int(status_line.split()[1]), reply_headers, cookies, content, sent, received)


def hidden(html: bytes, name: str) -> str:
    found = re.search(rb'name="%s" value="([^"]*)"' % name.encode(), html)
    if found is None:
        raise RuntimeError(f"no {name} in the form")
    return found.group(1).decode()


def tag_version(tag: str) -> int:
    """The party version an ETag of the players' page stands for."""
    return int(re.match(r'(?:W/)?"(\d+)', tag).group(1))


# --------------------------------------------------------------------- load


@dataclass
class Phone:
    polls: list[float] = field(default_factory=list)  # ms
    statuses: dict[int, int] = field(default_factory=dict)
    errors: int = 0
    late: int = 0  # polls not sent on time (the one before took too long, or no CPU here)
    backwards: int = 0  # answers of an older version than the phone already showed
    shown: list[tuple[float, int]] = field(default_factory=list)  # (arrived, version)


@dataclass
class Save:
    table: int
    deal: int
    sent: float
    answered: float
    status: int
    version: int
    follow_ms: float


async def phone(http: Http, party: Party, start: float, stop_at: float, out: Phone) -> None:
    page = f"/p/{party.token}/"
    await asyncio.sleep(max(0.0, start - time.monotonic()))
    reply = await http.request("GET", page, {"Accept": "text/html"})
    if reply.status != 200:
        raise RuntimeError(f"the players' page answered {reply.status}")
    held = None
    tick = start + POLL_SECONDS
    while tick < stop_at:
        now = time.monotonic()
        if now > tick + 0.05:
            out.late += 1
        await asyncio.sleep(max(0.0, tick - now))
        headers = {
            "HX-Request": "true",
            "HX-Trigger": "standings",
            "HX-Target": "standings",
            "HX-Current-URL": f"http://127.0.0.1:{http.port}{page}",
            "Accept": "*/*",
        }
        if held:
            headers["If-None-Match"] = held
        try:
            reply = await asyncio.wait_for(http.request("GET", page, headers), TIMEOUT_SECONDS)
        except (TimeoutError, OSError, ValueError, IndexError):
            out.errors += 1
        else:
            out.polls.append(reply.ms)
            out.statuses[reply.status] = out.statuses.get(reply.status, 0) + 1
            tag = reply.headers.get("etag")
            if reply.status == 200 and tag and tag != held:
                held, version = tag, tag_version(tag)
                if out.shown and version < max(v for _, v in out.shown):
                    out.backwards += 1
                out.shown.append((reply.received, version))
            elif reply.status not in (200, 304):
                out.errors += 1
        tick += POLL_SECONDS


async def tablet(
    http: Http, party: Party, plan: Plan, start: float, versions: ThreadPoolExecutor
) -> list[Save]:
    """Sign in, then save one deal every ``plan.save_every`` seconds, table after table."""
    login = await http.request("GET", "/accounts/login/")
    signed = await http.request(
        "POST",
        "/accounts/login/",
        form={
            "csrfmiddlewaretoken": hidden(login.body, "csrfmiddlewaretoken"),
            "username": "bench-host",
            "password": "bench-pw-1",
        },
    )
    if signed.status != 302 or "sessionid" not in http.cookies:
        raise RuntimeError(f"sign-in failed ({signed.status})")
    rng = random.Random(10)
    order = [
        (table, deal)
        for deal in range(2, party.deals_per_round + 1)
        for table in range(1, party.tables + 1)
    ]
    loop = asyncio.get_running_loop()
    saves = []
    for n, (table, deal) in enumerate(order[: plan.saves]):
        url = f"/host/{party.slug}/round/{party.round}/table/{table}/"
        # The host opens the table's page a moment before tapping Save.
        await asyncio.sleep(max(0.0, start + n * plan.save_every - 0.5 - time.monotonic()))
        form_page = await http.request("GET", url)
        if form_page.status != 200:
            raise RuntimeError(f"the table page answered {form_page.status}")
        await asyncio.sleep(max(0.0, start + n * plan.save_every - time.monotonic()))
        posted = await http.request(
            "POST",
            url,
            form={
                "csrfmiddlewaretoken": hidden(form_page.body, "csrfmiddlewaretoken"),
                "form_token": hidden(form_page.body, "form_token"),
                "deal": deal,
                "bidder": rng.randrange(4),
                "bid": rng.randint(party.min_bid, party.max_bid),
                "bidding_team_points": rng.randint(0, party.total_points),
            },
        )
        version = await loop.run_in_executor(versions, party_version, party.token)
        follow_ms = 0.0
        if posted.status == 302:
            followed = await http.request("GET", posted.headers["location"])
            follow_ms = followed.ms
        saves.append(
            Save(table, deal, posted.sent, posted.received, posted.status, version, follow_ms)
        )
    return saves


async def load(port: int, party: Party, plan: Plan) -> tuple[list[Phone], list[Save]]:
    began = time.monotonic()
    stop_at = began + plan.seconds
    phones = [Phone() for _ in range(plan.phones)]
    # Phones open the page at moments spread over one poll interval, as a hall does.
    starts = [began + i * POLL_SECONDS / plan.phones for i in range(plan.phones)]
    with ThreadPoolExecutor(max_workers=1) as versions:
        try:
            *_, saves = await asyncio.gather(
                *(
                    phone(Http(port), party, start, stop_at, one)
                    for start, one in zip(starts, phones, strict=True)
                ),
                tablet(Http(port), party, plan, began + plan.warm_up, versions),
            )
        finally:
            from django.db import connections

            versions.submit(connections.close_all).result()
    return phones, saves


# --------------------------------------------------------------------- report


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def figures(values: list[float], unit: str = "ms", scale: float = 1.0) -> str:
    if not values:
        return "no samples"
    return (
        f"p50 {statistics.median(values) * scale:.{0 if unit == 'ms' else 2}f} {unit}, "
        f"p95 {percentile(values, 0.95) * scale:.{0 if unit == 'ms' else 2}f} {unit}, "
        f"max {max(values) * scale:.{0 if unit == 'ms' else 2}f} {unit}"
    )


def seen_after(phones: list[Phone], saves: list[Save]) -> tuple[list[float], int]:
    """Seconds from each save to each phone showing it, and the pairs never seen."""
    delays, missed = [], 0
    for save in saves:
        for one in phones:
            arrived = next((t for t, version in one.shown if version >= save.version), None)
            if arrived is None:
                missed += 1
            else:
                delays.append(arrived - save.sent)
    return delays, missed


@dataclass
class Conditions:
    setup: str
    client_cpu: float  # seconds
    server_cpu: float  # seconds
    server: dict[str, list[float]]  # milliseconds inside the server


def report(engine: str, plan: Plan, phones: list[Phone], saves: list[Save], at: Conditions) -> int:
    """Print the figures; 0 when the targets are met, 1 when one is missed,
    2 when the night itself went wrong (a save refused, a poll failed, a save
    some phone never showed)."""
    polls = [ms for one in phones for ms in one.polls]
    statuses: dict[int, int] = {}
    for one in phones:
        for status, count in one.statuses.items():
            statuses[status] = statuses.get(status, 0) + count
    errors = sum(one.errors for one in phones)
    late = sum(one.late for one in phones)
    backwards = sum(one.backwards for one in phones)
    posts = [(s.answered - s.sent) * 1000 for s in saves]
    refused = [s for s in saves if s.status != 302]
    delays, missed = seen_after(phones, saves)
    cache = "redis" if os.environ.get("REDIS_URL") else "per-process memory"
    load1, load5, _ = os.getloadavg()
    print(
        f"party night: {engine}, cache {cache}, gunicorn {plan.workers} sync workers; "
        f"party of {plan.tables} tables ({4 * plan.tables} players), round {plan.rounds} of "
        f"{plan.rounds} open; {plan.phones} phones polling every {POLL_SECONDS:.0f} s, "
        f"a save every {plan.save_every:g} s, {plan.seconds:.0f} s of load"
    )
    by_status = ", ".join(f"{status}: {n}" for status, n in sorted(statuses.items()))
    print(
        f"  polls: {len(polls)} ({len(polls) / plan.seconds:.0f}/s; {by_status}; "
        f"errors {errors}; late {late}; an older version than shown {backwards}), "
        f"{figures(polls)}"
    )
    post_ok = not refused and bool(posts) and percentile(posts, 0.95) <= TARGET_POST_P95_MS
    print(
        f"  post (Save): {len(posts)} saves, {figures(posts)} "
        f"(target p95 <= {TARGET_POST_P95_MS:.0f} ms) {'PASS' if post_ok else 'FAIL'}"
        + (f"; {len(refused)} refused" if refused else "")
    )
    print(f"  redirect after the post: {figures([s.follow_ms for s in saves])}")
    seen_ok = not missed and bool(delays) and percentile(delays, 0.95) <= TARGET_SEEN_P95_S
    print(
        f"  Save -> phone shows it: {len(delays)} (save, phone) pairs, "
        f"{figures(delays, 's')} (target p95 <= {TARGET_SEEN_P95_S:.0f} s) "
        f"{'PASS' if seen_ok else 'FAIL'}" + (f"; {missed} never seen" if missed else "")
    )
    print(
        f"  conditions: load average {load1:.2f} (1 min), {load5:.2f} (5 min) on "
        f"{os.cpu_count()} cores at the end"
    )
    for name, values in at.server.items():
        print(f"  inside the server, {name}: {len(values)}, {figures(values)}")
    print(
        f"  CPU during the load: the server {at.server_cpu:.1f} s "
        f"({at.server_cpu / plan.seconds:.2f} of a core), this client {at.client_cpu:.1f} s"
    )
    print(f"  set-up: {at.setup}")
    if refused or errors or missed or not saves:
        return 2
    return 0 if post_ok and seen_ok else 1


# --------------------------------------------------------------------- main


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a few seconds, to check the set-up")
    plan = QUICK if parser.parse_args(argv).quick else FULL
    os.environ.setdefault("DJANGO_DEBUG", "true")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pedroparty.settings")
    engine, database_url, drop = throwaway_database()
    os.environ["DATABASE_URL"] = database_url
    server = None
    try:
        with tempfile.TemporaryDirectory(prefix="bench_night_") as folder:
            began = time.monotonic()
            party = prepare(plan)
            built = time.monotonic()
            env = server_environment(Path(folder), database_url)
            port = free_port()
            access_log = Path(folder) / "access.log"
            server = start_gunicorn(env, port, plan.workers, access_log)
            setup = (
                f"database and party {built - began:.1f} s, "
                f"server start {time.monotonic() - built:.1f} s"
            )
            cpu, server_cpu = time.process_time(), cpu_seconds(server.pid)
            phones, saves = asyncio.run(load(port, party, plan))
            cpu, server_cpu = time.process_time() - cpu, cpu_seconds(server.pid) - server_cpu
            stop(server)
            status = report(
                engine,
                plan,
                phones,
                saves,
                Conditions(setup, cpu, server_cpu, server_times(access_log)),
            )
    finally:
        if server is not None:
            stop(server)
        drop()
    return status


if __name__ == "__main__":
    sys.exit(main())
