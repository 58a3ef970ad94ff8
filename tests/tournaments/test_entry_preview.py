"""What the entry page gives its live preview: the ruleset's numbers and the
table's totals before the deal being entered (or amended)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tournaments import services

from .builders import make_party

pytestmark = pytest.mark.django_db


def preview(client, url: str) -> dict[str, str]:
    page = client.get(url).content.decode()
    tag = re.search(r'<p class="preview"[^>]*>', page).group(0)
    return dict(re.findall(r'data-([a-z0-9-]+)="([^"]*)"', tag))


@pytest.fixture
def entered(client, host):
    """One table with deals 1 (12 to 4, made) and 2 (bid 10, took 3: set) entered."""
    client.force_login(host)
    party = make_party(host, players=4)
    rnd = services.round1_seat_draw(party=party, seed=3, user=host)
    services.result_record(
        round=rnd,
        table=1,
        deal=1,
        entry=services.DealEntry(bidder=0, bid=8, bidding_team_points=12),
        user=host,
    )
    services.result_record(
        round=rnd,
        table=1,
        deal=2,
        entry=services.DealEntry(bidder=1, bid=10, bidding_team_points=3),
        user=host,
    )
    return party


def test_the_preview_reads_the_ruleset_and_the_tables_totals(client, entered):
    rs = services.party_ruleset(entered)
    data = preview(client, reverse("host:table", args=[entered.slug, 1, 1]))
    assert data["total"] == str(rs.total_points)
    assert data["shoot-bid"] == str(rs.shoot_bid)
    assert data["shoot-penalty"] == str(rs.shoot_set_penalty)
    # Deal 1: team 0 made 12, team 1 took 4; deal 2: team 1 set (-10), team 0 took 13.
    assert (data["total0"], data["total1"]) == ("25", "-6")
    assert data["text"] == "{outcome}: {took} to {other} → table {team0} – {team1}"


def test_an_amendment_previews_the_totals_without_the_deal_amended(client, entered):
    url = reverse("host:deal_amend", args=[entered.slug, 1, 1, 2])
    data = preview(client, url)
    assert (data["total0"], data["total1"]) == ("12", "4")
