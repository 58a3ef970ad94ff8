"""Pages of a game that is not Monterey show that game's numbers.

A made-up ruleset (bids 7 to 14, no shoot, 14 points a deal, seven cards in a
hand, a different point table and target) is registered for the test; the
entry form, the whole-table entry, the round's grid, the printables and an
online seat are rendered under it, and none shows Monterey's numbers where
the game's should be: no bid of 6, 15, 16 or 32, no 16 points, no "of 6".
"""

from __future__ import annotations

import dataclasses
import datetime
import html
import re
import sys
from types import MappingProxyType

import pytest
from django.urls import reverse

from scoring import services as play_services
from scoring.models import OnlineSeat
from scoring.rules import PARTNERSHIP_RULESETS, RULESETS
from scoring.services import SeatSpec
from tournaments import printing, services
from tournaments.models import Document

pytestmark = pytest.mark.django_db

MONTEREY = PARTNERSHIP_RULESETS["monterey-draw"]
GAME = dataclasses.replace(
    MONTEREY,
    name="made-up",
    title="Made-up Pedro",
    points=(("A", 1), ("J", 1), ("T", 1), ("P", 5), ("L", 5), ("2", 1)),
    min_bid=7,
    max_bid=14,
    shoot=False,
    hand_size=7,
    target=62,
)
#: Monterey's numbers that the made-up game does not have.
MONTEREY_ONLY = {
    MONTEREY.min_bid,
    MONTEREY.max_bid,
    MONTEREY.max_bid - 1,
    MONTEREY.shoot_bid,
    MONTEREY.total_points,
    MONTEREY.target,
}
#: Deal results that show no Monterey number either (bidder seat, bid, points).
DEALS = [(0, 8, 9), (1, 10, 12)]


@pytest.fixture(autouse=True)
def made_up_game(monkeypatch):
    """The made-up game is a ruleset like the shipped ones, wherever they are looked up."""
    assert not MONTEREY_ONLY & {*GAME.bids(), GAME.total_points, GAME.hand_size, GAME.target}
    for name, shipped in (("PARTNERSHIP_RULESETS", PARTNERSHIP_RULESETS), ("RULESETS", RULESETS)):
        with_game = MappingProxyType({**shipped, GAME.name: GAME})
        for module in list(sys.modules.values()):
            if getattr(module, name, None) is shipped:
                monkeypatch.setattr(module, name, with_game)


@pytest.fixture
def host(django_user_model):
    return django_user_model.objects.create_user("host", password="unused")


@pytest.fixture
def party(host):
    party = services.party_create(
        owner=host,
        name="Spring Card Party",
        date=datetime.date(2026, 4, 18),
        settings=services.PartySettings(ruleset=GAME.name, planned_rounds=3),
    )
    for name in ("Ana", "Bea", "Cruz", "Dee"):
        services.player_register(party=party, name=name, user=host)
    party.refresh_from_db()
    return party


@pytest.fixture
def played(client, host, party):
    """Round 1 at its one table, with the deals of ``DEALS`` entered on the table form."""
    client.force_login(host)
    services.round1_seat_draw(party=party, seed=3, user=host)
    url = reverse("host:table", args=[party.slug, 1, 1])
    for deal, (bidder, bid, points) in enumerate(DEALS, start=1):
        data = {"deal": deal, "bidder": bidder, "bid": bid, "bidding_team_points": points}
        response = client.post(url, {**data, "form_token": f"t{deal}"})
        assert response.status_code == 302, response.content.decode()
    return party


def shown_numbers(page: str) -> set[int]:
    """Every whole number a person reads on the page or a form or script is
    given: the text, and the value, min, max and data- attributes (no style,
    no script, no token, no card's rank)."""
    page = re.sub(r"(?s)<(style|script)\b.*?</\1>", " ", page)
    page = re.sub(r'<span class="rank">[^<]*</span>', " ", page)  # a card's face
    # When it was printed: a clock's figures, not the game's.
    page = re.sub(r'(?s)<p class="printed">.*?</p>', " ", page)
    # A deal's entry time ("20:16"): the clock's figures again.
    page = re.sub(r"(?<![\w:])\d{1,2}:\d{2}(?![\w:])", " ", page)
    page = re.sub(r'<input type="hidden" name="(csrfmiddlewaretoken|form_token)"[^>]*>', " ", page)
    attributes = re.findall(r'\s(?:value|min|max|data-[\w-]+)="([^"]*)"', page)
    text = html.unescape(re.sub(r"<[^>]*>", " ", page))
    found = re.findall(r"(?<![\w.-])-?\d+(?![\w.])", " ".join([text, *attributes]))
    return {abs(int(number)) for number in found}


def assert_no_monterey_number(page: str) -> None:
    assert not shown_numbers(page) & MONTEREY_ONLY


def test_the_entry_form_offers_the_games_bids_points_and_point_cards(client, played):
    page = client.get(reverse("host:table", args=[played.slug, 1, 1])).content.decode()
    bids = [int(b) for b in re.findall(r'name="bid" value="(\d+)"', page)]
    assert bids == list(GAME.bids())
    assert f'max="{GAME.total_points}"' in page and f'data-total="{GAME.total_points}"' in page
    assert "data-shoot-bid" not in page
    assert "Jack, 1" in html.unescape(page)
    # The points buttons: every value a deal of this game can give, and no more.
    pad = re.search(r'(?s)<div class="points-pad"[^>]*>(.*?)</div>', page).group(1)
    assert [int(v) for v in re.findall(r'data-points="(\d+)"', pad)] == list(
        range(GAME.total_points + 1)
    )
    assert_no_monterey_number(page.replace(pad, " "))


def test_the_whole_table_entry_offers_the_games_bids(client, played):
    page = client.get(reverse("host:table_tally", args=[played.slug, 1, 1])).content.decode()
    select = re.search(r'(?s)<select name="deal\d+-bid".*?</select>', page).group()
    bids = [int(b) for b in re.findall(r'<option value="(\d+)"', select)]
    assert bids == list(GAME.bids())
    assert_no_monterey_number(page)


def test_the_rounds_grid_shows_the_deals_by_the_games_rule(client, played):
    page = client.get(reverse("host:round", args=[played.slug, 1])).content.decode()
    for _bidder, bid, points in DEALS:
        bidders, others = GAME.deal_score(bid, points)
        assert f"bid {bid}" in page and {bidders, others} <= shown_numbers(page)
    assert_no_monterey_number(page)


@pytest.mark.parametrize(
    ("kind", "raw"),
    [
        (Document.Kind.SCORE_SHEETS, {}),
        (Document.Kind.TALLY_CARDS, {}),
        (Document.Kind.MOVEMENT, {}),
        (Document.Kind.STANDINGS, {}),
        (Document.Kind.TABLE_CARDS, {"public_url": "https://example.org/p/token/"}),
    ],
)
def test_the_printables_show_no_monterey_number(played, kind, raw):
    options = printing.document_options(played, kind, raw)
    page, _step, _total = printing.build_html(played, kind, options)
    assert_no_monterey_number(page)


def test_an_online_seat_shows_the_games_bids_and_tricks(client):
    seats = [SeatSpec(name, "human") for name in ("Ana", "Bea", "Cruz", "Dee")]
    table = play_services.table_create(seats=seats, ruleset=GAME.name, deals=1)
    assert play_services.table_ruleset(table) == GAME
    to_act = play_services.deal_state(GAME, table.current).to_act
    seat = OnlineSeat.objects.get(table=table, seat=to_act)
    page = client.get(reverse("play:seat", args=[seat.token])).content.decode()
    labels = [int(b) for b in re.findall(r'name="action" value="bid (\d+)"', page)]
    assert labels == list(GAME.bids())
    assert_no_monterey_number(page)

    # Play the deal on, taking each seat's first legal move, to the first trick's end.
    state = play_services.deal_state(GAME, table.current)
    while not state.view(0)["tricks"]:
        mover = OnlineSeat.objects.get(table=table, seat=state.to_act)
        play_services.table_act(
            token=mover.token, action=state.legal_actions()[-1], version=table.version
        )
        table.refresh_from_db()
        state = play_services.deal_state(GAME, table.current)
    page = client.get(reverse("play:seat", args=[seat.token])).content.decode()
    assert f"Last trick (1 of {GAME.tricks})" in html.unescape(page)
    assert f"Trick 2 of {GAME.tricks}" in html.unescape(page)
    assert "of 6" not in html.unescape(page)


@pytest.mark.parametrize(
    "name", [name for name in PARTNERSHIP_RULESETS if not name.startswith("monterey")]
)
def test_each_shipped_games_entry_pages_offer_its_bids_and_points(client, host, name):
    rs = PARTNERSHIP_RULESETS[name]
    shipped = services.party_create(
        owner=host,
        name=rs.title,
        date=datetime.date(2026, 4, 18),
        settings=services.PartySettings(ruleset=name, planned_rounds=3),
    )
    for player in ("Ana", "Bea", "Cruz", "Dee"):
        services.player_register(party=shipped, name=player, user=host)
    shipped.refresh_from_db()
    services.round1_seat_draw(party=shipped, seed=3, user=host)
    client.force_login(host)
    page = client.get(reverse("host:table", args=[shipped.slug, 1, 1])).content.decode()
    assert [int(b) for b in re.findall(r'name="bid" value="(\d+)"', page)] == list(rs.bids())
    assert f'max="{rs.total_points}"' in page
    assert ('name="other_team_points"' in page) == rs.cards_can_leave_play
    assert ('name="trump" value="S" required' in page) == rs.suit_bids
    page = client.get(reverse("host:table_tally", args=[shipped.slug, 1, 1])).content.decode()
    select = re.search(r'(?s)<select name="deal\d+-bid".*?</select>', page).group()
    assert [int(b) for b in re.findall(r'<option value="(\d+)"', select)] == list(rs.bids())
    assert ('name="deal1-other_team_points"' in page) == rs.cards_can_leave_play
