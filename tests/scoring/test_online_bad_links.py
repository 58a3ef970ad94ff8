"""A private link that is no token (a NUL byte, a space, a dot) is 404 before any query.

PostgreSQL refuses a NUL byte in a text value, so such a link once answered
500 there; on SQLite it found no row.  The answer is the same on both now.
"""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from scoring.models import DealEvent, OnlineSeat, OnlineTable

from .builders import make_table

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_think")]

NOT_TOKENS = ["%00", "abc%00defghij", "%C2%B2%C2%B2%C2%B2%C2%B2", "a" * 33, "short", "x%20y"]

GETS = ["/play/{side}/{token}/", "/play/{side}/{token}/deal/1/"]


def rows() -> tuple:
    return (
        list(OnlineTable.objects.order_by("pk").values()),
        list(OnlineSeat.objects.order_by("pk").values()),
        DealEvent.objects.count(),
    )


@pytest.mark.parametrize("token", NOT_TOKENS)
@pytest.mark.parametrize(
    "url",
    [
        "/play/s/{token}/",
        "/play/s/{token}/state.json",
        "/play/s/{token}/deal/1/",
        "/play/t/{token}/",
        "/play/t/{token}/deal/1/",
    ],
)
def test_a_link_that_is_no_token_is_404_without_a_query(url, token):
    make_table()
    with CaptureQueriesContext(connection) as queries:
        response = Client().get(url.format(token=token))
    assert response.status_code == 404
    assert len(queries) == 0


@pytest.mark.parametrize("token", NOT_TOKENS)
@pytest.mark.parametrize(
    "url", ["/play/s/{token}/act/", "/play/t/{token}/next/", "/play/t/{token}/seat/1/"]
)
def test_a_move_on_a_link_that_is_no_token_is_404_and_changes_nothing(url, token):
    make_table()
    before = rows()
    response = Client().post(url.format(token=token), {"action": "pass", "version": "1"})
    assert response.status_code == 404
    assert rows() == before


def test_a_real_token_still_opens_its_pages():
    table = make_table()
    seat = table.seats.order_by("seat").first()
    client = Client()
    assert client.get(f"/play/s/{seat.token}/").status_code == 200
    assert client.get(f"/play/s/{seat.token}/state.json").status_code == 200
    assert client.get(f"/play/t/{table.creator_token}/").status_code == 200
