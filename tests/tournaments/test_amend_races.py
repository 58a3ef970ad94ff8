"""Two tablets amend the same deal: the second save never silently replaces the first.

The amend form carries the version of the result it showed.  Saving over a
newer version changes nothing and answers 409 with both versions on the
page: what is stored now and what this host entered.  Saving again from
that page replaces the stored result knowingly.
"""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from tournaments import services
from tournaments.errors import UserError
from tournaments.models import AuditEntry, DealResult, Party

from .builders import make_party

pytestmark = pytest.mark.django_db


@pytest.fixture
def party(host) -> Party:
    party = make_party(host, players=8)
    rnd = services.round1_seat_draw(party=party, seed=7, user=host)
    services.result_record(
        round=rnd,
        table=1,
        deal=1,
        entry=services.DealEntry(bidder=0, bid=8, bidding_team_points=10),
        user=host,
    )
    party.refresh_from_db()
    return party


def tablet(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def amend_url(party: Party) -> str:
    return reverse("host:deal_amend", args=[party.slug, 1, 1, 1])


def shown_version(page: str) -> str:
    return re.search(r'name="version" value="(\d+)"', page).group(1)


def amendment(version: str, **fields) -> dict:
    return {"bidder": "0", "bid": "8", "bidding_team_points": "10", "version": version} | fields


def test_the_amend_form_carries_the_version_it_shows(host, party):
    page = tablet(host).get(amend_url(party)).content.decode()
    assert shown_version(page) == "1"


def test_a_stale_amendment_is_refused_and_both_versions_are_shown(host, party):
    first, second = tablet(host), tablet(host)
    seen_first = shown_version(first.get(amend_url(party)).content.decode())
    seen_second = shown_version(second.get(amend_url(party)).content.decode())

    saved = first.post(
        amend_url(party), amendment(seen_first, bidding_team_points="12", reason="Miscounted")
    )
    assert saved.status_code == 302
    stored = DealResult.objects.get(round__party=party, deal=1, table=1, is_current=True)
    assert (stored.version, stored.bidding_team_points) == (2, 12)
    rows = (DealResult.objects.count(), AuditEntry.objects.count())
    party.refresh_from_db()
    party_version = party.version

    refused = second.post(
        amend_url(party), amendment(seen_second, bidding_team_points="3", reason="Wrong bidder")
    )
    assert refused.status_code == 409
    page = refused.content.decode()
    assert "Another device amended this deal" in page
    # What is stored now (12 points, the first tablet's reason) ...
    stored_block = page[page.index('id="stored-result"') :]
    assert "Stored now (version 2)" in stored_block and "Miscounted" in stored_block
    assert "<dd>12</dd>" in stored_block
    # ... and what this tablet entered, still in the form.
    assert 'value="3"' in page and 'value="Wrong bidder"' in page
    # Nothing changed.
    assert (DealResult.objects.count(), AuditEntry.objects.count()) == rows
    current = DealResult.objects.get(round__party=party, deal=1, table=1, is_current=True)
    assert (current.pk, current.bidding_team_points) == (stored.pk, 12)
    party.refresh_from_db()
    assert party.version == party_version

    # The page now carries the stored version: saving again replaces it knowingly.
    assert shown_version(page) == "2"
    again = second.post(
        amend_url(party), amendment("2", bidding_team_points="3", reason="Wrong bidder")
    )
    assert again.status_code == 302
    current = DealResult.objects.get(round__party=party, deal=1, table=1, is_current=True)
    assert (current.version, current.bidding_team_points) == (3, 3)


@pytest.mark.parametrize("version", ["", "0", "abc", "²", str(2**63), "9" * 5000])
def test_an_amendment_without_a_good_version_is_refused(host, party, version):
    before = list(DealResult.objects.order_by("pk").values())
    response = tablet(host).post(
        amend_url(party), amendment(version, bidding_team_points="3", reason="Why not")
    )
    assert response.status_code == 422
    assert "This page is out of date: open the deal again." in response.content.decode()
    assert list(DealResult.objects.order_by("pk").values()) == before


def test_the_service_refuses_a_stale_version_and_names_the_stored_result(host, party):
    result = DealResult.objects.get(round__party=party, deal=1)
    first, _ = services.result_amend(
        result=result,
        entry=services.DealEntry(bidder=0, bid=8, bidding_team_points=12),
        reason="a",
        user=host,
        version=1,
    )
    with pytest.raises(UserError) as caught:
        services.result_amend(
            result=first,
            entry=services.DealEntry(bidder=0, bid=8, bidding_team_points=2),
            reason="b",
            user=host,
            version=1,
        )
    assert caught.value.result.pk == first.pk
    assert DealResult.objects.filter(round__party=party, deal=1).count() == 2
