"""The expert bot: CPU per move, and how it does against the normal bot.

For each game, deals with seeds 0..N-1 (dealer = seed mod 4) are played twice
with the same cards, the expert pair in seats 0 and 2 and then in seats 1 and
3, so the cards' luck cancels.  The expert has the budget an online table
gives it (``PLAY_EXPERT_*`` settings' defaults, or the environment).
Printed per game: the 95th-percentile and the largest CPU time of one expert
move in each phase (moves with a single legal action cost nothing and are
left out), and the expert pair's mean points a deal minus the normal pair's,
with a 95 % confidence interval over the deal pairs.

Run: ``.venv/bin/python bench/bots_expert.py [deal pairs] [game ...]``
(default 4 deal pairs of every game; a few minutes on one core).
"""

from __future__ import annotations

import math
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring.rules import PARTNERSHIP_RULESETS, RULESETS, new_deal  # noqa: E402
from scoring.rules.bots import HeuristicBot  # noqa: E402
from scoring.rules.expert import ExpertBot  # noqa: E402

BUDGET = {
    "samples": int(os.environ.get("PLAY_EXPERT_SAMPLES", 48)),
    "bid_samples": int(os.environ.get("PLAY_EXPERT_BID_SAMPLES", 24)),
    "time_ms": int(os.environ.get("PLAY_EXPERT_TIME_MS", 200)),
}
PHASES = ("bid", "trump", "discard", "fill", "play")


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]


def deal(name: str, seed: int, expert_team: int, times: dict[str, list[float]]) -> int:
    """One deal; the expert pair's deal score minus the normal pair's."""
    state = new_deal(RULESETS[name], dealer=seed % 4, seed=seed)
    bots = [
        ExpertBot(seed * 4 + seat, **BUDGET)
        if seat % 2 == expert_team
        else HeuristicBot(seed * 4 + seat)
        for seat in range(4)
    ]
    while state.to_act is not None:
        seat = state.to_act
        if seat % 2 == expert_team and len(state.legal) > 1:
            phase = state.phase
            start = time.process_time()
            action = bots[seat].choose(state)
            times.setdefault(phase, []).append(1000 * (time.process_time() - start))
        else:
            action = bots[seat].choose(state)
        state.apply(action)
    score = state.score()
    return score[expert_team] - score[1 - expert_team]


def main(pairs: int, games: list[str]) -> None:
    budget = ", ".join(f"{key} {value}" for key, value in BUDGET.items())
    print(f"expert bot ({budget}) vs normal bot, {pairs} duplicate deal pairs per game")
    start = time.process_time()
    worst = 0.0
    for name in games:
        times: dict[str, list[float]] = {}
        margins = []
        for seed in range(pairs):
            pair = deal(name, seed, 0, times) + deal(name, seed, 1, times)
            margins.append(pair / 2)
        mean = sum(margins) / len(margins)
        spread = 0.0
        if len(margins) > 1:
            variance = sum((m - mean) ** 2 for m in margins) / (len(margins) - 1)
            spread = 1.96 * math.sqrt(variance / len(margins))
        cpu = "  ".join(
            f"{phase} p95 {p95(times[phase]):4.0f} max {max(times[phase]):4.0f}"
            for phase in PHASES
            if phase in times
        )
        worst = max([worst, *(p95(t) for t in times.values())])
        print(
            f"  {name:14} expert - normal {mean:+6.2f} ± {spread:5.2f} points a deal "
            f"(of {RULESETS[name].total_points});  CPU ms a move: {cpu}"
        )
    print(f"  worst p95 of one expert move: {worst:.0f} ms CPU")
    print(f"  ({time.process_time() - start:.0f} s CPU)")


if __name__ == "__main__":
    args = sys.argv[1:]
    count = int(args.pop(0)) if args and args[0].isdigit() else 4
    main(count, args or list(PARTNERSHIP_RULESETS))
