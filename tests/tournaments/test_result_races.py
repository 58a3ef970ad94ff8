"""Two tablets, one deal: a result is stored once, whoever loses the race is told.

The race test runs real threads, each on its own database connection, so it
needs a transactional test database: on PostgreSQL (CI) ``SELECT ... FOR
UPDATE`` on the round makes the writers queue; on SQLite the writers
serialize on the database lock (``transaction_mode`` IMMEDIATE, busy timeout).
"""

from __future__ import annotations

import re
import threading

import pytest
from django.db import connection
from django.urls import reverse

from tournaments import services
from tournaments.errors import UserError
from tournaments.models import AuditEntry, DealResult, Party

from .builders import make_party

TABLETS = 20


def _seated(host):
    party = make_party(host)
    rnd = services.round1_seat_draw(party=party, seed=3, user=host)
    return party, rnd


@pytest.mark.django_db(transaction=True)
def test_twenty_tablets_entering_the_same_deal_store_one_result(host):
    party, rnd = _seated(host)
    version = Party.objects.get(pk=party.pk).version
    barrier = threading.Barrier(TABLETS)
    outcomes: list[object] = [None] * TABLETS

    def submit(i: int) -> None:
        try:
            barrier.wait(timeout=30)
            outcomes[i] = services.result_record(
                round=rnd,
                table=1,
                deal=1,
                entry=services.DealEntry(bidder=i % 4, bid=6 + i % 11, bidding_team_points=i % 17),
                user=host,
                form_token=f"race-{i}",
            )
        except Exception as exc:  # every outcome is checked below
            outcomes[i] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=submit, args=(i,)) for i in range(TABLETS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not any(thread.is_alive() for thread in threads)

    stored = [o for o in outcomes if isinstance(o, DealResult)]
    refused = [o for o in outcomes if isinstance(o, UserError)]
    unexpected = [o for o in outcomes if not isinstance(o, DealResult | UserError)]
    assert unexpected == []
    assert len(stored) == 1 and len(refused) == TABLETS - 1
    winner = stored[0]
    row = DealResult.objects.get(round=rnd, table=1, deal=1)
    assert row.is_current and row.pk == winner.pk
    i = int(row.form_token.removeprefix("race-"))
    assert (row.bidder, row.bid, row.bidding_team_points) == (i % 4, 6 + i % 11, i % 17)
    for error in refused:
        assert "was already entered by hostess" in error.errors["deal"]
    assert AuditEntry.objects.filter(party=party, action="result_record").count() == 1
    assert Party.objects.get(pk=party.pk).version == version + 1


# --------------------------------------------------------------------- through the view


@pytest.fixture
def host_client(client, host):
    client.force_login(host)
    return client


@pytest.mark.django_db
def test_double_tap_stores_one_row_and_both_taps_go_to_the_table(host_client, host):
    party, rnd = _seated(host)
    url = reverse("host:table", args=[party.slug, 1, 1])
    data = {"deal": 1, "bidder": 1, "bid": 9, "bidding_team_points": 11, "form_token": "tap-tap"}
    first = host_client.post(url, data)
    second = host_client.post(url, data)
    assert first.status_code == second.status_code == 302
    assert first["Location"] == second["Location"] == url
    row = DealResult.objects.get()
    assert (row.bidder, row.bid, row.bidding_team_points, row.form_token) == (1, 9, 11, "tap-tap")
    assert AuditEntry.objects.filter(action="result_record").count() == 1


@pytest.mark.django_db
def test_stale_form_moves_on_to_the_next_deal(host_client, host, django_user_model):
    party, rnd = _seated(host)
    cohost = django_user_model.objects.create_user(username="marguerite", password="x-x-x-x-1")
    party.cohosts.add(cohost)
    services.result_record(
        round=rnd,
        table=1,
        deal=1,
        entry=services.DealEntry(bidder=0, bid=8, bidding_team_points=10),
        user=cohost,
    )
    url = reverse("host:table", args=[party.slug, 1, 1])
    # This tablet loaded the form for deal 1 before the co-host's tablet saved it.
    response = host_client.post(
        url,
        {"deal": 1, "bidder": 2, "bid": 12, "bidding_team_points": 3, "form_token": "stale"},
        follow=True,
    )
    # Refused, said so, and the page is ready for deal 2: a save from it is not
    # refused again, as it was when the page kept offering deal 1.
    assert response.redirect_chain == [(url, 302)]
    page = response.content.decode()
    assert "Deal 1 at table 1 was already entered by marguerite at" in page
    assert "To change it, amend it." in page
    assert '<input type="hidden" name="deal" value="2">' in page
    row = DealResult.objects.get()
    assert (row.bidder, row.bid, row.bidding_team_points) == (0, 8, 10)
    assert row.entered_by == cohost and row.form_token is None
    assert AuditEntry.objects.filter(action="result_record").count() == 1
    token = re.search(r'name="form_token" value="([^"]+)"', page).group(1)
    host_client.post(
        url, {"deal": 2, "bidder": 2, "bid": 12, "bidding_team_points": 3, "form_token": token}
    )
    assert DealResult.objects.get(deal=2).bid == 12
