"""bench/seat_bot_strength.py: its duplicate games in the N-seat games.

The figures are not checked against the targets (a few deals say nothing of
them); what is checked is that each deal is played twice on the same cards
with the stronger bot in one seat and then the weaker there, that a game is
counted to the winner the engine names, and that a run stops at the deal
pairs asked for.
"""

import sys
from pathlib import Path

from scoring.rules.seats import seat_game_winner

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))

from seat_bot_strength import GAMES, bid_made, game_pair, play, ruleset, run  # noqa: E402

LEVELS = ("heuristic", "easy")


def test_the_games_are_every_n_seat_game():
    assert {game.partition(":")[0] for game in GAMES} == {
        "five-hand",
        "railroad",
        "individual",
        "original",
    }
    assert ruleset("individual:5").players == 5
    assert ruleset("individual").players == 3


def test_a_deal_pair_holds_the_same_cards_in_the_same_seat():
    rs = ruleset("railroad")
    cpu = {level: [] for level in LEVELS}
    strong = play(rs, 77, 2, 3, LEVELS, {}, cpu)
    weak = play(rs, 77, 2, None, LEVELS, {}, cpu)
    assert strong.deck == weak.deck and strong.dealer == weak.dealer == 2
    assert cpu["heuristic"] and cpu["easy"]


def test_a_game_pair_scores_the_heros_seat_until_both_games_end():
    found = game_pair(("original", 6, LEVELS, {}))
    hero = 6 % ruleset("original").players
    deals = len(found["margins"])
    assert deals >= 1 and None not in found["won"]
    assert len(found["strong"]) == len(found["weak"]) == deals
    assert found["margins"] == [s - w for s, w in zip(found["strong"], found["weak"], strict=True)]
    # The second game (the weaker bot everywhere), replayed deal by deal.
    rs = ruleset("original")
    totals, winner, k = [0] * rs.players, None, 0
    cpu = {level: [] for level in LEVELS}
    while winner is None:
        state = play(rs, 6000 + k, (6 + k) % rs.players, None, LEVELS, {}, cpu)
        totals = [t + s for t, s in zip(totals, state.score(), strict=True)]
        winner = seat_game_winner(
            totals,
            rs.target,
            bidder=state.bidder,
            partner=state.partner,
            bid_made=bid_made(state),
        )
        k += 1
    assert k <= deals
    assert found["won"][1] == int(winner == hero)


def test_run_plays_game_pairs_until_the_deal_pairs_asked_for():
    found = run("individual", "easy", 5, {}, workers=1)
    assert len(found["margins"]) >= 5
    assert len(found["shares"]) >= 1
    assert all(share in (0, 0.5, 1) for share in found["shares"])
