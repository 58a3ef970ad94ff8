"""Bad input on the host's pages: a clear 4xx with the reason, and nothing changed.

Each case here once answered 500 (on PostgreSQL, or on both databases).
"""

from __future__ import annotations

import random

import pytest
from django.apps import apps
from django.test import Client
from django.urls import reverse

from tournaments import services
from tournaments.models import Party, Prize

from .builders import make_party, play_round, tied_table

pytestmark = pytest.mark.django_db

NOT_A_DIGIT = "²"  # str.isdigit() says yes, int() says no
HUGE = "9" * 5000  # more digits than int() will read
TOO_BIG = str(2**63)  # one more than a 64-bit column holds


def rows() -> dict[str, list[dict]]:
    return {
        model.__name__: list(model.objects.order_by("pk").values())
        for model in apps.get_app_config("tournaments").get_models()
    }


@pytest.fixture
def client(host) -> Client:
    client = Client()
    client.force_login(host)
    return client


@pytest.fixture
def seated(host) -> Party:
    party = make_party(host, players=8)
    services.round1_seat_draw(party=party, seed=7, user=host)
    party.refresh_from_db()
    return party


def page(response) -> str:
    return response.content.decode()


@pytest.mark.parametrize("value", [NOT_A_DIGIT, HUGE, TOO_BIG, "-3", "abc"])
def test_override_with_a_seat_that_is_no_player_id_is_refused(client, seated, value):
    url = reverse("host:override", args=[seated.slug, 1])
    posted = {f"t{t}s{s}": str(p) for t in (1, 2) for s, p in enumerate(range(4))}
    posted["t1s0"] = value
    before = rows()
    response = client.post(url, posted)
    assert response.status_code == 422
    assert "Choose a player for table 1, seat 1." in page(response)
    assert rows() == before


@pytest.mark.parametrize("seed", [TOO_BIG, HUGE, NOT_A_DIGIT, "-1"])
def test_a_seed_no_column_holds_is_refused(client, host, seed):
    party = make_party(host, players=8)
    before = rows()
    response = client.post(reverse("host:seat", args=[party.slug]), {"mode": "draw", "seed": seed})
    assert response.status_code == 422
    assert 'class="error"' in page(response)
    assert rows() == before


def test_the_largest_seed_a_column_holds_is_drawn(client, host):
    party = make_party(host, players=8)
    response = client.post(
        reverse("host:seat", args=[party.slug]), {"mode": "draw", "seed": str(2**63 - 1)}
    )
    assert response.status_code == 302
    assert party.rounds.get().seed == 2**63 - 1


def test_manual_seating_with_a_seat_that_is_no_player_id_is_refused(client, host):
    party = make_party(host, players=4)
    ids = list(party.players.order_by("order").values_list("pk", flat=True))
    posted = {"mode": "manual", **{f"t1s{s}": str(pk) for s, pk in enumerate(ids)}}
    posted["t1s2"] = NOT_A_DIGIT
    before = rows()
    response = client.post(reverse("host:seat", args=[party.slug]), posted)
    assert response.status_code == 422
    assert "Choose a player for table 1, seat 3." in page(response)
    assert rows() == before


@pytest.fixture
def finished(host, seated) -> Party:
    play_round(seated, seated.rounds.get(), host, random.Random(3))
    services.round_close(round=seated.rounds.get(), user=host, seat_next=False)
    services.party_finish(party=seated, user=host)
    seated.refresh_from_db()
    return seated


@pytest.mark.parametrize("field", ["prize", "player"])
@pytest.mark.parametrize("value", ["abc", TOO_BIG, HUGE, "\x00", ""])
def test_a_prize_pick_of_no_prize_or_player_is_refused(client, finished, field, value):
    prize = finished.prizes.filter(kind=Prize.Kind.PLACE).order_by("position").first()
    posted = {"prize": str(prize.pk), "player": str(finished.players.first().pk), field: value}
    before = rows()
    response = client.post(reverse("host:prizes", args=[finished.slug]), posted)
    assert response.status_code == 422
    assert 'class="error"' in page(response)
    assert rows() == before


@pytest.mark.parametrize("value", ["abc", TOO_BIG, HUGE, "\x00", "", "999999"])
def test_making_again_no_document_of_the_party_is_refused(client, seated, value):
    before = rows()
    response = client.post(reverse("host:documents", args=[seated.slug]), {"again": value})
    assert response.status_code == 422
    assert 'class="error"' in page(response)
    assert rows() == before


def test_a_prize_line_longer_than_the_column_is_a_field_error(client):
    posted = {
        "name": "Long prizes",
        "date": "2026-05-01",
        "ruleset": "monterey-draw",
        "movement": "up_down",
        "deals_per_round": "4",
        "sitout_credit": "average",
        "planned_rounds": "3",
        "shoot_set_penalty": "32",
        "prizes": "Wine\n" + "x" * 121,
    }
    response = client.post(reverse("host:party_create"), posted)
    assert response.status_code == 422
    assert "Line 2 is longer than 120 characters" in page(response)
    assert not Party.objects.exists() and not Prize.objects.exists()


@pytest.mark.parametrize("query", ["\x00", "Ana\x00", "x" * 81])
def test_a_type_ahead_query_no_name_starts_with_is_a_400(client, query):
    response = client.get(reverse("host:player_suggest"), {"q": query})
    assert response.status_code == 400
    body = response.json()
    assert body["names"] == [] and body["errors"]["q"][0]["message"]


def test_the_type_ahead_still_answers_a_good_query(client, host, seated):
    other = make_party(host, players=2)
    assert other.pk != seated.pk
    response = client.get(reverse("host:player_suggest"), {"q": "É"})
    assert response.status_code == 200
    assert response.json()["names"] == ["Élodie"]


def test_more_place_prizes_than_fit_before_the_special_ones_are_refused(client):
    posted = {
        "name": "Many prizes",
        "date": "2026-05-01",
        "ruleset": "monterey-draw",
        "movement": "up_down",
        "deals_per_round": "4",
        "sitout_credit": "average",
        "planned_rounds": "3",
        "shoot_set_penalty": "32",
        "prizes": "\n".join(f"Prize {n}" for n in range(1, services.SPECIAL_PRIZE_POSITION + 1)),
        "low_score_prize": "Booby prize",
    }
    response = client.post(reverse("host:party_create"), posted)
    assert response.status_code == 422
    assert f"at most {services.SPECIAL_PRIZE_POSITION - 1} place prizes" in page(response)
    assert not Party.objects.exists() and not Prize.objects.exists()


@pytest.mark.parametrize("value", [NOT_A_DIGIT, HUGE, "abc", "1.5", "\x00"])
def test_a_deal_number_that_is_no_whole_number_is_refused(client, seated, value):
    url = reverse("host:table", args=[seated.slug, 1, 1])
    posted = {"deal": value, "bidder": "1", "bid": "9", "bidding_team_points": "11"}
    before = rows()
    response = client.post(url, posted)
    assert response.status_code == 422
    assert "The deal number must be" in page(response)
    assert rows() == before
    assert client.get(url, {"deal": value}).status_code == 200


@pytest.mark.parametrize(
    "query",
    [{"award": NOT_A_DIGIT}, {"award": HUGE}, {"award": "\x00"}, {"design": ""}, {"paper": "x"}],
)
def test_a_certificate_preview_of_no_award_design_or_paper_is_404(client, seated, query):
    url = reverse("host:certificate_preview", args=[seated.slug])
    assert client.get(url, query).status_code == 404


@pytest.fixture
def tied(host) -> Party:
    """Table 1 of round 1 tied after its one deal: the cut decides it."""
    party, _ = tied_table(host, deals_per_round=1)
    return party


@pytest.mark.parametrize("team", ["2", "-1", NOT_A_DIGIT, " 1", "", "\x00"])
def test_a_cut_won_by_no_team_is_refused(client, tied, team):
    url = reverse("host:table_cut", args=[tied.slug, 1, 1])
    before = rows()
    response = client.post(url, {"team": team}, follow=True)
    assert "The cut is won by team 0 or team 1." in page(response)
    assert rows() == before


def test_the_cut_is_recorded_for_the_team_posted(client, tied):
    client.post(reverse("host:table_cut", args=[tied.slug, 1, 1]), {"team": "1"})
    assert tied.rounds.get().tables.get(table=1).cut_winner == 1
