"""One deal of Pedro as a state machine (RULES.md sections 3, 4 and 8).

``new_deal`` shuffles (or takes) a deck and deals it; the returned
:class:`DealState` then moves only through :meth:`DealState.apply`, one action
string at a time, for the seat in ``to_act``.  Steps that involve no choice —
Draw discards, the non-dealers' fill, the dealer taking every trump from the
stock, picking up a widow, folding a player who is out — happen inside
``apply``; every choice is an action, even when only one option is left.

Choices this module makes where RULES.md is silent (a Pedro player would
expect each of them):

* ``legal_actions()`` lists bids low to high (``pass`` first), trumps in the
  order S H D C, and card actions in hand order: spades, hearts, diamonds,
  clubs, each ace down to two.  It never reveals the order of the stock.
* In play, hands are kept sorted in that hand order; before play they are in
  the order the cards were received, which is the order the wash needs.
* A folded player's cards stay face down with that player; the discards of a
  seat are shown only to that seat.  The dealer sees the stock or wash cards
  it may take (as ``take`` actions), never the stock's order.
* The state serialises as ruleset + dealer + deck + action log, and
  ``from_json`` replays the log: a stored game can never hold a state the
  rules do not allow, and the round-trip is exact by construction.
"""

from __future__ import annotations

import functools
import operator
import random
from typing import Any

from .cards import (
    CARD,
    CODES,
    FOLLOWS,
    IS_TRUMP,
    POINT_CARD,
    POINT_ROLES,
    POWER,
    ROLE,
    SUIT_NAMES,
    SUITS,
)
from .rulesets import Ruleset

JSON_FORMAT = "pedroparty-deal/1"
PHASES = ("bid", "trump", "discard", "fill", "play", "done")
TRICKS = 6

# Action kinds.
_PASS, _BID, _TRUMP, _DISCARD, _TAKE, _LAY, _PLAY = range(7)

#: Every action string the engine knows, parsed once: action -> (kind, argument).
_ACTIONS: dict[str, tuple[int, int]] = {"pass": (_PASS, 0)}
_ACTIONS.update({f"bid {n}": (_BID, n) for n in range(1, 33)})
_ACTIONS.update({f"trump {s}": (_TRUMP, i) for i, s in enumerate(SUITS)})
for _verb, _kind in (("discard", _DISCARD), ("take", _TAKE), ("lay", _LAY), ("play", _PLAY)):
    _ACTIONS.update({f"{_verb} {code}": (_kind, card) for card, code in enumerate(CODES)})

_BID_STR = {n: f"bid {n}" for n in range(1, 33)}
_TRUMP_STR = tuple(f"trump {s}" for s in SUITS)
_DISCARD_STR = tuple(f"discard {c}" for c in CODES)
_TAKE_STR = tuple(f"take {c}" for c in CODES)
_LAY_STR = tuple(f"lay {c}" for c in CODES)
_PLAY_STR = tuple(f"play {c}" for c in CODES)
_DECK = tuple(range(52))
_ACE_TWO = tuple((CARD["A" + s], CARD["2" + s]) for s in SUITS)


class IllegalAction(ValueError):
    """An action the rules do not allow now.  The state is left unchanged."""


def new_deal(
    rs: Ruleset,
    dealer: int = 0,
    seed: int | None = None,
    deck: list[str] | None = None,
) -> DealState:
    """Deal a new hand.

    ``deck`` is 52 distinct card codes, index 0 the top card; without it the
    deck is shuffled from ``random.Random(seed)``, the same deck for the same
    seed on every machine (a system-random shuffle when ``seed`` is None too).
    """
    if type(dealer) is not int or not 0 <= dealer <= 3:
        raise ValueError(f"dealer must be a seat 0..3, got {dealer!r}")
    if deck is not None:
        if seed is not None:
            raise ValueError("give a deck or a seed, not both")
        cards = _parse_deck(deck)
    else:
        draw = (random.Random(seed) if seed is not None else random.SystemRandom()).random
        # Ordering the pack by 52 random keys is a uniform shuffle (ties have
        # probability ~2**-47) and costs half of ``Random.shuffle``.
        keys = [draw() for _ in _DECK]
        cards = sorted(_DECK, key=keys.__getitem__)
    return DealState(rs, dealer, cards)


def _parse_deck(deck: Any) -> list[int]:
    if isinstance(deck, str) or not hasattr(deck, "__iter__"):
        raise ValueError("deck must be a list of 52 card codes")
    cards = []
    for code in deck:
        card = CARD.get(code) if isinstance(code, str) else None
        if card is None:
            raise ValueError(f"deck: {code!r} is not a card code")
        cards.append(card)
    if len(cards) != 52 or len(set(cards)) != 52:
        raise ValueError("deck must hold each of the 52 cards exactly once")
    return cards


class DealState:
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
        "_legal",
        "_ist",
        "_pow",
        "_fol",
        "_pts",
        "_two",
        "_lead_trump",
    )

    def __init__(self, rs: Ruleset, dealer: int, cards: list[int]) -> None:
        self.rs = rs
        self.dealer = dealer
        self.deck = tuple(cards)
        self.log: list[str] = []
        hands: list[list[int]] = [[], [], [], []]
        for k, take in enumerate(_dealing(rs.cards_dealt), start=1):
            hands[(dealer + k) % 4] = list(take(cards))
        self.hands = hands
        rest = cards[4 * rs.cards_dealt :]
        self.widows: list[list[int]] | None = None
        self.stock: list[int] = []
        if rs.deal_mode == "widow":
            packet = len(rest) // 4
            widows: list[list[int]] = [[], [], [], []]
            for k in range(4):
                widows[(dealer + 1 + k) % 4] = rest[k * packet : (k + 1) * packet]
            self.widows = widows
        else:
            self.stock = rest
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
        self._legal: list[str] | None = None
        self._ist = self._pow = self._fol = self._pts = None
        self._two = -1
        self._lead_trump = rs.first_lead == "bidder_leads_trump"
        self.phase = "bid"
        self.to_act: int | None = (dealer + 1) % 4

    # ----------------------------------------------------------------- reading

    def legal_actions(self) -> list[str]:
        """The actions ``to_act`` may take now, in a stable order."""
        legal = self._legal
        if legal is None:
            legal = self._legal = (
                self._legal_play() if self.phase == "play" else self._compute_legal()
            )
        return legal[:]

    def hand(self, seat: int) -> list[str]:
        """The codes ``seat`` holds now (a widow joins the hand when picked up)."""
        return [CODES[c] for c in self.hands[seat]]

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
        team = self.bidder % 2
        mine, theirs = self.rs.deal_score(self.high_bid, self.taken[team])
        return (mine, theirs) if team == 0 else (theirs, mine)

    def record(self) -> dict[str, Any]:
        """The hand-result record (RULES.md section 5) of a finished deal:
        dealer, bidder, bid, trump, bidding-team points, the team that took
        each point card, and the tally."""
        score = self.score()
        return {
            "dealer": self.dealer,
            "bidder": self.bidder,
            "bid": self.high_bid,
            "trump": SUITS[self.trump],
            "bidding_team_points": self.taken[self.bidder % 2],
            "cards": {role: self.owners[role] for role in POINT_ROLES if role in self.owners},
            "tally": list(score),
        }

    def view(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see, as a JSON-able dict, and nothing more: its
        own hand, discards and (once picked up) widow; everyone's public play;
        counts, never contents, of other hands, widows, the stock and wash."""
        if seat not in (0, 1, 2, 3):
            raise ValueError(f"seat must be 0..3, got {seat!r}")
        rs = self.rs
        view: dict[str, Any] = {
            "ruleset": rs.name,
            "options": rs.options(),
            "seat": seat,
            "team": seat % 2,
            "dealer": self.dealer,
            "phase": self.phase,
            "to_act": self.to_act,
            "legal": self.legal_actions() if self.to_act == seat else [],
            "bids": [[s, a] for s, a in self.bids],
            "high_bid": self.high_bid or None,
            "bidder": self.bidder if self.phase != "bid" else None,
            "bid": self.high_bid if self.phase != "bid" else None,
            "trump": None if self.trump is None else SUITS[self.trump],
            "hand": [CODES[c] for c in sorted(self.hands[seat])],
            "hand_counts": [len(h) for h in self.hands],
            "my_discards": [CODES[c] for c in self.discards[seat]],
            "stock_count": len(self.stock),
            "wash_count": len(self.wash),
            "laid": [[s, CODES[c]] for s, c in self.laid],
            "trick": [[s, CODES[c]] for s, c in self.trick],
            "leader": self.leader,
            "tricks": [
                {
                    "leader": leader,
                    "cards": [[s, CODES[c]] for s, c in plays],
                    "laid": [[s, CODES[c]] for s, c in laid],
                    "winner": winner,
                }
                for leader, plays, laid, winner in self.tricks
            ],
            "out": [s for s in range(4) if self.out[s]],
            "captured": list(self.captured()),
            "score": list(self.score()) if self.phase == "done" else None,
        }
        if self.widows is not None:
            view["widow_counts"] = [len(w) for w in self.widows]
        return view

    # ----------------------------------------------------------------- acting

    def apply(self, action: str) -> None:
        """Apply ``action`` for ``to_act``; raise ``IllegalAction`` (changing
        nothing) if the rules do not allow it now."""
        legal = self._legal
        if legal is None:
            legal = self._legal = (
                self._legal_play() if self.phase == "play" else self._compute_legal()
            )
        if action not in legal:
            raise IllegalAction(self._why_illegal(action))
        self._legal = None
        self.log.append(action)
        kind, card = _ACTIONS[action]
        if kind != _PLAY:
            self._apply_choice(kind, card)
            return
        # Playing a card is the hot path: inline, with locals.
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
                if not self.trump_led:
                    self.to_act = nxt
                    return
                hand = self.hands[nxt]
                ist = self._ist
                for c in hand:
                    if ist[c]:
                        self.to_act = nxt
                        return
                out[nxt] = True
                self.folded[nxt] = hand
                self.hands[nxt] = []
            nxt = (nxt + 1) % 4
        self._finish_trick()

    def _apply_choice(self, kind: int, arg: int) -> None:
        if kind == _LAY:
            self.hands[self.to_act].remove(arg)
            self.laid.append((self.to_act, arg))
        elif kind == _TAKE:
            self._take(arg)
        elif kind == _DISCARD:
            self._widow_discard(arg)
        elif kind == _TRUMP:
            self._name_trump(arg)
        else:
            self._bid(arg if kind == _BID else 0)

    # -- bidding

    def _bid(self, bid: int) -> None:
        seat = self.to_act
        if bid:
            self.bids.append((seat, _BID_STR[bid]))
            self.high_bid = bid
            self.bidder = seat
            self.shoot_suits = self._shoot_suits(seat) if bid == self.rs.shoot_bid else ()
        else:
            self.bids.append((seat, "pass"))
        if self.widows is not None:
            # The widow is picked up the moment its owner has bid or passed.
            self.hands[seat].extend(self.widows[seat])
            self.widows[seat] = []
        if seat == self.dealer:
            self.phase = "trump"
            self.to_act = self.bidder
        else:
            self.to_act = (seat + 1) % 4

    def _shoot_suits(self, seat: int) -> tuple[int, ...]:
        """Suits whose ace and two ``seat`` holds now (the shoot's condition)."""
        hand = self.hands[seat]
        return tuple(s for s, (ace, two) in enumerate(_ACE_TWO) if ace in hand and two in hand)

    def _name_trump(self, trump: int) -> None:
        self.trump = trump
        self._ist = IS_TRUMP[trump]
        self._pow = POWER[trump]
        self._fol = FOLLOWS[trump]
        self._pts = self.rs.point_table[trump]
        self._two = POINT_CARD[trump]["2"] if self.rs.low_is_keeper else -1
        if self.widows is not None:
            self.phase = "discard"
            self._next_widow_discarder((self.dealer + 1) % 4)
        else:
            self._draw()

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

    def _take(self, card: int) -> None:
        source = self.stock if self.stock else self.wash
        source.remove(card)
        hand = self.hands[self.dealer]
        hand.append(card)
        if len(hand) >= self.rs.hand_size:
            self._start_play()

    # -- Widow: each player discards down to six

    def _discards_owed(self, seat: int) -> int:
        hand = self.hands[seat]
        trumps = sum(1 for c in hand if self._ist[c])
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

    def _widow_discard(self, card: int) -> None:
        seat = self.to_act
        self.hands[seat].remove(card)
        self.discards[seat].append(card)
        self.wash.append(card)
        if self._discards_owed(seat) <= 0:
            if seat == self.dealer:
                self._start_play()
            else:
                self._next_widow_discarder((seat + 1) % 4)

    # -- play

    def _start_play(self) -> None:
        for hand in self.hands:
            hand.sort()
        self.phase = "play"
        self.leader = self.to_act = self.bidder

    def _finish_trick(self) -> None:
        winner = self.best_seat
        pts, two, taken, owners = self._pts, self._two, self.taken, self.owners
        for seat, card in self.trick:
            value = pts[card]
            if value:
                team = seat % 2 if card == two else winner % 2
                taken[team] += value
                owners[ROLE[self.trump][card]] = team
        self.tricks.append((self.leader, tuple(self.trick), tuple(self.laid), winner))
        self.trick = []
        self.laid = []
        if len(self.tricks) == TRICKS:
            self.phase = "done"
            self.to_act = None
            self.leader = None
        else:
            self.leader = self.to_act = winner

    # ----------------------------------------------------------------- legality

    def _compute_legal(self) -> list[str]:
        phase = self.phase
        if phase == "play":
            return self._legal_play()
        if phase == "bid":
            return self._legal_bids()
        if phase == "trump":
            suits = self.shoot_suits if self._shoot_restricted() else range(4)
            return [_TRUMP_STR[s] for s in suits]
        if phase == "discard":
            ist = self._ist
            return [_DISCARD_STR[c] for c in sorted(self.hands[self.to_act]) if not ist[c]]
        if phase == "fill":
            source = self.stock if self.stock else self.wash
            return [_TAKE_STR[c] for c in sorted(source)]
        return []

    def _shoot_restricted(self) -> bool:
        rs = self.rs
        return rs.shoot and rs.shoot_needs_ace_and_two and self.high_bid == rs.shoot_bid

    def _legal_bids(self) -> list[str]:
        rs, seat, high = self.rs, self.to_act, self.high_bid
        stuck = seat == self.dealer and high == 0
        can_shoot = (
            rs.shoot
            and high < rs.shoot_bid
            and (not rs.shoot_needs_ace_and_two or bool(self._shoot_suits(seat)))
        )
        return list(_bid_options(rs.min_bid, rs.max_bid, rs.shoot_bid, high, stuck, can_shoot))

    def _legal_play(self) -> list[str]:
        seat = self.to_act
        hand = self.hands[seat]
        ist = self._ist
        if not self.tricks:
            if len(hand) > self.rs.hand_size:
                pts = self._pts
                return [_LAY_STR[c] for c in hand if ist[c] and not pts[c]]
            if not self.trick and seat == self.bidder and self._lead_trump:
                trumps = [_PLAY_STR[c] for c in hand if ist[c]]
                if trumps:
                    return trumps
        if not self.trick:
            return [_PLAY_STR[c] for c in hand]
        if self.trump_led:
            return [_PLAY_STR[c] for c in hand if ist[c]]
        led, fol = self.led_suit, self._fol
        for c in hand:
            if fol[c] == led:
                return [_PLAY_STR[c] for c in hand if ist[c] or fol[c] == led]
        return [_PLAY_STR[c] for c in hand]

    def _why_illegal(self, action: Any) -> str:
        """A sentence a player understands, for an action not in the legal list."""
        if self.phase == "done":
            return "the deal is over; no more actions"
        parsed = _ACTIONS.get(action) if isinstance(action, str) else None
        if parsed is None:
            return (
                f"{action!r} is not an action; write e.g. 'pass', 'bid 7', "
                "'trump H', 'discard 7C', 'take 9S', 'lay 6H' or 'play AH'"
            )
        kind, arg = parsed
        wanted = {
            "bid": "to bid or pass",
            "trump": "for the bidder to name trump",
            "discard": "to discard",
            "fill": "for the dealer to take cards",
            "play": "to play a card",
        }[self.phase]
        phase_kinds = {
            "bid": (_PASS, _BID),
            "trump": (_TRUMP,),
            "discard": (_DISCARD,),
            "fill": (_TAKE,),
            "play": (_LAY, _PLAY),
        }[self.phase]
        if kind not in phase_kinds:
            return f"it is time {wanted} (seat {self.to_act + 1}); {action!r} does not fit"
        reason = self._card_reason(kind, arg) if kind >= _DISCARD else self._bid_reason(kind, arg)
        return f"{action!r} is not allowed: {reason}"

    def _bid_reason(self, kind: int, arg: int) -> str:
        rs = self.rs
        if kind == _TRUMP:
            names = ", ".join(SUIT_NAMES[SUITS[s]] for s in self.shoot_suits)
            return f"a shoot must name a suit whose ace and two the bidder held: {names}"
        if kind == _PASS:
            return "the dealer is stuck: everyone else passed, so the dealer must bid"
        if self.to_act == self.dealer and self.high_bid == 0 and arg != rs.shoot_bid:
            return f"a stuck dealer takes the bid for {rs.min_bid}"
        if arg == rs.shoot_bid and rs.shoot and self.high_bid < arg:
            return "to shoot (16 for 32) you must hold the ace and the two of one suit"
        if not rs.legal_bid(arg):
            shoot = f" or {rs.shoot_bid}" if rs.shoot else ""
            return f"bids are {rs.min_bid} to {rs.max_bid}{shoot}"
        return f"a bid must be higher than {self.high_bid}"

    def _card_reason(self, kind: int, card: int) -> str:
        code = CODES[card]
        if kind == _TAKE:
            where = "stock" if self.stock else "wash"
            return f"{code} is not in the {where}"
        hand = self.hands[self.to_act]
        if card not in hand:
            return f"you do not hold {code}"
        if kind == _DISCARD:
            return "trumps are never discarded"
        extra = len(hand) - self.rs.hand_size
        if not self.tricks and extra > 0:
            if kind == _PLAY:
                return (
                    f"you hold {extra} card(s) too many: lay down {extra} non-point trump(s) first"
                )
            return f"{code} is a point card or not a trump; lay down only non-point trumps"
        if kind == _LAY:
            return "only extra trumps are laid down, on the first trick"
        trump_name = SUIT_NAMES[SUITS[self.trump]]
        if not self.trick:
            return f"the bidder leads the first trick with a trump ({trump_name})"
        if self.trump_led:
            return f"trump was led: play a trump ({trump_name})"
        led = SUIT_NAMES[SUITS[self.led_suit]]
        return f"{led} were led: play a {led[:-1]} or a trump ({trump_name})"

    # ----------------------------------------------------------------- JSON

    def to_json(self) -> dict[str, Any]:
        """Ruleset, dealer, deck and action log: everything the state is made of."""
        return {
            "format": JSON_FORMAT,
            "ruleset": self.rs.to_json(),
            "dealer": self.dealer,
            "deck": [CODES[c] for c in self.deck],
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
        state = new_deal(Ruleset.from_json(data.get("ruleset")), data.get("dealer"), deck=deck)
        for action in log:
            state.apply(action)
        return state

    def __repr__(self) -> str:
        return (
            f"<DealState {self.rs.name} dealer={self.dealer} phase={self.phase} "
            f"to_act={self.to_act} actions={len(self.log)}>"
        )


@functools.cache
def _bid_options(
    min_bid: int, max_bid: int, shoot_bid: int, high: int, stuck: bool, can_shoot: bool
) -> tuple[str, ...]:
    """The bid actions open to a player: ``pass`` first, then bids low to high."""
    legal = [_BID_STR[min_bid]] if stuck else ["pass"]
    if not stuck:
        legal.extend(_BID_STR[n] for n in range(max(high + 1, min_bid), max_bid + 1))
    if can_shoot:
        legal.append(_BID_STR[shoot_bid])
    return tuple(legal)


@functools.cache
def _dealing(cards_dealt: int) -> tuple[operator.itemgetter, ...]:
    """For each seat from the dealer's left, a getter of its cards from the
    deck: three at a time, round the table, until each holds ``cards_dealt``."""
    return tuple(
        operator.itemgetter(
            *(12 * r + 3 * k + i for r in range(cards_dealt // 3) for i in range(3))
        )
        for k in range(4)
    )
