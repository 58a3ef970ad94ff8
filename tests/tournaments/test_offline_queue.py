"""The tablet's offline queue sends deals itself and asks for JSON: a deal
sent again (same form token) is answered with the stored result and no second
row; a different entry for a deal another device entered meanwhile gets a
409 carrying both versions, and nothing is overwritten."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments import services
from tournaments.models import AuditEntry, DealResult

from .builders import make_party

pytestmark = pytest.mark.django_db

JSON = {"HTTP_ACCEPT": "application/json"}


@pytest.fixture
def seated(client, host):
    client.force_login(host)
    party = make_party(host)
    rnd = services.round1_seat_draw(party=party, seed=3, user=host)
    return party, rnd, reverse("host:table", args=[party.slug, 1, 1])


def test_a_queued_deal_is_stored_and_answered_in_json(client, seated):
    party, rnd, url = seated
    data = {"deal": 1, "bidder": 1, "bid": 9, "bidding_team_points": 11, "form_token": "queued-1"}
    response = client.post(url, data, **JSON)
    assert response.status_code == 201
    body = response.json()
    assert body["status"] == "stored" and body["replayed"] is False
    assert body["location"] == url
    row = DealResult.objects.get()
    assert body["result"]["bid"] == row.bid == 9
    assert body["result"]["score"] == [row.score0, row.score1]


def test_a_replayed_token_is_answered_with_the_stored_result_and_no_second_row(client, seated):
    party, rnd, url = seated
    data = {"deal": 1, "bidder": 1, "bid": 9, "bidding_team_points": 11, "form_token": "lost-ack"}
    first = client.post(url, data, **JSON)
    # The answer was lost on the way back: the queue sends the same deal again.
    again = client.post(url, data, **JSON)
    assert first.status_code == 201
    assert again.status_code == 200
    assert again.json()["replayed"] is True
    assert again.json()["result"] == first.json()["result"]
    assert DealResult.objects.count() == 1
    assert AuditEntry.objects.filter(action="result_record").count() == 1


def test_a_deal_entered_meanwhile_elsewhere_is_a_conflict_with_both_versions(
    client, seated, host, django_user_model
):
    party, rnd, url = seated
    cohost = django_user_model.objects.create_user(username="marguerite", password="x-x-x-x-1")
    party.cohosts.add(cohost)
    services.result_record(
        round=rnd,
        table=1,
        deal=1,
        entry=services.DealEntry(bidder=0, bid=8, bidding_team_points=10),
        user=cohost,
    )
    data = {"deal": 1, "bidder": 2, "bid": 12, "bidding_team_points": 3, "form_token": "offline"}
    response = client.post(url, data, **JSON)
    assert response.status_code == 409
    body = response.json()
    assert body["status"] == "conflict"
    assert body["stored"]["bid"] == 8 and body["stored"]["bidding_team_points"] == 10
    assert body["stored"]["entered_by"] == "marguerite"
    assert body["sent"]["bid"] == 12 and body["sent"]["bidding_team_points"] == 3
    assert "already entered by marguerite" in body["message"]
    assert "entered on another device" in body["html"]
    assert "marguerite" in body["html"]
    row = DealResult.objects.get()
    assert (row.bidder, row.bid, row.bidding_team_points) == (0, 8, 10)
    assert not DealResult.objects.filter(form_token="offline").exists()


def test_a_queued_deal_with_bad_values_is_refused_with_its_errors(client, seated):
    party, rnd, url = seated
    data = {"deal": 1, "bidder": 1, "bid": 9, "form_token": "no-points"}
    response = client.post(url, data, **JSON)
    assert response.status_code == 422
    assert "bidding_team_points" in response.json()["errors"]
    assert not DealResult.objects.exists()


def test_a_stale_form_moves_on_and_says_both_versions(client, seated, host, django_user_model):
    party, rnd, url = seated
    services.result_record(
        round=rnd,
        table=1,
        deal=1,
        entry=services.DealEntry(bidder=0, bid=8, bidding_team_points=10),
        user=host,
    )
    response = client.post(
        url,
        {"deal": 1, "bidder": 2, "bid": 12, "bidding_team_points": 3, "form_token": "stale"},
        follow=True,
    )
    # The page moves on to the next deal, saying what is stored and what
    # this tablet entered, which was not saved.
    page = response.content.decode()
    assert "Deal 1 at table 1 was already entered by" in page
    assert "Not saved from this tablet: seat 3 bid 12, 3 points." in page
