"""The JSON API's documents built from plain values, without a database."""

from __future__ import annotations

import dataclasses
import datetime
import json
from decimal import Decimal

from tournaments.api.selectors import documents as api_selectors
from tournaments.clubs.selectors import SeasonLine, SeasonParty, SeasonTable


def test_the_season_document_field_by_field():
    table = SeasonTable(
        season_id=4,
        name="2026",
        club_name="St. Mary's",
        version=12,
        best_of=None,
        parties=[SeasonParty(1, "jan-abc123", "January", datetime.date(2026, 1, 17), "finished")],
        rows=[
            SeasonLine(1, 7, "Ana", 174, 2, Decimal("87"), 5, 2, 14.25, 16),
            SeasonLine(2, 8, "Élodie", -3, 3, Decimal("-1.05"), 0, 3),
        ],
    )
    data = json.loads(json.dumps(api_selectors.season_document(table)))
    assert list(data) == ["api", "season", "parties", "standings", "nights_left_out"]
    assert data["api"] == 1
    assert data["season"] == {"name": "2026", "club": "St. Mary's", "best_of": None, "version": 12}
    assert data["parties"] == [
        {"name": "January", "date": "2026-01-17", "status": "finished", "shown": True}
    ]
    assert data["nights_left_out"] == 0
    assert data["standings"] == [
        {"rank": 1, "member": "Ana", "total": 174, "parties": 2, "average": "87.0",
         "rounds_won": 5, "nights_counted": 2, "rating": "14.3", "rated_rounds": 16},
        {"rank": 2, "member": "Élodie", "total": -3, "parties": 3, "average": "-1.1",
         "rounds_won": 0, "nights_counted": 3, "rating": None, "rated_rounds": 0},
    ]  # fmt: skip
    for row in data["standings"]:
        assert list(row) == [
            "rank", "member", "total", "parties", "average", "rounds_won", "nights_counted",
            "rating", "rated_rounds",
        ]  # fmt: skip
        assert isinstance(row["average"], str)
        numbers = {k: v for k, v in row.items() if k not in ("member", "average", "rating")}
        assert all(isinstance(v, int) for v in numbers.values())
    table = dataclasses.replace(table, best_of=8)
    assert api_selectors.season_document(table)["season"]["best_of"] == 8


def test_a_night_whose_standings_are_hidden_is_counted_as_left_out_of_the_public_table():
    night = SeasonParty(2, "feb-abc123", "February", datetime.date(2026, 2, 21), "running", False)
    coming = SeasonParty(3, "mar-abc123", "March", datetime.date(2026, 3, 21), "setup", False)
    table = SeasonTable(4, "2026", "St. Mary's", 12, None, [night, coming], [])
    data = api_selectors.season_document(table)
    assert [party["shown"] for party in data["parties"]] == [False, False]
    assert data["nights_left_out"] == 1, "a night not begun leaves nothing out"
    organisers = api_selectors.season_document(dataclasses.replace(table, public=False))
    assert organisers["nights_left_out"] == 0
