"""PEDROPARTY_BASE_URL and PEDROPARTY_HALL_MODE in pedroparty/settings.py,
loaded in a fresh interpreter (settings are read once at import)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

BASE_DIR = Path(__file__).resolve().parents[2]
SECRET = "hall-test-only-Lk9vW3rT8zY1pQ4sD6fG0hJ5mN2bV7cX9aE3uI8oP1x7q2"

REPORT = """
import json
import django
from django.conf import settings

django.setup()
print(json.dumps({
    "ALLOWED_HOSTS": settings.ALLOWED_HOSTS,
    "CSRF_TRUSTED_ORIGINS": settings.CSRF_TRUSTED_ORIGINS,
    "BASE": settings.PEDROPARTY_BASE_URL,
    "SECURE_SSL_REDIRECT": settings.SECURE_SSL_REDIRECT,
    "SECURE_HSTS_SECONDS": settings.SECURE_HSTS_SECONDS,
    "SESSION_COOKIE_SECURE": settings.SESSION_COOKIE_SECURE,
    "CSRF_COOKIE_SECURE": settings.CSRF_COOKIE_SECURE,
    "SECURE_PROXY_SSL_HEADER": settings.SECURE_PROXY_SSL_HEADER,
}))
"""


def run(**overrides: str) -> subprocess.CompletedProcess[str]:
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("DJANGO_", "PEDROPARTY_")) and key not in ("DATABASE_URL",)
    }
    env.update(DJANGO_SETTINGS_MODULE="pedroparty.settings", DJANGO_SECRET_KEY=SECRET)
    env.update(overrides)
    return subprocess.run(
        [sys.executable, "-c", REPORT],
        env=env,
        cwd=BASE_DIR,
        capture_output=True,
        text=True,
        timeout=60,
    )


def load(**env: str) -> dict:
    result = run(**env)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def error(**env: str) -> str:
    result = run(**env)
    assert result.returncode != 0, result.stdout
    return result.stderr.strip().splitlines()[-1]


def test_the_base_url_is_allowed_and_trusted():
    report = load(PEDROPARTY_BASE_URL="https://pedro.example.org/")
    assert report["BASE"] == "https://pedro.example.org"
    assert "pedro.example.org" in report["ALLOWED_HOSTS"]
    assert report["CSRF_TRUSTED_ORIGINS"] == ["https://pedro.example.org"]
    # A hosted site keeps every HTTPS-only setting.
    assert report["SECURE_SSL_REDIRECT"] is True and report["SECURE_HSTS_SECONDS"] > 0
    assert report["SESSION_COOKIE_SECURE"] is True and report["CSRF_COOKIE_SECURE"] is True


@pytest.mark.parametrize(
    "bad",
    ["ftp://pedro.example.org", "pedro.example.org", "https://", "https://x.example/pedro",
     "https://x.example/?a=1", "http://x.example:99999", "https://user:pw@x.example"],
)  # fmt: skip
def test_a_bad_base_url_stops_start_up_naming_it(bad):
    assert "PEDROPARTY_BASE_URL must be an http:// or https:// address" in error(
        PEDROPARTY_BASE_URL=bad
    )


def test_hall_mode_serves_plain_http_on_the_lan_address():
    report = load(PEDROPARTY_HALL_MODE="true", PEDROPARTY_BASE_URL="http://192.168.1.23:8000")
    assert "192.168.1.23" in report["ALLOWED_HOSTS"]
    assert report["CSRF_TRUSTED_ORIGINS"] == ["http://192.168.1.23:8000"]
    assert report["SECURE_SSL_REDIRECT"] is False and report["SECURE_HSTS_SECONDS"] == 0
    assert report["SESSION_COOKIE_SECURE"] is False and report["CSRF_COOKIE_SECURE"] is False
    assert report["SECURE_PROXY_SSL_HEADER"] is None


@pytest.mark.parametrize(
    "base",
    ["", "https://192.168.1.23", "http://pedro.example.org", "http://8.8.8.8:8000"],
)
def test_hall_mode_refuses_anything_but_a_local_http_address(base):
    assert "PEDROPARTY_HALL_MODE needs PEDROPARTY_BASE_URL" in error(
        PEDROPARTY_HALL_MODE="true", PEDROPARTY_BASE_URL=base
    )


def test_the_halls_https_port_needs_hall_mode():
    assert "PEDROPARTY_HALL_HTTPS_PORT needs PEDROPARTY_HALL_MODE" in error(
        PEDROPARTY_BASE_URL="https://pedro.example.org", PEDROPARTY_HALL_HTTPS_PORT="8443"
    )
    assert "PEDROPARTY_HALL_HTTPS_PORT needs" in error(
        PEDROPARTY_HALL_MODE="true",
        PEDROPARTY_BASE_URL="http://192.168.1.23:8000",
        PEDROPARTY_HALL_HTTPS_PORT="70000",
    )
    report = load(
        PEDROPARTY_HALL_MODE="true",
        PEDROPARTY_BASE_URL="http://192.168.1.23:8000",
        PEDROPARTY_HALL_HTTPS_PORT="8443",
    )
    # No HSTS: the players' pages stay on plain http.
    assert report["SECURE_HSTS_SECONDS"] == 0 and report["SECURE_SSL_REDIRECT"] is False
