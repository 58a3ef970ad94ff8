"""Computer players for the rules engine: a random one and a heuristic one.

A bot is anything with a ``name`` and ``choose(state) -> str`` that returns one
of ``state.legal_actions()`` for the seat in ``state.to_act`` (:class:`Bot`).
Bots are plain Python, deterministic for a given seed, and keep no state
between deals other than their random generator.

* :class:`RandomBot` picks a legal action uniformly at random.  It is what the
  engine benchmark drives, so it does as little as possible.
* :class:`HeuristicBot` plays like a sensible club player.  It decides only
  from ``state.view(state.to_act)`` — what that seat may see — so it can never
  use another seat's cards, the widows or the stock's order.  It reads the
  game from the ruleset the view names (trump order, point table, bids): the
  Monterey games with their fitted bidding weights, every other game of the
  family with a rule of thumb over that game's own point table.

:func:`play_deal` drives a deal to the end with one bot per seat.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import Any, Protocol

from .cards import ALL_CODES, ANY_CARD, PACKS, SUITS, trump_tables
from .rulesets import RULESETS, Ruleset

CARD = ANY_CARD
CODES = ALL_CODES

__all__ = ["BOTS", "Bot", "HeuristicBot", "RandomBot", "play_deal"]


def forced_action(view: dict[str, Any]) -> str | None:
    """The one action open to the seat whose view this is, or None when it
    has a choice; ``ValueError`` if that seat is not to act."""
    legal = view["legal"]
    if not legal:
        raise ValueError(f"seat {view['seat']} is not to act; nothing to choose")
    return legal[0] if len(legal) == 1 else None


class Bot(Protocol):
    """A player: ``choose`` returns one of ``state.legal_actions()`` for
    ``state.to_act``.  It must not change ``state``."""

    name: str

    def choose(self, state: Any) -> str: ...


class RandomBot:
    """Chooses uniformly among the legal actions; the same seed gives the
    same choices on the same sequence of states.  It reads them from the
    state's ``legal`` (no copy, unlike ``legal_actions()``) and draws one
    random number a choice, even where only one action is left."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self._random = random.Random(seed).random

    def choose(self, state: Any) -> str:
        legal = state.legal
        return legal[int(self._random() * len(legal))]


# ----------------------------------------------------------------- heuristic


def _weights(base, ace, king, queen, jack, ten, mid, right, left, low, two):
    """Base and per-role weights in whole tenths of a point (exact sums, so a
    bid never depends on floating-point rounding)."""
    roles = {"A": ace, "K": king, "Q": queen, "J": jack, "T": ten, "P": right, "L": left}
    roles.update({"9": mid, "8": mid, "7": mid, "6": mid, "4": low, "3": low, "2": two})
    return round(10 * base), {role: round(10 * weight) for role, weight in roles.items()}


#: Expected points the bidding team captures, as a base plus a weight for each
#: trump the bidder holds in the hand it bids on (9 cards; in the Widow, before
#: picking the widow up).  Fitted by least squares on 10,000 simulated deals
#: per ruleset, in each of which one seat was made bidder with each of the
#: four suits in turn and all four seats then played as HeuristicBot; the
#: cards still to come (the draw, the widow) are in the base and the weights.
_BID_WEIGHTS: dict[str, tuple[int, dict[str, int]]] = {
    # base, then A K Q J T, each of 9 8 7 6, right pedro, left pedro, each of 4 3, the 2
    "draw": _weights(5.3, 2.3, 1.0, 1.1, 2.1, 1.1, 0.7, 1.2, 1.0, 0.4, 1.0),
    "widow": _weights(4.5, 2.6, 1.4, 1.5, 2.4, 1.3, 1.1, 1.3, 1.1, 0.8, 1.4),
}

#: Points of expected capture kept in hand as a safety margin when bidding.
_BID_MARGIN = {"draw": 2, "widow": 1}
#: To outbid its partner a bot's capacity must top the partner's bid by this
#: much.  (Simulation says outbidding whenever affordable scores ~0.2 a deal
#: more; we keep the club player's courtesy to the partner.)
_OVER_PARTNER = 2
#: A shoot needs the A, K, J and 2 of the suit and this many of its trumps (of
#: 9 cards): such hands took all 16 points about three times in four in
#: simulation, where a shoot pays only if made more than ~70% of the time.
_SHOOT_TRUMPS = 6


def hand_strength(hand: list[int], trump: int, mode: str = "draw") -> float:
    """The points a bidder holding ``hand`` (card ints) can expect its team to
    capture with ``trump`` as trumps, in deal mode ``mode`` ("draw" or
    "widow"): an estimate, not a promise."""
    return _strength_tenths(hand, trump, mode) / 10


def _strength_tenths(hand: list[int], trump: int, mode: str) -> int:
    base, weights = _BID_WEIGHTS[mode]
    roles = _MONTEREY.role[trump]
    return base + sum(weights[roles[card]] for card in hand if roles[card] is not None)


_MONTEREY = trump_tables(False, "high")


def ruleset_tables(rs: Ruleset):
    """The trump tables of ``rs``'s trump order."""
    return rs.tables


def _family_strength(rs: Ruleset, hand: list[int], trump: int) -> float:
    """The points a bidder holding ``hand`` may expect its team to take with
    ``trump``, in a game of the family: a share of the deal growing with the
    trumps held and their rank, plus the point trumps it holds itself."""
    tables = ruleset_tables(rs)
    ist, power, values = tables.is_trump[trump], tables.power[trump], rs.point_table[trump]
    trumps = [card for card in hand if ist[card]]
    top = max(power[card] for card in PACKS[rs.pack] if ist[card])
    high = sum(1 for card in trumps if power[card] >= top - 3)
    held = sum(values[card] for card in trumps)
    share = min(0.9, 0.05 + 0.07 * len(trumps) + 0.06 * high)
    return share * rs.total_points + 0.35 * held


class HeuristicBot:
    """A rule-of-thumb player that sees only its own seat's view.

    Bids on the trump strength of its best suit, passes weak hands, outbids its
    partner only with a clearly stronger hand and shoots only with an
    overwhelming one; names its strongest suit; discards (Widow) its lowest
    non-trumps; lays down its lowest non-point trumps; in play protects its
    pedros, pulls trumps with its boss trump, captures points when it can win
    the trick safely and plays its cheapest card when the trick is lost.  The
    seed only breaks ties between equally good choices.
    """

    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self._random = random.Random(seed).random

    def choose(self, state: Any) -> str:
        """The action for ``state.to_act``, decided from ``state.view(state.to_act)`` alone."""
        return self.choose_from_view(state.view(state.to_act))

    def choose_from_view(self, view: dict[str, Any]) -> str:
        """The action for the seat whose view this is, one of ``view["legal"]``;
        ``ValueError`` if that seat is not to act."""
        legal = view["legal"]
        forced = forced_action(view)
        if forced is not None:
            return forced
        phase = view["phase"]
        rs = view_ruleset(view)
        family = rs.name not in _MONTEREY_GAMES
        if phase in ("bid", "dark"):
            if "misdeal" in legal:
                return "misdeal"  # Tennessee: a hand that cannot score is dealt again
            return self._family_bid(view, legal, rs) if family else self._bid(view, legal)
        hand = [CARD[code] for code in view["hand"]]
        if phase == "fill":
            if not family:
                return legal[0]  # the dealer robs: any non-trump is as good as another
            return self._take(view, legal, rs)
        if phase == "trump":
            if family:
                return self._best(legal, lambda a: _family_strength(rs, hand, SUITS.index(a[-1])))
            mode = _deal_mode(view)
            return self._best(legal, lambda a: _strength_tenths(hand, SUITS.index(a[-1]), mode))
        trump = SUITS.index(view["trump"])
        power = ruleset_tables(rs).power[trump]
        if rs.exchange == "tennessee" and (phase == "discard" or "concede" in legal):
            return self._tennessee(view, legal, rs, hand, trump)
        if phase == "discard":
            if family:
                return self._family_discard(view, legal, rs, hand, trump)
            # Widow: only non-trumps are offered; the lowest go first.
            return self._best(legal, lambda a: -power[CARD[a[8:]]])
        if legal[0].startswith("lay "):
            values = rs.point_table[trump]
            return self._best(legal, lambda a: (-values[CARD[a[4:]]], -power[CARD[a[4:]]]))
        # A player holding no trump may fold (Isle Madame's house option): the
        # heuristic plays on, its cards may still win a trick.
        plays = [CARD[a[5:]] for a in legal if a.startswith("play ")]
        card = _Table(view, hand, rs).choose(plays, self._best)
        return f"play {CODES[card]}"

    # -- the family's choices

    def _family_bid(self, view: dict[str, Any], legal: list[str], rs: Ruleset) -> str:
        """Bid what the hand affords at once (the dealer of a one-round
        auction, the cheapest bid that wins); never a top contract or a dark
        call; a stuck dealer takes the stuck bid."""
        if view["phase"] == "dark" or not view["hand"]:
            return "pass"
        bids = [a for a in legal if a.startswith("bid ") and int(a.split()[1]) <= rs.max_bid]
        if "pass" not in legal:
            return (bids or legal)[0]
        hand = [CARD[code] for code in view["hand"]]
        strength = {trump: _family_strength(rs, hand, trump) for trump in range(4)}
        best = max(range(4), key=strength.__getitem__)
        margin = 1 + rs.total_points // 12
        capacity = int(strength[best]) - margin
        seat, high = view["seat"], view["high_bid"] or 0
        made = [s for s, action in view["bids"] if action != "pass"]
        partner_high = bool(made) and made[-1] == (seat + 2) % 4
        if partner_high and capacity < high + 2:
            return "pass"
        if rs.suit_bids:
            bids = [a for a in bids if a.endswith(" " + SUITS[best])]
        affordable = [a for a in bids if int(a.split()[1]) <= capacity]
        if not affordable:
            return "pass"
        # Bid what the hand is worth at once, never a point at a time; the
        # dealer, last to speak in a one-round auction, only needs to win.
        last = seat == view["dealer"] and not rs.open_auction
        return affordable[0] if last else affordable[-1]

    def _take(self, view: dict[str, Any], legal: list[str], rs: Ruleset) -> str:
        """The robber takes the most valuable, then the highest, trumps first."""
        trump = SUITS.index(view["trump"])
        tables = ruleset_tables(rs)
        ist, power, values = tables.is_trump[trump], tables.power[trump], rs.point_table[trump]
        return self._best(
            legal,
            lambda a: (ist[CARD[a[5:]]], values[CARD[a[5:]]], power[CARD[a[5:]]]),
        )

    def _family_discard(
        self, view: dict[str, Any], legal: list[str], rs: Ruleset, hand: list[int], trump: int
    ) -> str:
        """Throw every non-trump, lowest first, then the weakest trumps worth
        nothing while above the hand size; keep as soon as nothing better goes."""
        tables = ruleset_tables(rs)
        ist, power, values = tables.is_trump[trump], tables.power[trump], rs.point_table[trump]
        options = [a for a in legal if a != "keep"]
        size = rs.hand_size
        if "keep" in legal:
            plain = [a for a in options if not ist[CARD[a[8:]]]]
            senorita = rs.exchange == "senorita"
            if not plain or senorita or rs.exchange not in ("draw-choice", "maker-fill"):
                return "keep"
            options = plain
        elif len(hand) <= size:
            options = options or legal
        return self._best(
            options,
            lambda a: (
                not ist[CARD[a[8:]]],
                -values[CARD[a[8:]]],
                -power[CARD[a[8:]]],
            ),
        )

    def _tennessee(
        self, view: dict[str, Any], legal: list[str], rs: Ruleset, hand: list[int], trump: int
    ) -> str:
        """Tennessee's exchange and throw-in (RULES.md 11.3, 11.4.18): the
        lowest non-trump goes first; a trump slid or given is the weakest one
        worth nothing; a non-bidder dealt too many trumps keeps them (the
        spares are laid on the first trick); the non-bidders concede only a
        bid of every point with no trump in hand."""
        if "concede" in legal:
            hopeless = view["bid"] == rs.total_points and not any(
                ruleset_tables(rs).is_trump[trump][card] for card in hand
            )
            return "concede" if hopeless else "pass"
        if "keep" in legal:
            return "keep"
        tables = ruleset_tables(rs)
        ist, power, values = tables.is_trump[trump], tables.power[trump], rs.point_table[trump]
        plain = [a for a in legal if a.startswith("discard ")]
        options = plain or legal
        return self._best(
            options,
            lambda a: (
                not ist[CARD[a.split()[1]]],
                -values[CARD[a.split()[1]]],
                -power[CARD[a.split()[1]]],
            ),
        )

    def _best(self, options: list, key: Callable[[Any], Any]) -> Any:
        """The option with the highest ``key``; a tie is broken by the seed."""
        keys = [key(option) for option in options]
        top = max(keys)
        tied = [option for option, k in zip(options, keys, strict=True) if k == top]
        return tied[0] if len(tied) == 1 else tied[int(self._random() * len(tied))]

    def _bid(self, view: dict[str, Any], legal: list[str]) -> str:
        hand = [CARD[code] for code in view["hand"]]
        shoot = f"bid {view_ruleset(view).shoot_bid}"
        if shoot in legal and any(_overwhelming(hand, trump) for trump in range(4)):
            return shoot
        mode = _deal_mode(view)
        tenths = max(_strength_tenths(hand, trump, mode) for trump in range(4))
        capacity = tenths // 10 - _BID_MARGIN[mode]  # the highest bid the hand affords
        seat, high = view["seat"], view["high_bid"] or 0
        partner_high = [(seat + 2) % 4, f"bid {high}"] in view["bids"]
        bids = [a for a in legal if a.startswith("bid ") and a != shoot]
        if "pass" not in legal:
            return bids[0]  # a stuck dealer takes the minimum bid
        if partner_high and capacity < high + _OVER_PARTNER:
            return "pass"
        affordable = [a for a in bids if int(a[4:]) <= capacity]
        if not affordable:
            return "pass"
        # A made bid scores the points taken, whatever the bid: bid as high as
        # the hand allows to shut out later bidders, but the dealer, bidding
        # last, only needs to top the high bid.
        return affordable[0] if seat == view["dealer"] else affordable[-1]


def _deal_mode(view: dict[str, Any]) -> str:
    return "widow" if "widow_counts" in view else "draw"


_MONTEREY_GAMES = ("monterey-draw", "monterey-widow")


def view_ruleset(view: dict[str, Any]) -> Ruleset:
    """The ruleset a seat's ``view`` is played under, its house options included."""
    options = view.get("options")
    if view["ruleset"] in _MONTEREY_GAMES or not options:
        return RULESETS.get(view["ruleset"]) or RULESETS["monterey-draw"]
    return _with_options(view["ruleset"], tuple(sorted(options.items())))


@functools.lru_cache(maxsize=256)
def _with_options(name: str, options: tuple) -> Ruleset:
    return RULESETS[name].with_options(**dict(options))


def _overwhelming(hand: list[int], trump: int) -> bool:
    """Whether ``hand`` is strong enough to shoot (bid 32) with ``trump``."""
    role = _MONTEREY.role[trump]
    roles = [role[c] for c in hand if role[c] is not None]
    return len(roles) >= _SHOOT_TRUMPS and {"A", "K", "J", "2"} <= set(roles)


class _Table:
    """One seat's reading of the table during play, from its view only.

    In Monterey all 14 trumps are in the players' hands during play (discards
    are never trumps and the dealer takes every trump from the stock), so a
    trump this seat has not seen is in another seat's hand; in the family's
    other games an unseen card may be out of play, and the bot plays as if it
    were not.
    """

    def __init__(self, view: dict[str, Any], hand: list[int], rs: Ruleset) -> None:
        self.seat = seat = view["seat"]
        trump = SUITS.index(view["trump"])
        tables = ruleset_tables(rs)
        self.ist, self.pow = tables.is_trump[trump], tables.power[trump]
        self.fol, role = tables.follows[trump], tables.role[trump]
        self.ranked = not rs.play_rule.startswith("no-rank")
        # What a card is worth to the winner of its trick.  The ace always wins
        # its own trick and the keeper 2 scores for whoever plays it, so
        # neither is ever won or lost by how the others play.
        value = list(rs.point_table[trump])
        for card in range(len(value)):
            if role[card] == "A" or (rs.low_is_keeper and role[card] == "2"):
                value[card] = 0
        self.value = value
        seen = set(hand)
        for trick in view["tricks"]:
            seen.update(CARD[code] for _, code in trick["cards"])
            seen.update(CARD[code] for _, code in trick["laid"])
        seen.update(CARD[code] for _, code in view["laid"])
        for key in ("discards", "folded"):
            for cards in view.get(key, ()):
                seen.update(CARD[code] for code in cards)
        seen.update(CARD[code] for code in view.get("stock_trumps", ()))
        self.trick = [(s, CARD[code]) for s, code in view["trick"]]
        seen.update(card for _, card in self.trick)
        self.unseen = [c for c in PACKS[rs.pack] if c not in seen]
        self.unseen_trumps = [c for c in self.unseen if self.ist[c]]
        out, leader = set(view["out"]), view["leader"]
        self.opponents_after = False  # an opponent plays to this trick after us
        nxt = (seat + 1) % 4
        while nxt != leader:
            if nxt not in out and nxt % 2 != seat % 2:
                self.opponents_after = True
            nxt = (nxt + 1) % 4

    def choose(self, cards: list[int], best: Callable) -> int:
        """The card to play among the legal ``cards``; ``best(options, key)``
        picks the option with the highest key."""
        return self._lead(cards, best) if not self.trick else self._follow(cards, best)

    def beatable(self, card: int, led: int) -> bool:
        """Whether a card this seat has not seen could beat ``card``."""
        power, ist, fol, pow_ = self.pow[card], self.ist, self.fol, self.pow
        if not self.ranked and not ist[card]:
            return any(ist[u] for u in self.unseen)
        ranked = self.ranked
        return any(pow_[u] > power and (ist[u] or (ranked and fol[u] == led)) for u in self.unseen)

    def cheap(self, card: int) -> int:
        """Higher for a card better given away to a lost trick: never a point
        card if avoidable, then the lowest rank (off-suit garbage first)."""
        return -(100 * self.value[card] + self.pow[card])

    def _lead(self, cards: list[int], best: Callable) -> int:
        ist, pow_, value = self.ist, self.pow, self.value
        trumps = [c for c in cards if ist[c]]
        if trumps and not self.unseen_trumps:
            # Every trump left is ours: each wins; bank the most valuable first.
            return best(trumps, lambda c: (value[c], pow_[c]))
        if trumps:
            top = max(trumps, key=pow_.__getitem__)
            if all(pow_[u] < pow_[top] for u in self.unseen_trumps):
                return top  # the boss trump (A, then K...) wins and pulls trumps
        garbage = [c for c in cards if not ist[c]]
        return best(garbage or cards, self.cheap)

    def _follow(self, cards: list[int], best: Callable) -> int:
        ist, pow_, fol, value = self.ist, self.pow, self.fol, self.value
        led = fol[self.trick[0][1]]
        best_seat, top = self.trick[0]
        ranked = self.ranked
        for seat, card in self.trick[1:]:
            if pow_[card] > pow_[top] and (ist[card] or (ranked and fol[card] == led)):
                best_seat, top = seat, card
        partner_winning = best_seat % 2 == self.seat % 2
        if partner_winning and not (self.opponents_after and self.beatable(top, led)):
            # The partner's trick is sure: give it our most valuable card (a pedro).
            smear = best(cards, lambda c: (value[c], -pow_[c]))
            return smear if value[smear] else best(cards, self.cheap)
        wins = [c for c in cards if pow_[c] > pow_[top] and (ist[c] or (ranked and fol[c] == led))]
        safe = [c for c in wins if not (self.opponents_after and self.beatable(c, led))]
        if safe:
            # Win for sure, with a point card if one wins, else the cheapest winner.
            return best(safe, lambda c: (value[c], -pow_[c]))
        if not partner_winning and any(value[c] for _, c in self.trick):
            # Points at stake: try the strongest winner that risks no points.
            risky = [c for c in wins if not value[c]]
            if risky:
                return max(risky, key=pow_.__getitem__)
        # A lost trick, or one the partner may win without us: play cheap.
        return best(cards, self.cheap)


BOTS: dict[str, type] = {"random": RandomBot, "heuristic": HeuristicBot}


def play_deal(state: Any, bots: list[Bot]) -> Any:
    """Play ``state`` to the end, asking ``bots[seat]`` for each seat's
    actions; returns the same (now finished) state.  A bot returning an
    illegal action raises ``IllegalAction``."""
    seats = getattr(state, "seats", 4)
    if len(bots) != seats:
        raise ValueError(f"play_deal needs {seats} bots, one per seat; got {len(bots)}")
    apply = state.apply
    seat = state.to_act
    while seat is not None:
        apply(bots[seat].choose(state))
        seat = state.to_act
    return state
