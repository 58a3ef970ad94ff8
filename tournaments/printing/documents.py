"""The host's documents: asked for, queued, queued again when lost, listed.

A host asks for a document with :func:`document_request`; it is made in the
background by ``tournaments.tasks.document_render`` (see ``rendering``).  The
PDF is stored in the ``Document`` row with the party version it was made
from:

* a request for the same kind and options at the party's current version
  returns the stored document (made, or still being made);
* a party change bumps ``Party.version``, so the stored PDFs become *stale*
  and the next request makes a new one.  When the new one is ready, the
  stale copies of the same kind and options are deleted.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import timedelta
from functools import partial
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext, ngettext

from ..clubs.services.access import party_action
from ..errors import UserError
from ..models import Document, Party
from ..tasks import document_render as document_render_task
from .options import document_options, options_key
from .paper import DESIGNS, PAPERS

logger = logging.getLogger(__name__)

Kind = Document.Kind
Status = Document.Status

#: A document queued, or rendering without a sign of progress, for longer than
#: this is taken as lost (its worker died): a task may claim it again and the
#: host's documents page queues it again (``documents_requeue_lost``).
STUCK_AFTER = timedelta(seconds=settings.DOCUMENT_STUCK_SECONDS)

#: A pending document with no sign of life for this long is shown as stuck,
#: with a "Make again" button, before it is queued again by itself.
SLOW_AFTER = STUCK_AFTER / 3

#: Renders of one document started since the host asked for it: past this,
#: a document whose render keeps dying with its worker (one that runs out of
#: memory, say) is marked failed instead of being handed out for ever.
MAX_RENDER_ATTEMPTS = 3

PENDING = (Status.QUEUED, Status.RENDERING)


def _quiet_since(cutoff) -> Q:
    """Pending documents with no sign of life since ``cutoff``: queued before
    it, or claimed (or last showing progress) before it."""
    return Q(status=Status.QUEUED, created_at__lt=cutoff) | Q(
        Q(claimed_at__lt=cutoff) | Q(claimed_at__isnull=True, created_at__lt=cutoff),
        status=Status.RENDERING,
    )


def _is_quiet(status: str, created_at, claimed_at, cutoff) -> bool:
    """``_quiet_since`` for one row's values."""
    if status == Status.QUEUED:
        return created_at < cutoff
    if status == Status.RENDERING:
        return (claimed_at or created_at) < cutoff
    return False


#: The fields that put a document back in the queue.
_REQUEUE = {
    "status": Status.QUEUED,
    "progress_done": 0,
    "progress_total": 0,
    "error": "",
    "claimed_by": "",
    "claimed_at": None,
}


@party_action
def document_request(*, party: Party, kind: str, options: Mapping[str, Any], user) -> Document:
    """The document of ``kind`` and ``options`` for the party as it is now.

    Returns the stored one when there is one at the current party version
    (ready, or still being made); otherwise queues a new one, rendered by a
    task enqueued when the transaction commits.  A failed or lost document is
    queued again.  Raises UserError for options the host can fix.
    """
    clean = document_options(party, kind, options)
    key = options_key(clean)
    with transaction.atomic():
        version = Party.objects.values_list("version", flat=True).get(pk=party.pk)
        lookup = {"party_id": party.pk, "kind": kind, "options_key": key, "party_version": version}
        document = Document.objects.defer("content").filter(**lookup).first()
        if document is None:
            try:
                with transaction.atomic():
                    document = Document.objects.create(
                        **lookup,
                        options=clean,
                        requested_by=user if getattr(user, "is_authenticated", False) else None,
                        filename=_filename(party, kind, version),
                    )
            except IntegrityError:  # a second tablet asked at the same moment
                return Document.objects.defer("content").get(**lookup)
        elif document.status == Status.FAILED or _is_quiet(
            document.status, document.created_at, document.claimed_at, timezone.now() - STUCK_AFTER
        ):
            _requeue(document)
        else:
            return document
        transaction.on_commit(partial(document_render_task.delay, document.pk))
    return document


@party_action
def document_again(*, party: Party, document_id: int, user) -> Document:
    """Make the party's document ``document_id`` again, from scratch.

    One made from an older party version is asked for as the party is now (a
    new document, see ``document_request``); one made from this version is
    returned as it is.  Otherwise the document is queued again and a new task
    enqueued, however recent its claim, so a stuck or failed one is really
    rendered again; should its first render still be alive, the
    first of the two to finish stores the PDF.  Raises UserError when the
    document is not the party's (any more).
    """
    with transaction.atomic():
        document = (
            Document.objects.defer("content")
            .select_for_update()
            .filter(party_id=party.pk, pk=document_id)
            .first()
        )
        if document is None:
            raise UserError({"again": gettext("That document is gone: ask for it again below.")})
        version = Party.objects.values_list("version", flat=True).get(pk=party.pk)
        if document.party_version < version:
            return document_request(
                party=party, kind=document.kind, options=dict(document.options), user=user
            )
        if document.status == Status.READY:
            return document  # made meanwhile: nothing to make again
        _requeue(document)
        transaction.on_commit(partial(document_render_task.delay, document.pk))
    return document


def documents_requeue_lost(*, party: Party) -> list[int]:
    """Queue again the party's documents left queued or rendering with no sign
    of life for ``STUCK_AFTER`` (their task or worker was lost); their ids.

    Safe to call on every look at the list: a document queued again looks
    fresh, and two callers at once queue it once (the update re-checks).
    """
    cutoff = timezone.now() - STUCK_AFTER
    quiet = _quiet_since(cutoff)
    lost = list(Document.objects.filter(quiet, party_id=party.pk).values_list("pk", flat=True))
    requeued = []
    for pk in lost:
        with transaction.atomic():
            if Document.objects.filter(quiet, pk=pk).update(**_REQUEUE, created_at=timezone.now()):
                logger.warning("Document %s was lost by its worker: queued again", pk)
                requeued.append(pk)
                transaction.on_commit(partial(document_render_task.delay, pk))
    return requeued


def _requeue(document: Document) -> None:
    """Put ``document`` back in the queue, as asked for afresh (the caller
    enqueues its task on commit)."""
    Document.objects.filter(pk=document.pk).update(
        **_REQUEUE, created_at=timezone.now(), render_attempts=0
    )
    document.refresh_from_db(fields=[*_REQUEUE, "created_at", "render_attempts"])


def _filename(party: Party, kind: str, version: int) -> str:
    return f"{party.slug}-{kind.replace('_', '-')}-v{version}.pdf"


# --------------------------------------------------------------------- the host's list


@dataclass(frozen=True)
class DocumentLine:
    id: int
    kind: str
    label: str
    summary: str
    status: str
    status_label: str
    progress_done: int
    progress_total: int
    error: str
    filename: str
    party_version: int
    stale: bool
    created_at: object
    #: Pending with no sign of life for ``SLOW_AFTER``: its worker may be lost.
    stuck: bool = False

    @property
    def pending(self) -> bool:
        return self.status in (Status.QUEUED, Status.RENDERING)

    @property
    def ready(self) -> bool:
        return self.status == Status.READY


def document_list(party: Party, limit: int = 30) -> list[DocumentLine]:
    """The party's latest documents, newest first, without their bytes."""
    version = Party.objects.values_list("version", flat=True).get(pk=party.pk)
    rows = (
        Document.objects.filter(party=party)
        .order_by("-created_at", "-id")
        .values(
            "id",
            "kind",
            "options",
            "status",
            "progress_done",
            "progress_total",
            "error",
            "filename",
            "party_version",
            "created_at",
            "claimed_at",
        )[:limit]
    )
    slow = timezone.now() - SLOW_AFTER
    kinds = dict(Kind.choices)
    statuses = dict(Status.choices)
    return [
        DocumentLine(
            id=row["id"],
            kind=row["kind"],
            label=kinds.get(row["kind"], row["kind"]),
            summary=_summary(row["options"]),
            status=row["status"],
            status_label=statuses.get(row["status"], row["status"]),
            progress_done=row["progress_done"],
            progress_total=row["progress_total"],
            error=row["error"],
            filename=row["filename"],
            party_version=row["party_version"],
            stale=row["party_version"] < version,
            created_at=row["created_at"],
            stuck=_is_quiet(row["status"], row["created_at"], row["claimed_at"], slow),
        )
        for row in rows
    ]


def _summary(options: Mapping[str, Any]) -> str:
    parts = []
    if "paper" in options:
        parts.append(str(PAPERS[options["paper"]].label) if options["paper"] in PAPERS else "")
    if "design" in options:
        design = DESIGNS.get(options["design"])
        parts.append(str(design) if design else options["design"])
    awards = options.get("awards")
    if awards is not None:
        parts.append(
            gettext("all winners")
            if awards == "all"
            else ngettext("%(count)d winner", "%(count)d winners", len(awards))
            % {"count": len(awards)}
        )
    if "round" in options:
        parts.append(
            gettext("round %(number)d") % {"number": options["round"]}
            if options["round"]
            else gettext("current round")
        )
    return ", ".join(p for p in parts if p)
