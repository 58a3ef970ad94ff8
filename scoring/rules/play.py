"""Tricks under the family's play rules (RULES.md 11.3, 11.4.10-11):
follow-or-trump, trumps-only, no-rank and no-rank with down, and Louisiana's
cut-throat.  Monterey's own play (section 3.8) stays inline in
:meth:`scoring.rules.deal.DealState.apply`, the engine's hot path.

A mixin of :class:`scoring.rules.deal.DealState`; it reads and writes the
state's slots and holds none of its own.
"""

from __future__ import annotations

from .actions import FOLD_STR, LAY_STR, PLAY_STR

#: When a player without a trump is out: on a trump lead (section 3.8,
#: no-rank), at any turn (trumps-only, down) or never (follow-or-trump).
FOLD_ON_TRUMP_LEAD, FOLD_ALWAYS, FOLD_NEVER = range(3)
FOLDS = {
    "monterey": FOLD_ON_TRUMP_LEAD,
    "no-rank": FOLD_ON_TRUMP_LEAD,
    "trumps-only": FOLD_ALWAYS,
    "no-rank-down": FOLD_ALWAYS,
    "follow-or-trump": FOLD_NEVER,
}


class Play:
    __slots__ = ()

    def _legal_lays(self, hand: list[int]) -> list[str]:
        """Extra trumps on the first trick (RULES.md 3.7, 11.4.10): non-point
        trumps while any are held, then the lowest-valued point trumps."""
        ist, pts = self._ist, self._pts
        blank = [LAY_STR[c] for c in hand if ist[c] and not pts[c]]
        if blank:
            return blank
        low = min(pts[c] for c in hand)
        return [LAY_STR[c] for c in hand if pts[c] == low]

    def _legal_family_play(self) -> list[str]:
        rs, seat = self.rs, self.to_act
        hand, ist = self.hands[seat], self._ist
        if not self.tricks:
            if len(hand) > rs.hand_size:
                return self._legal_lays(hand)
            if not self.trick and self._lead_trump:
                trumps = [PLAY_STR[c] for c in hand if ist[c]]
                if trumps:
                    return trumps
        if self._fold == FOLD_ALWAYS and self._ranked:  # trumps-only
            return [PLAY_STR[c] for c in hand if ist[c]]
        if not self.trick:
            return [PLAY_STR[c] for c in hand]
        if self.trump_led:
            trumps = [PLAY_STR[c] for c in hand if ist[c]]
            return trumps or [PLAY_STR[c] for c in hand]
        if not self._ranked or rs.cut_throat:
            return [PLAY_STR[c] for c in hand]
        led, fol = self.led_suit, self._fol
        for c in hand:
            if fol[c] == led:
                return [PLAY_STR[c] for c in hand if ist[c] or fol[c] == led]
        return [PLAY_STR[c] for c in hand]

    def _legal_follow_or_trump(self) -> list[str]:
        """``_legal_family_play`` for follow-or-trump, which ranks the cards
        and folds nobody: the first trick's lays and trump lead are left to
        it, every other turn is worked out here."""
        hand, trick = self.hands[self.to_act], self.trick
        if not self.tricks and (len(hand) > self.rs.hand_size or not trick and self._lead_trump):
            return self._legal_family_play()
        if not trick:
            return [PLAY_STR[c] for c in hand]
        if self.trump_led:
            return _trumps_or_any(hand, self._ist)
        if self.rs.cut_throat:
            return [PLAY_STR[c] for c in hand]
        return _follow_or_trump(hand, self._ist, self._fol, self.led_suit)

    def _legal_play_or_fold(self) -> list[str]:
        """``_legal_family_play``, and ``fold`` for a player holding no trump
        (Isle Madame's ``fold_when_void``, RULES.md 11.4.19)."""
        legal = self._legal_family_play()
        if not self._holds_trump(self.to_act):
            legal.append(FOLD_STR)
        return legal

    def _fold_turn(self) -> None:
        """The player to act folds (RULES.md 11.4.19): out for the rest of the
        deal, its hand face down.  A leader who folds passes the lead to the
        next seat on the left still in (11.4.11); with every seat out the
        deal ends.  A follower who folds is passed over as a player out."""
        seat, out = self.to_act, self.out
        self._fold_seat(seat)
        if not self.trick:
            for k in range(1, 4):
                nxt = (seat + k) % 4
                if not out[nxt]:
                    self.leader = self.to_act = nxt
                    return
            self.phase = "done"
            self.leader = self.to_act = None
            return
        leader, nxt = self.leader, (seat + 1) % 4
        while nxt != leader:
            if not out[nxt]:
                if not self.trump_led or self._holds_trump(nxt):
                    self.to_act = nxt
                    return
                self._fold_seat(nxt)
            nxt = (nxt + 1) % 4
        self._finish_trick()

    def _play_family(self, card: int) -> None:
        seat = self.to_act
        self.hands[seat].remove(card)
        trick = self.trick
        if trick:
            power = self._pow[card]
            if power > self.best_power and (
                self._ist[card] or (self._ranked and self._fol[card] == self.led_suit)
            ):
                self.best_power = power
                self.best_seat = seat
        else:
            self.led_suit = self._fol[card]
            self.trump_led = self._ist[card]
            self.best_power = self._pow[card]
            self.best_seat = seat
        trick.append((seat, card))
        leader, out, fold = self.leader, self.out, self._fold
        nxt = (seat + 1) % 4
        if fold == FOLD_NEVER:
            # Nobody is ever out: the next seat plays, or the trick is complete.
            if nxt == leader:
                self._finish_trick()
            else:
                self.to_act = nxt
            return
        while nxt != leader:
            if not out[nxt]:
                if fold == FOLD_NEVER or (fold == FOLD_ON_TRUMP_LEAD and not self.trump_led):
                    self.to_act = nxt
                    return
                if self._holds_trump(nxt):
                    self.to_act = nxt
                    return
                self._fold_seat(nxt)
            nxt = (nxt + 1) % 4
        self._finish_trick()

    def _holds_trump(self, seat: int) -> bool:
        ist = self._ist
        return any(ist[c] for c in self.hands[seat])

    def _fold_seat(self, seat: int) -> None:
        self.out[seat] = True
        self.folded[seat] = self.hands[seat]
        self.hands[seat] = []

    def _lead_from(self, seat: int) -> None:
        """The lead goes to ``seat``, or to the next seat on its left still in
        and holding a trump; players passed over are out.  With nobody left
        holding a trump the deal ends, the cards left scoring nothing
        (RULES.md 11.4.11)."""
        out = self.out
        for k in range(4):
            candidate = (seat + k) % 4
            if out[candidate]:
                continue
            if self._holds_trump(candidate):
                self.leader = self.to_act = candidate
                return
            self._fold_seat(candidate)
        self.phase = "done"
        self.leader = self.to_act = None


def _trumps_or_any(hand: list[int], ist) -> list[str]:
    """The plays on a trump lead: a trump, or any card without one."""
    return [PLAY_STR[c] for c in hand if ist[c]] or [PLAY_STR[c] for c in hand]


def _follow_or_trump(hand: list[int], ist, fol, led: int) -> list[str]:
    """The plays on a lead of suit ``led``: that suit or a trump, or any card
    without the suit."""
    for c in hand:
        if fol[c] == led:
            return [PLAY_STR[c] for c in hand if ist[c] or fol[c] == led]
    return [PLAY_STR[c] for c in hand]
