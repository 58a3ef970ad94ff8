"""Players follow the party on their phones, live, in a real browser.

A phone (390 x 844) opens the players' page and taps its own name; the host,
on a tablet in another browser context, enters a deal through the table's
form, then amends it; the phone shows each new score within the refresh
interval without reloading (a marker set on the phone's window survives).
Then the round closes and the phone says "New seat!"; the host hides the
page and the phone keeps what it shows, says so, and comes back when the
page is opened again.  The movement board turns between its views on a TV.

The browser fixtures are the e2e conftest's (Debian's chromium; Django's ORM
allowed in the test's thread, DJANGO_ALLOW_ASYNC_UNSAFE, while it is up).
"""

from __future__ import annotations

import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from pedroparty import htmx as versioned_pages
from scoring.rules import RULESETS
from tournaments import services
from tournaments.models import Party, Round
from tournaments.views import public as public_views

from .browser import Traffic, open_page, sign_in

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844}
TV = {"width": 1920, "height": 1080}
#: The page polls every 3 s; a change must show within 5 s of being saved.
WITHIN_MS = 5_000
SCREENSHOTS = Path(tempfile.gettempdir())
PLAYERS = [
    "Élodie Marchetti",
    "Siobhán O'Brien",
    "José Núñez",
    "Rosa Ferrante",
    "Tony Bruno",
    "Connie Spadaro",
    "Walt Amaral",
    "Dolores Peña",
    "Frank Lucido",
]
RULES = RULESETS["monterey-draw"]


@pytest.fixture
def phone_traffic() -> Traffic:
    return Traffic()


@pytest.fixture
def phone(browser, live_server, transactional_db, phone_traffic) -> Iterator[Page]:
    yield from open_page(
        browser, live_server, phone_traffic, viewport=PHONE, is_mobile=True, has_touch=True
    )


@pytest.fixture
def party(host) -> Party:
    import datetime

    party = services.party_create(
        owner=host, name="Friday Pedro at the Hall", date=datetime.date(2026, 5, 8)
    )
    for name in PLAYERS:
        services.player_register(party=party, name=name, user=host)
    services.round1_seat_draw(party=party, seed=17, user=host)
    party.refresh_from_db()
    return party


def score(bidder: int, bid: int, points: int, team: int) -> int:
    mine, theirs = RULES.deal_score(bid, points)
    return (mine, theirs)[0 if bidder % 2 == team else 1]


def wait_until_shown(locator, text: str, since: float) -> float:
    """Wait for the phone to show ``text``; return how long after ``since`` it did."""
    expect(locator).to_have_text(text, timeout=WITHIN_MS)
    return time.monotonic() - since


@pytest.fixture
def conditional_answers(monkeypatch) -> list[int]:
    """What the server made of each public request: 304, or 200 (rendered).
    The public pages answer through ``pedroparty.htmx.versioned_response``.
    (The browser answers a poll from its cache after a 304, so the page's own
    network events do not show them.)"""
    answers: list[int] = []
    real = versioned_pages.get_conditional_response

    def spy(request, **kwargs):
        response = real(request, **kwargs)
        answers.append(200 if response is None else response.status_code)
        return response

    monkeypatch.setattr(versioned_pages, "get_conditional_response", spy)
    return answers


def test_phone_follows_standings_and_seat_live(
    page, phone, traffic, phone_traffic, live_server, host, party, conditional_answers
):
    rnd = party.rounds.get()
    seats = {s.seat: s.player for s in rnd.seats.filter(table=1).select_related("player")}
    me = seats[1]  # team 1 at table 1
    token = party.public_token

    phone.set_viewport_size({"width": 360, "height": 740})
    phone.goto(f"/p/{token}/")
    expect(phone.locator("#standings tbody tr")).to_have_count(len(PLAYERS))
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360  # no sideways scroll
    phone.set_viewport_size(PHONE)
    phone.evaluate("window.__phoneMarker = 'no reload'")
    my_row = phone.locator(f'#standings tr[data-player="{me.pk}"]')
    my_row.get_by_role("link", name=me.name).tap()
    expect(my_row).to_have_class("me")
    expect(phone.locator("#seat .my-name")).to_have_text(me.name)
    expect(phone.locator("#seat .big")).to_have_text("Table 1")
    expect(phone.locator("#seat .partner")).to_have_text(seats[3].name)
    # Pinned: the row (a phone's two-line rows) or its cells (a table's).
    pinned = my_row.evaluate(
        "tr => [tr, tr.cells[0]].map(e => getComputedStyle(e).position).includes('sticky')"
    )
    assert pinned
    highlight = my_row.locator("td").first.evaluate("e => getComputedStyle(e).backgroundColor")
    assert highlight == "rgb(255, 224, 138)"
    assert phone.evaluate("localStorage.length") == 1
    phone.screenshot(path=SCREENSHOTS / "pedroparty-phone-before.png")
    # Nothing changes for two polls: the server answers them 304.
    phone.wait_for_timeout(2 * 3_000 + 500)
    assert conditional_answers.count(304) >= 2

    # The host enters deal 1 of table 1 on the tablet's form.
    sign_in(page, host.username)
    page.goto(f"/host/{party.slug}/round/1/table/1/")
    entry = page.locator("#entry")
    entry.locator(".drawn-table label.seat-0").click()
    entry.locator(".bids label.pill").filter(has=page.locator('[value="8"]')).click()
    page.locator("#points").fill("11")
    entry.get_by_role("button", name="Save deal 1").click()
    saved = time.monotonic()
    expect(page.locator(".messages")).to_contain_text("Table 1, deal 1 saved.")

    mine = score(0, 8, 11, team=1)
    took = wait_until_shown(my_row.locator("td:nth-child(3)"), str(mine), saved)
    expect(phone.locator("#seat .us")).to_have_text(str(mine), timeout=WITHIN_MS)
    expect(phone.locator("#seat .them")).to_have_text(str(score(0, 8, 11, team=0)))
    assert took < WITHIN_MS / 1000
    assert phone.evaluate("window.__phoneMarker") == "no reload"
    expect(my_row).to_have_class("me")  # marked again after the swap
    phone.screenshot(path=SCREENSHOTS / "pedroparty-phone.png")

    # The host amends it: the phone follows again.
    page.goto(f"/host/{party.slug}/round/1/table/1/deal/1/amend/")
    page.locator("#points").fill("6")
    page.locator("input[name=reason]").fill("Misread the tally")
    page.get_by_role("button", name="Save the amendment").click()
    saved = time.monotonic()
    expect(page.locator(".messages")).to_contain_text("amended")
    took = wait_until_shown(my_row.locator("td:nth-child(3)"), str(score(0, 8, 6, team=1)), saved)
    assert took < WITHIN_MS / 1000

    # Every other deal is entered and the round closes: "New seat!".
    with services.results_entry(round=rnd, user=host) as enter:
        for table in (1, 2):
            for deal in range(1, 5):
                if (table, deal) != (1, 1):
                    enter(
                        table=table,
                        deal=deal,
                        entry=services.DealEntry(bidder=deal % 4, bid=7, bidding_team_points=9),
                    )
    nxt = services.round_close(round=Round.objects.get(pk=rnd.pk), user=host)
    closed = time.monotonic()
    where = nxt.seats.filter(player=me).first()
    if where is None:
        expect(phone.locator("#seat .big")).to_have_text("Sitting out", timeout=WITHIN_MS)
    else:
        expect(phone.locator("#seat .flag")).to_have_text("New seat!", timeout=WITHIN_MS)
        expect(phone.locator("#seat .big")).to_have_text(f"Table {where.table}")
        partner = nxt.seats.get(table=where.table, seat=(where.seat + 2) % 4).player
        expect(phone.locator("#seat .partner")).to_have_text(partner.name)
    assert time.monotonic() - closed < WITHIN_MS / 1000
    assert phone.evaluate("window.__phoneMarker") == "no reload"
    phone.screenshot(path=SCREENSHOTS / "pedroparty-phone-new-seat.png")

    # The host hides the page: the phone keeps what it has and says so.
    page.goto(f"/host/{party.slug}/share/")
    qr = page.locator("svg.qr").bounding_box()
    assert qr["width"] >= 400 and qr["height"] >= 400  # big enough to scan across a table
    page.screenshot(path=SCREENSHOTS / "pedroparty-share.png")
    page.get_by_role("button", name="Hide the players' page").click()
    expect(phone.locator("#status")).to_have_text(
        "The host has closed this page for now.", timeout=WITHIN_MS
    )
    expect(phone.locator("#standings tbody tr")).to_have_count(len(PLAYERS))
    page.get_by_role("button", name="Open the players' page").click()
    expect(phone.locator("#status")).to_contain_text("Live", timeout=WITHIN_MS)
    assert phone.evaluate("window.__phoneMarker") == "no reload"

    # Nothing failed, and everything came from this site.
    assert all(u.startswith(live_server.url) for u, _ in phone_traffic.responses)
    assert traffic.problems == [] and phone_traffic.problems == []


def test_a_phone_that_slept_catches_up_when_it_wakes(phone, phone_traffic, host, party):
    """Polling goes on after errors; coming back to the page asks at once."""
    rnd = party.rounds.get()
    me = rnd.seats.get(table=2, seat=0).player
    phone.goto(f"/p/{party.public_token}/me/{me.pk}/")
    expect(phone.locator("#seat .big")).to_have_text("Table 2")
    phone.context.set_offline(True)
    expect(phone.locator("#status")).to_have_text("No connection · trying again", timeout=WITHIN_MS)
    expect(phone.locator("#seat .big")).to_have_text("Table 2")  # the old content stays
    services.result_record(
        round=rnd,
        table=2,
        deal=1,
        entry=services.DealEntry(bidder=0, bid=10, bidding_team_points=12),
        user=host,
    )
    phone.context.set_offline(False)
    phone.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    expect(phone.locator(f'#standings tr[data-player="{me.pk}"] td:nth-child(3)')).to_have_text(
        str(score(0, 10, 12, team=0)), timeout=WITHIN_MS
    )
    expect(phone.locator("#status")).to_contain_text("Live")
    # The page remembers who this phone is.
    phone.goto(f"/p/{party.public_token}/")
    expect(phone.locator("#seat .my-name")).to_have_text(me.name)
    expect(phone.locator(f'#standings tr[data-player="{me.pk}"]')).to_have_class("me")
    # "Not me?" forgets it.
    phone.get_by_role("link", name="Not me?").tap()
    expect(phone.locator("#seat .hint")).to_contain_text("Tap your name")
    expect(phone.locator("#standings tr.me")).to_have_count(0)
    assert phone.evaluate("localStorage.length") == 0
    assert phone_traffic.problems == []


def test_movement_board_turns_between_movement_standings_and_clock_on_a_tv(
    browser, live_server, transactional_db, host
):
    import datetime

    party = services.party_create(owner=host, name="Big Night", date=datetime.date(2026, 5, 9))
    for i in range(1, 4 * 12 + 1):
        services.player_register(party=party, name=f"Player {i:02d}", user=host)
    rnd = services.round1_seat_draw(party=party, seed=3, user=host)
    services.round_clock_start(round=rnd, user=host)
    traffic = Traffic()
    turn = public_views.BOARD_ROTATE_SECONDS * 1000 + 100
    for tv in open_page(browser, live_server, traffic, viewport=TV):
        tv.clock.install()
        tv.goto(f"/p/{party.public_token}/board/")
        views = tv.locator("#board .view")
        expect(views).to_have_count(3)
        for name in ("movement", "standings", "clock", "movement"):
            expect(tv.locator("#board .view:not([hidden])")).to_have_attribute("data-view", name)
            expect(tv.locator("#board .view:visible")).to_have_count(1)
            if name == "movement":
                expect(tv.locator("#page-no")).to_have_text("1 / 3")
                names = tv.locator('#board [data-view="movement"] .names-board li')
                expect(names).to_have_count(48)
            tv.clock.run_for(turn)
        tv.screenshot(path=SCREENSHOTS / "pedroparty-board.png")
    assert traffic.problems == []
