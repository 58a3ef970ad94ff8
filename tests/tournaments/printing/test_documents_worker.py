"""Certificates made by a real Celery worker through Redis, downloaded through the view.

Needs REDIS_URL (CI sets it, with PostgreSQL): the request goes through the
broker to a worker thread (celery's ``start_worker``, solo pool), which
renders and stores the PDF in the database the test reads it back from.
"""

from __future__ import annotations

import time

import pytest
from celery.signals import task_postrun
from django.conf import settings
from django.db import connections

from pedroparty.celery import app
from tournaments import printing
from tournaments.models import Document

from .test_documents import (
    assert_certificates_right,
    documents_url,
    download_url,
    finished_party,
    signed_in,
)

pytestmark = [
    pytest.mark.skipif(
        settings.REDIS_URL is None,
        reason="REDIS_URL is not set: no broker for a real worker (CI sets it)",
    ),
    pytest.mark.django_db(transaction=True),  # the worker's connection sees committed rows
]


def _close_worker_connections(**kwargs) -> None:
    """Runs in the worker thread after each task: close its database connections,
    so none is left open when the test database is dropped."""
    connections.close_all()


def wait_until_done(document: Document, timeout: float = 60) -> Document:
    deadline = time.monotonic() + timeout
    seen = set()
    while time.monotonic() < deadline:
        document.refresh_from_db()
        seen.add(document.status)
        if document.status in (Document.Status.READY, Document.Status.FAILED):
            return document
        time.sleep(0.05)
    raise AssertionError(f"document still {document.status} after {timeout} s (saw {seen})")


def test_a_worker_makes_the_certificates_and_the_host_downloads_them(host):
    from celery.contrib.testing.worker import start_worker

    assert app.conf.task_always_eager is False
    party = finished_party(host)
    client = signed_in(host)
    task_postrun.connect(_close_worker_connections, weak=False)
    try:
        with start_worker(app, pool="solo", perform_ping_check=False, shutdown_timeout=10):
            document = printing.document_request(
                party=party, kind="certificates", options={"paper": "letter"}, user=host
            )
            assert document.status == Document.Status.QUEUED  # not made in this process
            document = wait_until_done(document)
    finally:
        task_postrun.disconnect(_close_worker_connections)
    assert document.status == Document.Status.READY, document.error
    assert document.progress_done == document.progress_total > 1
    assert document.party_version == party.version

    page = client.get(documents_url(party)).content.decode()
    assert download_url(document) in page and "hx-trigger" not in page
    response = client.get(download_url(document))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"].startswith("attachment;")
    assert_certificates_right(response.content, party)
