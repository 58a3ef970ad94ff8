"""The party file keeps the table-side entry option (optional, written only when on)."""

from __future__ import annotations

import json

import pytest

from tests.tournaments.builders import make_party
from tournaments.partyfile import PartyFileError, party_dump, party_load

pytestmark = pytest.mark.django_db


def test_the_option_survives_a_dump_and_a_load(host):
    party = make_party(host, tableside_entry=True)
    dumped = party_dump(party)
    assert dumped["tableside_entry"] is True
    loaded = party_load(json.loads(json.dumps(dumped)), owner=host)
    assert loaded.tableside_entry is True


def test_a_party_without_the_option_dumps_without_the_field(host):
    dumped = party_dump(make_party(host))
    assert "tableside_entry" not in dumped
    assert party_load(dumped, owner=host).tableside_entry is False


@pytest.mark.parametrize("value", ["yes", 1, None, [True]])
def test_a_value_that_is_not_true_or_false_is_refused(host, value):
    dumped = party_dump(make_party(host))
    with pytest.raises(PartyFileError, match="tableside_entry is true or false"):
        party_load({**dumped, "tableside_entry": value}, owner=host)
