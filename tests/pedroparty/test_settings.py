"""pedroparty/settings.py: strict environment helpers and what each variable does.

Whole-module behaviour is checked in a fresh interpreter, because settings are
read once at import.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from pedroparty.settings import env_bool, env_int, env_list, env_str

BASE_DIR = Path(__file__).resolve().parents[2]
SECRET = "x7#q2-test-only-Lk9vW3rT8zY1pQ4sD6fG0hJ5mN2bV7cX9aE3uI8oP1"

REPORT = """
import json
import django
from django.conf import settings

django.setup()
print(json.dumps({
    "DEBUG": settings.DEBUG,
    "ALLOWED_HOSTS": settings.ALLOWED_HOSTS,
    "DATABASE": {k: settings.DATABASES["default"][k]
                 for k in ("ENGINE", "NAME", "CONN_MAX_AGE", "CONN_HEALTH_CHECKS")},
    "CACHE": settings.CACHES["default"]["BACKEND"],
    "REDIS_URL": settings.REDIS_URL,
    "CELERY_BROKER_URL": settings.CELERY_BROKER_URL,
    "CELERY_TASK_ALWAYS_EAGER": settings.CELERY_TASK_ALWAYS_EAGER,
    "STATICFILES": settings.STORAGES["staticfiles"]["BACKEND"],
    "SECURE_SSL_REDIRECT": getattr(settings, "SECURE_SSL_REDIRECT", False),
    "SECURE_HSTS_SECONDS": getattr(settings, "SECURE_HSTS_SECONDS", 0),
    "SESSION_COOKIE_SECURE": settings.SESSION_COOKIE_SECURE,
    "CSRF_COOKIE_SECURE": settings.CSRF_COOKIE_SECURE,
    "SECURE_PROXY_SSL_HEADER": settings.SECURE_PROXY_SSL_HEADER,
    "X_FRAME_OPTIONS": settings.X_FRAME_OPTIONS,
    "TIME_ZONE": settings.TIME_ZONE,
}))
"""


def clean_env(**overrides: str) -> dict[str, str]:
    """The current environment without any pedroparty variable, plus `overrides`."""
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith("DJANGO_") and key not in ("DATABASE_URL", "REDIS_URL")
    }
    env["DJANGO_SETTINGS_MODULE"] = "pedroparty.settings"
    env.update(overrides)
    return env


def run_python(code: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code],
        env=clean_env(**env),
        cwd=BASE_DIR,
        capture_output=True,
        text=True,
        timeout=60,
    )


def load_settings(**env: str) -> dict:
    result = run_python(REPORT, **env)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def settings_error(**env: str) -> str:
    """The last line of the traceback when settings fail to load."""
    result = run_python(REPORT, **env)
    assert result.returncode != 0, result.stdout
    return result.stderr.strip().splitlines()[-1]


# --- Helpers, in process ----------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "expected"),
    [("true", True), ("TRUE", True), ("1", True), ("yes", True), ("false", False),
     ("0", False), ("No", False)],
)  # fmt: skip
def test_env_bool_accepts(monkeypatch, raw, expected):
    monkeypatch.setenv("PP_FLAG", raw)
    assert env_bool("PP_FLAG", default=not expected) is expected


def test_env_bool_default_when_unset_or_empty(monkeypatch):
    monkeypatch.delenv("PP_FLAG", raising=False)
    assert env_bool("PP_FLAG", default=True) is True
    monkeypatch.setenv("PP_FLAG", "")
    assert env_bool("PP_FLAG", default=False) is False


def test_env_bool_rejects_other_values_naming_the_variable(monkeypatch):
    monkeypatch.setenv("PP_FLAG", "maybe")
    with pytest.raises(ImproperlyConfigured) as excinfo:
        env_bool("PP_FLAG", default=False)
    assert str(excinfo.value) == "PP_FLAG must be one of true/false/1/0/yes/no, got 'maybe'"


def test_env_int(monkeypatch):
    monkeypatch.setenv("PP_NUMBER", "3600")
    assert env_int("PP_NUMBER", default=0) == 3600
    for bad in ("-1", "1h", "3.5"):
        monkeypatch.setenv("PP_NUMBER", bad)
        with pytest.raises(ImproperlyConfigured, match=r"^PP_NUMBER must be a non-negative"):
            env_int("PP_NUMBER", default=0)


def test_env_list_and_str(monkeypatch):
    monkeypatch.setenv("PP_LIST", " a.example , b.example,, ")
    assert env_list("PP_LIST", default=["x"]) == ["a.example", "b.example"]
    monkeypatch.delenv("PP_LIST")
    assert env_list("PP_LIST", default=["x"]) == ["x"]
    monkeypatch.setenv("PP_TEXT", "")
    assert env_str("PP_TEXT", default="fallback") == "fallback"


# --- Whole settings module, in a fresh interpreter --------------------------


def test_bad_debug_value_fails_at_import_naming_the_variable():
    error = settings_error(DJANGO_DEBUG="maybe")
    assert error == (
        "django.core.exceptions.ImproperlyConfigured: "
        "DJANGO_DEBUG must be one of true/false/1/0/yes/no, got 'maybe'"
    )


def test_debug_off_by_default_and_then_secret_key_required():
    error = settings_error()
    assert "DJANGO_SECRET_KEY must be set" in error
    assert "DJANGO_SECRET_KEY must be set" in settings_error(DJANGO_DEBUG="false")


def test_bad_database_url_scheme_fails_naming_the_variable():
    error = settings_error(DJANGO_DEBUG="true", DATABASE_URL="mongodb://db.example/party")
    assert "DATABASE_URL has an unsupported scheme 'mongodb'" in error


def test_bad_redis_url_fails_naming_the_variable():
    error = settings_error(DJANGO_DEBUG="true", REDIS_URL="http://127.0.0.1:6379/0")
    assert "REDIS_URL must start with redis://" in error


def test_bad_time_zone_fails_naming_the_variable():
    error = settings_error(DJANGO_DEBUG="true", DJANGO_TIME_ZONE="Pacific/Monterey")
    assert "DJANGO_TIME_ZONE must be an IANA time zone" in error


def test_bad_ssl_redirect_value_fails_naming_the_variable():
    error = settings_error(DJANGO_SECRET_KEY=SECRET, DJANGO_SECURE_SSL_REDIRECT="sometimes")
    assert "DJANGO_SECURE_SSL_REDIRECT must be one of" in error


def test_development_defaults():
    report = load_settings(DJANGO_DEBUG="true")
    assert report["DEBUG"] is True
    assert report["ALLOWED_HOSTS"] == ["localhost", "127.0.0.1", "testserver"]
    assert report["DATABASE"] == {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": str(BASE_DIR / "db.sqlite3"),
        "CONN_MAX_AGE": 60,
        "CONN_HEALTH_CHECKS": True,
    }
    assert report["REDIS_URL"] is None
    assert report["CELERY_TASK_ALWAYS_EAGER"] is True
    assert report["CELERY_BROKER_URL"] == "memory://"
    assert report["CACHE"] == "django.core.cache.backends.locmem.LocMemCache"
    assert report["STATICFILES"] == "django.contrib.staticfiles.storage.StaticFilesStorage"
    assert report["SECURE_SSL_REDIRECT"] is False
    assert report["SESSION_COOKIE_SECURE"] is False
    assert report["TIME_ZONE"] == "UTC"


def test_production_settings_are_secure():
    report = load_settings(
        DJANGO_SECRET_KEY=SECRET,
        DJANGO_ALLOWED_HOSTS="pedro.example.org",
        DATABASE_URL="postgres://party:pw@db.example:5432/pedro",
        REDIS_URL="redis://cache.example:6379/1",
        DJANGO_TIME_ZONE="America/Los_Angeles",
    )
    assert report["DEBUG"] is False
    assert report["ALLOWED_HOSTS"] == ["pedro.example.org"]
    assert report["DATABASE"]["ENGINE"] == "django.db.backends.postgresql"
    assert report["DATABASE"]["NAME"] == "pedro"
    assert report["CELERY_BROKER_URL"] == "redis://cache.example:6379/1"
    assert report["CELERY_TASK_ALWAYS_EAGER"] is False
    assert report["CACHE"] == "pedroparty.outage.ResilientRedisCache"
    assert report["STATICFILES"] == "whitenoise.storage.CompressedManifestStaticFilesStorage"
    assert report["SECURE_SSL_REDIRECT"] is True
    assert report["SECURE_HSTS_SECONDS"] >= 3600
    assert report["SESSION_COOKIE_SECURE"] is True
    assert report["CSRF_COOKIE_SECURE"] is True
    assert report["SECURE_PROXY_SSL_HEADER"] == ["HTTP_X_FORWARDED_PROTO", "https"]
    assert report["X_FRAME_OPTIONS"] == "DENY"
    assert report["TIME_ZONE"] == "America/Los_Angeles"


def test_ssl_redirect_can_be_switched_off_behind_a_proxy():
    report = load_settings(DJANGO_SECRET_KEY=SECRET, DJANGO_SECURE_SSL_REDIRECT="false")
    assert report["SECURE_SSL_REDIRECT"] is False
    assert report["SESSION_COOKIE_SECURE"] is True


def test_production_settings_pass_the_deploy_checklist():
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        env=clean_env(DJANGO_SECRET_KEY=SECRET, DJANGO_ALLOWED_HOSTS="pedro.example.org"),
        cwd=BASE_DIR,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize("name", ["BROKER_VISIBILITY_TIMEOUT", "DOCUMENT_STUCK_SECONDS"])
def test_lost_task_limits_are_whole_seconds_of_at_least_one(name):
    """At 0 every task taken, or every PDF being made, would count as lost at once."""
    assert f"{name} must be at least 1 (seconds), got 0" in settings_error(
        DJANGO_DEBUG="true", **{name: "0"}
    )
    assert f"{name} must be a non-negative integer, got 'soon'" in settings_error(
        DJANGO_DEBUG="true", **{name: "soon"}
    )
