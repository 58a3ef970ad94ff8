"""A table's four seats are read by a named value: its id, a seat's token or
the creator's token, never a filter."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scoring import selectors, services
from scoring.services import SeatSpec

pytestmark = pytest.mark.django_db


@pytest.fixture
def table():
    seats = [SeatSpec(name, "human") for name in ("Ana", "Bea", "Cruz", "Dani")]
    return services.table_create(seats=seats, deals=1)


def test_each_name_of_a_table_reads_its_four_seats_in_one_query(table):
    token = table.seats.get(seat=2).token
    for named in ({"table_id": table.pk}, {"token": token}, {"creator_token": table.creator_token}):
        with CaptureQueriesContext(connection) as queries:
            seats = selectors.table_seats(**named)
        assert len(queries) == 1
        assert [seat.name for seat in seats] == ["Ana", "Bea", "Cruz", "Dani"]
        assert all(seat.table == table for seat in seats)


def test_an_unknown_name_reads_no_seats(table):
    assert selectors.table_seats(token=table.creator_token) == []
    assert selectors.table_seats(creator_token=table.seats.first().token) == []
    assert selectors.table_seats(table_id=table.pk + 1) == []


@pytest.mark.parametrize("named", [{}, {"table_id": 1, "token": "x"}])
def test_a_table_is_named_exactly_once(named):
    with pytest.raises(TypeError):
        selectors.table_seats(**named)
