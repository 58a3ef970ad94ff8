"""How many casual tables may be created: per client and in all, per minute
and per hour (the ``PLAY_TABLES_PER_*`` settings, 0 for no limit).

The tables themselves are the count: each casual table keeps its creator's
client key and creation time, so every web process sees the same numbers
and nothing depends on the cache.  Two requests racing may both pass the
last free place; a flood still stops within one request per web process.
"""

from __future__ import annotations

import datetime
import math

from django.conf import settings
from django.utils import timezone

from .models import OnlineTable

MINUTE = datetime.timedelta(minutes=1)
HOUR = datetime.timedelta(hours=1)


def _limits(client: str) -> list[tuple[int, datetime.timedelta, bool]]:
    """(limit, window, per client) for every limit that is on."""
    limits = [
        (settings.PLAY_TABLES_PER_MINUTE, MINUTE, False),
        (settings.PLAY_TABLES_PER_HOUR, HOUR, False),
    ]
    if client:
        limits += [
            (settings.PLAY_TABLES_PER_CLIENT_MINUTE, MINUTE, True),
            (settings.PLAY_TABLES_PER_CLIENT_HOUR, HOUR, True),
        ]
    return [limit for limit in limits if limit[0] > 0]


def table_creation_wait(*, client: str) -> int | None:
    """Seconds until ``client`` may create a casual table, or None if it may now.

    One query per limit that is on: the ``limit``-th newest table in the
    window, if there is one, is the one whose ageing out frees a place."""
    now = timezone.now()
    wait = None
    for limit, window, per_client in _limits(client):
        tables = OnlineTable.objects.exclude(mode=OnlineTable.Mode.PARTY).filter(
            created_at__gt=now - window
        )
        if per_client:
            tables = tables.filter(client=client)
        oldest = tables.order_by("-created_at").values_list("created_at", flat=True)[
            limit - 1 : limit
        ]
        for created_at in oldest:
            seconds = max(1, math.ceil((created_at + window - now).total_seconds()))
            wait = seconds if wait is None else max(wait, seconds)
    return wait
