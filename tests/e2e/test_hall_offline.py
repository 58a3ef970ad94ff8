"""The host's tablet at the hall's own address survives the wifi: served as
``make party`` serves it (pedroparty.serve: gunicorn, production settings,
plain http for the players and HTTPS for the host's pages with the hall's own
authority), the tablet trusts the hall once, and then, with the wifi down,
reloads a table's page, moves to another table of the round, enters deals
there and back, and each deal is stored once when the wifi returns.

The hall's name, ``pedroparty-hall.local``, is a name no browser treats as
this machine: Chromium resolves it (and nothing else) to 127.0.0.1, where
the site listens, so no traffic leaves this machine.  Chromium trusts the
authority's key as a tablet trusts it once installed
(``--ignore-certificate-errors-spki-list``); a page at the name over plain
http gets no service worker, so only the hall's HTTPS can pass this test.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterator

import pytest
from django.contrib.auth.hashers import make_password
from playwright.sync_api import Page, expect

from tournaments import services
from tournaments.models import DealResult, Party

from .browser import PASSWORD, Traffic, open_page, sign_in
from .hall import Hall
from .test_offline_entry import deals, wait_for, wifi

pytestmark = pytest.mark.e2e


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    """Quick hashing here; the hall checks PBKDF2 (its default)."""
    settings.PASSWORD_HASHERS = [
        "django.contrib.auth.hashers.MD5PasswordHasher",
        "django.contrib.auth.hashers.PBKDF2PasswordHasher",
    ]


@pytest.fixture
def tablet(hall_browser, hall: Hall) -> Iterator[tuple[Page, Traffic]]:
    traffic = Traffic()
    pages = open_page(hall_browser, hall, traffic)
    yield next(pages), traffic
    next(pages, None)


def two_tables(host) -> Party:
    party = services.party_create(
        owner=host,
        name="Hall Pedro",
        date=datetime.date(2026, 5, 8),
        settings=services.PartySettings(prizes=["Wine"]),
    )
    for name in ("Ana", "Bea", "Cruz", "Dee", "Eve", "Fay", "Gil", "Hal"):
        services.player_register(party=party, name=name, user=host)
    services.round1_seat_draw(party=party, seed=3, user=host)
    party.refresh_from_db()
    return party


def is_controlled(page: Page) -> bool:
    """Whether the hall's service worker is active for this page."""
    return page.evaluate("navigator.serviceWorker.getRegistration().then(r => !!(r && r.active))")


def enter(page: Page, bidder: int, bid: int, points: int) -> None:
    """One deal, tapped as the host taps: the bidder's seat, the bid, the points, Save."""
    page.locator(f"#entry label.seat-{bidder}").click()
    page.locator(f"#entry label.pill:has(input[name=bid][value='{bid}'])").click()
    expect(page.locator(f"#entry input[name=bidder][value='{bidder}']")).to_be_checked()
    page.locator("#points").fill(str(points))
    page.locator("#entry button[type=submit]").click()


def go_to_table(page: Page, table: int) -> None:
    """From a table's page to another through the round's page, as the host taps."""
    page.get_by_role("link", name="Back to round 1").click()
    page.locator(f"a.table-no[href$='/round/1/table/{table}/']").click()
    expect(page.locator("h1")).to_have_text(f"Round 1 · Table {table}")


def test_the_tablet_at_the_halls_address_keeps_every_deal_through_a_reload_offline(
    hall: Hall, tablet, django_user_model
):
    page, traffic = tablet
    host = django_user_model.objects.create(
        username="hostess", password=make_password(PASSWORD, hasher="pbkdf2_sha256")
    )
    party = two_tables(host)
    first, second, third = deals(party)
    round_page = f"/host/{party.slug}/round/1/"

    # The hall's authority and the players' page stay on plain http ...
    page.goto(f"{hall.url}/hall/ca/")
    assert page.url == f"{hall.url}/hall/ca/"
    download = page.evaluate(
        """() => fetch(document.getElementById("hall-ca-download").href)
            .then(r => [r.url, r.headers.get("Content-Type")])"""
    )
    assert download == [f"{hall.url}/hall/ca.crt", "application/x-x509-ca-cert"]
    page.goto(f"{hall.url}/p/{party.public_token}/")
    assert page.url.startswith(hall.url + "/p/")

    # ... and the host's pages are HTTPS, on the hall's name, with the worker.
    sign_in(page, "hostess")
    assert page.url.startswith(hall.https_url + "/host/")
    status = page.locator("#connection")
    page.goto(hall.https_url + round_page)
    expect(status).to_have_attribute("data-kept", "yes", timeout=20_000)
    page.goto(hall.https_url + round_page + "table/1/")
    expect(status).to_have_attribute("data-kept", "yes", timeout=20_000)
    assert page.evaluate("window.isSecureContext") is True
    assert is_controlled(page)

    wifi(page, hall, up=False)
    page.reload()
    expect(status).to_have_attribute("data-state", "offline")
    enter(page, *first)
    expect(status.locator("[data-connection-waiting]")).to_have_text("waiting to send (1)")

    go_to_table(page, 2)
    expect(status).to_have_attribute("data-state", "offline")
    enter(page, *second)
    enter(page, *third)
    expect(status.locator("[data-connection-waiting]")).to_have_text("waiting to send (3)")
    expect(page.locator("#entry h2 [data-deal-number]")).to_have_text("3")

    go_to_table(page, 1)
    expect(page.locator("#entry h2 [data-deal-number]")).to_have_text("2")
    enter(page, *second)
    expect(status.locator("[data-connection-waiting]")).to_have_text("waiting to send (4)")
    page.reload()
    expect(status.locator("[data-connection-waiting]")).to_have_text("waiting to send (4)")
    assert not DealResult.objects.filter(round__party=party).exists()

    wifi(page, hall, up=True)
    wait_for(
        page,
        lambda: DealResult.objects.filter(round__party=party).count() == 4,
        "the waiting deals are sent",
    )
    expect(status.locator("[data-connection-waiting]")).to_be_hidden()
    page.wait_for_timeout(1500)  # a second send would have happened by now
    rows = DealResult.objects.filter(round__party=party).order_by("table", "deal")
    stored = [(r.table, r.deal, r.bidder, r.bid, r.bidding_team_points) for r in rows]
    assert stored == [(1, 1, *first), (1, 2, *second), (2, 1, *second), (2, 2, *third)]
    assert all(r.is_current and r.version == 1 for r in rows)
    assert len({r.form_token for r in rows}) == 4
    assert traffic.problems == []
