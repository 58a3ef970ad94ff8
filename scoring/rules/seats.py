"""One deal of an N-seat game (RULES.md 12.1-12.4): five-hand Pedro and
Railroad (five seats, a partner called for the deal, Railroad's going
alone), Pedro for 2 to 6 players and the original Pedro (every seat for
itself).

:class:`SeatDeal` keeps section 8's surface — ``phase``, ``to_act``,
``legal_actions()``, ``apply``, ``hand``, ``captured``, ``score``, ``view``,
``to_json`` / ``from_json`` — generalised as 12.1.6 says: ``seats``, a
points tuple a seat, ``team(seat)`` fixed for one deal, phase ``call`` and
the actions ``call X`` and ``alone``.  The four-seat games keep their own
engine (``deal.py``) untouched, so their stored states load as before.

Choices this module makes where RULES.md is silent:

* Legal lists are in the order of ``deal.py``: ``pass`` first and bids low
  to high, suits S H D C, cards (calls included) in hand order.
* Railroad's forced discards go to the wash seat by seat from the dealer's
  left, dealer last, each seat's cards in the order received, as §3's.
* A seat that is out (§3.8) keeps its cards face down; the view shows only
  that it is out.
"""

from __future__ import annotations

import functools
import operator
import random
from collections.abc import Sequence
from typing import Any

from .actions import (
    ACTIONS,
    BID_STR,
    DISCARD_STR,
    LAY,
    LAY_STR,
    PLAY_STR,
    TAKE_STR,
    TRUMP_STR,
    IllegalAction,
)
from .cards import ALL_CODES, ANY_CARD, PACKS, SUITS
from .rulesets import SEAT_RULESETS, Ruleset
from .seen import auction_view, cards_view
from .words import Text, gettext_noop, one_of

JSON_FORMAT = "pedroparty-seats/1"
PHASES = ("bid", "trump", "discard", "fill", "call", "play", "done")
CALL_STR = tuple(f"call {code}" for code in ALL_CODES)
ALONE = "alone"
_CALLS = {text: card for card, text in enumerate(CALL_STR)}
_CODES = ALL_CODES
_DECK = PACKS["52"]
_NONE = ((),)
#: Each ruleset's legal auction calls over each high bid, by identity
#: (hashing a ruleset each auction would cost more than the auction).
_BIDS: dict[int, tuple[Ruleset, dict[int, tuple[str, ...]]]] = {}
_KEEP = "keep"
_PASS = "pass"

#: An action refused: it names the actions open now.
NOT_OPEN = gettext_noop("%(action)s is not allowed now; the actions open are %(legal)s")
DEAL_OVER = gettext_noop("the deal is over; no more actions")


def new_seat_deal(
    rs: Ruleset, dealer: int = 0, seed: int | None = None, deck: list[str] | None = None
) -> SeatDeal:
    """Deal a new hand of an N-seat game: ``dealer`` a seat 0..N-1, the deck
    shuffled from ``seed`` (as ``new_deal``) or given, top first."""
    if type(dealer) is not int or not 0 <= dealer < rs.players:
        raise ValueError(f"dealer must be a seat 0..{rs.players - 1}, got {dealer!r}")
    pack = PACKS[rs.pack]
    if deck is not None:
        if seed is not None:
            raise ValueError("give a deck or a seed, not both")
        cards = [ANY_CARD.get(code, -1) if isinstance(code, str) else -1 for code in deck]
        if len(cards) != len(pack) or set(cards) != set(pack):
            raise ValueError(f"deck must hold each of the {len(pack)} cards exactly once")
    else:
        draw = (random.Random(seed) if seed is not None else random.SystemRandom()).random
        keys = [draw() for _ in pack]
        if pack is _DECK:
            cards = sorted(_DECK, key=keys.__getitem__)
        else:
            cards = [pack[i] for i in sorted(range(len(pack)), key=keys.__getitem__)]
    return SeatDeal(rs, dealer, cards)


class SeatDeal:
    """The whole state of one N-seat deal; drive it with ``apply``."""

    __slots__ = (
        "rs",
        "seats",
        "dealer",
        "deck",
        "log",
        "phase",
        "to_act",
        "legal",
        "hands",
        "held",
        "spares",
        "stock",
        "wash",
        "unseen",
        "discards",
        "faceup",
        "stock_trumps",
        "bids",
        "high_bid",
        "bidder",
        "trump",
        "called",
        "partner",
        "went_alone",
        "discarders",
        "tricks",
        "trick",
        "laid",
        "leader",
        "out",
        "taken",
        "_ist",
        "_pow",
        "_fol",
        "_pts",
        "_two",
        "_two_owner",
        "_folds",
        "_owed",
        "_led",
        "_trump_led",
        "_best_seat",
        "_best",
        "_size",
    )

    def __init__(self, rs: Ruleset, dealer: int, cards: list[int]) -> None:
        n = rs.players
        self.rs, self.seats, self.dealer = rs, n, dealer
        self.deck = tuple(cards)
        self.log: list[str] = []
        # Packets round the table from the dealer's left: one getter a seat.
        getters = _dealing(rs.deal_packets, n)
        hands = [[] for _ in range(n)]
        for k, take in enumerate(getters, start=1):
            hands[(dealer + k) % n] = list(take(cards))
        at = n * rs.cards_dealt
        self.hands = hands
        #: The cards the bidder has held this deal (five-hand's call skips them).
        self.held: set[int] = set()
        rest = list(cards[at:])
        self.spares = rest[: rs.kitty_size]
        rest = rest[rs.kitty_size :]
        self.stock: list[int] = []
        self.unseen: list[int] = []
        if rs.exchange == "none":
            self.unseen = rest  # the original Pedro: out of play, never shown
        else:
            self.stock = rest
        self.wash: list[int] = []
        self.discards: list[list[int]] = [[] for _ in range(n)]
        # Face-up discards exist only in draw-choice (a shared empty row else).
        self.faceup: list = [[] for _ in range(n)] if rs.exchange == "draw-choice" else _NONE * n
        self.stock_trumps: list[int] = []
        self.bids: list[tuple[int, str]] = []
        self.high_bid = 0
        self.bidder: int | None = None
        self.trump: int | None = None
        self.called: int | None = None
        self.partner: int | None = None
        self.went_alone = False
        self.discarders: list[int] = []
        self.tricks: list[tuple[int, tuple, tuple, int]] = []
        self.trick: list[tuple[int, int]] = []
        self.laid: list[tuple[int, int]] = []
        self.leader: int | None = None
        self.out = [False] * n
        self.taken = [0] * n
        self._ist = self._pow = self._fol = self._pts = ()
        self._two = self._two_owner = -1
        self._folds = rs.play_rule == "monterey"
        self._owed = 0  # five-hand: discards the seat to act still owes
        # The trick in play: the suit led, whether trump was led, who wins it so far.
        self._led = self._best_seat = self._best = -1
        self._trump_led = False
        self._size = rs.hand_size
        self.phase = "bid"
        self.to_act: int | None = (dealer + 1) % n
        self.legal: Sequence[str] = self._compute_legal()

    @classmethod
    def at_play(
        cls,
        rs: Ruleset,
        dealer: int,
        *,
        bidder: int,
        bid: int,
        trump: int,
        hands: Sequence[Sequence[int]],
        called: int | None = None,
        alone: bool = False,
    ) -> SeatDeal:
        """A deal set up as its play starts: each seat holding ``hands``,
        ``bidder`` having bid ``bid`` and named ``trump``, the card
        ``called`` (its holder the partner) or the bidder gone ``alone``;
        no stock and no discards.  The expert's search plays the deals it
        samples from here.  Where the 2 of trump scores for the seat it was
        dealt to, that is the seat holding it now."""
        deal = cls(rs, dealer, list(PACKS[rs.pack]))
        deal.hands = [list(cards) for cards in hands]
        deal.spares, deal.stock, deal.unseen = [], [], []
        deal.high_bid, deal.bidder = bid, bidder
        deal._set_trump(trump)
        if rs.keeper_by_deal:
            two = deal._two
            deal._two_owner = next((s for s, h in enumerate(deal.hands) if two in h), -1)
        deal.went_alone = alone
        if called is not None:
            deal.called = called
            deal.partner = next((s for s, h in enumerate(deal.hands) if called in h), None)
        deal._start_play()
        deal.legal = deal._compute_legal()
        return deal

    # ------------------------------------------------------------- reading

    def legal_actions(self) -> list[str]:
        return list(self.legal)

    def hand(self, seat: int) -> list[str]:
        return [_CODES[c] for c in self.hands[seat]]

    def captured(self) -> tuple[int, ...]:
        """Points each seat has taken in completed tricks (RULES.md 12.1.4)."""
        return tuple(self.taken)

    def team(self, seat: int) -> int | None:
        """0 for the bidding side (the bidder and the partner), 1 for the
        others; None until the sides are known (RULES.md 12.1.6)."""
        if self.bidder is None or self.phase == "bid":
            return None
        if self.rs.sides == "called" and self.called is None and not self.went_alone:
            return None
        return 0 if seat in (self.bidder, self.partner) else 1

    def side_points(self) -> tuple[int, int]:
        """(B, O): the bidding side's points and every other seat's."""
        mine = sum(self.taken[s] for s in {self.bidder, self.partner} if s is not None)
        return mine, sum(self.taken) - mine

    def score(self) -> tuple[int, ...]:
        """Each seat's deal score, once the deal is done (RULES.md 12.3)."""
        if self.phase != "done":
            raise ValueError("the deal is not finished; it has no score yet")
        return seat_scores(
            self.rs,
            bid=self.high_bid,
            bidder=self.bidder,
            partner=self.partner,
            alone=self.went_alone,
            points=self.taken,
        )

    def record(self) -> dict[str, Any]:
        """The result record of a finished deal (RULES.md 12.1.8)."""
        rs = self.rs
        record: dict[str, Any] = {
            "ruleset": rs.name,
            "options": rs.options(),
            "seats": self.seats,
            "dealer": self.dealer,
            "bidder": self.bidder,
            "bid": self.high_bid,
            "trump": SUITS[self.trump],
            "tally": list(self.score()),
        }
        if rs.sides == "called":
            if self.went_alone:
                record["alone"] = True
            else:
                record["call"] = _CODES[self.called]
                record["partner"] = self.partner
            record["side_points"] = list(self.side_points())
        else:
            record["seat_points"] = list(self.taken)
        return record

    def _partner_public(self) -> bool:
        """Whether every seat knows the partner: the called card has been
        played or laid to trick 1."""
        called = self.called
        if called is None:
            return False
        if self.tricks:
            first = self.tricks[0]
            return any(c == called for _, c in first[1]) or any(c == called for _, c in first[2])
        return any(c == called for _, c in self.trick) or any(c == called for _, c in self.laid)

    def view(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see (RULES.md 12.1.7), and nothing more."""
        if type(seat) is not int or not 0 <= seat < self.seats:
            raise ValueError(f"seat must be 0..{self.seats - 1}, got {seat!r}")
        rs = self.rs
        after_auction = self.phase != "bid"
        partner: int | str | None = None
        if self.went_alone:
            partner = "none"
        elif self.called is not None:
            if seat == self.partner or self._partner_public():
                partner = self.partner
            elif self.partner is None and self.tricks:
                partner = "none"  # five-hand: trick 1 over without the called card
        robbing = self.phase == "fill" and self.to_act == seat
        view: dict[str, Any] = {
            "ruleset": rs.name,
            "options": rs.options(),
            "seats": self.seats,
            "seat": seat,
            **auction_view(self, seat, after_auction=after_auction),
            "call": None if self.called is None else _CODES[self.called],
            "alone": self.went_alone,
            "partner": partner,
            **cards_view(self, seat, sorted(self.hands[seat])),
        }
        if rs.kitty_size:
            view["spare_count"] = len(self.spares)
        if rs.exchange == "draw-choice":
            view["discards"] = [[_CODES[c] for c in cards] for cards in self.faceup]
            view["stock_trumps"] = [_CODES[c] for c in self.stock_trumps]
        if robbing:
            view["stock"] = [_CODES[c] for c in sorted(self.stock or self.wash)]
        return view

    # ------------------------------------------------------------- acting

    def apply(self, action: str) -> None:
        """Apply ``action`` for ``to_act``; ``IllegalAction`` (changing
        nothing) when the rules do not allow it now."""
        if action not in self.legal:
            if self.phase == "done":
                raise IllegalAction(Text(DEAL_OVER))
            raise IllegalAction(
                Text(NOT_OPEN, {"action": repr(action), "legal": one_of(self.legal)})
            )
        self.log.append(action)
        phase, seat = self.phase, self.to_act
        if phase == "play":
            # The hot path: inline, with locals, as ``deal.py``'s.
            kind, card = ACTIONS[action]
            self.hands[seat].remove(card)
            if kind == LAY:
                self.laid.append((seat, card))
                self.legal = self._legal_play()
                return
            trick = self.trick
            ist = self._ist
            if trick:
                rank = self._pow[card]
                if rank > self._best and (ist[card] or self._fol[card] == self._led):
                    self._best, self._best_seat = rank, seat
            else:
                self._led, self._trump_led = self._fol[card], ist[card]
                self._best, self._best_seat = self._pow[card], seat
            trick.append((seat, card))
            n, out, leader = self.seats, self.out, self.leader
            nxt = seat + 1 if seat + 1 < n else 0
            if self._folds and self._trump_led:
                hands, called = self.hands, -2 if self.tricks else self.called
                while nxt != leader:
                    if not out[nxt]:
                        held = hands[nxt]
                        # The called card's holder never folds on trick 1.
                        if called in held or any(map(ist.__getitem__, held)):
                            break
                        out[nxt] = True  # §3.8: no trump on a trump lead
                    nxt = nxt + 1 if nxt + 1 < n else 0
            else:
                while nxt != leader and out[nxt]:
                    nxt = nxt + 1 if nxt + 1 < n else 0
            if nxt == leader:
                self._finish_trick()
                self.legal = self._legal_play() if self.to_act is not None else ()
                return
            self.to_act = nxt
            hand, done = self.hands[nxt], len(self.tricks)
            if done and len(hand) + done <= self._size:
                # The usual case, inline: a trick after the first, nothing to lay.
                if self._trump_led:
                    legal = [PLAY_STR[c] for c in hand if ist[c]]
                    self.legal = legal or [PLAY_STR[c] for c in hand]
                    return
                fol, led = self._fol, self._led
                for c in hand:
                    if fol[c] == led and not ist[c]:
                        self.legal = [PLAY_STR[c] for c in hand if ist[c] or fol[c] == led]
                        return
                self.legal = [PLAY_STR[c] for c in hand]
                return
            self.legal = self._legal_play()
            return
        legal = self.legal
        if self._owed:
            # Five-hand's run of discards (RULES.md 12.3), inline.
            card = ACTIONS[action][1]
            self.hands[seat].remove(card)
            self.discards[seat].append(card)
            self._owed -= 1
            if self._owed:
                legal.remove(action)  # the run's own list, changed in place
                return
            self.legal = None
            self.discarders.pop(0)
            self._next_discarder()
            if self.legal is None:
                self.legal = self._compute_legal()
            return
        self.legal = None  # worked out below, unless the step itself sets it
        if phase == "bid":
            self._bid(seat, action)
        elif phase == "trump":
            self._name_trump(SUITS.index(action[-1]))
        elif phase == "discard":
            self._discard(seat, action, legal)
        elif phase == "fill":
            self._take(seat, ACTIONS[action][1])
        else:
            self._call(action)
        if self.legal is None:
            self.legal = self._compute_legal()

    # -- auction (RULES.md 12.1.2)

    def _bid(self, seat: int, action: str) -> None:
        self.bids.append((seat, action))
        if action != _PASS:
            self.high_bid = ACTIONS[action][1]
            self.bidder = seat
        if seat != self.dealer:
            self.to_act = (seat + 1) % self.seats
            return
        # Spares to the bidder, a forced step, before trump (RULES.md 12.3).
        if self.rs.call == "any":
            self.hands[self.bidder].extend(self.spares)
            self.held = set(self.hands[self.bidder])
            self.spares = []
        self.phase = "trump"
        self.to_act = self.bidder

    def _name_trump(self, trump: int) -> None:
        self._set_trump(trump)
        rs = self.rs
        n = self.seats
        order = [(self.dealer + k) % n for k in range(1, n + 1)]
        if rs.exchange == "five-hand":
            self.phase = "discard"
            self.discarders = order
            self._next_discarder()
        elif rs.exchange == "draw":
            self._draw(order)
        elif rs.exchange == "draw-choice":
            self.phase = "discard"
            self.discarders = order
            self._next_discarder()
        else:
            self._after_exchange()

    def _set_trump(self, trump: int) -> None:
        """Make ``trump`` the deal's trump suit: its ranks, point cards and
        the keeper 2's owner, without starting the exchange (``at_play``
        uses this alone)."""
        rs = self.rs
        self.trump = trump
        tables = rs.tables
        self._ist = tables.is_trump[trump]
        self._pow = tables.power[trump]
        self._fol = tables.follows[trump]
        self._pts = rs.point_table[trump]
        self._two = two = tables.point_card[trump]["2"] if rs.low_is_keeper else -1
        n = self.seats
        if rs.keeper_by_deal and two >= 0:
            # The seat the 2 of trump was dealt to, if any (RULES.md 11.4.16).
            at = self.deck.index(two)
            self._two_owner = -1
            if at < n * rs.cards_dealt:
                for size in rs.deal_packets:
                    if at < n * size:
                        self._two_owner = (self.dealer + 1 + at // size) % n
                        break
                    at -= n * size

    # -- exchanges

    def _next_discarder(self) -> None:
        five_hand, ist, size = self.rs.exchange == "five-hand", self._ist, self.rs.hand_size
        while self.discarders:
            seat = self.discarders[0]
            if not five_hand:
                self.to_act = seat  # draw-choice: every seat says keep, even at 6
                return
            # Five-hand: non-trumps down to 6, or every non-trump (RULES.md 12.3).
            hand = self.hands[seat]
            plain = [c for c in hand if not ist[c]]
            plain.sort()
            self._owed = min(len(hand) - size, len(plain))
            if self._owed > 0:
                self.to_act = seat
                self.legal = [DISCARD_STR[c] for c in plain]
                return
            self.discarders.pop(0)  # a seat with nothing to discard is skipped
        if self.rs.exchange == "five-hand":
            self._after_exchange()
        else:
            self._fill_choice()

    def _discard(self, seat: int, action: str, legal: Sequence[str]) -> None:
        if action == _KEEP:
            self.discarders.pop(0)
            self._next_discarder()
            return
        card = ACTIONS[action][1]
        self.hands[seat].remove(card)
        if self.rs.exchange == "five-hand":
            self.discards[seat].append(card)
            self._owed -= 1
            if self._owed:
                left = list(legal)
                left.remove(action)
                self.legal = left
            else:
                self.discarders.pop(0)
                self._next_discarder()
        else:
            self.faceup[seat].append(card)
            self.wash.append(card)

    def _fill_from(self, seat: int) -> None:
        """Fill ``seat`` to the hand size from the top of the stock, then of the wash."""
        hand, size = self.hands[seat], self.rs.hand_size
        while len(hand) < size and (self.stock or self.wash):
            hand.append(self.stock.pop(0) if self.stock else self._from_wash(0))

    def _from_wash(self, index: int) -> int:
        card = self.wash.pop(index)
        for cards in (*self.faceup, *self.discards):
            if card in cards:
                cards.remove(card)
        return card

    def _fill_choice(self) -> None:
        """Draw-choice fills (RULES.md 11.3, 12.3): the non-dealers from the
        top, then the dealer robs; with fewer players than ``rob_from_players``
        everyone is filled from the top and nobody robs."""
        n, dealer = self.seats, self.dealer
        robs = n >= self.rs.rob_from_players
        for k in range(1, n + 1):
            seat = (dealer + k) % n
            if seat != dealer or not robs:
                self._fill_from(seat)
        if robs and len(self.hands[dealer]) < self.rs.hand_size and (self.stock or self.wash):
            self.phase = "fill"
            self.to_act = dealer
            return
        self._end_rob()

    def _end_rob(self) -> None:
        ist = self._ist
        if self.seats >= self.rs.rob_from_players:
            # Trumps still in the stock are shown to all and leave play.
            self.stock_trumps = [c for c in self.stock if ist[c]]
        self._after_exchange()

    def _take(self, seat: int, card: int) -> None:
        if self.stock:
            self.stock.remove(card)
        else:
            self._from_wash(self.wash.index(card))
        self.hands[seat].append(card)
        if len(self.hands[seat]) >= self.rs.hand_size or not (self.stock or self.wash):
            if self.rs.exchange == "draw":
                self._after_exchange()
            else:
                self._end_rob()

    def _draw(self, order: list[int]) -> None:
        """§3.4-3.6 for N seats (Railroad, RULES.md 12.4.5): every seat lets
        its non-trumps go, the non-dealers are filled from the dealer's left,
        the dealer takes every stock trump, then robs up to the hand size."""
        ist = self._ist
        for seat in order:
            hand = self.hands[seat]
            gone = [c for c in hand if not ist[c]]
            self.hands[seat] = [c for c in hand if ist[c]]
            self.discards[seat].extend(gone)
            self.wash.extend(gone)
        for seat in order[:-1]:
            self._fill_from(seat)
        dealer = self.dealer
        trumps = [c for c in self.stock if ist[c]]
        self.stock = [c for c in self.stock if not ist[c]]
        self.hands[dealer].extend(trumps)
        if len(self.hands[dealer]) < self.rs.hand_size and (self.stock or self.wash):
            self.phase = "fill"
            self.to_act = dealer
            return
        self._after_exchange()

    def _after_exchange(self) -> None:
        if self.rs.sides == "called":
            self.phase = "call"
            self.to_act = self.bidder
        else:
            self._start_play()

    # -- the call (RULES.md 12.3)

    def _call(self, action: str) -> None:
        if action == ALONE:
            self.went_alone = True
        else:
            self.called = card = _CALLS[action]
            self.partner = next((s for s, h in enumerate(self.hands) if card in h), None)
        self._start_play()

    # -- play

    def _start_play(self) -> None:
        for hand in self.hands:
            hand.sort()
        self.phase = "play"
        self.leader = self.to_act = self.bidder

    def _finish_trick(self) -> None:
        winner, trick, laid = self._best_seat, self.trick, self.laid
        pts, two, taken = self._pts, self._two, self.taken
        for seat, card in trick:
            value = pts[card]
            if value:
                taken[self._owner(seat, winner) if card == two else winner] += value
        if laid and self.rs.extras_each_trick:
            for seat, card in laid:  # five-hand: laid cards count as if played
                value = pts[card]
                if value:
                    taken[self._owner(seat, winner) if card == two else winner] += value
        self.tricks.append((self.leader, trick, laid, winner))
        self.trick, self.laid = [], []
        if len(self.tricks) == self.rs.hand_size:
            self.phase = "done"
            self.to_act = self.leader = None
        else:
            self.leader = self.to_act = winner

    def _owner(self, seat: int, winner: int) -> int:
        """Who the keeper 2 scores for: whoever played it, or (individual's
        option) the seat it was dealt to, the trick's winner if nobody was."""
        if not self.rs.keeper_by_deal:
            return seat
        return self._two_owner if self._two_owner >= 0 else winner

    # ------------------------------------------------------------- legality

    def _compute_legal(self) -> Sequence[str]:
        phase = self.phase
        if phase == "play":
            return self._legal_play()
        if phase == "bid":
            return self._legal_bids()
        if phase == "trump":
            return TRUMP_STR
        if phase == "discard":
            hand = sorted(self.hands[self.to_act])
            cards = [DISCARD_STR[c] for c in hand]
            return [_KEEP, *cards] if len(hand) <= self.rs.hand_size else cards
        if phase == "fill":
            return [TAKE_STR[c] for c in sorted(self.stock or self.wash)]
        if phase == "call":
            return self._legal_calls()
        return []

    def _legal_bids(self) -> Sequence[str]:
        rs = self.rs
        if self.to_act == self.dealer and not self.high_bid:
            return [BID_STR[rs.dealer_stuck_bid]]
        after = _BIDS.get(id(rs))
        if after is None or after[0] is not rs:
            if len(_BIDS) >= 64:
                _BIDS.clear()
            bids = rs.bids()
            # The calls open over each high bid, worked out once (read only).
            lists = {high: (_PASS, *(BID_STR[b] for b in bids if b > high)) for high in (0, *bids)}
            after = _BIDS[id(rs)] = (rs, lists)
        return after[1][self.high_bid]

    def _legal_calls(self) -> list[str]:
        rs, held = self.rs, self.held
        if rs.call == "any":
            return [CALL_STR[c] for c in sorted(set(PACKS[rs.pack]) - held)]
        hand = self.hands[self.bidder]
        calls = [CALL_STR[c] for c in PACKS[rs.pack] if self._ist[c] and c not in hand]
        return [*calls, ALONE] if rs.alone else calls

    def _legal_play(self) -> list[str]:
        seat = self.to_act
        hand, tricks, rs = self.hands[seat], self.tricks, self.rs
        trick = self.trick
        ist = self._ist
        # The usual case, a trick after the first with no extra card to lay,
        # goes straight to following the lead.
        if not (trick and tricks and len(hand) + len(tricks) <= rs.hand_size):
            if len(hand) + len(tricks) > rs.hand_size:
                # Extra trumps: all on trick 1 (§3.7), or one a trick (five-hand).
                if not rs.extras_each_trick:
                    if not tricks:
                        return self._legal_lays(hand)
                elif all(s != seat for s, _ in self.laid):
                    return self._legal_lays(hand)
            if not tricks:
                if self.called in hand:
                    return [PLAY_STR[self.called]]  # the called card, on trick 1
                if not trick and rs.first_lead == "bidder_leads_trump":
                    trumps = [PLAY_STR[c] for c in hand if ist[c]]
                    if trumps:
                        return trumps
            if not trick:
                return [PLAY_STR[c] for c in hand]
        if self._trump_led:
            trumps = [PLAY_STR[c] for c in hand if ist[c]]
            return trumps or [PLAY_STR[c] for c in hand]
        fol, led = self._fol, self._led
        for c in hand:
            if fol[c] == led and not ist[c]:
                return [PLAY_STR[c] for c in hand if ist[c] or fol[c] == led]
        return [PLAY_STR[c] for c in hand]

    def _legal_lays(self, hand: list[int]) -> list[str]:
        ist, pts, power = self._ist, self._pts, self._pow
        blank = [c for c in hand if ist[c] and not pts[c]]
        if self.rs.extras_each_trick:
            # Five-hand: the lowest-ranked non-point trump, else the lowest trump.
            pool = blank or [c for c in hand if ist[c]]
            return [LAY_STR[min(pool, key=power.__getitem__)]]
        if blank:
            return [LAY_STR[c] for c in blank]
        low = min(pts[c] for c in hand)
        return [LAY_STR[c] for c in hand if pts[c] == low]

    # ------------------------------------------------------------- JSON

    def to_json(self) -> dict[str, Any]:
        return {
            "format": JSON_FORMAT,
            "ruleset": self.rs.to_json(),
            "dealer": self.dealer,
            "deck": [_CODES[c] for c in self.deck],
            "log": list(self.log),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SeatDeal:
        """The state ``to_json`` wrote: the deal replayed from its log."""
        if not isinstance(data, dict) or data.get("format") != JSON_FORMAT:
            raise ValueError(f"not a {JSON_FORMAT} state")
        rs = Ruleset.from_json(data["ruleset"])
        if rs.name not in SEAT_RULESETS:
            raise ValueError(f"{rs.name} is not an N-seat game")
        state = new_seat_deal(rs, dealer=data["dealer"], deck=list(data["deck"]))
        for action in data["log"]:
            state.apply(action)
        return state


@functools.cache
def _dealing(packets: tuple[int, ...], n: int) -> tuple[operator.itemgetter, ...]:
    """For each seat from the dealer's left, a getter of its cards from the deck."""
    indexes: list[list[int]] = [[] for _ in range(n)]
    at = 0
    for size in packets:
        for k in range(n):
            indexes[k].extend(range(at, at + size))
            at += size
    return tuple(operator.itemgetter(*seat) for seat in indexes)


def seat_scores(
    rs: Ruleset,
    *,
    bid: int,
    bidder: int,
    partner: int | None,
    alone: bool,
    points: Sequence[int],
) -> tuple[int, ...]:
    """Each seat's deal score (RULES.md 12.3): called partner — the side's
    result for each of its seats, Railroad's alone doubled; individual —
    what each seat took, the set bidder minus the bid."""
    n = len(points)
    if rs.sides == "individual":
        scores = list(points)
        if points[bidder] < bid:
            scores[bidder] = -bid
        return tuple(scores)
    side = {bidder} if partner is None else {bidder, partner}
    mine = sum(points[s] for s in side)
    other = sum(points) - mine
    made = mine >= bid
    factor = 2 if alone else 1
    own = factor * (mine if made else -bid)
    return tuple(own if s in side else factor * other for s in range(n))


def seat_game_winner(
    totals: Sequence[int],
    target: int,
    *,
    bidder: int,
    partner: int | None,
    bid_made: bool,
) -> int | None:
    """The seat that has won an N-seat game after a deal, or None (RULES.md
    12.3): of the seats at or above the target, the bidder if the bid was
    made, else the partner if it was made, else the one highest total; a tie
    there names nobody yet."""
    reached = [s for s, total in enumerate(totals) if total >= target]
    if not reached:
        return None
    if bid_made and bidder in reached:
        return bidder
    if bid_made and partner is not None and partner in reached:
        return partner
    best = max(totals[s] for s in reached)
    top = [s for s in reached if totals[s] == best]
    return top[0] if len(top) == 1 else None
