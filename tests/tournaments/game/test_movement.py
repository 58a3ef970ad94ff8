"""Movement alone (RULES.md section 6, "Movement"): exact grids worked by hand from the text."""

import pytest

from tournaments.game.movement import SeatingProblem, move


def tables_of(count):
    """Tables 1..count holding players 1..4*count: table t = (4t-3, 4t-2, 4t-1, 4t)."""
    return [tuple(range(4 * t + 1, 4 * t + 5)) for t in range(count)]


# One table: both pairs are that table's; upper = winners, lower = losers.


@pytest.mark.parametrize("style", ["up_down", "winners_up"])
def test_one_table_team_0_wins(style):
    # Winners (1, 3) take seats 0 and 1, losers (2, 4) seats 2 and 3.
    assert move([(1, 2, 3, 4)], [0], style=style) == [(1, 3, 2, 4)]


@pytest.mark.parametrize("style", ["up_down", "winners_up"])
def test_one_table_team_1_wins(style):
    assert move([(1, 2, 3, 4)], [1], style=style) == [(2, 4, 1, 3)]


# Two tables: T1 = 1 2 3 4 (team 0 wins: 1, 3), T2 = 5 6 7 8 (team 1 wins: 6, 8).


def test_two_tables_up_down():
    assert move(tables_of(2), [0, 1], style="up_down") == [
        (1, 3, 6, 8),  # head: its own winners (upper), winners of table 2 (lower)
        (2, 4, 5, 7),  # foot: losers of table 1 (upper), its own losers (lower)
    ]


def test_two_tables_winners_up():
    assert move(tables_of(2), [0, 1], style="winners_up") == [
        (1, 3, 6, 8),  # head: its winners, winners of table 2
        (5, 7, 2, 4),  # foot: its own losers (upper), the head table's losers (lower)
    ]


# Three tables; winners: T1 team 0 (1, 3), T2 team 1 (6, 8), T3 team 0 (9, 11).


def test_three_tables_up_down():
    assert move(tables_of(3), [0, 1, 0], style="up_down") == [
        (1, 3, 6, 8),  # W1 stay, W2 up
        (2, 4, 9, 11),  # L1 down, W3 up
        (5, 7, 10, 12),  # L2 down, L3 stay
    ]


def test_three_tables_winners_up():
    assert move(tables_of(3), [0, 1, 0], style="winners_up") == [
        (1, 3, 6, 8),  # W1 stay, W2 up
        (5, 7, 9, 11),  # L2 stay (upper), W3 up (lower)
        (10, 12, 2, 4),  # L3 stay (upper), head losers to the foot (lower)
    ]


def test_pairs_keep_previous_seat_order():
    # Team 1 wins at the head: winners are the players of seats 1 and 3, in that order.
    assert move([(10, 20, 30, 40), (50, 60, 70, 80)], [1, 1]) == [
        (20, 40, 60, 80),
        (10, 30, 50, 70),
    ]


# Ten tables, team 0 wins everywhere: W_t = (4t-3, 4t-1), L_t = (4t-2, 4t).

TEN_UP_DOWN = [
    (1, 3, 5, 7),
    (2, 4, 9, 11),
    (6, 8, 13, 15),
    (10, 12, 17, 19),
    (14, 16, 21, 23),
    (18, 20, 25, 27),
    (22, 24, 29, 31),
    (26, 28, 33, 35),
    (30, 32, 37, 39),
    (34, 36, 38, 40),
]

TEN_WINNERS_UP = [
    (1, 3, 5, 7),
    (6, 8, 9, 11),
    (10, 12, 13, 15),
    (14, 16, 17, 19),
    (18, 20, 21, 23),
    (22, 24, 25, 27),
    (26, 28, 29, 31),
    (30, 32, 33, 35),
    (34, 36, 37, 39),
    (38, 40, 2, 4),
]


def test_ten_tables_up_down():
    assert move(tables_of(10), [0] * 10, style="up_down") == TEN_UP_DOWN


def test_ten_tables_winners_up():
    assert move(tables_of(10), [0] * 10, style="winners_up") == TEN_WINNERS_UP


def test_default_style_is_up_down():
    assert move(tables_of(10), [0] * 10) == TEN_UP_DOWN


def destinations(tables, winners, style):
    """Where each player should go, stated player by player from the RULES.md sentences.

    Returns {player: (table index, seat)}; an independent restatement of move().
    """
    n = len(tables)
    where = {}
    for t, (table, winner) in enumerate(zip(tables, winners, strict=True)):
        won = [table[s] for s in (0, 2, 1, 3)[2 * winner : 2 * winner + 2]]
        lost = [table[s] for s in (0, 2, 1, 3)[2 - 2 * winner : 4 - 2 * winner]]
        if n == 1:
            win_to, lose_to = (0, 0), (0, 2)
        elif style == "up_down":
            win_to = (0, 0) if t == 0 else (t - 1, 2)  # up one, lower pair; head stays
            lose_to = (n - 1, 2) if t == n - 1 else (t + 1, 0)  # down one, upper; foot stays
        else:
            win_to = (0, 0) if t == 0 else (t - 1, 2)
            lose_to = (n - 1, 2) if t == 0 else (t, 0)  # losers stay; head losers to foot
        for k in range(2):
            where[won[k]] = (win_to[0], win_to[1] + k)
            where[lost[k]] = (lose_to[0], lose_to[1] + k)
    return where


@pytest.mark.parametrize("count", [1, 2, 3, 10])
@pytest.mark.parametrize("style", ["up_down", "winners_up"])
@pytest.mark.parametrize("pattern", [0, 1, 2])
def test_move_matches_player_by_player_statement(count, style, pattern):
    tables = [tuple(100 * t + s for s in range(4)) for t in range(1, count + 1)]
    winners = [(t * pattern + t // 3) % 2 for t in range(count)]
    grid = move(tables, winners, style=style)
    expected = destinations(tables, winners, style)
    for t, table in enumerate(grid):
        for seat, player in enumerate(table):
            assert expected[player] == (t, seat), (player, grid)


def test_move_rejects_undecided_table():
    with pytest.raises(SeatingProblem, match="Table 2 is tied: record the cut"):
        move(tables_of(2), [0, None])


@pytest.mark.parametrize(
    ("tables", "winners", "style"),
    [
        ([], [], "up_down"),
        (tables_of(2), [0], "up_down"),
        (tables_of(1), [2], "up_down"),
        ([(1, 2, 3)], [0], "up_down"),
        ([(1, 2, 3, None)], [0], "up_down"),
        ([(1, 2, 3, 4), (4, 5, 6, 7)], [0, 0], "up_down"),
        (tables_of(1), [0], "sideways"),
    ],
)
def test_move_rejects_inconsistent_input(tables, winners, style):
    with pytest.raises(ValueError):
        move(tables, winners, style=style)
