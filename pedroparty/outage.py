"""What the site does while Redis does not answer.

Redis is the cache and the Celery broker.  Nothing the site keeps lives only
there: sessions, results, parties and online tables are rows in the database,
and every cached entry is keyed by a version read from the database.  So:

* the cache fails open (:class:`ResilientRedisCache`): a read is a miss and
  a write is skipped, and the page is built from the database;
* a request that needs Redis and has no other way (a task that must be
  queued now, a counter) answers 503 with a page that says so
  (:class:`RedisOutageMiddleware`), never a traceback.

``/healthz`` keeps reporting Redis as down all the while.
"""

from __future__ import annotations

import logging
import time

import kombu.exceptions
import redis.exceptions
from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

logger = logging.getLogger(__name__)

#: What a Redis client or a Celery publish raises when Redis does not answer.
REDIS_ERRORS = (redis.exceptions.RedisError, kombu.exceptions.OperationalError)


class ResilientRedisCache(RedisCache):
    """Django's Redis cache, failing open.

    While Redis does not answer, reads miss (``get`` returns the default,
    ``get_many`` nothing), writes and deletes are skipped and ``add`` adds
    nothing.  After a failure the cache is not tried again for
    :attr:`retry_after` seconds, so a request during an outage pays no
    timeout.  ``incr``, ``decr`` and ``clear`` still raise: their answer
    cannot be made up.
    """

    #: Seconds to leave Redis alone after a failed call.
    retry_after = 2.0

    def __init__(self, server, params):
        super().__init__(server, params)
        self._down_until = 0.0

    def _call(self, what: str, fallback, method, *args, **kwargs):
        if time.monotonic() < self._down_until:
            return fallback
        try:
            return method(*args, **kwargs)
        except redis.exceptions.RedisError as error:
            self._down_until = time.monotonic() + self.retry_after
            logger.warning("Cache %s skipped: Redis does not answer (%s)", what, error)
            return fallback

    def get(self, key, default=None, version=None):
        return self._call("read", default, super().get, key, default, version)

    def get_many(self, keys, version=None):
        return self._call("read", {}, super().get_many, keys, version)

    def has_key(self, key, version=None):
        return self._call("read", False, super().has_key, key, version)

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._call("write", False, super().add, key, value, timeout, version)

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        self._call("write", None, super().set, key, value, timeout, version)

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        return self._call("write", list(data), super().set_many, data, timeout, version)

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        return self._call("write", False, super().touch, key, timeout, version)

    def delete(self, key, version=None):
        return self._call("delete", False, super().delete, key, version)

    def delete_many(self, keys, version=None):
        self._call("delete", None, super().delete_many, keys, version)


class RedisOutageMiddleware:
    """Answer 503 with the outage page when a view fails because Redis does not answer."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, REDIS_ERRORS):
            return None
        logger.warning("%s %s: Redis does not answer (%s)", request.method, request.path, exception)
        response = render(request, "503.html", status=503)
        response["Retry-After"] = "30"
        return response
