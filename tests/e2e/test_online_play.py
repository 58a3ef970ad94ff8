"""One person plays a whole deal against three bots, on a phone, in a real browser.

Chromium at 390 x 844 against the live server: create the table from the
form, open seat 1's private link from the creator's page, then bid, name
trump, rob the pack, lay and play, tapping only what the page offers, until
the deal is over.  The bots act between the person's moves: eagerly without
a broker; with REDIS_URL set, through Redis and a worker thread started here.
"""

from __future__ import annotations

import re
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from scoring import services
from scoring.models import DealEvent, OnlineDeal, OnlineTable
from scoring.rules import validate_result
from tests.e2e.browser import bots_worker

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844}
SCREENSHOT = Path(tempfile.gettempdir()) / "online_play_phone.png"


@pytest.fixture
def phone(browser, live_server, transactional_db, settings) -> Iterator[tuple[Page, list[str]]]:
    settings.PLAY_BOT_DELAY_MS = 0
    context = browser.new_context(viewport=PHONE, base_url=live_server.url, has_touch=True)
    context.set_default_timeout(15_000)
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(f"JavaScript error: {error}"))
    page.on(
        "response",
        lambda r: problems.append(f"{r.status} {r.url}") if r.status >= 500 else None,
    )
    with bots_worker():
        yield page, problems
    context.close()


def create_table(page: Page) -> None:
    page.goto("/")
    page.get_by_role("link", name="Play online").last.click()
    page.get_by_placeholder("Your name").fill("Rosa")
    page.get_by_label("Play a number of deals").check()
    page.get_by_role("spinbutton", name="Number of deals").fill("1")
    page.get_by_role("button", name="Create the table").click()
    page.wait_for_url(re.compile(r"/play/t/[-\w]+/$"))
    expect(page.get_by_role("heading", name="Your online table")).to_be_visible()
    # A QR code for the person's seat only: a bot's seat has no link to share.
    expect(page.locator(".seat-link svg")).to_have_count(1)


def take_a_turn(page: Page) -> str:
    """Tap the first move the page offers; returns what was tapped."""
    move = page.locator("#game button.choice, #game button.pcard").first
    label = move.get_attribute("value") or ""
    version = page.locator("#game").get_attribute("data-version")
    move.click()
    expect(page.locator(f'#game:not([data-version="{version}"])')).to_have_count(1, timeout=15_000)
    return label


def test_a_person_plays_a_deal_against_three_bots_on_a_phone(phone):
    page, problems = phone
    create_table(page)
    page.locator(".seat-link").first.get_by_role("link", name="Open").click()
    page.wait_for_url(re.compile(r"/play/s/[-\w]+/$"))
    expect(page.locator("#game")).to_be_visible()

    moves: list[str] = []
    shot = False
    # htmx briefly keeps the old classes on a swapped-in element, so the page's
    # turn is read from its data-turn attribute.
    ready = page.locator('#game[data-turn="me"], #game[data-turn="done"]').first
    for _ in range(60):
        # Wait until it is Rosa's turn or the deal is over (bots play in between).
        expect(ready).to_be_visible(timeout=15_000)
        if ready.get_attribute("data-turn") == "done":
            break
        hand = page.locator(".hand .pcard")
        assert hand.count() >= 1
        if page.locator(".hand button.pcard").count():
            # Only legal cards are buttons; the others are shown dimmed.
            assert (
                page.locator(".hand button.pcard").count()
                + page.locator(".hand span.pcard.dim").count()
                == hand.count()
            )
            if not shot and page.locator(".seatbox .played .pcard").count() >= 1:
                page.screenshot(path=str(SCREENSHOT))
                shot = True
        moves.append(take_a_turn(page))
    else:
        raise AssertionError(f"the deal did not end; moves: {moves}")

    expect(page.get_by_text("The deal is over.")).to_be_visible()
    expect(page.get_by_text("Game over")).to_be_visible()
    expect(page.get_by_role("link", name="Replay this deal")).to_be_visible()
    if not shot:
        page.screenshot(path=str(SCREENSHOT))
    assert problems == []

    table = OnlineTable.objects.get()
    assert table.status == "finished"
    deal = OnlineDeal.objects.get(table=table)
    events = list(DealEvent.objects.filter(deal=deal).order_by("seq"))
    assert [e.action for e in events if e.by == "human"] == moves
    assert {e.by for e in events} == {"human", "heuristic"}

    assert problems == []
    seats = list(table.seats.order_by("seat"))
    state = services.deal_state(services.table_ruleset(table), deal)
    rs, record = services.deal_record(table, deal, state, seats)
    assert validate_result(rs, record) == []
    assert [table.score0, table.score1] == record["tally"]

    # The replay opens on the deal, every hand face up; Play steps through it
    # and stops at the end.
    page.get_by_role("link", name="Replay this deal").click()
    steps = len(events)
    expect(page.locator(".step-count")).to_have_text(f"Step 0 of {steps}")
    expect(page.locator(".replay-hand .pcard")).to_have_count(36)
    page.get_by_role("link", name="Next", exact=True).click()
    expect(page.locator(".step-count")).to_have_text(f"Step 1 of {steps}")
    play = page.locator("[data-replay-play]")
    play.evaluate("button => { button.dataset.interval = '150'; }")
    play.click()
    expect(page.locator(".step-count")).to_have_text(f"Step {steps} of {steps}", timeout=30_000)
    expect(page.locator("a[data-replay-next]")).to_have_count(0)
    expect(page.locator("[data-replay-play]")).to_have_count(0)
    page.wait_for_timeout(500)
    expect(page.locator(".step-count")).to_have_text(f"Step {steps} of {steps}")


def test_the_creator_page_keeps_its_table_while_nothing_changes(phone):
    """A poll that finds nothing new (304) leaves the page as it is."""
    page, problems = phone
    create_table(page)
    manage = page.url
    with page.expect_response(lambda r: r.url == manage and r.status == 304, timeout=10_000):
        pass
    page.wait_for_timeout(500)  # a swap would have run by now
    expect(page.locator("#table .seat-link")).to_have_count(4)
    expect(page.locator(".seat-link svg")).to_have_count(1)  # the person's; bots have none
    assert problems == []
