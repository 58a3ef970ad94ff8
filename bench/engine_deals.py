"""Engine speed: random deals played to the end per second, one core, every game.

Each deal is ``new_deal(rs, dealer, seed=i)`` with a RandomBot in every seat,
played through ``play_deal`` until ``score()``.  Times are CPU time of this
process (``time.process_time``), so other work on the machine weighs less on
them than on a wall clock.  Each game's run comes right after a Monterey Draw
run over the same seeds.  A game's figure is the best of its runs (the one
least disturbed by other work), and its ratio that figure over the best of
the Draw runs paired with it: as many runs each, in the same stretches of time.

Target: at least 10,000 monterey-draw deals a second, and every other game
(Monterey Widow and the Pedro family of RULES.md 11.2) at least 0.7 times
the Monterey Draw figure of the same run.

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
RATIO = 0.7  # each other game against monterey-draw, same run
DRAW = "monterey-draw"


def deals_per_second(ruleset: str, deals: int, first_seed: int = 0) -> float:
    """Random deals of ``ruleset`` played to their score, per CPU second (one run)."""
    rs = RULESETS[ruleset]
    bot = RandomBot(seed=first_seed)
    bots = [bot, bot, bot, bot]
    start = time.process_time()
    for seed in range(first_seed, first_seed + deals):
        play_deal(new_deal(rs, dealer=seed % 4, seed=seed), bots).score()
    return deals / (time.process_time() - start)


def main(deals: int = 4_000, runs: int = 5) -> None:
    # Round robin, each game paired with a Draw run just before it: the two
    # runs of a pair share whatever else the machine was doing.
    rates_of: dict[str, list[float]] = {name: [] for name in RULESETS if name != DRAW}
    draws_of: dict[str, list[float]] = {name: [] for name in rates_of}
    for run in range(runs):
        first_seed = run * deals
        for ruleset, rates in rates_of.items():
            draws_of[ruleset].append(deals_per_second(DRAW, deals, first_seed))
            rates.append(deals_per_second(ruleset, deals, first_seed))
    draw_rates = [rate for rates in draws_of.values() for rate in rates]
    print(f"engine: {max(draw_rates):,.0f} random {DRAW} deals/s (target >= {TARGET:,})")
    print(f"        best of {len(draw_rates)} runs of {deals:,} deals, one before each game's run")
    for ruleset, rates in rates_of.items():
        draws = draws_of[ruleset]
        ratio = max(rates) / max(draws)
        ratios = [rate / draw for rate, draw in zip(rates, draws, strict=True)]
        ok = "ok" if ratio >= RATIO else "BELOW TARGET"
        note = f"({ratio:.2f} x {DRAW}; target >= {RATIO}: {ok})"
        print(f"engine: {max(rates):,.0f} random {ruleset} deals/s {note}")
        runs_text = ", ".join(f"{rate:,.0f}" for rate in rates)
        ratios_text = ", ".join(f"{ratio:.2f}" for ratio in ratios)
        print(f"        best of {runs} runs of {deals:,} deals: {runs_text}")
        print(f"        ratio run by run: {ratios_text}")


if __name__ == "__main__":
    main(*(int(arg) for arg in sys.argv[1:3]))
