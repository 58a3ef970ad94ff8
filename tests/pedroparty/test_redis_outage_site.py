"""The whole site with Redis killed under it: gunicorn, a Celery worker and a
redis-server of the test's own, on the test database.

The host signs in on the tablet, Redis dies, and the host still stores a
result that is counted, and phones still read the players' page.  At an
online table of one person and three bots, Redis dies on the person's turn:
their move is stored and answered honestly, and once Redis is back the bots
play on by themselves while the person's page polls.

Needs REDIS_URL (CI sets it): it runs the processes of a real deployment,
which share the test database with this process.
"""

from __future__ import annotations

import datetime
import html
import http.cookiejar
import json
import os
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

from scoring import services as play
from scoring.models import DealEvent, OnlineSeat
from tournaments import services
from tournaments.models import DealResult
from tournaments.selectors import party_standings

from .private_redis import PrivateRedis, free_port

pytestmark = [
    pytest.mark.processes,
    pytest.mark.skipif(
        settings.REDIS_URL is None,
        reason="REDIS_URL is not set: these run gunicorn and a worker (CI sets it)",
    ),
    pytest.mark.django_db(transaction=True),  # the site's processes see committed rows
]

BASE_DIR = Path(__file__).resolve().parents[2]
PASSWORD = "cards-and-wine-1"


def database_url() -> str:
    """The test database, as a DATABASE_URL for the site's processes."""
    db = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{db['NAME']}"
    password = f":{urllib.parse.quote(db['PASSWORD'])}" if db["PASSWORD"] else ""
    return f"postgres://{db['USER']}{password}@{db['HOST']}:{db['PORT'] or 5432}/{db['NAME']}"


@pytest.fixture
def redis_server():
    server = PrivateRedis().start()
    yield server
    server.stop()


@pytest.fixture
def site_env(redis_server) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        DJANGO_DEBUG="true",
        DJANGO_LOG_LEVEL="WARNING",
        DATABASE_URL=database_url(),
        REDIS_URL=redis_server.url,
        PLAY_BOT_DELAY_MS="0",
        PLAY_BOT_REQUEUE_MS="500",
    )
    return env


def spawn(command: list[str], env: dict[str, str]) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", *command],
        cwd=BASE_DIR,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def end(process: subprocess.Popen) -> None:
    process.terminate()
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=15)


class Browser:
    """A browser without JavaScript: cookies, CSRF, no redirects followed."""

    class _Stay(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    def __init__(self, base: str) -> None:
        self.base = base
        self.cookies = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.cookies), self._Stay
        )

    def request(self, path: str, data: dict | None = None, **headers: str) -> tuple[int, str]:
        body = None
        if data is not None:
            token = next(c.value for c in self.cookies if c.name == "csrftoken")
            body = urllib.parse.urlencode(data | {"csrfmiddlewaretoken": token}).encode()
        request = urllib.request.Request(self.base + path, data=body, headers=headers)
        try:
            with self.opener.open(request, timeout=30) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()


@pytest.fixture
def site(site_env) -> Browser:
    """gunicorn serving the site, as in production."""
    port = free_port()
    command = ["gunicorn", "pedroparty.wsgi", "--bind", f"127.0.0.1:{port}"]
    process = spawn([*command, "--workers", "1", "--threads", "4"], site_env)
    browser = Browser(f"http://127.0.0.1:{port}")
    deadline = time.monotonic() + 60
    while True:
        try:
            if browser.request("/ping")[0] == 200:
                break
        except OSError:
            pass
        assert process.poll() is None, "gunicorn did not start"
        assert time.monotonic() < deadline, "gunicorn does not answer"
        time.sleep(0.2)
    yield browser
    end(process)


@pytest.fixture
def worker(site_env) -> None:
    """A Celery worker, as in production."""
    command = ["celery", "-A", "pedroparty", "worker", "--pool", "solo", "--loglevel", "WARNING"]
    process = spawn([*command, "--without-gossip", "--without-mingle"], site_env)
    yield
    end(process)


def wait_for(condition, what: str, timeout: float = 90, every=None) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"{what}: still not after {timeout} s"
        if every is not None:
            every()
        time.sleep(0.25)


def test_the_host_and_the_phones_carry_on_while_redis_is_down(
    site, redis_server, django_user_model, settings
):
    # The site's processes check the password with the site's own hasher.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.PBKDF2PasswordHasher"]
    host = django_user_model.objects.create_user(username="hostess", password=PASSWORD)
    party = services.party_create(
        owner=host,
        name="Spring Card Party",
        date=datetime.date(2026, 4, 18),
        settings=services.PartySettings(prizes=["Wine"]),
    )
    for name in ("Ana", "Bea", "Cruz", "Dee"):
        services.player_register(party=party, name=name, user=host)
    services.round1_seat_draw(party=party, seed=3, user=host)
    party.refresh_from_db()
    players_page = f"/p/{party.public_token}/"

    assert site.request("/accounts/login/")[0] == 200
    signed_in = site.request("/accounts/login/", {"username": "hostess", "password": PASSWORD})
    assert signed_in[0] == 302
    assert site.request(players_page)[0] == 200

    redis_server.stop()
    table_page = f"/host/{party.slug}/round/1/table/1/"
    assert site.request(table_page)[0] == 200  # still signed in
    record = {"deal": "1", "bidder": "1", "bid": "9", "bidding_team_points": "11"}
    status, _ = site.request(table_page, record | {"form_token": "down-1"})
    assert status == 302
    result = DealResult.objects.get()
    party.refresh_from_db()
    assert {row.score for row in party_standings(party).rows} == {result.score0, result.score1}

    status, page = site.request(players_page)
    assert status == 200 and "Ana" in html.unescape(page)
    assert site.request(players_page, **{"HX-Request": "true"})[0] == 200
    assert site.request(players_page + "board/")[0] == 200
    assert json.loads(site.request("/healthz")[1])["redis"].startswith("error")


def test_a_move_made_while_redis_is_down_is_kept_and_the_bots_play_on(site, worker, redis_server):
    table = play.table_create(
        seats=[
            play.SeatSpec("Bot A", "random"),
            play.SeatSpec("Ana", "human"),
            play.SeatSpec("Bot B", "heuristic"),
            play.SeatSpec("Bot C", "random"),
        ],
        ruleset="monterey-draw",
        deals=1,
        target=None,
        idle_seconds=120,
    )
    ana = OnlineSeat.objects.get(table=table, seat=1)
    state = play.deal_state(play.table_ruleset(table), table.current)
    assert state.to_act == ana.seat  # no bot is due yet: nothing was queued
    seat_page = f"/play/s/{ana.token}/"
    assert site.request(seat_page)[0] == 200

    redis_server.stop()
    move = {"action": state.legal_actions()[0], "version": str(table.version)}
    status, page = site.request(seat_page + "act/", move, **{"HX-Request": "true"})
    assert status == 200
    assert "Your move is saved" in html.unescape(page)
    assert DealEvent.objects.filter(deal__table=table, seat=ana.seat).count() == 1
    status, answer = site.request(
        seat_page + "act/", move | {"version": str(table.version + 1)}, Accept="application/json"
    )
    assert status == 422 and json.loads(answer)["error"]  # not Ana's turn: a bot's, still

    redis_server.start()

    def bots_played() -> bool:
        return DealEvent.objects.filter(deal__table=table).exclude(seat=ana.seat).exists()

    wait_for(bots_played, "the bots play on", every=lambda: site.request(seat_page))
