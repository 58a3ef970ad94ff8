"""Benchmark: hand-result records validated per second (target >= 200,000).

Plays seeded deals of both Monterey rulesets with uniformly random legal
actions, takes each finished deal's record (``DealState.record()`` plus its
deal number: dealer, bidder, bid, trump, points, cards, tally; no log), checks
that every one is accepted, then times ``validate_result`` over all of them:
best of 5 runs, each run validating every record PASSES times.

    python bench/validate_results.py
"""

from __future__ import annotations

import gc
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring.rules import RULESETS, new_deal, validate_result  # noqa: E402

TARGET = 200_000
DEALS_PER_RULESET = 2_000
PASSES = 25
RUNS = 5


def engine_records(rs, count: int) -> list[dict]:
    """Records of ``count`` random finished deals, each dealt as deal 1..4 of a round."""
    records = []
    for seed in range(count):
        deal = seed % 4 + 1
        state = new_deal(rs, (deal - 1) % 4, seed=seed)
        rng = random.Random(seed)
        while state.phase != "done":
            state.apply(rng.choice(state.legal_actions()))
        record = state.record()
        record["deal"] = deal
        records.append(record)
    return records


def main() -> None:
    work = [
        (rs, record) for rs in RULESETS.values() for record in engine_records(rs, DEALS_PER_RULESET)
    ]
    refused = [(rs.name, record) for rs, record in work if validate_result(rs, record)]
    if refused:
        sys.exit(f"validate_result refused {len(refused)} engine records, e.g. {refused[0]}")
    best = float("inf")
    for _ in range(RUNS):
        gc.collect()
        start = time.perf_counter()
        for _ in range(PASSES):
            for rs, record in work:
                validate_result(rs, record)
        best = min(best, time.perf_counter() - start)
    rate = len(work) * PASSES / best
    verdict = "ok" if rate >= TARGET else "BELOW TARGET"
    print(f"validate_result: {rate:,.0f} records/s (target >= {TARGET:,}) {verdict}")
    print(
        f"  measured: best of {RUNS} runs, each validating {len(work):,} engine-made records "
        f"({DEALS_PER_RULESET:,} per ruleset: {', '.join(RULESETS)}) {PASSES} times; "
        f"best run {best:.3f} s; every record accepted"
    )


if __name__ == "__main__":
    main()
