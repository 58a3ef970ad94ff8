"""The movement board on a projector and on a phone, checked in a real browser.

On 1920 x 1080, 160 players are all on the screen at once: every name's box
is inside the viewport, no two overlap, and nothing scrolls.  On a 390 px
phone the board is one column with nothing cut at the sides.  Screenshots
are saved as /tmp/pedroparty-board-*.png for a person to look at.
"""

from __future__ import annotations

import datetime
import tempfile
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tournaments import services
from tournaments.models import Party

from .browser import Traffic, open_page

pytestmark = pytest.mark.e2e

TV = {"width": 1920, "height": 1080}
PHONE = {"width": 390, "height": 844}
SCREENSHOTS = Path(tempfile.gettempdir())
FIRST = ["Élodie", "Siobhán", "José", "Rosa", "Tony", "Connie", "Walt", "Dolores", "Frank", "Bea"]
LAST = ["Marchetti", "O'Brien", "Núñez", "Ferrante", "Bruno", "Spadaro", "Amaral", "Lucido"]
#: A few long names, as people enter them at the door.
LONG = ["Maximiliana Featherstonehaugh", "Bartholomew Vanderhoeven-Smythe"]

#: The boxes of the shown view's names and tables, and whether the page scrolls.
MEASURE = """() => {
  const view = document.querySelector("#board .view:not([hidden])");
  const box = (e) => { const r = e.getBoundingClientRect();
    return {x: r.left, y: r.top, right: r.right, bottom: r.bottom, text: e.textContent.trim()}; };
  const root = document.documentElement;
  return {
    view: view.getAttribute("data-view"),
    names: [...view.querySelectorAll(".names-board .n")].map(box),
    tables: [...view.querySelectorAll(".names-board .t")].map(box),
    rows: [...view.querySelectorAll(".names-board li")].map(box),
    scrollWidth: root.scrollWidth, scrollHeight: root.scrollHeight,
    width: window.innerWidth, height: window.innerHeight,
    fontSize: parseFloat(getComputedStyle(view.querySelector(".names-board li")).fontSize),
  };
}"""


def big_party(host, players: int) -> Party:
    party = services.party_create(owner=host, name="Harvest Pedro", date=datetime.date(2026, 10, 3))
    names = LONG + [f"{FIRST[i % 10]} {LAST[i // 10 % 8]} {i // 80 + 1}" for i in range(players)]
    for name in names[:players]:
        services.player_register(party=party, name=name, user=host)
    services.round1_seat_draw(party=party, seed=9, user=host)
    party.refresh_from_db()
    return party


def overlapping(boxes: list[dict]) -> list[tuple[str, str]]:
    """Pairs of boxes that share some area (touching edges do not count)."""
    found = []
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            if (
                min(a["right"], b["right"]) - max(a["x"], b["x"]) > 0.5
                and min(a["bottom"], b["bottom"]) - max(a["y"], b["y"]) > 0.5
            ):
                found.append((a["text"], b["text"]))
    return found


def outside(boxes: list[dict], width: int, height: int) -> list[str]:
    return [
        b["text"]
        for b in boxes
        if b["x"] < 0 or b["y"] < 0 or b["right"] > width + 0.5 or b["bottom"] > height + 0.5
    ]


def open_board(page: Page, party: Party) -> dict:
    page.clock.install()  # the board holds still: no view turns while it is measured
    page.goto(f"/p/{party.public_token}/board/")
    expect(page.locator('#board .view[data-view="movement"]')).to_be_visible()
    return page.evaluate(MEASURE)


@pytest.mark.parametrize("view", ["", "text-large.contrast"])
def test_160_players_fit_a_1920_by_1080_board_with_nothing_cut(
    browser, live_server, transactional_db, host, view
):
    party = big_party(host, 160)
    traffic = Traffic()
    for tv in open_page(browser, live_server, traffic, viewport=TV):
        if view:  # the reading-comfort choice, as view.js keeps it
            tv.context.add_cookies([{"name": "pp_view", "value": view, "url": live_server.url}])
        seen = open_board(tv, party)
        tv.screenshot(path=SCREENSHOTS / f"pedroparty-board-160{'-' + view if view else ''}.png")
        assert seen["view"] == "movement"
        assert len(seen["names"]) == 160
        assert seen["scrollWidth"] <= TV["width"] and seen["scrollHeight"] <= TV["height"]
        assert outside(seen["names"] + seen["tables"], TV["width"], TV["height"]) == []
        assert overlapping(seen["rows"]) == []
        assert overlapping(seen["names"] + seen["tables"]) == []
        columns = {round(b["x"]) for b in seen["rows"]}
        assert len(columns) > 1
        assert seen["fontSize"] >= 16, "readable from the back of the hall"
        assert any(n["text"].startswith(LONG[1]) for n in seen["names"])
        legend = tv.locator('#board .view[data-view="movement"] .legend')
        expect(legend).to_contain_text("new seat")
        expect(legend).to_contain_text("sits out this round")
        expect(legend).to_contain_text("table number")
    assert traffic.problems == []


def test_the_board_is_one_column_on_a_phone_with_nothing_cut(
    browser, live_server, transactional_db, host
):
    party = big_party(host, 42)  # two sit out: both markers on the board
    traffic = Traffic()
    for phone in open_page(browser, live_server, traffic, viewport=PHONE, is_mobile=True):
        seen = open_board(phone, party)
        phone.screenshot(path=SCREENSHOTS / "pedroparty-board-phone.png", full_page=True)
        assert len(seen["names"]) == 42
        assert {round(b["x"]) for b in seen["rows"]} == {round(seen["rows"][0]["x"])}
        assert seen["scrollWidth"] <= PHONE["width"]
        cut = [b["text"] for b in seen["names"] + seen["tables"] if b["x"] < 0 or b["right"] > 390]
        assert cut == []
        assert overlapping(seen["names"] + seen["tables"]) == []
        assert seen["fontSize"] >= 16
        expect(phone.locator("#board .names-board .out")).to_have_count(2)
    assert traffic.problems == []
