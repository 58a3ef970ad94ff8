"""pedroparty/outage.py against a real Redis that the test kills.

The cache fails open and finds Redis again once it is back; what truly
needs Redis answers 503 with a page that says so, never a traceback.
"""

from __future__ import annotations

import sys
import time

import pytest
import redis
from django.core.cache import cache
from django.http import HttpResponse
from django.urls import path

from pedroparty.settings import redis_caches
from pedroparty.urls import urlpatterns as site_urlpatterns

from .private_redis import PrivateRedis


@pytest.fixture
def redis_server(settings):
    """The cache on a private Redis, as settings.py configures it for REDIS_URL."""
    server = PrivateRedis().start()
    settings.CACHES = redis_caches(server.url)
    yield server
    server.stop()


def test_the_cache_misses_while_redis_is_down_and_uses_it_again_once_back(redis_server):
    cache.set("colour", "green")
    assert cache.get("colour") == "green"

    redis_server.stop()
    started = time.monotonic()
    assert cache.get("colour") is None
    assert cache.get("colour", "none") == "none"
    assert cache.get_many(["colour"]) == {}
    cache.set("colour", "red")
    cache.set_many({"colour": "red"})
    cache.delete("colour")
    assert cache.add("colour", "red") is False
    assert time.monotonic() - started < 2  # refused at once, then not tried again

    with pytest.raises(redis.exceptions.ConnectionError):  # a counter cannot be made up
        cache.incr("visits")

    redis_server.start()
    deadline = time.monotonic() + 10
    while cache.get("colour") != "blue":
        assert time.monotonic() < deadline, "the cache does not use Redis again"
        cache.set("colour", "blue")
        time.sleep(0.1)


def count_visits(request):
    """Needs Redis and nothing else can stand in for it: a shared counter."""
    return HttpResponse(str(cache.incr("visits")))


urlpatterns = [path("visits/", count_visits), *site_urlpatterns]


@pytest.mark.django_db
@pytest.mark.usefixtures("template_context")
def test_a_request_that_needs_redis_answers_503_with_a_page(client, settings, redis_server):
    settings.ROOT_URLCONF = sys.modules[__name__]
    cache.set("visits", 0)
    assert client.get("/visits/").content == b"1"

    redis_server.stop()
    response = client.get("/visits/")
    assert response.status_code == 503
    assert response["Retry-After"] == "30"
    assert response.templates[0].name == "503.html"
    page = response.content.decode()
    assert "This can’t be done just now" in page
    assert "Results entered on the tablet and the players’ page keep working" in page
    assert "Traceback" not in page
    assert client.get("/").status_code == 200  # pages that do not need Redis still answer
