"""The JSON API's documents built from plain values, without a database."""

from __future__ import annotations

import datetime
import json
from dataclasses import dataclass
from decimal import Decimal

from tournaments import api_selectors


@dataclass
class FakeParty:
    party_id: int
    slug: str
    name: str
    date: datetime.date
    status: str


@dataclass
class FakeLine:
    rank: int
    member_id: int
    name: str
    total: int
    parties: int
    average: Decimal
    rounds_won: int
    nights_counted: int


@dataclass
class FakeTable:
    season_id: int
    name: str
    club_name: str
    version: int
    best_of: int | None
    parties: list
    rows: list


def test_the_season_document_field_by_field():
    table = FakeTable(
        season_id=4,
        name="2026",
        club_name="St. Mary's",
        version=12,
        best_of=None,
        parties=[FakeParty(1, "jan-abc123", "January", datetime.date(2026, 1, 17), "finished")],
        rows=[
            FakeLine(1, 7, "Ana", 174, 2, Decimal("87"), 5, 2),
            FakeLine(2, 8, "Élodie", -3, 3, Decimal("-1.05"), 0, 3),
        ],
    )
    data = json.loads(json.dumps(api_selectors.season_document(table)))
    assert list(data) == ["api", "season", "parties", "standings"]
    assert data["api"] == 1
    assert data["season"] == {"name": "2026", "club": "St. Mary's", "best_of": None, "version": 12}
    assert data["parties"] == [{"name": "January", "date": "2026-01-17", "status": "finished"}]
    assert data["standings"] == [
        {"rank": 1, "member": "Ana", "total": 174, "parties": 2, "average": "87.0",
         "rounds_won": 5, "nights_counted": 2},
        {"rank": 2, "member": "Élodie", "total": -3, "parties": 3, "average": "-1.1",
         "rounds_won": 0, "nights_counted": 3},
    ]  # fmt: skip
    for row in data["standings"]:
        assert list(row) == [
            "rank", "member", "total", "parties", "average", "rounds_won", "nights_counted"
        ]  # fmt: skip
        assert isinstance(row["average"], str)
        assert all(isinstance(v, int) for k, v in row.items() if k not in ("member", "average"))
    table.best_of = 8
    assert api_selectors.season_document(table)["season"]["best_of"] == 8
