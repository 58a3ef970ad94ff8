"""Reading a club file into plain values, with no database: the club's own
fields, which member each player is, and each party through the party file's
parser, every problem located by its party.

No test here may touch the database (none has the ``django_db`` mark, so
pytest-django refuses any query)."""

from __future__ import annotations

import ast
import copy
import json
from pathlib import Path

import pytest

from scoring.rules import RULESETS
from tournaments.clubs.clubfile import ClubFileProblem, club_file_read
from tournaments.clubs.clubfile import parse as club_parse
from tournaments.clubs.clubfile.load import from_club_problem

RULES = RULESETS["monterey-draw"]
HARVEST = Path(__file__).parents[1] / "data" / "harvest_night.json"


def small_party() -> dict:
    """A one-round party of five, every deal the lowest bid made."""
    made = {"bid": RULES.min_bid, "bidding_team_points": RULES.total_points}
    return {
        "format": "pedroparty/1",
        "name": "Spring Card Party",
        "date": "2026-04-18",
        "players": ["Ana", "Bea", "Cruz", "Dee", "Eli"],
        "seating": [["Ana", "Bea", "Cruz", "Dee"]],
        "rounds": [
            {
                "deals": [
                    {"table": 1, "deal": deal, "bidder": deal % 4, **made}
                    for deal in range(1, RULES.deals_per_round + 1)
                ]
            }
        ],
    }


def club() -> dict:
    harvest = json.loads(HARVEST.read_text(encoding="utf-8"))
    players = [*harvest["players"], "Jo"]
    return {
        "format": "pedroparty-club/1",
        "name": "Thursday Pedro Club",
        "members": [*players, "Bea Cruz"],
        "seasons": [{"name": "Autumn 2026", "best_of": 8}, {"name": "Spring", "best_of": None}],
        "parties": [
            {
                "season": "Autumn 2026",
                "members": {name: name for name in players},
                "party": harvest,
            },
            {
                "season": None,
                "members": {
                    "Ana": "Ana",
                    "Bea": "Bea Cruz",
                    "Cruz": "Cruz",
                    "Dee": "Dee",
                    "Eli": "Eli",
                },
                "party": small_party(),
            },
        ],
    }


def problem(data) -> ClubFileProblem:
    with pytest.raises(ClubFileProblem) as caught:
        club_file_read(data)
    return caught.value


def test_a_club_file_reads_into_frozen_values():
    file = club_file_read(club())
    assert file.name == "Thursday Pedro Club"
    assert file.members[-1] == "Bea Cruz"
    assert [(s.name, s.best_of) for s in file.seasons] == [("Autumn 2026", 8), ("Spring", None)]
    first, second = file.parties
    assert (first.position, first.name, first.season) == (1, "Harvest Night", "Autumn 2026")
    assert first.members["Jo"] == "Jo"  # an arrival is a player too
    assert (second.position, second.season, second.members["Bea"]) == (2, None, "Bea Cruz")
    assert second.file.players == ("Ana", "Bea", "Cruz", "Dee", "Eli")
    with pytest.raises(TypeError):
        second.members["Bea"] = "Ana"


def test_the_parser_imports_nothing_from_django():
    tree = ast.parse(Path(club_parse.__file__).read_text(encoding="utf-8"))
    imported = [
        "." * node.level + (node.module or "")
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom)
    ]
    imported += [
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    ]
    assert "...partyfile.parse" in imported
    # Only the party file's plain-Python parser, the rules and the standard library.
    assert [name for name in imported if name.startswith("django") or name == "...models"] == []
    assert [n for n in imported if n.startswith(".") and not n.startswith("...partyfile.")] == []


def test_names_are_kept_with_single_spaces_and_either_spelling_maps():
    data = club()
    data["members"] = [
        " Ana ",
        "Bea",
        "Bea  Cruz",
        "Cruz",
        "Dee",
        "Eli",
        "Fay",
        "Gus",
        "Hal",
        "Ivy",
        "Jo",
    ]
    entry = data["parties"][1]
    entry["party"]["players"][1] = "Bea  Cruz"
    entry["party"]["seating"][0][1] = "Bea  Cruz"
    entry["members"] = {
        "Ana": " Ana ",
        "Bea Cruz": "Bea  Cruz",
        "Cruz": "Cruz",
        "Dee": "Dee",
        "Eli": "Eli",
    }
    data["parties"][0]["members"]["Ana"] = " Ana "
    file = club_file_read(data)
    assert file.members[:3] == ("Ana", "Bea", "Bea Cruz")
    assert file.parties[1].members == {
        "Ana": "Ana",
        "Bea Cruz": "Bea Cruz",
        "Cruz": "Cruz",
        "Dee": "Dee",
        "Eli": "Eli",
    }


def test_the_wrong_format_is_refused():
    data = club()
    data["format"] = "pedroparty/1"
    found = problem(data)
    assert found.path == "format"
    assert "pedroparty-club/1" in found.text() and "'pedroparty/1'" in found.text()
    assert "format" in problem({**club(), "format": None}).text()
    assert problem([club()]).path == ""


@pytest.mark.parametrize(
    ("where", "path"),
    [
        (lambda d: d, "colour"),
        (lambda d: d["seasons"][0], "seasons[0].colour"),
        (lambda d: d["parties"][1], "parties[1].colour"),
    ],
)
def test_unknown_fields_are_refused(where, path):
    data = club()
    where(data)["colour"] = "green"
    found = problem(data)
    assert found.path == path
    assert "Unknown field 'colour'" in found.text()


def test_an_unknown_field_in_a_party_file_is_the_party_file_s_problem():
    data = club()
    data["parties"][1]["party"]["time_caled"] = []
    found = problem(data)
    assert (found.party, found.party_name) == (2, "Spring Card Party")
    assert found.path == "parties[1].party.time_caled"
    assert found.party_problem is not None and found.party_problem.path == "time_caled"


def test_a_player_with_no_member_is_refused():
    data = club()
    del data["parties"][1]["members"]["Eli"]
    found = problem(data)
    assert (found.party, found.party_name, found.path) == (
        2,
        "Spring Card Party",
        "parties[1].members",
    )
    assert "Eli" in found.text() and "member" in found.text()


def test_an_arrival_with_no_member_is_refused():
    data = club()
    del data["parties"][0]["members"]["Jo"]
    found = problem(data)
    assert (found.party, found.party_name) == (1, "Harvest Night")
    assert "Jo" in found.text()


def test_a_member_twice_in_one_party_is_refused():
    data = club()
    data["parties"][1]["members"]["Eli"] = "Ana"
    found = problem(data)
    assert found.path == "parties[1].members.Eli"
    assert found.text().startswith("Eli and Ana are both the member Ana;")


def test_a_member_not_listed_is_refused():
    data = club()
    data["parties"][1]["members"]["Eli"] = "Elias"
    found = problem(data)
    assert found.path == "parties[1].members.Eli"
    assert "'Elias' is not one of the members" in found.text()


def test_a_mapping_for_someone_who_did_not_play_is_refused():
    data = club()
    data["parties"][1]["members"]["Fay"] = "Fay"
    found = problem(data)
    assert found.path == "parties[1].members.Fay"
    assert "'Fay' is not one of the party's players" in found.text()


def test_an_unknown_season_is_refused():
    data = club()
    data["parties"][1]["season"] = "Winter"
    found = problem(data)
    assert (found.party, found.path) == (2, "parties[1].season")
    assert "'Winter' is not one of the seasons" in found.text()


@pytest.mark.parametrize(
    ("change", "path"),
    [
        (lambda d: d.update(members=["Ana", "Ana "]), "members[1]"),
        (lambda d: d.update(members="Ana"), "members"),
        (lambda d: d.update(members=["x" * 81]), "members[0]"),
        (lambda d: d.pop("members"), "members"),
        (lambda d: d.update(name="  "), "name"),
        (lambda d: d["seasons"].append({"name": "Spring"}), "seasons[2]"),
        (lambda d: d["seasons"][0].update(best_of=0), "seasons[0].best_of"),
        (lambda d: d["seasons"][0].update(best_of=True), "seasons[0].best_of"),
        (lambda d: d["seasons"][0].pop("name"), "seasons[0].name"),
        (lambda d: d.update(parties={}), "parties"),
        (lambda d: d["parties"][1].pop("party"), "parties[1].party"),
        (lambda d: d["parties"][1].update(members=["Ana"]), "parties[1].members"),
    ],
)
def test_the_club_s_own_fields_are_checked(change, path):
    data = club()
    change(data)
    assert problem(data).path == path


def test_a_party_s_deal_the_rules_refuse_names_the_party_round_table_and_deal():
    data = club()
    data["parties"][1]["party"]["rounds"][0]["deals"][2]["bid"] = RULES.max_bid + 1
    found = problem(data)
    assert (found.party, found.party_name) == (2, "Spring Card Party")
    inner = found.party_problem
    assert (inner.round, inner.table, inner.deal, inner.field) == (1, 1, 3, "bid")
    error = from_club_problem(found)
    assert str(error).startswith("party 2 (Spring Card Party): round 1, table 1, deal 3: bid: ")
    assert (error.party, error.path) == (2, "parties[1].party.rounds[0].deals[2].bid")


def test_a_problem_of_the_club_s_fields_says_where_it_is():
    data = club()
    data["parties"][0]["season"] = "Winter"
    error = from_club_problem(problem(data))
    assert str(error) == (
        "party 1 (Harvest Night): 'Winter' is not one of the seasons listed in seasons."
    )
    data = club()
    data["members"].append("Ana")
    assert str(from_club_problem(problem(data))) == (
        "members[11]: Ana is listed twice; a club's members have different names."
    )


def test_a_control_character_anywhere_is_refused_with_its_path():
    data = club()
    data["members"][0] = "An\x00a"
    assert problem(data).path == "members[0]"


def test_reading_does_not_change_the_document():
    data = club()
    before = copy.deepcopy(data)
    club_file_read(data)
    assert data == before


def test_a_control_character_in_a_party_names_the_party():
    data = club()
    data["parties"][1]["members"]["Eli"] = "E\x07li"
    found = problem(data)
    assert (found.party, found.party_name, found.path) == (
        2,
        "Spring Card Party",
        "parties[1].members.Eli",
    )
    data = club()
    data["parties"][1]["party"]["venue"] = "Hall\x00"
    found = problem(data)
    assert (found.party, found.path) == (2, "parties[1].party.venue")
    assert found.party_problem is not None


def test_a_long_party_name_is_shortened_where_it_locates_a_problem():
    data = club()
    data["parties"][1]["party"]["name"] = "N" * 500
    error = from_club_problem(problem(data))
    assert str(error).startswith(f"party 2 ({'N' * 57}...): name: ")
