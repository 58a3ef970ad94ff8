"""Hidden information in every game of the Pedro family (RULES.md 7, 11.4.14):
deals of each game played through the HTTP interface, and no seat is ever
sent a card it may not know, in its page, its htmx partial, its JSON or the
answers to its moves.

What a seat may know is computed by the test from its own copy of each deal,
fed from the event log: every card it has held (nothing at all in the dark);
choice discards made face up (not the señorita's); the stock the robber is
offered while robbing; the trumps Pedro's bidder takes openly from the
stock; stock trumps shown as they leave play; Pidro's
folded hands; every card played or laid.  Cards out of play (six-card's
28, Sixty-Three's unseen card) are never among them.

Every seat's view in the engine (``DealState.view``, what pages and JSON are
made from) is scanned at every step of many deals of each game; over HTTP, at
every step one person's page, htmx partial or JSON is fetched in turn, and
each JSON carries exactly the engine's view of that seat, and each page no
card that view does not hold.
"""

from __future__ import annotations

import random

import pytest
from django.test import Client
from django.urls import reverse

from scoring.models import OnlineTable
from scoring.rules import PARTNERSHIP_RULESETS, Ruleset, new_deal
from scoring.rules.cards import ALL_CODES
from scoring.rules.exchange import FACE_UP_DISCARDS
from scoring.rules.levels import make_bot
from scoring.services import table_ruleset
from scoring.tasks import bots_play

from .builders import make_table, seats_of
from .card_scan import CardScan

FAMILY = [name for name in PARTNERSHIP_RULESETS if not name.startswith("monterey")]
CODE = r"(?:[2-9TJQKA][SHDC]|X[12])"
SCAN = CardScan(CODE, ("play", "lay", "discard", "take"), ("deck", "widows", "stock", "kitty"))
cards_in_html, cards_in_json = SCAN.html, SCAN.json


class Sight:
    """The test's own copy of one deal and what each seat has seen of it."""

    def __init__(self, rs: Ruleset, dealer: int, deck: list[str]) -> None:
        self.rs = rs
        self.state = new_deal(rs, dealer, deck=list(deck))
        self.seen: list[set[str]] = [set(), set(), set(), set()]
        self._see(None)

    def apply(self, action: str) -> None:
        self._before(action)
        self.state.apply(action)
        self._see(action)

    def _all_see(self, cards) -> None:
        for seen in self.seen:
            seen.update(cards)

    def _before(self, action: str) -> None:
        verb, _, card = action.partition(" ")
        if verb == "discard" and self.rs.exchange in FACE_UP_DISCARDS:
            self._all_see([card])

    def _see(self, action: str | None) -> None:
        state, rs = self.state, self.rs
        if state.phase != "dark":
            for seat in range(4):
                self.seen[seat].update(state.hand(seat))
        if state.phase == "fill":
            self.seen[state.to_act].update(a.split()[1] for a in state.legal_actions())
        self._all_see([ALL_CODES[c] for c in state.stock_trumps])
        # Maker-fill: a trump the bidder takes from the stock is taken openly.
        self._all_see([ALL_CODES[c] for c in state.open_cards])
        if rs.show_folded:
            for cards in state.folded:
                self._all_see([ALL_CODES[c] for c in cards])
        if action and action.split()[0] in ("play", "lay"):
            self._all_see([action.split()[1]])

    def check(self, seat: int, cards: set[str], where: str) -> None:
        leaked = cards - self.seen[seat]
        assert not leaked, f"{self.rs.name}: seat {seat + 1} was sent {sorted(leaked)} in {where}"


#: Deals of each game the engine plays for the views check.
ENGINE_DEALS = 40


@pytest.mark.parametrize("game", FAMILY)
def test_no_seats_view_holds_a_card_it_may_not_know(game):
    rng = random.Random(game)
    rs = PARTNERSHIP_RULESETS[game]
    steps = 0
    for number in range(ENGINE_DEALS):
        kinds = [rng.choice(["human", "heuristic", "random"]) for _ in range(4)]
        bots = [None if kind == "human" else make_bot(kind, number) for kind in kinds]
        state = new_deal(rs, number % 4, seed=number)
        sight = Sight(rs, state.dealer, state.to_json()["deck"])
        while True:
            for seat in range(4):
                where = f"deal {number}, {state.phase}, after {state.log[-3:]}"
                sight.check(seat, cards_in_json(state.view(seat)), where)
            steps += 1
            if state.to_act is None:
                break
            bot = bots[state.to_act]
            action = rng.choice(state.legal_actions()) if bot is None else bot.choose(state)
            state.apply(action)
            sight.apply(action)
        assert state.phase == "done" and sight.state.record() == state.record()
    assert steps > ENGINE_DEALS * 10  # every step of every deal, scanned


class Mirror:
    """The test's own copy of a table's deal in play and what each seat has seen."""

    def __init__(self, table: OnlineTable) -> None:
        self.table = table
        self.rs = table_ruleset(table)
        self.deal_id = None

    def sync(self) -> None:
        self.table.refresh_from_db()
        deal = self.table.current
        if deal.pk != self.deal_id:
            self.deal_id, self.seq = deal.pk, 0
            self.sight = Sight(self.rs, deal.dealer, deal.deck)
        for action in deal.log[self.seq :]:
            self.sight.apply(action)
            self.seq += 1

    @property
    def state(self):
        return self.sight.state


def scan(mirror: Mirror, seat: int, response, where: str) -> None:
    """No card ``seat`` may not know, and no more than the engine's view of
    it (JSON: that view exactly)."""
    view = mirror.state.view(seat)
    if response.headers["Content-Type"].startswith("application/json"):
        payload = response.json()
        cards = cards_in_json(payload)
        assert payload["view"] == view, f"{mirror.rs.name}: seat {seat + 1}'s JSON in {where}"
    else:
        cards = cards_in_html(response.content.decode())
        extra = cards - cards_in_json(view)
        assert not extra, (
            f"{mirror.rs.name}: seat {seat + 1}'s page shows {sorted(extra)} in {where}"
        )
    mirror.sight.check(seat, cards, where)


#: The tables played over HTTP, one a game in turn.
TABLES = [("human",) * 4, ("human", "heuristic", "human", "random")]


@pytest.mark.django_db
@pytest.mark.usefixtures("no_think")
@pytest.mark.parametrize("game", FAMILY)
def test_no_seat_is_sent_a_card_it_may_not_know(game):
    """One table a game over HTTP: four people at every other game of the
    family, two people and two bots at the rest (the engine's views above
    are checked at every step of every deal of every game)."""
    rng = random.Random(game)
    client = Client()
    kinds = TABLES[FAMILY.index(game) % len(TABLES)]
    table = make_table(kinds, ruleset=game, deals=2)
    seats = seats_of(table)
    tokens = [s.token for s in seats]
    people = [s.seat for s in seats if not s.is_bot]
    mirror = Mirror(table)
    mirror.sync()
    pages = 0
    while mirror.table.status != OnlineTable.Status.FINISHED:
        state = mirror.state
        seat = people[pages % len(people)]  # a person's page at every step, in turn
        pages += 1
        name, headers = rng.choice(
            [
                ("play:seat", {}),
                ("play:seat", {"HX-Request": "true"}),
                ("play:seat_state", {}),
            ]
        )
        response = client.get(reverse(name, args=[tokens[seat]]), headers=headers)
        assert response.status_code == 200
        scan(mirror, seat, response, f"{name} at {state.phase}")
        if state.phase != "done" and seats[state.to_act].is_bot:
            bots_play(table.pk, mirror.table.version)
            mirror.sync()
            continue
        if state.phase == "done":
            seat, action = rng.choice(people), "next"
        else:
            seat, action = state.to_act, rng.choice(state.legal_actions())
        headers = rng.choice([{"Accept": "application/json"}, {"HX-Request": "true"}])
        response = client.post(
            reverse("play:seat_act", args=[tokens[seat]]),
            {"action": action, "version": mirror.table.version},
            headers=headers,
        )
        assert response.status_code == 200, response.content[:300]
        mirror.sync()
        scan(mirror, seat, response, f"answer to {action!r}")
