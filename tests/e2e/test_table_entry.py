"""A deal entered from the host's tablet at 1024 x 768, in a real browser.

A deal takes four taps (bidder, bid, a points tap or none, Save) on one
screen that does not scroll; the preview tells the deal's result before it is
saved; a refused save focuses the first error under a summary; a second
tablet on a deal entered elsewhere moves on; and a whole table is taken from
its tally card, all or none.  Screenshots go to /tmp/pedroparty-entry-*.png.
"""

from __future__ import annotations

import datetime
import re
import tempfile
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tournaments import services
from tournaments.models import DealResult, Round

from .browser import TABLET, Traffic, open_page, sign_in

pytestmark = pytest.mark.e2e

SCREENSHOTS = Path(tempfile.gettempdir())
NAMES = ["Élodie Marchand-Whitfield", "Siobhán", "José", "Rosa"]


def seated_round(host) -> Round:
    """Four players at one table, round 1 drawn, no deal entered."""
    party = services.party_create(
        owner=host, name="Tuesday Pedro", date=datetime.date(2026, 5, 12), venue="Hall"
    )
    for name in NAMES:
        services.player_register(party=party, name=name, user=host)
    return services.round1_seat_draw(party=party, seed=3, user=host)


def table_url(rnd: Round) -> str:
    return f"/host/{rnd.party.slug}/round/{rnd.number}/table/1/"


def fits_the_screen(page: Page) -> None:
    """Nothing scrolls; Seat 1 and Save are both in view, and nothing of the
    form (Seat 1 included) lies under the Save bar."""
    height = page.evaluate("document.documentElement.scrollHeight")
    assert height <= TABLET["height"], f"the page is {height}px tall"
    bar = page.locator(".save-bar").bounding_box()
    save = page.locator(".save-bar button[type=submit]").bounding_box()
    assert save["y"] + save["height"] <= TABLET["height"]
    for part in (".drawn-table label.seat-0", ".entry-main", ".entry-more"):
        box = page.locator(part).bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= bar["y"], part


def seat_names(page: Page) -> list[str]:
    return [page.locator(f".drawn-table .seat-{s} b").inner_text() for s in range(4)]


def test_a_deal_in_four_taps_with_its_preview(page, host, traffic):
    rnd = seated_round(host)
    sign_in(page, host.username)
    page.goto(table_url(rnd))
    fits_the_screen(page)
    entry = page.locator("#entry")
    entry.locator(".drawn-table label.seat-2").click()  # 1: the bidder, team 0
    entry.locator(".bids label.pill").filter(has=page.locator('[value="10"]')).click()  # 2
    expect(page.locator("#points")).to_have_value("10")  # the stepper starts at the bid
    expect(page.locator("#preview")).to_have_text("made: 10 to 6 → table 10 – 6")
    entry.get_by_role("button", name="one more").click()  # 3
    expect(page.locator("#preview")).to_have_text("made: 11 to 5 → table 11 – 5")
    page.screenshot(path=SCREENSHOTS / "pedroparty-entry-deal.png")
    entry.get_by_role("button", name="Save deal 1").click()  # 4
    expect(page.locator(".messages")).to_contain_text("Table 1, deal 1 saved.")
    row = DealResult.objects.get(round=rnd, table=1, deal=1)
    assert (row.bidder, row.bid, row.bidding_team_points) == (2, 10, 11)

    # The next deal is ready; the deals entered are folded away.
    expect(entry.locator("h2")).to_contain_text("Deal 2")
    expect(page.locator("#points")).to_have_value("")
    expect(page.locator(".deals-so-far summary")).to_have_text("1 deal entered")
    expect(page.locator(".deal-list")).to_be_hidden()
    fits_the_screen(page)

    # A set, then the shoot: the points start at all a deal holds.
    entry.locator(".drawn-table label.seat-1").click()
    entry.locator(".bids label.pill").filter(has=page.locator('[value="12"]')).click()
    for _ in range(3):
        entry.get_by_role("button", name="one less").click()
    expect(page.locator("#preview")).to_have_text("set: 9 to 7 → table 18 – -7")
    entry.locator(".bids label.pill").filter(has=page.locator('[value="32"]')).click()
    expect(page.locator("#points")).to_have_value("9")  # the host's own number stays
    page.locator("#points").fill("16")
    expect(page.locator("#preview")).to_have_text("made: 16 to 0 → table 11 – 37")
    fits_the_screen(page)  # with the message of the save before and the preview shown
    page.screenshot(path=SCREENSHOTS / "pedroparty-entry-next.png")
    entry.get_by_role("button", name="Save deal 2").click()
    expect(entry.locator("h2")).to_contain_text("Deal 3")
    # The tablet's queue asks for deal 3 at once; the page says when it is stored.
    expect(page.locator(".messages")).to_contain_text("Table 1, deal 2 saved.")
    assert DealResult.objects.get(round=rnd, deal=2).score1 == 32
    assert traffic.problems == []


def test_a_refused_save_focuses_the_first_error_under_a_summary(page, host, traffic):
    rnd = seated_round(host)
    sign_in(page, host.username)
    page.goto(table_url(rnd))
    entry = page.locator("#entry")
    entry.locator(".drawn-table label.seat-0").click()
    entry.locator(".bids label.pill").filter(has=page.locator('[value="8"]')).click()
    entry.get_by_text("Check against the table's tally (optional)").click()
    entry.locator("input[name=tally0]").fill("3")
    entry.locator("input[name=tally1]").fill("8")
    entry.get_by_role("button", name="Save deal 1").click()
    summary = page.locator("#error-summary")
    expect(summary).to_contain_text("This deal was not saved:")
    expect(summary).to_contain_text("not 3 and 8.")
    expect(entry.locator("input[name=tally0]")).to_be_focused()
    box = summary.bounding_box()
    assert 0 <= box["y"] < TABLET["height"] / 2  # at the top, in view
    page.screenshot(path=SCREENSHOTS / "pedroparty-entry-refused.png")
    assert not DealResult.objects.exists()
    assert traffic.problems == []


def test_a_second_tablet_moves_on_past_a_deal_entered_elsewhere(
    browser, live_server, page, host, traffic
):
    rnd = seated_round(host)
    sign_in(page, host.username)
    page.goto(table_url(rnd))
    other_traffic = Traffic()
    other_pages = open_page(browser, live_server, other_traffic)
    other = next(other_pages)
    try:
        sign_in(other, host.username)
        other.goto(table_url(rnd))
        other.locator(".drawn-table label.seat-1").click()
        other.locator(".bids label.pill").filter(has=other.locator('[value="7"]')).click()
        other.get_by_role("button", name="Save deal 1").click()
        expect(other.locator(".messages")).to_contain_text("Table 1, deal 1 saved.")
    finally:
        next(other_pages, None)
    entry = page.locator("#entry")
    entry.locator(".drawn-table label.seat-3").click()
    entry.locator(".bids label.pill").filter(has=page.locator('[value="7"]')).click()
    entry.get_by_role("button", name="Save deal 1").click()
    # The tablet's queue sends the deal: the stored one and this tablet's are
    # shown side by side, and the form moves on to deal 2.
    conflict = page.locator(".deal-conflict")
    expect(conflict).to_contain_text("table 1, deal 1 was entered on another device")
    expect(conflict).to_contain_text("Seat 2")  # stored: José's bid, seat 2
    expect(conflict).to_contain_text("Seat 4")  # this tablet's, not saved
    expect(entry.locator("h2")).to_contain_text("Deal 2")
    entry.locator(".drawn-table label.seat-0").click()
    entry.locator(".bids label.pill").filter(has=page.locator('[value="9"]')).click()
    entry.get_by_role("button", name="Save deal 2").click()
    expect(page.locator(".messages")).to_contain_text("Table 1, deal 2 saved.")
    deals = DealResult.objects.filter(round=rnd).order_by("deal")
    assert [(d.deal, d.bidder, d.bid) for d in deals] == [(1, 1, 7), (2, 0, 9)]
    assert traffic.problems == other_traffic.problems == []


def fill_tally(page: Page, deals: list[tuple[int, int, int]], names: list[str]) -> None:
    for d, (bidder, bid, points) in enumerate(deals, start=1):
        page.get_by_label(f"Deal {d}: bidder").select_option(
            label=f"Seat {bidder + 1} · {names[bidder]}"
        )
        page.get_by_label(f"Deal {d}: bid", exact=True).select_option(str(bid))
        page.get_by_label(f"Deal {d}: points the bidding team took").fill(str(points))


def test_a_whole_table_from_its_tally_card_all_or_none(page, host, traffic):
    rnd = seated_round(host)
    sign_in(page, host.username)
    page.goto(table_url(rnd))
    names = seat_names(page)
    page.get_by_role("link", name="Whole table from its tally card").click()
    deals = [(0, 8, 10), (1, 9, 4), (2, 32, 16), (3, 6, 6)]
    fill_tally(page, deals, names)
    # Meanwhile another tablet enters deal 3: the card is refused as a whole.
    services.result_record(
        round=rnd,
        table=1,
        deal=3,
        entry=services.DealEntry(bidder=2, bid=7, bidding_team_points=9),
        user=host,
    )
    page.get_by_role("button", name="Save the whole table").click()
    summary = page.locator("#error-summary")
    expect(summary).to_contain_text("Nothing was saved.")
    expect(summary).to_contain_text("Deal 3: Deal 3 at table 1 is already entered")
    expect(page.locator("tr#deal3")).to_have_class("deal-row has-error")
    expect(page.locator("tr#deal1")).to_have_class("deal-row")
    page.screenshot(path=SCREENSHOTS / "pedroparty-entry-tally-refused.png", full_page=True)
    assert DealResult.objects.filter(round=rnd).count() == 1

    # Only the deals still missing are offered now; all three save together.
    page.goto(table_url(rnd) + "tally/")
    expect(page.locator("tr.deal-row")).to_have_count(3)
    for d, (bidder, bid, points) in ((1, deals[0]), (2, deals[1]), (4, deals[3])):
        page.get_by_label(f"Deal {d}: bidder").select_option(
            label=f"Seat {bidder + 1} · {names[bidder]}"
        )
        page.get_by_label(f"Deal {d}: bid", exact=True).select_option(str(bid))
        page.get_by_label(f"Deal {d}: points the bidding team took").fill(str(points))
    page.screenshot(path=SCREENSHOTS / "pedroparty-entry-tally.png")
    page.get_by_role("button", name="Save the whole table").click()
    expect(page.locator(".messages")).to_contain_text("Table 1: 3 deals saved.")
    expect(page.get_by_text("All deals of this table are entered.")).to_be_visible()
    stored = DealResult.objects.filter(round=rnd).order_by("deal")
    assert [(r.bidder, r.bid, r.bidding_team_points) for r in stored] == [
        (0, 8, 10),
        (1, 9, 4),
        (2, 7, 9),
        (3, 6, 6),
    ]
    assert traffic.problems == []


def assert_no_extra_line(page: Page) -> None:
    """The nav is as tall with its clock as without it."""
    heights = page.evaluate(
        """() => {
            const nav = document.querySelector(".party-nav");
            const clock = nav.querySelector(".nav-clock");  // the link
            const shown = nav.getBoundingClientRect().height;
            clock.hidden = true;
            const bare = nav.getBoundingClientRect().height;
            clock.hidden = false;
            return [shown, bare];
        }"""
    )
    assert heights[0] <= heights[1], (
        f"the clock makes the nav {heights[0]}px tall, not {heights[1]}px"
    )


def test_the_round_clock_runs_in_the_nav_and_the_page_still_fits(page, host, traffic):
    """With the round clock running, the table page's nav counts down without
    adding a line, warns in the last five minutes, and the page still fits
    the tablet's screen."""
    rnd = seated_round(host)
    page.clock.install()
    rnd = services.round_clock_start(round=rnd, user=host)
    minutes = rnd.party.round_minutes
    sign_in(page, host.username)
    page.goto(table_url(rnd))
    nav = page.locator(".party-nav")
    clock = nav.locator(".nav-clock .clock")
    expect(clock).to_contain_text(
        re.compile(rf"Round 1: {minutes - 1}:\d\d$|Round 1: {minutes}:00$")
    )
    expect(clock).not_to_have_class(re.compile(r"\bwarn\b"))
    expect(nav.locator(".nav-clock")).to_have_attribute("href", f"/host/{rnd.party.slug}/round/1/")
    assert_no_extra_line(page)
    fits_the_screen(page)

    page.clock.fast_forward(f"{minutes - 4:02d}:00")  # under four minutes left
    expect(clock).to_contain_text(re.compile(r"Round 1: [0-3]:\d\d left!"))
    expect(clock).to_have_class(re.compile(r"\bwarn\b"))
    assert_no_extra_line(page)
    fits_the_screen(page)
    page.screenshot(path=SCREENSHOTS / "pedroparty-entry-clock.png")
    assert traffic.problems == []
