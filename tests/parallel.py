"""A pytest-xdist worker's own Redis database.

pytest-django gives every worker a test database of its own (it adds the
worker's name to the database's). Redis is shared the same way: each worker
moves the cache, the Celery broker and result backend, and every server or
worker a test starts (through ``REDIS_URL`` in the environment) to a database
of its own, so two workers never read each other's cached pages or run each
other's tasks against the wrong test database.

The broker's keys also carry a prefix of this test run's own
(``BROKER_KEY_PREFIX``), so that no Celery worker outside the run (another
checkout's, on the same Redis database) takes a task a test queued."""

from __future__ import annotations

import os
from urllib.parse import urlsplit, urlunsplit

from django.conf import settings
from django.test.utils import override_settings

from pedroparty.celery import app as celery_app
from pedroparty.settings import redis_caches

#: Redis databases a server has (redis.conf's "databases", 16 by default).
REDIS_DATABASES = 16


def worker_redis_url(url: str, worker: str) -> str:
    """The Redis database of xdist worker ``worker`` ("gw0", "gw1", ...): the
    one after ``url``'s for gw0, the next for gw1, wrapping round at 16."""
    parts = urlsplit(url)
    base = int(parts.path.strip("/") or 0)
    database = (base + 1 + int(worker.removeprefix("gw"))) % REDIS_DATABASES
    return urlunsplit(parts._replace(path=f"/{database}"))


def broker_isolate(run: str) -> None:
    """Give the broker's keys the prefix ``run``, here and in every worker or
    server a test starts (they read it from the environment)."""
    os.environ["BROKER_KEY_PREFIX"] = run
    options = {**settings.CELERY_BROKER_TRANSPORT_OPTIONS, "global_keyprefix": run}
    override_settings(CELERY_BROKER_TRANSPORT_OPTIONS=options).enable()
    celery_app.conf.broker_transport_options = options


def worker_isolate(worker: str) -> None:
    """Move this worker process onto its own Redis database (nothing to do
    without ``REDIS_URL``: the cache is in memory and tasks run eagerly)."""
    if settings.REDIS_URL is None:
        return
    url = worker_redis_url(settings.REDIS_URL, worker)
    os.environ["REDIS_URL"] = url
    # override_settings also drops the cache connections made so far.
    override_settings(
        REDIS_URL=url,
        CACHES=redis_caches(url),
        CELERY_BROKER_URL=url,
        CELERY_RESULT_BACKEND=url,
    ).enable()
    celery_app.conf.broker_url = url
    celery_app.conf.result_backend = url
