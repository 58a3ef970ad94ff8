"""How far a load has gone, for the upload's page while it runs.

The load is one transaction, so nothing it writes to the database shows
before it ends; its progress goes to the cache instead (Redis, shared by
every process), keyed by the upload and the claim of the load that runs,
so a load taken over starts afresh.  It is only a sign of life for people:
a page that finds none (Redis down, or the load not started) says the file
is being loaded.
"""

from __future__ import annotations

from django.core.cache import cache

#: Long past any load; the entry is deleted when the load ends anyway.
_TTL = 6 * 3600


def _key(upload_id: int, claim: str) -> str:
    return f"upload:{upload_id}:{claim}:progress"


def progress_store(*, upload_id: int, claim: str, done: int, total: int) -> None:
    """Say that ``done`` of the ``total`` steps of the load ``claim`` are done."""
    cache.set(_key(upload_id, claim), (done, total), _TTL)


def progress_forget(*, upload_id: int, claim: str) -> None:
    cache.delete(_key(upload_id, claim))


def progress_read(*, upload_id: int, claim: str) -> tuple[int, int] | None:
    """(done, total) as the load ``claim`` last stored it, or None."""
    value = cache.get(_key(upload_id, claim))
    if isinstance(value, (tuple, list)) and len(value) == 2:
        return int(value[0]), int(value[1])
    return None
