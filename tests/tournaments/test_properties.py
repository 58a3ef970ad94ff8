"""Property tests: random parties, random results, several rounds; the invariants hold."""

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.game.movement import (
    TEAM_SEATS,
    Seating,
    check_seating,
    move,
    seat_next_round,
    seeded_draw,
)
from tournaments.game.standings import (
    RoundResult,
    TableResult,
    compute_standings,
    sitout_credit,
    table_round_winner,
)

styles = st.sampled_from(["up_down", "winners_up"])
# Per test, not a global profile: other suites keep their own settings.
party_settings = settings(deadline=None, max_examples=150)


def partner_of(tables):
    partners = {}
    for table in tables:
        for a, b in TEAM_SEATS:
            partners[table[a]], partners[table[b]] = table[b], table[a]
    return partners


def table_of(tables):
    return {player: t for t, table in enumerate(tables) for player in table}


@party_settings
@given(
    count=st.integers(min_value=1, max_value=14),
    style=styles,
    data=st.data(),
)
def test_movement_invariants(count, style, data):
    tables = [tuple(range(4 * t, 4 * t + 4)) for t in range(count)]
    winners = data.draw(st.lists(st.integers(0, 1), min_size=count, max_size=count))
    grid = move(tables, winners, style=style)

    # Everyone is seated exactly once, at as many tables.
    assert len(grid) == count
    assert sorted(p for table in grid for p in table) == list(range(4 * count))

    # Partners always change.
    before, after = partner_of(tables), partner_of(grid)
    assert all(before[p] != after[p] for p in before)

    # Winners move up one (head stays); losers down one (up_down: foot stays;
    # winners_up: stay, head losers to the foot).
    was, now = table_of(tables), table_of(grid)
    for t, (table, winner) in enumerate(zip(tables, winners, strict=True)):
        for seat, player in enumerate(table):
            won = seat % 2 == winner
            if won:
                assert now[player] == max(t - 1, 0)
            elif style == "up_down" or count == 1:
                assert now[player] == min(t + 1, count - 1)
            else:
                assert now[player] == (count - 1 if t == 0 else t)
            assert was[player] == t

    # Each new table: seats 0, 1 the upper pair (old partners), seats 2, 3 the lower.
    for table in grid:
        assert before[table[0]] == table[1]
        assert before[table[2]] == table[3]


@party_settings
@given(
    players=st.integers(min_value=4, max_value=45),
    seed=st.integers(min_value=0, max_value=10**6),
    style=styles,
    data=st.data(),
)
def test_rounds_without_arrivals_or_departures(players, seed, style, data):
    registration = list(range(1, players + 1))
    seating = seeded_draw(registration, seed)
    counts = Counter(seating.sitting_out)
    rounds = data.draw(st.integers(min_value=1, max_value=8))
    for _ in range(rounds):
        assert check_seating(seating, registration) == []
        count = len(seating.tables)
        winners = data.draw(st.lists(st.integers(0, 1), min_size=count, max_size=count))
        following = seat_next_round(
            seating,
            winners,
            style=style,
            present=registration,
            sitouts_so_far=counts,
            registration=registration,
        )
        assert len(following.tables) == players // 4
        assert len(following.sitting_out) == players % 4
        # Nobody sits out two rounds running; partners change for whoever played twice.
        assert not set(following.sitting_out) & set(seating.sitting_out)
        before, after = partner_of(seating.tables), partner_of(following.tables)
        assert all(before[p] != after[p] for p in set(before) & set(after))
        # The reduction sentence of RULES.md section 6.
        chosen = set(following.sitting_out)
        returning = iter(sorted(seating.sitting_out))
        grid = move(seating.tables, winners, style=style)
        assert list(following.tables) == [
            tuple(next(returning) if p in chosen else p for p in table) for table in grid
        ]
        seating = following
        counts.update(seating.sitting_out)
        tally = [counts[p] for p in registration]
        assert max(tally) - min(tally) <= 1


@party_settings
@given(
    seed=st.integers(min_value=0, max_value=10**6),
    style=styles,
    data=st.data(),
)
def test_rounds_with_arrivals_and_departures(seed, style, data):
    pool = list(range(1, 61))  # registration order: by id
    first = data.draw(st.integers(min_value=4, max_value=30))
    present = pool[:first]
    unregistered = pool[first:]
    seating = seeded_draw(present, seed)
    counts = Counter(seating.sitting_out)
    for _ in range(data.draw(st.integers(min_value=1, max_value=6))):
        assert check_seating(seating, present) == []
        count = len(seating.tables)
        winners = data.draw(st.lists(st.integers(0, 1), min_size=count, max_size=count))
        leaving = data.draw(st.sets(st.sampled_from(present), max_size=len(present) - 1))
        arriving = unregistered[: data.draw(st.integers(0, min(len(unregistered), 9)))]
        unregistered = unregistered[len(arriving) :]
        nxt = [p for p in present if p not in leaving] + arriving
        if len(nxt) < 4:
            nxt = present + arriving
        following = seat_next_round(
            seating,
            winners,
            style=style,
            present=nxt,
            sitouts_so_far=counts,
            registration=pool,
        )
        assert check_seating(following, nxt) == []
        table_count, out = len(nxt) // 4, len(nxt) % 4
        assert len(following.tables) == table_count

        # Players left in the grid keep the seat movement gave them unless chosen to sit out.
        grid = [
            [p if p in set(nxt) else None for p in table]
            for table in move(seating.tables, winners, style=style)[:table_count]
        ]
        in_grid = [p for table in grid for p in table if p is not None]
        for t, table in enumerate(grid):
            for s, player in enumerate(table):
                if player is not None and player not in following.sitting_out:
                    assert following.tables[t][s] == player

        # Sit-outs: fewest sit-outs so far, then earliest registration, from the grid.
        if len(in_grid) >= out:
            expected = sorted(in_grid, key=lambda p: (counts[p], p))[:out]
            assert sorted(following.sitting_out) == sorted(expected)

        # Everyone else takes the empty seats in (table, seat) order by registration.
        fillers = [
            following.tables[t][s]
            for t in range(table_count)
            for s in range(4)
            if t >= len(grid) or grid[t][s] is None or grid[t][s] in following.sitting_out
        ]
        assert fillers == sorted(fillers)

        present, seating = nxt, following
        counts.update(seating.sitting_out)


deal = st.tuples(st.integers(-32, 32), st.integers(-32, 32))


@party_settings
@given(st.lists(deal, min_size=1, max_size=4), st.sampled_from([None, 0, 1]))
def test_round_winner_is_symmetric_between_teams(deals, cut):
    winner = table_round_winner(deals, cut)
    swapped = table_round_winner([(b, a) for a, b in deals], None if cut is None else 1 - cut)
    assert swapped == (None if winner is None else 1 - winner)
    sums = (sum(a for a, _ in deals), sum(b for _, b in deals))
    if sums[0] != sums[1]:
        assert winner == (0 if sums[0] > sums[1] else 1)
    elif all(a == b for a, b in deals):
        assert winner == cut


@party_settings
@given(st.lists(st.integers(-200, 200), min_size=1, max_size=60))
def test_sitout_credit_is_mean_rounded_half_up(scores):
    credit = sitout_credit(scores)
    # floor(sum/n + 1/2) = floor((2 * sum + n) / (2 * n)), in exact integers.
    assert credit == (2 * sum(scores) + len(scores)) // (2 * len(scores))
    assert min(scores) <= credit <= max(scores)


@party_settings
@given(
    players=st.integers(min_value=4, max_value=23),
    seed=st.integers(min_value=0, max_value=10**6),
    data=st.data(),
)
def test_standings_ranks_are_consistent(players, seed, data):
    registration = list(range(players, 0, -1))  # registration order is not id order
    seating = seeded_draw(registration, seed)
    counts = Counter(seating.sitting_out)
    results = []
    for _ in range(data.draw(st.integers(min_value=1, max_value=5))):
        tables = []
        for table in seating.tables:
            deals = data.draw(
                st.lists(st.tuples(st.integers(-2, 2), st.integers(-2, 2)), min_size=1, max_size=4)
            )
            winner = table_round_winner(deals, data.draw(st.integers(0, 1)))
            tables.append(TableResult(table, deals, winner))
        results.append(RoundResult(tables, seating.sitting_out))
        seating = seat_next_round(
            seating,
            [t.winner for t in tables],
            present=registration,
            sitouts_so_far=counts,
            registration=registration,
        )
        counts.update(seating.sitting_out)
    rows = compute_standings(results, registration=registration)
    assert sorted(row.player for row in rows) == sorted(registration)
    position = {p: i for i, p in enumerate(registration)}
    for i, row in enumerate(rows):
        better = [r for r in rows if (r.score, r.rounds_won) > (row.score, row.rounds_won)]
        assert row.rank == 1 + len(better)
        if i:
            prev = rows[i - 1]
            assert (prev.score, prev.rounds_won) >= (row.score, row.rounds_won)
            if (prev.score, prev.rounds_won) == (row.score, row.rounds_won):
                assert position[prev.player] < position[row.player]
    assert sum(row.sitouts for row in rows) == sum(len(r.sitting_out) for r in results)
    assert sum(row.rounds_won for row in rows) == 2 * sum(len(r.tables) for r in results)


def test_seating_values_are_plain():
    seating = Seating(tables=[[1, 2, 3, 4]])
    assert seating.tables == ((1, 2, 3, 4),)
