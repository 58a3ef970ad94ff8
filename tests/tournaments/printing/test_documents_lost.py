"""A PDF whose worker died is made again: by the task handed out again, by the
documents page, or by the host's "Make again" button.

Tasks run in this process (``eager_tasks``); a worker's death is the row it
leaves behind: "rendering", claimed by a task that will never finish.
``test_documents_worker_lost.py`` kills real workers.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from pedroparty.celery import app
from tests.tournaments.builders import make_party
from tournaments import printing
from tournaments.models import Document, Party
from tournaments.printing import rendering

from .test_documents import again_url, documents_url, finished_party, pdf_pages_text, signed_in

pytestmark = pytest.mark.django_db


@pytest.fixture
def eager_tasks():
    """Run Celery tasks in this process at .delay(), even with REDIS_URL set."""
    saved = app.conf.task_always_eager, app.conf.task_eager_propagates
    app.conf.task_always_eager = app.conf.task_eager_propagates = True
    yield
    app.conf.task_always_eager, app.conf.task_eager_propagates = saved


@pytest.fixture
def winners(host) -> Party:
    return finished_party(host)


@pytest.fixture
def renders(monkeypatch) -> list[int]:
    """The PDFs WeasyPrint writes, counted: one per real render."""
    calls: list[int] = []
    real = rendering.html_to_pdf

    def counted(html):
        calls.append(1)
        return real(html)

    monkeypatch.setattr(rendering, "html_to_pdf", counted)
    return calls


def left_by_a_dead_worker(party: Party, host, *, quiet_for: timedelta, kind="standings"):
    """A document asked for, then claimed by a task whose worker died
    ``quiet_for`` ago, in the middle of its pages."""
    document = printing.document_request(party=party, kind=kind, options={}, user=host)
    Document.objects.filter(pk=document.pk).update(
        status=Document.Status.RENDERING,
        claimed_by="task-of-a-dead-worker",
        claimed_at=timezone.now() - quiet_for,
        progress_done=3,
        progress_total=9,
    )
    document.refresh_from_db()
    return document


def assert_made_once(document: Document, renders: list[int]) -> None:
    document.refresh_from_db()
    assert document.status == Document.Status.READY, document.error
    assert renders == [1]
    assert Document.objects.filter(party=document.party, kind=document.kind).count() == 1
    [text] = pdf_pages_text(bytes(document.content))
    assert text.startswith("Final standings")
    assert all(name in text for name in document.party.players.values_list("name", flat=True))


# --------------------------------------------------------------------- the task's claim


def test_a_task_leaves_a_live_claim_alone_and_takes_over_a_lost_one(winners, host, renders):
    lost = printing.STUCK_AFTER + timedelta(seconds=1)
    live = left_by_a_dead_worker(winners, host, quiet_for=timedelta(seconds=1))
    rendering.document_render(document_id=live.pk, task_id="a-second-task")
    live.refresh_from_db()
    assert live.status == Document.Status.RENDERING and renders == []
    assert live.claimed_by == "task-of-a-dead-worker"

    Document.objects.filter(pk=live.pk).update(claimed_at=timezone.now() - lost)
    rendering.document_render(document_id=live.pk, task_id="a-second-task")
    assert_made_once(live, renders)
    assert live.claimed_by == "a-second-task"


def test_the_same_task_handed_out_again_takes_over_its_own_claim_at_once(winners, host, renders):
    """The broker hands a task out again when the worker running it died."""
    document = left_by_a_dead_worker(winners, host, quiet_for=timedelta(seconds=1))
    rendering.document_render(document_id=document.pk, task_id="task-of-a-dead-worker")
    assert_made_once(document, renders)


def test_progress_renews_the_claim_only_while_it_is_the_tasks(winners, host, monkeypatch):
    document = printing.document_request(party=winners, kind="standings", options={}, user=host)
    long_ago = timezone.now() - timedelta(hours=1)
    seen = []
    real_build_html = rendering.build_html

    def slow_build_html(*args, **kwargs):
        # As if the pages had taken an hour: the claim is renewed as they are built.
        Document.objects.filter(pk=document.pk).update(claimed_at=long_ago)
        return real_build_html(*args, **kwargs)

    def watching(html):
        seen.append(Document.objects.values_list("claimed_by", "claimed_at").get(pk=document.pk))
        return b"%PDF-1.7 made"

    monkeypatch.setattr(rendering, "build_html", slow_build_html)
    monkeypatch.setattr(rendering, "html_to_pdf", watching)
    rendering.document_render(document_id=document.pk, task_id="the-task")
    [(claimed_by, claimed_at)] = seen
    assert claimed_by == "the-task" and claimed_at > timezone.now() - timedelta(minutes=1)

    # A task whose claim was taken over writes no progress on the new claim.
    Document.objects.filter(pk=document.pk).update(
        status=Document.Status.RENDERING, claimed_by="the-new-task", progress_done=1
    )
    step = rendering._Progress(document.pk, "the-task", total=5)
    step(4, True)
    row = Document.objects.values("progress_done", "progress_total").get(pk=document.pk)
    assert row == {"progress_done": 1, "progress_total": 2}


def test_a_failure_after_a_takeover_does_not_hide_the_new_render(winners, host, monkeypatch):
    document = printing.document_request(party=winners, kind="standings", options={}, user=host)

    def taken_over_then_broken(html):
        # While this render runs, its claim is taken over by another task.
        Document.objects.filter(pk=document.pk).update(claimed_by="the-new-task")
        raise RuntimeError("out of memory")

    monkeypatch.setattr(rendering, "html_to_pdf", taken_over_then_broken)
    rendering.document_render(document_id=document.pk, task_id="the-old-task")
    document.refresh_from_db()
    assert document.status == Document.Status.RENDERING and document.error == ""


# --------------------------------------------------------------------- the page


def test_the_documents_page_queues_a_lost_render_again_and_it_is_made(
    winners, host, renders, eager_tasks, django_capture_on_commit_callbacks
):
    lost = left_by_a_dead_worker(
        winners, host, quiet_for=printing.STUCK_AFTER + timedelta(seconds=1)
    )
    client = signed_in(host)
    poll = {"HX-Request": "true"}
    with django_capture_on_commit_callbacks(execute=True):
        page = client.get(documents_url(winners), headers=poll).content.decode()
    assert "Queued" in page and 'hx-trigger="every 1s"' in page
    assert_made_once(lost, renders)
    page = client.get(documents_url(winners), headers=poll).content.decode()
    assert reverse("host:document_download", args=[winners.slug, lost.pk]) in page
    assert "hx-trigger" not in page


def test_the_documents_page_leaves_a_live_render_alone(
    winners, host, renders, eager_tasks, django_capture_on_commit_callbacks
):
    live = left_by_a_dead_worker(winners, host, quiet_for=timedelta(seconds=1))
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        page = signed_in(host).get(documents_url(winners)).content.decode()
    assert callbacks == [] and renders == []
    live.refresh_from_db()
    assert live.status == Document.Status.RENDERING
    assert live.claimed_by == "task-of-a-dead-worker" and live.progress_done == 3
    assert "Rendering 3 of 9" in page and 'hx-trigger="every 1s"' in page
    assert again_url(live) not in page  # not stuck: no "Make again" yet


def test_requeueing_twice_queues_the_lost_render_once(
    winners, host, django_capture_on_commit_callbacks
):
    lost = left_by_a_dead_worker(
        winners, host, quiet_for=printing.STUCK_AFTER + timedelta(seconds=1)
    )
    with django_capture_on_commit_callbacks() as callbacks:
        assert printing.documents_requeue_lost(party=winners) == [lost.pk]
        assert printing.documents_requeue_lost(party=winners) == []
    assert len(callbacks) == 1
    lost.refresh_from_db()
    assert lost.status == Document.Status.QUEUED and lost.claimed_by == ""


# --------------------------------------------------------------------- "Make again"


def test_make_again_renders_a_stuck_document_afresh(
    winners, host, renders, eager_tasks, django_capture_on_commit_callbacks
):
    stuck = left_by_a_dead_worker(
        winners, host, quiet_for=printing.SLOW_AFTER + timedelta(seconds=1)
    )
    client = signed_in(host)
    page = client.get(documents_url(winners)).content.decode()
    assert stuck.status == Document.Status.RENDERING  # not yet queued again by the page
    assert again_url(stuck) in page and "Make again" in page and "No progress" in page

    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(again_url(stuck))
    assert response.status_code == 302 and response["Location"] == documents_url(winners)
    assert_made_once(stuck, renders)
    assert stuck.pk == Document.objects.get(party=winners).pk


def test_make_again_retries_a_failed_document(
    winners, host, renders, eager_tasks, django_capture_on_commit_callbacks
):
    document = printing.document_request(party=winners, kind="standings", options={}, user=host)
    Document.objects.filter(pk=document.pk).update(
        status=Document.Status.FAILED, error="Could not make the PDF: out of paper"
    )
    client = signed_in(host)
    assert again_url(document) in client.get(documents_url(winners)).content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        client.post(again_url(document))
    assert_made_once(document, renders)
    assert document.error == ""


def test_only_the_partys_host_may_make_a_document_again(
    winners, host, other_host, django_capture_on_commit_callbacks
):
    stuck = left_by_a_dead_worker(
        winners, host, quiet_for=printing.SLOW_AFTER + timedelta(seconds=1)
    )
    before = Document.objects.values().get(pk=stuck.pk)
    elsewhere = make_party(other_host)
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        # Another host, on this party's address: no such page.
        assert signed_in(other_host).post(again_url(stuck)).status_code == 404
        # Another host, with this document's id on their own party's address.
        mixed = reverse("host:document_again", args=[elsewhere.slug, stuck.pk])
        response = signed_in(other_host).post(mixed, follow=True)
        assert "That document is gone" in response.content.decode()
        # Nobody signed in: the sign-in page.
        response = Client().post(again_url(stuck))
        assert response.status_code == 302 and reverse("login") in response["Location"]
        # The host, but not a POST.
        assert signed_in(host).get(again_url(stuck)).status_code == 405
    assert callbacks == []
    assert Document.objects.values().get(pk=stuck.pk) == before


def test_make_again_leaves_a_document_made_meanwhile_as_it_is(
    winners, host, renders, django_capture_on_commit_callbacks
):
    document = printing.document_request(party=winners, kind="standings", options={}, user=host)
    rendering.document_render(document_id=document.pk)
    before = Document.objects.values().get(pk=document.pk)
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        response = signed_in(host).post(again_url(document), follow=True)
    assert "ready to download" in response.content.decode()
    assert callbacks == [] and renders == [1]
    assert Document.objects.values().get(pk=document.pk) == before


class WorkerDied(BaseException):
    """Stands for the SIGKILL of a worker: nothing in the render catches it."""


def test_a_render_that_dies_every_time_is_marked_failed_not_handed_out_for_ever(
    winners, host, renders, monkeypatch, eager_tasks, django_capture_on_commit_callbacks
):
    """Each render of this document kills its worker (out of memory, say):
    after MAX_RENDER_ATTEMPTS the next claim gives up with a message."""
    counted = rendering.html_to_pdf

    def dying(html):
        raise WorkerDied

    monkeypatch.setattr(rendering, "html_to_pdf", dying)
    document = printing.document_request(party=winners, kind="standings", options={}, user=host)
    for attempt in range(1, printing.MAX_RENDER_ATTEMPTS + 1):
        # The broker hands the same task out again (or the page queues it again).
        with pytest.raises(WorkerDied):
            rendering.document_render(document_id=document.pk, task_id="the-task")
        document.refresh_from_db()
        assert document.status == Document.Status.RENDERING
        assert document.render_attempts == attempt
    rendering.document_render(document_id=document.pk, task_id="the-task")
    document.refresh_from_db()
    assert document.status == Document.Status.FAILED
    assert "its worker stopped each time" in document.error
    assert "Make again" in signed_in(host).get(documents_url(winners)).content.decode()

    # Asked for again by the host, it is tried afresh.
    monkeypatch.setattr(rendering, "html_to_pdf", counted)
    with django_capture_on_commit_callbacks(execute=True):
        signed_in(host).post(again_url(document))
    assert_made_once(document, renders)
    assert document.render_attempts == 1
