"""Reading an upload as its page shows it."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from ..models import Upload
from .progress import progress_read

Status = Upload.Status


@dataclass(frozen=True)
class UploadStatus:
    id: int
    user_id: int
    kind: str
    filename: str
    status: str
    error: str
    #: What the file holds: the load's steps are its parties (a club file) or
    #: its rounds (a party file).
    steps: int
    #: Steps done so far while it loads, when the load has said.
    done: int | None
    club_slug: str
    club_name: str
    party_slug: str
    party_name: str
    created_at: datetime.datetime

    @property
    def pending(self) -> bool:
        return self.status in (Status.QUEUED, Status.LOADING)

    @property
    def club_file(self) -> bool:
        return self.kind == Upload.Kind.CLUB


def upload_status(*, upload_id: int, user) -> UploadStatus | None:
    """The upload ``upload_id`` as its page shows it, in one query (and a look
    at the cache while it loads); None unless ``user`` uploaded it or is staff."""
    found = Upload.objects.filter(pk=upload_id)
    if not user.is_staff:
        found = found.filter(user_id=user.pk)
    row = found.values(
        "id",
        "user_id",
        "kind",
        "filename",
        "status",
        "claimed_by",
        "error",
        "parties",
        "rounds",
        "club__slug",
        "club__name",
        "party__slug",
        "party__name",
        "created_at",
    ).first()
    if row is None:
        return None
    steps = row["parties"] if row["kind"] == Upload.Kind.CLUB else row["rounds"]
    done = None
    if row["status"] == Status.LOADING:
        progress = progress_read(upload_id=row["id"], claim=row["claimed_by"])
        done = min(progress[0], steps) if progress is not None else None
    return UploadStatus(
        id=row["id"],
        user_id=row["user_id"],
        kind=row["kind"],
        filename=row["filename"],
        status=row["status"],
        error=row["error"],
        steps=steps,
        done=done,
        club_slug=row["club__slug"] or "",
        club_name=row["club__name"] or "",
        party_slug=row["party__slug"] or "",
        party_name=row["party__name"] or "",
        created_at=row["created_at"],
    )
