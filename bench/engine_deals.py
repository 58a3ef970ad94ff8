"""Engine speed: random deals played to the end per second, one core, every game.

Each deal is ``new_deal(rs, dealer, seed=i)`` played until ``score()`` with a
random choice at every step, two ways: with a RandomBot in every seat through
``play_deal`` (the bot reads the state's ``legal`` without copying it), and as
any caller of the section 8 API does, asking ``legal_actions()`` and then
calling ``apply`` with one of them.  Times are CPU time of this
process (``time.process_time``), so other work on the machine weighs less on
them than on a wall clock.  Each game's run comes right after a Monterey Draw
run over the same seeds, the same way.  A game's figure is the best of its
runs (the one least disturbed by other work); its ratio is the median of
the ratios of its runs to the Draw runs paired with them, as the two runs
of a pair share whatever else the machine was doing, and a run disturbed
more than its pair weighs no more than any other.

Target: at least 10,000 monterey-draw deals a second, and every other game
(Monterey Widow, the Pedro family of RULES.md 11.2 and every game of 12.2,
the N-seat games with their default number of players) at least 0.7 times
the Monterey Draw figure of the same run, both ways.

Run: ``.venv/bin/python bench/engine_deals.py [deals-per-run] [runs]``
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring.rules import RULESETS, new_deal  # noqa: E402
from scoring.rules.bots import RandomBot, play_deal  # noqa: E402

TARGET = 10_000  # monterey-draw deals per second
RATIO = 0.7  # each other game against monterey-draw, same run
DRAW = "monterey-draw"


WAYS = ("bot", "api")  # RandomBot through play_deal; legal_actions() then apply


def deals_per_second(ruleset: str, deals: int, first_seed: int = 0, way: str = "bot") -> float:
    """Random deals of ``ruleset`` played to their score, per CPU second (one run)."""
    rs = RULESETS[ruleset]
    bot = RandomBot(seed=first_seed)
    bots = [bot] * rs.players
    draw = random.Random(first_seed).random
    start = time.process_time()
    for seed in range(first_seed, first_seed + deals):
        state = new_deal(rs, dealer=seed % rs.players, seed=seed)
        if way == "bot":
            play_deal(state, bots)
        else:
            while state.to_act is not None:
                legal = state.legal_actions()
                state.apply(legal[int(draw() * len(legal))])
        state.score()
    return deals / (time.process_time() - start)


def main(deals: int = 500, runs: int = 7) -> None:
    # Round robin, each game paired with a Draw run just before it, the same
    # way: the two runs of a pair share whatever else the machine was doing.
    games = [name for name in RULESETS if name != DRAW]
    rates_of = {(name, way): [] for name in games for way in WAYS}
    draws_of = {key: [] for key in rates_of}
    for run in range(runs):
        first_seed = run * deals
        for (ruleset, way), rates in rates_of.items():
            draws_of[ruleset, way].append(deals_per_second(DRAW, deals, first_seed, way))
            rates.append(deals_per_second(ruleset, deals, first_seed, way))
    for way in WAYS:
        draw_rates = [rate for (_, w), rates in draws_of.items() if w == way for rate in rates]
        best = max(draw_rates)
        print(f"engine ({way}): {best:,.0f} random {DRAW} deals/s (target >= {TARGET:,})")
    print(f"        best of {runs} runs of {deals:,} deals, a {DRAW} run before each game's run")
    print("        bot: RandomBot through play_deal; api: legal_actions() then apply")
    print(f"        x {DRAW}: median of the runs' ratios to their pairs (lowest-highest)")
    below = []
    for ruleset in games:
        parts = []
        for way in WAYS:
            rates, draws = rates_of[ruleset, way], draws_of[ruleset, way]
            ratios = [rate / draw for rate, draw in zip(rates, draws, strict=True)]
            ratio = statistics.median(ratios)
            if ratio < RATIO:
                below.append(f"{ruleset} ({way})")
            spread = f"{min(ratios):.2f}-{max(ratios):.2f}"
            parts.append(f"{way} {max(rates):>6,.0f}/s {ratio:.2f} x ({spread})")
        print(f"engine: {ruleset:<14} " + "; ".join(parts))
    verdict = "every game ok" if not below else "BELOW TARGET: " + ", ".join(below)
    print(f"engine: target >= {RATIO} x {DRAW} both ways: {verdict}")


if __name__ == "__main__":
    main(*(int(arg) for arg in sys.argv[1:3]))
