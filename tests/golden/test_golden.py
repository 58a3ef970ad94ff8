"""Golden playthroughs: any change in how the engine or the bots play shows as a diff.

Each ``*.txt`` here is regenerated in memory from its header (ruleset, seed,
dealer, bots; the recorded deck for a hand-made deal) and must equal the file
exactly.  Independently of the bots, the recorded actions are replayed on the
recorded deck through ``new_deal(..., deck=...)`` and ``apply``, and the deal
must end with the recorded score.  After an intended change, rewrite the files
with ``python tests/golden/make_golden.py`` and review the diff.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

from scoring.rules import new_deal
from scoring.rules.rulesets import SEAT_RULESETS

HERE = Path(__file__).resolve().parent
_spec = importlib.util.spec_from_file_location("make_golden", HERE / "make_golden.py")
make_golden = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(make_golden)

FILES = sorted(HERE.glob("*.txt"))
ACTION = re.compile(r"^ +\d+\. seat (\d): (.+)$")


def parse(text: str) -> dict:
    """Header fields, deck, numbered actions and the score line of a golden file."""
    lines = text.splitlines()
    header = dict(line.split(": ", 1) for line in lines[1:5])
    deck_at = lines.index("deck (top first):") + 1
    deck = [code for line in lines[deck_at : deck_at + 4] for code in line.split(": ")[1].split()]
    bots = tuple(part.split()[-1] for part in header["bots"].split(", "))
    options = lines[5].removeprefix("options: ") if lines[5].startswith("options: ") else "none"
    seed = None if header["seed"].startswith("none") else int(header["seed"])
    return {
        "ruleset": header["ruleset"],
        "seed": seed,
        "dealer": int(header["dealer"].removeprefix("seat ")),
        "bots": bots,
        "deck": deck,
        "options": make_golden.parse_options(options),
        "actions": [(int(m[1]), m[2]) for line in lines if (m := ACTION.match(line))],
        "score": next(line for line in lines if line.startswith("score: ")),
    }


def test_the_golden_files_are_the_listed_deals():
    listed = {make_golden.file_name(stem, seed) for stem, _, seed, _, _ in make_golden.GOLDEN}
    listed |= {make_golden.file_name(stem, seed) for stem, _, seed, *_ in make_golden.SEAT_GOLDEN}
    assert {path.name for path in FILES} == listed
    seeded = [entry for entry in make_golden.GOLDEN if entry[2] is not None]
    assert sum(rs == "monterey-draw" for _, rs, *_ in seeded) == 10
    assert sum(rs == "monterey-widow" for _, rs, *_ in seeded) == 10


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.name)
def test_golden_file_regenerates_exactly(path):
    text = path.read_text()
    game = parse(text)
    deck = game["deck"] if game["seed"] is None else None
    regenerated = make_golden.render(
        game["ruleset"], game["seed"], game["dealer"], game["bots"], deck, game["options"]
    )
    assert regenerated == text


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.name)
def test_recorded_actions_replay_to_the_recorded_score(path):
    game = parse(path.read_text())
    rs = make_golden.game_rules(game["ruleset"], game["options"])
    state = new_deal(rs, dealer=game["dealer"], deck=game["deck"])
    if game["seed"] is not None:
        assert state.to_json()["deck"] == new_deal(rs, seed=game["seed"]).to_json()["deck"]
    for seat, action in game["actions"]:
        assert state.to_act == seat, f"{action!r} recorded for seat {seat}"
        state.apply(action)
    assert state.phase == "done"
    if state.seats == 4 and rs.sides == "fixed":
        team0, team1 = state.score()
        assert game["score"] == f"score: team 0 {team0:+d}, team 1 {team1:+d}"
    else:
        assert game["score"] == make_golden.seat_score_line(state.score())


def test_every_n_seat_game_has_three_goldens_with_its_seat_count():
    """Three deals of each N-seat game (RULES.md 12), each with as many bots
    as the game's seats, the house option ``players`` included."""
    games: dict[str, int] = {}
    for _, ruleset, _, dealer, bots, options in make_golden.SEAT_GOLDEN:
        rs = make_golden.game_rules(ruleset, options)
        assert rs.sides != "fixed" and len(bots) == rs.players and 0 <= dealer < rs.players
        games[ruleset] = games.get(ruleset, 0) + 1
    assert games == {name: 3 for name in SEAT_RULESETS}


def test_the_recorded_hashes_name_every_golden_file():
    """A playthrough that changes changes its line in ``SHA256SUMS`` too: the
    goldens of a game whose rules did not change keep their hashes."""
    assert make_golden.SUMS.read_text() == make_golden.sums_text()
