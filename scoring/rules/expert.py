"""The expert computer player: determinized search over what its seat knows.

:class:`ExpertBot` decides from ``state.view(state.to_act)`` alone.  For each
decision it samples whole deals that agree with everything that seat has seen
(its own hand, the auction, every card played or laid, face-up discards and
folded hands, and the suits a player showed it lacks by not following), plays
each candidate action out in every sampled deal with the engine itself, the
rest of the deal played by :class:`~.bots.HeuristicBot` for all four seats,
and picks the action with the best mean deal score for its team (the game's
own scoring: top contracts, set bids and difference scoring included).  This
is perfect-information Monte Carlo: the same sampled deals serve every
candidate, so their means differ by the decision and not by the luck.

* **Bidding** estimates, in each sampled deal, the points its team takes when
  it names each suit; each bid is then worth the mean deal score it would
  bring, and passing is played out too.  It bids only when the best bid beats
  passing by more than the samples' noise, and then straight to the highest
  bid worth as much (the dealer, last to speak, to the cheapest).
* **Trump** plays the deal out with each suit named.
* **Play** (and the first trick's lays) plays each card out.
* The exchange (discards, takes, robs) and the dark calls follow the
  heuristic's rules.

The budget is ``samples`` sampled deals a decision (``bid_samples`` in the
auction and for trump), cut short when ``time_ms`` of CPU is spent; without
``time_ms`` a seed gives the same choices every time.
"""

from __future__ import annotations

import functools
import random
import time
from dataclasses import dataclass
from typing import Any

from .bots import HeuristicBot, forced_action, ruleset_tables, view_ruleset
from .cards import ALL_CODES, ANY_CARD, PACKS, SUITS
from .deal import IllegalAction, new_deal
from .rulesets import Ruleset

__all__ = ["Advice", "ExpertBot"]

CARD = ANY_CARD
CODES = ALL_CODES


@dataclass(frozen=True)
class Advice:
    """The expert's choice from one seat's view, with the mean deal score
    (the seat's team less the other, over sampled deals) of each action it
    weighed; ``means`` is empty where it chose without searching."""

    action: str
    means: dict[str, float]

    @property
    def mean(self) -> float | None:
        return self.means.get(self.action)

    @property
    def runner_up(self) -> tuple[str, float] | None:
        """The best of the other actions weighed, and its mean."""
        others = [(a, m) for a, m in self.means.items() if a != self.action]
        return max(others, key=lambda pair: pair[1]) if others else None


class ExpertBot:
    """Chooses by sampling the deals its seat cannot tell apart and playing
    each candidate out in them; see the module's description."""

    name = "expert"
    #: The heuristic that plays every sampled deal out, and decides where
    #: the expert does not search.
    heuristic: type = HeuristicBot

    def __init__(
        self,
        seed: int | None = None,
        *,
        samples: int = 48,
        bid_samples: int = 24,
        time_ms: float | None = None,
    ) -> None:
        self._rng = random.Random(seed)
        self._heuristic = self.heuristic(seed)
        self.samples = samples
        self.bid_samples = bid_samples
        self.time_ms = time_ms

    #: In an open auction, how much of a deal's points a higher bid may cost
    #: on average against the best bid the hand affords and still be made.
    bid_slack = 1 / 32

    def choose(self, state: Any) -> str:
        """The action for ``state.to_act``, decided from ``state.view(state.to_act)`` alone."""
        return self.choose_from_view(state.view(state.to_act))

    def choose_from_view(self, view: dict[str, Any]) -> str:
        """The action for the seat whose view this is, one of ``view["legal"]``."""
        legal = view["legal"]
        forced = forced_action(view)
        if forced is not None:
            return forced
        phase = view["phase"]
        rs = view_ruleset(view)
        choice = None
        if phase == "bid" and view["hand"]:
            choice = self._bid(view, rs)
        elif phase == "trump":
            choice = self._by_rollouts(view, rs, legal, self.bid_samples, self._auction_world)
        elif phase == "play":
            choice = self._by_rollouts(view, rs, legal, self.samples, self._play_world)
        return choice or self._heuristic.choose_from_view(view)

    def advise(self, view: dict[str, Any]) -> Advice:
        """What this bot would do from ``view`` (one seat's view: nothing
        hidden from it is used) and why: each action it weighed with its mean
        deal score for the seat's team, less the other team's, over the same
        sampled deals.  Where it does not search (one legal action, the
        exchange, the dark calls) the means are empty."""
        legal = view["legal"]
        if not legal:
            raise ValueError(f"seat {view['seat']} is not to act; nothing to advise")
        rs = view_ruleset(view)
        phase = view["phase"]
        means: dict[str, float] | None = None
        action = None
        if len(legal) > 1 and phase == "bid" and view["hand"]:
            found = self._bid_values(view, rs)
            if found is not None:
                values, gains, passing = found
                action = self._bid_pick(view, rs, values, gains)
                means = {**values, "pass": passing}
        elif len(legal) > 1 and phase in ("trump", "play"):
            count, build = (
                (self.bid_samples, self._auction_world)
                if phase == "trump"
                else (self.samples, self._play_world)
            )
            means = self._rollout_means(view, rs, legal, count, build)
            if means is not None:
                action = max(legal, key=lambda a: means[a])
        if action is None:
            return Advice(self.choose_from_view(view), {})
        return Advice(action, means or {})

    # -- what the search is played on, and for

    def _auction_world(self, view: dict[str, Any], rs: Ruleset, rng: random.Random):
        """A maker of sampled deals agreeing with a view taken in the
        auction or at trump, or None (:func:`_auction_world`)."""
        return _auction_world(view, rs, rng)

    def _play_world(self, view: dict[str, Any], rs: Ruleset, rng: random.Random):
        """A maker of sampled deals agreeing with a view taken in play, or
        None (:func:`_play_world`)."""
        return _play_world(view, rs, rng)

    def _net(self, world, seat: int) -> float:
        """The finished deal's score for ``seat``'s team less the other team's."""
        return _net(world, seat % 2)

    def _bid_outcome(self, world, seat: int):
        """What a played-out deal with ``seat`` bidding gives the bid's score:
        the points its team took and the other team's."""
        points = world.captured()
        team = seat % 2
        return points[team], points[1 - team]

    def _bid_net(self, rs: Ruleset, bid: int, outcome, seat: int) -> float:
        """The deal score, for ``seat``'s team less the other, of bidding
        ``bid`` with ``outcome`` (:meth:`_bid_outcome`)."""
        return _net_score(rs, bid, *outcome)

    def _rollout(self, world, seed: int):
        """Play ``world`` to the end with the heuristic in every seat."""
        return _rollout(world, seed, self.heuristic)

    # -- search

    def _deadline(self) -> float | None:
        if self.time_ms is None:
            return None
        return time.process_time() + self.time_ms / 1000

    def _worlds(self, view: dict[str, Any], rs: Ruleset, count: int, build):
        """Up to ``count`` sampled deals agreeing with ``view``, each a function
        giving a fresh copy of it, as the time budget allows."""
        deadline = self._deadline()
        tries = 0
        made = 0
        while made < count and tries < 3 * count + 3:
            tries += 1
            world = build(view, rs, self._rng)
            if world is None:
                continue
            made += 1
            yield world, self._rng.getrandbits(32)
            if deadline is not None and time.process_time() > deadline:
                return

    def _by_rollouts(self, view, rs, legal, count, build) -> str | None:
        """The action of ``legal`` with the best mean deal score for the seat's
        team over sampled deals; None if no deal could be sampled."""
        means = self._rollout_means(view, rs, legal, count, build)
        if means is None:
            return None
        top = max(means.values())
        tied = [a for a in legal if means[a] == top]
        return tied[0] if len(tied) == 1 else self._rng.choice(tied)

    def _rollout_means(self, view, rs, legal, count, build) -> dict[str, float] | None:
        """Each action of ``legal``: its mean deal score for the seat's team
        (less the other's) over sampled deals; None if none could be sampled."""
        seat = view["seat"]
        totals = [0.0] * len(legal)
        seen = 0
        for make, seed in self._worlds(view, rs, count, build):
            try:
                nets = []
                for action in legal:
                    world = make()
                    world.apply(action)
                    nets.append(self._net(self._rollout(world, seed), seat))
            except _Impossible:
                continue  # a sampled deal no real deal could reach
            seen += 1
            totals = [total + net for total, net in zip(totals, nets, strict=True)]
        if not seen:
            return None
        return {action: total / seen for action, total in zip(legal, totals, strict=True)}

    def _bid(self, view: dict[str, Any], rs: Ruleset) -> str | None:
        """The bid worth most in the sampled deals, made only when it beats
        passing by more than the samples' noise; jumping straight to the
        highest bid worth as much (the dealer, last to speak, the cheapest)."""
        found = self._bid_values(view, rs)
        if found is None:
            return None
        values, gains, _passing = found
        return self._bid_pick(view, rs, values, gains)

    def _bid_pick(self, view, rs: Ruleset, values, gains) -> str:
        """The bid to make, given each call's mean and its gains over passing."""
        calls = [a for a in view["legal"] if a != "pass"]
        seat = view["seat"]
        top = max(values.values())
        if not _clearly_positive(gains[next(c for c in calls if values.get(c) == top)]):
            return "pass"
        if seat == view["dealer"] and not rs.open_auction:
            # The last to speak needs only to win.
            return next(call for call in calls if values.get(call) == top)
        # Jump to the highest bid worth as much as the best one (in an open
        # auction, nearly as much): the hand's value, which shuts out the bids
        # below it and leaves nothing to creep up.
        floor = top - (self.bid_slack * rs.total_points if rs.open_auction else 0)
        return [call for call in calls if values.get(call, -1e9) >= floor][-1]

    def _bid_values(self, view: dict[str, Any], rs: Ruleset):
        """Each call's mean deal score (its best suit), each call's gains over
        passing per sampled deal, and passing's mean; None when nothing could
        be sampled or there is no choice between a call and passing."""
        legal = view["legal"]
        seat = view["seat"]
        calls = [a for a in legal if a != "pass"]
        if "pass" not in legal or not calls:
            return None
        suits = range(4)
        taken: dict[int, list[Any]] = {suit: [] for suit in suits}
        passing: list[float] = []
        tops: dict[str, set[int]] = {}
        for make, seed in self._worlds(view, rs, self.bid_samples, self._auction_world):
            world = make()
            world.apply("pass")
            passing.append(self._net(self._rollout(world, seed), seat))
            for suit in suits:
                world = make()
                if not _make_bidder(world, seat, calls, suit):
                    taken[suit].append(None)
                    continue
                self._rollout(world, seed)
                taken[suit].append(self._bid_outcome(world, seat))
            if not tops:
                tops = _top_suits(make, seat, calls, rs)
        if not passing:
            return None
        values: dict[str, float] = {}
        gains: dict[str, list[float]] = {}  # per sampled deal, over the pass
        for call in calls:
            number, suit = _call(call)
            allowed = tops.get(call) if number in rs.top_contracts else None
            options = [suit] if suit is not None else list(suits)
            if allowed is not None:
                options = [s for s in options if s in allowed]
            for s in options:
                outcomes = taken[s]
                if not outcomes or None in outcomes:
                    continue
                nets = [self._bid_net(rs, number, outcome, seat) for outcome in outcomes]
                mean = sum(nets) / len(nets)
                if mean > values.get(call, -1e9):
                    values[call] = mean
                    gains[call] = [n - p for n, p in zip(nets, passing, strict=True)]
        if not values:
            return None
        return values, gains, sum(passing) / len(passing)


def _clearly_positive(gains: list[float]) -> bool:
    """Whether the mean of ``gains`` is above zero by more than its standard
    error: a bid must beat passing by more than the samples' noise."""
    count = len(gains)
    mean = sum(gains) / count
    if count < 2:
        return mean > 0
    variance = sum((g - mean) ** 2 for g in gains) / (count - 1)
    return mean > (variance / count) ** 0.5


def _call(action: str) -> tuple[int, int | None]:
    """The number and suit (None where bids name no suit) of a bid action."""
    parts = action.split()
    return int(parts[1]), (SUITS.index(parts[2]) if len(parts) > 2 else None)


def _make_bidder(world, seat: int, calls: list[str], suit: int) -> bool:
    """Make ``seat`` the bidder with ``suit`` as trump in ``world``, the others
    passing: the cheapest plain bid, then the suit.  False if it cannot be."""
    plain = [c for c in calls if _call(c)[0] <= world.rs.max_bid]
    mine = [c for c in plain if _call(c)[1] in (None, suit)]
    if not mine:
        return False
    world.apply(mine[0])
    while world.phase in ("bid", "dark") and world.to_act != seat:
        world.apply("pass" if "pass" in world.legal else world.legal[0])
    if world.bidder != seat:
        return False
    if world.phase == "trump":
        action = f"trump {SUITS[suit]}"
        if action not in world.legal:
            return False
        world.apply(action)
    return world.trump == suit


def _top_suits(make, seat: int, calls: list[str], rs: Ruleset) -> dict[str, set[int]]:
    """For each top contract in ``calls``, the suits the seat may then name."""
    found: dict[str, set[int]] = {}
    for call in calls:
        if _call(call)[0] not in rs.top_contracts:
            continue
        world = make()
        world.apply(call)
        while world.phase in ("bid", "dark") and world.to_act != seat:
            world.apply("pass" if "pass" in world.legal else world.legal[0])
        if world.phase == "trump" and world.to_act == seat:
            found[call] = {SUITS.index(a[-1]) for a in world.legal}
        else:
            found[call] = set()
    return found


def _net_score(rs: Ruleset, bid: int, mine: int, theirs: int) -> int:
    other = theirs if rs.cards_can_leave_play else None
    bidders, others = rs.deal_score(bid, mine, other)
    return bidders - others


def _net(world, team: int) -> int:
    """The finished deal's score for ``team`` less the other team's."""
    score = world.score()
    return score[team] - score[1 - team]


def _rollout(world, seed: int, heuristic: type = HeuristicBot):
    """Play ``world`` to the end with ``heuristic`` in every seat."""
    bot = heuristic(seed)
    while world.to_act is not None:
        if not world.legal:
            raise _Impossible
        world.apply(bot.choose(world))
    return world


class _Impossible(Exception):
    """A sampled deal reached a position no real deal can (a player to act
    with nothing to play)."""


# ----------------------------------------------------------- sampled deals


@functools.lru_cache(maxsize=512)
def _probe(rs: Ruleset, dealer: int, seat: int, bids: tuple[str, ...]) -> tuple[int, ...] | None:
    """The deck positions whose cards are in ``seat``'s hand after the calls
    ``bids`` (the deal, and a widow or extra cards picked up in the auction);
    None if the calls cannot be replayed on an ordinary deal."""
    pack = PACKS[rs.pack]
    state = new_deal(rs, dealer, deck=[CODES[c] for c in pack])
    try:
        for action in bids:
            state.apply(action)
    except IllegalAction:
        return None
    where = {CODES[card]: k for k, card in enumerate(pack)}
    return tuple(where[code] for code in state.hand(seat))


def _auction_world(view: dict[str, Any], rs: Ruleset, rng: random.Random):
    """A deal agreeing with a view taken in the auction or at trump: the
    seat's cards where the deal put them, every other card shuffled, the calls
    replayed.  Returns a maker of fresh copies, or None."""
    seat, dealer = view["seat"], view["dealer"]
    bids = tuple(action for _, action in view["bids"])
    positions = _probe(rs, dealer, seat, bids)
    if positions is None or len(positions) != len(view["hand"]):
        return None
    pack = PACKS[rs.pack]
    mine = [CARD[code] for code in view["hand"]]
    held = set(mine)
    rest = [card for card in pack if card not in held]
    rng.shuffle(rest)
    deck: list[int | None] = [None] * len(pack)
    for at, card in zip(positions, mine, strict=True):
        deck[at] = card
    fill = iter(rest)
    codes = [CODES[card if card is not None else next(fill)] for card in deck]

    def make():
        world = new_deal(rs, dealer, deck=codes)
        for action in bids:
            world.apply(action)
        return world

    try:
        world = make()
    except IllegalAction:
        return None  # a call the sampled cards do not allow (a shoot needs its ace and two)
    if world.to_act != seat or world.phase != view["phase"]:
        return None
    return make


def seen_in_play(view: dict[str, Any], seats: int, ist, fol, follows_led: bool):
    """What the seat whose view this is has seen of a deal in play, for a
    search that deals the rest (this module's and the N-seat expert's):

    * ``plays``: every card laid or played, as ("lay" | "play", seat, card)
      in the order of play (a seat's lays before its card of the trick);
    * ``start``: each seat's cards seen so far, in that order, and the
      viewer's own hand after its own;
    * ``no_trump`` and ``lacks``: the seats that showed they hold no trump
      (by not playing one to a trump lead), and the plain suits each showed
      it lacks (by not following one, where ``follows_led``);
    * ``seen``: every card the seat has seen, its discards and the face-up
      cards included."""
    seat = view["seat"]
    plays: list[tuple[str, int, int]] = []
    start: list[list[int]] = [[] for _ in range(seats)]
    no_trump = [False] * seats
    lacks: list[set[int]] = [set() for _ in range(seats)]

    def trick_plays(cards, laid):
        lays: dict[int, list[int]] = {}
        for s, code in laid:
            lays.setdefault(s, []).append(CARD[code])
        led = None
        for s, code in cards:
            for card in lays.pop(s, ()):
                plays.append(("lay", s, card))
                start[s].append(card)
            card = CARD[code]
            plays.append(("play", s, card))
            start[s].append(card)
            if led is None:
                led = card
            elif ist[led] and not ist[card]:
                no_trump[s] = True
            elif not ist[led] and follows_led and not ist[card] and fol[card] != fol[led]:
                lacks[s].add(fol[led])
        for s, cards_left in lays.items():
            for card in cards_left:
                plays.append(("lay", s, card))
                start[s].append(card)

    for trick in view["tricks"]:
        trick_plays(trick["cards"], trick["laid"])
    trick_plays(view["trick"], view["laid"])

    mine = [CARD[code] for code in view["hand"]]
    start[seat].extend(mine)
    seen = set(mine)
    for cards in start:
        seen.update(cards)
    seen.update(CARD[code] for code in view["my_discards"])
    for cards in view.get("discards", ()):
        seen.update(CARD[code] for code in cards)
    seen.update(CARD[code] for code in view.get("stock_trumps", ()))
    return plays, start, no_trump, lacks, seen


def _play_world(view: dict[str, Any], rs: Ruleset, rng: random.Random):
    """A deal agreeing with a view taken in play: the other seats' hidden
    cards dealt from the cards this seat has not seen, keeping the suits each
    showed it lacks, and every public card replayed.  Returns a maker of
    fresh copies, or None when the sample does not replay to the same
    position."""
    seat = view["seat"]
    trump = SUITS.index(view["trump"])
    tables = ruleset_tables(rs)
    ist, fol = tables.is_trump[trump], tables.follows[trump]
    follows_led = not rs.play_rule.startswith("no-rank") and not rs.cut_throat
    follows_led = follows_led and rs.play_rule != "trumps-only"

    plays, start, no_trump, lacks, seen = seen_in_play(view, 4, ist, fol, follows_led)
    out = set(view["out"])
    folded = view.get("folded")
    for s in range(4):
        if folded and folded[s]:
            cards = [CARD[code] for code in folded[s]]
            start[s].extend(cards)
            seen.update(cards)
    unseen = [card for card in PACKS[rs.pack] if card not in seen]
    rng.shuffle(unseen)
    # In Monterey no trump leaves play before the tricks: every trump this
    # seat has not seen is in another hand.
    trumps_in_hands = rs.play_rule == "monterey" and rs.exchange in ("draw", "widow")
    need = {}
    for s in range(4):
        if s == seat:
            continue
        if s in out:
            if not (folded and folded[s]):
                need[s] = max(0, rs.hand_size - len(start[s]))
        else:
            need[s] = view["hand_counts"][s]

    # Cards are laid only from a hand above its size after every non-trump
    # has gone: a seat that laid, or has cards to lay, holds only trumps.
    laid = {s for kind, s, _ in plays if kind == "lay"}
    laid.update(s for s in range(4) if view["hand_counts"][s] > rs.hand_size)

    def fits(s: int, card: int) -> bool:
        if ist[card]:
            return not (s in out or no_trump[s])
        return s not in laid and fol[card] not in lacks[s]

    # Where a player without a trump is out at any turn, one still in whose
    # last card was no trump held a trump then, and holds it still.
    fold_any_turn = rs.play_rule in ("trumps-only", "no-rank-down")
    last: dict[int, int] = {}
    for _, s, card in plays:
        last[s] = card
    needs_trump = {
        s: fold_any_turn and s not in out and s in last and not ist[last[s]] for s in need
    }
    order = sorted(need, key=lambda s: (s in out, -len(lacks[s]) - 4 * no_trump[s]))
    pool = unseen
    if trumps_in_hands:
        pool = [c for c in unseen if ist[c]] + [c for c in unseen if not ist[c]]
        hidden_trumps = sum(1 for c in unseen if ist[c])
        room = sum(need[s] for s in need if s not in out and not no_trump[s])
        if hidden_trumps > room:
            return None
        # Deal the trumps first, each to a seat chosen at random among those
        # that may hold one and have room, then everything else.
        for card in pool[:hidden_trumps]:
            places = [s for s in need if fits(s, card) and len(start[s]) < _full(s, need, view)]
            if not places:
                return None
            start[rng.choice(places)].append(card)
        pool = pool[hidden_trumps:]
    for s in order:
        want = _full(s, need, view) - len(start[s])
        fitting = [card for card in pool if fits(s, card)]
        picked = fitting[:want]
        if len(picked) < want:
            return None
        if needs_trump[s] and not any(ist[card] for card in picked):
            spare = [card for card in fitting[want:] if ist[card]]
            if not spare or not picked:
                return None
            picked[-1] = spare[0]
        taken = set(picked)
        start[s].extend(picked)
        pool = [card for card in pool if card not in taken]

    bidder, bid, dealer = view["bidder"], view["bid"], view["dealer"]
    actions = [f"{kind} {CODES[card]}" for kind, _, card in plays]

    def make():
        world = new_deal(rs, dealer, seed=0)
        world.bidder, world.high_bid = bidder, bid
        world._name_trump(trump)
        world.hands = [list(cards) for cards in start]
        world.out = [False] * 4
        world.folded = [[], [], [], []]
        world.taken = [0, 0]
        world.owners = {}
        world.tricks, world.trick, world.laid = [], [], []
        world._start_play()
        world.legal = world._compute_legal()
        for action in actions:
            world.apply(action)
        return world

    return replays_to(make, view, 4)


def replays_to(make, view: dict[str, Any], seats: int):
    """``make`` if the deal it makes reaches the position of ``view`` (a
    view taken in play): the same seat to act with the same legal actions,
    the same seats out; None if not, or if it cannot be replayed."""
    try:
        world = make()
    except (IllegalAction, ValueError):
        return None
    if (
        world.to_act != view["seat"]
        or world.phase != "play"
        or sorted(world.legal) != sorted(view["legal"])
        or [s for s in range(seats) if world.out[s]] != view["out"]
    ):
        return None
    return make


def _full(s: int, need: dict[int, int], view: dict[str, Any]) -> int:
    """How many cards seat ``s`` starts play with in the sampled deal: the
    ones seen from it plus those it still holds (or held when it folded)."""
    return _seen_count(view, s) + need[s]


def _seen_count(view: dict[str, Any], s: int) -> int:
    count = sum(1 for t in view["tricks"] for p, _ in t["cards"] if p == s)
    count += sum(1 for t in view["tricks"] for p, _ in t["laid"] if p == s)
    count += sum(1 for p, _ in view["trick"] if p == s)
    count += sum(1 for p, _ in view["laid"] if p == s)
    folded = view.get("folded")
    if folded and folded[s]:
        count += len(folded[s])
    return count
