"""Project-level Celery tasks."""

from celery import shared_task


# The one task whose caller waits for its result (tasks ignore theirs by default).
@shared_task(ignore_result=False)
def ping() -> str:
    """Return "pong": proves a task runs, eagerly or on a worker."""
    return "pong"
