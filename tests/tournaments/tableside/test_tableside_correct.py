"""The host's "Correct" for a deal a table entered: the table's page shows
the entry waiting and its form holds what the table entered, to fix and save."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournaments.builders import make_table_night
from tournaments import services
from tournaments.models import DealResult, TableEntry
from tournaments.tableside.services import table_entry_submit

pytestmark = pytest.mark.django_db


@pytest.fixture
def waiting(host):
    table = make_table_night(host)
    party = table.round.party
    rs = services.party_ruleset(party)
    entry = table_entry_submit(
        table_round=table,
        deal=1,
        seat=1,
        bidder=3,
        bid=rs.min_bid + 1,
        bidding_team_points=rs.min_bid + 2,
        trump="H",
    )
    return party, entry


def test_correct_opens_the_form_holding_the_tables_entry(host, waiting):
    party, entry = waiting
    client = Client()
    client.force_login(host)
    grid = client.get(reverse("host:round", args=[party.slug, 1])).content.decode()
    correct = re.search(r'<a href="([^"]+)">Correct</a>', grid).group(1).replace("&amp;", "&")
    page = client.get(correct).content.decode()
    assert 'id="pending-entry"' in page
    assert "Entered by" in page and "Bea" in page  # seat 1 entered it
    assert re.search(r'name="bidder" value="3"[^>]*checked', page)
    assert re.search(rf'name="bid" value="{entry.bid}"[^>]*checked', page)
    assert re.search(r'name="trump" value="H"[^>]*checked', page)
    points = re.search(r'<input type="number" name="bidding_team_points"[^>]*>', page).group(0)
    assert f'value="{entry.bidding_team_points}"' in points
    # Saved from there, the deal is scored and the table's entry is settled.
    form = {
        "deal": 1,
        "bidder": 3,
        "bid": entry.bid,
        "bidding_team_points": entry.bidding_team_points - 1,
        "trump": "H",
        "form_token": "correct-1",
    }
    response = client.post(correct.split("?")[0], form)
    assert response.status_code == 302
    assert DealResult.objects.get().bidding_team_points == entry.bidding_team_points - 1
    entry.refresh_from_db()
    assert entry.status == TableEntry.Status.SUPERSEDED


def test_a_deal_with_nothing_waiting_opens_a_blank_form(host, waiting):
    party, _entry = waiting
    client = Client()
    client.force_login(host)
    url = reverse("host:table", args=[party.slug, 1, 1]) + "?deal=2"
    page = client.get(url).content.decode()
    assert 'id="pending-entry"' not in page
    assert not re.search(r'name="bidder" value="\d"[^>]*checked', page)
