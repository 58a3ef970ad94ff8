"""Bots at a phone's table: a deal against each bot level, a seat played by a
bot while its person is away and taken back from their link, and the hint.

Chromium at 390 x 844 against the live server.  The expert searches on a
tiny budget here: how well it plays is not what these tests look at."""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from scoring import services
from scoring.models import DealEvent, OnlineDeal, OnlineSeat, OnlineTable
from scoring.services import SeatSpec
from tests.e2e.browser import bots_worker
from tests.scoring.builders import wait_for

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844}


@pytest.fixture
def phones(browser, live_server, transactional_db, settings) -> Iterator:
    """Opens phones (each its own browser context) and collects their problems."""
    settings.PLAY_BOT_DELAY_MS = 0
    settings.PLAY_EXPERT_SAMPLES = settings.PLAY_EXPERT_BID_SAMPLES = 2
    settings.PLAY_EXPERT_TIME_MS = 30
    contexts = []
    problems: list[str] = []

    def open_phone() -> Page:
        context = browser.new_context(viewport=PHONE, base_url=live_server.url, has_touch=True)
        context.set_default_timeout(15_000)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: problems.append(f"JavaScript error: {error}"))
        page.on(
            "response",
            lambda r: problems.append(f"{r.status} {r.url}") if r.status >= 500 else None,
        )
        return page

    with bots_worker():
        yield open_phone, problems
    for context in contexts:
        context.close()


def take_a_turn(page: Page) -> str:
    """Tap the first move the page offers; returns what was tapped."""
    move = page.locator("#game button.choice, #game button.pcard").first
    label = move.get_attribute("value") or ""
    version = page.locator("#game").get_attribute("data-version")
    move.click()
    expect(page.locator(f'#game:not([data-version="{version}"])')).to_have_count(1, timeout=15_000)
    return label


def play_to_the_end(page: Page) -> list[str]:
    """Take every turn the page offers until the deal is over."""
    moves: list[str] = []
    ready = page.locator('#game[data-turn="me"], #game[data-turn="done"]').first
    for _ in range(60):
        expect(ready).to_be_visible(timeout=20_000)
        if ready.get_attribute("data-turn") == "done":
            return moves
        moves.append(take_a_turn(page))
    raise AssertionError(f"the deal did not end; moves: {moves}")


def fits_the_phone(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width} px wide"


@pytest.mark.parametrize(
    ("level", "label"),
    [("easy", "Bot: easy"), ("heuristic", "Bot: normal"), ("expert", "Bot: expert")],
    ids=["easy", "normal", "expert"],
)
def test_a_deal_against_each_bot_level(phones, level, label):
    open_phone, problems = phones
    page = open_phone()
    page.goto("/play/")
    page.get_by_placeholder("Your name").fill("Rosa")
    for number in (2, 3, 4):
        page.get_by_label(f"Who plays seat {number}", exact=True).select_option(label=label)
    page.get_by_label("Play a number of deals").check()
    page.get_by_role("spinbutton", name="Number of deals").fill("1")
    expect(page.get_by_label("Who plays seat 1 while its person is away")).to_have_value(
        "heuristic"
    )
    fits_the_phone(page)
    page.get_by_role("button", name="Create the table").click()
    page.wait_for_url(re.compile(r"/play/t/[-\w]+/$"))
    expect(page.locator(".badge.bot")).to_have_count(3)
    page.locator(".seat-link").first.get_by_role("link", name="Open").click()
    page.wait_for_url(re.compile(r"/play/s/[-\w]+/$"))

    moves = play_to_the_end(page)

    expect(page.get_by_text("The deal is over.")).to_be_visible()
    fits_the_phone(page)
    table = OnlineTable.objects.get()
    deal = OnlineDeal.objects.get(table=table)
    events = DealEvent.objects.filter(deal=deal)
    assert {e.by for e in events} == {"human", level}
    assert [e.action for e in events.order_by("seq") if e.by == "human"] == moves
    # The replay tells where the expert would have chosen otherwise, once
    # the review (in the background) is done.
    wait_for(lambda: OnlineDeal.objects.get(pk=deal.pk).review is not None, timeout=30)
    page.get_by_role("link", name="Replay this deal").click()
    expect(page.locator(".review")).to_have_count(1)
    fits_the_phone(page)
    assert problems == []


def away_table() -> OnlineTable:
    """Ana (seat 2, first to bid) and Bea (seat 1) against two normal bots."""
    seats = [
        SeatSpec("Bea", "human"),
        SeatSpec("Ana", "human", away_kind="heuristic"),
        SeatSpec("Bot 3", "heuristic"),
        SeatSpec("Bot 4", "heuristic"),
    ]
    return services.table_create(seats=seats, deals=1)


def seat_url(seat: OnlineSeat) -> str:
    return f"/play/s/{seat.token}/"


def test_a_seat_is_played_by_a_bot_while_its_person_is_away_and_taken_back(phones):
    open_phone, problems = phones
    table = away_table()
    bea_seat, ana_seat = table.seats.get(seat=0), table.seats.get(seat=1)
    ana = open_phone()
    ana.goto(seat_url(ana_seat))
    expect(ana.locator('#game[data-turn="me"]')).to_have_count(1)
    ana.context.close()  # Ana leaves, on her turn
    # ... and stays silent for longer than the table's away time.
    OnlineSeat.objects.filter(pk=ana_seat.pk).update(
        seen_at=ana_seat.seen_at - datetime.timedelta(minutes=5)
    )

    bea = open_phone()
    bea.goto(seat_url(bea_seat))
    away = bea.get_by_text("Played by a bot (normal) while Ana is away.")
    expect(away).to_be_visible()
    # The bot bids for Ana, the other bots follow: Bea's turn.
    expect(bea.locator('#game[data-turn="me"]')).to_have_count(1, timeout=20_000)
    first = DealEvent.objects.filter(deal__table=table).order_by("seq").first()
    assert (first.seat, first.by) == (1, "heuristic")
    fits_the_phone(bea)

    ana = open_phone()
    ana.goto(seat_url(ana_seat))  # Ana is back: the seat is hers again
    expect(ana.locator("#game")).to_be_visible()
    expect(away).to_have_count(0, timeout=10_000)  # Bea's page shows it too
    ana_seat.refresh_from_db()
    assert (ana_seat.kind, ana_seat.away) == ("human", False)

    # Bea plays until it is Ana's move: hers to make, no bot's.
    mine = ana.locator('#game[data-turn="me"]')
    beas = bea.locator('#game[data-turn="me"]')
    for _ in range(20):
        wait_for(lambda: mine.count() + beas.count() > 0, timeout=20)
        if mine.count():
            break
        take_a_turn(bea)
    expect(mine).to_have_count(1)
    before = DealEvent.objects.filter(deal__table=table).count()
    move = take_a_turn(ana)
    last = DealEvent.objects.filter(deal__table=table).order_by("seq")[before]
    assert (last.seat, last.by, last.action) == (1, "human", move)
    assert problems == []


def test_the_hint_shows_the_experts_choice_on_my_turn(phones):
    open_phone, problems = phones
    table = away_table()
    ana_seat = table.seats.get(seat=1)
    page = open_phone()
    page.goto(seat_url(ana_seat))
    expect(page.locator('#game[data-turn="me"]')).to_have_count(1)

    page.get_by_role("link", name="Hint").click()

    line = page.locator("#advice")
    expect(line).to_contain_text("Hint:")
    advised = line.get_attribute("data-advised")
    offered = page.locator("#game button.choice").evaluate_all("bs => bs.map(b => b.value)")
    assert advised in offered
    fits_the_phone(page)
    assert problems == []


def test_the_hint_is_in_spanish_for_a_spanish_phone(browser: Browser, phones, live_server):
    open_phone, problems = phones
    table = away_table()
    page = open_phone()
    page.context.set_extra_http_headers({"Accept-Language": "es"})
    page.goto(seat_url(table.seats.get(seat=1)))
    page.get_by_role("link", name="Pista").click()
    expect(page.locator("#advice")).to_contain_text("Pista:")
    assert problems == []
