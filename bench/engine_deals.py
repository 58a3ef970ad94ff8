"""Engine speed: random deals played to the end per second, one core, every game.

Each deal is ``new_deal(rs, dealer, seed=i)`` with a RandomBot in every seat,
played through ``play_deal`` until ``score()``.  The figure is the best of 5
runs of 20,000 deals (the best run is the one least disturbed by other work on
the machine; the games take turns run by run).  Target: at least 10,000
monterey-draw deals a second, and every game of the Pedro family (RULES.md
11.2) at least 0.7 times the Monterey Draw figure of the same run; the Widow
figure is printed for information.

Run: ``.venv/bin/python bench/engine_deals.py [deals-per-run] [runs]``
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring.rules import RULESETS, new_deal  # noqa: E402
from scoring.rules.bots import RandomBot, play_deal  # noqa: E402

TARGET = 10_000  # monterey-draw deals per second
RATIO = 0.7  # each family game against monterey-draw, same run


def deals_per_second(ruleset: str, deals: int, first_seed: int = 0) -> float:
    """Random deals of ``ruleset`` played to their score, per second (one run)."""
    rs = RULESETS[ruleset]
    bot = RandomBot(seed=first_seed)
    bots = [bot, bot, bot, bot]
    start = time.perf_counter()
    for seed in range(first_seed, first_seed + deals):
        play_deal(new_deal(rs, dealer=seed % 4, seed=seed), bots).score()
    return deals / (time.perf_counter() - start)


def main(deals: int = 20_000, runs: int = 5) -> None:
    # Round robin: every game's n-th run comes in the same stretch of time, so
    # other work on the machine weighs on all the games alike.
    rates_of: dict[str, list[float]] = {ruleset: [] for ruleset in RULESETS}
    for run in range(runs):
        for ruleset, rates in rates_of.items():
            rates.append(deals_per_second(ruleset, deals, first_seed=run * deals))
    draw = 0.0
    for ruleset, rates in rates_of.items():
        best = max(rates)
        if ruleset == "monterey-draw":
            draw = best
            note = f"(target >= {TARGET:,})"
        elif ruleset == "monterey-widow":
            note = f"({best / draw:.2f} x monterey-draw; for information)"
        else:
            ok = "ok" if best >= RATIO * draw else "BELOW TARGET"
            note = f"({best / draw:.2f} x monterey-draw; target >= {RATIO}: {ok})"
        print(f"engine: {best:,.0f} random {ruleset} deals/s {note}")
        runs_text = ", ".join(f"{rate:,.0f}" for rate in rates)
        print(f"        best of {runs} runs of {deals:,} deals: {runs_text}")


if __name__ == "__main__":
    main(*(int(arg) for arg in sys.argv[1:3]))
