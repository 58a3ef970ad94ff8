"""A table's call of time on the tablet: a tap on "Call time" asks first,
the call needs the tick, and the table's card offers the undo."""

from __future__ import annotations

import datetime

import pytest
from playwright.sync_api import expect

from tournaments import services
from tournaments.models import TableRound

from .browser import sign_in

pytestmark = pytest.mark.e2e

PLAYERS = ["Élodie", "Siobhán", "José", "Rosa", "Tony", "Connie", "Walt", "Dolores"]


def test_a_tap_on_call_time_asks_and_the_call_can_be_undone(page, host, traffic):
    party = services.party_create(owner=host, name="Late Night", date=datetime.date(2026, 6, 5))
    for name in PLAYERS:
        services.player_register(party=party, name=name, user=host)
    rnd = services.round1_seat_draw(party=party, seed=8, user=host)
    rs = services.party_ruleset(party)
    for table in (1, 2):
        services.result_record(
            round=rnd,
            table=table,
            deal=1,
            entry=services.DealEntry(bidder=0, bid=rs.min_bid, bidding_team_points=rs.min_bid),
            user=host,
        )

    def called() -> dict[int, bool]:
        return dict(TableRound.objects.filter(round=rnd).values_list("table", "time_called"))

    sign_in(page, host.username)
    page.goto(f"/host/{party.slug}/round/1/")
    two = page.locator("article.table-card").filter(has_text="Table 2")
    # A double tap on the card's "Call time" only opens the question.
    two.get_by_role("link", name="Call time").dblclick()
    expect(page.get_by_role("heading", name="Call time at table 2?")).to_be_visible()
    page.get_by_role("button", name="Call time at table 2").click()  # not ticked
    assert called() == {1: False, 2: False}
    page.get_by_label("Yes, call time at table 2").check()
    page.get_by_role("button", name="Call time at table 2").click()
    expect(page.get_by_text("Time called at table 2.")).to_be_visible()
    assert called() == {1: False, 2: True}

    two.get_by_role("button", name="Undo: table 2 plays on").click()
    expect(page.get_by_text("Time is no longer called at table 2: it plays on.")).to_be_visible()
    assert called() == {1: False, 2: False}
    expect(two.get_by_role("link", name="Call time")).to_be_visible()
    assert traffic.problems == []
