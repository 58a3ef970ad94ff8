"""Bot strength: the heuristic pair against the random pair.

For each ruleset, deals with seeds 0..N-1 (dealer = seed mod 4) are played
twice: heuristic bots in seats 0 and 2 against random bots in seats 1 and 3,
then with the teams swapped (heuristic in 1 and 3), which cancels any seat
effect.  Each bot is seeded from the deal seed and its seat.  Printed per
ruleset and arrangement: total score of each pair, mean score per deal, and
the share of deals each pair won (higher deal score; ties counted apart); then
how the heuristic bidders fared.  Random bidders overbid wildly, so a last
line isolates card play: the heuristic pair against a pair that bids and names
trump like HeuristicBot but plays its cards at random.

Run: ``.venv/bin/python bench/bot_strength.py [deals]``  (default 1,000)
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring.rules import RULESETS, new_deal  # noqa: E402
from scoring.rules.bots import HeuristicBot, RandomBot, play_deal  # noqa: E402


class RandomPlayBot:
    """Bids and names trump like HeuristicBot; discards, takes, lays and plays at random."""

    name = "random-play"

    def __init__(self, seed: int | None = None) -> None:
        self._heuristic, self._random = HeuristicBot(seed), RandomBot(seed)

    def choose(self, state) -> str:
        bot = self._heuristic if state.phase in ("bid", "trump") else self._random
        return bot.choose(state)


def match(ruleset: str, deals: int, heuristic_team: int, opponent=RandomBot) -> dict[str, int]:
    """Totals over deals 0..deals-1 with the heuristic pair on ``heuristic_team``
    and ``opponent`` bots on the other team."""
    rs = RULESETS[ruleset]
    totals = {"heuristic": 0, "random": 0, "h_wins": 0, "r_wins": 0, "ties": 0}
    totals.update({"h_bids": 0, "h_made": 0, "h_shoots": 0, "r_bids": 0, "r_made": 0})
    for seed in range(deals):
        bots = [
            HeuristicBot(seed * 4 + seat)
            if seat % 2 == heuristic_team
            else opponent(seed * 4 + seat)
            for seat in range(4)
        ]
        state = play_deal(new_deal(rs, dealer=seed % 4, seed=seed), bots)
        score = state.score()
        mine, theirs = score[heuristic_team], score[1 - heuristic_team]
        totals["heuristic"] += mine
        totals["random"] += theirs
        totals["h_wins" if mine > theirs else "r_wins" if theirs > mine else "ties"] += 1
        who = "h" if state.bidding_team == heuristic_team else "r"
        totals[f"{who}_bids"] += 1
        totals[f"{who}_made"] += score[state.bidding_team] > 0
        if who == "h" and state.high_bid == rs.shoot_bid:
            totals["h_shoots"] += 1
    return totals


def main(deals: int = 1_000) -> None:
    start = time.perf_counter()
    print(f"bot strength: heuristic pair vs random pair, {deals:,} seeded deals each")
    for ruleset in ("monterey-draw", "monterey-widow"):
        both = {}
        for team in (0, 1):
            t = match(ruleset, deals, team)
            seats = "0+2" if team == 0 else "1+3"
            print(
                f"  {ruleset:15} heuristic on seats {seats}: "
                f"total {t['heuristic']:+,} vs {t['random']:+,}; "
                f"mean/deal {t['heuristic'] / deals:+.2f} vs {t['random'] / deals:+.2f}; "
                f"deals won {t['h_wins'] / deals:.1%} vs {t['r_wins'] / deals:.1%} "
                f"(tied {t['ties'] / deals:.1%})"
            )
            for key, value in t.items():
                both[key] = both.get(key, 0) + value
        n = 2 * deals
        margin = (both["heuristic"] - both["random"]) / n
        print(
            f"  {ruleset:15} both arrangements: mean/deal heuristic "
            f"{both['heuristic'] / n:+.2f}, random {both['random'] / n:+.2f}, "
            f"margin {margin:+.2f} points a deal; heuristic won {both['h_wins'] / n:.1%} of deals"
        )
        print(
            f"  {ruleset:15} bids: heuristic won the bid in {both['h_bids']:,} deals and made "
            f"{both['h_made'] / max(both['h_bids'], 1):.1%} ({both['h_shoots']} shoots); "
            f"random made {both['r_made'] / max(both['r_bids'], 1):.1%} of {both['r_bids']:,}"
        )
    for ruleset in ("monterey-draw", "monterey-widow"):
        margin = sum(
            t["heuristic"] - t["random"]
            for t in (match(ruleset, deals, team, RandomPlayBot) for team in (0, 1))
        )
        print(
            f"  {ruleset:15} card play alone: heuristic pair vs heuristic bidding with random "
            f"play, margin {margin / (2 * deals):+.2f} points a deal"
        )
    print(f"  ({time.perf_counter() - start:.1f} s)")


if __name__ == "__main__":
    main(*(int(arg) for arg in sys.argv[1:2]))
