"""A party night goes on while Redis is down.

The cache (and so the sessions' cache) points at a redis-server of the
test's own, which the test kills: the host's tablet keeps its session and
stores results, and the players' page, its fragments and the board answer
from the database.  Then Redis comes back and is used again.
"""

from __future__ import annotations

import html
import time

import pytest
from django.core.cache import cache
from django.urls import reverse

from pedroparty.settings import redis_caches
from tests.pedroparty.private_redis import PrivateRedis
from tournaments import services
from tournaments.models import DealResult
from tournaments.selectors import party_standings
from tournaments.selectors.public import forget_local

from .builders import make_party

pytestmark = pytest.mark.django_db

PASSWORD = "cards-and-wine-1"  # the ``host`` fixture's
RESULT = {"deal": "1", "bidder": "1", "bid": "9", "bidding_team_points": "11", "form_token": "t"}


@pytest.fixture
def redis_server(settings):
    """The cache on a private Redis, as settings.py configures it for REDIS_URL."""
    server = PrivateRedis().start()
    settings.CACHES = redis_caches(server.url)
    forget_local()
    yield server
    server.stop()
    forget_local()


@pytest.fixture
def seated(host):
    party = make_party(host, players=4)
    services.round1_seat_draw(party=party, seed=3, user=host)
    party.refresh_from_db()
    return party


def public_urls(party) -> list[str]:
    token = party.public_token
    player = party.players.order_by("order").first()
    return [
        f"/p/{token}/",
        f"/p/{token}/board/",
        f"/p/{token}/me/{player.pk}/",
    ]


def test_the_host_stores_results_and_phones_read_the_page_while_redis_is_down(
    client, host, seated, redis_server
):
    party = seated
    client.force_login(host)  # a session kept in the cache and the database
    for url in public_urls(party):  # the cache holds the page and the session
        assert client.get(url).status_code == 200

    redis_server.stop()
    forget_local()  # nothing left in this process's memos either

    response = client.post(reverse("host:table", args=[party.slug, 1, 1]), RESULT)
    assert response.status_code == 302
    result = DealResult.objects.get()
    assert (result.bid, result.bidding_team_points) == (9, 11)
    party.refresh_from_db()
    scores = {row.score for row in party_standings(party).rows}
    assert scores == {result.score0, result.score1} and max(scores) > 0

    assert client.get(reverse("host:round", args=[party.slug, 1])).status_code == 200
    for url in public_urls(party):
        for headers in ({}, {"HX-Request": "true"}):
            response = client.get(url, headers=headers)
            assert response.status_code == 200, (url, headers)
    page = html.unescape(client.get(f"/p/{party.public_token}/").content.decode())
    assert all(row.name in page for row in party_standings(party).rows)

    redis_server.start()
    deadline = time.monotonic() + 10
    while cache.get("back") != "yes":  # Redis is left alone for a moment after a failure
        assert time.monotonic() < deadline, "the cache does not use Redis again"
        cache.set("back", "yes")
        time.sleep(0.1)
    assert client.get(reverse("host:round", args=[party.slug, 1])).status_code == 200
