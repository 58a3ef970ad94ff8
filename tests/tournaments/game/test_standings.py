"""Round winners, sit-out credit, scores and standings (RULES.md section 6)."""

import pytest

from tournaments.game.movement import SeatingProblem
from tournaments.game.standings import (
    RoundResult,
    StandingRow,
    TableResult,
    compute_standings,
    needs_cut,
    round_scores,
    sitout_credit,
    table_round_winner,
)

# --- round winner at a table: every tie-break path ----------------------------


def test_higher_sum_wins():
    assert table_round_winner([(10, 6), (-8, 7), (9, 7), (6, 10)]) == 1  # 17 v 30
    assert table_round_winner([(16, 0), (-8, 7), (9, 7), (6, 10)]) == 1  # 23 v 24
    assert table_round_winner([(16, 0), (-6, 7), (9, 7), (6, 10)]) == 0  # 25 v 24


def test_sum_beats_latest_deal():
    # Team 1 wins the last deal but team 0 has the higher sum.
    assert table_round_winner([(32, -32), (0, 16)]) == 0


def test_tied_sum_latest_differing_deal_decides():
    # Sums 20 v 20; the last deal favours team 1.
    assert table_round_winner([(10, 6), (10, 6), (0, 8)]) == 1
    # Sums 16 v 16; last deal level 8-8, the deal before favours team 0.
    assert table_round_winner([(0, 16), (8, -8), (8, 8)]) == 0


def test_latest_differing_deal_beats_a_cut():
    assert table_round_winner([(10, 6), (6, 10)], cut=0) == 1
    assert not needs_cut([(10, 6), (6, 10)])


def test_still_tied_needs_a_cut():
    assert table_round_winner([(8, 8), (8, 8)]) is None
    assert needs_cut([(8, 8), (8, 8)])


@pytest.mark.parametrize("cut", [0, 1])
def test_still_tied_the_recorded_cut_decides(cut):
    assert table_round_winner([(8, 8), (8, 8), (8, 8), (8, 8)], cut=cut) == cut


def test_time_called_decides_on_the_deals_played():
    # Only two of four deals played; the winner is decided on those two.
    assert table_round_winner([(7, 9), (10, 6)]) == 0
    assert table_round_winner([(7, 9)]) == 1
    assert table_round_winner([(8, 8)], cut=1) == 1


def test_needs_at_least_one_deal():
    with pytest.raises(SeatingProblem, match="at least one deal"):
        table_round_winner([])
    with pytest.raises(SeatingProblem):
        needs_cut([])


@pytest.mark.parametrize("cut", [2, -1, "0"])
def test_cut_names_a_team(cut):
    with pytest.raises(ValueError):
        table_round_winner([(8, 8)], cut=cut)


def test_deal_score_must_be_two_whole_numbers():
    with pytest.raises(ValueError, match="deal 2"):
        table_round_winner([(8, 8), (8, 8, 0)])


# --- sit-out credit ----------------------------------------------------------


@pytest.mark.parametrize(
    ("scores", "credit"),
    [
        ([8, 8, 7, 7], 8),  # mean 7.5 -> 8
        ([-2, -2, -3, -3], -2),  # mean -2.5 -> floor(-2.0) = -2
        ([-3, -3, -2, -2, -3, -3, -2, -2], -2),
        ([10, 10, 6, 6, 10, 10, 6, 5], 8),  # mean 7.875 -> 8
        ([10, 10, 6, 6, 10, 10, 5, 5], 8),  # mean 7.75 -> 8
        ([7, 7, 7, 8], 7),  # mean 7.25 -> 7
        ([1, 1, 1, 1, 1, 1, 1, 0], 1),  # 0.875
        ([0, 0, 0, 1], 0),  # 0.25
        ([-7, -7, -8, -8], -7),  # -7.5 -> -7
        ([-26, 30, -26, 30], 2),
    ],
)
def test_average_credit_is_floor_of_mean_plus_half(scores, credit):
    assert sitout_credit(scores) == credit


def test_average_credit_is_exact_for_thirds():
    # 1/3 and 2/3 must not be disturbed by floating point.
    assert sitout_credit([1, 0, 0]) == 0
    assert sitout_credit([1, 1, 0]) == 1
    assert sitout_credit([3, 2] * 6) == 3  # 2.5 exactly


def test_zero_credit():
    assert sitout_credit([40, 40, 40, 40], option="zero") == 0


def test_credit_rejects_unknown_option_and_empty_rounds():
    with pytest.raises(ValueError, match="unknown sit-out credit option"):
        sitout_credit([1, 2], option="median")
    with pytest.raises(ValueError):
        sitout_credit([])


# --- scores and standings ----------------------------------------------------


def test_round_scores_give_each_player_their_team_sum():
    table = TableResult(seats=(1, 2, 3, 4), deal_scores=[(10, 6), (-7, 9)], winner=1)
    assert round_scores(RoundResult(tables=[table])) == {1: 3, 2: 15, 3: 3, 4: 15}


def test_two_rounds_worked_by_hand():
    registration = [1, 2, 3, 4, 5, 6]
    rounds = [
        # Team 0 (1, 3): 17, team 1 (2, 4): 30 -> team 1 wins. Credit: mean 23.5 -> 24.
        RoundResult(
            tables=[TableResult((1, 2, 3, 4), [(10, 6), (9, 7), (-8, 7), (6, 10)], winner=1)],
            sitting_out=[5, 6],
        ),
        # Time called after two deals. Team 0 (5, 6): 23, team 1 (2, 1): 9 -> team 0.
        # Credit: mean 16.
        RoundResult(
            tables=[TableResult((5, 2, 6, 1), [(7, 9), (16, 0)], winner=0)],
            sitting_out=[3, 4],
        ),
    ]
    assert compute_standings(rounds, registration=registration) == [
        StandingRow(rank=1, player=5, score=47, rounds_won=1, sitouts=1),
        StandingRow(rank=1, player=6, score=47, rounds_won=1, sitouts=1),
        StandingRow(rank=3, player=4, score=46, rounds_won=1, sitouts=1),
        StandingRow(rank=4, player=2, score=39, rounds_won=1, sitouts=0),
        StandingRow(rank=5, player=3, score=33, rounds_won=0, sitouts=1),
        StandingRow(rank=6, player=1, score=26, rounds_won=0, sitouts=0),
    ]


def test_zero_credit_option():
    rounds = [
        RoundResult(
            tables=[TableResult((1, 2, 3, 4), [(10, 6)], winner=0)],
            sitting_out=[5],
        )
    ]
    rows = compute_standings(rounds, registration=[1, 2, 3, 4, 5], option="zero")
    assert {row.player: row.score for row in rows} == {1: 10, 2: 6, 3: 10, 4: 6, 5: 0}


def test_rounds_won_breaks_equal_scores_and_shared_ranks_skip():
    # Everyone ends on 20 points; rounds won separate them; equal on both share.
    registration = ["d", "c", "b", "a"]  # registration order is not alphabetical
    rounds = [
        RoundResult(tables=[TableResult(("a", "b", "c", "d"), [(10, 10)], winner=0)]),
        RoundResult(tables=[TableResult(("a", "c", "b", "d"), [(10, 10)], winner=0)]),
    ]
    # a: won 2; b: won 1 (round 2 partner of a); c: won 1 (round 1); d: won 0.
    rows = compute_standings(rounds, registration=registration)
    assert [(r.rank, r.player, r.score, r.rounds_won) for r in rows] == [
        (1, "a", 20, 2),
        (2, "c", 20, 1),  # c before b: registration order among equals
        (2, "b", 20, 1),
        (4, "d", 20, 0),
    ]


def test_everybody_registered_has_a_row_and_departed_players_keep_their_score():
    registration = [1, 2, 3, 4, 5, 6]
    rounds = [
        RoundResult(tables=[TableResult((1, 2, 3, 4), [(-8, 10)], winner=1)], sitting_out=[5]),
        # 1 has left; 6 arrived.
        RoundResult(tables=[TableResult((2, 3, 5, 6), [(4, 12)], winner=1)], sitting_out=[4]),
    ]
    rows = {row.player: row for row in compute_standings(rounds, registration=registration)}
    assert rows[1].score == -8  # kept after leaving
    assert rows[4].score == 10 + 8  # round 2 credit: mean of 4, 12, 4, 12
    assert rows[5].score == 1 + 4  # round 1 credit: mean of -8, 10, -8, 10 = 1
    assert rows[6].score == 12 and rows[6].sitouts == 0


def test_no_rounds_everyone_shares_first_place():
    rows = compute_standings([], registration=[3, 1, 2])
    assert [(r.rank, r.player, r.score) for r in rows] == [(1, 3, 0), (1, 1, 0), (1, 2, 0)]


def test_open_table_counts_its_deals_but_no_round_won():
    rounds = [RoundResult(tables=[TableResult((1, 2, 3, 4), [(10, 6)])])]
    rows = compute_standings(rounds, registration=[1, 2, 3, 4])
    assert [(r.player, r.score, r.rounds_won) for r in rows] == [
        (1, 10, 0),
        (3, 10, 0),
        (2, 6, 0),
        (4, 6, 0),
    ]


def test_standings_reject_inconsistent_rounds():
    with pytest.raises(ValueError, match="not in the registration order"):
        compute_standings(
            [RoundResult(tables=[TableResult((1, 2, 3, 9), [(8, 8)], winner=0)])],
            registration=[1, 2, 3, 4],
        )
    with pytest.raises(ValueError, match="both played and sat out"):
        compute_standings(
            [RoundResult(tables=[TableResult((1, 2, 3, 4), [(8, 8)], 0)], sitting_out=[4])],
            registration=[1, 2, 3, 4],
        )
    with pytest.raises(ValueError, match="seated twice"):
        round_scores(RoundResult(tables=[TableResult((1, 2, 3, 1), [(8, 8)], winner=0)]))
    with pytest.raises(ValueError):
        TableResult((1, 2, 3, 4), [(8, 8)], winner=2)
