"""What every part of online play shares: its errors and a few plain checks.
How a table is read (its ruleset, seats and deal) lives in
:mod:`scoring.selectors`."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext, ngettext

from scoring.rules import DealState

from ..models import OnlineSeat, OnlineTable


class PlayError(Exception):
    """A move or a request the rules or the table refuse; nothing changed.

    ``errors`` maps form fields to sentences (``"__all__"`` for the rest);
    ``message`` is all of them in one sentence for a player's screen."""

    def __init__(self, errors: dict[str, str] | str) -> None:
        if isinstance(errors, str):
            errors = {"__all__": errors}
        self.errors = errors
        super().__init__(self.message)

    @property
    def message(self) -> str:
        return " ".join(self.errors.values())


class TablesLimitReached(PlayError):
    """Too many tables were created lately; ``retry_after`` seconds until one may be."""

    def __init__(self, retry_after: int) -> None:
        self.retry_after = retry_after
        super().__init__(gettext("Too many tables were created just now. Please try again later."))


def bot_due(table: OnlineTable, state: DealState, seats: Sequence[OnlineSeat]) -> bool:
    """Whether a bot has something to do: its seat is to act, or the deal is
    over at a table of bots only (who deal the next hand themselves)."""
    if table.status != OnlineTable.Status.PLAYING:
        return False
    if state.phase == "done":
        return all(seat.is_bot for seat in seats)
    return seats[state.to_act].is_bot


def bot_forced(state: DealState, seats: Sequence[OnlineSeat]) -> bool:
    """Whether a bot's seat is to act with a single legal action: a forced
    step (RULES.md 11.4 15 leaves it an action), which takes no thinking time."""
    if state.phase == "done" or state.to_act is None:
        return False
    return seats[state.to_act].is_bot and len(state.legal) == 1


def table_unattended(table: OnlineTable, seats: Sequence[OnlineSeat]) -> bool:
    """A casual table with no person seated.  Its bots wait on the low-priority
    queue and stop while none of its pages is open; a party table's deals
    count in a party, so it is never one."""
    return table.mode != OnlineTable.Mode.PARTY and all(seat.is_bot for seat in seats)


def duration_text(seconds: int) -> str:
    """``30 seconds``, ``1 minute``, ``5 minutes``."""
    if seconds < 60:
        return ngettext("%(count)d second", "%(count)d seconds", seconds) % {"count": seconds}
    minutes = seconds // 60
    return ngettext("%(count)d minute", "%(count)d minutes", minutes) % {"count": minutes}
