"""A club member's own rating, learnt from every round they play.

Plain Python: nothing here imports Django.  The model is OpenSkill's
Plackett-Luce (a Bayesian rating, as TrueSkill): a rating is a mean ``mu``
and an uncertainty ``sigma``.  Each round at a table is one match between its
two pairs; the pair with the higher round score wins, equal round scores are
a draw, and a round sat out changes nothing.

How a round moves the ratings, in two steps.  First the match between the
pairs, their round scores given to the model as scores (OpenSkill's
``scores``, with its ``margin`` of victory :data:`MARGIN`: a round won by
many points moves the ratings more than a close one).  Then each bid of the
round that its bidder did not make (a *set* bid: the bidding pair's deal
score below zero) is a match between the bidder and their partner, which
the partner wins by the points lost (margin :data:`SET_MARGIN`): bidding is
one player's decision, so that part of the pair's score is the bidder's
own, and the partners' ratings part there.  Both steps use ``beta``
:data:`BETA`, twice the default (a round's score is much luck).  These
choices, and the others measured and left, are in ``bench/ratings_skill.py``:
over a season they order the players by skill better than the average score
does, which a round only won or lost did not.

A player
without a rating of their own (a guest who is not a club member) plays as a
newcomer and is never updated.  A computer player at an online table plays
with the fixed rating of its level (:data:`BOT_RATINGS`) and is never updated
either.

A rating is shown as one cautious number, :func:`shown` (``mu - 2 sigma``):
it starts near 8 and rises as the model learns.  It is *provisional* until
the member has played :data:`PROVISIONAL_ROUNDS` rounds.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass

from openskill.models import PlackettLuce

#: Rounds played before a member's rating is no longer provisional.
PROVISIONAL_ROUNDS = 12
#: How many uncertainties below the mean the shown rating is.
CAUTION = 2.0
#: The model's spread of one player's form on the day (twice the default).
BETA = 25.0 / 3.0
#: OpenSkill's margin of victory between the pairs: a round won by more
#: points than this moves the ratings more (as the logarithm of the margin).
MARGIN = 10.0
#: The margin of victory of a partner over a bidder who went set.
SET_MARGIN = 5.0

_MODEL = PlackettLuce(beta=BETA, margin=MARGIN)
_SET_MODEL = PlackettLuce(beta=BETA, margin=SET_MARGIN)


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float

    @property
    def shown(self) -> float:
        return shown(self.mu, self.sigma)


#: A newcomer's rating (the model's own starting point).
NEW = Rating(_MODEL.mu, _MODEL.sigma)

#: The fixed ratings of the online tables' computer players, by seat kind.
#: Not measured against people: the normal bot stands where a newcomer
#: starts (the club's average player), each level one ``beta`` (the model's
#: spread of one player's form on the day) above the one before, and the
#: random bot, which plays any legal card, two below.  Their uncertainty is
#: small, so a member's game against bots moves the member, not the bots.
BOT_RATINGS = {
    "random": Rating(_MODEL.mu - 2 * _MODEL.beta, _MODEL.sigma / 4),
    "easy": Rating(_MODEL.mu - _MODEL.beta, _MODEL.sigma / 4),
    "heuristic": Rating(_MODEL.mu, _MODEL.sigma / 4),
    "expert": Rating(_MODEL.mu + _MODEL.beta, _MODEL.sigma / 4),
}


def shown(mu: float, sigma: float) -> float:
    """The number a page shows: the mean less two uncertainties."""
    return mu - CAUTION * sigma


def provisional(rounds: int) -> bool:
    return rounds < PROVISIONAL_ROUNDS


@dataclass(frozen=True)
class Match:
    """One round at one table: who sat where (seats 0..3; None for a seat
    whose player has no rating, a guest) and the two teams' round scores
    (team 0 = seats 0 and 2, team 1 = seats 1 and 3)."""

    key: Hashable
    seats: tuple[Hashable | None, Hashable | None, Hashable | None, Hashable | None]
    score0: int
    score1: int
    #: A seat's fixed rating (a computer player's), which the match uses
    #: and never changes; None for the others.
    fixed: tuple[Rating | None, ...] = (None, None, None, None)
    #: The round's bids that their bidder did not make, in deal order: the
    #: bidder's seat and the points the pair lost (below zero).
    sets: tuple[tuple[int, int], ...] = ()

    @property
    def outcome0(self) -> float:
        """Team 0's result: 1 won, 0.5 drew, 0 lost."""
        if self.score0 == self.score1:
            return 0.5
        return 1.0 if self.score0 > self.score1 else 0.0


@dataclass(frozen=True)
class Update:
    """One member's rating moved by one match."""

    member: Hashable
    match: Hashable
    before: Rating
    after: Rating
    #: The member's team's chance of winning, as the model saw it before.
    expected: float
    #: The team's result: 1 won, 0.5 drew, 0 lost.
    outcome: float


def expected(team: Iterable[Rating], other: Iterable[Rating]) -> float:
    """The chance the model gives ``team`` of beating ``other``."""
    a = [_MODEL.rating(mu=r.mu, sigma=r.sigma) for r in team]
    b = [_MODEL.rating(mu=r.mu, sigma=r.sigma) for r in other]
    return _MODEL.predict_win([a, b])[0]


def rate(match: Match, ratings: Mapping[Hashable, Rating]) -> list[Update]:
    """The updates one match makes, from the members' ratings before it
    (a member missing from ``ratings`` is new)."""
    before = [
        fixed if fixed is not None else NEW if p is None else ratings.get(p, NEW)
        for p, fixed in zip(match.seats, match.fixed, strict=True)
    ]
    models = [_MODEL.rating(mu=r.mu, sigma=r.sigma) for r in before]
    teams = [[models[0], models[2]], [models[1], models[3]]]
    chance0 = _MODEL.predict_win(teams)[0]
    rated = _MODEL.rate(teams, scores=[match.score0, match.score1])
    after = [rated[0][0], rated[1][0], rated[0][1], rated[1][1]]
    for seat, points in match.sets:
        partner = (seat + 2) % 4
        (kept,), (lost,) = _SET_MODEL.rate([[after[partner]], [after[seat]]], scores=[0, points])
        after[partner], after[seat] = kept, lost
    updates = []
    for seat, member in enumerate(match.seats):
        if member is None or match.fixed[seat] is not None:
            continue
        team = seat % 2
        updates.append(
            Update(
                member=member,
                match=match.key,
                before=before[seat],
                after=Rating(after[seat].mu, after[seat].sigma),
                expected=chance0 if team == 0 else 1.0 - chance0,
                outcome=match.outcome0 if team == 0 else 1.0 - match.outcome0,
            )
        )
    return updates


def replay(
    matches: Iterable[Match], ratings: Mapping[Hashable, Rating] | None = None
) -> tuple[list[Update], dict[Hashable, Rating]]:
    """Every update of ``matches`` in order, from ``ratings`` (by default
    everyone new), and the ratings after the last."""
    now = dict(ratings or {})
    updates: list[Update] = []
    for match in matches:
        made = rate(match, now)
        for update in made:
            now[update.member] = update.after
        updates.extend(made)
    return updates, now
