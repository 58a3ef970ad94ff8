"""The health checks of /healthz: read-only checks of the services the site depends on."""

import logging

import redis
from django.conf import settings
from django.db import connection

logger = logging.getLogger(__name__)

REDIS_TIMEOUT_SECONDS = 2.0


def database_status() -> str:
    """Return "ok" if the default database answers `SELECT 1`, else "error: <class>"."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as exc:
        logger.warning("Health check: database unreachable", exc_info=True)
        return f"error: {type(exc).__name__}"
    return "ok"


def redis_status() -> str:
    """Return "ok" if REDIS_URL answers PING, "not configured" if unset, else "error: <class>"."""
    if settings.REDIS_URL is None:
        return "not configured"
    client = redis.Redis.from_url(
        settings.REDIS_URL,
        socket_connect_timeout=REDIS_TIMEOUT_SECONDS,
        socket_timeout=REDIS_TIMEOUT_SECONDS,
    )
    try:
        client.ping()
    except Exception as exc:
        logger.warning("Health check: Redis unreachable", exc_info=True)
        return f"error: {type(exc).__name__}"
    finally:
        client.close()
    return "ok"


def health_report() -> tuple[dict[str, str], bool]:
    """Each dependency's status, and whether all of them are usable.

    Healthy means the database is "ok" and Redis is "ok" or "not configured":
    with REDIS_URL set, tasks and the cache need Redis, so its loss is fatal.
    Error texts carry only the exception class; details go to the log.
    """
    report = {"database": database_status(), "redis": redis_status()}
    healthy = report["database"] == "ok" and report["redis"] in ("ok", "not configured")
    return report, healthy
