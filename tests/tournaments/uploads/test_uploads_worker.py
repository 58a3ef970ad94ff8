"""A club file loaded by a real Celery worker while the site answers, and
loaded again, whole, after its worker is killed mid-load.

Needs REDIS_URL (CI sets it, with PostgreSQL). Each test starts real
``celery worker`` processes (prefork, one child) against REDIS_URL and the
test database, as ``test_documents_worker_lost.py`` does. The first load is
held as it starts the club's second party (the first one made, inside the
load's transaction): the worker's ``task_prerun`` hook wraps the party
loader so that its second call, in the first load only, writes its process
id and task id to a file and waits until the test releases it, or kills it.
Everything else is the real view, broker, worker and database.
"""

from __future__ import annotations

import os
import signal
import time

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from tests.tournaments.printing.test_documents_worker_lost import VISIBILITY_TIMEOUT, Workers
from tournaments.models import Club, Party, Upload

from .test_uploads import as_file, club_file, made, nothing_made, page_text, page_url

pytestmark = [
    pytest.mark.processes,
    pytest.mark.skipif(
        settings.REDIS_URL is None,
        reason="REDIS_URL is not set: no broker for a real worker (CI sets it)",
    ),
    pytest.mark.django_db(transaction=True),  # the workers see committed rows
]

WORKER = """
import os, sys, time
from pathlib import Path
from celery.signals import task_prerun

def hold_the_second_party(task_id=None, **kwargs):
    from tournaments.clubs.clubfile import load
    running["task"], running["calls"] = task_id, 0
    if getattr(load.party_load, "held", False):
        return
    real = load.party_load

    def held(*args, **kwargs):
        running["calls"] += 1
        if running["calls"] == 2:
            try:
                gate = os.open(os.environ["HOLD_FILE"], os.O_CREAT | os.O_EXCL | os.O_WRONLY)
            except FileExistsError:
                return real(*args, **kwargs)
            os.write(gate, f"{os.getpid()} {running['task']}".encode())
            os.close(gate)
            release = Path(os.environ["HOLD_FILE"] + ".release")
            deadline = time.monotonic() + 600
            while not release.exists() and time.monotonic() < deadline:
                time.sleep(0.05)  # killed in here, or released
        return real(*args, **kwargs)

    held.held = True
    load.party_load = held

running = {}
task_prerun.connect(hold_the_second_party, weak=False)
from celery.__main__ import main
sys.argv = ["celery", "-A", "pedroparty", "worker", "--pool=prefork", "--concurrency=1",
            "--without-gossip", "--without-mingle", "--loglevel=INFO"]
main()
"""

PARTIES = 3


@pytest.fixture
def workers(tmp_path):
    started = Workers(tmp_path, script=WORKER)
    yield started
    started.stop_all()


def release(workers: Workers) -> None:
    workers.hold_file.with_name(workers.hold_file.name + ".release").touch()


def wait_for_status(upload: Upload, status: str, workers: Workers, timeout: float = 120):
    """Wait for ``status``; meanwhile every look at the database finds none
    of the load's rows (they commit with the upload's "done")."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        rows = made()  # before the status, which commits with them
        upload.refresh_from_db()
        if upload.status == status:
            return upload
        assert rows == nothing_made(), rows
        workers.assert_alive()
        time.sleep(0.1)
    raise AssertionError(
        f"upload {upload.status}, not {status}, after {timeout} s\n{workers.logs()}"
    )


def held_load(client: Client, workers: Workers) -> tuple[Upload, int, str]:
    """A club file uploaded and held by the first worker as it starts the
    second party: the upload, the pool process holding it and its task."""
    response = client.post(reverse("club:club_upload"), {"file": as_file(club_file(PARTIES))})
    upload = Upload.objects.get()
    assert response.status_code == 302 and response["Location"] == page_url(upload)
    held_pid, task_id = workers.held_render()
    upload.refresh_from_db()
    assert (upload.status, upload.claimed_by, upload.attempts) == ("loading", task_id, 1)
    # The first party is made, inside the load's transaction: nobody sees it.
    assert made() == nothing_made()
    return upload, held_pid, task_id


def assert_loaded_once(upload: Upload, host) -> None:
    club = Club.objects.get()
    assert upload.status == "done" and upload.club == club and upload.content is None
    assert club.roles.get().user == host
    assert club.parties.count() == Party.objects.count() == PARTIES
    assert sorted(club.parties.values_list("name", flat=True)) == [
        f"Night {n}" for n in range(1, PARTIES + 1)
    ]


def test_a_worker_loads_a_club_file_while_the_site_answers(host, workers):
    workers.start()
    client = Client()
    client.force_login(host)
    upload, _held, _task = held_load(client, workers)

    page = page_text(client, upload)
    assert f"1 of {PARTIES} parties loaded…" in page and 'hx-trigger="every 1s"' in page
    times = []
    for _ in range(20):
        started = time.monotonic()
        ping = client.get("/ping")
        times.append(time.monotonic() - started)
        assert (ping.status_code, ping.content) == (200, b"ok")
    assert max(times) < 1.0, times
    assert made() == nothing_made()  # still loading: the pings did not wait for it

    release(workers)
    upload = wait_for_status(upload, "done", workers)
    assert_loaded_once(upload, host)
    page = page_text(client, upload)
    assert f'href="{reverse("club:detail", args=[upload.club.slug])}"' in page
    assert "hx-trigger" not in page


def test_a_load_whose_pool_process_is_killed_saves_nothing_and_is_loaded_again(host, workers):
    """SIGKILL only the pool process loading (as the kernel's out-of-memory
    killer would): its transaction dies with it, and the worker hands the
    task out again to its new process, which loads the file whole."""
    first = workers.start()
    client = Client()
    client.force_login(host)
    upload, held_pid, task_id = held_load(client, workers)
    assert held_pid != first.pid

    os.kill(held_pid, signal.SIGKILL)
    upload = wait_for_status(upload, "done", workers)
    assert first.poll() is None  # the same worker loaded it
    assert (upload.claimed_by, upload.attempts) == (task_id, 2)
    assert_loaded_once(upload, host)


def test_a_load_whose_worker_is_killed_is_loaded_by_the_next_worker(host, workers):
    """SIGKILL the whole worker mid-load, start another: the task comes back
    from Redis after the visibility timeout and the new worker loads the file."""
    first = workers.start()
    client = Client()
    client.force_login(host)
    upload, _held, task_id = held_load(client, workers)

    os.killpg(first.pid, signal.SIGKILL)
    first.wait(timeout=30)
    time.sleep(VISIBILITY_TIMEOUT + 1)
    upload.refresh_from_db()
    assert upload.status == "loading" and made() == nothing_made()  # nobody is loading it now

    workers.start()
    upload = wait_for_status(upload, "done", workers)
    assert (upload.claimed_by, upload.attempts) == (task_id, 2)
    assert_loaded_once(upload, host)
