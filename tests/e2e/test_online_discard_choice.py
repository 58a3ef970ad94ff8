"""Discards on a phone: tap to choose, tap again to change one's mind, then
confirm; nothing reaches the server before the confirmation.

Chromium at 390 x 844 against the live server: one person sits with three
bots at a game whose discards a player chooses, taps what the page offers
until it is their turn to discard, chooses three cards, lets one go back,
confirms, and the server holds exactly the two chosen, in the order chosen.
Without JavaScript each card is still a move of its own.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, Request, expect

from scoring import services
from scoring.models import DealEvent, OnlineSeat, OnlineTable
from scoring.services import SeatSpec
from tests.e2e.browser import bots_worker, open_page

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844}
CHOICE = "[data-discard-pick] button.pcard.discard"


@pytest.fixture
def quick_bots(settings) -> Iterator[None]:
    settings.PLAY_BOT_DELAY_MS = 0
    with bots_worker():
        yield


@pytest.fixture
def phone(browser, live_server, transactional_db, traffic, quick_bots) -> Iterator[Page]:
    yield from open_page(browser, live_server, traffic, viewport=PHONE, has_touch=True)


@pytest.fixture
def phone_without_js(browser, live_server, transactional_db, traffic, quick_bots):
    yield from open_page(
        browser, live_server, traffic, viewport=PHONE, has_touch=True, java_script_enabled=False
    )


def seat_at(game: str) -> OnlineSeat:
    table = services.table_create(
        ruleset=game, seats=[SeatSpec("Rosa", "human")] + [SeatSpec("", "heuristic")] * 3, deals=1
    )
    return table.seats.get(seat=0)


def reach_my_discards(page: Page, seat: OnlineSeat, *, scripted: bool = True) -> bool:
    """Open the seat and tap the first move offered until it is the seat's
    turn to choose discards (True), or the deal went past them (False)."""
    page.goto(f"/play/s/{seat.token}/")
    for _ in range(30):
        if scripted:
            expect(page.locator('#game[data-turn="me"]')).to_have_count(1, timeout=15_000)
        else:  # without JavaScript the page refreshes itself every few seconds
            page.wait_for_selector('#game[data-turn="me"]', timeout=15_000)
        state = services.deal_state(services.table_ruleset(seat.table), _current(seat))
        if state.phase == "discard":
            return True
        if state.phase not in ("bid", "trump", "dark"):
            return False
        version = page.locator("#game").get_attribute("data-version")
        page.locator("#game button.choice").first.click()
        if scripted:
            expect(page.locator(f'#game:not([data-version="{version}"])')).to_have_count(1)
        else:
            page.wait_for_load_state()
    raise AssertionError("the deal never reached the discards")


def _current(seat: OnlineSeat):
    return OnlineTable.objects.get(pk=seat.table_id).current


def my_discards(seat: OnlineSeat) -> list[str]:
    return list(
        DealEvent.objects.filter(deal=_current(seat), seat=0, action__startswith="discard ")
        .order_by("seq")
        .values_list("action", flat=True)
    )


@pytest.mark.parametrize("game", ["sixty-three", "cinch"])
def test_discards_are_chosen_then_confirmed_together(phone, traffic, game):
    page = phone
    for _attempt in range(5):
        seat = seat_at(game)
        if reach_my_discards(page, seat) and page.locator(CHOICE).count() >= 3:
            break
    else:
        raise AssertionError("Rosa never had three cards to choose from")
    posts: list[Request] = []
    page.on("request", lambda r: posts.append(r) if r.method == "POST" else None)

    cards = page.locator(CHOICE)
    codes = [cards.nth(k).get_attribute("data-card") for k in range(3)]
    confirm = page.locator("[data-discard-confirm] button")
    expect(confirm).to_be_visible()
    expect(confirm).to_be_disabled()
    for k in range(cards.count()):
        expect(cards.nth(k)).to_have_attribute("aria-pressed", "false")
    version = page.locator("#game").get_attribute("data-version")

    # Choose three, then let the first go back: the page shows it, the server knows nothing.
    for code in codes:
        page.locator(f'{CHOICE}[data-card="{code}"]').click()
        expect(page.locator(f'{CHOICE}[data-card="{code}"]')).to_have_attribute(
            "aria-pressed", "true"
        )
    expect(confirm).to_be_enabled()
    page.locator(f'{CHOICE}[data-card="{codes[0]}"]').click()
    expect(page.locator(f'{CHOICE}[data-card="{codes[0]}"]')).to_have_attribute(
        "aria-pressed", "false"
    )
    page.wait_for_timeout(1500)  # a poll or two come and go; the choice stays
    expect(page.locator(f'{CHOICE}[aria-pressed="true"]')).to_have_count(2)
    assert posts == []
    assert my_discards(seat) == []

    confirm.click()
    expect(page.locator(f'#game:not([data-version="{version}"])')).to_have_count(1)
    assert len(posts) == 1
    assert [f"discard {code}" for code in codes[1:]] == my_discards(seat)
    form = posts[0].post_data or ""
    assert f"card={codes[1]}&card={codes[2]}" in form and "action=discard" in form
    state = services.deal_state(services.table_ruleset(seat.table), _current(seat))
    view = state.view(0)
    assert set(codes[1:]) <= set(view["my_discards"]) and codes[0] not in view["my_discards"]
    assert codes[0] in view["hand"]
    assert traffic.problems == []


def test_without_javascript_each_card_is_a_move(phone_without_js, traffic):
    page = phone_without_js
    for _attempt in range(5):
        seat = seat_at("sixty-three")
        if reach_my_discards(page, seat, scripted=False):
            break
    else:
        raise AssertionError("Rosa never had cards to discard")
    expect(page.locator("[data-discard-confirm]")).to_be_hidden()
    card = page.locator(CHOICE).first
    code = card.get_attribute("data-card")
    card.click()
    page.wait_for_load_state()
    assert my_discards(seat) == [f"discard {code}"]
    assert traffic.problems == []
