"""Every page works in Chromium under the site's Content-Security-Policy.

The browser enforces the header the server sends: an inline script, an
inline handler, a style= attribute or code htmx would evaluate is refused
and reported as a ``securitypolicyviolation`` event (collected by the
``page`` fixture into ``traffic.problems``) and a console error. The pages
are used, not only opened: a deal is entered with the stepper, a confirm is
answered, polls come back, an online move is played and the deal replayed.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import ConsoleMessage, Page, expect

from tournaments import services
from tournaments.models import Party

from .browser import PASSWORD, sign_in
from .test_online_play import bots_worker, take_a_turn

pytestmark = pytest.mark.e2e

PLAYERS = ["Ana", "Bea", "Cruz", "Dee", "Eli", "Fay", "Gus", "Hal"]


@pytest.fixture
def console(page: Page) -> Iterator[list[str]]:
    """Every console error and warning the pages print (a refused script or
    style is one, and so is an htmx error such as evaluation refused)."""
    messages: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        if message.location["url"].endswith("/favicon.ico"):
            return  # the site has no icon: the browser's own guess, not a page's doing
        if message.type in ("error", "warning"):
            messages.append(f"{message.type}: {message.text} ({message.location['url']})")

    page.on("console", on_console)
    yield messages


@pytest.fixture
def party(host) -> Party:
    host.is_staff = host.is_superuser = True
    host.save()
    party = services.party_create(
        owner=host,
        name="Tuesday Pedro",
        date=datetime.date(2026, 5, 5),
        settings=services.PartySettings(prizes=["Wine"]),
    )
    for name in PLAYERS:
        services.player_register(party=party, name=name, user=host)
    services.round1_seat_draw(party=party, seed=3, user=host)
    party.refresh_from_db()
    return party


def settle(page: Page) -> None:
    """Let the page's scripts run and its first polls come back."""
    page.wait_for_load_state("networkidle")


def test_pages_run_under_the_policy_without_a_violation(page, traffic, console, host, party):
    slug = party.slug

    # The admin's own pages, signed out and in.
    page.goto("/admin/login/")
    expect(page.get_by_role("button", name="Log in")).to_be_visible()
    settle(page)
    sign_in(page, host.username, PASSWORD)
    page.goto(f"/admin/tournaments/party/{party.pk}/change/")
    expect(page.locator("#party_form")).to_be_visible()
    settle(page)
    page.goto("/admin/auth/user/add/")
    expect(page.locator("#user_form")).to_be_visible()
    settle(page)

    # The host's dashboard and round grid, polling.
    page.goto(f"/host/{slug}/")
    settle(page)
    page.goto(f"/host/{slug}/round/1/")
    expect(page.locator("article.table-card")).to_have_count(2)
    with page.expect_response(re.compile(rf"/host/{slug}/round/1/$"), timeout=15_000):
        pass  # the grid's poll comes back and is swapped in

    # Table 1's entry: tap the bidder and bid, set the points with the stepper.
    page.goto(f"/host/{slug}/round/1/table/1/")
    entry = page.locator("#entry")
    entry.locator(".drawn-table label.seat-0").click()
    entry.locator(".bids label.pill").filter(has=page.locator('[value="9"]')).click()
    page.get_by_role("button", name="one more").click()  # an empty box starts halfway
    page.get_by_role("button", name="one more").click()
    points = int(page.locator("#points").input_value())
    total = int(page.locator("#points").get_attribute("max"))
    expect(page.locator("#other")).to_have_text(str(total - points))
    entry.get_by_role("button", name="Save deal 1").click()
    expect(page.locator(".messages")).to_contain_text("Table 1, deal 1 saved.")
    settle(page)

    # Finishing asks first; saying no leaves the party as it was.
    page.goto(f"/host/{slug}/prizes/")
    asked: list[str] = []

    def dismiss(dialog) -> None:
        asked.append(dialog.message)
        dialog.dismiss()

    page.once("dialog", dismiss)
    page.get_by_role("button", name="Finish the party").click()
    settle(page)
    assert asked and "Finish the party now?" in asked[0]
    party.refresh_from_db()
    assert party.status != "finished"
    assert page.url.endswith(f"/host/{slug}/prizes/")

    for path in [f"/host/{slug}/players/", f"/host/{slug}/documents/", f"/host/{slug}/share/"]:
        page.goto(path)
        settle(page)

    # The players' page and the movement board, polling; waking the phone asks again.
    me = party.players.get(name="Ana")
    page.goto(f"/p/{party.public_token}/me/{me.pk}/")
    expect(page.locator("#status")).to_contain_text("Live", timeout=15_000)
    with page.expect_response(re.compile(r"/p/.+/me/\d+/")):
        page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    page.goto(f"/p/{party.public_token}/board/")
    expect(page.locator("#board .view").first).to_be_visible()
    with page.expect_response(re.compile(r"/p/.+/board/"), timeout=15_000):
        pass

    assert traffic.problems == []
    assert console == []


def test_online_play_runs_under_the_policy_without_a_violation(
    page, traffic, console, settings, transactional_db
):
    settings.PLAY_BOT_DELAY_MS = 0
    with bots_worker():
        page.goto("/play/")
        page.get_by_placeholder("Your name").fill("Rosa")
        page.get_by_label("Play a number of deals").check()
        page.get_by_role("spinbutton", name="Number of deals").fill("1")
        page.get_by_role("button", name="Create the table").click()
        page.wait_for_url(re.compile(r"/play/t/[-\w]+/$"))
        # Inline SVG QR codes: one, for the one person; a bot's seat has no link.
        expect(page.locator(".seat-link svg")).to_have_count(1)
        page.locator(".seat-link details.qr summary").first.click()
        settle(page)

        # The creator's page polls every 2 s, but not while it is hidden.
        manage = page.url
        polls: list[str] = []
        page.on("request", lambda r: polls.append(r.url) if r.url == manage else None)
        page.evaluate(
            "Object.defineProperty(document, 'hidden', {value: true, configurable: true})"
        )
        page.wait_for_timeout(4500)
        assert polls == []
        with page.expect_request(manage, timeout=5000):
            page.evaluate("delete document.hidden")
        page.locator(".seat-link").first.get_by_role("link", name="Open").click()
        page.wait_for_url(re.compile(r"/play/s/[-\w]+/$"))

        ready = page.locator('#game[data-turn="me"], #game[data-turn="done"]').first
        moves = 0
        for _ in range(60):
            expect(ready).to_be_visible(timeout=15_000)
            if ready.get_attribute("data-turn") == "done":
                break
            take_a_turn(page)
            moves += 1
        else:
            raise AssertionError(f"the deal did not end after {moves} moves")
        assert moves >= 1
        page.get_by_role("link", name="Replay this deal").click()
        expect(page.get_by_text(re.compile(r"Step \d+ of \d+"))).to_be_visible()
        expect(page.get_by_text(re.compile(r"Step 0 of \d+"))).to_be_visible()
        page.get_by_role("link", name="Next", exact=True).click()
        expect(page.get_by_text(re.compile(r"Step 1 of \d+"))).to_be_visible()
        settle(page)

    assert traffic.problems == []
    assert console == []


def test_a_violation_is_caught(page, traffic, console):
    """The checks above see a refused inline script: add one to a live page."""
    page.goto("/")
    page.evaluate(
        """() => {
          const s = document.createElement("script");
          s.textContent = "window.ran = true";
          document.body.append(s);
        }"""
    )
    assert page.evaluate("window.ran === undefined")
    page.wait_for_timeout(300)  # the report reaches the test through the binding
    assert any("script-src" in problem for problem in traffic.problems), traffic.problems
    assert any("Content Security Policy" in message for message in console), console
