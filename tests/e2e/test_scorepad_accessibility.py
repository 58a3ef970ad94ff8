"""The scorepad's pages pass axe-core with no serious or critical violation:
the new scorepad's two steps, the pad with a deal and a refused one, the
amendment, and the players' phone page."""

from __future__ import annotations

import pytest

from scoring.rules import RULESETS
from tournaments.scorepad import services

from .accessibility import axe_problems

pytestmark = pytest.mark.e2e

FIVE = ["Ana", "Bea", "Cruz", "Dee", "Eva"]


def test_the_scorepad_pages_have_no_serious_accessibility_problem(page, traffic):
    rs = RULESETS["railroad"]
    pad = services.scorepad_create(game="railroad", options={}, names=FIVE, first_dealer=0)
    entry = {"bidder": 0, "bid": rs.bids()[0], "trump": "S", "call": "AS", "partner": 2,
             "side_points": [rs.total_points, 0]}  # fmt: skip
    services.scorepad_deal_enter(scorepad=pad, number=1, entry=entry)
    team = services.scorepad_create(game="canadian", options={}, names=FIVE[:4], first_dealer=0)
    problems: list[str] = []
    for url in (
        "/pad/new/",
        "/pad/new/?game=individual",
        "/pad/new/?game=individual&players=4",
        f"/pad/{pad.token}/",
        f"/pad/{pad.token}/deal/1/amend/",
        f"/pad/v/{pad.view_token}/",
        f"/pad/{team.token}/",
    ):
        page.goto(url)
        problems += [f"{url}: {problem}" for problem in axe_problems(page)]
    # A refused deal: its errors stand at their fields.
    page.goto(f"/pad/{pad.token}/")
    page.locator("#entry button[type=submit]").click()
    page.locator("#error-summary").wait_for()
    problems += [f"refused: {problem}" for problem in axe_problems(page)]
    assert problems == []
    assert traffic.problems == []
