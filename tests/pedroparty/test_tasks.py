"""pedroparty/tasks.py and the Celery wiring: eager without Redis, a real broker with it."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings

from pedroparty.celery import app
from pedroparty.tasks import ping

BASE_DIR = Path(__file__).resolve().parents[2]


def run_without_redis(code: str) -> subprocess.CompletedProcess:
    """Run ``code`` in a fresh interpreter with no REDIS_URL; it must succeed."""
    env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    env.update(DJANGO_SETTINGS_MODULE="pedroparty.settings", DJANGO_DEBUG="true")
    result = subprocess.run(
        [sys.executable, "-c", code],
        env=env,
        cwd=BASE_DIR,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    return result


def test_ping_returns_pong():
    assert ping.apply().get(timeout=5) == "pong"


def test_tasks_run_eagerly_when_redis_url_is_unset():
    """In a fresh interpreter with no REDIS_URL: .delay() runs the task in-process."""
    code = (
        "import django; django.setup();"
        "from pedroparty.tasks import ping;"
        "result = ping.delay();"
        "print(type(result).__name__, result.get(timeout=5))"
    )
    result = run_without_redis(code)
    assert result.stdout.strip() == "EagerResult pong"


def test_a_worker_registers_the_tasks():
    """What a `celery -A pedroparty worker` loads at start knows every task by name."""
    code = (
        "from pedroparty.celery import app;"
        "app.loader.import_default_modules();"
        "print('pedroparty.tasks.ping' in app.tasks)"
    )
    result = run_without_redis(code)
    assert result.stdout.strip() == "True"


@pytest.mark.skipif(settings.REDIS_URL is None, reason="REDIS_URL not set (CI sets it)")
def test_app_uses_redis_when_redis_url_is_set():
    assert app.conf.broker_url == settings.REDIS_URL
    assert app.conf.result_backend == settings.REDIS_URL
    assert app.conf.task_always_eager is False


@pytest.mark.skipif(settings.REDIS_URL is None, reason="REDIS_URL not set (CI sets it)")
def test_task_round_trip_through_redis_and_a_worker():
    from celery.contrib.testing.worker import start_worker

    with start_worker(app, pool="solo", perform_ping_check=False, shutdown_timeout=10):
        result = ping.delay()
        assert result.get(timeout=10) == "pong"


def test_only_the_ping_keeps_its_result_and_a_render_outlives_its_worker():
    """Results are ignored but the ping's; a worker reserves one task per process;
    a render is acknowledged when done and handed out again if its worker dies,
    within the visibility timeout (five minutes, not kombu's hour)."""
    from tournaments.tasks import document_render

    assert app.conf.task_ignore_result is True
    assert ping.ignore_result is False
    assert app.conf.worker_prefetch_multiplier == 1
    assert document_render.acks_late is True
    assert document_render.reject_on_worker_lost is True
    assert document_render.ignore_result is True
    options = app.conf.broker_transport_options
    assert options["visibility_timeout"] == settings.BROKER_VISIBILITY_TIMEOUT == 300
