"""``make party`` (pedroparty/serve.py), run as the host runs it, in its own
process: production settings, a secret key made once (mode 0600), the demo
refused, the LAN address printed with a QR code of the sign-in page, and a
real gunicorn answering /healthz (on loopback only: the test listens on
127.0.0.1 and never sends anything to another address). With Redis it also
runs a Celery worker and stops both on exit.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import stat
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from django.conf import settings as django_settings

from tournaments.management.commands.demo import PASSWORD, USERNAME

from .private_redis import free_port

pytestmark = pytest.mark.processes

BASE_DIR = Path(__file__).resolve().parents[2]
REDIS_URL = os.environ.get("REDIS_URL")

MAKE_DEMO_HOST = f"""
import django
django.setup()
from django.contrib.auth import get_user_model
user, _ = get_user_model().objects.get_or_create(username={USERNAME!r})
user.set_password(__import__("sys").argv[1])
user.save()
"""


def private_hall(folder: Path) -> dict:
    """A private database and key file in ``folder``; no pedroparty variable from outside."""
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("DJANGO_", "PEDROPARTY_"))
        and key not in ("DATABASE_URL", "REDIS_URL", "PORT")
    }
    env["DATABASE_URL"] = f"sqlite:///{folder / 'hall.sqlite3'}"
    return {"env": env, "key": folder / "secret_key", "tmp": folder}


@pytest.fixture(scope="module")
def migrated_database(tmp_path_factory) -> Path:
    """A private database that ``make party`` made and migrated from
    nothing: migrating an empty one takes most of a launch's time, so the
    tests start from a copy."""
    first = private_hall(tmp_path_factory.mktemp("migrated"))
    assert not (first["tmp"] / "hall.sqlite3").exists()
    result = launch(first, "--check")
    assert result.returncode == 0, result.stderr
    return first["tmp"] / "hall.sqlite3"


@pytest.fixture
def hall(tmp_path, migrated_database):
    """A private database, already migrated, and a key file."""
    shutil.copyfile(migrated_database, tmp_path / "hall.sqlite3")
    return private_hall(tmp_path)


def launch(hall, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "pedroparty.serve",
            "--key-file",
            str(hall["key"]),
            "--hall-dir",
            str(hall["tmp"] / "hall"),
            *args,
        ],  # fmt: skip
        env={**hall["env"], **env},
        cwd=BASE_DIR,
        capture_output=True,
        text=True,
        timeout=120,
    )


def demo_host_with(hall, password: str) -> None:
    subprocess.run(
        [sys.executable, "-c", MAKE_DEMO_HOST, password],
        env={
            **hall["env"],
            "DJANGO_DEBUG": "true",
            "DJANGO_SETTINGS_MODULE": "pedroparty.settings",
        },
        cwd=BASE_DIR,
        check=True,
        timeout=60,
    )


def test_check_prints_the_lan_address_and_the_sign_in_qr(hall):
    result = launch(
        hall, "--check", "--port", "8123", PEDROPARTY_BASE_URL="http://192.168.1.23:8123"
    )
    assert result.returncode == 0, result.stderr
    assert "served at http://192.168.1.23:8123/" in result.stdout
    # The host's pages over HTTPS, and where a tablet trusts the hall once.
    assert "Hosts sign in at https://192.168.1.23:8566/accounts/login/" in result.stdout
    assert "open http://192.168.1.23:8123/hall/ca/" in result.stdout
    assert "▀" in result.stdout and "█" in result.stdout  # the terminal QR code
    assert "--bind 0.0.0.0:8123" in result.stdout  # every interface
    assert "--bind 0.0.0.0:8566" in result.stdout and "--certfile" in result.stdout
    assert "127.0.0.1" not in result.stdout
    assert (hall["tmp"] / "hall" / "ca.pem").exists()


def test_no_https_serves_plain_http_only(hall):
    result = launch(
        hall, "--check", "--no-https", "--port", "8123",
        PEDROPARTY_BASE_URL="http://192.168.1.23:8123",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "Hosts sign in at http://192.168.1.23:8123/accounts/login/" in result.stdout
    assert "--certfile" not in result.stdout and "/hall/ca/" not in result.stdout
    assert not (hall["tmp"] / "hall").exists()


def test_the_secret_key_is_made_once_and_kept_private(hall):
    assert launch(hall, "--check").returncode == 0
    key = hall["key"].read_text()
    assert len(key.strip()) >= 50
    assert stat.S_IMODE(hall["key"].stat().st_mode) == 0o600
    assert launch(hall, "--check").returncode == 0
    assert hall["key"].read_text() == key  # kept, not made again
    ignored = subprocess.run(["git", "check-ignore", "-q", ".secret_key"], cwd=BASE_DIR)
    assert ignored.returncode == 0  # the default key file is never committed


def test_a_key_file_others_can_read_is_closed(hall):
    hall["key"].write_text("k" * 60 + "\n")
    hall["key"].chmod(0o644)
    assert launch(hall, "--check").returncode == 0
    assert stat.S_IMODE(hall["key"].stat().st_mode) == 0o600
    assert hall["key"].read_text() == "k" * 60 + "\n"


def test_a_file_that_is_no_key_is_refused(hall):
    hall["key"].write_text("short\n")
    result = launch(hall, "--check")
    assert result.returncode == 2 and "does not hold a secret key" in result.stderr


def test_the_demo_host_is_refused(hall):
    # The database was migrated by the first launch (migrated_database).
    demo_host_with(hall, PASSWORD)
    result = launch(hall, "--check")
    assert result.returncode == 2
    assert f'The demo host "{USERNAME}"' in result.stderr
    assert "make demo-off" in result.stderr
    assert "served at" not in result.stdout
    demo_host_with(hall, "a-private-password-for-the-hall")
    assert launch(hall, "--check").returncode == 0


def test_a_public_address_is_refused_in_hall_mode(hall):
    result = launch(hall, "--check", PEDROPARTY_BASE_URL="http://8.8.8.8:8000")
    assert result.returncode == 2 and "PEDROPARTY_HALL_MODE needs" in result.stderr


def test_a_bad_port_is_refused(hall):
    result = launch(hall, "--check", "--port", "70000")
    assert result.returncode == 2 and "--port must be 1 to 65535" in result.stderr


def healthz(port: int, deadline: float) -> dict:
    url = f"http://127.0.0.1:{port}/healthz"
    while True:
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                return {"status": response.status, **json.loads(response.read())}
        except OSError:  # not listening yet, 503 while starting, or slow: ask again
            if time.monotonic() > deadline:
                raise
            time.sleep(0.5)


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie (exited, not yet reaped by its parent) is not running.
    status = Path(f"/proc/{pid}/stat")
    return status.exists() and status.read_text().split(") ")[-1][:1] != "Z"


def serve_and_stop(hall, **env: str) -> tuple[dict, dict[str, int], str]:
    """Serves on 127.0.0.1:<free port>, asks /healthz, stops with SIGTERM.
    Returns the health report, the children's pids and the output."""
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "pedroparty.serve", "--key-file", str(hall["key"]),
         "--host", "127.0.0.1", "--port", str(port), "--workers", "1",
         "--https-port", str(free_port()), "--hall-dir", str(hall["tmp"] / "hall")],
        env={**hall["env"], "PEDROPARTY_BASE_URL": f"http://127.0.0.1:{port}", **env},
        cwd=BASE_DIR,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )  # fmt: skip
    try:
        report = healthz(port, time.monotonic() + 180)
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            output, _ = process.communicate(timeout=90)
        except subprocess.TimeoutExpired:
            process.kill()
            output, _ = process.communicate()
            pytest.fail(f"make party did not stop within 90 s:\n{output}")
    pids = {
        line.split()[0]: int(line.split()[-1])
        for line in output.splitlines()
        if line.startswith(("web pid ", "web-https pid ", "worker pid "))
    }
    return report, pids, output


def test_it_serves_the_site_and_stops_cleanly(hall):
    report, pids, output = serve_and_stop(hall)
    assert report == {"status": 200, "database": "ok", "redis": "not configured"}, output
    # No Redis: tasks run in the web processes, no worker.
    assert sorted(pids) == ["web", "web-https"]
    assert not any(alive(pid) for pid in pids.values())


@pytest.mark.skipif(REDIS_URL is None, reason="needs REDIS_URL (CI sets it)")
def test_with_redis_a_worker_runs_and_stops_with_it(hall):
    report, pids, output = serve_and_stop(hall, REDIS_URL=django_settings.REDIS_URL)
    assert report["status"] == 200 and report["redis"] == "ok", output
    assert sorted(pids) == ["web", "web-https", "worker"]
    deadline = time.monotonic() + 30
    while any(alive(pid) for pid in pids.values()) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not any(alive(pid) for pid in pids.values()), output  # no orphan left behind
