"""Bot strength in the N-seat games, duplicate style: expert against normal,
normal against easy.

For each N-seat game of ``RULESETS`` (five-hand, Railroad, Pedro for 2 to 6
players at its default three and at five, the original Pedro), games are
played to the game's target with its own scoring and game end
(``seat_scores`` and ``seat_game_winner``).  Game pair g deals seeds g*1000,
g*1000+1, ... (dealer rotating from seat g mod N) twice: once with the
stronger bot in seat g mod N and the weaker in every other seat, once with
the weaker in every seat.  So the stronger bot holds each hand the weaker
one held in the same seat, at the same table, and the cards' luck cancels.
Both games of a pair are dealt until both have a winner; a game that has
ended leaves its later deals out of its total.

Printed per game and match: the seat's mean points a deal played by the
stronger bot and by the weaker (the margin with its 95 % interval, over the
deal pairs); the games that seat won with each; the duplicate share (a game
pair counts 1 where only the stronger bot's seat won its game, 0 where only
the weaker's did, 1/2 where both or neither) with its 95 % interval, to be
above one half; and the CPU time of one move of each bot, and of the
stronger bot in each phase (p95, moves with one legal action left out).

Run: ``.venv/bin/python bench/seat_bot_strength.py [--games g1,g2] [--pairs
N] [--budget SAMPLES] [--time-ms MS] [--workers W] [--match
expert|easy|both]``.  A game is a name of ``RULESETS`` or ``name:players``
(``individual:5``).

Measured (2026-12-06): see MEASURED below.
"""

from __future__ import annotations

import multiprocessing
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot_strength import LABEL, MATCHES, interval, match_main, p95, verdict  # noqa: E402

from scoring.rules import RULESETS, new_deal  # noqa: E402
from scoring.rules.levels import make_bot, plays_seats  # noqa: E402
from scoring.rules.seats import PHASES, seat_game_winner  # noqa: E402

MEASURED = """
Expert vs normal (2026-12-06, 48 samples a move, 24 bidding, 200 ms CPU cap;
2 workers under ``nice -n 19`` on two cores shared with other work; at
least 1,200 deal pairs each).  "won": games the seat won with the expert,
with the normal bot, of the game pairs finished.
game          pairs  seat's points a deal  margin         won             duplicate     CPU p95
five-hand      1210  +8.59 vs +6.69        +1.90 ± 0.34   62 / 24 of  95  70.0% ± 5.2%   206 ms  ok
railroad       1203  +7.87 vs +6.65        +1.21 ± 0.35   61 / 29 of 166  59.6% ± 4.1%   195 ms  ok
individual     1208  +4.02 vs +2.17        +1.85 ± 0.30   52 / 22 of  66  72.7% ± 6.2%   202 ms  ok
individual:5   1211  +4.88 vs +1.90        +2.98 ± 0.32   52 / 15 of  59  81.4% ± 6.8%   207 ms  ok
original       1206  +3.08 vs +2.34        +0.74 ± 0.24   40 / 26 of  72  59.7% ± 7.0%   203 ms  ok

Normal vs easy (the same day; the easy bot slipping in one decision in
two, with the N-seat slips; 6,000 deal pairs each, 20,000 for Pedro for
five, whose interval was wide at 3,000):
game          pairs  seat's points a deal  margin         won             duplicate
five-hand      6009  +6.73 vs +6.21        +0.52 ± 0.14   129 / 93 of 465 53.9% ± 1.9%   ok
railroad       6003  +7.10 vs +6.50        +0.61 ± 0.13   236 / 182 of 843 53.2% ± 1.4%   ok
individual     6006  +2.59 vs +2.28        +0.32 ± 0.10   151 / 107 of 301 57.3% ± 2.9%   ok
individual:5  20021  +2.08 vs +1.89        +0.20 ± 0.05   273 / 208 of 978 53.3% ± 1.3%   ok
original       6000  +2.45 vs +2.06        +0.38 ± 0.09   133 / 102 of 364 54.3% ± 2.3%   ok
The expert's CPU a move by phase (p95, ms; 100 deal pairs each, the
machine otherwise idle; the exchange and the call are the heuristic's):
five-hand bid 212, trump 210, play 169; railroad bid 127, trump 100, play
131; individual bid 208, trump 206, play 168; individual:5 bid 215, trump
209, play 203; original bid 148, trump 106, play 201.  Every one within the
250 ms budget: the 200 ms cap is checked after each sampled deal.
With the easy bot's first slips only, one decision in four, normal's
margin was +0.10 to +0.35 points a deal and no game's share was clear of
one half at 1,200 deal pairs.
"""

#: The games measured by default: every N-seat game, the one for 2 to 6
#: players at its default and at five.
GAMES = ("five-hand", "railroad", "individual", "individual:5", "original")
#: A game that has not ended after this many deals is left unfinished.
MAX_DEALS = 200
#: Fewer game pairs than this give no interval worth printing.
MIN_GAME_PAIRS = 10


def ruleset(game: str):
    name, _, players = game.partition(":")
    rs = RULESETS[name]
    return rs.with_options(players=int(players)) if players else rs


def bid_made(state) -> bool:
    if state.rs.sides == "called":
        return state.side_points()[0] >= state.high_bid
    return state.taken[state.bidder] >= state.high_bid


def play(rs, seed: int, dealer: int, hero: int | None, levels, budget, cpu):
    """One deal with the stronger bot in seat ``hero`` (None: nowhere) and
    the weaker in the others; the finished deal.  Adds each bot's CPU per
    move to ``cpu``, by its level and by (level, phase)."""
    state = new_deal(rs, dealer=dealer, seed=seed)
    kinds = [levels[0] if seat == hero else levels[1] for seat in range(rs.players)]
    bots = [
        make_bot(kind, seed * 8 + seat, rs, **(budget if kind == "expert" else {}))
        for seat, kind in enumerate(kinds)
    ]
    while state.to_act is not None:
        seat = state.to_act
        if len(state.legal) > 1:
            phase, start = state.phase, time.process_time()
            action = bots[seat].choose(state)
            spent = 1000 * (time.process_time() - start)
            cpu[kinds[seat]].append(spent)
            cpu.setdefault((kinds[seat], phase), []).append(spent)
        else:
            action = bots[seat].choose(state)
        state.apply(action)
    return state


def game_pair(job: tuple) -> dict:
    """Game pair ``g``: the same deals with the stronger bot in one seat and
    with the weaker there, until both games have a winner."""
    game, g, levels, budget = job
    rs = ruleset(game)
    n = rs.players
    hero = g % n
    cpu = {level: [] for level in levels}
    totals = [[0] * n, [0] * n]
    won: list[int | None] = [None, None]  # the hero's seat won its game: 1, lost: 0
    margins: list[float] = []
    strong: list[float] = []
    weak: list[float] = []
    k = 0
    while None in won and k < MAX_DEALS:
        seed, dealer = g * 1000 + k, (g + k) % n
        scores = []
        for game_at, who in enumerate((hero, None)):
            state = play(rs, seed, dealer, who, levels, budget, cpu)
            score = state.score()
            scores.append(score[hero])
            if won[game_at] is not None:
                continue
            totals[game_at] = [t + s for t, s in zip(totals[game_at], score, strict=True)]
            winner = seat_game_winner(
                totals[game_at],
                rs.target,
                bidder=state.bidder,
                partner=state.partner,
                bid_made=bid_made(state),
            )
            if winner is not None:
                won[game_at] = int(winner == hero)
        strong.append(scores[0])
        weak.append(scores[1])
        margins.append(scores[0] - scores[1])
        k += 1
    return {"margins": margins, "strong": strong, "weak": weak, "won": won, "cpu": cpu}


def run(game: str, match: str, pairs: int, budget: dict, workers: int) -> dict:
    """Game pairs of ``game`` until ``pairs`` deal pairs are played."""
    levels = MATCHES[match]
    found = {"margins": [], "strong": [], "weak": [], "shares": [], "wins": [0, 0]}
    found["cpu"] = {level: [] for level in levels}

    def add(result: dict) -> None:
        for key in ("margins", "strong", "weak"):
            found[key].extend(result[key])
        for key, times in result["cpu"].items():
            found["cpu"].setdefault(key, []).extend(times)
        if None not in result["won"]:
            mine, theirs = result["won"]
            found["shares"].append((1 + mine - theirs) / 2)
            found["wins"][0] += mine
            found["wins"][1] += theirs

    jobs = ((game, g, levels, budget) for g in range(100_000))
    if workers <= 1:
        while len(found["margins"]) < pairs:
            add(game_pair(next(jobs)))
        return found
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        for result in pool.imap(game_pair, jobs):
            add(result)
            if len(found["margins"]) >= pairs:
                pool.terminate()
                break
    return found


def report(game: str, match: str, found: dict, seconds: float) -> None:
    strong, weak = (LABEL[level] for level in MATCHES[match])
    n = len(found["margins"])
    margin, spread = interval(found["margins"])
    points = f"{sum(found['strong']) / n:+.2f} vs {sum(found['weak']) / n:+.2f}"
    shares = found["shares"]
    if len(shares) >= MIN_GAME_PAIRS:
        share, half = interval(shares)
        games = (
            f"the seat won {found['wins'][0]} of {len(shares)} games with {strong}, "
            f"{found['wins'][1]} with {weak}; duplicate share {share:.1%} ± {half:.1%}"
        )
        mark = verdict(share - half, share + half, 0.5)
    else:
        games = f"{len(shares)} game pairs finished, too few for an interval"
        mark = "not yet clear"
    cpu = "  ".join(
        f"{LABEL[level]} p95 {p95(found['cpu'][level]):.2f} ms" for level in MATCHES[match]
    )
    phases = ", ".join(
        f"{phase} {p95(found['cpu'][MATCHES[match][0], phase]):.0f}"
        for phase in PHASES
        if (MATCHES[match][0], phase) in found["cpu"]
    )
    cpu += f" ({strong} p95 by phase, ms: {phases})"
    print(
        f"  {game:13} {strong} vs {weak}: {n} deal pairs; the seat's points a deal "
        f"{points} (margin {margin:+.2f} ± {spread:.2f}); {games} "
        f"[target > 50%: {mark}]; CPU a move {cpu}; {seconds:.0f} s",
        flush=True,
    )


def not_n_seat(games: list[str]) -> str | None:
    names = [g.partition(":")[0] for g in games]
    unknown = [g for g, name in zip(games, names, strict=True) if name not in RULESETS]
    unknown += [g for g in games if g not in unknown and not plays_seats(ruleset(g))]
    return f"not an N-seat game: {', '.join(unknown)}" if unknown else None


def main(argv: list[str] | None = None) -> None:
    match_main(
        argv,
        doc=__doc__,
        title="N-seat bot strength",
        games=list(GAMES),
        check=not_n_seat,
        run=run,
        report=report,
    )


if __name__ == "__main__":
    main()
