"""A season's standings against hand-computed examples (plain Python, no database)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from tournaments.game.season_table import Night, SeasonRow, season_standings


def night(member: int, party: int, score: int, won: int = 0) -> Night:
    names = {1: "Ana", 2: "Bea", 3: "Cruz", 4: "Dee", 5: "Élodie", 6: "Eli"}
    return Night(member=member, name=names[member], party=party, score=score, rounds_won=won)


def by_member(rows: list[SeasonRow]) -> dict[int, SeasonRow]:
    return {row.member: row for row in rows}


def test_plain_totals_add_every_night():
    rows = season_standings(
        [
            night(1, 1, 40, 2),
            night(2, 1, 55, 3),
            night(1, 2, 30, 1),
            night(2, 2, 10, 0),
            night(3, 2, 70, 4),
        ]
    )
    # Cruz and Ana have 70 each: Cruz won 4 rounds, Ana 3, so Cruz is first.
    assert [(r.rank, r.member, r.total, r.rounds_won) for r in rows] == [
        (1, 3, 70, 4),
        (2, 1, 70, 3),
        (3, 2, 65, 3),
    ]
    assert all(r.nights_counted == r.parties for r in rows)


def test_tie_on_total_is_broken_by_rounds_won_whatever_the_names():
    rows = season_standings([night(1, 1, 50, 1), night(6, 1, 50, 2)])
    assert [(r.rank, r.name) for r in rows] == [(1, "Eli"), (2, "Ana")]


def test_best_of_counts_each_members_best_nights():
    nights = [
        night(1, 1, 20, 1),
        night(1, 2, 60, 2),
        night(1, 3, -8, 0),
        night(1, 4, 45, 3),
        night(2, 1, 50, 2),
        night(2, 2, 50, 1),
    ]
    rows = by_member(season_standings(nights, best_of=2))
    # Ana: best two of 20, 60, -8, 45 are 60 and 45.
    assert rows[1].total == 105
    assert rows[1].rounds_won == 5  # 2 + 3, over the counted nights only
    assert rows[1].nights_counted == 2
    assert rows[1].parties == 4
    # Bea has two nights: both count.
    assert (rows[2].total, rows[2].nights_counted, rows[2].rounds_won) == (100, 2, 3)
    every = by_member(season_standings(nights))
    assert every[1].total == 117 and every[1].rounds_won == 6


def test_best_of_between_equal_scores_counts_the_night_with_more_rounds_won():
    nights = [night(1, 1, 30, 0), night(1, 2, 30, 2), night(1, 3, 10, 4)]
    (row,) = season_standings(nights, best_of=1)
    assert (row.total, row.rounds_won, row.nights_counted) == (30, 2, 1)
    # The order the nights come in does not change the choice.
    (again,) = season_standings(list(reversed(nights)), best_of=1)
    assert again == row


def test_best_of_one_with_equal_nights_takes_the_earlier_party():
    nights = [night(1, 3, 30, 1), night(1, 1, 30, 1)]
    (row,) = season_standings(nights, best_of=1)
    assert (row.total, row.rounds_won, row.nights_counted, row.parties) == (30, 1, 1, 2)


def test_shared_ranks_go_1_2_2_4_listed_by_name():
    rows = season_standings(
        [
            night(4, 1, 90, 3),
            night(5, 1, 60, 2),  # Élodie
            night(2, 1, 60, 2),  # Bea
            night(1, 1, 10, 0),
        ]
    )
    assert [(r.rank, r.name) for r in rows] == [
        (1, "Dee"),
        (2, "Bea"),
        (2, "Élodie"),
        (4, "Ana"),
    ]


def test_names_sort_without_accents_or_case():
    rows = season_standings([night(5, 1, 5, 0), night(6, 1, 5, 0), night(3, 1, 5, 0)])
    assert [r.name for r in rows] == ["Cruz", "Eli", "Élodie"]
    assert {r.rank for r in rows} == {1}


def test_average_is_every_nights_score_over_parties_rounded_half_up():
    rows = by_member(
        season_standings(
            [
                night(1, 1, 10),
                night(1, 2, 11),
                night(1, 3, 11),  # 32 / 3 = 10.67 -> 10.7
                night(2, 1, 5),
                night(2, 2, 10),  # 15 / 2 = 7.5
                night(3, 1, -7),
                night(3, 2, 0),  # -7 / 2 = -3.5
                night(4, 1, 1),
                night(4, 2, 0),
                night(4, 3, 0),
                night(4, 4, 0),
                night(4, 5, 0),
                night(4, 6, 0),
                night(4, 7, 0),
                night(4, 8, 0),
                night(4, 9, 0),
                night(4, 10, 0),
                night(4, 11, 0),
                night(4, 12, 0),
                night(4, 13, 0),
                night(4, 14, 0),
                night(4, 15, 0),
                night(4, 16, 0),
                night(4, 17, 0),
                night(4, 18, 0),
                night(4, 19, 0),
                night(4, 20, 0),  # 1 / 20 = 0.05 -> 0.1 (half up)
            ],
            best_of=1,
        )
    )
    assert rows[1].average == Decimal("10.7")
    assert rows[2].average == Decimal("7.5")
    assert rows[3].average == Decimal("-3.5")
    assert rows[4].average == Decimal("0.1")
    # The average takes every night, the total only the best one.
    assert rows[1].total == 11 and rows[1].parties == 3


def test_a_member_with_one_night():
    (row,) = season_standings([night(3, 7, 42, 2)], best_of=3)
    assert row == SeasonRow(
        rank=1,
        member=3,
        name="Cruz",
        total=42,
        parties=1,
        average=Decimal("42.0"),
        rounds_won=2,
        nights_counted=1,
    )


def test_no_nights_no_rows():
    assert season_standings([]) == []


def test_best_of_must_be_at_least_one():
    with pytest.raises(ValueError):
        season_standings([night(1, 1, 5)], best_of=0)
