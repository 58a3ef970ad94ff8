"""The deal entry form from a keyboard: the first Tab shows "Skip to the deal
entry", and Enter on it puts the focus on the first bidder, past the site's
and the party's navigation; with JavaScript and without."""

from __future__ import annotations

import datetime

import pytest
from playwright.sync_api import Page, expect

from tournaments import services
from tournaments.models import Round

from .browser import sign_in

pytestmark = pytest.mark.e2e

NAMES = ["Élodie", "Siobhán", "José", "Rosa"]


def seated_round(host) -> Round:
    party = services.party_create(owner=host, name="Keys Night", date=datetime.date(2026, 5, 12))
    for name in NAMES:
        services.player_register(party=party, name=name, user=host)
    return services.round1_seat_draw(party=party, seed=3, user=host)


def skip_to_the_bidder(page: Page, rnd: Round) -> None:
    page.goto(f"/host/{rnd.party.slug}/round/1/table/1/")
    skip = page.get_by_role("link", name="Skip to the deal entry")
    expect(skip).not_to_be_in_viewport()  # out of sight until it has the focus
    page.keyboard.press("Tab")
    expect(skip).to_be_focused()
    expect(skip).to_be_in_viewport()
    page.keyboard.press("Enter")
    first = page.locator("#entry input[name=bidder][value='0']")
    expect(first).to_be_focused()
    # From there the arrows choose the bidder, and one Tab goes on to the bids.
    page.keyboard.press("ArrowRight")
    expect(page.locator("#entry input[name=bidder][value='1']")).to_be_checked()
    page.keyboard.press("Tab")
    expect(page.locator("#entry input[name=bid]").first).to_be_focused()


def test_the_first_tab_skips_to_the_first_bidder(page, host, traffic):
    rnd = seated_round(host)
    sign_in(page, host.username)
    skip_to_the_bidder(page, rnd)
    assert traffic.problems == []


def test_the_skip_link_works_without_javascript(page_without_js, host):
    rnd = seated_round(host)
    sign_in(page_without_js, host.username)
    skip_to_the_bidder(page_without_js, rnd)
