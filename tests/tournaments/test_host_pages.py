"""The host's pages render, post through the services, and show errors by field."""

from __future__ import annotations

import random

import pytest
from django.urls import reverse

from tournaments import services
from tournaments.models import DealResult, Party

from .builders import play_round

pytestmark = pytest.mark.django_db


@pytest.fixture
def client_host(client, host):
    client.force_login(host)
    return client


def test_create_party_register_seat_and_enter(client_host, host):
    response = client_host.post(
        reverse("host:party_create"),
        {
            "name": "Friday Pedro",
            "date": "2026-11-27",
            "venue": "Hall",
            "ruleset": "monterey-draw",
            "movement": "up_down",
            "deals_per_round": 4,
            "sitout_credit": "average",
            "planned_rounds": 3,
            "shoot_needs_ace_and_two": "on",
            "shoot_set_penalty": 32,
            "low_is_keeper": "on",
            "prizes": "Wine\nCake",
            "low_score_prize": "Booby prize",
        },
    )
    party = Party.objects.get(name="Friday Pedro")
    assert list(party.prizes.values_list("kind", "name")) == [
        ("low_score", "Booby prize"),
        ("place", "Wine"),
        ("place", "Cake"),
    ]
    assert response.status_code == 302
    url = reverse("host:players", args=[party.slug])
    for name in ["Élodie", "Beñat", "O'Brien", "Zoë", "Núñez"]:
        assert client_host.post(url, {"name": name}).status_code == 200
    page = client_host.get(url).content.decode()
    assert "O&#x27;Brien" in page and "Élodie" in page
    response = client_host.post(
        reverse("host:seat", args=[party.slug]), {"mode": "draw", "seed": "5"}
    )
    assert response.status_code == 302
    table_url = reverse("host:table", args=[party.slug, 1, 1])
    assert client_host.get(table_url).status_code == 200
    response = client_host.post(
        table_url, {"deal": 1, "bidder": 2, "bid": 9, "bidding_team_points": 11, "form_token": "x1"}
    )
    assert response.status_code == 302
    result = DealResult.objects.get()
    assert (result.bidder, result.bid, result.score0, result.score1) == (2, 9, 11, 5)
    for name in ["host:dashboard", "host:players", "host:audit", "host:prizes"]:
        assert client_host.get(reverse(name, args=[party.slug])).status_code == 200
    assert client_host.get(reverse("host:round", args=[party.slug, 1])).status_code == 200
    amend = reverse("host:deal_amend", args=[party.slug, 1, 1, 1])
    assert client_host.get(amend).status_code == 200


def test_bad_result_shows_field_error_and_saves_nothing(client_host, party, host):
    services.round1_seat_draw(party=party, seed=1, user=host)
    url = reverse("host:table", args=[party.slug, 1, 1])
    response = client_host.post(
        url, {"deal": 1, "bidder": 0, "bid": 8, "bidding_team_points": 10, "tally0": 3, "tally1": 6}
    )
    assert response.status_code == 422
    assert "tally" in response.content.decode().lower()
    assert not DealResult.objects.exists()


def test_full_round_close_and_moves_page(client_host, party, host):
    rnd = services.round1_seat_draw(party=party, seed=1, user=host)
    play_round(party, rnd, host, random.Random(2))
    response = client_host.post(reverse("host:round_close", args=[party.slug, 1]))
    if response.status_code == 302 and "moves" in response["Location"]:
        page = client_host.get(response["Location"]).content.decode()
        assert "where to move" in page.lower()
    else:
        page = client_host.get(reverse("host:round", args=[party.slug, 1])).content.decode()
        assert "cut" in page


def test_htmx_grid_partial(client_host, party, host):
    services.round1_seat_draw(party=party, seed=1, user=host)
    response = client_host.get(
        reverse("host:dashboard", args=[party.slug]), headers={"HX-Request": "true"}
    )
    body = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in body and "Table 1" in body
    assert response["Vary"] == "HX-Request" or "HX-Request" in response["Vary"]


def test_a_running_partys_pages_link_to_putting_a_table_online(client_host, party, host):
    online = f'href="{reverse("play:party_new")}"'
    dashboard = reverse("host:dashboard", args=[party.slug])
    assert online not in client_host.get(dashboard).content.decode()  # nothing seated yet
    services.round1_seat_draw(party=party, seed=3, user=host)
    page = client_host.get(dashboard).content.decode()
    assert online in page and "Put a table online" in page
