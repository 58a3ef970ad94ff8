"""Reading a party file into plain values, with no database: every problem is
located, hostile documents are refused, and a dumped party reads back whole.

No test here may touch the database (none has the ``django_db`` mark, so
pytest-django refuses any query)."""

from __future__ import annotations

import ast
import copy
import json
import os
from pathlib import Path

import pytest
from hypothesis import given, settings

from scoring.rules import RULESETS
from tournaments import models
from tournaments.partyfile import PartyFile, PartyFileProblem, party_file_read
from tournaments.partyfile import check as file_check
from tournaments.partyfile.common import from_problem
from tournaments.partyfile.document import json_read
from tournaments.partyfile.values import DUMP_ONLY, DealVersion

from .mutations import mutated_files

RULES = RULESETS["monterey-draw"]
DUMPED = Path(__file__).parents[1] / "data" / "harvest_night.json"
PARSER = Path(file_check.__file__).parent
PURE_MODULES = ("parse.py", "rounds.py", "check.py", "document.py", "values.py")


def made(bidder: int, points: int) -> dict:
    """A deal record whose bidder made the lowest bid with ``points``."""
    return {"bidder": bidder, "bid": RULES.min_bid, "bidding_team_points": points}


EXAMPLE = {
    "format": "pedroparty/1",
    "name": "Spring Card Party",
    "date": "2026-04-18",
    "options": {"movement": "up_down", "sitout_credit": "average"},
    "players": ["Ana", "Bea", "Cruz", "Dee", "Eli"],
    "seating": [["Ana", "Bea", "Cruz", "Dee"]],
    "rounds": [
        {
            "deals": [
                {"table": 1, "deal": deal, **made(deal % 4, RULES.total_points)}
                for deal in range(1, RULES.deals_per_round + 1)
            ],
            "tiebreaks": {},
        }
    ],
    "prizes": ["Wine", "Chocolates"],
    "prize_picks": [{"player": "Ana", "prize": 2}],
}


def example() -> dict:
    return copy.deepcopy(EXAMPLE)


def problem_of(data) -> PartyFileProblem:
    with pytest.raises(PartyFileProblem) as error:
        party_file_read(data)
    return error.value


def test_the_parser_imports_nothing_from_django_nor_the_project_outside_the_rules():
    for name in PURE_MODULES:
        tree = ast.parse((PARSER / name).read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                modules = ["." * node.level + (node.module or "")]
            else:
                continue
            for module in modules:
                pure = module.startswith(".") or module.startswith("scoring.rules")
                assert pure or module.split(".")[0] in {
                    "__future__",
                    "ast",
                    "collections",
                    "dataclasses",
                    "datetime",
                    "json",
                    "math",
                    "types",
                    "typing",
                }, f"{name} imports {module}"
                assert not module.startswith((".load", ".dump", ".common")), name


def test_the_example_reads_into_frozen_values():
    party = party_file_read(example())
    assert isinstance(party, PartyFile)
    assert party.players == ("Ana", "Bea", "Cruz", "Dee", "Eli")
    assert party.seating == (("Ana", "Bea", "Cruz", "Dee"),) and party.seed is None
    assert party.rules == RULES and party.ruleset == RULES.name
    assert dict(party.party_options) == {"movement": "up_down", "sitout_credit": "average"}
    (round1,) = party.rounds
    assert round1.number == 1 and not round1.open
    assert [(d.table, d.deal) for d in round1.deals] == [
        (1, deal) for deal in range(1, RULES.deals_per_round + 1)
    ]
    assert round1.deals[0].result == DealVersion(
        bidder=1, bid=RULES.min_bid, bidding_team_points=RULES.total_points
    )
    assert round1.deals[2].path == "rounds[0].deals[2]"
    assert [(p.player, p.prize) for p in party.prize_picks] == [("Ana", 2)]
    with pytest.raises(AttributeError):
        party.name = "Another"  # type: ignore[misc]


def test_the_file_s_options_shape_the_rules_its_deals_are_checked_by():
    data = example()
    data["options"].update(deals_per_round=RULES.deals_per_round + 1, target=RULES.target + 1)
    data["rounds"][0]["deals"].append(
        {"table": 1, "deal": RULES.deals_per_round + 1, **made(0, RULES.total_points)}
    )
    party = party_file_read(data)
    assert party.rules.deals_per_round == RULES.deals_per_round + 1
    assert party.rules.target == RULES.target + 1
    assert dict(party.house_options) == {"target": RULES.target + 1}
    assert party.party_options["deals_per_round"] == RULES.deals_per_round + 1
    data["options"]["deals_per_round"] = RULES.deals_per_round
    deal = problem_of(data)
    assert (deal.path, deal.field) == ("rounds[0].deals[4].deal", "deal")
    assert (deal.round, deal.table, deal.deal) == (1, 1, RULES.deals_per_round + 1)


def test_the_limits_are_the_models():
    assert (
        tuple(kind for kind in models.Prize.Kind.values if kind != models.Prize.Kind.PLACE)
        == file_check.SPECIAL_KINDS
    )
    assert (file_check.ROUND_MINUTES_MIN, file_check.ROUND_MINUTES_MAX) == (
        models.ROUND_MINUTES_MIN,
        models.ROUND_MINUTES_MAX,
    )
    assert models.Party._meta.get_field("name").max_length == file_check.NAME_MAX
    assert models.Party._meta.get_field("venue").max_length == file_check.VENUE_MAX


# --------------------------------------------------------------------- located problems


def _set(path, value):
    def change(data):
        target = data
        for step in path[:-1]:
            target = target[step]
        target[path[-1]] = value

    return change


def _deal(index, **fields):
    return lambda d: d["rounds"][0]["deals"][index].update(fields)


def _second_round(**fields):
    def change(data):
        data["players"] += ["Fay", "Gus", "Hal"]
        data["rounds"].append({"deals": [], **fields})

    return change


PROBLEMS = [
    # (change, path, (round, table, deal), field, words)
    (_set(["format"], "pedroparty/2"), "format", None, "format", "not a pedroparty/1"),
    (_set(["vanue"], "Hall"), "vanue", None, "vanue", "Unknown field"),
    (_set(["name"], " "), "name", None, "name", "Give the party's name"),
    (_set(["date"], "18/04/2026"), "date", None, "date", "YYYY-MM-DD"),
    (_set(["venue"], 7), "venue", None, "venue", "The venue is a text"),
    (_set(["ruleset"], "euchre"), "ruleset", None, "ruleset", "Unknown ruleset 'euchre'"),
    (_set(["ruleset"], 3), "ruleset", None, "ruleset", "Unknown ruleset 3"),
    (_set(["ruleset"], "railroad"), "ruleset", None, "ruleset", "not played by two fixed pairs"),
    (_set(["ruleset"], "individual"), "ruleset", None, "ruleset", "a party plays a partnership"),
    (_set(["options"], []), "options", None, "options", "an object of option names"),
    (_set(["options", "dealer"], 1), "options", None, "options", "Unknown option 'dealer'"),
    (_set(["options", "deals_per_round"], True), "options", None, "options", "deals_per_round"),
    (_set(["options", "deals_per_round"], 0), "options", None, "options", "not 0"),
    (_set(["options", "shoot_set_penalty"], 20), "options", None, "options", "shoot_set"),
    (_set(["planned_rounds"], 0), "planned_rounds", None, "planned_rounds", "not 0"),
    (_set(["round_minutes"], "20"), "round_minutes", None, "round_minutes", "not '20'"),
    (_set(["public"], {"open": "yes"}), "public", None, "public", "public is"),
    (_set(["wifi"], {"pass": "x"}), "wifi", None, "wifi", "wifi is"),
    (_set(["tableside_entry"], 1), "tableside_entry", None, "tableside_entry", "not 1"),
    (_set(["players"], []), "players", None, "players", "List the players"),
    (_set(["players", 4], 5), "players[4]", None, "players", "A player is a name, not 5"),
    (_set(["players", 4], "Ana"), "players[4]", None, "players", "Ana is listed twice"),
    (
        lambda d: d["players"].__setitem__(0, "Ana  Maria") or _set(["players", 4], "Ana Maria")(d),
        "players[4]",
        None,
        "players",
        "Ana Maria is already registered",
    ),
    (_set(["seed"], 4), "seating", None, "seating", "not both"),
    (lambda d: d.pop("seating"), "seating", None, "seating", "or a seed"),
    (lambda d: d.pop("seating") and d.update(seed="4"), "seed", None, "seed", "not '4'"),
    (_set(["seating"], {"1": []}), "seating", None, "seating", "A seating is a list"),
    (_set(["seating", 0], "Ana"), "seating[0]", None, "seating", "Table 1 must list"),
    (_set(["seating", 0, 3], "Zed"), "seating[0][3]", None, "seating", "'Zed' is not a reg"),
    (_set(["rounds"], {}), "rounds", None, "rounds", "The rounds are a list"),
    (_set(["seating"], []), "rounds", None, "rounds", "Round 1 is not seated"),
    (_set(["prizes"], ["Wine", 2]), "prizes", None, "prizes", "prizes lists"),
    (
        _set(["special_prizes"], {"best_hat": "Hat"}),
        "special_prizes",
        None,
        "special_prizes",
        "maps",
    ),
    (_set(["prize_picks", 0, "prize"], 3), "prize_picks", None, "prize_picks", "prize_picks lists"),
    (
        _set(["prize_picks", 0, "player"], "Zed"),
        "prize_picks[0].player",
        None,
        "prize_picks",
        "'Zed' is not a registered player",
    ),
    # a round
    (_set(["rounds", 0], []), "rounds[0]", (1, None, None), None, "A round is an object"),
    (
        _set(["rounds", 0, "time_caled"], [1]),
        "rounds[0].time_caled",
        (1, None, None),
        "time_caled",
        "Unknown field",
    ),
    (
        _set(["rounds", 0, "deals"], {}),
        "rounds[0].deals",
        (1, None, None),
        "deals",
        "List the round's",
    ),
    (_set(["rounds", 0, "open"], "yes"), "rounds[0].open", (1, None, None), "open", "not 'yes'"),
    (
        lambda d: d["rounds"][0].update(open=True) or _second_round()(d),
        "rounds[0].open",
        (1, None, None),
        "open",
        "Only the last round can be open: round 2 follows it.",
    ),
    (
        _second_round(seating_override=[["Fay", "Gus", "Hal", "Ivy"]]),
        "rounds[1].seating_override[0][3]",
        (2, None, None),
        "seating_override",
        "'Ivy' is not a registered player",
    ),
    (
        _set(["rounds", 0, "time_called"], ["1"]),
        "rounds[0].time_called",
        (1, None, None),
        "time_called",
        "a list of table numbers",
    ),
    (
        _set(["rounds", 0, "time_called"], [1, 1]),
        "rounds[0].time_called",
        (1, None, None),
        "time_called",
        "Table 1 is listed twice",
    ),
    (
        _set(["rounds", 0, "tiebreaks"], []),
        "rounds[0].tiebreaks",
        (1, None, None),
        "tiebreaks",
        "maps a table number",
    ),
    (
        _set(["rounds", 0, "tiebreaks"], {"²": 0}),
        "rounds[0].tiebreaks",
        (1, None, None),
        "tiebreaks",
        "There is no table '²'",
    ),
    (
        _set(["rounds", 0, "tiebreaks"], {"1": 2}),
        "rounds[0].tiebreaks",
        (1, 1, None),
        "tiebreaks",
        "team 0 or team 1, not 2",
    ),
    (
        _set(["rounds", 0, "tiebreaks"], {"1": 0, "01": 1}),
        "rounds[0].tiebreaks",
        (1, None, None),
        "tiebreaks",
        "Table 1 is listed twice",
    ),
    (
        _set(["rounds", 0, "arrivals"], "Fay"),
        "rounds[0].arrivals",
        (1, None, None),
        "arrivals",
        "a list of names",
    ),
    (
        _set(["rounds", 0, "arrivals"], ["Eli"]),
        "rounds[0].arrivals[0]",
        (1, None, None),
        "arrivals",
        "Eli is already registered",
    ),
    (
        _set(["rounds", 0, "departures"], ["Zed"]),
        "rounds[0].departures[0]",
        (1, None, None),
        "departures",
        "'Zed' is not",
    ),
    (
        lambda d: d["rounds"][0].update(departures=["Eli"]) or _second_round(departures=["Eli"])(d),
        "rounds[1].departures[0]",
        (2, None, None),
        "departures",
        "Eli has already left",
    ),
    # a deal record
    (
        _set(["rounds", 0, "deals", 1], 7),
        "rounds[0].deals[1]",
        (1, None, None),
        "deals",
        "Deal record 2 is not",
    ),
    (_deal(1, table="1"), "rounds[0].deals[1].table", (1, None, 2), "table", "deal record 2"),
    (_deal(1, deal=None), "rounds[0].deals[1].deal", (1, 1, None), "deal", "not None"),
    (_deal(1, bidr=1), "rounds[0].deals[1].bidr", (1, 1, 2), "bidr", "Unknown field"),
    (_deal(1, deal=1), "rounds[0].deals[1].deal", (1, 1, 1), "deal", "listed twice"),
    (_deal(1, trump=1), "rounds[0].deals[1].trump", (1, 1, 2), "trump", "Trump must be"),
    (_deal(1, tally="9-7"), "rounds[0].deals[1].tally", (1, 1, 2), "tally", "The tally is"),
    (
        _deal(1, amendments=[]),
        "rounds[0].deals[1].amendments",
        (1, 1, 2),
        "amendments",
        "earlier versions",
    ),
    (
        _deal(1, amendments=[3]),
        "rounds[0].deals[1].amendments[0]",
        (1, 1, 2),
        "amendments[0]",
        "An earlier version",
    ),
    (
        _deal(1, amendments=[{**made(0, RULES.min_bid), "reason": "typo", "why": "x"}]),
        "rounds[0].deals[1].amendments[0].why",
        (1, 1, 2),
        "amendments[0].why",
        "Unknown field",
    ),
    (
        _deal(1, amendments=[made(0, RULES.min_bid)]),
        "rounds[0].deals[1].amendments[0].reason",
        (1, 1, 2),
        "amendments[0].reason",
        "Say why",
    ),
    (
        _deal(2, bid=RULES.min_bid - 1),
        "rounds[0].deals[2].bid",
        (1, 1, 3),
        "bid",
        f"{RULES.min_bid} to {RULES.max_bid}",
    ),
    (
        _deal(2, bidding_team_points=RULES.total_points + 1),
        "rounds[0].deals[2].bidding_team_points",
        (1, 1, 3),
        "bidding_team_points",
        f"from 0 to {RULES.total_points}",
    ),
    (_deal(2, bidder=4), "rounds[0].deals[2].bidder", (1, 1, 3), "bidder", ""),
    (_deal(2, cards={"A": 0}), "rounds[0].deals[2].cards", (1, 1, 3), "cards", ""),
    (
        _deal(
            2, amendments=[{**made(0, RULES.min_bid), "bid": RULES.max_bid + 1, "reason": "typo"}]
        ),
        "rounds[0].deals[2].amendments[0].bid",
        (1, 1, 3),
        "amendments[0].bid",
        f"not {RULES.max_bid + 1}",
    ),
    (
        _deal(
            2,
            amendments=[
                {**made(0, RULES.min_bid), "reason": "typo"},
                {**made(0, RULES.min_bid), "bidder": -1, "reason": "typo"},
            ],
        ),
        "rounds[0].deals[2].amendments[1].bidder",
        (1, 1, 3),
        "amendments[1].bidder",
        "",
    ),
]


@pytest.mark.parametrize(
    ("change", "path", "where", "field", "words"),
    PROBLEMS,
    ids=[f"{index}-{case[1]}" for index, case in enumerate(PROBLEMS)],
)
def test_every_problem_says_where_it_is(change, path, where, field, words):
    data = example()
    change(data)
    problem = problem_of(data)
    assert problem.path == path
    assert (problem.round, problem.table, problem.deal) == (where or (None, None, None))
    assert problem.field == field
    assert words in problem.text()
    assert str(problem) == f"{path}: {problem.text()}"


def test_a_problem_reads_for_people_as_the_loader_reports_it():
    data = example()
    data["rounds"][0]["deals"][2]["bid"] = RULES.min_bid - 1
    error = from_problem(problem_of(data))
    assert str(error).startswith("round 1, table 1, deal 3: bid: The bid must be ")
    assert (error.round, error.table, error.deal, error.field) == (1, 1, 3, "bid")
    assert error.path == "rounds[0].deals[2].bid"


# --------------------------------------------------------------------- hostile documents

HOSTILE = [
    (b"[" * 200_000, "", "nested too deeply"),
    (b'{"seed": ' + b"7" * 5000 + b"}", "", "number far too long"),
    (b"NaN", "", "NaN, which is not a number"),
    (b'{"x": -Infinity}', "", "-Infinity, which is not a number"),
    (b"\xff\xfe{}", "", "not UTF-8"),
    (b"{'format': 1}", "", "not valid JSON"),
]


@pytest.mark.parametrize(("content", "path", "words"), HOSTILE)
def test_hostile_bytes_are_refused_as_a_problem(content, path, words):
    with pytest.raises(PartyFileProblem) as error:
        json_read(content)
    assert error.value.path == path
    assert words in error.value.text()


@pytest.mark.parametrize(
    ("change", "path", "words"),
    [
        (_set(["players", 4], "E\x00li"), "players[4]", "U+0000"),
        (_set(["players", 4], "E\ud800li"), "players[4]", "U+D800"),
        (_set(["name"], "Night\x7f"), "name", "U+007F"),
        (_set(["rounds", 0, "tiebreaks"], {"1\x00": 0}), "rounds[0].tiebreaks", "U+0000"),
        (_set(["seed"], 10**30), "seed", "far too large"),
        (_set(["rounds", 0, "deals", 0, "bid"], -(2**64)), "rounds[0].deals[0].bid", "too large"),
        (_set(["rounds", 0, "deals", 0, "deal"], float("inf")), "rounds[0].deals[0].deal", "inf"),
        (_set(["options", 3], "x"), "options", "are texts, not 3"),
        (_set(["venue"], {"a", "b"}), "venue", "JSON values only"),
    ],
)
def test_values_no_field_can_hold_are_refused_wherever_they_are(change, path, words):
    data = example()
    change(data)
    problem = problem_of(data)
    assert (problem.path, problem.field) == (path, path)
    assert words in problem.text()


def test_any_depth_of_nesting_is_walked_without_recursion():
    deep: list = []
    for _ in range(100_000):
        deep = [deep]
    data = example()
    data["venue"] = deep
    assert "venue is a text" in problem_of(data).text()
    assert "A party file is a JSON object" in problem_of(deep).text()


@settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", "300")), deadline=None)
@given(data=mutated_files(example))
def test_the_parser_only_ever_raises_a_located_problem(data):
    try:
        party_file_read(data)
    except PartyFileProblem as problem:
        assert problem.text()
        assert isinstance(problem.path, str)


# --------------------------------------------------------------------- a dumped party


def as_file(party: PartyFile) -> dict:
    """The party file ``party`` was read from, as ``party_dump`` writes it
    (without the fields it adds for readers)."""

    def version(v: DealVersion) -> dict:
        fields = v.fields()
        written = {k: value for k, value in fields.items() if value not in (None, "")}
        return {**written, **({"reason": v.reason} if v.reason is not None else {})}

    rounds = []
    for entry in party.rounds:
        written: dict = {"open": True} if entry.open else {}
        if entry.seating_override is not None:
            written["seating_override"] = [list(t) for t in entry.seating_override]
        written["deals"] = [
            {
                "table": d.table,
                "deal": d.deal,
                **version(d.result),
                **({"amendments": [version(v) for v in d.amendments]} if d.amendments else {}),
            }
            for d in entry.deals
        ]
        written["time_called"] = list(entry.time_called)
        written["tiebreaks"] = {str(table): team for table, team in entry.tiebreaks.items()}
        written["arrivals"] = list(entry.arrivals)
        written["departures"] = list(entry.departures)
        rounds.append(written)
    data = {
        "format": "pedroparty/1",
        "name": party.name,
        "date": party.date.isoformat(),
        "venue": party.venue,
        "ruleset": party.ruleset,
        "options": {**party.party_options, **party.house_options},
        "planned_rounds": party.planned_rounds,
        "round_minutes": party.round_minutes,
        "public": dict(party.public or {}),
        **({"tableside_entry": True} if party.tableside_entry else {}),
        "players": list(party.players),
        "seating": [list(t) for t in party.seating or ()],
        "rounds": rounds,
        "prizes": list(party.prizes),
        "special_prizes": dict(party.special_prizes),
        "prize_picks": [{"player": p.player, "prize": p.prize} for p in party.prize_picks],
    }
    if party.wifi is not None:
        data["wifi"] = dict(party.wifi)
    return data


def without_dump_only(dumped: dict) -> dict:
    data = {k: v for k, v in dumped.items() if k not in DUMP_ONLY["top"]}
    data["rounds"] = [
        {
            **{k: v for k, v in entry.items() if k not in DUMP_ONLY["round"]},
            "deals": [
                {k: v for k, v in deal.items() if k not in DUMP_ONLY["deal"]}
                for deal in entry["deals"]
            ],
        }
        for entry in dumped["rounds"]
    ]
    return data


def test_a_dumped_party_reads_back_whole():
    dumped = json.loads(DUMPED.read_text())
    party = party_file_read(dumped)
    assert as_file(party) == without_dump_only(dumped)
    # What the stored dump holds, so that this test covers every optional field.
    assert party.wifi is not None and party.public is not None and party.special_prizes
    assert any(d.amendments for r in party.rounds for d in r.deals)
    assert any(d.result.cards for r in party.rounds for d in r.deals)
    assert any(r.seating_override for r in party.rounds)
    assert any(r.arrivals for r in party.rounds) and any(r.departures for r in party.rounds)
    assert any(r.time_called for r in party.rounds) and any(r.tiebreaks for r in party.rounds)
    assert party.prize_picks


def test_a_dumped_party_in_play_reads_back_with_its_open_round():
    dumped = json.loads(DUMPED.read_text())
    last = dumped["rounds"][-1]
    last["open"] = True
    last["deals"] = last["deals"][:3]
    dumped["prize_picks"] = []
    party = party_file_read(dumped)
    assert party.rounds[-1].open and not party.rounds[0].open
    assert as_file(party) == without_dump_only(dumped)


def test_a_last_round_listing_nothing_is_read_as_open():
    data = example()
    data["rounds"][0]["arrivals"] = ["Fay", "Gus", "Hal"]
    data["rounds"].append({"deals": []})
    assert [r.open for r in party_file_read(data).rounds] == [False, True]
    data["rounds"][1]["time_called"] = [1]
    assert [r.open for r in party_file_read(data).rounds] == [False, False]


def test_a_party_not_seated_yet_reads_with_an_empty_seating():
    data = example()
    data.update(seating=[], rounds=[], prize_picks=[])
    party = party_file_read(data)
    assert party.seating == () and party.rounds == ()
    data.pop("seating")
    data["seed"] = 2026
    assert party_file_read(data).seating is None and party_file_read(data).seed == 2026


def test_either_spelling_of_a_name_refers_to_the_player():
    data = example()
    data["players"][0] = "Ana  Maria"
    data["seating"][0][0] = "Ana Maria"
    data["prize_picks"][0]["player"] = "Ana  Maria"
    party = party_file_read(data)
    assert party.seating[0][0] == "Ana  Maria"
    assert party.prize_picks[0].player == "Ana  Maria"
