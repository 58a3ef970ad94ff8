"""Celery tasks of the party app: ids in, a service call, a stored result out."""

import datetime

from celery import shared_task


# Acknowledged when done, and handed out again if its worker dies, so a render
# is never lost with its worker; the service's claim makes a repeat harmless.
@shared_task(bind=True, acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def document_render(self, document_id: int) -> None:
    """Make and store the PDF of the queued Document ``document_id``.

    Safe to run twice or late: a document made, or being made by a live task,
    is left alone.
    """
    # printing imports this module at the top, to enqueue this task.
    from .printing import rendering

    rendering.document_render(document_id=document_id, task_id=self.request.id or "")


# Acknowledged when done and handed out again if its worker dies, like a
# render: the load's claim and row lock make a repeat harmless.
@shared_task(bind=True, acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def upload_load(self, upload_id: int) -> None:
    """Load the queued Upload ``upload_id`` (a club or party file), all or nothing.

    Safe to run twice or late: an upload loaded, failed, or being loaded by a
    live task is left alone.
    """
    # uploads imports this module at the top, to enqueue this task.
    from .uploads import loading

    loading.upload_load(upload_id=upload_id, task_id=self.request.id or "")


# Acknowledged when done and handed out again if its worker dies: the
# recompute runs under the club's rating lock and writes the same again.
@shared_task(acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def ratings_recompute(club_id: int, since: str) -> None:
    """Work the club ``club_id``'s ratings out again from the night ``since``
    (an ISO date) on.  Safe to run twice or late: it writes the same again."""
    # services imports this module at the top, to enqueue this task.
    from .clubs.services import ratings

    ratings.ratings_recompute(club_id=club_id, since=datetime.date.fromisoformat(since))
