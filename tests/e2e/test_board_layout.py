"""The movement board on a projector and on a phone, checked in a real browser.

On 1920 x 1080, 160 players are all on the screen at once: every name's box
is inside the viewport, no two overlap, and nothing scrolls.  On a 390 px
phone the board is one column with nothing cut at the sides.  Screenshots
are saved as /tmp/pedroparty-board-*.png for a person to look at.
"""

from __future__ import annotations

import datetime
import random
import tempfile
from pathlib import Path

import pytest
from django.utils.translation import gettext, override
from playwright.sync_api import Page, expect

from tournaments import selectors, services
from tournaments.game.standings import table_round_winner
from tournaments.models import Party
from tournaments.views import public as public_views

from ..tournaments.builders import play_round
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


# ------------------------------------------- a projector filled, at any size of party


def played_big_party(host, players: int) -> Party:
    """``big_party`` with round 1 played and closed and round 2 seated: the
    board shows where everyone sits and the standings, in turn."""
    party = big_party(host, players)
    rnd = party.rounds.get(number=1)
    play_round(party, rnd, host, random.Random(players))
    for line in selectors.round_board(party, 1).tables:
        if table_round_winner([d.score for d in line.deals]) is None:
            services.table_record_cut(round=rnd, table=line.number, team=0, user=host)
    services.round_close(round=rnd, user=host, seat_next=True)
    party.refresh_from_db()
    return party


def view_checked(tv: Page, players: int, least_px: float) -> dict:
    """The shown view, measured: every player on the screen, nothing cut,
    overlapping or scrolling, the type at least ``least_px`` and the list
    reaching across the screen."""
    seen = tv.evaluate(MEASURE)
    assert len(seen["names"]) == players
    assert seen["scrollWidth"] <= TV["width"] and seen["scrollHeight"] <= TV["height"]
    assert outside(seen["names"] + seen["tables"], TV["width"], TV["height"]) == []
    assert overlapping(seen["rows"]) == []
    assert overlapping(seen["names"] + seen["tables"]) == []
    assert seen["fontSize"] >= least_px, seen["fontSize"]
    assert max(b["right"] for b in seen["rows"]) >= 0.9 * TV["width"], "the right side is empty"
    return seen


@pytest.mark.parametrize(("players", "least_px"), [(22, 40), (40, 36)])
def test_the_board_fills_a_1920_by_1080_screen_with_the_largest_type(
    browser, live_server, transactional_db, host, players, least_px
):
    party = played_big_party(host, players)
    traffic = Traffic()
    turn = public_views.BOARD_ROTATE_SECONDS * 1000 + 100
    for tv in open_page(browser, live_server, traffic, viewport=TV):
        tv.clock.install()
        tv.goto(f"/p/{party.public_token}/board/")
        movement = tv.locator('#board .view[data-view="movement"]')
        expect(movement).to_be_visible()
        expect(movement.locator(".round-line")).to_have_text("Round 2 · find your table")
        seen = view_checked(tv, players, least_px)
        tv.screenshot(path=SCREENSHOTS / f"pedroparty-board-fill-{players}.png")

        tv.clock.run_for(turn)
        standings = tv.locator('#board .view[data-view="standings"]')
        expect(standings).to_be_visible()
        expect(standings.locator(".round-line")).to_have_text("Standings · round 2")
        expect(tv.locator("#board .round-line:visible")).to_have_text(["Standings · round 2"])
        seen = view_checked(tv, players, least_px)
        assert [n["text"].split("\xa0", 1)[1] for n in seen["names"]] == [
            row.name for row in selectors.party_standings(party).rows
        ]
        tv.screenshot(path=SCREENSHOTS / f"pedroparty-board-fill-{players}-standings.png")
    assert traffic.problems == []


#: The size of the display options' box: nothing on the screen while hidden.
OPTIONS_BOX = """() => {
  const r = document.getElementById("board-options").getBoundingClientRect();
  return {width: r.width, height: r.height};
}"""


def options_shown(tv: Page) -> bool:
    box = tv.evaluate(OPTIONS_BOX)
    return box["width"] > 100 and box["height"] > 20


def test_the_boards_display_options_are_off_the_screen_but_a_key_or_its_address_away(
    browser, live_server, transactional_db, host
):
    party = played_big_party(host, 22)
    board = f"/p/{party.public_token}/board/"
    traffic = Traffic()
    for tv in open_page(browser, live_server, traffic, viewport=TV):
        tv.goto(board)
        expect(tv.locator("#board .names-board").first).to_be_visible()
        assert not options_shown(tv)
        larger = tv.get_by_role("button", name="Larger text")

        tv.keyboard.press("o")  # the O key shows them, with the first one focused
        assert options_shown(tv)
        expect(larger).to_be_focused()
        tv.keyboard.press("Enter")
        expect(tv.locator("html")).to_have_class("text-large")
        tv.keyboard.press("Escape")
        assert not options_shown(tv)
        tv.reload()
        expect(tv.locator("html")).to_have_class("text-large")  # kept, as on every page
        tv.keyboard.press("Tab")  # the first Tab reaches them too, and shows them
        expect(larger).to_be_focused()
        assert options_shown(tv)
        larger.click()
        expect(tv.locator("html")).not_to_have_class("text-large")

        # The address asks for them, for a projector set up once.
        tv.goto(board + "?large=1&contrast=1&lang=es")
        expect(tv.locator("html")).to_have_attribute("lang", "es")
        expect(tv.locator("html")).to_have_class("text-large contrast")
        with override("es"):
            heading = gettext("Round %(number)s · find your table") % {"number": 2}
        expect(tv.locator('#board [data-view="movement"] .round-line')).to_have_text(heading)
        assert not options_shown(tv)
        view_checked(tv, 22, 40)
        # The polls keep the address's language.
        with tv.expect_response(
            lambda r: "/board/?" in r.url and r.request.headers.get("hx-request") == "true",
            timeout=15_000,
        ) as polled:
            pass
        assert polled.value.url.endswith("lang=es")
    assert traffic.problems == []


def test_the_board_shows_everyone_without_javascript(browser, live_server, transactional_db, host):
    party = played_big_party(host, 40)
    traffic = Traffic()
    for tv in open_page(browser, live_server, traffic, viewport=TV, java_script_enabled=False):
        tv.goto(f"/p/{party.public_token}/board/")
        movement = tv.locator('#board .view[data-view="movement"]')
        expect(movement.locator(".names-board .n")).to_have_count(40)
        expect(tv.locator("#board .view:visible")).to_have_count(1)
    assert traffic.problems == []
