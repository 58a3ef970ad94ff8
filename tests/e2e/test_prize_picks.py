"""Prize picks at a 22-player night on the tablet: the standings table fills
more than a screen, yet every step of a pick lands with what comes next in
view, and a double tap on the undo puts back one pick only."""

from __future__ import annotations

import datetime
import random

import pytest
from playwright.sync_api import Page, expect

from tournaments import selectors, services
from tournaments.game.standings import table_round_winner
from tournaments.models import Party, PrizeAward

from .browser import sign_in

pytestmark = pytest.mark.e2e

PRIZES = ["Wine", "Chocolates", "Deck of cards", "Candles", "Mugs", "Flowers"]


def finished_night(host) -> Party:
    party = services.party_create(
        owner=host,
        name="Big Night",
        date=datetime.date(2026, 6, 12),
        settings=services.PartySettings(prizes=PRIZES, special_prizes={"low_score": "Booby prize"}),
    )
    for number in range(1, 23):
        services.player_register(party=party, name=f"Player {number:02d}", user=host)
    rnd = services.round1_seat_draw(party=party, seed=3, user=host)
    rs = services.party_ruleset(party)
    rng = random.Random(4)
    with services.results_entry(round=rnd, user=host) as enter:
        for table in range(1, 6):
            for deal in range(1, party.deals_per_round + 1):
                enter(
                    table=table,
                    deal=deal,
                    entry=services.DealEntry(
                        bidder=rng.randrange(4),
                        bid=rng.randrange(rs.min_bid, rs.max_bid + 1),
                        bidding_team_points=rng.randrange(rs.total_points + 1),
                    ),
                )
    for line in selectors.round_board(party, 1).tables:
        if table_round_winner([d.score for d in line.deals]) is None:
            services.table_record_cut(round=rnd, table=line.number, team=0, user=host)
    services.round_close(round=rnd, user=host, seat_next=False)
    services.party_finish(party=party, user=host)
    party.refresh_from_db()
    return party


def pick(page: Page, party: Party, prize: str) -> None:
    """One pick, as the host taps it; every tap finds its button in view."""
    turn = selectors.prize_turn(party)
    callout = page.locator(".next-pick")
    expect(callout).to_contain_text(turn.name)
    expect(callout).to_be_in_viewport()
    button = page.get_by_role("button", name=f"{turn.name} takes this").and_(
        page.locator(f"li:has-text('{prize}') button")
    )
    expect(button).to_be_in_viewport()
    button.click()
    confirm = page.get_by_role("button", name=f"Yes, {turn.name} takes {prize}")
    expect(confirm).to_be_in_viewport()
    confirm.click()
    expect(page.locator("li").filter(has_text=prize)).to_contain_text(f"— {turn.name}")


def test_each_pick_lands_in_view_and_a_double_tap_undoes_one(page, host, traffic):
    party = finished_night(host)
    sign_in(page, host.username)
    page.goto(f"/host/{party.slug}/prizes/")
    # The standings of 22 players push the prizes below the first screen.
    assert page.locator("table.standings").bounding_box()["height"] > 768
    page.locator(".next-pick").scroll_into_view_if_needed()  # the host's one scroll

    for prize in PRIZES[:3]:
        pick(page, party, prize)
    assert PrizeAward.objects.filter(prize__kind="place").count() == 3

    # "Undo this pick" asks; a double tap on the question's "Yes" puts back one pick.
    undo = page.get_by_role("link", name="Undo this pick")
    expect(undo).to_be_in_viewport()
    undo.dblclick()
    yes = page.get_by_role("button", name=f"Yes, put back {PRIZES[2]}")
    expect(yes).to_be_in_viewport()
    assert PrizeAward.objects.filter(prize__kind="place").count() == 3
    yes.dblclick()
    expect(page.locator(".next-pick")).to_be_in_viewport()
    page.wait_for_load_state("load")
    assert (
        list(
            PrizeAward.objects.filter(prize__kind="place")
            .order_by("prize__position")
            .values_list("prize__name", flat=True)
        )
        == PRIZES[:2]
    )
    pick(page, party, PRIZES[3])
    assert traffic.problems == []
