"""The tablet's offline queue sends deals itself and asks for JSON: a deal
sent again (same form token) is answered with the stored result and no second
row; a different entry for a deal another device entered meanwhile gets a
409 carrying both versions, and nothing is overwritten."""

from __future__ import annotations

import datetime
import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tournaments import services
from tournaments.models import AuditEntry, DealResult
from tournaments.services.results import QUEUE_WAIT_MAX

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


def test_a_queued_deal_keeps_the_time_it_was_entered_by_the_servers_clock(client, seated):
    party, rnd, url = seated
    data = {"deal": 1, "bidder": 1, "bid": 9, "bidding_team_points": 11, "form_token": "waited"}
    before = timezone.now()
    response = client.post(url, {**data, "waited_ms": 90_000}, **JSON)
    after = timezone.now()
    assert response.status_code == 201
    row = DealResult.objects.get()
    gap = datetime.timedelta(seconds=90)
    assert before - gap <= row.entered_at <= after - gap
    assert response.json()["result"]["entered_at"] == row.entered_at.isoformat()


def test_a_wait_longer_than_a_night_counts_as_the_longest_wait(client, seated):
    party, rnd, url = seated
    data = {"deal": 1, "bidder": 1, "bid": 9, "bidding_team_points": 11, "form_token": "days"}
    before = timezone.now()
    assert client.post(url, {**data, "waited_ms": 10**12}, **JSON).status_code == 201
    assert DealResult.objects.get().entered_at >= before - QUEUE_WAIT_MAX


@pytest.mark.parametrize("waited", [-5, 10**13, "soon"])
def test_a_wait_that_is_no_wait_is_refused_and_stores_nothing(client, seated, waited):
    party, rnd, url = seated
    data = {"deal": 1, "bidder": 1, "bid": 9, "bidding_team_points": 11, "waited_ms": waited}
    assert client.post(url, data, **JSON).status_code == 422
    assert not DealResult.objects.exists()


def test_a_token_sent_again_for_another_deal_is_a_conflict_and_the_deal_is_not_stored(
    client, seated
):
    party, rnd, url = seated
    first = {"deal": 1, "bidder": 1, "bid": 9, "bidding_team_points": 11, "form_token": "once"}
    assert client.post(url, first, **JSON).status_code == 201
    # The same form token comes back with deal 3 (a page kept from before deal 1 was sent).
    third = {**first, "deal": 3, "bidder": 2, "bid": 7, "bidding_team_points": 4}
    response = client.post(url, third, **JSON)
    assert response.status_code == 409
    body = response.json()
    assert body["status"] == "conflict" and body["differs"] == ["deal"]
    assert "stored" not in body and "result" not in body
    assert body["sent"]["deal"] == 3 and body["sent"]["bid"] == 7
    assert "Deal 3 at table 1 of round 1 was not saved" in body["message"]
    # The queue shows the fragment to the host as a conflict (static/js/offline.js).
    assert "Deal 3 at table 1 of round 1 was not saved" in body["html"]
    assert reverse("host:table", args=[party.slug, 1, 1]) in body["html"]
    assert list(DealResult.objects.values_list("deal", "bid")) == [(1, 9)]


def test_a_token_of_another_partys_tablet_is_refused_and_tells_nothing_of_it(
    client, seated, host, other_host
):
    party, rnd, url = seated
    mine = {"deal": 1, "bidder": 2, "bid": 11, "bidding_team_points": 13, "form_token": "mine"}
    assert client.post(url, mine, **JSON).status_code == 201
    theirs = make_party(other_host, players=4)
    services.round1_seat_draw(party=theirs, seed=1, user=other_host)
    rival = Client()
    rival.force_login(other_host)
    their_url = reverse("host:table", args=[theirs.slug, 1, 1])
    sent = {**mine, "deal": 2, "bidder": 0, "bid": 7, "bidding_team_points": 4}
    answer = rival.post(their_url, sent, **JSON)
    assert answer.status_code == 409
    body = answer.json()
    assert set(body) == {"status", "differs", "message", "sent", "html"}
    assert body["differs"] == ["party"] and body["sent"]["bid"] == 7
    page = rival.post(their_url, sent)
    assert page.status_code == 409
    for text in (answer.content.decode(), page.content.decode()):
        assert "This form was used for another party" in text
        for secret in (host.username, party.slug, "table 1, deal 1"):
            assert secret not in text
    assert not DealResult.objects.filter(round__party=theirs).exists()
    assert DealResult.objects.count() == 1


def test_a_plain_form_sent_with_a_used_token_says_so_and_saves_with_a_new_one(client, seated):
    party, rnd, url = seated
    first = {"deal": 1, "bidder": 1, "bid": 9, "bidding_team_points": 11, "form_token": "once"}
    assert client.post(url, first).status_code == 302
    second = {**first, "deal": 2, "bid": 10}
    response = client.post(url, second)
    assert response.status_code == 409
    page = response.content.decode()
    assert "Deal 2 at table 1 of round 1 was not saved" in page
    assert not DealResult.objects.filter(deal=2).exists()
    # The page offers the same deal again with a token of its own: saving it works.
    token = re.search(r'name="form_token" value="([^"]+)"', page).group(1)
    assert token != "once"
    assert client.post(url, {**second, "form_token": token}).status_code == 302
    assert DealResult.objects.get(deal=2).bid == 10
