"""A whole table's deals from its tally card: checked together, saved all or none."""

from __future__ import annotations

import dataclasses
import html

import pytest
from django.urls import reverse

from scoring.rules import PARTNERSHIP_RULESETS
from scoring.rules.cards import POINT_ROLES
from tournaments import services
from tournaments.errors import UserError
from tournaments.models import AuditEntry, DealResult, Party

from .builders import make_party

pytestmark = pytest.mark.django_db

#: (bidder, bid, points) for deals 1..4.
CARD = [(0, 8, 10), (1, 9, 4), (2, 32, 16), (3, 6, 6)]


@pytest.fixture
def seated(host):
    party = make_party(host, players=4)
    rnd = services.round1_seat_draw(party=party, seed=3, user=host)
    return party, rnd


@pytest.fixture
def host_client(client, host):
    client.force_login(host)
    return client


def counts() -> tuple[int, int, int]:
    return DealResult.objects.count(), AuditEntry.objects.count(), Party.objects.get().version


def deals(card=CARD) -> dict[int, services.DealEntry]:
    return {
        d: services.DealEntry(bidder=bidder, bid=bid, bidding_team_points=points)
        for d, (bidder, bid, points) in enumerate(card, start=1)
    }


def posted(card) -> dict[str, str]:
    data = {}
    for d, (bidder, bid, points) in enumerate(card, start=1):
        data |= {f"deal{d}-bidder": bidder, f"deal{d}-bid": bid}
        data[f"deal{d}-bidding_team_points"] = points
    return data


def test_the_service_stores_every_deal(seated, host):
    _, rnd = seated
    results = services.table_results_enter(round=rnd, table=1, deals=deals(), user=host)
    assert [(r.deal, r.score0, r.score1) for r in results] == [
        (1, 10, 6),
        (2, 12, -9),
        (3, 32, 0),
        (4, 10, 6),
    ]
    assert AuditEntry.objects.filter(action="result_record").count() == 4


def test_the_service_keeps_nothing_when_one_deal_is_refused(seated, host):
    _, rnd = seated
    before = counts()
    card = [CARD[0], (1, 5, 4), CARD[2], (3, 6, 17)]
    with pytest.raises(UserError) as refused:
        services.table_results_enter(round=rnd, table=1, deals=deals(card), user=host)
    assert set(refused.value.errors) == {"2.bid", "4.bidding_team_points"}
    assert "not 5" in refused.value.errors["2.bid"]
    assert counts() == before


def test_the_page_saves_the_whole_card(host_client, seated):
    party, rnd = seated
    url = reverse("host:table_tally", args=[party.slug, 1, 1])
    page = host_client.get(url).content.decode()
    assert page.count('class="deal-row') == 4
    response = host_client.post(url, posted(CARD))
    assert response.status_code == 302
    assert response["Location"] == reverse("host:table", args=[party.slug, 1, 1])
    stored = DealResult.objects.order_by("deal")
    assert [(r.bidder, r.bid, r.bidding_team_points) for r in stored] == CARD
    # The same card sent again (a double tap) changes nothing.
    before = counts()
    assert host_client.post(url, posted(CARD)).status_code == 302
    assert counts() == before


def test_the_page_shows_each_deals_errors_and_saves_none(host_client, seated, host):
    party, rnd = seated
    services.result_record(
        round=rnd,
        table=1,
        deal=3,
        entry=services.DealEntry(bidder=2, bid=7, bidding_team_points=9),
        user=host,
    )
    before = counts()
    url = reverse("host:table_tally", args=[party.slug, 1, 1])
    # Deal 3 was entered by another tablet since this card was opened; deal 1's bid is no bid.
    card = [(0, 40, 10), CARD[1], CARD[2], CARD[3]]
    response = host_client.post(url, posted(card))
    assert response.status_code == 422
    page = html.unescape(response.content.decode())
    assert "Nothing was saved." in page
    row1 = page.split('id="deal1"')[1].split("</tr>")[0]
    row3 = page.split('id="deal3"')[1].split("</tr>")[0]
    row2 = page.split('id="deal2"')[1].split("</tr>")[0]
    assert "not 40" in row1 and "has-error" in page.split('id="deal1"')[0][-40:]
    assert "Deal 3 at table 1 is already entered" in row3
    assert 'class="error"' not in row2
    assert counts() == before


def test_a_form_error_saves_nothing(host_client, seated):
    party, _ = seated
    before = counts()
    url = reverse("host:table_tally", args=[party.slug, 1, 1])
    response = host_client.post(url, {**posted(CARD), "deal2-bidding_team_points": "many"})
    assert response.status_code == 422
    assert "Enter a whole number." in response.content.decode()
    assert counts() == before


def test_the_pages_numbers_are_the_rulesets(host_client, seated, monkeypatch):
    # A game whose deal holds 10 points and bids 4 to 9, with no shoot.
    party, _ = seated
    game = dataclasses.replace(
        PARTNERSHIP_RULESETS["monterey-draw"],
        points=tuple((role, 2) for role in POINT_ROLES[:5]),
        min_bid=4,
        max_bid=9,
        shoot=False,
    )
    monkeypatch.setattr(
        services.common, "PARTNERSHIP_RULESETS", {**PARTNERSHIP_RULESETS, party.ruleset: game}
    )
    for name in ("host:table", "host:table_tally"):
        page = host_client.get(reverse(name, args=[party.slug, 1, 1])).content.decode()
        assert 'max="10"' in page and 'max="16"' not in page
        assert 'value="4"' in page and 'value="32"' not in page
    page = host_client.get(reverse("host:table", args=[party.slug, 1, 1])).content.decode()
    assert 'data-total="10"' in page and "data-shoot-bid" not in page
    # Detailed entry offers the game's point cards at the game's values.
    assert "Ace (high), 2" in page and "Left pedro, 2" in page
    assert "Two (low)" not in page
    url = reverse("host:table", args=[party.slug, 1, 1])
    data = {"deal": "1", "bidder": "0", "bid": "5", "bidding_team_points": "11"}
    response = host_client.post(url, data)
    assert response.status_code == 422
    assert "less than or equal to 10" in response.content.decode()
