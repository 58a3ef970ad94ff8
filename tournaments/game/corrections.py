"""Corrections: which later rounds an amended result would have seated
otherwise.  Plain Python, as the movement it replays (``movement``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from .movement import PlayerId, Seating, Style, registration_index, seat_next_round


@dataclass(frozen=True)
class PlayedRound:
    """A round as recorded: its seating, each table's winner, and whether the host overrode it.

    ``winners[i]`` is the winning team of table ``i + 1`` (``None`` while
    undecided). ``override`` marks a seating the host set by hand (RULES.md
    section 6, "Host overrides"), which movement did not produce.
    """

    seating: Seating
    winners: tuple[int | None, ...] = ()
    override: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "winners", tuple(self.winners))


@dataclass(frozen=True)
class SeatingDiff:
    """A later round whose played seating differs from what the amended results give.

    ``expected`` is ``None`` when it cannot be computed yet because a table of
    the amended round is now tied and needs a cut. ``players`` lists, in
    registration order, the players whose place (table and seat, or sitting
    out) differs; every player of the round when ``expected`` is ``None``.
    """

    round: int
    played: Seating
    expected: Seating | None
    players: tuple[PlayerId, ...]


def seatings_affected(
    rounds: Sequence[PlayedRound],
    *,
    amended_round: int,
    new_winners: Sequence[int | None],
    style: Style = "up_down",
    registration: Sequence[PlayerId],
) -> list[SeatingDiff]:
    """Which later seatings differ once round ``amended_round``'s winners become ``new_winners``.

    ``rounds`` is the party so far, round 1 first, each with the seating
    actually played (or seated, for a current round with no deals yet) and its
    recorded winners; the old winners are ``rounds[amended_round - 1].winners``.
    Pure: nothing is rewritten (RULES.md section 6, "Corrections": the host is
    shown the differences and chooses).

    The seating of round k+1 is recomputed with :func:`seat_next_round` from
    round k as played, its winners (the amended ones for the amended round),
    the players of round k+1 as the present set and the sit-outs of rounds
    1..k; a round whose seating differs from the recomputed one is reported.

    Ambiguity resolved here: every round after the next one was seated from
    the round before it *as played*, with results recorded for those tables,
    so an amendment can change only the seating of the round right after the
    amended one; later rounds cannot be recomputed from a seating that was
    never played (their results belong to other tables). The result therefore
    holds at most one entry, and none when the winners did not change, when
    the next round does not exist yet, or when the host overrode its seating
    (an override does not come from movement).
    """
    if not 1 <= amended_round <= len(rounds):
        raise ValueError(f"round {amended_round} is not among the {len(rounds)} rounds recorded")
    amended = rounds[amended_round - 1]
    new_winners = tuple(new_winners)
    if len(new_winners) != len(amended.seating.tables):
        raise ValueError(
            f"round {amended_round} has {len(amended.seating.tables)} tables "
            f"but {len(new_winners)} new winners"
        )
    if new_winners == amended.winners or amended_round == len(rounds):
        return []
    following = rounds[amended_round]
    if following.override:
        return []

    index = registration_index(registration)
    present = following.seating.players()
    if any(winner is None for winner in new_winners):
        return [
            SeatingDiff(
                round=amended_round + 1,
                played=following.seating,
                expected=None,
                players=tuple(sorted(present, key=index.__getitem__)),
            )
        ]
    sitouts = Counter(p for played in rounds[:amended_round] for p in played.seating.sitting_out)
    expected = seat_next_round(
        amended.seating,
        new_winners,
        style=style,
        present=present,
        sitouts_so_far=sitouts,
        registration=registration,
    )
    before, after = following.seating.place_of(), expected.place_of()
    moved = tuple(sorted((p for p in before if before[p] != after.get(p)), key=index.__getitem__))
    if not moved:
        return []
    return [
        SeatingDiff(
            round=amended_round + 1, played=following.seating, expected=expected, players=moved
        )
    ]
