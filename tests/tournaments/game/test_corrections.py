"""Corrections: which later seatings an amended result would change (RULES.md section 6)."""

import pytest

from tournaments.game.corrections import PlayedRound, SeatingDiff, seatings_affected
from tournaments.game.movement import Seating

REGISTRATION = [1, 2, 3, 4, 5]

# A five-player party played with up_down movement (worked in test_seating.py).
ROUND_1 = PlayedRound(Seating(tables=[(1, 2, 3, 4)], sitting_out=[5]), winners=[0])
ROUND_2 = PlayedRound(Seating(tables=[(5, 3, 2, 4)], sitting_out=[1]), winners=[1])
ROUND_3 = PlayedRound(Seating(tables=[(3, 4, 5, 1)], sitting_out=[2]), winners=[])  # current
PARTY = [ROUND_1, ROUND_2, ROUND_3]


def affected(rounds, amended_round, new_winners):
    return seatings_affected(
        rounds, amended_round=amended_round, new_winners=new_winners, registration=REGISTRATION
    )


def test_amending_the_last_closed_round_changes_the_current_seating():
    # Round 2 now won by team 0 (5, 2): movement (5 2 3 4); 2 has the fewest
    # sit-outs and earliest registration, so 1 takes 2's seat: (5 1 3 4), 2 out.
    assert affected(PARTY, 2, [0]) == [
        SeatingDiff(
            round=3,
            played=ROUND_3.seating,
            expected=Seating(tables=[(5, 1, 3, 4)], sitting_out=[2]),
            players=(1, 3, 4, 5),
        )
    ]


def test_amending_an_earlier_round_changes_only_the_round_after_it():
    # Round 1 now won by team 1 (2, 4): movement (2 4 1 3); 1 sits out, 5 takes seat 2.
    assert affected(PARTY, 1, [1]) == [
        SeatingDiff(
            round=2,
            played=ROUND_2.seating,
            expected=Seating(tables=[(2, 4, 5, 3)], sitting_out=[1]),
            players=(2, 3, 4, 5),
        )
    ]


def test_unchanged_winners_change_nothing():
    assert affected(PARTY, 1, [0]) == []
    assert affected(PARTY, 2, [1]) == []


def test_amending_the_latest_round_with_no_next_round_changes_nothing():
    assert affected(PARTY[:2], 2, [0]) == []


def test_an_overridden_next_round_is_not_affected():
    overridden = PlayedRound(ROUND_2.seating, ROUND_2.winners, override=True)
    assert affected([ROUND_1, overridden, ROUND_3], 1, [1]) == []


def test_a_table_that_becomes_tied_leaves_the_next_seating_undetermined():
    assert affected(PARTY, 2, [None]) == [
        SeatingDiff(round=3, played=ROUND_3.seating, expected=None, players=(1, 2, 3, 4, 5))
    ]


def test_two_tables_only_the_changed_table_moves_differently():
    registration = list(range(1, 9))
    first = PlayedRound(Seating(tables=[(1, 2, 3, 4), (5, 6, 7, 8)]), winners=[0, 0])
    second = PlayedRound(Seating(tables=[(1, 3, 5, 7), (2, 4, 6, 8)]), winners=[])
    # Table 2 now won by team 1 (6, 8): head (1 3 6 8), foot (2 4 5 7).
    diff = seatings_affected(
        [first, second], amended_round=1, new_winners=[0, 1], registration=registration
    )
    assert diff == [
        SeatingDiff(
            round=2,
            played=second.seating,
            expected=Seating(tables=[(1, 3, 6, 8), (2, 4, 5, 7)]),
            players=(5, 6, 7, 8),
        )
    ]


def test_rejects_inconsistent_input():
    with pytest.raises(ValueError, match="not among"):
        affected(PARTY, 4, [0])
    with pytest.raises(ValueError, match="new winners"):
        affected(PARTY, 1, [0, 1])
