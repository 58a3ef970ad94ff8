"""Benchmark: a club file of 1,000 parties loaded through the task while the site answers.

Targets: the upload answers within 1 s, every ``/ping`` sent while the file
loads answers 200 within 1 s, and the load ends, every party loaded, within
240 s.  Before loads ran as tasks, such a file held a web worker until
gunicorn killed it (500 after 120 s) and left ``/ping`` unanswered.

Builds a throwaway database (a new PostgreSQL database next to
``DATABASE_URL`` when that is set, dropped at the end; else a temporary
SQLite file) with a host, and a club file of ``--parties`` one-round nights
of two tables (nine players, one sitting out), about 1.2 kB each.  Starts
gunicorn (2 sync workers, production settings as ``party_night.py`` runs
them) and one Celery worker (one process) on ``REDIS_URL``, which is
needed: without a broker the load would run in the web worker.  Signs in
and uploads the file through the club upload form over HTTP, then GETs
``/ping`` every 100 ms and the upload's page (its htmx part) every second
until the load ends.  Prints the upload's answer time, the load's time,
the pings' latencies and what the page showed; exits 1 when a target is
missed (a load still running after 15 minutes included), 2 when the set-up
or the load broke.

    REDIS_URL=redis://... [DATABASE_URL=postgres://...] python bench/upload_load.py [--parties 1000]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from party_night import server_environment, start_gunicorn  # noqa: E402
from post_result import throwaway_database  # noqa: E402
from public_standings_load import free_port, stop  # noqa: E402

TARGET_UPLOAD_S = 1.0
TARGET_PING_S = 1.0
TARGET_LOAD_S = 240.0
PASSWORD = "bench-pw-1"
PING_EVERY = 0.1
PAGE_EVERY = 1.0
GIVE_UP_S = 900.0


def club_file(parties: int) -> dict:
    """A valid club file: ``parties`` one-round nights of two tables, every
    deal the lowest bid made, the same nine members each night."""
    from scoring.rules import RULESETS

    rs = RULESETS["monterey-draw"]
    names = [f"Member {n}" for n in range(1, 10)]
    made = {"bid": rs.min_bid, "bidding_team_points": rs.total_points}
    deals = [
        {"table": table, "deal": deal, "bidder": deal % 4, **made}
        for table in (1, 2)
        for deal in range(1, rs.deals_per_round + 1)
    ]
    return {
        "format": "pedroparty-club/1",
        "name": "Benchmark Pedro Club",
        "members": names,
        "seasons": [{"name": "Every night", "best_of": None}],
        "parties": [
            {
                "season": "Every night",
                "members": {name: name for name in names},
                "party": {
                    "format": "pedroparty/1",
                    "name": f"Night {number}",
                    "date": "2026-11-07",
                    "venue": "Parish hall",
                    "players": names,
                    "seating": [names[0:4], names[4:8]],
                    "rounds": [{"deals": deals, "tiebreaks": {}}],
                },
            }
            for number in range(1, parties + 1)
        ],
    }


# --------------------------------------------------------------------- HTTP


@dataclass
class Reply:
    status: int
    headers: dict[str, str]
    body: bytes
    seconds: float


@dataclass
class Http:
    """One connection per request (gunicorn's sync workers close each one),
    cookies kept whatever their Secure flag."""

    port: int
    cookies: dict[str, str] = field(default_factory=dict)

    def request(self, method: str, path: str, body: bytes = b"", headers=None) -> Reply:
        sent = {"Host": f"127.0.0.1:{self.port}", **(headers or {})}
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        started = time.monotonic()
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            connection.request(method, path, body=body or None, headers=sent)
            response = connection.getresponse()
            content = response.read()
        finally:
            connection.close()
        seconds = time.monotonic() - started
        for name, value in response.getheaders():
            if name.lower() == "set-cookie":
                key, _, rest = value.partition("=")
                self.cookies[key] = rest.split(";", 1)[0]
        headers = {name.lower(): value for name, value in response.getheaders()}
        return Reply(response.status, headers, content, seconds)


def hidden(html: bytes, name: str) -> str:
    found = re.search(rb'name="%s" value="([^"]*)"' % name.encode(), html)
    if found is None:
        raise RuntimeError(f"no {name} in the form")
    return found.group(1).decode()


def sign_in(client: Http) -> None:
    login = client.request("GET", "/accounts/login/")
    form = (
        f"csrfmiddlewaretoken={hidden(login.body, 'csrfmiddlewaretoken')}"
        f"&username=bench-host&password={PASSWORD}"
    )
    signed = client.request(
        "POST",
        "/accounts/login/",
        form.encode(),
        {"Content-Type": "application/x-www-form-urlencoded"},
    )
    if signed.status != 302 or "sessionid" not in client.cookies:
        raise RuntimeError(f"sign-in failed ({signed.status})")


def upload(client: Http, content: bytes) -> Reply:
    """The club file posted through the upload form, as a browser sends it."""
    form = client.request("GET", "/host/clubs/upload/")
    boundary = "----bench-upload-boundary"
    body = b"".join(
        [
            f'--{boundary}\r\nContent-Disposition: form-data; name="csrfmiddlewaretoken"\r\n\r\n'
            f"{hidden(form.body, 'csrfmiddlewaretoken')}\r\n".encode(),
            f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="club.json"'
            "\r\nContent-Type: application/json\r\n\r\n".encode(),
            content,
            f"\r\n--{boundary}--\r\n".encode(),
        ]
    )
    return client.request(
        "POST",
        "/host/clubs/upload/",
        body,
        {"Content-Type": f"multipart/form-data; boundary={boundary}"},
    )


# --------------------------------------------------------------------- the run


def start_worker(env: dict[str, str]) -> subprocess.Popen:
    command = [
        sys.executable,
        "-m",
        "celery",
        "-A",
        "pedroparty",
        "worker",
        "--pool=prefork",
        "--concurrency=1",
        "--without-gossip",
        "--without-mingle",
        "--loglevel=WARNING",
    ]
    return subprocess.Popen(command, cwd=ROOT, env=env, start_new_session=True)


def stop_worker(worker: subprocess.Popen) -> None:
    if worker.poll() is None:
        os.killpg(worker.pid, signal.SIGTERM)
        try:
            worker.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(worker.pid, signal.SIGKILL)
            worker.wait()


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def follow(client: Http, page: str, upload_id: int) -> tuple[str, list[float], int, list[str]]:
    """Ping and look at the page until the load ends: the upload's status,
    the pings' latencies, the pings that failed, what the page said."""
    from tournaments.models import Upload

    pings: list[float] = []
    failed = 0
    said: list[str] = []
    next_page = time.monotonic()
    deadline = time.monotonic() + GIVE_UP_S
    while time.monotonic() < deadline:
        ping = client.request("GET", "/ping")
        if ping.status == 200 and ping.body == b"ok":
            pings.append(ping.seconds)
        else:
            failed += 1
        if time.monotonic() >= next_page:
            next_page += PAGE_EVERY
            part = client.request("GET", page, headers={"HX-Request": "true"})
            text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", part.body.decode())).strip()
            said.append(text)
            status = Upload.objects.values_list("status", flat=True).get(pk=upload_id)
            if status in ("done", "failed"):
                return status, pings, failed, said
        time.sleep(PING_EVERY)
    return "still loading", pings, failed, said


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--parties", type=int, default=1000)
    args = parser.parse_args()
    if not os.environ.get("REDIS_URL"):
        print("upload_load: REDIS_URL is not set; the load needs a broker and a worker")
        return 2
    os.environ.setdefault("DJANGO_DEBUG", "true")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pedroparty.settings")
    engine, database_url, drop = throwaway_database()
    os.environ["DATABASE_URL"] = database_url
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.db import connections

    from tournaments.models import Club, Party, Upload

    call_command("migrate", verbosity=0, interactive=False)
    get_user_model().objects.create_user(username="bench-host", password=PASSWORD)
    content = json.dumps(club_file(args.parties)).encode()
    server = worker = None
    row = None
    try:
        with tempfile.TemporaryDirectory(prefix="bench_upload_") as folder:
            env = server_environment(Path(folder), database_url)
            port = free_port()
            server = start_gunicorn(env, port, 2, Path(folder) / "access.log")
            worker = start_worker(env)
            client = Http(port)
            sign_in(client)
            posted = upload(client, content)
            page = posted.headers.get("location", "")
            if posted.status != 302 or "/host/uploads/" not in page:
                print(f"upload_load: the upload answered {posted.status}: {posted.body[:300]!r}")
                return 2
            upload_id = int(page.rstrip("/").rsplit("/", 1)[1])
            status, pings, failed, said = follow(client, page, upload_id)
            row = Upload.objects.get(pk=upload_id)
            loaded = Club.objects.count(), Party.objects.count()
    finally:
        if server is not None:
            stop(server)
        if worker is not None:
            stop_worker(worker)
        connections.close_all()
        drop()

    print(
        f"upload_load: a club file of {args.parties:,} parties ({len(content) / 1e6:.2f} MB), "
        f"{engine}, gunicorn 2 sync workers, 1 Celery worker process"
    )
    load_s = (row.finished_at - row.claimed_at).total_seconds() if row.finished_at else 0
    upload_ok = posted.seconds <= TARGET_UPLOAD_S
    print(
        f"  upload answered {posted.status} in {posted.seconds * 1000:.0f} ms "
        f"(target <= {TARGET_UPLOAD_S * 1000:.0f} ms) {'ok' if upload_ok else 'TOO SLOW'}"
    )
    load_ok = status == "done" and load_s <= TARGET_LOAD_S
    print(
        f"  load: {status}, {load_s:.1f} s in the worker (target <= {TARGET_LOAD_S:g} s), "
        f"{loaded[1]:,} parties in {loaded[0]} club {'ok' if load_ok else 'MISSED'}"
    )
    if row.error:
        print(f"  the load's problem: {row.error}")
    worst = max(pings) if pings else float("inf")
    ping_ok = bool(pings) and not failed and worst <= TARGET_PING_S
    if pings:
        print(
            f"  /ping meanwhile: {len(pings)} answered, {failed} failed, "
            f"p50 {statistics.median(pings) * 1000:.0f} ms, "
            f"p95 {percentile(pings, 0.95) * 1000:.0f} ms, max {worst * 1000:.0f} ms "
            f"(target <= {TARGET_PING_S * 1000:.0f} ms) {'ok' if ping_ok else 'MISSED'}"
        )
    progress = [text for text in said if "parties loaded" in text]
    print(f"  the upload's page: {len(said)} looks, {len(progress)} showing progress")
    for text in (said[0], *progress[-1:], said[-1]) if said else ():
        print(f"    {text[:120]}")
    if status == "failed" or (status == "done" and loaded != (1, args.parties)):
        return 2
    return 0 if upload_ok and load_ok and ping_ok else 1


if __name__ == "__main__":
    sys.exit(main())
