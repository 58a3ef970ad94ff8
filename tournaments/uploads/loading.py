"""Loading an uploaded file: the body of ``tasks.upload_load``.

The load is one transaction that holds the upload's row lock from start to
end.  While it runs, another task handed the same upload (the broker gives
an unacknowledged task out again) finds the row locked and leaves it; when
its worker dies, PostgreSQL ends the transaction, undoing every row it made,
and the lock goes with it, so the task handed out again claims the upload
and loads it from the start.
"""

from __future__ import annotations

import logging
import time
import uuid
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone, translation
from django.utils.translation import gettext

from ..clubs.clubfile import ClubFileError, club_load
from ..models import Upload
from ..partyfile import PartyFileError, owner_lock, party_file_parse, party_load
from .progress import progress_forget, progress_store

logger = logging.getLogger(__name__)

Status = Upload.Status

#: An upload queued, or claimed and not yet locked by its load, for longer than
#: this is taken as lost: a task may claim it again, and its page queues it
#: again.  A load that runs holds the row's lock, which no wait outlasts.
STUCK_AFTER = timedelta(minutes=1)

#: Loads of one upload started (each died with its worker) before it is
#: marked failed instead of being handed out for ever.
MAX_LOAD_ATTEMPTS = 3

PENDING = (Status.QUEUED, Status.LOADING)


class _OwnerBusy(Exception):
    """Another load by the same host holds the owner's lock."""


def inline_task_id() -> str:
    """A claim's name for a load run in the request, not by a task."""
    return f"inline-{uuid.uuid4().hex}"


def upload_load(*, upload_id: int, task_id: str, wait: bool = True) -> bool:
    """Load the queued upload ``upload_id``: the new club or party, or the
    located problem, stored on its row (the task's body).

    Idempotent: the upload is claimed first (queued -> loading, by
    ``task_id``) and left alone when it cannot be: loaded, failed, being
    loaded by a live task (its row is locked), or deleted.  A claim may be
    taken over when it is lost: held by this same task id (handed out again
    because its worker died) or older than ``STUCK_AFTER``.  After
    ``MAX_LOAD_ATTEMPTS`` loads that all died, the upload is marked failed.

    The load runs in one transaction: the club or party and the upload's
    "loaded" commit together, or nothing does.  With ``wait=False`` (a load
    in the request) it does not wait for another load by the same host:
    it returns False, the upload queued as it was, for a task to load.
    """
    claimed = _claim(upload_id, task_id)
    if claimed is None:
        return True
    # Its problems are told in the language of the page it was uploaded from.
    with translation.override(claimed or None):
        try:
            with transaction.atomic():
                upload = (
                    Upload.objects.select_for_update(skip_locked=True)
                    .filter(pk=upload_id, status=Status.LOADING, claimed_by=task_id)
                    .first()
                )
                if upload is None:
                    return True  # taken over meanwhile
                user = get_user_model().objects.get(pk=upload.user_id)
                if not owner_lock(user, wait=wait):
                    raise _OwnerBusy
                made = _load(upload, user)
                Upload.objects.filter(pk=upload_id).update(
                    status=Status.DONE,
                    content=None,
                    error="",
                    finished_at=timezone.now(),
                    **made,
                )
        except _OwnerBusy:
            Upload.objects.filter(pk=upload_id, claimed_by=task_id).update(
                status=Status.QUEUED, claimed_by="", claimed_at=None, attempts=F("attempts") - 1
            )
            return False
        except (ClubFileError, PartyFileError) as error:
            _fail(upload_id, task_id, str(error))
        except Exception:
            logger.exception("Upload %s failed to load", upload_id)
            _fail(upload_id, task_id, gettext("Could not load the file: the server met an error."))
        finally:
            progress_forget(upload_id=upload_id, claim=task_id)
    return True


def _load(upload: Upload, user) -> dict:
    """Make what the file holds; the fields that name it on the upload's row.
    Should be called holding the upload's lock, inside its transaction."""

    def progress(done: int, total: int) -> None:
        progress_store(upload_id=upload.pk, claim=upload.claimed_by, done=done, total=total)

    data = party_file_parse(bytes(upload.content or b""))
    if upload.kind == Upload.Kind.CLUB:
        club = club_load(data=data, user=user, source=upload.filename, progress=progress)
        return {"club": club}
    party = party_load(data, owner=user, source=upload.filename, progress=progress)
    return {"party": party}


#: A task handed out again because its worker died may find the row still
#: locked for a moment, while PostgreSQL ends the dead load's transaction:
#: it tries again for this long (seconds) before leaving the row alone.
RELOCK_WAIT = 5.0

#: ``_claim_once``: the row is locked, and claimed by the same task id.
_LOCKED_BY_SAME_TASK = object()


def _claim(upload_id: int, task_id: str) -> str | None:
    """Take the upload for ``task_id`` (queued -> loading) and return the
    language it was uploaded in, or None when it is not to be loaded."""
    deadline = time.monotonic() + RELOCK_WAIT
    while True:
        claimed = _claim_once(upload_id, task_id)
        if claimed is not _LOCKED_BY_SAME_TASK:
            return claimed
        if time.monotonic() > deadline:
            return None  # a live copy of this task is loading it
        time.sleep(0.2)


def _claim_once(upload_id: int, task_id: str):
    now = timezone.now()
    claimable = Q(status=Status.QUEUED) | Q(
        Q(claimed_at__lt=now - STUCK_AFTER) | Q(claimed_at__isnull=True),
        status=Status.LOADING,
    )
    same_task = Q(status=Status.LOADING, claimed_by=task_id) if task_id else Q(pk__in=[])
    with transaction.atomic():
        # A locked row is being loaded by a live task: leave it.
        found = (
            Upload.objects.select_for_update(skip_locked=True)
            .filter(claimable | same_task, pk=upload_id)
            .values_list("attempts", "language")
            .first()
        )
        if found is None:
            if task_id and Upload.objects.filter(same_task, pk=upload_id).exists():
                return _LOCKED_BY_SAME_TASK
            return None
        attempts, language = found
        if attempts >= MAX_LOAD_ATTEMPTS:
            with translation.override(language or None):
                message = gettext("Could not load the file: its worker stopped each time it tried.")
            Upload.objects.filter(pk=upload_id).update(
                status=Status.FAILED, error=message, content=None, finished_at=now
            )
            logger.error("Upload %s: every load died with its worker", upload_id)
            return None
        Upload.objects.filter(pk=upload_id).update(
            status=Status.LOADING,
            claimed_by=task_id,
            claimed_at=now,
            attempts=F("attempts") + 1,
            error="",
        )
    return language


def _fail(upload_id: int, task_id: str, message: str) -> None:
    """Store the problem, while the claim is still this task's."""
    Upload.objects.filter(pk=upload_id, status=Status.LOADING, claimed_by=task_id).update(
        status=Status.FAILED, error=message, content=None, finished_at=timezone.now()
    )
