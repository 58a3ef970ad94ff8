"""A host creates a party of a family game in the browser and enters a
round on the tablet: the game's own bids and both teams' points.  Sixty-Three
(bids up to 63) and the Canadian table (bids 25 to 48, a partnership row of
the later games)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from scoring.rules import RULESETS
from tournaments import services
from tournaments.models import DealResult, Party

from .browser import sign_in

pytestmark = pytest.mark.e2e

PLAYERS = ["Ana", "Bea", "Cruz", "Dee"]


def canadian_deals() -> list[tuple[int, int, int, int]]:
    """Four deals of the Canadian table, from its bids and points."""
    game = RULESETS["canadian"]
    low, top, total = game.bids()[0], game.bids()[-1], game.total_points
    return [
        (0, low, low + 5, total - low - 5),
        (1, top, total, 0),
        (2, low + 5, low - 5, total - low),
        (3, low + 1, low + 1, total - low - 2),
    ]


#: Per game: (bidder seat, bid, bidding team's points, other team's points) per deal.
GAMES = {
    "sixty-three": [(0, 30, 40, 20), (1, 63, 63, 0), (2, 25, 10, 53), (3, 40, 41, 15)],
    "canadian": canadian_deals(),
}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_host_creates_a_family_party_and_enters_a_round(page, host, game):
    rs, deals = RULESETS[game], GAMES[game]
    sign_in(page, host.username)
    page.get_by_role("link", name="New party").click()
    page.locator("#id_name").fill("Card night")
    page.locator("#id_ruleset").select_option(game)
    # The game's own options come in its place before they are set.
    expect(page.locator("#house-options legend")).to_contain_text(str(rs.title))
    page.locator("#id_planned_rounds").fill("2")
    page.locator("#id_deals_per_round").fill(str(len(deals)))
    page.get_by_role("button", name="Create the party").click()
    page.wait_for_url(re.compile(r"/host/[-\w]+/players/$"))
    party = Party.objects.get()
    assert party.ruleset == game
    for name in PLAYERS:
        services.player_register(party=party, name=name, user=host)
    services.round1_seat_draw(party=party, seed=3, user=host)

    page.goto(f"/host/{party.slug}/round/1/table/1/")
    for d, (bidder, bid, took, other) in enumerate(deals, start=1):
        entry = page.locator("#entry")
        expect(entry.locator("h2")).to_contain_text(f"Deal {d}")
        pills = entry.locator(".bids input[name=bid]")
        expect(pills).to_have_count(len(rs.bids()))
        entry.locator(f".drawn-table label.seat-{bidder}").click()
        entry.locator(".bids label.pill").filter(has=page.locator(f'[value="{bid}"]')).click()
        page.locator("#points").fill(str(took))
        page.locator("#other-points").fill(str(other))
        entry.get_by_role("button", name=f"Save deal {d}").click()
        expect(page.locator(".messages")).to_contain_text(f"Table 1, deal {d} saved.")
    expect(page.get_by_text("All deals of this table are entered.")).to_be_visible()

    stored = DealResult.objects.filter(round__party=party).order_by("deal")
    for result, (bidder, bid, took, other) in zip(stored, deals, strict=True):
        mine, theirs = rs.deal_score(bid, took, other)
        expected = (mine, theirs) if bidder % 2 == 0 else (theirs, mine)
        assert (result.bid, result.other_team_points) == (bid, other)
        assert (result.score0, result.score1) == expected
