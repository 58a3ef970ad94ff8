"""Between the auction and play: Draw's discard, fill and rob (RULES.md 3.4-6),
the Widow (section 4) and the family's exchanges (11.3): choice discards ended
by ``keep``, robbing, extra cards, the kitty, the señorita and Pede.

A mixin of :class:`scoring.rules.deal.DealState`; it reads and writes the
state's slots and holds none of its own.
"""

from __future__ import annotations

from .actions import DISCARD_STR, TAKE_STR
from .cards import FOLLOWS, IS_TRUMP, POINT_CARD, POWER, ROLE

#: Exchanges whose choice discards are face up (RULES.md 11.4.14).
FACE_UP_DISCARDS = ("draw-choice", "maker-fill", "extra-4", "kitty", "pede")
#: Exchanges whose discards are filled and robbed after everyone has
#: discarded (RULES.md 11.3: draw-choice, the dealer robbing; maker-fill, the
#: bidder filled last by search).
FILL_AND_ROB = ("draw-choice", "maker-fill")
#: What a choice discard may be: any card down to six or fewer (draw-choice),
#: any card down to the hand size (señorita), or trumps last (RULES.md 11.3).
ANY_CARD_GOES, SENORITA, TRUMPS_LAST = range(3)
DISCARD_RULES = {"draw-choice": ANY_CARD_GOES, "senorita": SENORITA}
DISCARD_RULES.update({name: TRUMPS_LAST for name in ("extra-4", "kitty", "pede")})


class Exchange:
    __slots__ = ()

    def _name_trump(self, trump: int) -> None:
        rs = self.rs
        self.trump = trump
        if not rs.plain_tables:
            tables = rs.tables
            self._ist = tables.is_trump[trump]
            self._pow = tables.power[trump]
            self._fol = tables.follows[trump]
            self._roles = tables.role[trump]
            two = tables.point_card[trump]["2"]
        else:
            self._ist = IS_TRUMP[trump]
            self._pow = POWER[trump]
            self._fol = FOLLOWS[trump]
            self._roles = ROLE[trump]
            two = POINT_CARD[trump]["2"]
        self._pts = rs.point_table[trump]
        self._two = two if rs.low_is_keeper else -1
        if rs.low_is_keeper and rs.keeper_by_deal:
            self._keeper_by_deal(two)
        exchange = rs.exchange
        if exchange == "draw":
            self._draw()
        elif exchange == "widow":
            self.phase = "discard"
            self._next_widow_discarder((self.dealer + 1) % 4)
        elif exchange == "none":
            self._start_play()
        elif exchange == "pede":
            self._pede()
        elif exchange == "tennessee":
            self._tennessee()
        else:
            bidder = self.bidder
            if exchange in ("kitty", "senorita"):
                # The bidder picks up the face-down cards (RULES.md 11.4.15).
                self.hands[bidder].extend(self.kitty)
                self.kitty = []
            if exchange == "senorita":
                self.discarders = [bidder]
            else:
                self.discarders = [(self.dealer + k) % 4 for k in range(1, 5)]
            self._next_discarder()

    def _keeper_by_deal(self, two: int) -> None:
        """The keeper 2 scores for the team of the seat it was dealt to; a 2
        nobody was dealt (it lay in the stock) scores for its trick's winner
        (RULES.md 11.4.16), as any point card."""
        deck, at = self.deck, 0
        for size in self.rs.deal_packets:
            for k in range(1, 5):
                if two in deck[at : at + size]:
                    self._two_team = (self.dealer + k) % 4 % 2
                    return
                at += size
        self._two = -1

    def _back_from_wash(self, cards: list[int]) -> None:
        """Cards a fill or a rob took back from the wash are in a hand again:
        they leave every list of discards (RULES.md 11.4.14)."""
        faceup = self.faceup
        for card in cards:
            for seat, gone in enumerate(self.discards):
                if card in gone:
                    gone.remove(card)
                    if card in faceup[seat]:
                        faceup[seat].remove(card)
                    break

    # -- Draw: discard, fill, the dealer robs the pack

    def _draw(self) -> None:
        ist, dealer, hands = self._ist, self.dealer, self.hands
        order = [(dealer + k) % 4 for k in range(1, 5)]
        wash = self.wash
        for seat in order:
            hand = hands[seat]
            keep = [c for c in hand if ist[c]]
            if len(keep) < len(hand):
                gone = [c for c in hand if not ist[c]]
                hands[seat] = keep
                self.discards[seat] = gone
                wash.extend(gone)
        stock, size = self.stock, self.rs.hand_size
        for seat in order[:3]:
            hand = hands[seat]
            need = size - len(hand)
            if need > 0:
                hand.extend(stock[:need])
                del stock[:need]
                short = size - len(hand)
                if short > 0:
                    hand.extend(wash[:short])
                    del wash[:short]
        hand = hands[dealer]
        trumps = [c for c in stock if ist[c]]
        if trumps:
            hand.extend(trumps)
            self.stock = [c for c in stock if not ist[c]]
        if len(hand) < size:
            self.phase = "fill"
            self.to_act = dealer
        else:
            self._start_play()

    def _take(self, card: int, legal: list[str]) -> None:
        """Take ``card`` from the stock, or from the wash once the stock is
        out; ``legal`` (the state's own list, sorted from that source) less
        the card is the next legal list while the same source lasts."""
        stock = self.stock
        if stock:
            stock.remove(card)
            source = stock
            if self.rs.exchange == "maker-fill" and self._ist[card]:
                # Taken openly: shown to all until played (RULES.md 11.3).
                if not self.open_cards:
                    self.open_cards = []
                self.open_cards.append(card)
        else:
            source = self.wash
            source.remove(card)
            self._back_from_wash([card])
        hand = self.hands[self.robber]
        hand.append(card)
        if len(hand) >= self.rs.hand_size:
            if self.rs.exchange == "draw":
                self._start_play()
            else:
                self._end_rob()
        elif source:
            legal.remove(TAKE_STR[card])
            self.legal = legal

    def _legal_takes(self) -> list[str]:
        source = self.stock if self.stock else self.wash
        return [TAKE_STR[c] for c in sorted(source)]

    # -- Widow: each player discards down to six

    def _discards_owed(self, seat: int) -> int:
        hand = self.hands[seat]
        trumps = sum(map(self._ist.__getitem__, hand))
        return len(hand) - max(self.rs.hand_size, trumps)

    def _next_widow_discarder(self, seat: int) -> None:
        for k in range(4):
            candidate = (seat + k) % 4
            if self._discards_owed(candidate) > 0:
                self.to_act = candidate
                return
            if candidate == self.dealer:
                break
        self._start_play()

    def _widow_discard(self, card: int, action: str, legal: list[str]) -> None:
        """Discard ``card`` (``action`` is its discard action) and set the
        next legal list.  ``legal``, the state's own list, holds the seat's
        non-trumps in the Widow: the seat discards again while above the hand
        size with a non-trump left, from the same list less this card."""
        seat = self.to_act
        hand = self.hands[seat]
        hand.remove(card)
        self.discards[seat].append(card)
        self.wash.append(card)
        if self.rs.exchange == "widow":
            # No sum over the hand: its non-trumps are the other entries of legal.
            again = len(hand) > self.rs.hand_size and len(legal) > 1
        else:
            # Widows dealt for another exchange: that exchange's options.
            again = self._discards_owed(seat) > 0
        if again:
            legal.remove(action)
            self.legal = legal
            return
        if seat == self.dealer:
            self._start_play()
        else:
            self._next_widow_discarder((seat + 1) % 4)
        self.legal = self._compute_legal()

    # -- choice discards, ended by "keep" (RULES.md 11.1, 11.4.5-6)

    def _next_discarder(self) -> None:
        """The first seat still to discard, dealer's left first and dealer
        last; Pede skips players already at six (RULES.md 11.4.5)."""
        size, pede = self.rs.hand_size, self.rs.exchange == "pede"
        while self.discarders:
            seat = self.discarders[0]
            if not (pede and len(self.hands[seat]) <= size):
                self.phase = "discard"
                self.to_act = seat
                return
            self.discarders.pop(0)
        self._after_discards()

    def _legal_choice_discards(self) -> list[str]:
        hand = self.hands[self.to_act]
        held, size, rule = len(hand), self.rs.hand_size, self._drule
        if rule == ANY_CARD_GOES:
            # Any cards, trumps too, until holding at most six (RULES.md 11.3).
            legal = [DISCARD_STR[c] for c in sorted(hand)]
            if held <= size:
                legal.insert(0, "keep")
            return legal
        if held <= size:
            return ["keep"] if held == size else []
        if rule == SENORITA:
            return [DISCARD_STR[c] for c in sorted(hand)]
        # Trumps last: the non-trumps while any are held, in one pass (the
        # common case), else _trumps_last's trumps.
        ist = self._ist
        plain = [DISCARD_STR[c] for c in sorted(hand) if not ist[c]]
        return plain or [DISCARD_STR[c] for c in self._trumps_last(hand)]

    def _trumps_last(self, hand: list[int]) -> list[int]:
        """Extra-4, kitty and Pede discards (RULES.md 11.3): non-trumps while
        any are held, then non-point trumps, then the lowest-valued point
        trumps, the player choosing among equals (11.4.9)."""
        ist, pts = self._ist, self._pts
        plain = [c for c in hand if not ist[c]]
        if plain:
            return sorted(plain)
        blank = [c for c in hand if not pts[c]]
        if blank:
            return sorted(blank)
        low = min(pts[c] for c in hand)
        return sorted(c for c in hand if pts[c] == low)

    def _choice_discard(self, card: int, action: str, legal: list[str]) -> None:
        """Discard ``card`` (``action`` is its discard action) and set the
        next legal list: ``legal`` (the list it was chosen from, the state's
        own) becomes it where one card less is all that changes, so a run of
        discards does not recompute it each time."""
        seat = self.to_act
        hand = self.hands[seat]
        hand.remove(card)
        self.discards[seat].append(card)
        if self._drule != SENORITA:
            # Face up; the señorita's go face down, seen by the bidder only.
            self.faceup[seat].append(card)
            self.wash.append(card)
        self._after_choice_discard(card, action, legal, len(hand) - self.rs.hand_size)

    def _after_choice_discard(self, card: int, action: str, legal: list[str], above: int) -> None:
        """Set the legal list after a choice discard of ``card`` that leaves
        ``above`` cards above the hand size (``_choice_discard``'s second half,
        which a deal's ``apply`` may reach directly)."""
        rule = self._drule
        if above > 0:
            # The same options less this card, unless (trumps last) that was a
            # trump or the last non-trump: then they are worked out again.
            if (rule != TRUMPS_LAST or not self._ist[card]) and len(legal) > 1:
                legal.remove(action)
                self.legal = legal
                return
        elif rule == ANY_CARD_GOES:
            # At or below the hand size any card may still go, or "keep".
            legal.remove(action)
            if not above:
                legal.insert(0, "keep")
            self.legal = legal
            return
        elif not above:
            # Down to the hand size: all that is left is to keep.
            self.legal = ["keep"]
            return
        self.legal = self._compute_legal()

    def _keep(self) -> None:
        self.discarders.pop(0)
        self._next_discarder()

    def _after_discards(self) -> None:
        if self.rs.exchange in FILL_AND_ROB:
            self._fill_and_rob()
        else:
            self._start_play()

    # -- draw-choice and maker-fill: fill, then rob (RULES.md 11.3, 11.4.6-8)

    def _fill_and_rob(self) -> None:
        """Every seat but the robber is filled from the top of the stock, then
        of the wash, from the dealer's left; then the robber (draw-choice: the
        dealer; maker-fill and Tennessee: the bidder, filled last whoever
        dealt) takes by search."""
        rs, hands, stock, wash = self.rs, self.hands, self.stock, self.wash
        size = rs.hand_size
        robber = self.robber = self.bidder if rs.robber == "bidder" else self.dealer
        for k in range(1, 5):
            seat = (self.dealer + k) % 4
            if seat != robber:
                self._fill_to(hands[seat], size)
        if len(hands[robber]) < size and (stock or wash):
            self.phase = "fill"
            self.to_act = robber
        else:
            self._end_rob()

    def _shed_non_trumps(self, seat: int) -> None:
        """``seat`` discards every non-trump it holds, face up to the wash: a
        forced discard, no choice (Pede, Tennessee)."""
        ist, hand = self._ist, self.hands[seat]
        gone = [c for c in hand if not ist[c]]
        if gone:
            self.hands[seat] = [c for c in hand if ist[c]]
            self.discards[seat] = gone
            self.wash.extend(gone)

    def _fill_to(self, hand: list[int], size: int) -> None:
        """Fill ``hand`` to ``size`` cards from the top of the stock, then of
        the wash."""
        stock, wash = self.stock, self.wash
        need = size - len(hand)
        if need > 0:
            hand.extend(stock[:need])
            del stock[:need]
            short = size - len(hand)
            if short > 0:
                self._back_from_wash(wash[:short])
                hand.extend(wash[:short])
                del wash[:short]

    def _end_rob(self) -> None:
        """Stock trumps are shown and leave play; Cinch credits the bidders
        with the opponents' discarded point trumps still out (RULES.md 11.4.8)."""
        ist = self._ist
        self.stock_trumps = [c for c in self.stock if ist[c]]
        if self.stock_trumps:
            self.stock = [c for c in self.stock if not ist[c]]
        if self.rs.cinch_credit:
            team, pts, out = self.bidder % 2, self._pts, set(self.wash)
            for seat in (1 - team, 3 - team):
                for card in self.discards[seat]:
                    if pts[card] and card in out:
                        self.taken[team] += pts[card]
                        self.owners[self._roles[card]] = team
        self._start_play()

    # -- extra-4 and Pede

    def _deal_extra_cards(self) -> None:
        """Sixty-Three: each player from the dealer's left gets the next cards
        of the stock; what is left stays unseen (RULES.md 11.3)."""
        n, stock = self.rs.extra_cards, self.stock
        for k in range(1, 5):
            self.hands[(self.dealer + k) % 4].extend(stock[:n])
            del stock[:n]
        self.unseen = stock[:]
        stock.clear()

    def _pede(self) -> None:
        """Non-dealers discard every non-trump (no choice) and are filled to
        six; the dealer takes the rest of the stock; then anyone above six
        makes choice discards (RULES.md 11.3)."""
        hands, dealer = self.hands, self.dealer
        size, stock = self.rs.hand_size, self.stock
        order = [(dealer + k) % 4 for k in range(1, 4)]
        for seat in order:
            self._shed_non_trumps(seat)
        for seat in order:
            self._fill_to(hands[seat], size)
        hands[dealer].extend(stock)
        stock.clear()
        self.discarders = [*order, dealer]
        self._next_discarder()
