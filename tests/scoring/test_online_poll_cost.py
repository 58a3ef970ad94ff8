"""What the one-second poll of a seat's page costs the server while nothing
changes: one cache round trip for the watch note, one query, and no replay
of the deal, even at a table that has been still for long."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring import watching

from .builders import make_idle, make_table, seats_of

pytestmark = pytest.mark.django_db

HX = {"HX-Request": "true"}


class CountingCache:
    """The real cache, counting the calls (each one a round trip to Redis)."""

    def __init__(self, cache):
        self._cache = cache
        self.calls: list[str] = []

    def __getattr__(self, name):
        method = getattr(self._cache, name)

        def call(*args, **kwargs):
            self.calls.append(name)
            return method(*args, **kwargs)

        return call


def poll(client, token: str):
    """A seat's page, then its poll with the ETag it got: a 304."""
    url = reverse("play:seat", args=[token])
    etag = client.get(url, headers=HX)["ETag"]
    response = client.get(url, headers={**HX, "If-None-Match": etag})
    assert response.status_code == 304
    return url, etag


def test_an_open_page_is_noted_with_one_cache_call(client, monkeypatch):
    table = make_table()
    url, etag = poll(client, seats_of(table)[0].token)
    counting = CountingCache(watching.cache)
    monkeypatch.setattr(watching, "cache", counting)

    response = client.get(url, headers={**HX, "If-None-Match": etag})

    assert response.status_code == 304
    assert counting.calls == ["touch"]


def test_a_page_opened_after_a_gap_is_still_noticed():
    table = make_table()
    token = seats_of(table)[0].token
    assert watching.watch_mark(token) is True  # first look
    assert watching.watch_mark(token) is False  # still open
    watching.cache.delete(f"play:watched:{token}")  # the note expired
    assert watching.watch_mark(token) is True


def test_a_still_table_of_four_people_is_polled_without_replaying_its_deal(client):
    table = make_table()  # four people: no bot can be due
    token = seats_of(table)[0].token
    url, etag = poll(client, token)
    make_idle(table)  # nobody has moved for an hour

    with CaptureQueriesContext(connection) as queries:
        response = client.get(url, headers={**HX, "If-None-Match": etag})

    assert response.status_code == 304
    assert len(queries) == 1  # whether the table has a bot comes with the poll
    deals = [q["sql"] for q in queries if "scoring_onlinedeal" in q["sql"]]
    assert deals == []  # the deal is neither read nor replayed


def test_the_poll_query_builds_no_order_by(client):
    table = make_table()
    url, etag = poll(client, seats_of(table)[0].token)

    with CaptureQueriesContext(connection) as queries:
        response = client.get(url, headers={**HX, "If-None-Match": etag})

    assert response.status_code == 304
    assert len(queries) == 1
    assert "ORDER BY" not in queries[0]["sql"]


def test_the_creators_poll_of_a_still_table_of_four_people_replays_nothing(client):
    table = make_table()
    make_idle(table)
    url = reverse("play:manage", args=[table.creator_token])
    etag = client.get(url, headers=HX)["ETag"]

    with CaptureQueriesContext(connection) as queries:
        response = client.get(url, headers={**HX, "If-None-Match": etag})

    assert response.status_code == 304
    assert [q["sql"] for q in queries if "scoring_onlinedeal" in q["sql"]] == []
