"""A small in-process memo, the one kind this project keeps in memory.

It sits in front of the shared cache where a page asks for the same few
entries thousands of times (the players' page), or holds what never changes
once written (a table's finished deals).  Nothing depends on it: a miss reads
the cache or the database again.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Hashable
from typing import Any

#: The memos' clock (a test may move it on).
clock = time.monotonic


class LocalMemo:
    """A small, thread-safe, in-process memo: at most ``size`` entries (the
    oldest written go first), each trusted for ``ttl`` seconds (None: always)."""

    def __init__(self, size: int, ttl: float | None = None):
        self.size, self.ttl = size, ttl
        self._entries: OrderedDict[Hashable, tuple[float, Any]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> Any:
        entry = self._entries.get(key)
        if entry is None or (self.ttl is not None and clock() > entry[0]):
            return None
        return entry[1]

    def set(self, key: Hashable, value: Any) -> None:
        expires = clock() + (self.ttl or 0)
        with self._lock:
            self._entries[key] = (expires, value)
            self._entries.move_to_end(key)
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
