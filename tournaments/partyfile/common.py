"""The party file's one error for people, and the translation into it."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext

from scoring.texts import word

from ..errors import UserError
from .document import json_read
from .values import PartyFileProblem


class PartyFileError(ValueError):
    """A party file that cannot be loaded.

    ``str(error)`` is the whole message, located: "round 2, table 1, deal 3:
    bid: The bid must be ...".  The parts are kept as ``round``, ``table``,
    ``deal`` (None where they do not apply), ``field`` and ``message``;
    ``path`` says where in the JSON document, when the file itself is at
    fault ("rounds[1].deals[6].bid"), else None.
    """

    def __init__(
        self,
        message: str,
        *,
        field: str | None = None,
        round: int | None = None,
        table: int | None = None,
        deal: int | None = None,
        path: str | None = None,
    ):
        self.message = message
        self.path = path
        self.field = field
        self.round = round
        self.table = table
        self.deal = deal
        labels = (
            (gettext("round"), round),
            (gettext("table"), table),
            (gettext("deal"), deal),
        )
        where = ", ".join(f"{label} {value}" for label, value in labels if value is not None)
        super().__init__(": ".join(part for part in (where, field, message) if part))


def from_party_error(error: UserError, *, field: str | None = None, **where) -> PartyFileError:
    """A service's refusal, located.  ``field`` replaces the service's own field
    names (for a deal record they are the record's fields and are kept)."""
    items = list(error.errors.items())
    if field is not None:
        return PartyFileError(" ".join(message for _, message in items), field=field, **where)
    first_field, first = items[0]
    rest = "".join(f"; {name}: {message}" for name, message in items[1:])
    return PartyFileError(
        first + rest, field=None if first_field == "__all__" else first_field, **where
    )


def from_problem(problem: PartyFileProblem) -> PartyFileError:
    """The parser's problem, translated for people."""
    # The rules validator's errors (no params) keep their own templates.
    message = problem.message
    message = word(message) if problem.params is None else gettext(message) % problem.params
    return PartyFileError(
        message,
        field=problem.field,
        round=problem.round,
        table=problem.table,
        deal=problem.deal,
        path=problem.path,
    )


def party_file_parse(content: bytes) -> Any:
    """The JSON document in ``content`` (UTF-8, with or without a byte-order
    mark), or :class:`PartyFileError` saying what is wrong with it."""
    try:
        return json_read(content)
    except PartyFileProblem as problem:
        raise from_problem(problem) from None
