"""Two phones at one table: one enters a deal, an opponent confirms it on its
check screen, the host sees it."""

from __future__ import annotations

import datetime

import pytest
from playwright.sync_api import expect

from tournaments import services
from tournaments.models import DealResult, TableEntry, TableRound

from .accessibility import axe_problems
from .browser import open_page, sign_in
from .builders import PLAYERS

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844}


def test_two_phones_enter_and_confirm_a_deal_and_the_host_grid_shows_it(
    browser, page, host, live_server, traffic
):
    party = services.party_create(
        owner=host,
        name="Table night",
        date=datetime.date(2026, 5, 8),
        settings=services.PartySettings(tableside_entry=True),
    )
    for name in PLAYERS[:8]:
        services.player_register(party=party, name=name, user=host)
    rnd = services.round1_seat_draw(party=party, seed=4, user=host)
    rs = services.party_ruleset(party)
    table = TableRound.objects.get(round=rnd, table=1)
    names = list(rnd.seats.filter(table=1).order_by("seat").values_list("player__name", flat=True))
    link = f"/t/{table.entry_token}/"

    phones = [open_page(browser, live_server, traffic, viewport=PHONE) for _ in range(2)]
    first, second = (next(phone) for phone in phones)
    problems: list[str] = []

    # The opponent's phone is open before the deal is entered: the entry
    # reaches it by the page's poll, without a reload.
    second.goto(link)
    second.get_by_role("button", name=names[1]).click()
    expect(second.get_by_text("You are")).to_contain_text(names[1])

    first.goto(link)
    problems += axe_problems(first)
    first.get_by_role("button", name=names[0]).click()
    expect(first.get_by_text("You are")).to_contain_text(names[0])
    first.get_by_label("Bidder").select_option(label=names[0])
    first.get_by_label("Bid", exact=True).select_option(str(rs.min_bid + 2))
    first.get_by_label("Points the bidding team took").fill(str(rs.total_points - 4))
    problems += axe_problems(first)
    first.get_by_role("button", name="Enter the deal").click()
    expect(first.get_by_text("Waiting for a player of the other team")).to_be_visible()
    assert TableEntry.objects.get().status == TableEntry.Status.PENDING
    assert not DealResult.objects.exists()

    # The opponent checks the deal on its own screen and taps their own name.
    check = second.get_by_role("link", name="Check and confirm")
    expect(check).to_be_visible(timeout=15_000)
    problems += axe_problems(second)
    check.click()
    expect(second.locator(".entering")).to_have_text(
        f"{names[0]} and {names[2]} entered this deal:"
    )
    problems += axe_problems(second)
    second.get_by_role("button", name=f"I am {names[1]}: confirm").click()
    expect(second.locator("ol.deals")).to_contain_text(names[0])
    result = DealResult.objects.get()
    assert result.source == DealResult.Source.TABLE
    assert result.bid == rs.min_bid + 2

    sign_in(page, host.username)
    page.goto(f"/host/{party.slug}/round/1/")
    expect(page.locator(".table-card").first).to_contain_text("confirmed at the table")
    page.goto(f"/host/{party.slug}/round/1/codes/")
    expect(page.locator(".table-codes svg").first).to_be_visible()
    problems += axe_problems(page)

    for phone in phones:
        next(phone, None)  # closes the context
    assert problems == [], "\n".join(problems)
    assert traffic.problems == []


def test_the_entering_phone_follows_the_other_teams_answers_without_a_reload(
    browser, live_server, host, traffic
):
    party = services.party_create(
        owner=host,
        name="Table night",
        date=datetime.date(2026, 5, 8),
        settings=services.PartySettings(tableside_entry=True),
    )
    for name in PLAYERS[:4]:
        services.player_register(party=party, name=name, user=host)
    rnd = services.round1_seat_draw(party=party, seed=4, user=host)
    rs = services.party_ruleset(party)
    table = TableRound.objects.get(round=rnd, table=1)
    names = list(rnd.seats.filter(table=1).order_by("seat").values_list("player__name", flat=True))
    link = f"/t/{table.entry_token}/"
    phones = [open_page(browser, live_server, traffic, viewport=PHONE) for _ in range(2)]
    mine, theirs = (next(phone) for phone in phones)
    for page, seat in ((mine, 0), (theirs, 1)):
        page.goto(link)
        page.get_by_role("button", name=names[seat]).click()
        expect(page.get_by_text("You are")).to_contain_text(names[seat])

    def enter(points: int) -> None:
        mine.get_by_label("Bidder").select_option(label=names[0])
        mine.get_by_label("Bid", exact=True).select_option(str(rs.min_bid))
        mine.get_by_label("Points the bidding team took").fill(str(points))
        mine.get_by_role("button", name="Enter the deal").click()

    enter(rs.total_points)
    expect(mine.get_by_role("heading", name="Enter deal 2")).to_be_visible()
    # The other phone sees it by its poll (every second), checks it and confirms it.
    theirs.get_by_role("link", name="Check and confirm").click(timeout=4_000)
    theirs.get_by_role("button", name=f"I am {names[1]}: confirm").click()
    team0, team1 = rs.deal_score(rs.min_bid, rs.total_points)
    totals = mine.locator("#table-totals b")
    expect(totals).to_have_text([str(team0), str(team1)], timeout=4_000)

    enter(rs.min_bid)
    expect(mine.get_by_role("heading", name="Enter deal 3")).to_be_visible()
    theirs.locator("li.entry[data-deal='2']").get_by_role("link", name="Check and confirm").click(
        timeout=4_000
    )
    theirs.get_by_text("That's wrong").click()
    theirs.get_by_label(names[1]).check()
    theirs.get_by_label("What is wrong?").fill("The bid was higher")
    theirs.get_by_role("button", name="Send it back").click()
    # No reload: the entering phone asks for deal 2 again, under the reason.
    expect(mine.get_by_text("Enter this deal again below.")).to_be_visible(timeout=4_000)
    expect(mine.get_by_role("heading", name="Enter deal 2")).to_be_visible()
    expect(mine.get_by_role("heading", name="Enter deal 3")).to_have_count(0)
    expect(totals).to_have_text([str(team0), str(team1)])
    assert TableEntry.objects.get(deal=2).status == TableEntry.Status.REJECTED
    for phone in phones:
        next(phone, None)
    assert traffic.problems == []
