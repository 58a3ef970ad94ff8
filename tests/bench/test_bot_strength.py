"""bench/bot_strength.py: its duplicate games and its intervals.

The figures are not checked against the targets (a few deals say nothing of
them); what is checked is that each deal is played in both seatings on the
same cards, that a game is counted to the winner the engine names, and that
the intervals are what they say.
"""

import sys
from pathlib import Path

from scoring.rules import RULESETS, game_winner

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))

from bot_strength import game_pair, interval, partnership_games, play, run  # noqa: E402

LEVELS = ("heuristic", "easy")


def test_the_games_are_the_four_seat_partnership_games():
    games = partnership_games()
    assert "monterey-draw" in games and "pitch" in games
    assert games == [name for name, rs in RULESETS.items() if rs.sides == "fixed"]
    assert all(RULESETS[name].players == 4 for name in games)


def test_a_game_pair_plays_each_deal_in_both_seatings_until_both_games_end():
    found = game_pair(("pitch", 3, LEVELS, {}))
    deals = len(found["margins"])
    assert deals >= 1
    assert len(found["strong"]) == len(found["weak"]) == 2 * deals
    assert sorted(set(found["wins"])) <= [0, 1] and len(found["wins"]) == 2
    # Deal pair k: the stronger pair's margin is the mean over the two seatings.
    for k, margin in enumerate(found["margins"]):
        pair = found["strong"][2 * k : 2 * k + 2], found["weak"][2 * k : 2 * k + 2]
        assert margin == (sum(pair[0]) - sum(pair[1])) / 2


def test_a_game_is_won_by_the_team_the_engine_names():
    """Replays the first seating of a game pair deal by deal, as the bench
    does, and checks the game's winner against the bench's count."""
    rs = RULESETS["pitch"]
    found = game_pair(("pitch", 5, LEVELS, {}))
    totals, winner, k = (0, 0), None, 0
    cpu = {level: [] for level in LEVELS}
    while winner is None:
        score, team, made, bid = play("pitch", 5000 + k, (5 + k) % 4, 0, LEVELS, {}, cpu)
        before, totals = totals, rs.game_add(totals, score, team)
        winner = game_winner(rs, totals, team, made, before=before, bid=bid)
        k += 1
    assert k <= len(found["margins"])
    assert found["wins"][0] == int(winner == 0)


def test_run_plays_game_pairs_until_the_deal_pairs_asked_for():
    found = run("pitch", "easy", 6, {}, workers=1)
    assert len(found["margins"]) >= 6
    assert found["games"] == 2 * len(found["shares"])
    assert found["cpu"]["heuristic"] and found["cpu"]["easy"]


def test_the_interval_is_the_mean_and_student_s_half_width():
    mean, half = interval([1.0, 1.0, 1.0, 1.0])
    assert (mean, half) == (1.0, 0.0)
    mean, half = interval([0.0, 1.0] * 50)
    assert mean == 0.5
    assert abs(half - 1.984 * (0.25 * 100 / 99 / 100) ** 0.5) < 0.002
