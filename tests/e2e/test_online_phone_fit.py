"""Online play on a phone: the hand and the trick fit one screen.

Chromium at 390 x 844 and 360 x 740, in English, Spanish and French: one
person sits with three bots, bids, names trump and robs the pack by tapping
what the page offers, until it is their turn to play a card.  Then, without
any scrolling, every card of the hand, the table with the trick on it and
the prompt lie inside the viewport, and nothing sticks out sideways.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from scoring import services
from scoring.services import SeatSpec
from tests.e2e.browser import bots_worker, make_move, open_page

pytestmark = pytest.mark.e2e

PHONES = {"390x844": {"width": 390, "height": 844}, "360x740": {"width": 360, "height": 740}}
LOCALES = {"en": "en-GB", "es": "es-ES", "fr": "fr-FR"}

#: The box of each element, as the page lays it out at the top of the page.
RECTS = """(selector) => [...document.querySelectorAll(selector)].map((e) => {
  const r = e.getBoundingClientRect();
  return {top: r.top, bottom: r.bottom, left: r.left, right: r.right};
})"""


@pytest.fixture(params=list(PHONES))
def phone_size(request) -> dict[str, int]:
    return PHONES[request.param]


@pytest.fixture(params=list(LOCALES))
def phone(request, browser, live_server, transactional_db, traffic, settings, phone_size):
    settings.PLAY_BOT_DELAY_MS = 0
    pages: Iterator[Page] = open_page(
        browser,
        live_server,
        traffic,
        viewport=phone_size,
        locale=LOCALES[request.param],
        has_touch=True,
        is_mobile=True,
    )
    with bots_worker():
        yield from pages


def reach_my_card_turn(page: Page) -> None:
    """Tap the first move offered until a card of the hand may be played."""
    ready = page.locator('#game[data-turn="me"]')
    for _ in range(30):
        expect(ready).to_have_count(1, timeout=15_000)
        if page.locator(".hand button.pcard.play").count():
            return
        move = page.locator("#game button.choice, #game button.pcard").first
        version = ready.get_attribute("data-version")
        make_move(page, move)
        expect(page.locator(f'#game:not([data-version="{version}"])')).to_have_count(1)
    raise AssertionError("never my turn to play a card")


def inside(rect: dict[str, float], width: int, height: int) -> bool:
    return (
        rect["top"] >= 0
        and rect["left"] >= 0
        and rect["bottom"] <= height
        and rect["right"] <= width
    )


def test_the_hand_and_the_trick_fit_one_phone_screen(phone, traffic, phone_size):
    assert_fits(phone, "monterey-draw", phone_size)
    assert traffic.problems == []


@pytest.mark.parametrize("phone_size", [PHONES["360x740"]])
@pytest.mark.parametrize("phone", ["en"], indirect=True)
def test_seven_cards_fit_too(phone, traffic, phone_size):
    """King Pedro holds seven cards: still one row, on the narrower phone."""
    assert_fits(phone, "king-pedro", phone_size)
    # offsetTop leaves out the lift of the cards that may be played.
    rows = phone.evaluate("[...document.querySelectorAll('.hand .pcard')].map(e => e.offsetTop)")
    assert len(rows) == 7 and len(set(rows)) == 1, f"the hand wraps: {rows}"
    assert traffic.problems == []


def assert_fits(page: Page, game: str, phone_size: dict[str, int]) -> None:
    """At the seat's first card to play, the hand, the table and the prompt
    lie inside the viewport without scrolling, and nothing sticks out."""
    table = services.table_create(
        ruleset=game, seats=[SeatSpec("Rosa", "human")] + [SeatSpec("", "heuristic")] * 3, deals=1
    )
    page.goto(f"/play/s/{table.seats.get(seat=0).token}/")
    reach_my_card_turn(page)
    page.evaluate("window.scrollTo(0, 0)")

    width, height = phone_size["width"], phone_size["height"]
    assert page.evaluate("window.scrollY") == 0
    cards = page.evaluate(RECTS, ".hand .pcard")
    assert len(cards) >= 1
    outside = [card for card in cards if not inside(card, width, height)]
    assert outside == [], f"cards of the hand off the screen: {outside}"
    (felt,) = page.evaluate(RECTS, ".felt")
    assert inside(felt, width, height), f"the table is off the screen: {felt}"
    played = page.evaluate(RECTS, ".felt .played .pcard")
    assert all(inside(card, width, height) for card in played)
    (prompt,) = page.evaluate(RECTS, ".prompt h1")
    assert inside(prompt, width, height), f"what to do is off the screen: {prompt}"
    # Nothing wider than the phone: no sideways scrolling.
    overflow = page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow <= 0
