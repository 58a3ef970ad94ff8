"""Tennessee's exchange and calls (RULES.md 11.3 ``tennessee``, 11.4.17-18).

After trump, in this order: the non-bidders throw every non-trump away and
are filled to six from the top of the stock; the bidder takes the rest of the
stock (the widow); then, one card an action in phase ``discard``: the bidder
gets down to six (``discard X`` of a non-trump, or ``slide X`` to the partner
while holding six trumps or more), the partner gets down to six (``discard
X``, then ``give X`` of a trump to the opponent on its right), the seat given
cards discards non-trumps, and a non-bidder dealt more than six trumps may
``slide X`` to its partner or ``keep``.  Every discard is face down, seen by
its owner only; only non-trumps leave play.

House options: ``throw_in`` (two calls, ``concede`` or ``pass``, before the
first card), ``misdeal_no_points`` (``misdeal`` in the auction, for a hand
with no card that can score) and ``shoot_the_moon`` (``game_winner``).

A mixin of the deal class Tennessee is played with
(:class:`scoring.rules.deal.TennesseeDeal`), which holds the slots it uses.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .actions import (
    ACTIONS,
    CONCEDE,
    DISCARD,
    DISCARD_STR,
    GIVE,
    GIVE_STR,
    KEEP,
    MISDEAL,
    SLIDE,
    SLIDE_STR,
)
from .cards import ALL_CODES
from .words import Text, gettext_noop, ngettext_noop

#: The steps of 11.3 that are actions: the bidder (4), a partner after slides
#: (5), a seat given cards (6), a non-bidder dealt more than six trumps (7).
BIDDER, PARTNER, RECEIVER, NON_BIDDER = "bidder", "partner", "receiver", "non-bidder"
#: Ranks that score in some suit (the A, J, T, 5 and 2: 11.4.18's misdeal).
_SCORING_RANKS = frozenset("AJT52")
#: Old exchange verbs (draw-choice and the bidder's rob), for stored logs.
_OLD_VERBS = ("discard ", "take ", "keep")
#: Verbs only the present exchange and its calls write after trump.
_NEW_VERBS = ("slide ", "give ", "concede", "misdeal", "pass")


def can_score(code: str) -> bool:
    """Whether a card can score in some suit: an A, J, T, 5 or 2, or a joker."""
    return code[0] in _SCORING_RANKS or code[0] == "X"


class TennesseeExchange:
    __slots__ = ()

    # -- steps 1 to 3, forced

    def _tennessee(self) -> None:
        """Forced discards, the second deal and the widow (steps 1-3), then
        the first step with something to do."""
        hands, stock = self.hands, self.stock
        size, bidder = self.rs.hand_size, self.bidder
        order = [(self.dealer + k) % 4 for k in range(1, 5) if (self.dealer + k) % 4 != bidder]
        dealt = [0, 0, 0, 0]
        for seat in order:
            self._shed_non_trumps(seat)  # Exchange's
            dealt[seat] = len(hands[seat])
        for seat in order:
            need = size - len(hands[seat])
            if need > 0:
                hands[seat].extend(stock[:need])
                del stock[:need]
        hands[bidder].extend(stock)
        stock.clear()
        self.tn_dealt = dealt
        partner = (bidder + 2) % 4
        non_bidders = [seat for seat in order if seat % 2 != bidder % 2]
        self.tn_steps = [(BIDDER, bidder), (PARTNER, partner)]
        self.tn_steps += [(NON_BIDDER, seat) for seat in non_bidders]
        self._tn_next()

    # -- steps 4 to 7, one card an action

    def _tn_owes(self, step: str, seat: int) -> bool:
        """Whether ``seat`` still has something to do in ``step``."""
        hand, size = self.hands[seat], self.rs.hand_size
        if len(hand) <= size:
            return False
        if step == RECEIVER:
            return any(not self._ist[c] for c in hand)
        if step == NON_BIDDER:
            return self.tn_dealt[seat] > size
        return True

    def _tn_next(self) -> None:
        """The first step still to do, or play."""
        steps = self.tn_steps
        while steps:
            step, seat = steps[0]
            if self._tn_owes(step, seat):
                self.phase = "discard"
                self.to_act = seat
                return
            steps.pop(0)
            if step == NON_BIDDER and self.tn_slid:
                # 11.4.17: its partner does step 5 before the next of step 7.
                steps.insert(0, (PARTNER, (seat + 2) % 4))
            self.tn_slid = False
        self._start_play()

    def _tn_legal(self) -> list[str]:
        step, seat = self.tn_steps[0]
        hand, ist = sorted(self.hands[seat]), self._ist
        plain = [DISCARD_STR[c] for c in hand if not ist[c]]
        if step == BIDDER:
            # Sliding is open while holding six trumps or more (11.3 step 4).
            if sum(1 for c in hand if ist[c]) >= self.rs.hand_size:
                return plain + [SLIDE_STR[c] for c in hand]
            return plain
        if step == PARTNER:
            return plain or [GIVE_STR[c] for c in hand]
        if step == RECEIVER:
            return plain
        return ["keep", *(SLIDE_STR[c] for c in hand)]

    def _tn_act(self, kind: int, card: int) -> None:
        step, seat = self.tn_steps[0]
        hands = self.hands
        if kind == KEEP:
            self.tn_steps.pop(0)
            if self.tn_slid:
                # 11.4.17: having slid, its partner still does step 5.
                self.tn_steps.insert(0, (PARTNER, (seat + 2) % 4))
            self.tn_slid = False
            self._tn_next()
            return
        hands[seat].remove(card)
        if kind == DISCARD:
            # Face down: to the wash, seen by its owner only (11.4.14).
            self.discards[seat].append(card)
            self.wash.append(card)
        elif kind == SLIDE:
            partner = (seat + 2) % 4
            hands[partner].append(card)
            self.tn_moves.append((seat, partner, "slide"))
            if step == NON_BIDDER:
                self.tn_slid = True
            elif len(self.tn_steps) < 2 or self.tn_steps[1] != (PARTNER, partner):
                self.tn_steps.insert(1, (PARTNER, partner))
        else:  # GIVE, to the opponent on the giver's right
            right = (seat + 3) % 4
            hands[right].append(card)
            self.tn_moves.append((seat, right, "give"))
            if len(self.tn_steps) < 2 or self.tn_steps[1] != (RECEIVER, right):
                self.tn_steps.insert(1, (RECEIVER, right))
        if not self._tn_owes(step, seat):
            self._tn_next()

    # -- the throw-in (11.4.18)

    def _tn_calls_start(self) -> None:
        """After the exchange, before the first card: the seat left of the
        bidder, then the seat on its right, each concede or pass."""
        if not self.rs.throw_in or self.phase != "play":
            return
        bidder = self.bidder
        self.tn_lead = self.to_act
        self.tn_calls = [(bidder + 1) % 4, (bidder + 3) % 4]
        self.to_act = self.tn_calls[0]

    def _tn_call(self, kind: int) -> None:
        seat = self.tn_calls.pop(0)
        self.tn_moves.append((seat, None, "concede" if kind == CONCEDE else "pass"))
        if kind == CONCEDE:
            team, rs = self.bidder % 2, self.rs
            self.taken[team] = rs.total_points
            self.taken[1 - team] = 0
            self.owners = {role: team for role, _ in rs.points}
            self.tn_calls = []
            self.phase = "done"
            self.to_act = self.leader = None
        elif self.tn_calls:
            self.to_act = self.tn_calls[0]
        else:
            self.to_act = self.tn_lead

    # -- the misdeal (11.4.18)

    def _tn_misdeal_open(self) -> bool:
        seat = self.to_act
        return (
            self.rs.misdeal_no_points
            and self.phase == "bid"
            and not any(can_score(ALL_CODES[c]) for c in self.hands[seat])
        )

    def _tn_misdeal(self) -> None:
        self.bids.append((self.to_act, "misdeal"))
        self.tn_misdeal = True
        self.phase = "done"
        self.to_act = None

    # -- the reasons for a refusal

    def _tn_reason(self, action: Any) -> Text | None:
        """Why ``action`` is refused in one of Tennessee's own steps, or None
        when the general reasons apply."""
        parsed = ACTIONS.get(action) if isinstance(action, str) else None
        if parsed is None or self.phase == "done":
            return None
        kind, card = parsed
        if self.phase == "play" and self.tn_calls:
            return Text(
                gettext_noop("seat %(seat)s may concede the deal or pass; %(action)s does not fit"),
                {"seat": self.to_act + 1, "action": repr(action)},
            )
        if kind == MISDEAL:
            return Text(
                gettext_noop(
                    "a misdeal is called only in the auction, by a player dealt no card "
                    "that can score (no ace, jack, ten, five, two or joker)"
                )
            )
        if kind in (CONCEDE, SLIDE, GIVE) and self.phase != "discard":
            return Text(
                gettext_noop("it is time %(wanted)s (seat %(seat)s); %(action)s does not fit"),
                {"wanted": self._tn_wanted(), "seat": self.to_act + 1, "action": repr(action)},
            )
        if self.phase != "discard":
            return None
        step, seat = self.tn_steps[0]
        size = {"size": self.rs.hand_size}
        if kind not in (DISCARD, SLIDE, GIVE, KEEP):
            reason = Text(gettext_noop("it is time to discard"))
        elif kind == KEEP:
            reason = Text(gettext_noop("only a non-bidder dealt more trumps than a hand keeps"))
        elif card not in self.hands[seat]:
            reason = Text(gettext_noop("you do not hold %(card)s"), {"card": ALL_CODES[card]})
        elif kind == DISCARD:
            reason = Text(gettext_noop("trumps are never discarded"))
        elif kind == SLIDE and step == BIDDER:
            reason = Text(
                ngettext_noop(
                    "the bidder slides cards only while holding %(size)s trump or more",
                    "the bidder slides cards only while holding %(size)s trumps or more",
                    "size",
                ),
                size,
            )
        elif kind == GIVE and step == PARTNER:
            reason = Text(gettext_noop("discard your non-trumps before you give a trump"))
        elif kind == SLIDE:
            reason = Text(
                gettext_noop(
                    "only the bidder, or a non-bidder dealt more trumps than a hand keeps, "
                    "slides cards"
                )
            )
        else:
            reason = Text(
                gettext_noop(
                    "only a player above its hand with nothing but trumps, after its "
                    "partner slid cards, gives trumps"
                )
            )
        return Text(
            gettext_noop("%(action)s is not allowed: %(reason)s"),
            {"action": repr(action), "reason": reason},
        )

    def _tn_wanted(self) -> Text:
        return {
            "bid": Text(gettext_noop("to bid or pass")),
            "trump": Text(gettext_noop("for the bidder to name trump")),
            "play": Text(gettext_noop("to play a card")),
        }.get(self.phase, Text(gettext_noop("to discard")))

    # -- what the views add

    def _tn_view(self, view: dict[str, Any]) -> dict[str, Any]:
        """Cards slid and given, counted, never named (11.4.14); the throw-in
        calls; whether the deal was a misdeal."""
        view["moves"] = [[src, dst, what] for src, dst, what in self.tn_moves]
        view["throw_in"] = bool(self.tn_calls)
        view["misdeal"] = self.tn_misdeal
        if self.tn_misdeal:
            view["bid"] = None
        return view


def cut_old_exchange(rs: Any, log: Sequence[str]) -> list[str] | None:
    """A Tennessee log written under the old exchange (free discards, then the
    bidder's rob, maybe tricks after them) that the present rules refuse, cut
    back to its auction and trump; None when ``log`` is not such a log.

    The deal then goes on under the present exchange with the same cards:
    the old discards and takes are forgotten, the auction and trump stand."""
    if rs.exchange != "tennessee":
        return None
    trump = next((k for k, a in enumerate(log) if a.startswith("trump ")), None)
    if trump is None:
        return None
    rest = log[trump + 1 :]
    if not rest or not rest[0].startswith(_OLD_VERBS):
        return None
    if any(a.startswith(_NEW_VERBS) for a in rest):
        return None
    return list(log[: trump + 1])
