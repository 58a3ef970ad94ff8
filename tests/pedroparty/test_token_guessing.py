"""Guessing private links is slowed: a client whose 404s on the routes that
carry a secret token name more than TOKEN_MISSES_PER_CLIENT different tokens
in a window gets 429 with Retry-After for its misses, and is logged once.
Pages that exist always answer, so a hall behind one address keeps its
party; the counts are shared by every web process (Redis), and while Redis
is down nothing is counted and the site keeps serving."""

from __future__ import annotations

import datetime
import logging
import os
import re
import secrets
import time
from types import SimpleNamespace

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from pedroparty import guessing
from tournaments import services

from ..tournaments.builders import make_table_night
from .private_redis import PrivateRedis, free_port
from .test_redis_outage_site import Browser, database_url, end, spawn

LIMIT = 3


@pytest.fixture(autouse=True)
def low_limit(settings):
    settings.TOKEN_MISSES_PER_CLIENT = LIMIT
    settings.TOKEN_MISS_WINDOW_SECONDS = 600


@pytest.fixture
def address() -> str:
    """The client of a test: an address of its own, so that tests running at
    the same time on the shared cache never add to each other's counts."""
    return f"10.{secrets.randbelow(250)}.{secrets.randbelow(250)}.{secrets.randbelow(250) + 1}"


def token_routes() -> dict[str, str]:
    """Every route whose address carries a secret token: name -> pattern."""
    found: dict[str, str] = {}

    def walk(patterns, prefix: str, namespace: str) -> None:
        for entry in patterns:
            if isinstance(entry, URLResolver):
                inner = f"{namespace}{entry.namespace}:" if entry.namespace else namespace
                walk(entry.url_patterns, prefix + str(entry.pattern), inner)
            elif isinstance(entry, URLPattern) and "<token:token>" in prefix + str(entry.pattern):
                found[f"{namespace}{entry.name}"] = prefix + str(entry.pattern)

    walk(get_resolver().url_patterns, "", "")
    return found


def miss_url(name: str, pattern: str) -> str:
    """The route's address with a token nobody has (other parts: 1)."""
    path = re.sub(r"<(?:\w+:)?token>", secrets.token_urlsafe(16), pattern)
    return "/" + re.sub(r"<(?:\w+:)?\w+>", "1", path)


def knock(client: Client, url: str, address: str):
    """GET, or POST where the route takes posts only."""
    response = client.get(url, REMOTE_ADDR=address)
    if response.status_code == 405:
        response = client.post(url, {}, REMOTE_ADDR=address)
    return response


def test_the_token_routes_are_every_private_link_of_the_site():
    assert {
        "public:party",
        "public:board",
        "season_public:page",
        "member_public:member",
        "invite:accept",
        "tableside:table",
        "tableside:confirm",
        "play:seat",
        "play:manage",
        "api:party_standings",
        "api:season_standings",
    } <= set(token_routes())


@pytest.fixture
def host(django_user_model):
    return django_user_model.objects.create_user(username="hostess", password="cards-97-wine")


@pytest.mark.django_db
@pytest.mark.parametrize("name", sorted(token_routes()))
def test_every_token_route_answers_429_past_the_limit_of_misses(name, address):
    pattern = token_routes()[name]
    client = Client()
    for _ in range(LIMIT):
        assert knock(client, miss_url(name, pattern), address).status_code == 404
    refused = knock(client, miss_url(name, pattern), address)
    assert refused.status_code == 429
    assert 1 <= int(refused["Retry-After"]) <= 600
    text = refused.content.decode()
    assert "Too many wrong links from this address. Please try again in" in text
    if name.startswith("api:"):
        assert refused.json()["error"]["code"] == "too_many_misses"


@pytest.mark.django_db
def test_a_scan_is_logged_once_and_other_clients_are_not_slowed(caplog, address):
    client = Client()
    urls = [reverse("invite:accept", args=[secrets.token_urlsafe(16)]) for _ in range(3 * LIMIT)]
    with caplog.at_level(logging.WARNING, logger="pedroparty.guessing"):
        answers = [client.get(url, REMOTE_ADDR=address).status_code for url in urls]
    assert answers == [404] * LIMIT + [429] * (2 * LIMIT)
    logged = [r.getMessage() for r in caplog.records if r.name == "pedroparty.guessing"]
    assert len(logged) == 1
    assert address in logged[0] and "invite:accept" in logged[0]
    assert f"missed {LIMIT + 1} different ones" in logged[0]
    # Another address is a client of its own.
    assert client.get(urls[0], REMOTE_ADDR="192.0.2.77").status_code == 404


@pytest.mark.django_db
def test_a_hall_behind_one_address_keeps_its_pages(host, address):
    """Sixty phones read the players' page and the tables' links, one phone
    polls a page the host took down; then someone at the same address scans:
    the pages that exist still answer."""
    table = make_table_night(host, name="Hall night", seed=3)
    party = table.round.party
    pages = [
        reverse("public:party", args=[party.public_token]),
        reverse("public:board", args=[party.public_token]),
        reverse("tableside:table", args=[table.entry_token]),
    ]
    phone = Client()
    for _ in range(60):
        for page in pages:
            assert phone.get(page, REMOTE_ADDR=address).status_code == 200
    gone = reverse("season_public:page", args=[secrets.token_urlsafe(16)])
    for _ in range(10 * LIMIT):
        assert phone.get(gone, REMOTE_ADDR=address).status_code == 404
    scanner = Client()
    for _ in range(2 * LIMIT):
        knock(scanner, reverse("public:party", args=[secrets.token_urlsafe(16)]), address)
    assert knock(scanner, gone, address).status_code == 429
    for page in pages:
        assert phone.get(page, REMOTE_ADDR=address).status_code == 200


@pytest.mark.django_db
def test_pages_without_a_token_are_not_counted(client, address):
    for n in range(3 * LIMIT):
        assert client.get(f"/no-such-page-{n}/", REMOTE_ADDR=address).status_code == 404
        assert client.get(f"/rules/no-game-{n}/", REMOTE_ADDR=address).status_code == 404
    url = reverse("public:party", args=[secrets.token_urlsafe(16)])
    assert client.get(url, REMOTE_ADDR=address).status_code == 404


@pytest.mark.django_db
def test_the_misses_are_forgotten_when_the_window_ends(monkeypatch, address):
    clock = SimpleNamespace(time=lambda: 1_800_000_000.0)
    monkeypatch.setattr(guessing, "time", clock)
    client = Client()

    def miss() -> int:
        url = reverse("member_public:member", args=[secrets.token_urlsafe(16)])
        return client.get(url, REMOTE_ADDR=address).status_code

    assert [miss() for _ in range(LIMIT + 1)] == [404] * LIMIT + [429]
    clock.time = lambda: 1_800_000_000.0 + 600
    assert miss() == 404


@pytest.mark.django_db
def test_no_limit_when_it_is_zero(settings, address):
    settings.TOKEN_MISSES_PER_CLIENT = 0
    client = Client()
    for _ in range(3 * LIMIT):
        url = reverse("public:party", args=[secrets.token_urlsafe(16)])
        assert client.get(url, REMOTE_ADDR=address).status_code == 404


# ------------------------------------------------- two web processes, one Redis


def start_site(env: dict[str, str]) -> tuple[Browser, object]:
    port = free_port()
    command = ["gunicorn", "pedroparty.wsgi", "--bind", f"127.0.0.1:{port}"]
    process = spawn([*command, "--workers", "1", "--threads", "2"], env)
    site = Browser(f"http://127.0.0.1:{port}")
    deadline = time.monotonic() + 60
    while True:
        try:
            if site.request("/ping")[0] == 200:
                return site, process
        except OSError:
            pass
        assert process.poll() is None, "gunicorn did not start"
        assert time.monotonic() < deadline, "gunicorn does not answer"
        time.sleep(0.2)


@pytest.mark.processes
@pytest.mark.django_db(transaction=True)
def test_two_web_processes_share_the_count_and_a_redis_outage_stops_nothing(host):
    """Two gunicorns on one redis-server of the test's own: misses on either
    count for the client; with Redis killed, misses answer 404 and pages 200."""
    party = services.party_create(owner=host, name="Two doors", date=datetime.date(2026, 5, 8))
    page = reverse("public:party", args=[party.public_token])
    redis_server = PrivateRedis().start()
    processes = []
    try:
        env = {
            **os.environ,
            "DJANGO_DEBUG": "true",
            "DJANGO_LOG_LEVEL": "WARNING",
            "DATABASE_URL": database_url(),
            "REDIS_URL": redis_server.url,
            "TOKEN_MISSES_PER_CLIENT": str(LIMIT + 1),
        }
        sites = []
        for _ in range(2):
            site, process = start_site(env)
            sites.append(site)
            processes.append(process)

        def miss(site: Browser) -> int:
            return site.request(reverse("invite:accept", args=[secrets.token_urlsafe(16)]))[0]

        first, second = sites
        answers = [miss(site) for site in [first, second] * ((LIMIT + 1) // 2 + 1)]
        assert answers[: LIMIT + 1] == [404] * (LIMIT + 1)
        assert answers[LIMIT + 1] == 429
        assert first.request(page)[0] == second.request(page)[0] == 200

        redis_server.stop()
        for site in sites:
            assert [miss(site) for _ in range(LIMIT + 2)] == [404] * (LIMIT + 2)
            assert site.request(page)[0] == 200
    finally:
        for process in processes:
            end(process)
        redis_server.stop()
