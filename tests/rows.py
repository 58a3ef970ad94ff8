"""Whether a block of a test changed any row.

A full snapshot of every table costs a query a model; most requests a test
sends change nothing and send only reads.  ``WriteWatch`` records the
statements sent in its block: only when one of them could have changed a
row does the test need to compare snapshots to know."""

from __future__ import annotations

import re

from django.db import connection
from django.test.utils import CaptureQueriesContext

#: Statements that change no row.
READS = re.compile(r"\s*(SELECT|SAVEPOINT|RELEASE|ROLLBACK)\b", re.IGNORECASE)


class WriteWatch(CaptureQueriesContext):
    """The statements sent on the default connection in the block."""

    def __init__(self) -> None:
        super().__init__(connection)

    @property
    def wrote(self) -> bool:
        """Whether any statement sent could have changed a row."""
        return not all(READS.match(query["sql"]) for query in self.captured_queries)
