"""GET /healthz: dependency status as JSON, 503 when a required one is down."""

from unittest import mock

import django.conf
import pytest
from django.db import DEFAULT_DB_ALIAS, OperationalError, connections
from django.urls import reverse

URL = reverse("healthz")
UNREACHABLE_REDIS = "redis://127.0.0.1:1/0"  # nothing listens on port 1
REDIS_CONFIGURED = django.conf.settings.REDIS_URL is not None


@pytest.mark.django_db
def test_ok_with_the_configured_services(client, settings):
    response = client.get(URL)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    expected_redis = "ok" if settings.REDIS_URL else "not configured"
    assert response.json() == {"database": "ok", "redis": expected_redis}


@pytest.mark.django_db
def test_is_never_cached(client):
    response = client.get(URL)
    assert "no-cache" in response["Cache-Control"]


def test_database_failure_is_503(client, settings):
    settings.REDIS_URL = None
    failing_cursor = mock.patch.object(
        connections[DEFAULT_DB_ALIAS],
        "cursor",
        side_effect=OperationalError("connection refused by 10.0.0.5"),
    )
    with failing_cursor:
        response = client.get(URL)
    assert response.status_code == 503
    assert response.json() == {"database": "error: OperationalError", "redis": "not configured"}


@pytest.mark.django_db
def test_redis_not_configured_is_healthy(client, settings):
    settings.REDIS_URL = None
    response = client.get(URL)
    assert response.status_code == 200
    assert response.json()["redis"] == "not configured"


@pytest.mark.django_db
def test_redis_configured_but_unreachable_is_503(client, settings):
    settings.REDIS_URL = UNREACHABLE_REDIS
    response = client.get(URL)
    assert response.status_code == 503
    assert response.json() == {"database": "ok", "redis": "error: ConnectionError"}


@pytest.mark.django_db
@pytest.mark.skipif(not REDIS_CONFIGURED, reason="REDIS_URL not set (CI sets it)")
def test_real_redis_is_ok(client):
    response = client.get(URL)
    assert response.status_code == 200
    assert response.json()["redis"] == "ok"


def test_post_is_not_allowed(client):
    assert client.post(URL).status_code == 405
