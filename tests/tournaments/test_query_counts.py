"""A page's query count does not grow with the party's tables or rounds.

Two parties: 2 tables with round 1 in play, and 10 tables with rounds 1 and 2
closed (every deal entered) and round 3 in play.  Posting a deal result,
opening the dashboard and computing the standings take the same number of
queries in both, and no more than the bounds below.
"""

from __future__ import annotations

import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tournaments import selectors, services
from tournaments.game.standings import table_round_winner
from tournaments.models import DealResult, Party, Round

from .builders import make_party, play_round

pytestmark = pytest.mark.django_db

# The bounds are what was measured, on SQLite and PostgreSQL alike: a new
# query in these paths should be a decision, not an accident.
#: Session, user, party, round; then the service in its transaction: round
#: lock, form token, seats, current result, version, the insert in its
#: savepoint, audit, round and party versions.  A saved result reads no table
#: sheet, and does not recompute the standings: the phones read the players'
#: page's own snapshot, and the host's pages compute them when next opened,
#: so the Save (timed by bench/party_night.py) does not wait for them.
MAX_POST_QUERIES = 14
#: Session, user, party; the party's history for the board, and again for
#: the standings when they are not cached.
MAX_DASHBOARD_QUERIES = 15
#: The six tables of ``party_history``; none at all once cached.
MAX_STANDINGS_QUERIES = 6


@pytest.fixture(autouse=True)
def cold_cache(settings):
    """An empty in-process cache of its own, whichever cache the run configures."""
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": "test-query-counts",
        }
    }
    from django.core.cache import cache

    cache.clear()


def close_with_cuts(rnd: Round, user) -> Round:
    """Close a round (all deals entered), recording a cut for every tied table."""
    for line in selectors.round_board(rnd.party, rnd.number).tables:
        if table_round_winner([d.score for d in line.deals]) is None:
            services.table_record_cut(round=rnd, table=line.number, team=0, user=user)
    return services.round_close(round=rnd, user=user)


def build(host, tables: int, rounds: int) -> tuple[Party, Round]:
    """A party of ``tables`` full tables whose rounds before ``rounds`` are
    closed with every deal entered; round ``rounds`` is open with no deal."""
    party = make_party(host, players=4 * tables)
    rng = random.Random(tables * 100 + rounds)
    rnd = services.round1_seat_draw(party=party, seed=tables, user=host)
    for _ in range(rounds - 1):
        play_round(party, rnd, host, rng)
        rnd = close_with_cuts(rnd, host)
    party.refresh_from_db()
    assert rnd.number == rounds and rnd.status == Round.Status.OPEN
    assert party.rounds.filter(status=Round.Status.CLOSED).count() == rounds - 1
    assert rnd.tables.count() == tables
    return party, rnd


@pytest.fixture
def small(host):
    return build(host, tables=2, rounds=1)


@pytest.fixture
def large(host):
    return build(host, tables=10, rounds=3)


def post_queries(client, party: Party, rnd: Round) -> int:
    url = reverse("host:table", args=[party.slug, rnd.number, 1])
    data = {"deal": 1, "bidder": 2, "bid": 9, "bidding_team_points": 11, "form_token": party.slug}
    with CaptureQueriesContext(connection) as queries:
        response = client.post(url, data)
    assert response.status_code == 302
    assert DealResult.objects.filter(round=rnd, table=1, deal=1, form_token=party.slug).exists()
    return len(queries)


def test_posting_a_result_takes_the_same_queries_for_any_party_size(client, host, small, large):
    client.force_login(host)
    few, many = post_queries(client, *small), post_queries(client, *large)
    assert few == many
    assert many <= MAX_POST_QUERIES


def dashboard_queries(client, party: Party) -> int:
    with CaptureQueriesContext(connection) as queries:
        response = client.get(reverse("host:dashboard", args=[party.slug]))
    assert response.status_code == 200
    return len(queries)


def test_dashboard_takes_the_same_queries_for_any_party_size(client, host, small, large):
    client.force_login(host)
    few, many = dashboard_queries(client, small[0]), dashboard_queries(client, large[0])
    assert few == many
    assert many <= MAX_DASHBOARD_QUERIES


def standings_queries(party: Party) -> tuple[int, int]:
    party = Party.objects.get(pk=party.pk)
    with CaptureQueriesContext(connection) as cold:
        table = selectors.party_standings(party)
    with CaptureQueriesContext(connection) as warm:
        assert selectors.party_standings(party) == table
    assert len(table.rows) == party.players.count()
    return len(cold), len(warm)


def test_standings_take_the_same_queries_for_any_party_size(small, large):
    few, many = standings_queries(small[0]), standings_queries(large[0])
    assert few == many
    cold, warm = many
    assert cold <= MAX_STANDINGS_QUERIES
    assert warm == 0


def test_a_table_sheet_is_its_line_of_the_round_board(large, host):
    """``table_sheet`` reads one table's rows; it must agree with the board."""
    party, rnd = large
    services.result_record(
        round=rnd,
        table=3,
        deal=1,
        entry=services.DealEntry(bidder=1, bid=7, bidding_team_points=4),
        user=host,
    )
    for number in (1, 2, 3):
        board = selectors.round_board(party, number)
        played = Round.objects.get(party=party, number=number)
        for line in board.tables:
            assert selectors.table_sheet(party, played, line.number) == line
        assert selectors.table_sheet(party, played, len(board.tables) + 1) is None
