"""The computer players a table may seat, by the kind its seats store.

``easy``, ``heuristic`` (the level called normal) and ``expert`` are the
levels people choose; ``random`` is the engine's test opponent.  Each is
built as ``SEAT_BOTS[kind](seed=...)``; :func:`make_bot` also hands the expert
its search budget.
"""

from __future__ import annotations

from typing import Any

from .bots import HeuristicBot, RandomBot
from .easy import EasyBot
from .expert import ExpertBot

__all__ = ["LEVELS", "SEAT_BOTS", "make_bot"]

SEAT_BOTS: dict[str, type] = {
    "easy": EasyBot,
    "heuristic": HeuristicBot,
    "expert": ExpertBot,
    "random": RandomBot,
}
#: The levels people choose from, easiest first, by their seat kind.
LEVELS = ("easy", "heuristic", "expert")


def make_bot(kind: str, seed: int, **budget: Any):
    """The bot of ``kind`` seeded with ``seed``; ``budget`` (the expert's
    ``samples``, ``bid_samples``, ``time_ms``) is for the expert only."""
    if kind == "expert":
        return ExpertBot(seed, **budget)
    return SEAT_BOTS[kind](seed=seed)
