"""Celery tasks of the party app: ids in, a service call, a stored result out."""

from celery import shared_task

from . import printing


@shared_task(ignore_result=True)
def document_render(document_id: int) -> None:
    """Make and store the PDF of the queued Document ``document_id``.

    Safe to run twice or late: a document that is no longer queued is left alone.
    """
    printing.document_render(document_id=document_id)
