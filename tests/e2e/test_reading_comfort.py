"""Larger text and high contrast, for older players, on every kind of page.

The switch sits in each page's header (the host's pages, the online pages,
the players' page, the board, an online seat).  A choice made on one page
holds on the others and after a reload: the server renders the classes on
the pages it makes per browser, and the head script puts them on ``<html>``
before the body is drawn on every page, including the players' page that
the server renders once for everybody.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from scoring import services as play

from .accessibility import axe_problems
from .browser import sign_in
from .builders import online_table, played_party

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844}
#: Records the classes on <html> when <body> first appears, before anything
#: the page shows is drawn.
CLASSES_AT_BODY = """
new MutationObserver(function (records, observer) {
  if (!document.body) return;
  window.__classesAtBody = document.documentElement.className;
  observer.disconnect();
}).observe(document, {childList: true, subtree: true});
"""


def font_px(page: Page, selector: str) -> float:
    size = page.locator(selector).first.evaluate("e => getComputedStyle(e).fontSize")
    return float(size.removesuffix("px"))


def switch(page: Page, name: str):
    return page.get_by_role("group", name="Reading comfort").get_by_role("button", name=name)


def seat_token(table) -> str:
    state = play.deal_state(play.table_ruleset(table), table.current)
    return table.seats.get(seat=state.to_act).token


@pytest.fixture
def phone(browser, live_server, transactional_db):
    context = browser.new_context(
        base_url=live_server.url, viewport=PHONE, is_mobile=True, has_touch=True
    )
    context.set_default_timeout(10_000)
    context.add_init_script(CLASSES_AT_BODY)
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(f"JavaScript error: {error}"))
    yield page
    context.close()
    assert problems == []


def test_larger_text_grows_the_text_and_is_kept_on_every_page(phone, host):
    party = played_party(host)
    table = online_table("play")
    public = f"/p/{party.public_token}/"
    seat = f"/play/s/{seat_token(table)}/"
    pages = {  # a page and a line of its ordinary text
        "/": ".lead",
        public: "#seat .hint",
        f"/p/{party.public_token}/board/": ".round-line",
        seat: ".prompt .hint, .deal-line",
        "/play/": "main p",
    }
    before = {}
    for path, text in pages.items():
        phone.goto(path)
        before[path] = font_px(phone, text)
        assert phone.evaluate("document.documentElement.className") == ""

    phone.goto(public)
    larger = switch(phone, "Larger text")
    expect(larger).to_have_attribute("aria-pressed", "false")
    larger.click()
    expect(larger).to_have_attribute("aria-pressed", "true")
    assert font_px(phone, "#seat .hint") >= before[public] * 1.2

    for path, text in pages.items():
        response = phone.goto(path)
        assert phone.evaluate("window.__classesAtBody") == "text-large", path
        assert font_px(phone, text) >= before[path] * 1.2, path
        expect(switch(phone, "Larger text")).to_have_attribute("aria-pressed", "true")
        if path in ("/", seat, "/play/"):  # made for this browser: the server sets the class
            assert '<html lang="en" class="text-large">' in response.text()

    # Signed in, the host's pages follow too; then the switch turns it off.
    sign_in(phone, host.username)
    phone.goto(f"/host/{party.slug}/players/")
    assert phone.evaluate("window.__classesAtBody") == "text-large"
    switch(phone, "Larger text").click()
    expect(switch(phone, "Larger text")).to_have_attribute("aria-pressed", "false")
    phone.goto("/")
    assert phone.evaluate("window.__classesAtBody") == ""
    assert font_px(phone, ".lead") == before["/"]


def test_high_contrast_passes_axes_contrast_rules(phone, host):
    party = played_party(host)
    table = online_table("play")
    phone.goto(f"/p/{party.public_token}/")
    ordinary = phone.evaluate("getComputedStyle(document.body).color")
    contrast = switch(phone, "High contrast")
    contrast.click()
    expect(contrast).to_have_attribute("aria-pressed", "true")
    assert phone.evaluate("document.documentElement.className") == "contrast"
    assert phone.evaluate("getComputedStyle(document.body).color") == "rgb(0, 0, 0)" != ordinary

    sign_in(phone, host.username)
    paths = [
        f"/p/{party.public_token}/",
        f"/p/{party.public_token}/board/",
        f"/play/s/{seat_token(table)}/",
        f"/play/t/{table.creator_token}/",
        "/",
        f"/host/{party.slug}/",
        f"/host/{party.slug}/round/2/table/1/",
        f"/host/{party.slug}/prizes/",
        f"/host/{party.slug}/documents/",
    ]
    problems = []
    for path in paths:
        phone.goto(path)
        assert phone.evaluate("window.__classesAtBody") == "contrast", path
        # Every finding, whatever axe calls its impact: AA, and AAA's 7:1 too.
        problems += axe_problems(
            phone,
            rules=["color-contrast", "color-contrast-enhanced"],
            impacts=frozenset({"minor", "moderate", "serious", "critical"}),
        )
    assert problems == [], "\n".join(problems)
