"""Celery tasks of the party app: ids in, a service call, a stored result out."""

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
