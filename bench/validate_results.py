"""Benchmark: hand-result records validated per second, per game (target >= 200,000).

Plays seeded deals of every ruleset with uniformly random legal
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

from scoring.rules import PARTNERSHIP_RULESETS, new_deal, validate_result  # noqa: E402

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


def records_per_second(rs, records: list[dict]) -> tuple[float, float]:
    """Best of RUNS timings of validating ``records`` PASSES times: (rate, seconds)."""
    best = float("inf")
    for _ in range(RUNS):
        gc.collect()
        start = time.perf_counter()
        for _ in range(PASSES):
            for record in records:
                validate_result(rs, record)
        best = min(best, time.perf_counter() - start)
    return len(records) * PASSES / best, best


def main() -> None:
    work = {
        name: engine_records(rs, DEALS_PER_RULESET) for name, rs in PARTNERSHIP_RULESETS.items()
    }
    for name, records in work.items():
        refused = [
            record for record in records if validate_result(PARTNERSHIP_RULESETS[name], record)
        ]
        if refused:
            sys.exit(f"validate_result refused {len(refused)} {name} records, e.g. {refused[0]}")
    print(f"validate_result, records/s per game (target >= {TARGET:,}):")
    below = []
    for name, records in work.items():
        rate, best = records_per_second(PARTNERSHIP_RULESETS[name], records)
        verdict = "ok" if rate >= TARGET else "BELOW TARGET"
        if rate < TARGET:
            below.append(name)
        print(f"  {name:<16} {rate:>10,.0f}  (best run {best:.3f} s) {verdict}")
    print(
        f"  measured: per game, best of {RUNS} runs, each validating {DEALS_PER_RULESET:,} "
        f"engine-made records {PASSES} times; every record accepted"
    )
    if below:
        print(f"  below target: {', '.join(below)}")


if __name__ == "__main__":
    main()
