"""Five-hand Pedro and Railroad Pedro online on a phone (RULES.md 12).

Chromium at 390 x 844: one person sits with four bots and plays a whole
deal by tapping what the page offers: in five-hand they win the bid, call
a card for their partner and play; in Railroad everyone else passes and
they go alone, or call a trump whose holder becomes their partner.  All
through, the five seats lie inside the phone's width with no sideways
scrolling; at the end the called card (or "alone") and a
running total for each of the five seats are on the page, and the deal
counted as the engine says.  A table of the original Pedro for seven, long
names and all, fits the phone too, deal after deal.  axe-core finds no
serious problem on the page at the call and at the deal's end.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from scoring import services
from scoring.rules import RULESETS, new_deal
from scoring.rules.seat_bots import SeatHeuristicBot
from scoring.services import EMPTY, SeatSpec
from scoring.services import deals as deal_service
from tests.e2e.accessibility import axe_problems
from tests.e2e.browser import bots_worker, make_move, open_page

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844}


@pytest.fixture
def phone(browser, live_server, transactional_db, traffic, settings) -> Iterator[Page]:
    settings.PLAY_BOT_DELAY_MS = 0
    pages = open_page(
        browser,
        live_server,
        traffic,
        viewport=PHONE,
        locale="en-GB",
        has_touch=True,
        is_mobile=True,
    )
    with bots_worker():
        yield from pages


def a_seed_for_the_person(game: str) -> int:
    """A shuffle whose bots (seats 2 to 5) leave the person in seat 1, the
    dealer, a bid: in Railroad they all pass, so the dealer is stuck."""
    rs = RULESETS[game]
    for seed in range(500):
        state = new_deal(rs, 0, seed=seed)
        bot = SeatHeuristicBot(seed=seed)
        while state.phase == "bid" and state.to_act != 0:
            state.apply(bot.choose(state))
        bids = [a for _s, a in state.bids]
        if game == "railroad" and bids != ["pass"] * 4:
            continue
        if any(a.startswith("bid ") for a in state.legal_actions()):
            return seed
    raise AssertionError("no such shuffle")


def seat_table(game: str, monkeypatch, bots: str = EMPTY) -> services.OnlineTable:
    """Rosa in seat 1 and four bots (seats left empty: normal ones), on a
    shuffle that leaves her a bid."""
    seed = a_seed_for_the_person(game)
    real = deal_service.new_deal
    monkeypatch.setattr(deal_service, "new_deal", lambda rs, dealer: real(rs, dealer, seed=seed))
    seats = [SeatSpec("Rosa", "human")] + [
        SeatSpec(f"Bot {k}" if bots != EMPTY else "", bots) for k in range(2, 6)
    ]
    table = services.table_create(ruleset=game, seats=seats, deals=1)
    monkeypatch.setattr(deal_service, "new_deal", real)
    return table


def fits(page: Page, seats: int = 5) -> None:
    """The table's seats inside the phone's width, nothing sticking out sideways."""
    boxes = page.evaluate(
        """() => [...document.querySelectorAll('.felt .seatbox')].map((e) => {
          const r = e.getBoundingClientRect(); return [r.left, r.right, r.width]; })"""
    )
    assert len(boxes) == seats
    assert all(
        left >= 0 and right <= PHONE["width"] and width >= 70 for left, right, width in boxes
    )
    overflow = page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow <= 0


def play_the_deal(page: Page, call: bool = False) -> list[str]:
    """Tap through the deal: a bid (the lowest offered) or going alone where
    offered (with ``call``, the first card offered to call instead), else
    the first move; returns the prompts seen on the turns."""
    game = page.locator("#game")
    prompts = []
    for _ in range(80):
        expect(page.locator('#game[data-turn="me"], #game[data-turn="done"]')).to_have_count(
            1, timeout=20_000
        )
        fits(page)
        if game.get_attribute("data-turn") == "done":
            return prompts
        prompts.append(page.locator(".prompt h1").inner_text())
        if page.locator('.fan.calls, button[value="alone"]').count():
            # The call: the page at its busiest, checked by axe-core.
            assert axe_problems(page) == []
        bids = page.locator("#game button.choice.bid")
        calls = page.locator("#game .fan.calls button")
        if call and calls.count():
            move = calls.first
        elif bids.count():
            move = bids.first
        else:
            move = page.locator("#game button.choice, #game button.pcard").first
        version = game.get_attribute("data-version")
        make_move(page, move)
        expect(page.locator(f'#game:not([data-version="{version}"])')).to_have_count(1)
    raise AssertionError("the deal never ended")


def test_a_person_calls_a_partner_in_five_hand(phone, traffic, monkeypatch):
    table = seat_table("five-hand", monkeypatch)
    phone.goto(f"/play/s/{table.seats.get(seat=0).token}/")
    prompts = play_the_deal(phone)
    assert "Call a card for your partner." in prompts
    table.refresh_from_db()
    record = table.current.record
    assert record["bidder"] == 0 and "call" in record
    assert phone.locator(".center .called .pcard").get_attribute("data-card") == record["call"]
    totals = phone.locator(".scoreboard.seats .seat-score .total").all_inner_texts()
    assert [int(t) for t in totals] == table.totals == record["tally"]
    assert phone.locator(".prompt .result").count() == 1
    assert axe_problems(phone) == []
    assert traffic.problems == []


def test_a_person_goes_alone_in_railroad(phone, traffic, monkeypatch):
    table = seat_table("railroad", monkeypatch)
    phone.goto(f"/play/s/{table.seats.get(seat=0).token}/")
    prompts = play_the_deal(phone)
    assert "Call a trump for your partner, or go alone." in prompts
    table.refresh_from_db()
    record = table.current.record
    assert record["bidder"] == 0 and record["alone"] is True
    expect(phone.locator(".center .partner-line")).to_have_text("The bidder plays alone.")
    totals = phone.locator(".scoreboard.seats .seat-score .total").all_inner_texts()
    assert [int(t) for t in totals] == table.totals == record["tally"]
    # Alone, every score is doubled (RULES.md 12.3): all of them even.
    assert all(score % 2 == 0 for score in record["tally"])
    assert traffic.problems == []


def test_a_person_calls_a_trump_in_railroad(phone, traffic, monkeypatch):
    table = seat_table("railroad", monkeypatch)
    phone.goto(f"/play/s/{table.seats.get(seat=0).token}/")
    prompts = play_the_deal(phone, call=True)
    assert "Call a trump for your partner, or go alone." in prompts
    table.refresh_from_db()
    record = table.current.record
    assert (
        record["bidder"] == 0 and not record.get("alone") and record["call"][-1] == record["trump"]
    )
    assert phone.locator(".center .called .pcard").get_attribute("data-card") == record["call"]
    # The partner held the called trump and played it: the bidder's side
    # scores alike, every other seat alike (RULES.md 12.1.5).
    partner, tally = record["partner"], record["tally"]
    assert partner not in (None, 0) and tally[partner] == tally[0]
    others = [score for seat, score in enumerate(tally) if seat not in (0, partner)]
    assert len(set(others)) == 1
    totals = phone.locator(".scoreboard.seats .seat-score .total").all_inner_texts()
    assert [int(t) for t in totals] == table.totals == tally
    assert traffic.problems == []


def test_the_expert_hints_and_plays_at_a_five_hand_table(phone, traffic, monkeypatch, settings):
    settings.PLAY_EXPERT_SAMPLES, settings.PLAY_EXPERT_BID_SAMPLES = 8, 4
    table = seat_table("five-hand", monkeypatch, bots="expert")
    phone.goto(f"/play/s/{table.seats.get(seat=0).token}/")
    expect(phone.locator('#game[data-turn="me"]')).to_have_count(1, timeout=20_000)

    phone.get_by_role("link", name="Hint").click()

    line = phone.locator("#advice")
    expect(line).to_contain_text("Hint:")
    offered = phone.locator("#game button.choice, #game button.pcard").evaluate_all(
        "bs => bs.map(b => b.value)"
    )
    assert line.get_attribute("data-advised") in offered
    play_the_deal(phone)
    table.refresh_from_db()
    assert set(table.current.events.values_list("by", flat=True)) == {"human", "expert"}
    assert table.totals == table.current.record["tally"]
    assert traffic.problems == []


def test_seven_players_fit_a_phone_deal_after_deal(phone, traffic):
    seats = [
        SeatSpec("Rosa María de los Ángeles", "human"),
        SeatSpec("Bartholomew-Alexander", "heuristic"),
    ] + [SeatSpec("", EMPTY)] * 5
    table = services.table_create(ruleset="original", options={"players": 7}, seats=seats, deals=2)
    phone.goto(f"/play/s/{table.seats.get(seat=0).token}/")
    game = phone.locator("#game")
    turn = '#game[data-turn="me"], #game[data-turn="done"]'
    for deal in (1, 2):
        for _ in range(40):
            expect(phone.locator(turn)).to_have_count(1, timeout=20_000)
            fits(phone, seats=7)
            if game.get_attribute("data-turn") == "done":
                break
            version = game.get_attribute("data-version")
            make_move(phone, phone.locator("#game button.choice, #game button.pcard").first)
            expect(phone.locator(f'#game:not([data-version="{version}"])')).to_have_count(1)
        if deal == 1:
            phone.locator('button[value="next"]').click()
            # The person plays in every deal: the next one is not over before their move.
            expect(phone.locator('#game[data-turn="done"]')).to_have_count(0)
    table.refresh_from_db()
    assert table.status == "finished" and table.deal_number == 2
    assert phone.locator(".scoreboard.seats .seat-score").count() == 7
    totals = phone.locator(".scoreboard.seats .seat-score .total").all_inner_texts()
    assert [int(t) for t in totals] == table.totals
    assert traffic.problems == []
