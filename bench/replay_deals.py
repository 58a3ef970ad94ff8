"""Benchmark: finished Monterey Draw deals replayed per second (target >= 8,000).

Plays seeded monterey-draw deals with uniformly random legal actions, keeps
each one's dealer, deck and action log, then times ``replay`` over all of
them (best of 5 runs), checking that every replay ends in the same finished
deal.  Monterey Widow is timed too, for information.

    python bench/replay_deals.py
"""

from __future__ import annotations

import gc
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring.rules import RULESETS, new_deal, replay  # noqa: E402
from scoring.rules.cards import CODES  # noqa: E402

TARGET = 8_000
DEALS = 2_000
RUNS = 5


def finished_logs(rs, count: int) -> list[tuple[int, list[str], list[str], dict]]:
    """(dealer, deck, actions, record) of ``count`` random finished deals."""
    logs = []
    for seed in range(count):
        state = new_deal(rs, seed % 4, seed=seed)
        rng = random.Random(seed)
        while state.phase != "done":
            state.apply(rng.choice(state.legal_actions()))
        logs.append((state.dealer, [CODES[c] for c in state.deck], list(state.log), state.record()))
    return logs


def replays_per_second(rs, logs) -> tuple[float, float]:
    """(replays per second, best run in seconds), best of RUNS runs."""
    for dealer, deck, actions, record in logs:
        state = replay(rs, actions, deck=deck, dealer=dealer)
        if state.phase != "done" or state.record() != record:
            sys.exit(f"replay of a {rs.name} deal did not reproduce it: {actions}")
    best = float("inf")
    for _ in range(RUNS):
        gc.collect()
        start = time.perf_counter()
        for dealer, deck, actions, _record in logs:
            replay(rs, actions, deck=deck, dealer=dealer)
        best = min(best, time.perf_counter() - start)
    return len(logs) / best, best


def main() -> None:
    for name, target in (("monterey-draw", TARGET), ("monterey-widow", None)):
        rs = RULESETS[name]
        logs = finished_logs(rs, DEALS)
        rate, best = replays_per_second(rs, logs)
        actions = sum(len(log[2]) for log in logs) / len(logs)
        if target:
            verdict = "ok" if rate >= target else "BELOW TARGET"
            print(f"replay {name}: {rate:,.0f} deals/s (target >= {target:,}) {verdict}")
        else:
            print(f"replay {name}: {rate:,.0f} deals/s (for information)")
        print(
            f"  measured: best of {RUNS} runs over {len(logs):,} finished random deals "
            f"({actions:.1f} actions each on average); best run {best:.3f} s; "
            "every replay reproduces its deal"
        )


if __name__ == "__main__":
    main()
