"""The expert of the N-seat games (RULES.md 12): the four-seat expert's
search, on what one seat of five-hand, Railroad, Pedro for 2 to 6 players or
the original Pedro knows.

:class:`SeatExpertBot` decides from ``view(seat)`` alone, as
:class:`~.expert.ExpertBot` does, and searches the same decisions the same
way: the auction and trump by playing sampled deals out with each bid and
suit, play by playing each card out in deals sampled from the cards the seat
has not seen.  The sampled deals are played out by the seat heuristic
(:class:`~.seat_bots.SeatHeuristicBot`) in every seat, the exchange (Railroad's
and five-hand's discards, the fills and the rob) and the call follow the
heuristic's rules.

What it plays for, where the four-seat expert plays for its team's score
less the other team's: its own deal score less the mean of the other seats'
(in a called-partner game that is its side's result against the other
side's; every seat for itself, it is its points against the field).

What a sampled deal keeps to, besides the seat's own cards and every card
played, laid or shown face up:

* the suits a seat showed it lacks by not following, and a seat that failed
  to follow a trump lead (or is out) holds no trump;
* a seat that began play with more cards than a hand (extras to lay)
  holds trumps only;
* in five-hand and Railroad no trump leaves play before the tricks (the
  discards are plain cards), so every trump the seat has not seen is in
  another hand;
* the called card, while nobody has played it: never in the hand of a seat
  that has played to the first trick, and in no hand at all once the first
  trick is over without it.  The seat does not learn the partner from the
  search: the called card goes wherever the seat cannot rule it out.

Every sampled deal is replayed through the engine to the seat's turn; one
that does not reach the same turn with the same legal actions and the same
seats out is dropped.
"""

from __future__ import annotations

import random
from typing import Any

from .cards import ALL_CODES, ANY_CARD, PACKS, SUITS
from .expert import ExpertBot, replays_to, seen_in_play
from .rulesets import Ruleset
from .seat_bots import SeatHeuristicBot
from .seats import SeatDeal, seat_scores

__all__ = ["SeatExpertBot"]

CARD = ANY_CARD


class SeatExpertBot(ExpertBot):
    """The expert of the N-seat games; see the module's description."""

    heuristic = SeatHeuristicBot

    def _play_world(self, view: dict[str, Any], rs: Ruleset, rng: random.Random):
        return _seat_play_world(view, rs, rng)

    def _net(self, world, seat: int) -> float:
        """The finished deal's score for ``seat`` less the other seats' mean."""
        return _ahead(world.score(), seat)

    def _bid_outcome(self, world, seat: int):
        """The points each seat took, the partner and whether the bidder
        went alone: all a bid's score needs."""
        return tuple(world.taken), world.partner, world.went_alone

    def _bid_net(self, rs: Ruleset, bid: int, outcome, seat: int) -> float:
        points, partner, alone = outcome
        scores = seat_scores(rs, bid=bid, bidder=seat, partner=partner, alone=alone, points=points)
        return _ahead(scores, seat)


def _ahead(scores, seat: int) -> float:
    """``seat``'s score less the mean of the others'."""
    others = len(scores) - 1
    return scores[seat] - (sum(scores) - scores[seat]) / others


def _seat_play_world(view: dict[str, Any], rs: Ruleset, rng: random.Random):
    """A deal agreeing with a view taken in play (see the module's
    description), as a maker of fresh copies; None when the sample does not
    replay to the same position."""
    n, seat = view["seats"], view["seat"]
    trump = SUITS.index(view["trump"])
    tables = rs.tables
    ist, fol = tables.is_trump[trump], tables.follows[trump]

    plays, start, no_trump, lacks, seen = seen_in_play(view, n, ist, fol, True)
    unseen = [card for card in PACKS[rs.pack] if card not in seen]
    rng.shuffle(unseen)

    out = set(view["out"])
    counts = view["hand_counts"]
    need = {s: counts[s] for s in range(n) if s != seat}
    full = {s: len(start[s]) + need[s] for s in need}
    # A hand above its size as play starts (its extras to lay) is all trumps.
    trumps_only = {s for s in need if full[s] > rs.hand_size}

    called = CARD[view["call"]] if view.get("call") else None
    partner = view.get("partner")
    called_hidden = called is not None and called not in seen and partner in (None, "none")
    first_trick = not view["tricks"]
    played_first = {s for kind, s, _ in plays if kind == "play"} if first_trick else set()

    def fits(s: int, card: int) -> bool:
        if card == called and called_hidden and (not first_trick or s in played_first):
            return False
        if ist[card]:
            return not (s in out or no_trump[s])
        return s not in trumps_only and fol[card] not in lacks[s]

    pool = unseen
    if rs.exchange in ("draw", "five-hand"):
        # Their discards are plain cards: every trump unseen is in a hand.
        trumps = [c for c in unseen if ist[c]]
        for card in trumps:
            places = [s for s in need if fits(s, card) and len(start[s]) < full[s]]
            if not places:
                return None
            start[rng.choice(places)].append(card)
        pool = [c for c in unseen if not ist[c]]
    order = sorted(need, key=lambda s: -len(lacks[s]) - 4 * (no_trump[s] or s in out))
    for s in order:
        want = full[s] - len(start[s])
        picked = [card for card in pool if fits(s, card)][:want]
        if len(picked) < want:
            return None
        taken = set(picked)
        start[s].extend(picked)
        pool = [card for card in pool if card not in taken]

    actions = [f"{kind} {ALL_CODES[card]}" for kind, _, card in plays]
    bidder, bid, dealer = view["bidder"], view["bid"], view["dealer"]

    def make():
        world = SeatDeal.at_play(
            rs,
            dealer,
            bidder=bidder,
            bid=bid,
            trump=trump,
            hands=start,
            called=called,
            alone=bool(view.get("alone")),
        )
        for action in actions:
            world.apply(action)
        return world

    return replays_to(make, view, n)
