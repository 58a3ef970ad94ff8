"""Creating casual tables at /play/ is limited per client and in all, per
minute and per hour: over a limit the page is a 429 that says when to try
again, and nothing is created."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from scoring.models import OnlineTable

from .builders import make_table

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_think")]

FORM = {
    "ruleset": "monterey-draw",
    "length": "deals",
    "deals": "3",
    "target": "",
    "idle_seconds": "120",
} | {f"kind{n}": "human" for n in range(1, 5)}


@pytest.fixture
def limits(settings):
    """Every limit off; each test turns on the one it is about."""
    settings.PLAY_TABLES_PER_CLIENT_MINUTE = 0
    settings.PLAY_TABLES_PER_CLIENT_HOUR = 0
    settings.PLAY_TABLES_PER_MINUTE = 0
    settings.PLAY_TABLES_PER_HOUR = 0
    return settings


def create(client, address: str = "203.0.113.7", **headers):
    return client.post(reverse("play:new"), FORM, REMOTE_ADDR=address, **headers)


def age_tables(by: datetime.timedelta) -> None:
    """Pretend every table was created ``by`` earlier."""
    for table in OnlineTable.objects.all():
        OnlineTable.objects.filter(pk=table.pk).update(created_at=table.created_at - by)


def assert_refused(response, *, at_least: int, at_most: int) -> None:
    assert response.status_code == 429
    assert at_least <= int(response["Retry-After"]) <= at_most
    text = response.content.decode()
    assert "Too many new tables" in text and "No table was created" in text
    assert "Please try again in" in text


def test_a_client_over_its_minute_limit_is_refused_and_nothing_is_created(client, limits):
    limits.PLAY_TABLES_PER_CLIENT_MINUTE = 3
    for _ in range(3):
        assert create(client).status_code == 302
    response = create(client)
    assert_refused(response, at_least=1, at_most=60)
    assert OnlineTable.objects.count() == 3
    # Another client is not held back by this one.
    assert create(client, "198.51.100.20").status_code == 302
    assert OnlineTable.objects.count() == 4


def test_a_client_may_create_again_once_the_minute_has_passed(client, limits):
    limits.PLAY_TABLES_PER_CLIENT_MINUTE = 2
    create(client), create(client)
    assert create(client).status_code == 429
    age_tables(datetime.timedelta(seconds=61))
    assert create(client).status_code == 302


def test_a_client_over_its_hour_limit_waits_for_the_oldest_table_to_age_out(client, limits):
    limits.PLAY_TABLES_PER_CLIENT_HOUR = 2
    create(client), create(client)
    age_tables(datetime.timedelta(minutes=30))
    response = create(client)
    assert_refused(response, at_least=29 * 60, at_most=30 * 60)
    assert "30 minutes" in response.content.decode()
    assert OnlineTable.objects.count() == 2


def test_the_total_limit_refuses_every_client(client, limits):
    limits.PLAY_TABLES_PER_MINUTE = 3
    for n in range(3):
        assert create(client, f"192.0.2.{n + 1}").status_code == 302
    assert_refused(create(client, "192.0.2.99"), at_least=1, at_most=60)
    assert OnlineTable.objects.count() == 3


def test_the_total_hour_limit_counts_tables_of_every_client(client, limits):
    limits.PLAY_TABLES_PER_HOUR = 2
    create(client, "192.0.2.1")
    age_tables(datetime.timedelta(minutes=50))
    create(client, "192.0.2.2")
    assert_refused(create(client, "192.0.2.3"), at_least=9 * 60, at_most=10 * 60)
    assert OnlineTable.objects.count() == 2


def test_a_forwarded_for_header_does_not_make_a_new_client(client, limits):
    limits.PLAY_TABLES_PER_CLIENT_MINUTE = 1
    assert create(client, HTTP_X_FORWARDED_FOR="10.0.0.1").status_code == 302
    assert create(client, HTTP_X_FORWARDED_FOR="10.0.0.2").status_code == 429


def test_addresses_of_one_ipv6_network_are_one_client(client, limits):
    limits.PLAY_TABLES_PER_CLIENT_MINUTE = 1
    assert create(client, "2001:db8:1:2::1").status_code == 302
    assert create(client, "2001:db8:1:2:ffff::9").status_code == 429
    assert create(client, "2001:db8:1:3::1").status_code == 302


def test_the_address_is_not_stored_in_clear(client, limits):
    create(client, "203.0.113.7")
    stored = OnlineTable.objects.get().client
    assert stored and "203.0.113.7" not in stored


def test_a_limit_of_zero_is_no_limit(client, limits):
    for _ in range(4):
        assert create(client).status_code == 302
    assert OnlineTable.objects.count() == 4


def test_the_defaults_limit_a_flood(client, settings):
    """With the shipped settings one client cannot start hundreds of tables."""
    statuses = [
        create(client).status_code for _ in range(settings.PLAY_TABLES_PER_CLIENT_MINUTE + 1)
    ]
    assert statuses[-1] == 429
    assert OnlineTable.objects.count() == settings.PLAY_TABLES_PER_CLIENT_MINUTE


def test_tables_created_by_code_are_counted_but_not_limited(client, limits):
    """The limits are for web clients; tables made by code still count in the total."""
    limits.PLAY_TABLES_PER_MINUTE = 1
    make_table(), make_table()
    assert OnlineTable.objects.count() == 2
    assert create(client).status_code == 429
    assert OnlineTable.objects.count() == 2
