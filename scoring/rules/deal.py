"""One deal of Pedro as a state machine (RULES.md sections 3, 4, 8 and 11).

``new_deal`` shuffles (or takes) a deck and deals it; the returned
:class:`DealState` then moves only through :meth:`DealState.apply`, one action
string at a time, for the seat in ``to_act``.  Steps that involve no choice —
Draw discards, the non-dealers' fill, the dealer taking every trump from the
stock, picking up a widow, folding a player who is out, and the family's
forced steps of RULES.md 11.4.15 — happen inside ``apply``; every choice is an
action, even when only one option is left.  The ruleset says which game is
played; the auction lives in ``bidding.py``, the exchanges in
``exchange.py`` and the family's play rules in ``play.py``.

Choices this module makes where RULES.md is silent (a Pedro player would
expect each of them):

* ``legal_actions()`` lists bids low to high (``pass`` first), trumps in the
  order S H D C, and card actions in hand order: spades, hearts, diamonds,
  clubs, each ace down to two.  It never reveals the order of the stock.
  The state works them out once a step, at the end of ``apply``, and keeps
  them as ``legal`` (read-only); ``legal_actions()`` returns a new list.
* In play, hands are kept sorted in that hand order; before play they are in
  the order the cards were received, which is the order the wash needs.
* A folded player's cards stay face down with that player; the discards of a
  seat are shown only to that seat.  The dealer sees the stock or wash cards
  it may take (as ``take`` actions), never the stock's order.
* The state serialises as ruleset + dealer + deck + action log, and
  ``from_json`` replays the log: a stored game can never hold a state the
  rules do not allow, and the round-trip is exact by construction.  A Pedro
  or Sancho deal stored while the dealer robbed (before the maker's fill)
  replays under the exchange it was played with, so it still loads.
* Maker-fill (Pedro, Sancho): the trumps the bidder took from the stock are
  the view's ``open_cards`` (in hand order) while the bidder holds them; a
  bidder short of six with the stock and the wash both empty plays short.
* A discard that a fill or a rob takes back from the wash leaves the
  discarder's ``my_discards`` as well as every face-up list: a card in a
  hand is never listed as out of play (Monterey's own Draw is unchanged).
* Isle Madame's ``fold``: offered at every turn of a player holding no
  trump, the first trick included, after the play actions; a player who
  folds keeps its cards face down like one folded on a trump lead.
"""

from __future__ import annotations

import dataclasses
import functools
import operator
import random
from collections.abc import Sequence
from typing import Any

from .actions import (
    ACTIONS,
    BID,
    DISCARD,
    DISCARD_STR,
    FOLD,
    KEEP,
    LAY,
    MISDEAL,
    PASS,
    PLAY,
    PLAY_STR,
    SUIT_BID,
    TAKE,
    TRUMP,
    IllegalAction,
)
from .bidding import Bidding, bid_table
from .cards import ALL_CODES, ANY_CARD, CARD, PACKS, SUIT_NAMES, SUITS
from .exchange import (
    ANY_CARD_GOES,
    DISCARD_RULES,
    FACE_UP_DISCARDS,
    SENORITA,
    TRUMPS_LAST,
    Exchange,
)
from .play import FOLD_ALWAYS, FOLD_NEVER, FOLDS, Play
from .rulesets import Ruleset
from .seats import new_seat_deal
from .seen import auction_view, cards_view
from .tennessee import TennesseeExchange, cut_old_exchange
from .words import Text, TextList, gettext_noop, ngettext_noop, one_of

JSON_FORMAT = "pedroparty-deal/1"
PHASES = ("dark", "bid", "trump", "discard", "fill", "play", "done")
TRICKS = 6  # Monterey's; a ruleset's own is ``rs.tricks``

_CODES = ALL_CODES
_CALLS = (PASS, BID)  # the action kinds the auction's _bid takes
_DECK = PACKS["52"]  # the same object, so new_deal can tell the plain pack


#: An action refused with its reason: "'bid 5' is not allowed: bids are 6 to 16 or 32".
NOT_ALLOWED = gettext_noop("%(action)s is not allowed: %(reason)s")

#: What the deal waits for, as "it is time ..." says it, by phase ("take" and
#: "rob" are the fill: the dealer takes cards, or the bidder robs the stock).
_WANTED = {
    "dark": Text(gettext_noop("to call in the dark")),
    "bid": Text(gettext_noop("to bid or pass")),
    "trump": Text(gettext_noop("for the bidder to name trump")),
    "discard": Text(gettext_noop("to discard")),
    "take": Text(gettext_noop("for the dealer to take cards")),
    "rob": Text(gettext_noop("to rob")),
    "play": Text(gettext_noop("to play a card")),
}
#: Suit names as words of a refusal ("hearts"), translated with it.
_SUIT = {letter: Text(name) for letter, name in SUIT_NAMES.items()}
#: One card of a suit, as "play a spade" says it.
_ONE_OF_SUIT = {
    "S": Text(gettext_noop("a spade")),
    "H": Text(gettext_noop("a heart")),
    "D": Text(gettext_noop("a diamond")),
    "C": Text(gettext_noop("a club")),
}


def new_deal(
    rs: Ruleset,
    dealer: int = 0,
    seed: int | None = None,
    deck: list[str] | None = None,
) -> DealState:
    """Deal a new hand.

    ``deck`` is the game's pack (52 distinct card codes for Monterey; with
    ``X1``/``X2`` or 32 cards as RULES.md 11.1 says), index 0 the top card;
    without it the deck is shuffled from ``random.Random(seed)``, the same
    deck for the same seed on every machine (a system-random shuffle when
    ``seed`` is None too).

    An N-seat game (RULES.md 12.1) is dealt by ``seats.new_seat_deal``: its
    state has the same surface, generalised to N seats.
    """
    if rs.sides != "fixed":
        return new_seat_deal(rs, dealer, seed, deck)
    if type(dealer) is not int or not 0 <= dealer <= 3:
        raise ValueError(f"dealer must be a seat 0..3, got {dealer!r}")
    if deck is not None:
        if seed is not None:
            raise ValueError("give a deck or a seed, not both")
        cards = _parse_deck(deck, rs.pack)
    else:
        draw = (random.Random(seed) if seed is not None else random.SystemRandom()).random
        # Ordering the pack by random keys is a uniform shuffle (ties have
        # probability ~2**-47) and costs half of ``Random.shuffle``.
        pack = PACKS[rs.pack]
        keys = [draw() for _ in pack]
        if pack is _DECK:
            cards = sorted(_DECK, key=keys.__getitem__)
        else:
            cards = [pack[i] for i in sorted(range(len(pack)), key=keys.__getitem__)]
    plan = _PLANS.get(id(rs))
    if plan is None or plan[0] is not rs:
        plan = _plan(rs)
    if not plan[7]:
        return DealState(rs, dealer, cards, plan)
    if rs.exchange == "tennessee":
        return TennesseeDeal(rs, dealer, cards, plan)
    if plan[5] == FOLD_NEVER:
        cls = _FollowOrTrumpDeal
    elif rs.fold_when_void:
        cls = _FoldingDeal
    else:
        cls = _FamilyPlayDeal
    return cls(rs, dealer, cards, plan)


def _parse_deck(deck: Any, pack: str = "52") -> list[int]:
    size = len(PACKS[pack])
    if isinstance(deck, str) or not hasattr(deck, "__iter__"):
        raise ValueError(f"deck must be a list of {size} card codes")
    known = CARD if pack == "52" else ANY_CARD
    cards = []
    for code in deck:
        card = known.get(code) if isinstance(code, str) else None
        if card is None:
            raise ValueError(f"deck: {code!r} is not a card code")
        cards.append(card)
    if len(cards) != size or set(cards) != set(PACKS[pack]):
        raise ValueError(f"deck must hold each of the {size} cards exactly once")
    return cards


class DealState(Bidding, Exchange, Play):
    """The whole state of one deal.  Drive it with ``apply``; read it with the
    accessors.  ``view(seat)`` is what that seat may see."""

    __slots__ = (
        "rs",
        "dealer",
        "deck",
        "log",
        "phase",
        "to_act",
        "hands",
        "stock",
        "wash",
        "widows",
        "discards",
        "bids",
        "high_bid",
        "bidder",
        "shoot_suits",
        "trump",
        "tricks",
        "trick",
        "laid",
        "leader",
        "best_seat",
        "best_power",
        "led_suit",
        "trump_led",
        "out",
        "folded",
        "taken",
        "owners",
        "legal",
        "_ist",
        "_pow",
        "_fol",
        "_pts",
        "_two",
        "_lead_trump",
        # RULES.md section 11
        "kitty",
        "unseen",
        "faceup",
        "stock_trumps",
        "discarders",
        "robber",
        "passes",
        "bid_key",
        "bid_suit",
        "dark_bid",
        "_roles",
        "_family_play",
        "_fold",
        "_ranked",
        "_drule",
        "open_cards",
        "_two_team",
        "_bid_table",
    )

    def __init__(
        self, rs: Ruleset, dealer: int, cards: list[int], plan: tuple | None = None
    ) -> None:
        if plan is None or plan[0] is not rs:
            plan = _PLANS.get(id(rs))
            if plan is None or plan[0] is not rs:
                plan = _plan(rs)
        (
            _,
            dealing,
            dealt,
            kitty,
            layout,
            self._fold,
            self._ranked,
            self._family_play,
            self._drule,
            self._lead_trump,
            self.phase,
            face_up,
            self._bid_table,
        ) = plan
        self.rs = rs
        self.dealer = dealer
        self.deck = tuple(cards)
        self.log: list[str] = []
        hands: list[list[int]] = [[], [], [], []]
        for k, take in enumerate(dealing, start=1):
            hands[(dealer + k) % 4] = list(take(cards))
        self.hands = hands
        rest = cards[dealt:]
        self.widows: list[list[int]] | None = None
        self.stock: list[int] = []
        # Family-only holdings start as a shared empty tuple where a game has
        # none (a list once the game puts cards there).
        self.kitty: list[int] | tuple = ()
        self.unseen: list[int] | tuple = ()
        if kitty:
            self.kitty = rest[:kitty]
            rest = rest[kitty:]
        if layout == _STOCK:
            self.stock = rest
        elif layout == _OUT:
            self.unseen = rest  # six-card Pedro: out of play, never shown
        else:
            packet = len(rest) // 4
            widows: list[list[int]] = [[], [], [], []]
            for k in range(4):
                widows[(dealer + 1 + k) % 4] = rest[k * packet : (k + 1) * packet]
            self.widows = widows
        self.wash: list[int] = []
        self.discards: list[list[int]] = [[], [], [], []]
        self.bids: list[tuple[int, str]] = []
        self.high_bid = 0
        self.bidder: int | None = None
        self.shoot_suits: tuple[int, ...] = ()
        self.trump: int | None = None
        self.tricks: list[tuple[int, tuple, tuple, int]] = []
        self.trick: list[tuple[int, int]] = []
        self.laid: list[tuple[int, int]] = []
        self.leader: int | None = None
        self.best_seat = -1
        self.best_power = -1
        self.led_suit = -1
        self.trump_led = False
        self.out = [False, False, False, False]
        self.folded: list[list[int]] = [[], [], [], []]
        self.taken = [0, 0]
        self.owners: dict[str, int] = {}
        self._ist = self._pow = self._fol = self._pts = None
        self._two = -1
        self._two_team = -1
        self._roles: tuple = ()
        # Face-up discards exist only in the games that have them.
        self.faceup: list[list[int]] = [[], [], [], []] if face_up else _NO_CARDS
        self.stock_trumps: list[int] | tuple = ()
        self.discarders: list[int] | tuple = ()
        self.robber = dealer
        self.passes = 0
        self.bid_key = 0
        self.bid_suit: int | None = None
        self.dark_bid = False
        #: Maker-fill: the trumps the bidder took openly from the stock (RULES.md 11.3).
        self.open_cards: list[int] | tuple = ()
        # The auction starts on the dealer's left, or (California's house
        # option) on the dealer's right and goes round the other way (11.4.4).
        first = 3 if rs.bidding_start == "right" else 1
        self.to_act: int | None = (dealer + first) % 4
        #: The actions ``to_act`` may take now, kept current by ``apply``: read
        #: it, never change it (a run of discards changes it in place);
        #: ``legal_actions()`` gives a list of one's own.
        self.legal: Sequence[str] = self._compute_legal()

    # ----------------------------------------------------------------- reading

    def legal_actions(self) -> list[str]:
        """The actions ``to_act`` may take now, in a stable order."""
        return list(self.legal)

    def hand(self, seat: int) -> list[str]:
        """The codes ``seat`` holds now (a widow joins the hand when picked up)."""
        return [_CODES[c] for c in self.hands[seat]]

    #: Four seats, two fixed partnerships (RULES.md 12.1.6).
    seats = 4

    def team(self, seat: int) -> int:
        """The team of ``seat``: seats 0 and 2 are team 0 (RULES.md 12.1.6)."""
        return seat % 2

    def captured(self) -> tuple[int, int]:
        """Points each team has taken in completed tricks (keeper 2 included)."""
        return self.taken[0], self.taken[1]

    @property
    def bidding_team(self) -> int | None:
        return None if self.bidder is None else self.bidder % 2

    def score(self) -> tuple[int, int]:
        """(team 0, team 1) deal score under RULES.md 3.9, once the deal is done."""
        if self.phase != "done":
            raise ValueError("the deal is not finished; it has no score yet")
        rs, team = self.rs, self.bidder % 2
        other = self.taken[1 - team] if rs.cards_can_leave_play else None
        mine, theirs = rs.deal_score(self.high_bid, self.taken[team], other)
        return (mine, theirs) if team == 0 else (theirs, mine)

    def record(self) -> dict[str, Any]:
        """The hand-result record (RULES.md section 5) of a finished deal:
        dealer, bidder, bid, trump, bidding-team points, the team that took
        each point card, and the tally."""
        score = self.score()
        rs, team = self.rs, self.bidder % 2
        record = {
            "dealer": self.dealer,
            "bidder": self.bidder,
            "bid": self.high_bid,
            "trump": SUITS[self.trump],
            "bidding_team_points": self.taken[team],
            "cards": {role: self.owners[role] for role, _ in rs.points if role in self.owners},
            "tally": list(score),
        }
        if rs.cards_can_leave_play:
            record["other_team_points"] = self.taken[1 - team]
        return record

    def view(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see, as a JSON-able dict, and nothing more: its
        own hand, discards and (once picked up) widow; everyone's public play;
        counts, never contents, of other hands, widows, the stock and wash.

        The family (RULES.md 11.4.14): no hand at all in the dark; face-up
        choice discards for all (``discards``), the señorita's for the bidder
        only; stock trumps leaving play after a rob (``stock_trumps``); Pidro's
        folded hands face up (``folded``); cards out of play never."""
        if seat not in (0, 1, 2, 3):
            raise ValueError(f"seat must be 0..3, got {seat!r}")
        rs = self.rs
        view: dict[str, Any] = {
            "ruleset": rs.name,
            "options": rs.options(),
            "seat": seat,
            "team": seat % 2,
            **auction_view(self, seat, after_auction=self.phase not in ("bid", "dark")),
            **cards_view(self, seat, [] if self.phase == "dark" else sorted(self.hands[seat])),
        }
        if self.widows is not None:
            view["widow_counts"] = [len(w) for w in self.widows]
        if rs.kitty_size:
            view["kitty_count"] = len(self.kitty)
        if rs.exchange in FACE_UP_DISCARDS:
            view["discards"] = [[_CODES[c] for c in cards] for cards in self.faceup]
        if rs.exchange in ("draw-choice", "maker-fill"):
            view["stock_trumps"] = [_CODES[c] for c in self.stock_trumps]
        if rs.exchange == "maker-fill":
            # The bidder's trumps taken openly from the stock, until played.
            held = self.hands[self.bidder] if self.bidder is not None else ()
            view["open_cards"] = [_CODES[c] for c in sorted(self.open_cards) if c in held]
        if rs.show_folded:
            view["folded"] = [[_CODES[c] for c in sorted(cards)] for cards in self.folded]
        return view

    # ----------------------------------------------------------------- acting

    def apply(self, action: str) -> None:
        """Apply ``action`` for ``to_act``; raise ``IllegalAction`` (changing
        nothing) if the rules do not allow it now."""
        legal = self.legal
        if action not in legal:
            raise IllegalAction(self._why_illegal(action))
        self.log.append(action)
        kind, card = ACTIONS[action]
        if kind != PLAY:
            if kind == DISCARD and self.widows is not None:
                # The Widow's run of discards; it sets the next legal list.
                self._widow_discard(card, action, legal)
                return
            self.legal = None  # worked out below, unless the step itself sets it
            self._apply_choice(kind, card, legal)
            if self.legal is None:
                self.legal = self._compute_legal()
            return
        # Playing a card is the hot path: inline, with locals; it always sets
        # the next legal list at the end.
        seat = self.to_act
        self.hands[seat].remove(card)
        trick = self.trick
        if trick:
            power = self._pow[card]
            if power > self.best_power and (self._ist[card] or self._fol[card] == self.led_suit):
                self.best_power = power
                self.best_seat = seat
        else:
            self.led_suit = self._fol[card]
            self.trump_led = self._ist[card]
            self.best_power = self._pow[card]
            self.best_seat = seat
        trick.append((seat, card))
        # Next to act: skip players who are out; fold a player holding no
        # trump when trump is led.  Back at the leader, the trick is complete.
        leader = self.leader
        nxt = (seat + 1) % 4
        out = self.out
        while nxt != leader:
            if not out[nxt]:
                if not self.trump_led or any(map(self._ist.__getitem__, self.hands[nxt])):
                    break
                out[nxt] = True
                self.folded[nxt] = self.hands[nxt]
                self.hands[nxt] = []
            nxt = (nxt + 1) % 4
        if nxt == leader:
            self._finish_trick()
            self.legal = self._compute_legal()
        else:
            self.to_act = nxt
            self.legal = self._legal_play()

    def _apply_choice(self, kind: int, arg: int, legal: Sequence[str]) -> None:
        if kind == DISCARD:
            if self.widows is not None:
                self._widow_discard(arg, DISCARD_STR[arg], legal)
            else:
                self._choice_discard(arg, DISCARD_STR[arg], legal)
        elif kind in _CALLS:
            self._bid(arg)  # a pass is (PASS, 0): a bid of nothing
        elif kind == KEEP:
            self._keep()
        elif kind == LAY:
            self.hands[self.to_act].remove(arg)
            self.laid.append((self.to_act, arg))
        elif kind == TAKE:
            self._take(arg, legal)
        elif kind == TRUMP:
            self._name_trump(arg)
        elif kind == FOLD:
            self._fold_turn()
        else:
            self._suit_bid(arg)

    # -- play

    def _start_play(self) -> None:
        for hand in self.hands:
            hand.sort()
        self.phase = "play"
        self.leader = self.to_act = self.bidder
        if self._fold == FOLD_ALWAYS:
            self._lead_from(self.bidder)

    def _finish_trick(self) -> None:
        winner = self.best_seat
        pts, two, taken, owners = self._pts, self._two, self.taken, self.owners
        for seat, card in self.trick:
            value = pts[card]
            if value:
                if card == two:
                    # The keeper 2: its player's team, or the team it was dealt to.
                    team = seat % 2 if self._two_team < 0 else self._two_team
                else:
                    team = winner % 2
                taken[team] += value
                owners[self._roles[card]] = team
        self.tricks.append((self.leader, tuple(self.trick), tuple(self.laid), winner))
        self.trick = []
        self.laid = []
        if len(self.tricks) == self.rs.hand_size:
            self.phase = "done"
            self.to_act = None
            self.leader = None
        elif self._fold == FOLD_ALWAYS:
            self._lead_from(winner)
        else:
            self.leader = self.to_act = winner

    # ----------------------------------------------------------------- legality

    def _compute_legal(self) -> Sequence[str]:
        phase = self.phase
        if phase == "play":
            return self._legal_play()
        if phase in ("bid", "dark"):
            return self._legal_bids()
        if phase == "trump":
            return self._legal_trumps()
        if phase == "discard":
            if self.rs.exchange != "widow":
                return self._legal_choice_discards()
            ist = self._ist
            return [DISCARD_STR[c] for c in sorted(self.hands[self.to_act]) if not ist[c]]
        if phase == "fill":
            return self._legal_takes()
        return []

    def _legal_play(self) -> list[str]:
        seat = self.to_act
        hand = self.hands[seat]
        ist = self._ist
        if not self.tricks:
            if len(hand) > self.rs.hand_size:
                return self._legal_lays(hand)
            if not self.trick and seat == self.bidder and self._lead_trump:
                trumps = [PLAY_STR[c] for c in hand if ist[c]]
                if trumps:
                    return trumps
        if not self.trick:
            return [PLAY_STR[c] for c in hand]
        if self.trump_led:
            return [PLAY_STR[c] for c in hand if ist[c]]
        led, fol = self.led_suit, self._fol
        for c in hand:
            if fol[c] == led:
                return [PLAY_STR[c] for c in hand if ist[c] or fol[c] == led]
        return [PLAY_STR[c] for c in hand]

    def _why_illegal(self, action: Any) -> Text:
        """A sentence a player understands, for an action not in the legal list.

        Built only when an action is refused: a :class:`Text` whose English is
        the sentence, kept as a template and params so that a page can say it
        in the reader's language."""
        if self.phase == "done":
            return Text(gettext_noop("the deal is over; no more actions"))
        parsed = ACTIONS.get(action) if isinstance(action, str) else None
        if parsed is None:
            return Text(
                gettext_noop(
                    "%(action)s is not an action; write e.g. 'pass', 'bid 7', "
                    "'trump H', 'discard 7C', 'take 9S', 'lay 6H' or 'play AH'"
                ),
                {"action": repr(action)},
            )
        kind, arg = parsed
        if self.phase == "fill":
            wanted = _WANTED["take" if self.robber == self.dealer else "rob"]
        else:
            wanted = _WANTED[self.phase]
        bid_kind = SUIT_BID if self.rs.suit_bids else BID
        phase_kinds = {
            "dark": (PASS, BID),
            "bid": (PASS, bid_kind),
            "trump": (TRUMP,),
            "discard": (DISCARD,) if self.rs.exchange == "widow" else (DISCARD, KEEP),
            "fill": (TAKE,),
            "play": (LAY, PLAY, FOLD) if self.rs.fold_when_void else (LAY, PLAY),
        }[self.phase]
        if kind not in phase_kinds:
            return Text(
                gettext_noop("it is time %(wanted)s (seat %(seat)s); %(action)s does not fit"),
                {"wanted": wanted, "seat": self.to_act + 1, "action": repr(action)},
            )
        if kind == KEEP:
            reason = self._keep_reason()
        elif kind == FOLD:
            reason = Text(gettext_noop("only a player holding no trump may fold"))
        elif DISCARD <= kind <= PLAY:
            reason = self._card_reason(kind, arg)
        else:
            reason = self._bid_reason(kind, arg)
        return Text(NOT_ALLOWED, {"action": repr(action), "reason": reason})

    def _bid_reason(self, kind: int, arg: int) -> Text:
        rs = self.rs
        tops = rs.top_contracts
        if kind == TRUMP:
            names = TextList(_SUIT[SUITS[s]] for s in self.shoot_suits)
            return Text(
                gettext_noop(
                    "a shoot must name a suit whose ace and two the bidder held: %(suits)s"
                ),
                {"suits": names},
            )
        if self.phase == "dark":
            if kind == BID and arg == tops[-1]:
                return Text(
                    gettext_noop("%(bid)s may be called in the dark only over a dark %(first)s"),
                    {"bid": arg, "first": tops[0]},
                )
            return Text(
                gettext_noop("in the dark the calls are pass, %(first)s and then %(last)s"),
                {"first": tops[0], "last": tops[-1]},
            )
        stuck_bid = rs.dealer_stuck_bid
        if kind == PASS:
            return Text(
                gettext_noop("the dealer is stuck: everyone else passed, so the dealer must bid")
            )
        number = arg // 4 if kind == SUIT_BID else arg
        if self.to_act == self.dealer and self.high_bid == 0 and number not in tops:
            return Text(
                gettext_noop("a stuck dealer takes the bid for %(bid)s"), {"bid": stuck_bid}
            )
        if number in tops and self.high_bid < number:
            if rs.shoot and number == rs.shoot_bid and not rs.top_bids:
                # The shoot as a score sheet writes it (Ruleset.bid_label): "16 for 32".
                return Text(
                    gettext_noop(
                        "to shoot (%(bid)s for %(score)s) you must hold the ace and the two "
                        "of one suit"
                    ),
                    {"bid": rs.max_bid, "score": rs.shoot_bid},
                )
            if number != tops[0] and self.high_bid != tops[0]:
                return Text(
                    gettext_noop("%(bid)s may be bid only over %(first)s"),
                    {"bid": number, "first": tops[0]},
                )
            return Text(
                gettext_noop("to bid %(bid)s you must hold the ace and the two of one suit"),
                {"bid": number},
            )
        if not rs.legal_bid(number) or number == stuck_bid < rs.min_bid:
            if not tops:
                return Text(
                    gettext_noop("bids are %(low)s to %(high)s"),
                    {"low": rs.min_bid, "high": rs.max_bid},
                )
            return Text(
                gettext_noop("bids are %(low)s to %(high)s or %(tops)s"),
                {"low": rs.min_bid, "high": rs.max_bid, "tops": one_of(tops)},
            )
        if kind == SUIT_BID:
            return Text(
                gettext_noop(
                    "a bid must beat %(bid)s in %(suit)s: a higher number, or the same in a "
                    "higher suit (spades, hearts, clubs, diamonds)"
                ),
                {"bid": self.high_bid, "suit": _SUIT[SUITS[self.bid_suit]]},
            )
        return Text(gettext_noop("a bid must be higher than %(bid)s"), {"bid": self.high_bid})

    def _keep_reason(self) -> Text:
        size = {"size": self.rs.hand_size}
        if self.rs.exchange in ("draw-choice", "maker-fill"):
            return Text(
                ngettext_noop(
                    "discard down to %(size)s card at most before you keep",
                    "discard down to %(size)s cards at most before you keep",
                    "size",
                ),
                size,
            )
        return Text(
            ngettext_noop(
                "discard down to %(size)s card before you keep",
                "discard down to %(size)s cards before you keep",
                "size",
            ),
            size,
        )

    def _card_reason(self, kind: int, card: int) -> Text:
        code = _CODES[card]
        if kind == TAKE:
            if self.stock:
                return Text(gettext_noop("%(card)s is not in the stock"), {"card": code})
            return Text(gettext_noop("%(card)s is not in the wash"), {"card": code})
        hand = self.hands[self.to_act]
        if card not in hand:
            return Text(gettext_noop("you do not hold %(card)s"), {"card": code})
        if kind == DISCARD:
            exchange = self.rs.exchange
            if exchange == "widow":
                return Text(gettext_noop("trumps are never discarded"))
            if len(hand) <= self.rs.hand_size:
                return Text(
                    ngettext_noop(
                        "you hold %(count)s card: say keep",
                        "you hold %(count)s cards: say keep",
                        "count",
                    ),
                    {"count": len(hand)},
                )
            return Text(
                gettext_noop(
                    "non-trumps go first, then trumps worth nothing, then the lowest point trump"
                )
            )
        extra = len(hand) - self.rs.hand_size
        if not self.tricks and extra > 0:
            if kind == PLAY:
                return Text(
                    ngettext_noop(
                        "you hold %(extra)s card too many: lay down %(extra)s non-point "
                        "trump first",
                        "you hold %(extra)s cards too many: lay down %(extra)s non-point "
                        "trumps first",
                        "extra",
                    ),
                    {"extra": extra},
                )
            return Text(
                gettext_noop(
                    "%(card)s is a point card or not a trump; lay down only non-point trumps"
                ),
                {"card": code},
            )
        if kind == LAY:
            return Text(gettext_noop("only extra trumps are laid down, on the first trick"))
        trump = {"trump": _SUIT[SUITS[self.trump]]}
        if self.rs.play_rule == "trumps-only":
            return Text(gettext_noop("only trumps are played (%(trump)s)"), trump)
        if not self.trick and self.to_act == self.bidder:
            return Text(
                gettext_noop("the bidder leads the first trick with a trump (%(trump)s)"), trump
            )
        if not self.trick:
            return Text(gettext_noop("the first trick is led with a trump (%(trump)s)"), trump)
        if self.trump_led:
            return Text(gettext_noop("trump was led: play a trump (%(trump)s)"), trump)
        led = SUITS[self.led_suit]
        return Text(
            gettext_noop("%(led)s were led: play %(one)s or a trump (%(trump)s)"),
            {"led": _SUIT[led], "one": _ONE_OF_SUIT[led], **trump},
        )

    # ----------------------------------------------------------------- JSON

    def to_json(self) -> dict[str, Any]:
        """Ruleset, dealer, deck and action log: everything the state is made of."""
        return {
            "format": JSON_FORMAT,
            "ruleset": self.rs.to_json(),
            "dealer": self.dealer,
            "deck": [_CODES[c] for c in self.deck],
            "log": list(self.log),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> DealState:
        """Rebuild a state from ``to_json`` output by replaying its log.
        Raises ``ValueError`` (``IllegalAction`` for a bad log) on bad data."""
        if not isinstance(data, dict) or data.get("format") != JSON_FORMAT:
            raise ValueError(f"not a deal state: expected format {JSON_FORMAT!r}")
        deck, log = data.get("deck"), data.get("log")
        if not isinstance(deck, list) or not isinstance(log, list):
            raise ValueError("a deal state needs its deck and its action log, as lists")
        rs = Ruleset.from_json(data.get("ruleset"))
        try:
            return _replayed(rs, data.get("dealer"), deck, log)
        except IllegalAction:
            # Tennessee stored under its old exchange: the deal resumes at
            # the present exchange, its auction and trump kept.
            cut = cut_old_exchange(rs, log)
            if cut is not None:
                return _replayed(rs, data.get("dealer"), deck, cut)
            before = _EARLIER_EXCHANGES.get(rs.name)
            if before is None:
                raise
        # A deal stored before its game's exchange changed (Pedro and Sancho
        # once let the dealer rob, RULES.md 11.6): replayed as it was played.
        return _replayed(dataclasses.replace(rs, **before), data.get("dealer"), deck, log)

    def __repr__(self) -> str:
        return (
            f"<DealState {self.rs.name} dealer={self.dealer} phase={self.phase} "
            f"to_act={self.to_act} actions={len(self.log)}>"
        )


class _FamilyPlayDeal(DealState):
    """A deal played under one of the family's play rules (RULES.md 11.3): the
    same state, with the family's legal plays in place of Monterey's."""

    __slots__ = ()

    _legal_play = Play._legal_family_play

    def apply(self, action: str) -> None:
        """As :meth:`DealState.apply`, a card played under the family's rules."""
        legal = self.legal
        if action not in legal:
            raise IllegalAction(self._why_illegal(action))
        self.log.append(action)
        kind, card = ACTIONS[action]
        if kind == PLAY:
            self._play_family(card)
            self.legal = self._legal_play() if self.phase == "play" else self._compute_legal()
            return
        if kind == DISCARD and self.widows is None:
            self._choice_discard(card, action, legal)  # sets the next legal list
            return
        self.legal = None  # worked out below, unless the step itself sets it
        if kind in _CALLS:
            self._bid(card)  # a pass is (PASS, 0): a bid of nothing
        else:
            self._apply_choice(kind, card, legal)
        if self.legal is None:
            self.legal = self._compute_legal()


class _FoldingDeal(_FamilyPlayDeal):
    """A deal whose players may fold when holding no trump (Isle Madame's
    ``fold_when_void``, RULES.md 11.4.19)."""

    __slots__ = ()

    _legal_play = Play._legal_play_or_fold


class _FollowOrTrumpDeal(_FamilyPlayDeal):
    """A deal played follow-or-trump (RULES.md 11.3), the family's most common
    play: nobody is ever out, so a card played is inline here as Monterey's is
    in :meth:`DealState.apply`, and the legal plays skip the other rules."""

    __slots__ = ()

    _legal_play = Play._legal_follow_or_trump

    def apply(self, action: str) -> None:
        """As :meth:`DealState.apply`, a card played follow-or-trump."""
        legal = self.legal
        if action not in legal:
            raise IllegalAction(self._why_illegal(action))
        self.log.append(action)
        kind, card = ACTIONS[action]
        if kind != PLAY:
            if kind == DISCARD and self.widows is None:
                # _choice_discard inline (a deal of the family may have 28 of
                # them): one card less in the same legal list, or worked out.
                seat = self.to_act
                hand = self.hands[seat]
                hand.remove(card)
                self.discards[seat].append(card)
                if self._drule != SENORITA:
                    self.faceup[seat].append(card)
                    self.wash.append(card)
                above = len(hand) - self.rs.hand_size
                if (
                    above > 0
                    and len(legal) > 1
                    and (self._drule != TRUMPS_LAST or not self._ist[card])
                ):
                    legal.remove(action)  # the state's own list, still self.legal
                    return
                self._after_choice_discard(card, action, legal, above)
                return
            if kind in _CALLS:
                self._bid(card)  # a pass is (PASS, 0): a bid of nothing
                high, table = self.high_bid, self._bid_table
                if table and self.phase == "bid" and (high or self.to_act != self.dealer):
                    # _legal_bids' common call, inline: an open auction climbs to 63.
                    self.legal = table[high]
                else:
                    self.legal = self._compute_legal()
                return
            self.legal = None  # worked out below, unless the step itself sets it
            if kind == KEEP:
                self.discarders.pop(0)  # _keep, inline
                self._next_discarder()
            else:
                self._apply_choice(kind, card, legal)
            if self.legal is None:
                self.legal = self._compute_legal()
            return
        seat = self.to_act
        self.hands[seat].remove(card)
        trick = self.trick
        if trick:
            power = self._pow[card]
            if power > self.best_power and (self._ist[card] or self._fol[card] == self.led_suit):
                self.best_power = power
                self.best_seat = seat
        else:
            self.led_suit = self._fol[card]
            self.trump_led = self._ist[card]
            self.best_power = self._pow[card]
            self.best_seat = seat
        trick.append((seat, card))
        nxt = (seat + 1) % 4
        if nxt == self.leader:
            self._finish_trick()
            self.legal = self._legal_play() if self.phase == "play" else []
        else:
            self.to_act = nxt
            self.legal = self._legal_play()


class TennesseeDeal(TennesseeExchange, _FamilyPlayDeal):
    """A deal of Tennessee (RULES.md 11.3 ``tennessee``, 11.4.17-18): the
    family's play with down, its own exchange (``discard X``, ``slide X``,
    ``give X``, ``keep``), the throw-in calls before the first card and the
    misdeal in the auction."""

    __slots__ = ("tn_steps", "tn_dealt", "tn_moves", "tn_slid", "tn_calls", "tn_lead", "tn_misdeal")

    def __init__(
        self, rs: Ruleset, dealer: int, cards: list[int], plan: tuple | None = None
    ) -> None:
        self.tn_steps: list[tuple[str, int]] = []
        self.tn_dealt = [0, 0, 0, 0]
        self.tn_moves: list[tuple[int, int | None, str]] = []
        self.tn_slid = False
        self.tn_calls: list[int] = []
        self.tn_lead: int | None = None
        self.tn_misdeal = False
        super().__init__(rs, dealer, cards, plan)

    def apply(self, action: str) -> None:
        """As :meth:`DealState.apply`, with Tennessee's exchange and calls."""
        legal = self.legal
        if action not in legal:
            raise IllegalAction(self._why_illegal(action))
        kind, card = ACTIONS[action]
        if self.phase == "discard":
            self.log.append(action)
            self._tn_act(kind, card)
        elif self.tn_calls:
            self.log.append(action)
            self._tn_call(kind)
        elif kind == MISDEAL:
            self.log.append(action)
            self._tn_misdeal()
        else:
            _FamilyPlayDeal.apply(self, action)
            return
        self.legal = self._compute_legal()

    def _compute_legal(self) -> Sequence[str]:
        if self.phase == "discard":
            return self._tn_legal()
        if self.tn_calls:
            return ["pass", "concede"]
        legal = super()._compute_legal()
        if self.phase == "bid" and self._tn_misdeal_open():
            return [*legal, "misdeal"]
        return legal

    def _start_play(self) -> None:
        DealState._start_play(self)
        self._tn_calls_start()

    def _why_illegal(self, action: Any) -> Text:
        return self._tn_reason(action) or super()._why_illegal(action)

    def score(self) -> tuple[int, int]:
        """As :meth:`DealState.score`; a misdeal scores (0, 0) (RULES.md 11.4.18)."""
        if self.tn_misdeal:
            return 0, 0
        return super().score()

    def record(self) -> dict[str, Any]:
        """As :meth:`DealState.record`; a misdeal makes no record (RULES.md 11.4.18)."""
        if self.tn_misdeal:
            raise ValueError("a misdeal makes no hand-result record")
        return super().record()

    def view(self, seat: int) -> dict[str, Any]:
        """As :meth:`DealState.view`, with the cards slid and given counted
        (never named), the throw-in calls and the misdeal."""
        return self._tn_view(super().view(seat))


def _replayed(rs: Ruleset, dealer: Any, deck: list, log: list) -> DealState:
    state = new_deal(rs, dealer, deck=deck)
    for action in log:
        state.apply(action)
    return state


#: Games whose exchange changed, with the fields they were played under
#: before: a stored deal whose log the new rules refuse is replayed so.
_EARLIER_EXCHANGES: dict[str, dict[str, Any]] = {
    name: {"exchange": "draw-choice", "robber": "dealer", "keeper_by_deal": False}
    for name in ("pedro-62", "sancho")
}

_STOCK, _WIDOWS, _OUT = range(3)
_NO_CARDS: tuple = ((), (), (), ())
#: What ``DealState.__init__`` needs from a ruleset, worked out once per value.
_PLANS: dict[int, tuple] = {}


def _plan(rs: Ruleset) -> tuple:
    """The ruleset's deal plan, cached by identity (hashing a ruleset each deal
    would cost more than dealing)."""
    if rs.exchange == "none":
        layout = _OUT
    elif rs.deal_mode == "widow":
        layout = _WIDOWS
    else:
        layout = _STOCK
    plan = (
        rs,
        _dealing(rs.deal_packets),
        4 * rs.cards_dealt,
        rs.kitty_size,
        layout,
        FOLDS[rs.play_rule],
        not rs.play_rule.startswith("no-rank"),
        rs.play_rule != "monterey" or rs.cut_throat or rs.fold_when_void,
        DISCARD_RULES.get(rs.exchange, ANY_CARD_GOES),
        rs.first_lead == "bidder_leads_trump",
        "dark" if rs.dark else "bid",
        rs.exchange in FACE_UP_DISCARDS,
        bid_table(rs),
    )
    if len(_PLANS) >= 64:
        _PLANS.clear()
    _PLANS[id(rs)] = plan
    return plan


@functools.cache
def _dealing(packets: tuple[int, ...]) -> tuple[operator.itemgetter, ...]:
    """For each seat from the dealer's left, a getter of its cards from the
    deck: a packet at a time (three by default), round the table."""
    indexes: list[list[int]] = [[], [], [], []]
    at = 0
    for size in packets:
        for k in range(4):
            indexes[k].extend(range(at, at + size))
            at += size
    return tuple(operator.itemgetter(*seat) for seat in indexes)
