"""A heuristic player for the N-seat games (RULES.md 12.5).

:class:`SeatHeuristicBot` decides from ``state.view(state.to_act)`` alone, so
it never learns who holds the called card from anything but its own hand and
the cards played.  It bids on the trump strength of its best suit, names that
suit, lets its lowest plain cards go and takes trumps first, calls the
highest trump it lacks (in Railroad it goes alone with a hand of top trumps),
and in play wins the tricks worth winning with its cheapest winning card,
otherwise plays its cheapest card.  The seed only breaks ties.
"""

from __future__ import annotations

import random
from typing import Any

from .bots import forced_action
from .cards import ANY_CARD, PACKS, SUITS
from .easy import EasyBot
from .rulesets import SEAT_RULESETS, Ruleset

CARD = ANY_CARD

#: Railroad: the bidder goes alone holding this many of the top trumps.
ALONE_TOP_TRUMPS = 5


def seat_ruleset(view: dict[str, Any]) -> Ruleset:
    """The ruleset a view names, with its house options."""
    return SEAT_RULESETS[view["ruleset"]].with_options(**view["options"])


__all__ = ["SeatEasyBot", "SeatHeuristicBot", "seat_ruleset", "strength"]


class SeatHeuristicBot:
    """A rule-of-thumb player of the N-seat games; sees only its own view."""

    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self._random = random.Random(seed).random

    def choose(self, state: Any) -> str:
        return self.choose_from_view(state.view(state.to_act))

    def _best(self, legal: list[str], key) -> str:
        """The legal action with the highest key; the seed breaks ties."""
        return max(legal, key=lambda action: (key(action), self._random()))

    def choose_from_view(self, view: dict[str, Any]) -> str:
        legal = view["legal"]
        forced = forced_action(view)
        if forced is not None:
            return forced
        rs = seat_ruleset(view)
        hand = [CARD[code] for code in view["hand"]]
        phase = view["phase"]
        if phase == "bid":
            return self._bid(view, legal, rs, hand)
        if phase == "trump":
            return self._best(legal, lambda a: strength(rs, hand, SUITS.index(a[-1])))
        trump = SUITS.index(view["trump"])
        tables = rs.tables
        ist, power, values = tables.is_trump[trump], tables.power[trump], rs.point_table[trump]

        def card(action: str) -> int:
            return CARD[action.split(" ")[1]]

        if phase == "discard":
            if "keep" in legal and all(ist[c] for c in hand):
                return "keep"
            # Plain cards first, the lowest first; trumps only when they must go.
            return self._best(
                [a for a in legal if a != "keep"],
                lambda a: (not ist[card(a)], -values[card(a)], -power[card(a)]),
            )
        if phase == "fill":
            return self._best(legal, lambda a: (ist[card(a)], power[card(a)]))
        if phase == "call":
            return self._call(legal, rs, hand, ist, power)
        if legal[0].startswith("lay "):
            return self._best(legal, lambda a: (-values[card(a)], -power[card(a)]))
        return self._play(view, legal, ist, power, values, card)

    def _bid(self, view: dict[str, Any], legal: list[str], rs: Ruleset, hand: list[int]) -> str:
        best = max(strength(rs, hand, trump) for trump in range(4))
        if rs.sides == "individual":
            best *= 0.8  # nobody to help
        bids = [a for a in legal if a.startswith("bid ")]
        affordable = [a for a in bids if int(a.split(" ")[1]) <= best]
        if affordable:
            return affordable[0]  # the cheapest bid that wins the auction
        return "pass" if "pass" in legal else bids[0]

    def _call(self, legal, rs: Ruleset, hand: list[int], ist, power) -> str:
        trumps = sorted((c for c in PACKS[rs.pack] if ist[c]), key=power.__getitem__)
        if "alone" in legal and set(trumps[-ALONE_TOP_TRUMPS:]) <= set(hand):
            return "alone"
        calls = [a for a in legal if a.startswith("call ")]
        return self._best(calls, lambda a: (ist[CARD[a[5:]]], power[CARD[a[5:]]]))

    def _play(self, view, legal, ist, power, values, card) -> str:
        seat, trick, bidder, partner = view["seat"], view["trick"], view["bidder"], view["partner"]
        side = {bidder, partner} if isinstance(partner, int) else {bidder}
        if seat in side or seat == partner:
            friends = side | {seat}
        elif isinstance(partner, int) or partner == "none":
            friends = set(range(view["seats"])) - side  # the bidding side is known
        else:
            friends = {seat}
        if not trick:
            # The bidding side leads its boss trump, else the cheapest card.
            trumps = [a for a in legal if ist[card(a)]]
            if trumps and bidder in friends:
                return self._best(trumps, lambda a: power[card(a)])
            return self._best(legal, lambda a: (-values[card(a)], -power[card(a)]))
        led = CARD[trick[0][1]]
        best_seat, best = None, -1
        for who, code in trick:
            rank = _trick_rank(CARD[code], led, ist, power)
            if rank > best:
                best_seat, best = who, rank
        winning = [a for a in legal if _trick_rank(card(a), led, ist, power) > best]
        if best_seat not in friends and winning:
            # The cheapest card that wins it, sparing the point cards.
            return self._best(winning, lambda a: (-values[card(a)], -power[card(a)]))
        return self._best(legal, lambda a: (-values[card(a)], -power[card(a)]))


def _same_suit(card: int, led: int, ist) -> bool:
    """Whether a plain ``card`` follows the plain card ``led``."""
    return not ist[card] and not ist[led] and card // 13 == led // 13


def _trick_rank(card: int, led: int, ist, power) -> int:
    """How ``card`` ranks in a trick ``led`` began: its power if it is a
    trump or follows the plain suit led, else -1 (it cannot win)."""
    return power[card] if ist[card] or _same_suit(card, led, ist) else -1


def strength(rs: Ruleset, hand: list[int], trump: int) -> float:
    """The points a bidder holding ``hand`` may expect its side to take with
    ``trump``: a share of the deal growing with its trumps and their rank,
    plus the point trumps it holds."""
    tables = rs.tables
    ist, power, values = tables.is_trump[trump], tables.power[trump], rs.point_table[trump]
    trumps = [c for c in hand if ist[c]]
    if not trumps:
        return 0.0
    top = max(power)
    high = sum(1 for c in trumps if power[c] >= top - 3)
    held = sum(values[c] for c in trumps)
    share = min(0.9, 0.04 + 0.06 * len(trumps) + 0.07 * high)
    return share * rs.total_points + 0.35 * held


class SeatEasyBot(EasyBot):
    """The easy level of the N-seat games: the seat heuristic with the easy
    player's slips (a bid a point or two off, the longest suit named, a
    card higher than needed) and two of the N-seat games' own: calling a
    lower trump than the highest it lacks, and letting a trick go that its
    card would have won; twice as often as the partnership games' easy
    bot.  It decides from its own view alone, like the heuristic."""

    heuristic = SeatHeuristicBot
    #: One decision in two (about) is a slip: a slip of the N-seat games
    #: costs a seat less than one of the partnership games, where a partner
    #: shares it.
    slip = 2

    def _slip(self, view: dict[str, Any], choice: str) -> str:
        phase = view["phase"]
        if phase == "call" and choice.startswith("call "):
            return self._lower_call(view, choice)
        if phase == "play" and view["trick"] and choice.startswith("play "):
            missed = self._missed_trick(view, choice)
            if missed is not None:
                return missed
        return super()._slip(view, choice)

    def _lower_call(self, view: dict[str, Any], choice: str) -> str:
        """The next lower trump than the heuristic's call, where one may be
        called (the heuristic's else)."""
        rs = seat_ruleset(view)
        trump = SUITS.index(view["trump"])
        ist, power = rs.tables.is_trump[trump], rs.tables.power[trump]
        card = CARD[choice[5:]]
        lower = [
            a
            for a in view["legal"]
            if a.startswith("call ") and ist[CARD[a[5:]]] and power[CARD[a[5:]]] < power[card]
        ]
        return max(lower, key=lambda a: power[CARD[a[5:]]]) if lower else choice

    def _missed_trick(self, view: dict[str, Any], choice: str) -> str | None:
        """Where the heuristic's card wins the trick so far, its cheapest
        card that does not: the trick let go.  None where there is none."""
        rs = seat_ruleset(view)
        trump = SUITS.index(view["trump"])
        ist, power, values = (
            rs.tables.is_trump[trump],
            rs.tables.power[trump],
            rs.point_table[trump],
        )
        led = CARD[view["trick"][0][1]]

        def rank(card: int) -> int:
            return _trick_rank(card, led, ist, power)

        best = max(rank(CARD[code]) for _, code in view["trick"])
        if rank(CARD[choice[5:]]) <= best:
            return None
        losing = [a for a in view["legal"] if a.startswith("play ") and rank(CARD[a[5:]]) <= best]
        if not losing:
            return None
        return min(losing, key=lambda a: (values[CARD[a[5:]]], power[CARD[a[5:]]]))
