"""Round 1 draw, seating checks, and the next round's seating in full (RULES.md section 6)."""

import random
from collections import Counter

import pytest

from tournaments.game.movement import (
    Seating,
    SeatingProblem,
    check_seating,
    move,
    seat_next_round,
    seeded_draw,
)

# --- seeded draw -------------------------------------------------------------


def test_seeded_draw_follows_random_shuffle_of_a_copy():
    registration = list(range(1, 12))
    order = list(registration)
    random.Random(2026).shuffle(order)
    seating = seeded_draw(registration, 2026)
    assert seating.tables == (tuple(order[0:4]), tuple(order[4:8]))
    assert set(seating.sitting_out) == set(order[8:])
    assert registration == list(range(1, 12))  # the caller's list is not shuffled


def test_seeded_draw_is_reproducible_and_seed_dependent():
    registration = [f"p{i}" for i in range(20)]
    assert seeded_draw(registration, 7) == seeded_draw(registration, 7)
    assert seeded_draw(registration, 7) != seeded_draw(registration, 8)


def test_seeded_draw_lists_sit_outs_in_registration_order():
    registration = list(range(7))
    seating = seeded_draw(registration, 3)
    assert len(seating.sitting_out) == 3
    assert list(seating.sitting_out) == sorted(seating.sitting_out)


@pytest.mark.parametrize("count", [4, 5, 6, 7, 8, 13, 40])
def test_seeded_draw_is_a_valid_round_1_seating(count):
    registration = list(range(100, 100 + count))
    seating = seeded_draw(registration, count)
    assert check_seating(seating, registration) == []
    assert len(seating.tables) == count // 4
    assert len(seating.sitting_out) == count % 4


def test_seeded_draw_needs_four_players():
    with pytest.raises(SeatingProblem, match="at least 4 players; only 3 are registered"):
        seeded_draw([1, 2, 3], 1)


def test_seeded_draw_rejects_repeated_registration():
    with pytest.raises(ValueError, match="more than once"):
        seeded_draw([1, 2, 3, 4, 4], 1)


# --- check_seating -----------------------------------------------------------

PLAYERS = list(range(1, 10))
NAMES = {1: "Ana", 2: "Bea", 3: "Cruz", 4: "Dee", 5: "Eli", 6: "Fay", 7: "Gus", 8: "Hal", 9: "Ivo"}


def test_valid_seating_has_no_errors():
    seating = Seating(tables=[(1, 2, 3, 4), (5, 6, 7, 8)], sitting_out=[9])
    assert check_seating(seating, PLAYERS) == []


def test_too_few_players():
    assert check_seating(Seating(tables=[]), [1, 2, 3]) == [
        "A party needs at least 4 players; only 3 are present."
    ]


def test_wrong_number_of_tables():
    seating = Seating(tables=[(1, 2, 3, 4)], sitting_out=[5, 6, 7, 8, 9])
    assert check_seating(seating, PLAYERS, names=NAMES) == [
        "9 players need exactly 2 tables of four; this seating has 1."
    ]


def test_player_placed_twice_and_absent_player_named_with_one_based_seats():
    seating = Seating(tables=[(1, 2, 3, 4), (5, 6, 7, 1)], sitting_out=[9])
    assert check_seating(seating, PLAYERS, names=NAMES) == [
        "Ana is placed more than once: table 1, seat 1; table 2, seat 4.",
        "Hal is present but neither seated nor sitting out.",
    ]


def test_seated_and_sitting_out():
    seating = Seating(tables=[(1, 2, 3, 4), (5, 6, 7, 8)], sitting_out=[8])
    assert check_seating(seating, PLAYERS, names=NAMES) == [
        "Hal is placed more than once: table 2, seat 4; sitting out.",
        "Ivo is present but neither seated nor sitting out.",
    ]


def test_player_not_present():
    seating = Seating(tables=[(1, 2, 3, 4), (5, 6, 7, 10)], sitting_out=[9])
    assert check_seating(seating, PLAYERS) == [
        "10 is not present but is placed: table 2, seat 4.",
        "8 is present but neither seated nor sitting out.",
    ]


def test_empty_seat_and_short_table():
    seating = Seating(tables=[(1, 2, 3, None), (5, 6, 7)], sitting_out=[9])
    errors = check_seating(seating, PLAYERS, names=NAMES)
    assert "Table 1, seat 4 is empty." in errors
    assert "Table 2 has 3 seats; every table seats exactly 4." in errors
    assert "Dee is present but neither seated nor sitting out." in errors
    assert "Hal is present but neither seated nor sitting out." in errors


def test_sit_outs_must_be_listed():
    seating = Seating(tables=[(1, 2, 3, 4), (5, 6, 7, 8)])
    assert check_seating(seating, PLAYERS) == ["9 is present but neither seated nor sitting out."]


def test_seating_accepts_lists_and_is_hashable():
    a = Seating(tables=[[1, 2, 3, 4]], sitting_out=[5])
    b = Seating(tables=((1, 2, 3, 4),), sitting_out=(5,))
    assert a == b and hash(a) == hash(b)
    assert a.players() == [1, 2, 3, 4, 5]
    assert a.place_of() == {1: (1, 0), 2: (1, 1), 3: (1, 2), 4: (1, 3), 5: None}


# --- seat_next_round: worked examples -----------------------------------------


def next_round(played, winners, present, counts=None, style="up_down", registration=None):
    return seat_next_round(
        played,
        winners,
        style=style,
        present=present,
        sitouts_so_far=counts or {},
        registration=registration or sorted(present | set(played.players())),
    )


def test_five_players_the_sit_out_returns_to_the_seat_of_the_next_sit_out():
    # Round 1: table (1 2 3 4), 5 sits out; team 0 (1, 3) wins. Movement: (1 3 2 4).
    # Everyone has 0 sit-outs except 5, who may not be chosen: 1 (earliest) sits out
    # and 5 takes seat 0.
    round1 = Seating(tables=[(1, 2, 3, 4)], sitting_out=[5])
    round2 = next_round(round1, [0], {1, 2, 3, 4, 5}, {5: 1})
    assert round2 == Seating(tables=[(5, 3, 2, 4)], sitting_out=[1])
    # Round 2: team 1 (3, 4) wins. Movement: (3 4 5 2). 5 and 1 have sat out once;
    # among 3, 4, 5, 2 the fewest sit-outs then earliest registration is 2 (seat 3).
    round3 = next_round(round2, [1], {1, 2, 3, 4, 5}, {5: 1, 1: 1})
    assert round3 == Seating(tables=[(3, 4, 5, 1)], sitting_out=[2])


def test_two_tables_and_three_sit_outs_fill_in_table_seat_order_by_registration():
    # 11 players, sit-outs 9 10 11. Movement (up_down, team 0 wins both):
    # T1 (1 3 5 7), T2 (2 4 6 8). Chosen (all 0 sit-outs): 1 2 3. Their seats
    # (T1 s0, T1 s1, T2 s0) go to 9, 10, 11 in registration order.
    round1 = Seating(tables=[(1, 2, 3, 4), (5, 6, 7, 8)], sitting_out=[9, 10, 11])
    counts = {9: 1, 10: 1, 11: 1}
    round2 = next_round(round1, [0, 0], set(range(1, 12)), counts)
    assert round2 == Seating(tables=[(9, 10, 5, 7), (11, 4, 6, 8)], sitting_out=[1, 2, 3])


def test_fewest_sit_outs_beats_registration():
    round1 = Seating(tables=[(1, 2, 3, 4)], sitting_out=[5])
    round2 = next_round(round1, [0], {1, 2, 3, 4, 5}, {1: 3, 2: 1, 3: 2, 4: 1, 5: 1})
    # Movement (1 3 2 4); fewest sit-outs among 1, 3, 2, 4: 2 and 4, earliest 2.
    assert round2 == Seating(tables=[(1, 3, 5, 4)], sitting_out=[2])


def test_departure_shrinks_table_count_and_foot_players_wait():
    # 8 players at two tables; 8 leaves: P = 7, one table, three sit out.
    # Movement: T1 (1 3 5 7), T2 (2 4 6 8 -> gone). T2 is removed: 2, 4, 6 wait.
    # Sit out: fewest sit-outs, earliest registration among 1 3 5 7: 1, 3, 5.
    # Their seats go to 2, 4, 6 in registration order.
    round1 = Seating(tables=[(1, 2, 3, 4), (5, 6, 7, 8)])
    round2 = next_round(round1, [0, 0], set(range(1, 8)), registration=list(range(1, 9)))
    assert round2 == Seating(tables=[(2, 4, 6, 7)], sitting_out=[1, 3, 5])
    assert check_seating(round2, range(1, 8)) == []


def test_departure_leaves_an_empty_seat_for_a_sit_out():
    # 9 players, one leaves: P = 8, two tables, nobody sits out. The sit-out (9)
    # takes the departed player's seat.
    round1 = Seating(tables=[(1, 2, 3, 4), (5, 6, 7, 8)], sitting_out=[9])
    present = set(range(1, 10)) - {6}
    round2 = next_round(round1, [0, 1], present, {9: 1}, registration=list(range(1, 10)))
    # Movement: T1 (1 3 6 8), T2 (2 4 5 7); 6 gone -> 9 takes T1 seat 2.
    assert round2 == Seating(tables=[(1, 3, 9, 8), (2, 4, 5, 7)])


def test_arrival_grows_table_count_with_an_empty_table_at_the_foot():
    # 7 players (1 table, 5 6 7 out) and 8 arrives: P = 8, two tables, no sit-out.
    round1 = Seating(tables=[(1, 2, 3, 4)], sitting_out=[5, 6, 7])
    round2 = next_round(round1, [0], set(range(1, 9)), {5: 1, 6: 1, 7: 1})
    assert round2 == Seating(tables=[(1, 3, 2, 4), (5, 6, 7, 8)])


def test_arrivals_and_a_sit_out_together():
    # 9 players, 3 arrive: P = 12, three tables. The new foot table is empty;
    # waiting 9, 10, 11, 12 fill it in registration order.
    round1 = Seating(tables=[(1, 2, 3, 4), (5, 6, 7, 8)], sitting_out=[9])
    round2 = next_round(round1, [1, 0], set(range(1, 13)), {9: 1})
    assert round2 == Seating(tables=[(2, 4, 5, 7), (1, 3, 6, 8), (9, 10, 11, 12)])


def test_arrival_is_seated_after_earlier_registered_waiting_players():
    # 6 players, 2 out; 7 arrives: P = 7, one table, three sit out: 1, 2, 3
    # (chosen from the grid). Waiting 5, 6, 7 take their seats by registration.
    round1 = Seating(tables=[(1, 2, 3, 4)], sitting_out=[5, 6])
    round2 = next_round(round1, [0], set(range(1, 8)), {5: 1, 6: 1})
    # Movement (1 3 2 4) -> seats of 1, 3, 2 (seats 0, 1, 2) empty.
    assert round2 == Seating(tables=[(5, 6, 7, 4)], sitting_out=[1, 2, 3])


def test_sit_out_who_leaves_is_simply_gone():
    round1 = Seating(tables=[(1, 2, 3, 4)], sitting_out=[5])
    round2 = next_round(round1, [0], {1, 2, 3, 4}, {5: 1}, registration=[1, 2, 3, 4, 5])
    assert round2 == Seating(tables=[(1, 3, 2, 4)])


def test_grid_holding_fewer_players_than_sit_outs():
    # 12 players at three tables; eight leave, three arrive: P = 7, S = 3.
    # Movement: T1 (1 3 5 7) all gone; T2 (2 4 9 11) all gone; T3 (6 8 10 12) removed.
    # The grid is empty, so the sit-outs come from the waiting players, players of
    # removed tables first (they played this round): 6, 8, 10. 12, 13, 14, 15 play.
    round1 = Seating(tables=[(1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11, 12)])
    present = {6, 8, 10, 12, 13, 14, 15}
    round2 = next_round(round1, [0, 0, 0], present, registration=list(range(1, 16)))
    assert round2 == Seating(tables=[(12, 13, 14, 15)], sitting_out=[6, 8, 10])


def test_next_round_needs_four_players():
    round1 = Seating(tables=[(1, 2, 3, 4)])
    with pytest.raises(SeatingProblem, match="only 3 are present for the next round"):
        next_round(round1, [0], {1, 2, 3}, registration=[1, 2, 3, 4])


def test_next_round_needs_recorded_cut():
    with pytest.raises(SeatingProblem, match="Table 1 is tied"):
        next_round(Seating(tables=[(1, 2, 3, 4)]), [None], {1, 2, 3, 4})


def test_present_player_must_be_registered():
    with pytest.raises(ValueError, match="missing from the registration order"):
        next_round(Seating(tables=[(1, 2, 3, 4)]), [0], {1, 2, 3, 4, 5}, registration=[1, 2, 3, 4])


@pytest.mark.parametrize("style", ["up_down", "winners_up"])
@pytest.mark.parametrize("players", [4, 5, 6, 7, 8, 9, 10, 11, 23, 42])
def test_reduction_sit_outs_return_to_seats_of_next_sit_outs(style, players):
    """RULES.md: with no arrivals or departures, the sit-outs of this round return to
    the seats of the players chosen to sit out next (in (table, seat) order, by
    registration), and everyone else keeps the seat movement gave them."""
    registration = list(range(1, players + 1))
    seating = seeded_draw(registration, players)
    counts = Counter(seating.sitting_out)
    rng = random.Random(players)
    for _ in range(12):
        winners = [rng.randrange(2) for _ in seating.tables]
        grid = move(seating.tables, winners, style=style)
        following = seat_next_round(
            seating,
            winners,
            style=style,
            present=registration,
            sitouts_so_far=counts,
            registration=registration,
        )
        chosen = set(following.sitting_out)
        returning = iter(sorted(seating.sitting_out))
        expected = [tuple(next(returning) if p in chosen else p for p in table) for table in grid]
        assert list(following.tables) == expected
        assert len(chosen) == players % 4
        assert not chosen & set(seating.sitting_out)
        seating = following
        counts.update(seating.sitting_out)


@pytest.mark.parametrize("players", [5, 6, 7, 9, 10, 11, 13, 14, 15, 31])
@pytest.mark.parametrize("style", ["up_down", "winners_up"])
def test_sit_outs_are_shared_fairly_over_many_rounds(players, style):
    """Fewest sit-outs first: nobody sits out twice before everyone has sat out
    once, sit-out counts never differ by more than one, never two rounds running."""
    registration = list(range(1, players + 1))
    seating = seeded_draw(registration, 11 * players)
    counts = Counter(seating.sitting_out)
    rng = random.Random(players)
    for _ in range(3 * players):
        winners = [rng.randrange(2) for _ in seating.tables]
        following = seat_next_round(
            seating,
            winners,
            style=style,
            present=registration,
            sitouts_so_far=counts,
            registration=registration,
        )
        assert not set(following.sitting_out) & set(seating.sitting_out)
        seating = following
        counts.update(seating.sitting_out)
        tally = [counts[p] for p in registration]
        assert max(tally) - min(tally) <= 1, tally
        if min(tally) == 0:
            assert max(tally) <= 1


def test_every_player_sits_out_once_before_anyone_twice_five_players():
    registration = [1, 2, 3, 4, 5]
    seating = Seating(tables=[(1, 2, 3, 4)], sitting_out=[5])
    order = [5]
    counts = Counter([5])
    for _ in range(4):
        seating = next_round(seating, [0], set(registration), counts)
        counts.update(seating.sitting_out)
        order += seating.sitting_out
    assert sorted(order) == registration
