"""Benchmark: a club's season table, warm (target p95 <= 50 ms) and cold, and
the season page's "nothing changed" poll (target: no database query).

Builds, in a throwaway database, a club of 60 members and a season of 24
parties, each of 10 tables (40 of the members, drawn at random) and 10
rounds, every round closed with its 4 deals entered.  The rows are
bulk-created, with seatings from the real movement code and scores from the
real ruleset; the standings are the real computation
(``selectors.party_standings`` for each party, ``tournaments.game.season_table`` for
the season).  Then:

* warm: ``club_selectors.season_table`` called 200 times with its cache filled
  (what an organiser's page or an export pays: one query for the version);
* cold: 20 calls, each after the cache and this process's memos were
  emptied, so every party's standings are computed again;
* the public season page's standings fragment asked with the ETag of the
  version the phone holds, through Django's test client: its database
  queries are counted (must be 0) and its time measured.

Exits 1 when a target is missed.

    python bench/season_standings.py                   # SQLite, a temporary file
    DATABASE_URL=postgres://... python bench/season_standings.py
        # PostgreSQL: creates and drops the database bench_post_<pid> there
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from post_result import night_played, percentile, random_deal, run_on_throwaway_database  # noqa: E402

MEMBERS = 60
PARTIES = 24
TABLES = 10
ROUNDS = 10
WARM_CALLS = 200
COLD_CALLS = 20
POLLS = 200
TARGET_WARM_P95_MS = 50.0


def build_season():
    """The season, its 24 parties played in full; rows bulk-created."""
    import datetime

    from django.contrib.auth import get_user_model

    from tournaments import services
    from tournaments.clubs.services import seasons as season_services
    from tournaments.models import Club, ClubRole, Member, Party

    host = get_user_model().objects.create_user(username="bench-host", password="bench-pw-1")
    club = Club.objects.create(name="Bench club", slug="bench-club", created_by=host)
    ClubRole.objects.create(club=club, user=host, role="organiser")
    season = season_services.season_create(club=club, name="Bench season", best_of=20, user=host)
    members = Member.objects.bulk_create(
        Member(club=club, name=f"Member {i:02d}") for i in range(1, MEMBERS + 1)
    )
    rng = random.Random(2026)

    deal = random_deal(rng)

    for night in range(PARTIES):
        party = services.party_create(
            owner=host,
            name=f"Night {night + 1}",
            date=datetime.date(2026, 1, 1) + datetime.timedelta(days=7 * night),
            settings=services.PartySettings(planned_rounds=ROUNDS),
        )
        here = rng.sample(members, 4 * TABLES)
        night_played(
            party, [(m.name, m) for m in here], rounds=ROUNDS, seed=night, host=host, deal=deal
        )
        Party.objects.filter(pk=party.pk).update(
            status=Party.Status.FINISHED, version=ROUNDS + 1, club=club
        )
        season_services.season_party_add(season=season, party=party, user=host)
    season.refresh_from_db()
    return season


def timed_ms(call) -> float:
    start = time.perf_counter()
    call()
    return (time.perf_counter() - start) * 1000


def figures(values: list[float]) -> str:
    return (
        f"p50 {statistics.median(values):.2f} ms, p95 {percentile(values, 0.95):.2f} ms, "
        f"max {max(values):.2f} ms"
    )


class QueryCount:
    """Counts the queries run through the connection while installed
    (``connection.execute_wrapper``), whoever runs them."""

    def __init__(self) -> None:
        self.queries = 0

    def __call__(self, execute, sql, params, many, context):
        self.queries += 1
        return execute(sql, params, many, context)


def run(engine: str) -> None:
    from django.core.cache import cache
    from django.db import connection
    from django.test import Client
    from django.urls import reverse

    from tournaments.clubs import selectors as club_selectors
    from tournaments.clubs.selectors import seasons as season_selectors
    from tournaments.selectors import public as public_selectors

    started = time.perf_counter()
    season = build_season()
    built = time.perf_counter() - started

    table = club_selectors.season_table(season)
    if len(table.rows) != MEMBERS or len(table.parties) != PARTIES:
        sys.exit(f"the season has {len(table.rows)} lines and {len(table.parties)} parties")
    warm_queries = QueryCount()
    with connection.execute_wrapper(warm_queries):
        warm = [timed_ms(lambda: club_selectors.season_table(season)) for _ in range(WARM_CALLS)]

    def cold_call() -> None:
        cache.clear()
        season_selectors.forget_local()
        public_selectors.forget_local()
        club_selectors.season_table(season)

    cold_queries = QueryCount()
    with connection.execute_wrapper(cold_queries):
        cold_call()
    cold = [timed_ms(cold_call) for _ in range(COLD_CALLS)]

    client = Client()
    url = reverse("season_public:page", args=[season.public_token])
    first = client.get(url, HTTP_HX_REQUEST="true")
    if first.status_code != 200:
        sys.exit(f"the season page answered {first.status_code}")
    tag = first["ETag"]
    polls = []
    poll_queries = QueryCount()
    with connection.execute_wrapper(poll_queries):
        for _ in range(POLLS):
            start = time.perf_counter()
            response = client.get(url, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=tag)
            polls.append((time.perf_counter() - start) * 1000)
            if response.status_code != 304:
                sys.exit(f"an unchanged poll answered {response.status_code}")

    warm_p95 = percentile(warm, 0.95)
    print(
        f"season standings: {MEMBERS} members, {PARTIES} parties of {TABLES} tables and "
        f"{ROUNDS} rounds ({engine}; built in {built:.1f} s)"
    )
    print(
        f"  warm season_table ({WARM_CALLS} calls, {warm_queries.queries / WARM_CALLS:.0f} "
        f"query each): {figures(warm)}"
    )
    print(
        f"  cold season_table ({COLD_CALLS} calls, caches emptied, "
        f"{cold_queries.queries} queries each): {figures(cold)}"
    )
    print(
        f"  unchanged poll, 304 ({POLLS} requests through the test client): {figures(polls)}, "
        f"{poll_queries.queries} database queries in all"
    )
    missed = []
    if warm_p95 > TARGET_WARM_P95_MS:
        missed.append(f"warm p95 {warm_p95:.2f} ms > {TARGET_WARM_P95_MS:.0f} ms")
    if poll_queries.queries:
        missed.append(f"the unchanged poll made {poll_queries.queries} queries")
    if missed:
        print("  BELOW TARGET: " + "; ".join(missed))
        sys.exit(1)
    print(f"  targets met: warm p95 <= {TARGET_WARM_P95_MS:.0f} ms, unchanged poll 0 queries")


def main() -> None:
    run_on_throwaway_database(run)


if __name__ == "__main__":
    main()
