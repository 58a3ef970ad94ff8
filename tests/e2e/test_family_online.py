"""Every game of PARTNERSHIP_RULESETS, played online in a real browser: a person sits
with three bots, creates the table from the form, and plays one complete
deal by tapping whatever the page offers (any legal move each turn), until
the deal's score shows.  The bots play eagerly between the person's moves.
No script error, no server error and no Content-Security-Policy violation.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from scoring import services
from scoring.models import DealEvent, OnlineDeal, OnlineTable
from scoring.rules import PARTNERSHIP_RULESETS, validate_result
from tests.e2e.browser import bots_worker, make_move

pytestmark = pytest.mark.e2e

MOVES = "#game button.choice, #game button.pcard"


@pytest.fixture
def quick_bots(settings) -> Iterator[None]:
    """Bots without thinking time: eagerly without a broker; with REDIS_URL
    set, through Redis and a worker thread."""
    settings.PLAY_BOT_DELAY_MS = 0
    with bots_worker():
        yield


def create_table(page: Page, game: str) -> None:
    page.goto("/play/")
    page.get_by_placeholder("Your name").fill("Rosa")
    page.locator(f'input[name="ruleset"][value="{game}"]').check()
    page.get_by_label("Play a number of deals").check()
    page.get_by_role("spinbutton", name="Number of deals").fill("1")
    page.get_by_role("button", name="Create the table").click()
    page.wait_for_url(re.compile(r"/play/t/[-\w]+/$"))
    page.locator(".seat-link").first.get_by_role("link", name="Open").click()
    page.wait_for_url(re.compile(r"/play/s/[-\w]+/$"))


@pytest.mark.usefixtures("quick_bots")
@pytest.mark.parametrize("game", list(PARTNERSHIP_RULESETS))
def test_a_person_plays_a_deal_of_every_game_against_three_bots(page, traffic, game):
    rng = random.Random(game)
    create_table(page, game)
    ready = page.locator('#game[data-turn="me"], #game[data-turn="done"]').first
    moves: list[str] = []
    for _ in range(80):
        expect(ready).to_be_visible(timeout=15_000)
        if ready.get_attribute("data-turn") == "done":
            break
        offered = page.locator(MOVES)
        move = offered.nth(rng.randrange(offered.count()))
        moves.append(move.get_attribute("value") or "")
        version = ready.get_attribute("data-version")
        make_move(page, move)
        expect(page.locator(f'#game:not([data-version="{version}"])')).to_have_count(1)
    else:
        raise AssertionError(f"the deal did not end; moves: {moves}")

    expect(page.get_by_text("The deal is over.")).to_be_visible()
    expect(page.locator(".result")).to_be_visible()
    expect(page.get_by_text("Game over")).to_be_visible()
    assert traffic.problems == []

    table = OnlineTable.objects.get()
    deal = OnlineDeal.objects.get(table=table)
    humans = list(
        DealEvent.objects.filter(deal=deal, by="human")
        .order_by("seq")
        .values_list("action", flat=True)
    )
    assert humans == moves
    state = services.deal_state(services.table_ruleset(table), deal)
    rs, record = services.deal_record(table, deal, state, list(table.seats.order_by("seat")))
    assert validate_result(rs, record) == []
    score = page.locator(".result b")
    expect(score.nth(0)).to_have_text(str(record["tally"][0]))
    expect(score.nth(1)).to_have_text(str(record["tally"][1]))
