"""Benchmark: server time to post one deal result at a big party (target p95 <= 25 ms).

Builds a 40-table (160 players), 10-round party in a throwaway database:
rounds 1..9 closed with every deal entered, round 10 open and empty.  The
rows are bulk-created, with seatings from the real movement code and scores
from the real ruleset.  Then every deal of round 10 (40 tables x 4 deals =
160 posts) is posted through Django's test client as the signed-in host,
through the real view: form, ``services.result_record`` (validate, lock,
save, audit), redirect.  After each post the standings are recomputed with
``selectors.party_standings`` (the post invalidated them) and timed too.

    python bench/post_result.py                   # SQLite, a temporary file
    DATABASE_URL=postgres://... python bench/post_result.py
        # PostgreSQL: creates and drops the database bench_post_<pid> there
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

TABLES = 40
ROUNDS = 10
TARGET_MS = 25.0


def throwaway_database() -> tuple[str, str, object]:
    """(engine name, DATABASE_URL of a new empty database, a function that drops it)."""
    url = os.environ.get("DATABASE_URL", "")
    if not url:
        folder = tempfile.TemporaryDirectory(prefix="bench_post_")
        return "sqlite", f"sqlite:///{folder.name}/bench.sqlite3", folder.cleanup
    import psycopg
    from psycopg import sql

    parts = urlsplit(url)
    name = f"bench_post_{os.getpid()}"
    server = urlunsplit(parts._replace(path="/postgres"))
    with psycopg.connect(server, autocommit=True) as conn:
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))

    def drop() -> None:
        with psycopg.connect(server, autocommit=True) as conn:
            conn.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
            )

    return "postgresql", urlunsplit(parts._replace(path=f"/{name}")), drop


def deal_row(rs, rnd, table: int, deal: int, bidder: int, bid: int, points: int, host):
    """A deal's scores (team 0, team 1) by the ruleset, and its unsaved
    ``DealResult`` row, for a benchmark that bulk-creates a party's nights."""
    from tournaments.models import DealResult

    mine, theirs = rs.deal_score(bid, points)
    score = (mine, theirs) if bidder % 2 == 0 else (theirs, mine)
    row = DealResult(
        round=rnd,
        table=table,
        deal=deal,
        bidder=bidder,
        bid=bid,
        bidding_team_points=points,
        score0=score[0],
        score1=score[1],
        entered_by=host,
    )
    return score, row


def table_outcome(rnd, table: int, scores: list, *, closed: bool = True):
    """The table's round winner from its deals' scores (a tied round cut to
    team 0) and its unsaved ``TableRound`` row; no winner while it is open."""
    from tournaments.game.standings import table_round_winner
    from tournaments.models import TableRound

    cut = 0 if closed and table_round_winner(scores) is None else None
    winner = table_round_winner(scores, cut=cut) if closed else None
    return winner, TableRound(round=rnd, table=table, cut_winner=cut, winner=winner)


def night_played(
    party, players, *, rounds: int, seed: int, host, deal, table_done=None, last_open=False
) -> list:
    """``party`` played by ``players`` ((name, member or None), in order):
    round 1 drawn with ``seed``, then moved; each round closed (the last left
    open with no deal, when ``last_open``), its rows bulk-created.
    ``deal(rs, seats)`` gives each deal's (bidder, bid, points), ``seats``
    being the table's member ids by seat; ``table_done(seats, scores)``
    hears each table's deal scores a round.  Returns the rounds."""
    from tournaments import services
    from tournaments.game import movement
    from tournaments.models import DealResult, Player, Round, Seat, TableRound

    rs = services.party_ruleset(party)
    Player.objects.bulk_create(
        Player(party=party, name=name, order=i, member=member)
        for i, (name, member) in enumerate(players, 1)
    )
    rows = party.players.order_by("order").values_list("pk", "member_id")
    member_of = dict(rows)
    registration = [pk for pk, _ in rows]
    seating = movement.seeded_draw(registration, seed=seed)
    made = []
    for number in range(1, rounds + 1):
        closed = number < rounds or not last_open
        rnd = Round.objects.create(
            party=party,
            number=number,
            seating=Round.Seating.DRAW if number == 1 else Round.Seating.MOVEMENT,
            seed=seed if number == 1 else None,
            status=Round.Status.CLOSED if closed else Round.Status.OPEN,
        )
        made.append(rnd)
        Seat.objects.bulk_create(
            Seat(round=rnd, table=t, seat=s, player_id=pid)
            for t, table in enumerate(seating.tables, start=1)
            for s, pid in enumerate(table)
        )
        outcomes, results, winners = [], [], []
        for t, table in enumerate(seating.tables, start=1):
            seats = [member_of[pid] for pid in table]
            scores = []
            for number_in_round in range(1, party.deals_per_round + 1 if closed else 1):
                bidder, bid, points = deal(rs, seats)
                score, row = deal_row(rs, rnd, t, number_in_round, bidder, bid, points, host)
                scores.append(score)
                results.append(row)
            if table_done is not None:
                table_done(seats, scores)
            winner, outcome = table_outcome(rnd, t, scores, closed=closed)
            winners.append(winner)
            outcomes.append(outcome)
        TableRound.objects.bulk_create(outcomes)
        DealResult.objects.bulk_create(results)
        if closed:
            seating = movement.seat_next_round(
                seating,
                winners,
                style=party.movement,
                present=registration,
                sitouts_so_far={},
                registration=registration,
            )
    return made


def random_deal(rng: random.Random):
    """A deal's maker: a random bidder, bid and points."""

    def deal(rs, seats):
        bidder = rng.randrange(4)
        bid = rng.randrange(rs.min_bid, rs.max_bid + 1)
        return bidder, bid, rng.randrange(rs.total_points + 1)

    return deal


def build_party(*, tables: int = TABLES, rounds: int = ROUNDS):
    """The party, its host and its open last round (``rounds``, 10 by default),
    rows bulk-created: ``tables`` tables, the rounds before it closed."""
    import datetime

    from django.contrib.auth import get_user_model

    from tournaments import services
    from tournaments.models import Party

    host = get_user_model().objects.create_user(username="bench-host", password="bench-pw-1")
    party = services.party_create(
        owner=host,
        name="Benchmark night",
        date=datetime.date(2026, 6, 1),
        settings=services.PartySettings(planned_rounds=rounds),
    )
    players = [(f"Player {i:03d}", None) for i in range(1, 4 * tables + 1)]
    deal = random_deal(random.Random(2026))
    made = night_played(party, players, rounds=rounds, seed=7, host=host, deal=deal, last_open=True)
    Party.objects.filter(pk=party.pk).update(status=Party.Status.RUNNING, version=1000)
    return Party.objects.get(pk=party.pk), host, made[-1]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def figures(values: list[float]) -> str:
    return (
        f"p50 {statistics.median(values):.1f} ms, p95 {percentile(values, 0.95):.1f} ms, "
        f"max {max(values):.1f} ms"
    )


def run_on_throwaway_database(run) -> None:
    """Call ``run(engine)`` with Django set up on a new, migrated database
    (see :func:`throwaway_database`), query logging off as served; the
    database is dropped afterwards."""
    os.environ.setdefault("DJANGO_DEBUG", "true")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pedroparty.settings")
    engine, url, drop = throwaway_database()
    os.environ["DATABASE_URL"] = url
    try:
        import django

        django.setup()
        from django.conf import settings
        from django.core.management import call_command

        settings.DEBUG = False  # as served: no query log kept
        call_command("migrate", verbosity=0)
        run(engine)
    finally:
        from django.db import connections

        connections.close_all()
        drop()


def main() -> None:
    run_on_throwaway_database(run)


def run(engine: str) -> None:
    from django.db import connection
    from django.test import Client
    from django.urls import reverse

    from tournaments import selectors, services
    from tournaments.models import DealResult, Party

    started = time.perf_counter()
    party, host, rnd = build_party()
    rs = services.party_ruleset(party)
    built = time.perf_counter() - started

    client = Client()
    client.force_login(host)
    url = {t: reverse("host:table", args=[party.slug, rnd.number, t]) for t in range(1, TABLES + 1)}
    if client.get(url[1]).status_code != 200:  # warms templates and the URL resolver
        sys.exit("the table page does not open")
    selectors.party_standings(party)

    queries = 0

    def count(execute, sql, params, many, context):
        nonlocal queries
        queries += 1
        return execute(sql, params, many, context)

    rng = random.Random(10)
    post_ms, post_cpu_ms, standings_ms, per_post_queries = [], [], [], []
    with connection.execute_wrapper(count):
        for deal in range(1, 5):
            for table in range(1, TABLES + 1):
                data = {
                    "deal": deal,
                    "bidder": rng.randrange(4),
                    "bid": rng.randrange(rs.min_bid, rs.max_bid + 1),
                    "bidding_team_points": rng.randrange(rs.total_points + 1),
                    "form_token": f"bench-{table}-{deal}",
                }
                queries = 0
                start, cpu = time.perf_counter(), time.process_time()
                response = client.post(url[table], data)
                post_ms.append((time.perf_counter() - start) * 1000)
                post_cpu_ms.append((time.process_time() - cpu) * 1000)
                per_post_queries.append(queries)
                if response.status_code != 302:
                    sys.exit(f"post refused ({response.status_code}): {response.content[:500]!r}")
                start = time.perf_counter()
                selectors.party_standings(Party.objects.get(pk=party.pk))
                standings_ms.append((time.perf_counter() - start) * 1000)
    stored = DealResult.objects.filter(round=rnd, is_current=True).count()
    if stored != 4 * TABLES:
        sys.exit(f"expected {4 * TABLES} results in round {ROUNDS}, found {stored}")
    both = [p + s for p, s in zip(post_ms, standings_ms, strict=True)]
    n = len(post_ms)
    print(
        f"party: {TABLES} tables ({4 * TABLES} players), {ROUNDS} rounds "
        f"(1..{ROUNDS - 1} closed), built in {built:.1f} s"
    )
    print(
        f"post_result {engine}: {figures(post_ms)} over {n} posts "
        f"(target p95 <= {TARGET_MS:.0f} ms); "
        f"{statistics.median(per_post_queries):.0f} queries per post"
    )
    print(f"  of which this process's CPU time: {figures(post_cpu_ms)}")
    print(f"standings recompute {engine}: {figures(standings_ms)}")
    print(f"post + standings {engine}: {figures(both)}")
    if percentile(post_ms, 0.95) > TARGET_MS:
        print(f"post_result {engine}: p95 misses the target of {TARGET_MS:.0f} ms")


if __name__ == "__main__":
    main()
