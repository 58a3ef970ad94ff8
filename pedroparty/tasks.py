"""Project-level Celery tasks."""

from celery import shared_task


@shared_task
def ping() -> str:
    """Return "pong": proves a task runs, eagerly or on a worker."""
    return "pong"
