"""Hidden information at an online table of five-hand and of Railroad
(RULES.md 7, 12.1.7): whole deals played through the HTTP seat pages, and
at every step every seat's page and JSON are fetched.  None of them ever
shows a card of another seat's hand, and none but the holder's own tells
which seat holds the called card before it is played; once it is played,
every seat is told the partner.

What a seat may know is computed by the test from its own copy of the deal:
every card it has held, the cards played or laid to tricks, the called card
(public once called), the cards it may call on its turn to call, and the
pack offered to it while it robs.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from scoring.models import OnlineTable
from scoring.rules import RULESETS, new_deal
from scoring.rules.cards import ALL_CODES
from scoring.rules.levels import make_bot
from scoring.services import SeatSpec, table_create, table_ruleset

from .builders import seats_of
from .card_scan import CardScan

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_think")]

NAMES = ("Ana", "Bea", "Cruz", "Dee", "Eva")
CODE = r"[2-9TJQKA][SHDC]"
SCAN = CardScan(
    CODE,
    ("play", "lay", "discard", "take", "call"),
    # "stock" is the robber's own offer, checked card by card.
    ("deck", "spares", "wash", "hands"),
)
cards_in_html, cards_in_json = SCAN.html, SCAN.json
#: What a page says of the partner only once it may be known.
PARTNER_MARKS = ("role-partner", "is the partner", "you are the partner", "Partner:")


def holder_of(state, code: str) -> int | None:
    for seat in range(state.seats):
        if code in state.hand(seat):
            return seat
    return None


def revealed(state) -> bool:
    """The called card has been played or laid to trick 1 (or trick 1 is over)."""
    return state.went_alone or bool(state.tricks) or state._partner_public()


def play_and_watch(game: str, seed: int) -> tuple[int, int]:
    """Play one deal of ``game`` with five people over HTTP; returns how many
    steps were watched and how many of them had a hidden partner."""
    seats = [SeatSpec(name, "human") for name in NAMES]
    table = table_create(seats=seats, ruleset=game, deals=1)
    rs = table_ruleset(table)
    tokens = [s.token for s in seats_of(table)]
    client = Client()
    deal = table.current
    # The table shuffled at random; a deck from ``seed`` makes the deal the same every run.
    deal.deck = new_deal(rs, dealer=deal.dealer, seed=seed).to_json()["deck"]
    deal.save(update_fields=["deck"])
    mirror = new_deal(rs, dealer=deal.dealer, deck=list(deal.deck))
    seen = [set(mirror.hand(s)) for s in range(5)]
    steps = hidden_steps = 0
    holder_known: int | None = None
    for step in range(400):
        public = set()
        for _leader, plays, laid, _winner in mirror.tricks:
            public |= {ALL_CODES[c] for _s, c in plays} | {ALL_CODES[c] for _s, c in laid}
        public |= {ALL_CODES[c] for _s, c in mirror.trick} | {ALL_CODES[c] for _s, c in mirror.laid}
        if mirror.called is not None:
            public.add(ALL_CODES[mirror.called])
        called = None if mirror.called is None else ALL_CODES[mirror.called]
        hidden = called is not None and not revealed(mirror)
        if called is not None and holder_known is None:
            holder_known = mirror.partner
        hidden_steps += hidden
        for seat in range(5):
            seen[seat] |= set(mirror.hand(seat))
            allowed = seen[seat] | public
            if mirror.to_act == seat:
                legal = mirror.legal_actions()
                allowed |= {a[5:] for a in legal if a.startswith("call ")}
                if mirror.phase == "fill":
                    allowed |= {ALL_CODES[c] for c in (mirror.stock or mirror.wash)}
                    seen[seat] |= {ALL_CODES[c] for c in (mirror.stock or mirror.wash)}
            page = client.get(reverse("play:seat", args=[tokens[seat]]))
            assert page.status_code == 200
            html = page.content.decode()
            shown = cards_in_html(html)
            assert shown <= allowed, (game, step, seat, shown - allowed)
            data = client.get(
                reverse("play:seat_state", args=[tokens[seat]]), HTTP_ACCEPT="application/json"
            ).json()
            view = data["view"]
            assert view == mirror.view(seat)
            assert cards_in_json(data) <= allowed, (game, step, seat)
            partner = holder_known
            if hidden and partner is not None and seat != partner:
                # Nobody but the holder is told who holds the called card.
                assert view["partner"] is None
                assert not any(mark in html for mark in PARTNER_MARKS), (game, step, seat)
                assert f'"partner": {partner}' not in str(data)
            if hidden and seat == partner:
                assert view["partner"] == seat and "you are the partner" in html
            if isinstance(partner, int) and seat != partner and mirror._partner_public():
                # Played: every seat is told the partner.
                assert view["partner"] == partner and "role-partner" in html
        steps += 1
        if mirror.phase == "done":
            break
        seat = mirror.to_act
        bot = make_bot("heuristic", seed * 1000 + step, rs)
        action = bot.choose_from_view(mirror.view(seat))
        table.refresh_from_db()
        response = client.post(
            reverse("play:seat_act", args=[tokens[seat]]),
            {"action": action, "version": table.version},
        )
        assert response.status_code == 302, response.content[:500]
        mirror.apply(action)
    table.refresh_from_db()
    assert mirror.phase == "done" and table.status == OnlineTable.Status.FINISHED
    assert table.totals == list(mirror.score())
    facts = client.get(reverse("play:seat_state", args=[tokens[0]])).json()["table"]
    assert facts["score"] == table.totals and facts["winner"] == table.winner
    assert facts["deals"][0]["score"] == list(mirror.score())
    return steps, hidden_steps


@pytest.mark.parametrize("game", ["five-hand", "railroad"])
def test_no_page_names_the_called_cards_holder_nor_shows_another_hand(game):
    assert RULESETS[game].players == 5
    steps, hidden = play_and_watch(game, seed=1)
    # Every bid, call and card played was watched (a draw that empties the
    # stock leaves some seats short of cards, so fewer than 30 plays).
    assert steps > 20
    assert hidden > 0  # steps where the called card was out and its holder unknown
