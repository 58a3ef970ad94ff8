"""A home game of Pedro for three, each for himself, kept on a phone-sized
scorepad to the end of the game: the players named, each deal tapped in,
a bad deal named at its field, the winner by the game's rule, no more
deals, and the players' read-only page with the same totals."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from scoring.rules import RULESETS
from tournaments.models import Scorepad, ScorepadDeal
from tournaments.scorepad import services

from .browser import open_page

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844}
GAME = RULESETS["individual"].with_options(players=3)
NAMES = ["Ana", "Bea", "Cruz"]


def _deals():
    """(bidder, bid, points a seat) until a seat passes the target: Bea bids
    the lowest and is set once, then Ana bids the top and takes it all."""
    low, top, total = GAME.bids()[0], GAME.bids()[-1], GAME.total_points
    deals = [(1, low, [total - low + 1, low - 1, 0])]
    totals = [total - low + 1, -low, 0]
    while max(totals) < GAME.target:
        deals.append((0, top, [top, 0, 0]))
        totals[0] += top
    return deals, totals


@pytest.fixture
def phone(browser, live_server, transactional_db, traffic):
    """A phone-sized page (390 px wide) with JavaScript on."""
    yield from open_page(browser, live_server, traffic, viewport=PHONE)


def test_a_scorepad_for_three_is_kept_to_the_end_of_the_game(phone, traffic):
    page = phone
    page.goto("/pad/new/")
    page.locator("#id_game").select_option("individual")
    page.get_by_role("button", name="Next").click()
    page.locator(".counts label.pill").filter(has=page.locator('[value="3"]')).click()
    page.get_by_role("button", name="Next").click()
    for seat, name in enumerate(NAMES):
        page.locator(f'input[name="name_{seat}"]').fill(name)
    page.get_by_role("button", name="Start the scorepad").click()
    page.wait_for_url(re.compile(r"/pad/[-\w]+/$"))
    pad = Scorepad.objects.get()
    expect(page.locator("#next-deal")).to_have_text("Deal 1: Ana deals.")

    # A deal whose points add up to more than the game's total is refused at its field.
    entry = page.locator("#entry")
    entry.locator(".bidders label.pill").filter(has_text="Ana").click()
    entry.locator(".bids label.pill").filter(
        has=page.locator(f'[value="{GAME.bids()[0]}"]')
    ).click()
    for seat in range(3):
        page.locator(f'input[name="seat_points_{seat}"]').fill(str(GAME.total_points))
    entry.get_by_role("button", name="Save deal 1").click()
    expect(page.locator('[data-field="seat_points"] p.error')).to_be_visible()
    assert not ScorepadDeal.objects.exists()

    deals, totals = _deals()
    for number, (bidder, bid, points) in enumerate(deals, start=1):
        entry = page.locator("#entry")
        expect(entry.locator("h2").first).to_have_text(f"Enter deal {number}")
        entry.locator(".bidders label.pill").filter(has_text=NAMES[bidder]).click()
        entry.locator(".bids label.pill").filter(has=page.locator(f'[value="{bid}"]')).click()
        for seat, taken in enumerate(points):
            page.locator(f'input[name="seat_points_{seat}"]').fill(str(taken))
        entry.get_by_role("button", name=f"Save deal {number}").click()
        expect(page.locator(".messages")).to_contain_text(f"Deal {number} saved.")
        # Nothing is wider than the phone.
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        if number < len(deals):
            dealer = NAMES[number % 3]
            expect(page.locator("#next-deal")).to_have_text(f"Deal {number + 1}: {dealer} deals.")

    expect(page.locator("#winner")).to_have_text("Ana won the game.")
    expect(page.locator("#entry")).to_have_count(0)
    for seat, total in enumerate(totals):
        expect(page.locator(f'[data-total="{seat}"]')).to_have_text(str(total))
    assert ScorepadDeal.objects.filter(scorepad=pad).count() == len(deals)

    # The players' page: the same totals and the winner, and nothing to change.
    page.goto(f"/pad/v/{pad.view_token}/")
    expect(page.locator("#winner")).to_have_text("Ana won the game.")
    for seat, total in enumerate(totals):
        expect(page.locator(f'[data-total="{seat}"]')).to_have_text(str(total))
    expect(page.locator("main form")).to_have_count(0)
    assert traffic.problems == []


def test_the_players_phones_follow_the_score_live(phone, traffic):
    pad = services.scorepad_create(
        game="individual", options={"players": 3}, names=NAMES, first_dealer=0
    )
    phone.goto(f"/pad/v/{pad.view_token}/")
    expect(phone.locator('[data-total="0"]')).to_have_text("0")
    bid = GAME.bids()[0]
    entry = {"bidder": 0, "bid": bid, "seat_points": [bid, 1, 0]}
    services.scorepad_deal_enter(scorepad=pad, number=1, entry=entry)
    # The page polls: the new totals come without a reload.
    expect(phone.locator('[data-total="0"]')).to_have_text(str(bid), timeout=25_000)
    expect(phone.locator("#next-deal")).to_have_text("Deal 2: Bea deals.")
    assert traffic.problems == []
