"""The taps bench/entry_taps.py counts, played in a real browser: for each
deal the bench's plan (read from the page's own controls) is tapped as it
stands, and the deal is stored as recorded; a typical deal is four taps
(bidder, bid, its points button, Save), a bid made exactly three."""

from __future__ import annotations

import datetime
import importlib.util
import sys
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tournaments import services
from tournaments.models import DealResult

from .browser import sign_in

pytestmark = pytest.mark.e2e

BENCH = Path(__file__).resolve().parents[2] / "bench" / "entry_taps.py"
NAMES = ["Élodie", "Siobhán", "José", "Rosa", "Tony", "Connie", "Walt", "Dolores"]


def bench():
    spec = importlib.util.spec_from_file_location("entry_taps", BENCH)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def tap(page: Page, step: tuple) -> None:
    """One tap of a plan, on the control the page shows for it."""
    entry = page.locator("#entry")
    kind = step[0]
    if kind == "bidder":
        entry.locator(f".drawn-table label.seat-{step[1]}").click()
    elif kind in ("bid", "trump"):
        fieldset = entry.locator(".bids" if kind == "bid" else ".trumps")
        fieldset.locator("label.pill").filter(has=page.locator(f'[value="{step[1]}"]')).click()
    elif kind == "pad":
        entry.locator(f".points-pad [data-points='{step[1]}']").click()
    elif kind == "step":
        entry.locator(f"[data-step='{step[1]}']").click()
    elif kind == "type":
        entry.locator(f"input[name={step[1]}]").fill(step[2])
    else:
        entry.locator(".save-bar button[type=submit]").click()


def test_the_benchs_plans_enter_each_deal_in_the_browser(page, host, traffic):
    taps = bench()
    rs = services.party_ruleset(
        services.party_create(owner=host, name="Probe", date=datetime.date(2026, 6, 1))
    )
    top = max(rs.bids())
    deals = [
        taps.Deal(2, rs.min_bid + 1, None, rs.min_bid + 1),  # made exactly: no points tap
        taps.Deal(1, rs.min_bid + 2, None, rs.total_points - 3),  # made with more
        taps.Deal(0, rs.min_bid + 4, None, rs.min_bid),  # set
        taps.Deal(3, top, None, rs.total_points),  # the shoot made: all points preset
        taps.Deal(0, rs.min_bid, None, 0),
        taps.Deal(1, top, None, rs.total_points - 1),  # the shoot set
    ]
    party = services.party_create(owner=host, name="Taps Night", date=datetime.date(2026, 6, 2))
    for name in NAMES:
        services.player_register(party=party, name=name, user=host)
    rnd = services.round1_seat_draw(party=party, seed=2, user=host)
    sign_in(page, host.username)
    counts = []
    for index, deal in enumerate(deals):
        table, number = divmod(index, party.deals_per_round)
        page.goto(f"/host/{party.slug}/round/1/table/{table + 1}/")
        expect(page.locator("#entry h2")).to_contain_text(f"Deal {number + 1}")
        plan = taps.plan_taps(taps.controls_read(page.content()), deal)
        for step in plan.taps:
            if step[0] == "save":
                # What the taps left in the form is what the bench posts.
                expect(page.locator("#points")).to_have_value(str(deal.points))
            tap(page, step)
        expect(page.locator(".messages")).to_contain_text(
            f"Table {table + 1}, deal {number + 1} saved."
        )
        stored = DealResult.objects.get(round=rnd, table=table + 1, deal=number + 1)
        assert (stored.bidder, stored.bid, stored.bidding_team_points) == (
            deal.bidder,
            deal.bid,
            deal.points,
        )
        counts.append(plan.total)
    assert counts == [3, 4, 4, 3, 4, 4]
    assert traffic.problems == []


def test_the_points_buttons_show_the_points_and_which_would_set_the_bid(page, host):
    party = services.party_create(owner=host, name="Pad Night", date=datetime.date(2026, 6, 3))
    for name in NAMES[:4]:
        services.player_register(party=party, name=name, user=host)
    services.round1_seat_draw(party=party, seed=2, user=host)
    rs = services.party_ruleset(party)
    sign_in(page, host.username)
    page.goto(f"/host/{party.slug}/round/1/table/1/")
    pad = page.locator(".points-pad [data-points]")
    expect(pad).to_have_count(rs.total_points + 1)  # every value a deal can give, from 0
    entry = page.locator("#entry")
    entry.locator(".drawn-table label.seat-0").click()
    bid = rs.min_bid + 2
    entry.locator(".bids label.pill").filter(has=page.locator(f'[value="{bid}"]')).click()
    expect(page.locator(f".points-pad [data-points='{bid}']")).to_have_attribute(
        "aria-pressed", "true"
    )
    expect(page.locator(f".points-pad [data-points='{bid - 1}']")).to_have_class("pad set")
    expect(page.locator(f".points-pad [data-points='{bid}']")).to_have_class("pad")
    page.locator(".points-pad [data-points='3']").click()
    expect(page.locator("#points")).to_have_value("3")
    expect(page.locator("#preview")).to_contain_text("set:")
