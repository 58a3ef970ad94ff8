"""Tennessee at an online table (RULES.md 7, 11.3, 11.4.18): the exchange's
moves and the throw-in offered on the page in every language, a misdeal
dealt again by the same dealer, bots playing a game with every option on."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from scoring import services
from scoring.models import DealEvent, OnlineSeat, OnlineTable
from scoring.rules import RULESETS
from scoring.services import SeatSpec

from .builders import PEOPLE, act, run_bots, seats_of, state_of

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_think")]

RS = RULESETS["tennessee"]
#: Dealer seat 0: seat 1 holds eight hearts and bids; nobody else holds a trump.
HANDS = [
    "AS KS QS JS TS 9S 8S 7S 6S",
    "AH KH QH JH TH 9H 8H 7H 2S",
    "AC KC QC JC TC 9C 8C 7C 6C",
    "AD KD QD TD 9D 8D 7D 6D 4D",
]
STOCK = "5S 4S 3S 5C 4C 3C 6H 5H 4H 3H 2H JD 5D X1 X2 2C 3D 2D"
NO_POINTS = ["", "KS QS 9S KH QH 9H KD QD 9D", "", ""]


def table_with(hands, stock="", **options) -> OnlineTable:
    """A table of people whose first deal is dealt from the given hands."""
    from .rules.family_decks import family_deck

    seats = [SeatSpec(name, "human") for name in PEOPLE]
    table = services.table_create(seats=seats, ruleset="tennessee", options=options, deals=2)
    deal = table.current
    deal.deck = family_deck(services.table_ruleset(table), hands, stock, deal.dealer)
    deal.save(update_fields=["deck"])
    assert deal.dealer == 0
    return table


def page(table: OnlineTable, seat: int, language: str = "en") -> str:
    token = seats_of(table)[seat].token
    with translation.override(language):
        response = Client(headers={"accept-language": language}).get(
            reverse("play:seat", args=[token])
        )
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.parametrize(
    ("language", "slide", "concede"),
    [
        ("en", "Slide a card to your partner:", "Throw in the hand"),
        ("es", "Pasa una carta a tu pareja:", "Rendir la mano"),
        ("fr", "Glissez une carte à votre partenaire :", "Jeter la main"),
    ],
)
def test_the_page_offers_slides_gives_and_the_throw_in(language, slide, concede):
    table = table_with(HANDS, STOCK)
    for action in ["bid 9", "pass", "pass", "pass", "trump H"]:
        act(table, action)
    text = page(table, 1, language)
    assert slide in text and 'value="slide AH"' in text and 'value="discard 2S"' in text
    for action in ["slide AH", "slide KH", "discard 2S"]:
        act(table, action)
    text = page(table, 3, language)
    assert 'value="give 2H"' in text  # the partner's trumps are the moves
    for action in ["give 2H", "give 3H", "discard 5S", "discard 4S"]:
        act(table, action)
    text = page(table, 2, language)
    assert concede in text and 'value="concede"' in text
    # Nobody else sees the cards slid or given.
    assert 'data-card="AH"' not in page(table, 0) and 'data-card="2H"' not in page(table, 0)


def test_a_misdeal_is_dealt_again_by_the_same_dealer_under_the_same_number():
    table = table_with(NO_POINTS, misdeal_no_points=True)
    before = table.current
    assert "misdeal" in state_of(table).legal_actions()
    assert 'value="misdeal"' in page(table, 1)
    act(table, "misdeal")
    table.refresh_from_db()
    deal = table.current
    assert (deal.pk, deal.number, deal.dealer, deal.log) == (before.pk, 1, 0, [])
    assert deal.deck != before.deck and deal.record is None
    assert not DealEvent.objects.filter(deal=deal).exists()
    assert (table.score0, table.score1, table.deal_number) == (0, 0, 1)
    assert state_of(table).phase == "bid"


def test_bots_play_a_game_with_every_option_on():
    seats = [SeatSpec(name, "heuristic") for name in PEOPLE]
    options = {"throw_in": True, "shoot_the_moon": True, "misdeal_no_points": True}
    table = services.table_create(seats=seats, ruleset="tennessee", options=options, target=52)
    for _ in range(200):
        run_bots(table)
        if table.status == OnlineTable.Status.FINISHED:
            break
    assert table.status == OnlineTable.Status.FINISHED
    assert all(seat.kind != OnlineSeat.Kind.HUMAN for seat in seats_of(table))
    for deal in table.deals.all():
        assert (deal.score0, deal.score1) == tuple(deal.record["tally"])
