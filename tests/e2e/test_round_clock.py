"""The round clock in a real browser: the host's round page, a phone, the board.

The server sends the clock's end as a UTC instant and clock.js counts down
locally; the browser's clock is Playwright's, so a test moves time on (or
starts the page at a chosen moment) instead of waiting.  Time keeps running
while the test looks, so the seconds shown are matched within a margin.  In the last five
minutes the clock warns, without blinking for those who ask for less motion.
The host calls time for the round after ticking a confirmation, and undoes it.
"""

from __future__ import annotations

import datetime
import re
import tempfile
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tournaments import services
from tournaments.models import Party, Round, TableRound
from tournaments.selectors import CLOCK_WARN_SECONDS

from .browser import Traffic, open_page, sign_in

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844}
TV = {"width": 1920, "height": 1080}
SCREENSHOTS = Path(tempfile.gettempdir())
PLAYERS = ["Élodie", "Siobhán", "José", "Rosa", "Tony", "Connie", "Walt", "Dolores"]


def seated_party(host, *, deals: int = 1) -> tuple[Party, Round]:
    """Eight players, round 1 drawn, ``deals`` deals in at both tables, clock 12 minutes."""
    party = services.party_create(
        owner=host,
        name="Clock Night",
        date=datetime.date(2026, 6, 5),
        settings=services.PartySettings(round_minutes=12),
    )
    for name in PLAYERS:
        services.player_register(party=party, name=name, user=host)
    rnd = services.round1_seat_draw(party=party, seed=8, user=host)
    rs = services.party_ruleset(party)
    for table in (1, 2):
        for deal in range(1, deals + 1):
            services.result_record(
                round=rnd,
                table=table,
                deal=deal,
                entry=services.DealEntry(
                    bidder=deal % 4, bid=rs.min_bid, bidding_team_points=rs.total_points
                ),
                user=host,
            )
    party.refresh_from_db()
    return party, rnd


def test_the_host_starts_the_clock_sees_the_warning_calls_time_and_undoes_it(page, host, traffic):
    party, rnd = seated_party(host)
    page.clock.install()
    sign_in(page, host.username)
    page.goto(f"/host/{party.slug}/round/1/")
    page.get_by_role("button", name="Start the 12-minute clock").click()
    clock = page.locator(".round-clock .clock")
    expect(clock).to_contain_text(re.compile(r"Round clock: 1[12]:\d\d left"))
    expect(clock).not_to_have_class("clock warn")
    page.clock.fast_forward("08:30")  # 3:30 left: inside the last five minutes
    expect(clock).to_contain_text(re.compile(r"Last minutes: 3:[0-3]\d left"))
    expect(clock).to_have_class("clock warn")
    # The round page's grid is polled and swapped: ask again until it settles.
    expect(clock).to_have_css("animation-name", "clock-blink")
    page.screenshot(path=SCREENSHOTS / "pedroparty-host-clock.png")
    page.clock.fast_forward("04:00")
    expect(clock).to_contain_text("Time is up")

    page.get_by_text("Call time for the round…").click()
    page.get_by_role("button", name="Call time at every table").click()
    # The browser holds the form until the confirmation is ticked.
    assert not TableRound.objects.filter(round=rnd, time_called=True).exists()
    page.get_by_label("Yes, call time for the whole round").check()
    page.get_by_role("button", name="Call time at every table").click()
    expect(page.get_by_text("Time called at tables 1, 2.")).to_be_visible()
    assert set(TableRound.objects.filter(round=rnd).values_list("time_called", flat=True)) == {True}
    page.get_by_role("button", name="Undo the call of time").click()
    expect(page.get_by_text("Time is no longer called: tables 1, 2 play on.")).to_be_visible()
    assert not TableRound.objects.filter(round=rnd, time_called=True).exists()
    assert traffic.problems == []


def test_phone_and_board_count_down_to_the_same_end_and_warn(
    browser, live_server, transactional_db, host
):
    party, rnd = seated_party(host)
    services.round_clock_start(round=rnd, user=host)
    rnd.refresh_from_db()
    traffic = Traffic()
    token = party.public_token
    for phone in open_page(browser, live_server, traffic, viewport=PHONE, is_mobile=True):
        phone.clock.install(time=rnd.clock_ends_at - datetime.timedelta(minutes=6))
        phone.goto(f"/p/{token}/")
        clock = phone.locator("#standings .clock")
        expect(clock).to_contain_text(re.compile(r"Round clock: (6:00|5:[45]\d) left"))
        phone.clock.fast_forward("01:30")
        expect(clock).to_contain_text(re.compile(r"Last minutes: 4:[0-3]\d left"))
        expect(clock).to_have_class("clock warn")
        phone.screenshot(path=SCREENSHOTS / "pedroparty-phone-clock.png")
    for tv in open_page(browser, live_server, traffic, viewport=TV):
        warn = datetime.timedelta(seconds=CLOCK_WARN_SECONDS - 60)
        tv.clock.install(time=rnd.clock_ends_at - warn)
        tv.goto(f"/p/{token}/board/")
        clock = tv.locator("#board > .clock")
        expect(clock).to_contain_text(re.compile(r"Last minutes: (4:00|3:[45]\d) left"))
        expect(clock).to_have_class("clock warn")
        tv.screenshot(path=SCREENSHOTS / "pedroparty-board-clock.png")
    assert traffic.problems == []


def test_the_warning_does_not_blink_for_reduced_motion(
    browser, live_server, transactional_db, host
):
    party, rnd = seated_party(host)
    services.round_clock_start(round=rnd, user=host)
    rnd.refresh_from_db()
    traffic = Traffic()
    for phone in open_page(browser, live_server, traffic, viewport=PHONE, reduced_motion="reduce"):
        phone.clock.install(time=rnd.clock_ends_at - datetime.timedelta(minutes=2))
        phone.goto(f"/p/{party.public_token}/")
        clock = phone.locator("#standings .clock")
        expect(clock).to_have_class("clock warn")
        expect(clock).to_have_css("animation-name", "none")
        expect(clock).to_have_css("opacity", "1")
    assert traffic.problems == []
