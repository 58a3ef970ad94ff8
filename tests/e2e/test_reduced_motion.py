"""The phone pages keep still for a phone set to reduce motion.

With Playwright's ``reduced_motion="reduce"`` emulation, no element of the
players' page or of an online seat has a running animation or transition
(the "New seat!" flag pulses, the playable cards slide, otherwise), and the
players' page jumps to the seat card instead of gliding there.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from scoring import services as play

from .builders import online_table, played_party

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844}
#: Records how the page asks to scroll: "smooth", "auto", ...
SCROLLS = """
window.__scrolls = [];
var scrollTo = window.scrollTo;
window.scrollTo = function (options) {
  window.__scrolls.push(options && options.behavior);
  return scrollTo.apply(window, arguments);
};
"""
#: Every element's longest animation and transition, in seconds.
LONGEST_MOTION = """() => {
  const seconds = (value) => Math.max(...value.split(",").map((v) => parseFloat(v) || 0));
  let animation = 0, transition = 0;
  for (const element of document.querySelectorAll("*")) {
    for (const pseudo of [null, "::before", "::after"]) {
      const s = getComputedStyle(element, pseudo);
      if (s.animationName !== "none") {
        animation = Math.max(animation, seconds(s.animationDuration) + seconds(s.animationDelay));
      }
      transition = Math.max(
        transition, seconds(s.transitionDuration) + seconds(s.transitionDelay));
    }
  }
  return [animation, transition];
}"""


def phone_page(browser: Browser, live_server, reduced_motion: str) -> Iterator[Page]:
    context = browser.new_context(
        base_url=live_server.url,
        viewport=PHONE,
        is_mobile=True,
        has_touch=True,
        reduced_motion=reduced_motion,
    )
    context.set_default_timeout(10_000)
    context.add_init_script(SCROLLS)
    yield context.new_page()
    context.close()


@pytest.fixture
def calm(browser, live_server, transactional_db) -> Iterator[Page]:
    yield from phone_page(browser, live_server, "reduce")


@pytest.fixture
def lively(browser, live_server, transactional_db) -> Iterator[Page]:
    yield from phone_page(browser, live_server, "no-preference")


def test_nothing_moves_when_the_phone_asks_for_reduced_motion(calm, lively, host):
    party = played_party(host)
    table = online_table("play")
    state = play.deal_state(play.table_ruleset(table), table.current)
    seat = f"/play/s/{table.seats.get(seat=state.to_act).token}/"
    # A player at a table in round 2 (not sitting out): the page flags the new seat.
    me = party.rounds.get(number=2).seats.order_by("table", "seat").first().player
    mine = f"/p/{party.public_token}/me/{me.pk}/"

    # Without the setting the flag pulses and the playable cards slide...
    lively.goto(mine)
    expect(lively.locator(".flag")).to_have_text("New seat!")
    animation, _ = lively.evaluate(LONGEST_MOTION)
    assert animation > 0
    lively.goto(seat)
    expect(lively.locator(".hand button.pcard").first).to_be_visible()
    _, transition = lively.evaluate(LONGEST_MOTION)
    assert transition > 0

    # ... with it, nothing on either page moves.
    for path in (mine, f"/p/{party.public_token}/", seat):
        calm.goto(path)
        assert calm.evaluate(LONGEST_MOTION) == [0, 0], path
    expect(calm.locator(".hand button.pcard").first).to_be_visible()

    # Tapping "this is me" brings the seat card up: a jump, not a glide.
    for page, behaviour in ((lively, "smooth"), (calm, "auto")):
        page.goto(f"/p/{party.public_token}/")
        page.locator(f'#standings tr[data-player="{me.pk}"]').get_by_role("link").click()
        expect(page.locator("#seat .my-name")).to_have_text(me.name)
        assert page.evaluate("window.__scrolls") == [behaviour]
