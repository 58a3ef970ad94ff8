"""Whether anyone is looking at an online table.

Every page of a table (the creator's page, a seat's page or JSON, a replay)
notes in the cache, under its private token, that it was just open; the
note lasts ``PLAY_UNWATCHED_SECONDS``.  The bots of a table of bots only
play while one of its notes is there (``services.bot_step``), and the first
page opened after a gap lets them play on (``services.table_watch``).

When the cache cannot be reached every table counts as watched: bots are
never stopped, and no page fails, because of it.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable

from django.conf import settings
from django.core.cache import cache
from redis.exceptions import RedisError  # the cache's errors when it is Redis


def _key(token: str) -> str:
    return f"play:watched:{token}"


def watch_mark(token: str) -> bool:
    """Note that the page of ``token`` is open.  True when it had not been
    open lately (a table of bots only behind it may have stopped)."""
    timeout = settings.PLAY_UNWATCHED_SECONDS
    if timeout == 0:
        return False
    try:
        # One round trip while the page stays open: the note is there to touch.
        if cache.touch(_key(token), timeout):
            return False
        return cache.add(_key(token), True, timeout)
    except RedisError:
        return False


def watched(tokens: Iterable[str]) -> bool:
    """Whether a page of any of ``tokens`` has been open lately."""
    if settings.PLAY_UNWATCHED_SECONDS == 0:
        return True
    try:
        return bool(cache.get_many([_key(token) for token in tokens]))
    except RedisError:
        return True


def watch_forget(tokens: Iterable[str]) -> None:
    """Forget that the pages of ``tokens`` were open, as the notes' running
    out does (no page of them counts as open until one is opened again)."""
    with contextlib.suppress(RedisError):
        cache.delete_many([_key(token) for token in tokens])
