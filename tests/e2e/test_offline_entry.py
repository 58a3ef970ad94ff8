"""The tablet survives the wifi: deals entered while the connection is down
wait on the tablet, survive a reload, and are sent by themselves, in order,
once each, when it returns.

The first test cuts the tablet's network (the browser offline, and the
relay it reaches the site through stopped, see ``relay.py``); the service worker
serves the table's page when it is reloaded offline.  The
second runs the site in a gunicorn of its own, stops it while a deal is
posted and starts it again, then loses a stored deal's answer on the way
back: each deal is stored once.
"""

from __future__ import annotations

import datetime
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.contrib.auth.hashers import make_password
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import Page, Route, expect

from tournaments import selectors, services
from tournaments.models import DealResult, Party
from tournaments.services import party_ruleset

from ..pedroparty.private_redis import free_port
from ..pedroparty.test_redis_outage_site import database_url
from .browser import PASSWORD, Traffic, open_page, sign_in
from .relay import Relay

pytestmark = pytest.mark.e2e

BASE_DIR = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    """Quick hashing here; a site of its own checks PBKDF2 (its default)."""
    settings.PASSWORD_HASHERS = [
        "django.contrib.auth.hashers.MD5PasswordHasher",
        "django.contrib.auth.hashers.PBKDF2PasswordHasher",
    ]


def seated_party(host) -> Party:
    party = services.party_create(
        owner=host,
        name="Offline Pedro",
        date=datetime.date(2026, 5, 8),
        settings=services.PartySettings(prizes=["Wine"]),
    )
    for name in ("Ana", "Bea", "Cruz", "Dee"):
        services.player_register(party=party, name=name, user=host)
    services.round1_seat_draw(party=party, seed=3, user=host)
    party.refresh_from_db()
    return party


def deals(party: Party) -> list[tuple[int, int, int]]:
    """Three deals (bidder, bid, points), by the party's ruleset."""
    rs = party_ruleset(party)
    return [
        (1, rs.min_bid + 1, rs.total_points - 2),
        (2, rs.min_bid, 1),
        (3, rs.min_bid + 2, rs.total_points),
    ]


def enter(page: Page, bidder: int, bid: int, points: int) -> None:
    page.locator(f"#entry input[name=bidder][value='{bidder}']").check(force=True)
    page.locator(f"#entry input[name=bid][value='{bid}']").check(force=True)
    page.locator("#points").fill(str(points))
    page.locator("#entry button[type=submit]").click()


def wifi(page: Page, link, *, up: bool) -> None:
    """The hall's wifi down or back: the tablet reads as offline, and
    ``link`` (the ``Relay`` to the live server, or the hall's own server, a
    ``Hall``) is stopped, so nothing the tablet sends gets through."""
    if up:
        link.start()
        page.context.set_offline(False)
    else:
        page.context.set_offline(True)
        link.stop()


@pytest.fixture
def relay(live_server) -> Iterator[Relay]:
    relay = Relay(live_server.url)
    relay.start()
    yield relay
    relay.stop()


@pytest.fixture
def page(browser, relay, transactional_db, traffic) -> Iterator[Page]:
    """A tablet's page that reaches the live server over the hall's wifi
    (``relay``)."""
    yield from open_page(browser, relay, traffic)


def wait_for(page: Page, condition, what: str, timeout: float = 30) -> None:
    """Polls the condition while the browser runs: Playwright's sync API
    handles the page's routes only while the test waits on it."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"{what}: still not after {timeout} s"
        page.wait_for_timeout(200)


def assert_stored_once(party: Party, entered: list[tuple[int, int, int]]) -> None:
    rows = list(DealResult.objects.filter(round__party=party).order_by("deal"))
    assert [(r.deal, r.bidder, r.bid, r.bidding_team_points) for r in rows] == [
        (d, *deal) for d, deal in enumerate(entered, start=1)
    ]
    assert len({r.form_token for r in rows}) == len(rows)
    assert all(r.is_current and r.version == 1 for r in rows)
    party.refresh_from_db()
    scores = {line.score for line in selectors.party_standings(party).rows}
    assert scores == {sum(r.score0 for r in rows), sum(r.score1 for r in rows)}


def seat_names(party: Party) -> list[str]:
    rnd = party.rounds.get(number=1)
    return list(rnd.seats.filter(table=1).order_by("seat").values_list("player__name", flat=True))


def totals_of(party: Party, entered: list[tuple[int, int, int]]) -> tuple[int, int]:
    """The table's totals once these deals are scored, by the party's ruleset."""
    rs = party_ruleset(party)
    totals = [0, 0]
    for bidder, bid, points in entered:
        mine, theirs = rs.deal_score(bid, points)
        totals[bidder % 2] += mine
        totals[1 - bidder % 2] += theirs
    return totals[0], totals[1]


def expect_blank_form_for(
    page: Page, party: Party, *, deal: int, names: list[str], entered: list[tuple[int, int, int]]
) -> None:
    """The form asks for ``deal``: its dealer named, no preview of the deal
    before, and the table's totals counting the deals waiting to be sent."""
    seat = (deal - 1) % 4
    expect(page.locator("#entry h2 small")).to_have_text(f"dealt by seat {seat + 1}, {names[seat]}")
    expect(page.locator("#preview")).to_be_hidden()
    expect(page.locator("#points")).to_have_value("")
    team0, team1 = totals_of(party, entered)
    totals = page.locator(".entry-head .scoreline b")
    expect(totals).to_have_text([str(team0), str(team1)])


def assert_entered_while_offline(party: Party, went_offline, came_back) -> None:
    """Each deal keeps the time the host entered it, not the time it was sent."""
    times = list(
        DealResult.objects.filter(round__party=party)
        .order_by("deal")
        .values_list("entered_at", flat=True)
    )
    assert times == sorted(times)
    assert all(went_offline <= when < came_back for when in times), (went_offline, times, came_back)


def test_three_deals_entered_offline_survive_a_reload_and_are_stored_once_each(
    page: Page, relay, host, traffic
):
    party = seated_party(host)
    table = reverse("host:table", args=[party.slug, 1, 1])
    entered = deals(party)
    sign_in(page, "hostess")
    page.goto(table)
    status = page.locator("#connection")
    expect(status).to_have_attribute("data-state", "online")
    # The service worker has kept this page (and the round's) for offline use.
    expect(status).to_have_attribute("data-kept", "yes")

    wifi(page, relay, up=False)
    expect(status).to_have_attribute("data-state", "offline")
    went_offline = timezone.now()
    names = seat_names(party)
    for n, deal in enumerate(entered, start=1):
        enter(page, *deal)
        expect(status.locator("[data-connection-waiting]")).to_have_text(f"waiting to send ({n})")
        expect(page.locator("#entry h2 [data-deal-number]")).to_have_text(str(n + 1))
        expect_blank_form_for(page, party, deal=n + 1, names=names, entered=entered[:n])

    page.reload()
    expect(status).to_have_attribute("data-state", "offline")
    expect(status.locator("[data-connection-waiting]")).to_have_text("waiting to send (3)")
    expect(page.locator("#entry h2 [data-deal-number]")).to_have_text("4")
    expect_blank_form_for(page, party, deal=4, names=names, entered=entered)
    assert not DealResult.objects.filter(round__party=party).exists()
    page.wait_for_timeout(1500)  # the deals wait a while before the wifi returns
    came_back = timezone.now()

    wifi(page, relay, up=True)
    wait_for(
        page,
        lambda: DealResult.objects.filter(round__party=party).count() == 3,
        "the waiting deals are sent",
    )
    # The page then shows the stored deals, asks for the fourth, and waits for nothing.
    expect(page.locator(".deal-list tbody tr")).to_have_count(3)
    expect(status.locator("[data-connection-waiting]")).to_be_hidden()
    expect(status).to_have_attribute("data-state", "online")
    page.wait_for_timeout(1000)  # a second send would have happened by now
    assert_stored_once(party, entered)
    assert_entered_while_offline(party, went_offline, came_back)
    assert traffic.problems == []


# --------------------------------------------------------------------- a site of its own


class Site:
    """gunicorn serving the site on the test database; stop() and start()
    keep the address, so the tablet's page carries on."""

    def __init__(self) -> None:
        self.port = free_port()
        self.url = f"http://localhost:{self.port}"
        self.process: subprocess.Popen | None = None
        self.env = dict(os.environ)
        self.env.update(
            DJANGO_DEBUG="true", DJANGO_LOG_LEVEL="WARNING", DATABASE_URL=database_url()
        )

    def start(self) -> None:
        command = ["gunicorn", "pedroparty.wsgi", "--bind", f"127.0.0.1:{self.port}"]
        self.process = subprocess.Popen(
            [sys.executable, "-m", *command, "--workers", "1", "--threads", "4"],
            cwd=BASE_DIR,
            env=self.env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,  # stop() kills the master and its worker at once
        )
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"{self.url}/ping", timeout=5) as response:
                    if response.status == 200:
                        return
            except (OSError, urllib.error.URLError):
                pass
            assert self.process.poll() is None, "gunicorn did not start"
            assert time.monotonic() < deadline, "gunicorn does not answer"
            time.sleep(0.2)

    def stop(self) -> None:
        assert self.process is not None
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=15)
        self.process = None


@pytest.fixture
def site(transactional_db):
    site = Site()
    site.start()
    yield site
    if site.process is not None:
        site.stop()


def test_a_post_that_gets_no_answer_is_sent_again_and_stored_once(browser, site, django_user_model):
    host = django_user_model.objects.create(
        username="hostess", password=make_password(PASSWORD, hasher="pbkdf2_sha256")
    )
    party = seated_party(host)
    table = reverse("host:table", args=[party.slug, 1, 1])
    entered = deals(party)[:2]
    traffic = Traffic()
    # No service worker: the queue works without one (plain http on a LAN).
    pages = open_page(browser, site, traffic, service_workers="block")
    page = next(pages)
    sign_in(page, "hostess")
    page.goto(table)
    status = page.locator("#connection")
    expect(status).to_have_attribute("data-state", "online")

    # The server dies: the post gets no answer, and the deal waits.
    site.stop()
    enter(page, *entered[0])
    expect(status.locator("[data-connection-waiting]")).to_have_text("waiting to send (1)")
    expect(status).to_have_attribute("data-state", "offline")
    site.start()
    wait_for(
        page,
        lambda: DealResult.objects.filter(round__party=party).count() == 1,
        "the waiting deal is sent",
    )
    expect(page.locator(".deal-list tbody tr")).to_have_count(1)

    # The next deal is stored but its answer is lost on the way back.
    lost = []

    def lose_the_answer(route: Route) -> None:
        if route.request.method == "POST" and not lost:
            route.fetch()  # the server stores the deal ...
            lost.append(route.request.url)
            route.abort("connectionreset")  # ... and the tablet never hears it
        else:
            route.continue_()

    page.route(f"**{table}", lose_the_answer)
    enter(page, *entered[1])
    wait_for(page, lambda: lost, "the deal is posted")
    expect(page.locator(".deal-list tbody tr")).to_have_count(2, timeout=20_000)
    expect(status.locator("[data-connection-waiting]")).to_be_hidden()
    assert_stored_once(party, entered)
    assert traffic.problems == []
    next(pages, None)


def test_a_waiting_deal_entered_meanwhile_elsewhere_shows_both_versions(
    page: Page, relay, host, traffic
):
    party = seated_party(host)
    table = reverse("host:table", args=[party.slug, 1, 1])
    mine, theirs = deals(party)[:2]
    sign_in(page, "hostess")
    page.goto(table)
    status = page.locator("#connection")
    expect(status).to_have_attribute("data-kept", "yes")

    wifi(page, relay, up=False)
    enter(page, *mine)
    expect(status.locator("[data-connection-waiting]")).to_have_text("waiting to send (1)")
    # Meanwhile the co-host's tablet enters the same deal.
    rnd = party.rounds.get(number=1)
    bidder, bid, points = theirs
    services.result_record(
        round=rnd,
        table=1,
        deal=1,
        entry=services.DealEntry(bidder=bidder, bid=bid, bidding_team_points=points),
        user=host,
    )

    wifi(page, relay, up=True)
    conflict = page.locator("#offline-conflicts .deal-conflict")
    expect(conflict).to_contain_text("entered on another device")
    cells = conflict.locator("tbody tr").nth(2).locator("td")
    expect(cells.nth(0)).to_have_text(str(points))  # stored
    expect(cells.nth(1)).to_have_text(str(mine[2]))  # this tablet's, not saved
    expect(status.locator("[data-connection-waiting]")).to_be_hidden()
    row = DealResult.objects.get()
    assert (row.bidder, row.bid, row.bidding_team_points) == theirs
    # It is not sent again: dismissing it is the host's choice.
    page.reload()
    expect(conflict).to_have_count(1)
    conflict.page.get_by_role("button", name="Dismiss").click()
    expect(conflict).to_have_count(0)
    assert DealResult.objects.count() == 1
    assert traffic.problems == []


def test_a_waiting_deal_whose_form_was_sent_before_is_a_conflict_not_a_stored_deal(
    page: Page, host, traffic
):
    """A page kept from before deal 1 was sent still carries deal 1's form
    token: the next deal sent with it is refused, shown to the host as not
    saved, and not sent again."""
    party = seated_party(host)
    table = reverse("host:table", args=[party.slug, 1, 1])
    first, second = deals(party)[:2]
    sign_in(page, "hostess")
    page.goto(table)
    status = page.locator("#connection")
    expect(status).to_have_attribute("data-state", "online")
    enter(page, *first)
    expect(page.locator(".deal-list tbody tr")).to_have_count(1)
    used = DealResult.objects.get().form_token
    page.evaluate(
        "token => { document.querySelector('form[data-offline-queue]').form_token.value = token; }",
        used,
    )
    expect(page.locator("#entry h2 [data-deal-number]")).to_have_text("2")

    def posts(status: int) -> int:
        return traffic.status_of(table).count(status)

    sent_before = posts(409)
    enter(page, *second)

    conflict = page.locator("#offline-conflicts .deal-conflict")
    expect(conflict).to_contain_text("Round 1, table 1, deal 2 was not saved")
    expect(conflict).to_contain_text("This form was used for round 1, table 1, deal 1.")
    expect(status.locator("[data-connection-waiting]")).to_be_hidden()
    page.wait_for_timeout(1000)  # a second send would have happened by now
    assert posts(409) == sent_before + 1
    assert list(DealResult.objects.values_list("deal", "bid")) == [(1, first[1])]
    # Kept for the host across a reload, until dismissed; still not sent again.
    page.reload()
    expect(conflict).to_have_count(1)
    page.get_by_role("button", name="Dismiss").click()
    expect(conflict).to_have_count(0)
    assert posts(409) == sent_before + 1
    assert DealResult.objects.count() == 1
    assert traffic.problems == []
