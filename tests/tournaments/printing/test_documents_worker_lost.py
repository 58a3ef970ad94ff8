"""A PDF survives the death of the worker rendering it.

Needs REDIS_URL (CI sets it, with PostgreSQL). Each test starts real
``celery worker`` processes (prefork, one child) against REDIS_URL and the
test database, kills one with SIGKILL while it is inside WeasyPrint, and
checks that the document still ends ready, once, with a right PDF.

The first render is held inside ``html_to_pdf`` (every item built, the row
claimed and "rendering") until it is killed: the worker's ``task_prerun``
hook wraps the function so that the first call anywhere, and only that one,
writes its process id and task id to a file and waits. Everything else is the real
worker, broker and database.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

from tournaments import printing
from tournaments.models import Document

from .test_documents import assert_certificates_right, finished_party

pytestmark = [
    pytest.mark.processes,
    pytest.mark.skipif(
        settings.REDIS_URL is None,
        reason="REDIS_URL is not set: no broker for a real worker (CI sets it)",
    ),
    pytest.mark.django_db(transaction=True),  # the workers see committed rows
]

BASE_DIR = Path(__file__).resolve().parents[3]

#: Short limits for the workers started here, so a lost task comes back within
#: seconds (production: 300 s and 60 s, see settings).
VISIBILITY_TIMEOUT = 3
STUCK_SECONDS = 3

WORKER = """
import os, sys, time
from celery.signals import task_prerun

def hold_the_first_render(task_id=None, **kwargs):
    from tournaments.printing import rendering
    running["task"] = task_id
    if getattr(rendering.html_to_pdf, "held", False):
        return
    real = rendering.html_to_pdf

    def held(html):
        try:
            gate = os.open(os.environ["HOLD_FILE"], os.O_CREAT | os.O_EXCL | os.O_WRONLY)
        except FileExistsError:
            return real(html)
        os.write(gate, f"{os.getpid()} {running['task']}".encode())
        os.close(gate)
        time.sleep(600)  # killed in here

    held.held = True
    rendering.html_to_pdf = held

running = {}
task_prerun.connect(hold_the_first_render, weak=False)
from celery.__main__ import main
sys.argv = ["celery", "-A", "pedroparty", "worker", "--pool=prefork", "--concurrency=1",
            "--without-gossip", "--without-mingle", "--loglevel=INFO"]
main()
"""


def database_url() -> str:
    """The test database, for the worker processes."""
    db = connection.settings_dict
    if db["ENGINE"] == "django.db.backends.sqlite3":
        return f"sqlite:///{db['NAME']}"
    auth = db["USER"] + (f":{db['PASSWORD']}" if db["PASSWORD"] else "")
    return f"postgres://{auth}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


class Workers:
    """Celery worker processes started by a test, each in its own process group."""

    def __init__(self, tmp_path: Path, script: str = WORKER):
        self.tmp_path = tmp_path
        self.script = script
        self.hold_file = tmp_path / "held-render.pid"
        self.started: list[subprocess.Popen] = []

    def start(self, *, stuck_seconds: int = STUCK_SECONDS) -> subprocess.Popen:
        env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "pedroparty.settings",
            "DJANGO_DEBUG": "true",
            "DATABASE_URL": database_url(),
            "REDIS_URL": settings.REDIS_URL,
            "BROKER_VISIBILITY_TIMEOUT": str(VISIBILITY_TIMEOUT),
            "DOCUMENT_STUCK_SECONDS": str(stuck_seconds),
            "HOLD_FILE": str(self.hold_file),
        }
        log = open(self.tmp_path / f"worker-{len(self.started) + 1}.log", "wb")  # noqa: SIM115
        process = subprocess.Popen(
            [sys.executable, "-c", self.script],
            cwd=BASE_DIR,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        log.close()
        self.started.append(process)
        return process

    def held_render(self, timeout: float = 90) -> tuple[int, str]:
        """The process id of the child holding the first render, once it holds
        it, and the id of the task it runs."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.hold_file.exists() and self.hold_file.read_text():
                pid, task_id = self.hold_file.read_text().split()
                return int(pid), task_id
            self.assert_alive()
            time.sleep(0.05)
        raise AssertionError(f"no worker took the render in {timeout} s\n{self.logs()}")

    def assert_alive(self) -> None:
        for process in self.started:
            if process.poll() not in (None, -signal.SIGKILL):
                raise AssertionError(f"a worker exited ({process.returncode})\n{self.logs()}")

    def logs(self) -> str:
        return "\n".join(path.read_text() for path in sorted(self.tmp_path.glob("worker-*.log")))

    def stop_all(self) -> None:
        for process in self.started:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)  # a warm shutdown
        for process in self.started:
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=10)


@pytest.fixture
def workers(tmp_path):
    started = Workers(tmp_path)
    yield started
    started.stop_all()


def wait_for_status(document: Document, status: str, workers: Workers, timeout: float = 120):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        document.refresh_from_db()
        if document.status == status:
            return document
        workers.assert_alive()
        time.sleep(0.1)
    raise AssertionError(
        f"document {document.status}, not {status}, after {timeout} s\n{workers.logs()}"
    )


def held_certificates(host, workers: Workers, **worker_options):
    """Certificates asked for, taken by a first worker and held mid-render:
    the document, the party, the worker, the pool process holding it and its task."""
    party = finished_party(host)
    first = workers.start(**worker_options)
    document = printing.document_request(
        party=party, kind="certificates", options={"paper": "letter"}, user=host
    )
    held_pid, task_id = workers.held_render()
    document.refresh_from_db()
    assert document.status == Document.Status.RENDERING
    assert document.progress_done == document.progress_total - 1  # every page built
    return document, party, first, held_pid, task_id


def assert_made_once(document: Document, party, task_id: str) -> None:
    assert document.status == Document.Status.READY, document.error
    assert document.progress_done == document.progress_total
    assert document.claimed_by == task_id  # the same task, handed out again
    assert Document.objects.filter(party=party).count() == 1  # no second row
    assert_certificates_right(bytes(document.content), party)


def test_a_render_whose_worker_is_killed_is_made_by_the_next_worker(host, workers):
    """SIGKILL the whole worker mid-render, start another: the task comes back
    from Redis after the visibility timeout and the new worker makes the PDF."""
    document, party, first, _held, task_id = held_certificates(host, workers)

    os.killpg(first.pid, signal.SIGKILL)
    first.wait(timeout=30)
    time.sleep(VISIBILITY_TIMEOUT + 1)
    document.refresh_from_db()
    assert document.status == Document.Status.RENDERING  # nobody is making it now

    workers.start()
    document = wait_for_status(document, Document.Status.READY, workers)
    assert_made_once(document, party, task_id)


def test_a_render_whose_pool_process_is_killed_is_made_again_at_once(host, workers):
    """SIGKILL only the pool process rendering (as the kernel's out-of-memory
    killer would): the worker hands the task out again, and its new process
    takes over the claim of the same task and makes the PDF."""
    # A claim is not taken as lost for ten minutes: only the same task may take it.
    document, party, first, held_pid, task_id = held_certificates(host, workers, stuck_seconds=600)
    assert held_pid != first.pid

    os.kill(held_pid, signal.SIGKILL)
    document = wait_for_status(document, Document.Status.READY, workers, timeout=120)
    assert first.poll() is None  # the same worker made it
    assert_made_once(document, party, task_id)
