"""What every part of online play shares: its errors and how a table is read."""

from __future__ import annotations

import datetime
import functools
from collections.abc import Sequence

from django.utils import timezone
from django.utils.translation import gettext

from scoring.rules import DealState, Ruleset, replay

from ..models import OnlineDeal, OnlineSeat, OnlineTable


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


@functools.lru_cache(maxsize=256)
def _ruleset_from(items: tuple) -> Ruleset:
    return Ruleset.from_json(dict(items))


def table_ruleset(table: OnlineTable) -> Ruleset:
    """The table's ruleset with its house options (one shared value per options)."""
    return _ruleset_from(tuple(sorted(table.ruleset.items())))


def table_seats(table_filter: dict) -> list[OnlineSeat]:
    """The four seats of one table, seat 1 first, each with its table and the
    table's current deal, in one query.  ``table_filter`` selects the table
    (e.g. ``{"table": table_id}`` or ``{"table__seats__token": token}``)."""
    seats = OnlineSeat.objects.filter(**table_filter).select_related("table__current")
    # Sorted here: an ORDER BY costs more to build than the four rows to sort.
    return sorted(seats.order_by(), key=lambda seat: seat.seat)


def deal_state(rs: Ruleset, deal: OnlineDeal, upto: int | None = None) -> DealState:
    """The deal rebuilt from its actions (the first ``upto``, or all)."""
    actions = deal.log if upto is None else deal.log[:upto]
    return replay(rs, actions, deck=deal.deck, dealer=deal.dealer)


def bot_due(table: OnlineTable, state: DealState, seats: Sequence[OnlineSeat]) -> bool:
    """Whether a bot has something to do: its seat is to act, or the deal is
    over at a table of bots only (who deal the next hand themselves)."""
    if table.status != OnlineTable.Status.PLAYING:
        return False
    if state.phase == "done":
        return all(seat.is_bot for seat in seats)
    return seats[state.to_act].is_bot


def table_unattended(table: OnlineTable, seats: Sequence[OnlineSeat]) -> bool:
    """A casual table with no person seated.  Its bots wait on the low-priority
    queue and stop while none of its pages is open; a party table's deals
    count in a party, so it is never one."""
    return table.mode != OnlineTable.Mode.PARTY and all(seat.is_bot for seat in seats)


def seat_idle(table: OnlineTable, state: DealState, seat: OnlineSeat) -> bool:
    """Whether ``seat`` is a person who has been thinking on their turn for
    longer than the table allows."""
    return (
        table.status == OnlineTable.Status.PLAYING
        and not seat.is_bot
        and state.to_act == seat.seat
        and timezone.now() - table.turn_since >= datetime.timedelta(seconds=table.idle_seconds)
    )


def duration_text(seconds: int) -> str:
    """``30 seconds``, ``1 minute``, ``5 minutes``."""
    if seconds < 60:
        return f"{seconds} seconds"
    minutes = seconds // 60
    return f"{minutes} minute{'s' if minutes != 1 else ''}"
