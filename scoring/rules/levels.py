"""The computer players a table may seat, by the kind its seats store.

``easy``, ``heuristic`` (the level called normal) and ``expert`` are the
levels people choose; ``random`` is the engine's test opponent.  Each is
built as ``SEAT_BOTS[kind](seed=...)``; :func:`make_bot` also hands the expert
its search budget.

Every level plays every game.  The four-seat partnership games and the
N-seat games of RULES.md 12 (five-hand, Railroad, Pedro for 2 to 6 players,
the original Pedro) each have a bot of each level: for the N-seat games the
seat heuristic (:class:`SeatHeuristicBot`), its easy slips
(:class:`SeatEasyBot`) and its search (:class:`SeatExpertBot`), each
deciding from its own ``view(seat)`` only.  ``random`` is the random bot in
every game.
"""

from __future__ import annotations

from typing import Any

from .bots import HeuristicBot, RandomBot
from .easy import EasyBot
from .expert import ExpertBot
from .rulesets import Ruleset
from .seat_bots import SeatEasyBot, SeatHeuristicBot
from .seat_expert import SeatExpertBot

__all__ = ["LEVELS", "N_SEAT_BOTS", "SEAT_BOTS", "make_bot", "plays_seats"]

SEAT_BOTS: dict[str, type] = {
    "easy": EasyBot,
    "heuristic": HeuristicBot,
    "expert": ExpertBot,
    "random": RandomBot,
}
#: The same levels for the N-seat games.
N_SEAT_BOTS: dict[str, type] = {
    "easy": SeatEasyBot,
    "heuristic": SeatHeuristicBot,
    "expert": SeatExpertBot,
    "random": RandomBot,
}
#: The levels people choose from, easiest first, by their seat kind.
LEVELS = ("easy", "heuristic", "expert")


def plays_seats(rs: Ruleset | None) -> bool:
    """Whether ``rs`` is an N-seat game (RULES.md 12.1), played by the
    bots of :data:`N_SEAT_BOTS`."""
    return rs is not None and rs.sides != "fixed"


def make_bot(kind: str, seed: int, rs: Ruleset | None = None, **budget: Any):
    """The bot of ``kind`` seeded with ``seed`` for a deal of ``rs``;
    ``budget`` (the expert's ``samples``, ``bid_samples``, ``time_ms``) is
    for the expert only.  An N-seat game gets its own bot of the level."""
    bots = N_SEAT_BOTS if plays_seats(rs) else SEAT_BOTS
    if kind not in bots:
        raise KeyError(kind)
    if kind == "expert":
        return bots[kind](seed, **budget)
    return bots[kind](seed=seed)
