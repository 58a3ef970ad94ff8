"""The settings of the creation limits, the unwatched tables and the sign-in
lockout: read from the environment, bad values stop start-up."""

from __future__ import annotations

import json

import pytest

from .test_settings import run_python, settings_error

READ = """
import json
import django
from django.conf import settings

django.setup()
print(json.dumps({
    name: getattr(settings, name)
    for name in ("PLAY_TABLES_PER_CLIENT_MINUTE", "PLAY_TABLES_PER_CLIENT_HOUR",
                 "PLAY_TABLES_PER_MINUTE", "PLAY_TABLES_PER_HOUR", "PLAY_UNWATCHED_SECONDS",
                 "AXES_FAILURE_LIMIT")
} | {"cooloff": settings.AXES_COOLOFF_TIME.total_seconds()}))
"""


def test_the_limits_are_read_from_the_environment():
    env = {
        "DJANGO_DEBUG": "true",
        "PLAY_TABLES_PER_CLIENT_MINUTE": "2",
        "PLAY_TABLES_PER_CLIENT_HOUR": "9",
        "PLAY_TABLES_PER_MINUTE": "0",
        "PLAY_TABLES_PER_HOUR": "99",
        "PLAY_UNWATCHED_SECONDS": "30",
        "LOGIN_FAILURE_LIMIT": "7",
        "LOGIN_COOLOFF_MINUTES": "3",
    }
    result = run_python(READ, **env)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == {
        "PLAY_TABLES_PER_CLIENT_MINUTE": 2,
        "PLAY_TABLES_PER_CLIENT_HOUR": 9,
        "PLAY_TABLES_PER_MINUTE": 0,
        "PLAY_TABLES_PER_HOUR": 99,
        "PLAY_UNWATCHED_SECONDS": 30,
        "AXES_FAILURE_LIMIT": 7,
        "cooloff": 180.0,
    }


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("PLAY_TABLES_PER_MINUTE", "lots", "PLAY_TABLES_PER_MINUTE must be a non-negative integer"),
        ("LOGIN_FAILURE_LIMIT", "0", "LOGIN_FAILURE_LIMIT must be at least 1"),
        ("LOGIN_COOLOFF_MINUTES", "0", "LOGIN_COOLOFF_MINUTES must be at least 1"),
    ],
)
def test_bad_values_stop_start_up_naming_the_variable(name, value, message):
    error = settings_error(DJANGO_DEBUG="true", **{name: value})
    assert message in error
