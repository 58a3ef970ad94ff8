"""The parties a user hosts: the host's list and the tables they may put online."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scoring import services as play_services
from tournaments import selectors, services
from tournaments.models import AuditEntry
from tournaments.selectors import PARTY_LOAD_ACTION, PartyLine, parties_hosted_by

pytestmark = pytest.mark.django_db

NAMES = ["Ana", "Bea", "Cruz", "Dani", "Eli", "Fran", "Gil", "Hugo"]


@pytest.fixture
def people(django_user_model):
    make = django_user_model.objects.create_user
    return {
        "owner": make(username="owner", password="cards-and-wine-1"),
        "cohost": make(username="cohost", password="cards-and-wine-2"),
        "stranger": make(username="stranger", password="cards-and-wine-3"),
        "staff": make(username="staff", password="cards-and-wine-4", is_staff=True),
    }


def _party(owner, name: str, day: int):
    return services.party_create(owner=owner, name=name, date=datetime.date(2026, 4, day))


def test_owners_and_cohosts_see_their_parties_newest_first(people):
    owner, cohost = people["owner"], people["cohost"]
    spring = _party(owner, "Spring", 18)
    summer = _party(owner, "Summer", 25)
    theirs = _party(cohost, "Their own", 11)
    spring.cohosts.add(cohost)
    summer.cohosts.add(cohost, owner)  # an owner listed as co-host too: still once

    assert [line.name for line in parties_hosted_by(owner)] == ["Summer", "Spring"]
    assert [line.name for line in parties_hosted_by(cohost)] == ["Summer", "Spring", "Their own"]
    assert parties_hosted_by(people["stranger"]) == []
    everything = [line.slug for line in parties_hosted_by(people["staff"])]
    assert everything == [summer.slug, spring.slug, theirs.slug]


def test_a_line_is_plain_values_read_in_one_query(people):
    owner = people["owner"]
    party = _party(owner, "Spring", 18)
    loaded = AuditEntry.objects.create(
        party=party, user=owner, action=PARTY_LOAD_ACTION, summary="Loaded from a file"
    )
    _party(owner, "Summer", 25)
    with CaptureQueriesContext(connection) as queries:
        lines = parties_hosted_by(owner)
    assert len(queries) == 1
    assert all(isinstance(line, PartyLine) for line in lines)
    spring = lines[1]
    assert (spring.slug, spring.name, spring.date) == (party.slug, "Spring", party.date)
    assert spring.status_label == party.get_status_display()
    assert spring.loaded_at == loaded.at
    assert lines[0].loaded_at is None


def test_a_cohost_may_put_the_partys_free_tables_online(people):
    owner, cohost = people["owner"], people["cohost"]
    party = _party(owner, "Spring", 18)
    ids = [services.player_register(party=party, name=n, user=owner).pk for n in NAMES]
    rnd = services.round1_seat_manual(party=party, tables=[ids[:4], ids[4:]], user=owner)
    play_services.party_table_create(round=rnd, table=1, kinds=["human"] * 4, user=owner)
    assert selectors.party_table_choices(cohost) == []
    party.cohosts.add(cohost)

    (choice,) = selectors.party_table_choices(cohost)
    assert (choice.value, choice.round_id, choice.table) == (f"{rnd.pk}:2", rnd.pk, 2)
    assert choice.names == ("Eli", "Fran", "Gil", "Hugo")
    assert choice.label == "Spring, round 1, table 2: Eli, Fran, Gil, Hugo"
    assert selectors.party_table_choices(people["stranger"]) == []
    assert selectors.party_table_choices(people["staff"]) == [choice]
