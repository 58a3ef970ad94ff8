"""The computer players a table may seat, by the kind its seats store.

``easy``, ``heuristic`` (the level called normal) and ``expert`` are the
levels people choose; ``random`` is the engine's test opponent.  Each is
built as ``SEAT_BOTS[kind](seed=...)``; :func:`make_bot` also hands the expert
its search budget.

Every level plays every game.  The four-seat partnership games have a bot
of each level; the N-seat games of RULES.md 12 (five-hand, Railroad, Pedro
for 2 to 6 players, the original Pedro) are played at the easy, normal and
expert levels alike by the seat heuristic (:class:`SeatHeuristicBot`), which
decides from its own ``view(seat)`` only, and at ``random`` by the random
bot: the expert's search has no model of a called partner yet, so it falls
back to the heuristic there.
"""

from __future__ import annotations

from typing import Any

from .bots import HeuristicBot, RandomBot
from .easy import EasyBot
from .expert import ExpertBot
from .rulesets import Ruleset
from .seat_bots import SeatHeuristicBot

__all__ = ["LEVELS", "SEAT_BOTS", "make_bot", "plays_seats"]

SEAT_BOTS: dict[str, type] = {
    "easy": EasyBot,
    "heuristic": HeuristicBot,
    "expert": ExpertBot,
    "random": RandomBot,
}
#: The levels people choose from, easiest first, by their seat kind.
LEVELS = ("easy", "heuristic", "expert")


def plays_seats(rs: Ruleset | None) -> bool:
    """Whether ``rs`` is an N-seat game (RULES.md 12.1), which the seat
    heuristic plays at every level but ``random``."""
    return rs is not None and rs.sides != "fixed"


def make_bot(kind: str, seed: int, rs: Ruleset | None = None, **budget: Any):
    """The bot of ``kind`` seeded with ``seed`` for a deal of ``rs``;
    ``budget`` (the expert's ``samples``, ``bid_samples``, ``time_ms``) is
    for the expert only.

    For an N-seat game every level (easy, normal, expert) is the seat
    heuristic, which chooses from ``view(seat)`` alone; the expert falls
    back to it there.  ``random`` stays the random bot in every game."""
    if kind not in SEAT_BOTS:
        raise KeyError(kind)
    if plays_seats(rs) and kind != "random":
        return SeatHeuristicBot(seed=seed)
    if kind == "expert":
        return ExpertBot(seed, **budget)
    return SEAT_BOTS[kind](seed=seed)
