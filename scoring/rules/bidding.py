"""The auction of a deal: the dark calls, bids, suit bids and naming trump
(RULES.md 3.2, 3.3, 11.1, 11.3 and 11.4.1-3).

A mixin of :class:`scoring.rules.deal.DealState`; it reads and writes the
state's slots and holds none of its own.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from .actions import BID_STR, SUIT_BID_STR, SUIT_OF_BID_RANK, TRUMP_STR
from .cards import CARD, SUITS
from .rulesets import Ruleset

_ACE_TWO = tuple((CARD["A" + s], CARD["2" + s]) for s in SUITS)


class Bidding:
    __slots__ = ()

    # -- legal calls

    def _legal_bids(self) -> Sequence[str]:
        rs, seat, high = self.rs, self.to_act, self.high_bid
        if self.phase == "dark":
            return self._legal_dark()
        stuck = seat == self.dealer and high == 0
        if rs.suit_bids:
            return self._legal_suit_bids(stuck)
        tops = rs.top_contracts
        if not tops:
            if not stuck:
                # The common call: the same tuple as below, looked up by the high bid.
                return self._bid_table[high]
            top = 0
        elif high < tops[0] and len(tops) == 1:
            # The shoot: open below it, with the ace and two where asked.
            top = tops[0]
            if rs.shoot_needs_ace_and_two and not self._shoot_suits(seat):
                top = 0
        else:
            top = self._open_top_contract(seat, high)
        # The shared tuple itself: nothing changes a list of bids in place.
        return _bid_options(rs.dealer_stuck_bid, rs.min_bid, rs.max_bid, high, stuck, top)

    def _open_top_contract(self, seat: int, high: int) -> int:
        """The top contract ``seat`` may bid now, or 0: the first one over any
        lower bid; each later one (Louisiana's 56) only while the one before it
        is the high bid (RULES.md 11.4.3); the A and 2 of a suit held where the
        game asks it."""
        rs = self.rs
        tops = rs.top_contracts
        if high < tops[0]:
            top = tops[0]
        else:
            at = tops.index(high) if high in tops else len(tops)
            top = tops[at + 1] if at + 1 < len(tops) else 0
        if top and rs.shoot_needs_ace_and_two and not self._shoot_suits(seat):
            return 0
        return top

    def _legal_suit_bids(self, stuck: bool) -> list[str]:
        """Oregon's suit bids, low to high (RULES.md 11.3): a stuck dealer bids
        the stuck number in any suit (11.4.1)."""
        rs = self.rs
        if stuck:
            return [SUIT_BID_STR[4 * rs.dealer_stuck_bid + rank] for rank in range(4)]
        first = max(self.bid_key + 1, 4 * rs.min_bid)
        return ["pass", *(SUIT_BID_STR[key] for key in range(first, 4 * rs.max_bid + 4))]

    def _legal_dark(self) -> list[str]:
        """Louisiana's dark calls (RULES.md 11.3, 11.4.3): 28 over nothing, 56
        only over a dark 28; no ace-and-two condition in the dark."""
        tops, high = self.rs.top_contracts, self.high_bid
        if high == 0:
            return ["pass", BID_STR[tops[0]]]
        if high == tops[0]:
            return ["pass", BID_STR[tops[1]]]
        return ["pass"]

    def _legal_trumps(self) -> list[str]:
        suits = self.shoot_suits if self._shoot_restricted() else range(4)
        return [TRUMP_STR[s] for s in suits]

    def _shoot_restricted(self) -> bool:
        """Whether the bidder must name a suit whose A and 2 they held when
        bidding a top contract (RULES.md 3.2, 11.4.3); never after a dark bid."""
        rs = self.rs
        return (
            rs.shoot_needs_ace_and_two and self.high_bid in rs.top_contracts and not self.dark_bid
        )

    def _shoot_suits(self, seat: int) -> tuple[int, ...]:
        """Suits whose ace and two ``seat`` holds now (the shoot's condition)."""
        hand = self.hands[seat]
        return tuple(s for s, (ace, two) in enumerate(_ACE_TWO) if ace in hand and two in hand)

    # -- making calls

    def _bid(self, bid: int) -> None:
        seat = self.to_act
        if self.phase == "dark":
            self._dark_call(seat, bid)
            return
        high = self.high_bid
        if bid:
            self.bids.append((seat, BID_STR[bid]))
            self.high_bid = bid
            self.bidder = seat
            self.shoot_suits = self._shoot_suits(seat) if bid in self.rs.top_contracts else ()
        else:
            self.bids.append((seat, "pass"))
        if self.widows is not None:
            # The widow is picked up the moment its owner has bid or passed.
            self.hands[seat].extend(self.widows[seat])
            self.widows[seat] = []
        if not self.rs.open_auction:
            # One round, the dealer last: clockwise, or counter-clockwise when
            # the auction started on the dealer's right (RULES.md 11.4.4).
            if seat == self.dealer:
                self._auction_over()
            elif self.rs.bidding_start == "right":
                self.to_act = (seat + 3) % 4
            else:
                self.to_act = (seat + 1) % 4
            return
        # _next_caller's open auction, inline: a climb to 63 makes many calls.
        self.passes = 0 if bid else self.passes + 1
        if (seat == self.dealer and high == 0) or (self.high_bid > 0 and self.passes == 3):
            self._auction_over()
        else:
            self.to_act = (seat + 1) % 4

    def _suit_bid(self, key: int) -> None:
        seat = self.to_act
        stuck = seat == self.dealer and self.high_bid == 0
        self.bids.append((seat, SUIT_BID_STR[key]))
        self.high_bid = key // 4
        self.bid_key = key
        self.bid_suit = SUIT_OF_BID_RANK[key % 4]
        self.bidder = seat
        self._next_caller(seat, True, stuck)

    def _next_caller(self, seat: int, bid: bool, stuck: bool) -> None:
        """One round ends with the dealer; an open auction ends when three
        players in a row pass after the last bid, or at a stuck bid (RULES.md
        11.4.1-2)."""
        if self.rs.open_auction:
            self.passes = 0 if bid else self.passes + 1
            over = stuck or (self.high_bid > 0 and self.passes == 3)
        else:
            over = seat == self.dealer
        if over:
            self._auction_over()
        else:
            self.to_act = (seat + 1) % 4

    def _dark_call(self, seat: int, bid: int) -> None:
        """One of the four dark calls; after them a dark bid goes to trump,
        four passes to the normal auction (RULES.md 11.4.3)."""
        if bid:
            self.bids.append((seat, BID_STR[bid]))
            self.high_bid = bid
            self.bidder = seat
            self.dark_bid = True
            self.shoot_suits = (0, 1, 2, 3)
        else:
            self.bids.append((seat, "pass"))
        if len(self.bids) < 4:
            self.to_act = (seat + 1) % 4
        elif self.high_bid:
            self.phase = "trump"
            self.to_act = self.bidder
        else:
            self.phase = "bid"
            self.to_act = (self.dealer + 1) % 4

    def _auction_over(self) -> None:
        rs = self.rs
        if rs.extra_cards:
            self._deal_extra_cards()
        if rs.suit_bids:
            self._name_trump(self.bid_suit)
        else:
            self.phase = "trump"
            self.to_act = self.bidder


@functools.cache
def _bid_options(
    stuck_bid: int, min_bid: int, max_bid: int, high: int, stuck: bool, top: int
) -> tuple[str, ...]:
    """The bid actions open to a player: ``pass`` first, then bids low to high."""
    legal = [BID_STR[stuck_bid]] if stuck else ["pass"]
    if not stuck:
        legal.extend(BID_STR[n] for n in range(max(high + 1, min_bid), max_bid + 1))
    if top:
        legal.append(BID_STR[top])
    return tuple(legal)


def bid_table(rs: Ruleset) -> tuple[tuple[str, ...], ...]:
    """For a game without top contracts or suit bids, the bid actions open to
    a player who is not a stuck dealer, by the high bid: ``_bid_options``
    worked out once for every high bid (an open auction asks for them at
    every call)."""
    if rs.top_contracts or rs.suit_bids:
        return ()
    args = rs.dealer_stuck_bid, rs.min_bid, rs.max_bid
    return tuple(_bid_options(*args, high, False, 0) for high in range(rs.max_bid + 1))
