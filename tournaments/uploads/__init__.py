"""Uploaded club and party files, loaded in the background.

A host's upload must never hold a web worker for the minutes a big club
file takes to load, nor let one file ask for unbounded work:

* ``work``: what a file asks for (parties, rounds, deals, players), counted
  from its JSON before anything is done, and the limits one upload may ask
  for (``LIMITS``); plain Python.
* ``services``: :func:`upload_receive` counts and refuses (a clear message,
  nothing saved) or stores the file in an :class:`~tournaments.models.Upload`
  row and enqueues ``tasks.upload_load``; a small party file is loaded at
  once, in the request.  :func:`uploads_requeue_lost` queues again a load
  whose task or worker was lost.
* ``loading``: the task's body.  It claims the row (queued to loading),
  then loads the file in one transaction that holds the row's lock: the
  club or party and the row's "loaded" commit together, or nothing does, and
  a problem the host can fix (located as the loaders locate it: party,
  round, table, deal, field) is stored on the row.  A worker killed mid-load
  leaves nothing behind, and the task handed out again loads it afresh.
* ``progress``: how far a running load has gone, kept in the cache.
* ``selectors`` and ``views``: the upload's page, for its uploader (and
  staff), which follows the load and then links what it made or shows the
  problem.

The management commands ``club_load`` and ``party_load`` load in their own
process, at once, as before.
"""

from .loading import MAX_LOAD_ATTEMPTS, STUCK_AFTER, upload_load
from .selectors import UploadStatus, upload_status
from .services import PENDING_MAX, upload_receive, uploads_requeue_lost
from .work import AT_ONCE, LIMITS, Work, club_file_work, party_file_work

__all__ = [
    "AT_ONCE",
    "LIMITS",
    "MAX_LOAD_ATTEMPTS",
    "PENDING_MAX",
    "STUCK_AFTER",
    "UploadStatus",
    "Work",
    "club_file_work",
    "party_file_work",
    "upload_load",
    "upload_receive",
    "upload_status",
    "uploads_requeue_lost",
]
