"""The one error for people: what a service refuses, in words the person
who asked can act on.  Every feature raises it (parties, tables, clubs,
members, seasons, accounts, API tokens); views catch it and show
``message``, or ``errors`` beside the form's fields.  Anything else is a bug
and fails loudly."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .models import DealResult


class UserError(Exception):
    """A problem the person at the page can fix (a host, an organiser, a
    player at the table, a token's holder).  ``errors`` maps field names to
    sentences; ``"__all__"`` holds errors that belong to no single field.  ``message`` is
    all of them as one text, for a page that shows the error in one place."""

    def __init__(
        self,
        errors: dict[str, str] | str,
        *,
        result: DealResult | None = None,
        differs: tuple[str, ...] = (),
    ):
        if isinstance(errors, str):
            errors = {"__all__": errors}
        self.errors = errors
        #: For a stale or duplicate entry: the result that is already stored.
        self.result = result
        #: For a form token used before for something else: what differs
        #: ("party", "round", "table", "deal" or the record's field names).
        self.differs = differs
        super().__init__("; ".join(f"{k}: {v}" for k, v in errors.items()))

    @property
    def message(self) -> str:
        """The text a host reads: every sentence, in the order given."""
        return " ".join(self.errors.values())
