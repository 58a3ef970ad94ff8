"""The shoot reads the same on every host page, from the party's ruleset:
"shoot the moon", never "bid 32" on one page and "16 for 32" on another."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.rules import RULESETS
from scoring.selectors import bid_text, describe
from scoring.selectors.seat import _choice_buttons
from tournaments import services

from .builders import make_party

pytestmark = pytest.mark.django_db

RS = RULESETS["monterey-draw"]
SHOOT = RS.shoot_bid


@pytest.fixture
def shot(client, host):
    party = make_party(host, players=4)
    rnd = services.round1_seat_draw(party=party, seed=5, user=host)
    services.result_record(
        round=rnd,
        table=1,
        deal=1,
        entry=services.DealEntry(bidder=0, bid=SHOOT, bidding_team_points=RS.total_points),
        user=host,
    )
    client.force_login(host)
    return party


def test_the_grid_the_table_page_and_the_changes_say_shoot_the_moon(client, shot):
    party = shot
    pages = {
        "grid": reverse("host:round", args=[party.slug, 1]),
        "table": reverse("host:table", args=[party.slug, 1, 1]),
        "changes": reverse("host:audit", args=[party.slug]),
    }
    for name, url in pages.items():
        text = client.get(url).content.decode()
        assert "shoot the moon" in text, name
        assert f"{RS.total_points} for {SHOOT}" not in text, name
        assert f"bid {SHOOT}" not in text, name
        assert f"{SHOOT} (shoot)" not in text, name
    table = client.get(pages["table"]).content.decode()
    assert f'value="{SHOOT}"' in table and "<span>shoot the moon</span>" in table


def test_online_tables_use_the_same_words():
    assert bid_text(f"bid {SHOOT}", RS) == "shoot the moon"
    assert bid_text(f"bid {RS.min_bid}", RS) == str(RS.min_bid)
    assert (f"bid {SHOOT}", "Shoot the moon", "bid") in _choice_buttons([f"bid {SHOOT}"], RS)
    assert describe("Bea", f"bid {SHOOT}", RS) == "Bea shoots the moon"
    assert describe("Bea", f"bid {RS.min_bid}", RS) == f"Bea bids {RS.min_bid}"
