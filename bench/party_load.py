"""Benchmark: load a 25-table (100 players), 10-round party file (target <= 5 s).

Generates a valid party file with seeded random results (only the deals per
table number are needed: seatings after round 1 come from movement), then
times ``party_load`` end to end: every deal through ``result_record`` and the
validator, every round closed and the next seated by movement, all in one
transaction.  Also times ``party_dump`` of the loaded party and checks that
the dump loads back to the same file.

Runs on a new database made (and dropped) on the server of DATABASE_URL when
it is set; otherwise on a fresh temporary SQLite file, migrated first.
DJANGO_DEBUG defaults to true (the development settings), but query logging
is switched off for the timing, as in production.

    python bench/party_load.py [--tables 25] [--rounds 10] [--seed 1]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from post_result import throwaway_database  # noqa: E402

TARGET_SECONDS = 5.0


def party_file(tables: int, rounds: int, seed: int, deals_per_round: int = 4) -> dict:
    """A valid party file: 4 * ``tables`` players, ``rounds`` complete rounds.

    Seatings come from movement, so only the deals of each table number are
    generated; a table still tied after the tie-break gets a ``tiebreaks`` entry.
    """
    from scoring.rules import RULESETS
    from tournaments.game.standings import needs_cut

    rs = RULESETS["monterey-draw"]
    rng = random.Random(seed)
    players = [f"Player {n:03d}" for n in range(1, 4 * tables + 1)]
    file_rounds = []
    for _ in range(rounds):
        deals, tiebreaks = [], {}
        for table in range(1, tables + 1):
            scores = []
            for deal in range(1, deals_per_round + 1):
                bidder = rng.randrange(4)
                if rng.random() < 0.05:
                    bid = rng.choice(rs.bids())
                else:  # mostly the four lowest bids, as at a real table
                    bid = rng.randint(rs.min_bid, rs.min_bid + 3)
                points = rng.randrange(rs.total_points + 1)
                mine, theirs = rs.deal_score(bid, points)
                score = [mine, theirs] if bidder % 2 == 0 else [theirs, mine]
                scores.append(tuple(score))
                record = {
                    "table": table,
                    "deal": deal,
                    "bidder": bidder,
                    "bid": bid,
                    "bidding_team_points": points,
                }
                if rng.random() < 0.5:
                    record["trump"] = rng.choice("SHDC")
                    record["tally"] = score
                deals.append(record)
            if needs_cut(scores):
                tiebreaks[str(table)] = rng.randrange(2)
        file_rounds.append({"deals": deals, "tiebreaks": tiebreaks})
    return {
        "format": "pedroparty/1",
        "name": "Benchmark Card Party",
        "date": "2026-04-18",
        "ruleset": "monterey-draw",
        "options": {"movement": "up_down", "deals_per_round": deals_per_round},
        "players": players,
        "seating": [players[4 * t : 4 * t + 4] for t in range(tables)],
        "rounds": file_rounds,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=25)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    engine, url, drop = throwaway_database()
    os.environ["DATABASE_URL"] = url
    os.environ.setdefault("DJANGO_DEBUG", "true")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pedroparty.settings")
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from tournaments.models import DealResult
    from tournaments.partyfile import party_dump, party_load

    call_command("migrate", verbosity=0, interactive=False)
    settings.DEBUG = False  # no query log: time it as production runs it

    owner, _ = get_user_model().objects.get_or_create(username="bench-host")
    data = party_file(args.tables, args.rounds, args.seed)
    deals = sum(len(r["deals"]) for r in data["rounds"])
    try:
        start = time.perf_counter()
        party = party_load(data, owner=owner)
        elapsed = time.perf_counter() - start
        assert DealResult.objects.filter(round__party=party).count() == deals
        start = time.perf_counter()
        dumped = party_dump(party)
        dump_elapsed = time.perf_counter() - start
        again = party_dump(party_load(dumped, owner=owner))
        # The second copy of one night is named apart: "Name (2)".
        assert again["name"] == f"{dumped['name']} (2)"
        again["name"] = dumped["name"]
        assert again == dumped, "dump -> load -> dump is not a fixed point"
    finally:
        from django.db import connections

        connections.close_all()
        drop()

    verdict = "ok" if elapsed <= TARGET_SECONDS else "TOO SLOW"
    print(
        f"party_load {args.tables} tables x {args.rounds} rounds ({deals:,} deals): "
        f"{elapsed:.1f} s (target <= {TARGET_SECONDS:g} s) {verdict}"
    )
    print(f"party_dump of the same party: {dump_elapsed * 1000:.0f} ms")
    if elapsed > TARGET_SECONDS:
        sys.exit(1)


if __name__ == "__main__":
    main()
