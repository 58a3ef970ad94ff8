"""Receiving an uploaded file, and queuing again a load whose worker was lost."""

from __future__ import annotations

import logging
from functools import partial

from django.db import transaction
from django.db.models import Q
from django.utils import formats, timezone
from django.utils.translation import gettext, ngettext

from ..errors import UserError
from ..models import Upload
from ..partyfile import PartyFileError, party_file_parse
from ..tasks import upload_load as upload_load_task
from .loading import PENDING, STUCK_AFTER, inline_task_id, upload_load
from .work import AT_ONCE, LIMITS, Work, club_file_work, party_file_work

logger = logging.getLogger(__name__)

Status = Upload.Status

#: Uploads of one host that may wait or load at once; the next is refused
#: until one of them ends.
PENDING_MAX = 2


def upload_receive(*, kind: str, content: bytes, filename: str, user, language: str = "") -> Upload:
    """Take an uploaded club or party file (``kind``) to be loaded.

    The file is read as JSON and what it asks for is counted (``work``);
    past ``work.LIMITS``, or while the host has ``PENDING_MAX`` uploads
    still waiting or loading, it is refused with :class:`UserError` (on
    ``file``) and nothing is saved.  Otherwise an :class:`Upload` is made,
    queued, and its load enqueued when the transaction commits (with no
    broker, it runs then, in this process).  A party file within
    ``work.AT_ONCE`` is loaded at once, here, unless another load of the
    host's is running; if that load is refused, the upload is deleted and
    :class:`UserError` (on ``file``) says where, as the loader does.
    Returns the upload as it then stands: loaded, or waiting for a worker.
    """
    try:
        data = party_file_parse(content)
    except PartyFileError as error:
        raise UserError({"file": str(error)}) from None
    work = club_file_work(data) if kind == Upload.Kind.CLUB else party_file_work(data)
    _refuse_past_limits(work)
    uploads_requeue_lost(user_id=user.pk)
    pending = Upload.objects.filter(user=user, status__in=PENDING).count()
    if pending >= PENDING_MAX:
        raise UserError(
            {
                "file": ngettext(
                    "You have %(count)d file still loading: wait until it is loaded "
                    "before you upload another.",
                    "You have %(count)d files still loading: wait until they are loaded "
                    "before you upload another.",
                    pending,
                )
                % {"count": pending}
            }
        )
    upload = Upload.objects.create(
        kind=kind,
        user=user,
        filename=filename[:160],
        language=language,
        size=len(content),
        content=content,
        parties=work.parties,
        rounds=work.rounds,
        deals=work.deals,
        players=work.players,
    )
    at_once = kind == Upload.Kind.PARTY and pending == 0 and work.within(AT_ONCE)
    if not (at_once and upload_load(upload_id=upload.pk, task_id=inline_task_id(), wait=False)):
        transaction.on_commit(partial(upload_load_task.delay, upload.pk))
    received = Upload.objects.defer("content").select_related("club", "party").get(pk=upload.pk)
    if at_once and received.status == Status.FAILED:
        # Refused while the host waited: told on the form, and nothing kept.
        received.delete()
        raise UserError({"file": received.error})
    return received


def _refuse_past_limits(work: Work) -> None:
    """UserError naming each count of ``work`` past ``LIMITS``."""
    texts = {
        "parties": lambda count: ngettext(
            "This file holds %(count)s party; one upload may hold at most %(limit)s.",
            "This file holds %(count)s parties; one upload may hold at most %(limit)s.",
            count,
        ),
        "rounds": lambda count: ngettext(
            "This file holds %(count)s round in all; one upload may hold at most %(limit)s.",
            "This file holds %(count)s rounds in all; one upload may hold at most %(limit)s.",
            count,
        ),
        "deals": lambda count: ngettext(
            "This file holds %(count)s deal in all, amendments counted; one upload may hold "
            "at most %(limit)s.",
            "This file holds %(count)s deals in all, amendments counted; one upload may hold "
            "at most %(limit)s.",
            count,
        ),
        "players": lambda count: ngettext(
            "This file holds %(count)s player in all; one upload may hold at most %(limit)s.",
            "This file holds %(count)s players in all; one upload may hold at most %(limit)s.",
            count,
        ),
    }
    sentences = [
        texts[what](count)
        % {
            "count": formats.number_format(count, force_grouping=True),
            "limit": formats.number_format(limit, force_grouping=True),
        }
        for what, count, limit in work.over(LIMITS)
    ]
    if sentences:
        sentences.append(gettext("Nothing was loaded."))
        raise UserError({"file": " ".join(sentences)})


def uploads_requeue_lost(*, user_id: int) -> list[int]:
    """Queue again the host's uploads left queued, or claimed and not being
    loaded, with no sign of life for ``STUCK_AFTER`` (their task or worker
    was lost); their ids.

    Safe to call on every look at an upload: one being loaded holds its row's
    lock and is left alone, one queued again looks fresh, and two callers at
    once queue it once.
    """
    cutoff = timezone.now() - STUCK_AFTER
    quiet = Q(status=Status.QUEUED, created_at__lt=cutoff) | Q(
        status=Status.LOADING, claimed_at__lt=cutoff
    )
    requeued = []
    for pk in Upload.objects.filter(quiet, user_id=user_id).values_list("pk", flat=True):
        with transaction.atomic():
            lost = Upload.objects.select_for_update(skip_locked=True).filter(quiet, pk=pk)
            if lost.values_list("pk", flat=True).first() is None:
                continue
            Upload.objects.filter(pk=pk).update(
                status=Status.QUEUED, claimed_by="", claimed_at=None, created_at=timezone.now()
            )
            logger.warning("Upload %s was lost by its worker: queued again", pk)
            requeued.append(pk)
            transaction.on_commit(partial(upload_load_task.delay, pk))
    return requeued
