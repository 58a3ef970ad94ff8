"""Making a queued document's PDF: the body of ``tasks.document_render``.

Only the task imports this module, so WeasyPrint is loaded by the processes
that make PDFs (a worker, or the web process itself when tasks run eagerly)
and never just to show a page.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from functools import partial

from django.conf import settings
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext
from weasyprint import HTML

from ..errors import UserError
from ..models import Document
from .documents import MAX_RENDER_ATTEMPTS, PENDING, STUCK_AFTER
from .pages import Step, build_html

logger = logging.getLogger(__name__)

Status = Document.Status


class _Progress:
    """Writes ``progress_done`` as items are built, at most every ``every`` seconds.

    Each write also renews the render's claim, while the claim is still this
    task's (not taken over as lost).
    """

    def __init__(self, document_id: int, claim: str, total: int, every: float = 0.25):
        self.rows = Document.objects.filter(pk=document_id, claimed_by=claim)
        self.total = total
        self.every = every
        self.last = time.monotonic()
        self.rows.update(progress_done=0, progress_total=total, claimed_at=timezone.now())

    def __call__(self, done: int, force: bool = False) -> None:
        now = time.monotonic()
        if force or now - self.last >= self.every or done >= self.total:
            self.rows.update(progress_done=done, claimed_at=timezone.now())
            self.last = now


def document_render(*, document_id: int, task_id: str = "") -> None:
    """Make the PDF of a queued document and store it (the task's body).

    Idempotent: the document is claimed first (status queued -> rendering,
    with ``task_id``), and left alone when it cannot be: already made, being
    made by a live task, or deleted.  A claim may be taken over when it is
    lost: not renewed for ``STUCK_AFTER`` (its worker died), or held by this
    same task id (the broker handed the task out again because the worker
    running it died).  After ``MAX_RENDER_ATTEMPTS`` renders that all died,
    the document is marked failed instead.  The status goes queued ->
    rendering (progress n of m: m items built, then the PDF written) ->
    ready, or failed with a message for the host.  The first render to
    finish stores its PDF.
    """
    now = timezone.now()
    claimable = Q(status=Status.QUEUED) | Q(
        Q(claimed_at__lt=now - STUCK_AFTER)
        | Q(claimed_at__isnull=True, created_at__lt=now - STUCK_AFTER),
        status=Status.RENDERING,
    )
    if task_id:
        claimable |= Q(status=Status.RENDERING, claimed_by=task_id)
    claimed = Document.objects.filter(
        claimable, pk=document_id, render_attempts__lt=MAX_RENDER_ATTEMPTS
    ).update(
        status=Status.RENDERING,
        progress_done=0,
        error="",
        claimed_by=task_id,
        claimed_at=now,
        render_attempts=F("render_attempts") + 1,
    )
    if not claimed:
        given_up = Document.objects.filter(claimable, pk=document_id).update(
            status=Status.FAILED,
            error=gettext("Could not make the PDF: its worker stopped each time it tried."),
            finished_at=now,
        )
        if given_up:
            logger.error("Document %s: every render died with its worker", document_id)
        return
    document = Document.objects.defer("content").select_related("party").get(pk=document_id)
    try:
        pdf = build_pdf(document, progress=partial(_Progress, document_id, task_id))
    except Exception as exc:
        logger.exception("Document %s failed to render", document_id)
        reason = exc.message if isinstance(exc, UserError) else str(exc)
        message = (gettext("Could not make the PDF: %(reason)s") % {"reason": reason})[:240]
        # Only while the claim is still this task's: a render that took over
        # from this one may yet succeed.
        Document.objects.filter(pk=document_id, status=Status.RENDERING, claimed_by=task_id).update(
            status=Status.FAILED, error=message, finished_at=timezone.now()
        )
        return
    with transaction.atomic():
        stored = Document.objects.filter(pk=document_id, status__in=PENDING).update(
            status=Status.READY,
            content=pdf,
            progress_done=F("progress_total"),
            finished_at=timezone.now(),
        )
        if not stored:
            return  # another render of it finished first, or it was deleted
        # The stale copies of the same document are replaced by this one.
        Document.objects.filter(
            party_id=document.party_id,
            kind=document.kind,
            options_key=document.options_key,
            party_version__lt=document.party_version,
            status__in=(Status.READY, Status.FAILED),
        ).delete()


def build_pdf(document: Document, progress: Callable[[int], Step]) -> bytes:
    """The PDF bytes of ``document`` as the party is now.

    ``progress(total)`` is called once with the number of steps and returns
    the function called with the steps done so far.
    """
    html, step, total = build_html(
        document.party, document.kind, document.options, progress=progress
    )
    pdf = html_to_pdf(html)
    step(total)
    return pdf


def html_to_pdf(html: str) -> bytes:
    return HTML(string=html, base_url=str(settings.BASE_DIR)).write_pdf()
