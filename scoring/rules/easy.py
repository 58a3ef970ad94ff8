"""The easy computer player: a club player on a relaxed evening.

:class:`EasyBot` plays like :class:`~.bots.HeuristicBot` and, now and then,
makes the mistakes people make at a Pedro table, never a move nobody would
make: it misjudges its hand in the auction by a point or two (never shooting),
names its longest suit rather than its strongest, and in play sometimes
forgets to feed its partner a pedro or wins a trick with a higher card than it
needed.  It decides from its seat's view alone, like the heuristic.
"""

from __future__ import annotations

import random
from typing import Any

from .bots import HeuristicBot, ruleset_tables, view_ruleset
from .cards import ALL_CODES, ANY_CARD, SUITS

__all__ = ["EasyBot"]

CARD = ANY_CARD


class EasyBot:
    """The heuristic with a human slip in about one decision out of ``slip``."""

    name = "easy"
    #: One decision in this many (about) is a slip.
    slip = 4
    #: The player it slips from.
    heuristic: type = HeuristicBot

    def __init__(self, seed: int | None = None) -> None:
        self._random = random.Random(seed)
        self._heuristic = self.heuristic(seed)

    def choose(self, state: Any) -> str:
        """The action for ``state.to_act``, decided from ``state.view(state.to_act)`` alone."""
        return self.choose_from_view(state.view(state.to_act))

    def choose_from_view(self, view: dict[str, Any]) -> str:
        legal = view["legal"]
        choice = self._heuristic.choose_from_view(view)
        if len(legal) == 1 or self._random.randrange(self.slip):
            return choice
        return self._slip(view, choice)

    def _slip(self, view: dict[str, Any], choice: str) -> str:
        """The slip made instead of the heuristic's ``choice``, where one fits."""
        phase = view["phase"]
        if phase == "bid":
            return self._misjudged_bid(view, choice)
        if phase == "trump":
            return self._longest_suit(view, choice)
        if phase == "play" and choice.startswith("play "):
            return self._careless_card(view, choice)
        return choice

    def _misjudged_bid(self, view: dict[str, Any], choice: str) -> str:
        """A point or two more or less than the heuristic's bid (in the same
        suit where bids name one), a pass below the cheapest; never a top
        contract.  A pass stays a pass."""
        top = view_ruleset(view).max_bid
        if not choice.startswith("bid ") or int(choice.split()[1]) > top:
            return choice
        suit = choice.split()[2:]
        bids = [
            a
            for a in view["legal"]
            if a.startswith("bid ") and int(a.split()[1]) <= top and a.split()[2:] == suit
        ]
        moved = bids.index(choice) + self._random.choice((-2, -1, 1, 2))
        if moved < 0:
            return "pass" if "pass" in view["legal"] else bids[0]
        return bids[min(moved, len(bids) - 1)]

    def _longest_suit(self, view: dict[str, Any], choice: str) -> str:
        """The suit it holds most cards of (ties: the heuristic's choice)."""
        counts = {a: sum(1 for code in view["hand"] if code[-1] == a[-1]) for a in view["legal"]}
        most = max(counts.values())
        return choice if counts[choice] == most else next(a for a in counts if counts[a] == most)

    def _careless_card(self, view: dict[str, Any], choice: str) -> str:
        """Following suit, a higher card of the same kind than needed (a
        trump for a trump, a card of the led suit for one); leading, the
        highest card of the suit the heuristic chose.  Never a point card
        the heuristic kept back."""
        rs = view_ruleset(view)
        trump = SUITS.index(view["trump"])
        tables = ruleset_tables(rs)
        ist, power, fol = tables.is_trump[trump], tables.power[trump], tables.follows[trump]
        values = rs.point_table[trump]
        card = CARD[choice[5:]]
        same = [
            CARD[a[5:]]
            for a in view["legal"]
            if a.startswith("play ")
            and ist[CARD[a[5:]]] == ist[card]
            and fol[CARD[a[5:]]] == fol[card]
            and not values[CARD[a[5:]]] > values[card]
        ]
        higher = [c for c in same if power[c] > power[card]]
        if not higher:
            return choice
        return f"play {ALL_CODES[max(higher, key=power.__getitem__)]}"
