"""Each pytest-xdist worker on its own Redis database (tests/parallel.py)."""

from __future__ import annotations

import os

import pytest
from django.conf import settings
from django.core.cache import cache

from pedroparty.celery import app as celery_app
from tests.parallel import worker_redis_url


@pytest.mark.parametrize(
    ("url", "worker", "expected"),
    [
        ("redis://127.0.0.1:6379/0", "gw0", "redis://127.0.0.1:6379/1"),
        ("redis://127.0.0.1:6379/0", "gw1", "redis://127.0.0.1:6379/2"),
        ("redis://127.0.0.1:6379", "gw0", "redis://127.0.0.1:6379/1"),
        ("redis://:secret@redis.local:6380/14", "gw3", "redis://:secret@redis.local:6380/2"),
    ],
)
def test_a_worker_has_the_database_after_the_runs(url, worker, expected):
    assert worker_redis_url(url, worker) == expected


@pytest.mark.skipif(
    not os.environ.get("PYTEST_XDIST_WORKER") or settings.REDIS_URL is None,
    reason="only an xdist worker with REDIS_URL moves (make test runs both in CI)",
)
def test_this_worker_reads_and_writes_its_own_redis_database():
    import redis

    url = os.environ["REDIS_URL"]
    assert url == settings.REDIS_URL
    assert celery_app.conf.broker_url == url
    assert settings.CACHES["default"]["LOCATION"] == url
    cache.set("parallel-probe", os.environ["PYTEST_XDIST_WORKER"], 30)
    keys = redis.Redis.from_url(url).keys("*parallel-probe*")
    assert keys, "the cache wrote elsewhere than this worker's database"
