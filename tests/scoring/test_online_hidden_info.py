"""Hidden information (RULES.md 7): no seat is ever sent a card it may not know.

Two parts, which together cover what 500 deals over HTTP used to:

* The engine: 500 deals of Draw and Widow, played by random people (random
  legal moves) and bots, and at every step of every deal each of the four
  seats' views (``DealState.view``, everything a seat's page and JSON are made
  from) is scanned.
* The HTTP interface: tables of ten deals, each seat a person or a bot (every
  fifth table four people).  People post random legal moves (now and then a
  move out of turn or against the rules) through Django's test client, as
  htmx requests answered with HTML or as JSON requests; bots play through
  their task, called directly.  Every answer a seat receives is scanned, and
  at every step of every deal (bidding, trump, the discards or the robbing,
  the first trick, the rest of the play, the end) one seat's full page, htmx
  partial or JSON is fetched and scanned too.  Each JSON answer carries
  exactly the engine's view of that seat, and each page shows no card that
  view does not hold.  Which tables are played rotates with the date (the
  rotation is in every failure's message), so that runs on different days
  cover different deals.

What a seat may know is computed by the test on its own: it replays each
deal's actions into its own copy of the deal and collects, per seat, every
card that seat has held (its widow only once picked up), the cards the dealer
is offered when robbing the pack, and every card played or laid face up.
Cards appear in pages as ``data-card="AS"`` tiles (every tile must carry one)
and in move buttons; in JSON, as strings.  At the end every deal's event log
is replayed and checked against its stored result.
"""

from __future__ import annotations

import datetime
import random
import re

import pytest
from django.test import Client
from django.urls import reverse

from scoring.models import OnlineDeal, OnlineTable
from scoring.rules import RULESETS, Ruleset, new_deal, replay, validate_result
from scoring.rules.levels import make_bot
from scoring.services import deal_record, table_ruleset
from scoring.tasks import bots_play

from .builders import make_table, seats_of
from .card_scan import CardScan

TABLES = 50
DEALS = 10
CODE = r"[2-9TJQKA][SHDC]"
SCAN = CardScan(CODE, ("play", "lay", "discard", "take"), ("deck", "widows", "stock"))
#: The CSRF token is random letters: "deck" may turn up in it by chance.
CSRF_TOKEN = re.compile(r'(?:csrfmiddlewaretoken" value="|"X-CSRFToken": ")[^"]*"')
SEED = 20260418
cards_in_json = SCAN.json


def cards_in_html(text: str) -> set[str]:
    assert "deck" not in CSRF_TOKEN.sub("", text)
    return SCAN.html(text)


class Sight:
    """The test's own copy of one deal, and what each seat has legitimately seen of it."""

    def __init__(self, rs: Ruleset, dealer: int, deck: list[str]) -> None:
        self.state = new_deal(rs, dealer, deck=deck)
        self.seen: list[set[str]] = [set(), set(), set(), set()]
        self._see(None)

    def apply(self, action: str) -> None:
        self.state.apply(action)
        self._see(action)

    def _see(self, action: str | None) -> None:
        state = self.state
        for seat in range(4):
            self.seen[seat].update(state.hand(seat))
        if state.phase == "fill":
            self.seen[state.dealer].update(a.split()[1] for a in state.legal_actions())
        if action and action.split()[0] in ("play", "lay"):
            for seen in self.seen:
                seen.add(action.split()[1])

    def check(self, seat: int, cards: set[str], where: str) -> None:
        leaked = cards - self.seen[seat]
        assert not leaked, f"seat {seat + 1} was sent {sorted(leaked)} in {where}"


# ---------------------------------------------------------------- the engine


ENGINE_DEALS = 500


def test_five_hundred_deals_never_show_a_hidden_card_in_any_seats_view():
    rng = random.Random(SEED)
    steps = cards = 0
    for number in range(ENGINE_DEALS):
        rs = RULESETS["monterey-widow" if number % 4 == 1 else "monterey-draw"]
        kinds = [rng.choice(["human", "heuristic", "random"]) for _ in range(4)]
        bots = [None if kind == "human" else make_bot(kind, SEED + number) for kind in kinds]
        state = new_deal(rs, number % 4, seed=SEED + number)
        sight = Sight(rs, state.dealer, state.to_json()["deck"])
        while True:
            for seat in range(4):
                view = state.view(seat)
                found = cards_in_json(view)
                cards += len(found)
                sight.check(seat, found, f"deal {number}, {state.phase}, after {state.log[-3:]}")
            steps += 1
            if state.to_act is None:
                break
            bot = bots[state.to_act]
            action = rng.choice(state.legal_actions()) if bot is None else bot.choose(state)
            state.apply(action)
            sight.apply(action)
        assert state.phase == "done" and sight.state.record() == state.record()
    assert steps > ENGINE_DEALS * 30 and cards > steps  # every step of every deal, scanned
    print(f"{ENGINE_DEALS} deals, {steps} steps, {cards} cards seen in the seats' views")


# ------------------------------------------------------- the HTTP interface


class Mirror:
    """The test's own copy of a table's deal in play, fed from the event log,
    and what each seat has legitimately seen of it."""

    def __init__(self, table: OnlineTable, label: str) -> None:
        self.table_id = table.pk
        self.rs = table_ruleset(table)
        self.label = label
        self.deal_id = None
        self.number = 0
        self.seq = 0

    def sync(self) -> None:
        """Catch up with the table: its version and status, and the actions of
        its deal in play since the last sync (one query; the deal's stored
        actions are checked against its events at the end of the test)."""
        self.version, self.status, deal_id, dealer, deck, actions = (
            OnlineTable.objects.filter(pk=self.table_id)
            .values_list(
                "version", "status", "current", "current__dealer", "current__deck", "current__log"
            )
            .get()
        )
        if deal_id != self.deal_id:
            self.deal_id, self.seq = deal_id, 0
            self.number += 1
            self.sight = Sight(self.rs, dealer, deck)
        for action in actions[self.seq :]:
            self.sight.apply(action)
            self.seq += 1

    @property
    def state(self):
        return self.sight.state

    def check(self, seat: int, response, where: str) -> int:
        """Scan one answer to ``seat``: no card it may not know, and no more
        than the engine's view of it (JSON: that view exactly)."""
        where = f"{where} ({self.label}, deal {self.number})"
        view = self.state.view(seat)
        if response.headers["Content-Type"].startswith("application/json"):
            payload = response.json()
            cards = cards_in_json(payload)
            assert payload["view"] == view, f"seat {seat + 1}'s JSON is not its view in {where}"
        else:
            cards = cards_in_html(response.content.decode())
            extra = cards - cards_in_json(view)
            assert not extra, f"seat {seat + 1}'s page shows {sorted(extra)} in {where}"
        self.sight.check(seat, cards, where)
        return len(cards)


class Stats:
    def __init__(self) -> None:
        self.answers = 0
        self.refused = 0
        self.cards = 0


def scan_response(mirror: Mirror, seat: int, response, stats: Stats, where: str) -> None:
    stats.answers += 1
    stats.cards += mirror.check(seat, response, where)


def snapshot(
    client: Client,
    mirror: Mirror,
    tokens: list[str],
    stats: Stats,
    rng: random.Random,
    bots: frozenset[int] = frozenset(),
) -> None:
    """One seat's page, as a full page, an htmx partial or JSON, scanned.
    A seat created for a bot (in ``bots``) has no page at all."""
    for seat in rng.sample(range(4), 1):
        token = tokens[seat]
        name, headers = rng.choice(
            [("play:seat", {}), ("play:seat", {"HX-Request": "true"}), ("play:seat_state", {})]
        )
        url = reverse(name, args=[token])
        response = client.get(url, headers=headers)
        if seat in bots:
            assert response.status_code == 404
            assert not SCAN.data_card.search(response.content.decode())
            continue
        assert response.status_code == 200
        scan_response(mirror, seat, response, stats, f"GET {url} {headers}")


def play_table(
    client: Client, table: OnlineTable, rng: random.Random, stats: Stats, label: str
) -> None:
    mirror = Mirror(table, label)
    seats = seats_of(table)
    tokens = [seat.token for seat in seats]
    people = [seat.seat for seat in seats if not seat.is_bot]
    last_step = None
    mirror.sync()
    while mirror.status != OnlineTable.Status.FINISHED:
        state = mirror.state
        step = (mirror.number, state.phase, len(state.tricks) > 0)
        if step != last_step:
            bots = frozenset(seat.seat for seat in seats if seat.is_bot)
            snapshot(client, mirror, tokens, stats, rng, bots)
            last_step = step
        if state.phase != "done" and seats[state.to_act].is_bot:
            bots_play(table.pk, mirror.version)
            mirror.sync()
            continue
        if state.phase == "done":
            seat, action = rng.choice(people), "next"
        elif rng.random() < 0.04:  # a stray tap: out of turn, or not a legal move
            seat = rng.choice(people)
            action = rng.choice(["bid 5", "play 2C", "take AS", "trump X", "pass"])
        else:
            seat, action = state.to_act, rng.choice(state.legal_actions())
        as_json = rng.random() < 0.6
        headers = {"Accept": "application/json"} if as_json else {"HX-Request": "true"}
        response = client.post(
            reverse("play:seat_act", args=[tokens[seat]]),
            {"action": action, "version": mirror.version},
            headers=headers,
        )
        assert response.status_code in (200, 422), response.content[:300]
        stats.refused += response.status_code == 422
        mirror.sync()
        scan_response(mirror, seat, response, stats, f"answer to {action!r}")


def check_logs_replay(table: OnlineTable) -> int:
    """Every finished deal's event log replays to the record stored with it."""
    seats = seats_of(table)
    rs = table_ruleset(table)
    count = 0
    for deal in table.deals.filter(status=OnlineDeal.Status.DONE).order_by("number"):
        events = list(deal.events.order_by("seq").values_list("seq", "seat", "action"))
        assert [seq for seq, _, _ in events] == list(range(1, len(events) + 1))
        assert deal.log == [action for _, _, action in events]
        state = replay(rs, [a for _, _, a in events], deck=deal.deck, dealer=deal.dealer)
        assert state.phase == "done"
        assert state.record() | {"deal": deal.number} == deal.record
        assert list(state.score()) == [deal.score0, deal.score1]
        check_rs, record = deal_record(table, deal, state, seats)
        assert validate_result(check_rs, record) == []
        count += 1
    return count


#: Tables played over HTTP in each run, in this many tests (which parallel
#: workers share out), taken in turn from the ``TABLES`` kinds of table: the
#: rotation moves on each day, through every table in ``ROTATIONS`` days.
HTTP_TABLES = 4
SHARDS = 2
ROTATIONS = -(-TABLES // HTTP_TABLES)


def rotation_today() -> int:
    return datetime.date.today().toordinal() % ROTATIONS


@pytest.mark.django_db
@pytest.mark.usefixtures("no_think")
@pytest.mark.parametrize("shard", range(SHARDS))
def test_deals_over_http_serve_each_seat_its_view_and_never_a_hidden_card(shard):
    rotation = rotation_today()
    rng = random.Random(SEED + rotation * SHARDS + shard)
    client = Client()
    stats = Stats()
    tables = []
    per_shard = HTTP_TABLES // SHARDS
    first = rotation * HTTP_TABLES + shard * per_shard
    for number in (n % TABLES for n in range(first, first + per_shard)):
        kinds = [rng.choice(["human", "heuristic", "random"]) for _ in range(4)]
        if number % 5 == 0 or "human" not in kinds:
            kinds = ["human"] * 4
        ruleset = "monterey-widow" if number % 4 == 1 else "monterey-draw"
        table = make_table(tuple(kinds), ruleset=ruleset, deals=DEALS)
        play_table(client, table, rng, stats, f"rotation {rotation}, table {number}")
        tables.append(table)
    deals = sum(check_logs_replay(table) for table in tables)
    assert deals == per_shard * DEALS
    assert OnlineTable.objects.filter(status="finished").count() == per_shard
    assert stats.refused > per_shard  # the stray taps were refused, and scanned too
    print(f"{deals} deals, {stats.answers} answers scanned, {stats.cards} cards seen in them")
