"""A host creates a Canadian party in the browser and enters a round on
the tablet: the game's own bids and both teams' points."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from scoring.rules import RULESETS
from tournaments import services
from tournaments.models import DealResult, Party

from .browser import sign_in

pytestmark = pytest.mark.e2e

GAME = RULESETS["canadian"]
PLAYERS = ["Ana", "Bea", "Cruz", "Dee"]
#: (bidder seat, bid, bidding team's points, other team's points) per deal.
LOW, TOP, TOTAL = GAME.bids()[0], GAME.bids()[-1], GAME.total_points
DEALS = [
    (0, LOW, LOW + 5, TOTAL - LOW - 5),
    (1, TOP, TOTAL, 0),
    (2, LOW + 5, LOW - 5, TOTAL - LOW),
    (3, LOW + 1, LOW + 1, TOTAL - LOW - 2),
]


def test_host_creates_a_canadian_party_and_enters_a_round(page, host):
    sign_in(page, host.username)
    page.get_by_role("link", name="New party").click()
    page.locator("#id_name").fill("Canadian night")
    page.locator("#id_ruleset").select_option("canadian")
    # The game's own options come in its place before they are set.
    expect(page.locator("#house-options legend")).to_contain_text("Canadian")
    page.locator("#id_planned_rounds").fill("2")
    page.locator("#id_deals_per_round").fill(str(len(DEALS)))
    page.get_by_role("button", name="Create the party").click()
    page.wait_for_url(re.compile(r"/host/[-\w]+/players/$"))
    party = Party.objects.get()
    assert party.ruleset == "canadian"
    for name in PLAYERS:
        services.player_register(party=party, name=name, user=host)
    services.round1_seat_draw(party=party, seed=3, user=host)

    page.goto(f"/host/{party.slug}/round/1/table/1/")
    for d, (bidder, bid, took, other) in enumerate(DEALS, start=1):
        entry = page.locator("#entry")
        expect(entry.locator("h2")).to_contain_text(f"Deal {d}")
        pills = entry.locator(".bids input[name=bid]")
        expect(pills).to_have_count(len(GAME.bids()))
        entry.locator(f".drawn-table label.seat-{bidder}").click()
        entry.locator(".bids label.pill").filter(has=page.locator(f'[value="{bid}"]')).click()
        page.locator("#points").fill(str(took))
        page.locator("#other-points").fill(str(other))
        entry.get_by_role("button", name=f"Save deal {d}").click()
        expect(page.locator(".messages")).to_contain_text(f"Table 1, deal {d} saved.")
    expect(page.get_by_text("All deals of this table are entered.")).to_be_visible()

    stored = DealResult.objects.filter(round__party=party).order_by("deal")
    for result, (bidder, bid, took, other) in zip(stored, DEALS, strict=True):
        mine, theirs = GAME.deal_score(bid, took, other)
        expected = (mine, theirs) if bidder % 2 == 0 else (theirs, mine)
        assert (result.bid, result.other_team_points) == (bid, other)
        assert (result.score0, result.score1) == expected
