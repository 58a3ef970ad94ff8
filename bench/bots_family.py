"""Bot strength in every game of the Pedro family (RULES.md 11.2 and 12).

For each game, deals with seeds 0..N-1 (dealer = seed mod 4) are played twice:
heuristic bots in seats 0 and 2 against random bots in seats 1 and 3, then
with the teams swapped, which cancels any seat effect.  Each bot is seeded
from the deal seed and its seat.  Printed per game and seating: the mean deal
score of each pair and the margin (heuristic minus random, per deal), then
the margin over both seatings as a share of the game's points per deal.

The N-seat games (RULES.md 12.5: "beats the random bot in each, margin
reported per game") are played with one heuristic seat among random ones,
the heuristic seat going round the table deal by deal: printed per game, the
heuristic seat's mean deal score, the random seats' mean, and the margin.

Run: ``.venv/bin/python bench/bots_family.py [deals]``  (default 1,000)
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring.rules import RULESETS, new_deal  # noqa: E402
from scoring.rules.bots import HeuristicBot, RandomBot, play_deal  # noqa: E402
from scoring.rules.rulesets import FAMILY, SEAT_RULESETS  # noqa: E402
from scoring.rules.seat_bots import SeatHeuristicBot  # noqa: E402

#: The N-seat games, each at the seat counts worth telling apart.
SEAT_CASES = (
    ("five-hand", {}),
    ("railroad", {}),
    ("individual", {"players": 3}),
    ("individual", {"players": 6}),
    ("original", {"players": 4}),
    ("original", {"players": 7}),
)


def seating(name: str, deals: int, heuristic_team: int) -> tuple[int, int]:
    """Total scores (heuristic pair, random pair) over deals 0..deals-1."""
    rs = RULESETS[name]
    mine = theirs = 0
    for seed in range(deals):
        bots = [
            HeuristicBot(seed * 4 + seat)
            if seat % 2 == heuristic_team
            else RandomBot(seed * 4 + seat)
            for seat in range(4)
        ]
        score = play_deal(new_deal(rs, dealer=seed % 4, seed=seed), bots).score()
        mine += score[heuristic_team]
        theirs += score[1 - heuristic_team]
    return mine, theirs


def one_against_random(name: str, options: dict, deals: int) -> tuple[float, float]:
    """Mean deal score of the heuristic seat and of the random seats."""
    rs = SEAT_RULESETS[name].with_options(**options)
    n = rs.players
    mine = theirs = 0.0
    for seed in range(deals):
        hero = seed % n
        bots = [
            SeatHeuristicBot(seed * 10 + seat) if seat == hero else RandomBot(seed * 10 + seat)
            for seat in range(n)
        ]
        score = play_deal(new_deal(rs, dealer=(seed // n) % n, seed=seed), bots).score()
        mine += score[hero]
        theirs += sum(score[seat] for seat in range(n) if seat != hero) / (n - 1)
    return mine / deals, theirs / deals


def main(deals: int = 1_000) -> None:
    start = time.perf_counter()
    print(f"family bots: heuristic pair vs random pair, {deals:,} seeded deals per seating")
    for name in FAMILY:
        margins = []
        for team in (0, 1):
            mine, theirs = seating(name, deals, team)
            margins.append((mine - theirs) / deals)
            seats = "0+2" if team == 0 else "1+3"
            print(
                f"  {name:13} heuristic on seats {seats}: mean/deal "
                f"{mine / deals:+7.2f} vs {theirs / deals:+7.2f}; margin {margins[-1]:+7.2f}"
            )
        both = sum(margins) / 2
        share = both / RULESETS[name].total_points
        print(f"  {name:13} margin over both seatings {both:+.2f} a deal ({share:.0%} of a deal)")
    print(f"N-seat bots: one heuristic seat among random ones, {deals:,} seeded deals")
    for name, options in SEAT_CASES:
        mine, theirs = one_against_random(name, options, deals)
        label = name + "".join(f" {v}" for v in options.values())
        share = (mine - theirs) / SEAT_RULESETS[name].total_points
        print(
            f"  {label:13} heuristic {mine:+7.2f} vs random {theirs:+7.2f} a deal; "
            f"margin {mine - theirs:+7.2f} ({share:.0%} of a deal)"
        )
    print(f"  ({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main(*(int(arg) for arg in sys.argv[1:2]))
