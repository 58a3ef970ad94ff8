"""The services package: its shared values and the shape of its modules."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pytest

from tournaments import services
from tournaments.errors import UserError
from tournaments.game import movement
from tournaments.services.common import seating_problem_text

PACKAGE = Path(services.__file__).parent
APP = PACKAGE.parent
#: The party night's services, and each feature's (a package or one module).
SERVICE_MODULES = sorted({*APP.rglob("services/*.py"), *APP.rglob("services.py")})


def test_a_user_error_reads_as_one_message():
    error = UserError({"bid": "The bid is too low.", "deal": "Deal 9 is not played."})
    assert error.message == "The bid is too low. Deal 9 is not played."
    assert UserError("Round 1 is already seated.").message == ("Round 1 is already seated.")
    assert error.errors["bid"] == "The bid is too low."


def test_a_deal_entry_is_a_frozen_value():
    entry = services.DealEntry(bidder=1, bid=8, bidding_team_points=10)
    assert (entry.trump, entry.cards, entry.tally) == (None, None, None)
    with pytest.raises(dataclasses.FrozenInstanceError):
        entry.bid = 9  # type: ignore[misc]


@pytest.mark.parametrize(
    "problem",
    [
        movement.SeatingProblem(movement.SeatingProblem.FEW_REGISTERED, min=4, count=3),
        movement.SeatingProblem(movement.SeatingProblem.FEW_PRESENT, min=4, count=2),
        movement.SeatingProblem(movement.SeatingProblem.TABLE_TIED, table=2),
        movement.SeatingProblem(movement.SeatingProblem.NO_DEAL),
    ],
)
def test_a_seating_problem_is_worded_for_the_host_as_in_plain_python(problem):
    assert seating_problem_text(problem) == str(problem)


def test_too_few_players_is_a_seating_problem_with_its_numbers():
    with pytest.raises(movement.SeatingProblem) as caught:
        movement.seeded_draw([1, 2, 3], seed=1)
    assert caught.value.code == movement.SeatingProblem.FEW_REGISTERED
    assert caught.value.values == {"min": 4, "count": 3}


def test_every_feature_s_services_are_checked():
    names = {path.relative_to(APP).as_posix() for path in SERVICE_MODULES}
    assert {"services/results.py", "clubs/services/seasons.py", "api/services.py"} <= names


@pytest.mark.parametrize("path", SERVICE_MODULES, ids=lambda path: path.relative_to(APP).as_posix())
def test_each_module_is_short_and_imports_at_the_top(path):
    source = path.read_text()
    assert len(source.splitlines()) <= 600
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            inner = [n for n in ast.walk(node) if isinstance(n, ast.Import | ast.ImportFrom)]
            assert not inner, f"{path.name}: {node.name} imports inside its body"
