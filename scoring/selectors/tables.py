"""A table as services and pages read it: its ruleset, its seats, its
deal in play rebuilt from the log, and who has been waited on too long."""

from __future__ import annotations

import datetime
import functools
from dataclasses import dataclass

from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext, pgettext_lazy

from scoring.rules import DealState, Ruleset, replay
from tournaments.models import ClubRole, Member, Role

from ..models import OnlineDeal, OnlineSeat, OnlineTable


@functools.lru_cache(maxsize=256)
def _ruleset_from(items: tuple) -> Ruleset:
    return Ruleset.from_json(dict(items))


def table_ruleset(table: OnlineTable) -> Ruleset:
    """The table's ruleset with its house options (one shared value per options)."""
    return _ruleset_from(tuple(sorted(table.ruleset.items())))


def seat_game(table: OnlineTable) -> bool:
    """Whether the table plays an N-seat game (RULES.md 12.1): it keeps a
    running total a seat."""
    return bool(table.totals)


def seat_points(record: dict) -> int:
    """The points that count for the bid of an N-seat record: the bidding
    side's (called partner) or the bidder's own (individual)."""
    if "side_points" in record:
        return record["side_points"][0]
    return record["seat_points"][record["bidder"]]


def seat_bid_made(record: dict) -> bool:
    """Whether the bid of an N-seat record was made."""
    return seat_points(record) >= record["bid"]


def table_seats(
    *, table_id: int | None = None, token: str | None = None, creator_token: str | None = None
) -> list[OnlineSeat]:
    """The seats of one table, seat 1 first, each with its table and the
    table's current deal, in one query.  The table is named by exactly one
    of: its id, the private token of one of its seats, its creator's token.
    An unknown name gives no seats."""
    if (table_id, token, creator_token).count(None) != 2:
        raise TypeError("table_seats() takes exactly one of table_id, token, creator_token")
    if table_id is not None:
        seats = OnlineSeat.objects.filter(table=table_id)
    elif token is not None:
        seats = OnlineSeat.objects.filter(table__seats__token=token)
    else:
        seats = OnlineSeat.objects.filter(table__creator_token=creator_token)
    seats = seats.select_related("table__current")
    # Sorted here: an ORDER BY costs more to build than the few rows to sort.
    return sorted(seats.order_by(), key=lambda seat: seat.seat)


def deal_state(rs: Ruleset, deal: OnlineDeal, upto: int | None = None) -> DealState:
    """The deal rebuilt from its actions (the first ``upto``, or all)."""
    actions = deal.log if upto is None else deal.log[:upto]
    return replay(rs, actions, deck=deal.deck, dealer=deal.dealer)


def seat_idle(table: OnlineTable, state: DealState, seat: OnlineSeat) -> bool:
    """Whether ``seat`` is a person who has been thinking on their turn for
    longer than the table allows."""
    return (
        table.status == OnlineTable.Status.PLAYING
        and not seat.is_bot
        and state.to_act == seat.seat
        and timezone.now() - table.turn_since >= datetime.timedelta(seconds=table.idle_seconds)
    )


def bots_overdue_since() -> datetime.datetime:
    """A due bot whose table has not changed since this moment has lost its
    task: its thinking time and ``PLAY_BOT_REQUEUE_MS`` have passed."""
    wait = settings.PLAY_BOT_DELAY_MS + settings.PLAY_BOT_REQUEUE_MS
    return timezone.now() - datetime.timedelta(milliseconds=wait)


@dataclass(frozen=True)
class Played:
    """A table just after a move: its seats and deal as the move left them,
    and whether bots play next (after which this is out of date).
    ``bots_waiting``: the move is stored but the bots' turn could not be
    queued; a later poll queues it (``services.bots_resume``)."""

    table: OnlineTable
    seats: list[OnlineSeat]
    state: DealState
    bots_next: bool
    bots_waiting: bool = False


def members_seatable(*, user) -> list[Member]:
    """The club members ``user`` may seat at a casual table, so that the
    game counts in their ratings: those of each club the user scores or
    organises for (a role held, not as staff), by club and name, with their
    club."""
    if not user.is_authenticated:
        return []
    roles = ClubRole.objects.filter(user=user, role__in=[Role.ORGANISER, Role.SCORER])
    return list(
        Member.objects.filter(club_id__in=roles.values("club_id"))
        .select_related("club")
        .order_by("club__name", "club_id", "name")
    )


#: A bot level as a player names it ("a bot (normal)").
LEVEL_WORDS = {
    "easy": pgettext_lazy("bot level", "easy"),
    "heuristic": pgettext_lazy("bot level", "normal"),
    "expert": pgettext_lazy("bot level", "expert"),
    "random": pgettext_lazy("bot level", "random"),
}


def away_note(seat: OnlineSeat) -> str:
    """ "Played by a bot (normal) while Ana is away", or nothing when the seat's
    person is there."""
    if not seat.away:
        return ""
    return gettext("Played by a bot (%(level)s) while %(name)s is away.") % {
        "level": str(LEVEL_WORDS.get(seat.kind, seat.kind)),
        "name": seat.name,
    }
