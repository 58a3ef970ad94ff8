"""A round as it is played: time called at a table or everywhere, the round
clock, the cut of the cards, and closing the round."""

from __future__ import annotations

import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop, ngettext

from scoring.rules.words import ngettext_noop

from ..clubs.services.access import closed_round_allow, party_action
from ..clubs.services.ratings import ratings_round_closed
from ..errors import UserError
from ..game.standings import table_round_winner
from ..models import DealResult, Round, TableRound
from .common import audit_log
from .results import table_scores
from .seating import round_seat_next, seatings_differing


def _table_outcome(rnd: Round, table: int) -> TableRound:
    """The table's outcome row in ``rnd``; refused when there is no such table."""
    outcome = TableRound.objects.filter(round=rnd, table=table).first()
    if outcome is None:
        raise UserError(
            {"table": gettext("There is no table %(table)d in this round.") % {"table": table}}
        )
    return outcome


@party_action
def table_call_time(*, round: Round, table: int, user) -> None:
    """The host calls time on a table: its unplayed deals count for nobody.
    A table whose time is called already is left as it is (a repeat changes
    nothing)."""
    with transaction.atomic():
        rnd = Round.objects.select_for_update().select_related("party").get(pk=round.pk)
        if rnd.status != Round.Status.OPEN:
            raise UserError(gettext("The round is closed."))
        outcome = _table_outcome(rnd, table)
        if outcome.time_called:
            return
        if not DealResult.objects.filter(round=rnd, table=table, is_current=True).exists():
            raise UserError(
                {
                    "table": gettext(
                        "Table %(table)d has no deal entered; time can be called "
                        "only after at least one deal."
                    )
                    % {"table": table}
                }
            )
        outcome.time_called = True
        outcome.save(update_fields=["time_called"])
        audit_log(
            rnd.party,
            user,
            "table_call_time",
            gettext_noop("Time called on table %(table)d, round %(number)d"),
            {"table": table, "number": rnd.number},
        )


@party_action
def table_call_time_undo(*, round: Round, table: int, user) -> None:
    """Undo a table's own call of time: it plays on, its deals all kept.

    Refused once the round is closed, for a table whose time is not called
    (so a repeat changes nothing), for a table called with the whole round
    (the round's call is undone as one), and when the table has a cut of the
    cards recorded since (the host changes the cut first)."""
    with transaction.atomic():
        rnd = Round.objects.select_for_update().select_related("party").get(pk=round.pk)
        if rnd.status != Round.Status.OPEN:
            raise UserError(gettext("The round is closed: its call of time stays."))
        outcome = _table_outcome(rnd, table)
        if not outcome.time_called:
            raise UserError(
                {
                    "table": gettext("Time has not been called at table %(table)d.")
                    % {"table": table}
                }
            )
        if table in (rnd.time_called_tables or ()):
            raise UserError(
                {
                    "table": gettext(
                        "Time was called at table %(table)d with the whole round: "
                        "undo the round's call of time."
                    )
                    % {"table": table}
                }
            )
        if outcome.cut_winner is not None:
            raise UserError(
                {
                    "table": gettext(
                        "Table %(table)d has a cut of the cards recorded on the deals played "
                        "when time was called; change the cut before undoing the call."
                    )
                    % {"table": table}
                }
            )
        outcome.time_called = False
        outcome.save(update_fields=["time_called"])
        audit_log(
            rnd.party,
            user,
            "table_call_time_undo",
            gettext_noop("Undid the call of time on table %(table)d, round %(number)d"),
            {"table": table, "number": rnd.number},
        )


@party_action
def round_clock_start(*, round: Round, user) -> Round:
    """Start (or restart) the host's round clock: it runs the party's
    ``round_minutes`` from now.  The end is stored as an absolute instant, so
    every page counts down to the same moment.  Refused once the round is
    closed."""
    with transaction.atomic():
        rnd = Round.objects.select_for_update().select_related("party").get(pk=round.pk)
        if rnd.status != Round.Status.OPEN:
            raise UserError(gettext("The round is closed."))
        minutes = rnd.party.round_minutes
        rnd.clock_ends_at = timezone.now() + datetime.timedelta(minutes=minutes)
        rnd.save(update_fields=["clock_ends_at"])
        audit_log(
            rnd.party,
            user,
            "round_clock_start",
            ngettext_noop(
                "Started the %(minutes)d-minute clock of round %(number)d",
                "Started the %(minutes)d-minute clock of round %(number)d",
                "minutes",
            ),
            {"minutes": minutes, "number": rnd.number},
            after={"ends_at": rnd.clock_ends_at.isoformat()},
        )
    return rnd


@party_action
def round_clock_stop(*, round: Round, user) -> Round:
    """Stop the host's round clock (the pages stop showing it)."""
    with transaction.atomic():
        rnd = Round.objects.select_for_update().select_related("party").get(pk=round.pk)
        if rnd.status != Round.Status.OPEN:
            raise UserError(gettext("The round is closed."))
        if rnd.clock_ends_at is None:
            raise UserError(gettext("The round clock is not running."))
        before = {"ends_at": rnd.clock_ends_at.isoformat()}
        rnd.clock_ends_at = None
        rnd.save(update_fields=["clock_ends_at"])
        audit_log(
            rnd.party,
            user,
            "round_clock_stop",
            gettext_noop("Stopped the clock of round %(number)d"),
            {"number": rnd.number},
            before=before,
        )
    return rnd


@party_action
def round_call_time(*, round: Round, user) -> list[int]:
    """Call time for the whole round, as a Pedro host does when the clock
    runs out: every table still playing stops now (RULES.md 6).

    Time is called at each table that has at least one deal entered and not
    all its deals; its unplayed deals count for nobody.  A table with no deal
    entered cannot be decided (a winner needs at least one deal), so it is
    left alone and named in the audit: the host enters its deal or calls it
    later.  Tables whose time was called one by one stay called.  Deals
    entered after the call still count, as with a table's own call.

    Returns the tables called.  Refused when the round is closed, when time
    was already called for the round, or when no table can be called.
    """
    with transaction.atomic():
        rnd = Round.objects.select_for_update().select_related("party").get(pk=round.pk)
        party = rnd.party
        if rnd.status != Round.Status.OPEN:
            raise UserError(gettext("The round is closed."))
        if rnd.time_called_tables is not None:
            raise UserError(gettext("Time is already called for this round."))
        outcomes = list(TableRound.objects.select_for_update().filter(round=rnd))
        played: dict[int, int] = {o.table: 0 for o in outcomes}
        for table in DealResult.objects.filter(round=rnd, is_current=True).values_list(
            "table", flat=True
        ):
            played[table] += 1
        called = [
            o.table
            for o in outcomes
            if not o.time_called and 0 < played[o.table] < party.deals_per_round
        ]
        empty = [o.table for o in outcomes if played[o.table] == 0 and not o.time_called]
        if not called:
            raise UserError(gettext("No table is still playing a deal: there is no time to call."))
        TableRound.objects.filter(round=rnd, table__in=called).update(time_called=True)
        rnd.time_called_at = timezone.now()
        rnd.time_called_tables = called
        rnd.save(update_fields=["time_called_at", "time_called_tables"])
        audit_log(
            party,
            user,
            "round_call_time",
            gettext_noop("Time called for round %(number)d at tables %(tables)s"),
            {"number": rnd.number, "tables": ", ".join(map(str, called))},
            after={"tables": called, "no_deal_yet": empty},
        )
    return called


@party_action
def round_call_time_undo(*, round: Round, user) -> list[int]:
    """Undo the round's call of time: the tables it called play on, exactly
    as before the call (a table's own call, made before or after, stays).

    Deals entered since the call are kept: undoing never removes a result.
    Refused once the round is closed, and when a called table had a cut of
    the cards recorded since (that cut decided the table on the deals played
    at the call; the host changes the cut first).  Returns the tables that
    play on.
    """
    with transaction.atomic():
        rnd = Round.objects.select_for_update().select_related("party").get(pk=round.pk)
        party = rnd.party
        if rnd.status != Round.Status.OPEN:
            raise UserError(gettext("The round is closed: its call of time stays."))
        tables = rnd.time_called_tables
        if tables is None:
            raise UserError(gettext("Time has not been called for this round."))
        outcomes = list(TableRound.objects.select_for_update().filter(round=rnd, table__in=tables))
        cut = [o.table for o in outcomes if o.cut_winner is not None]
        if cut:
            raise UserError(
                gettext(
                    "Table %(tables)s has a cut of the cards recorded on the deals played "
                    "when time was called; change the cut before undoing the call."
                )
                % {"tables": ", ".join(map(str, cut))}
            )
        TableRound.objects.filter(round=rnd, table__in=tables).update(time_called=False)
        before = {"tables": tables, "at": rnd.time_called_at.isoformat()}
        rnd.time_called_at = None
        rnd.time_called_tables = None
        rnd.save(update_fields=["time_called_at", "time_called_tables"])
        audit_log(
            party,
            user,
            "round_call_time_undo",
            gettext_noop("Undid the call of time for round %(number)d"),
            {"number": rnd.number},
            before=before,
        )
    return tables


@party_action
def table_record_cut(*, round: Round, table: int, team: int, user) -> list[int]:
    """Record the cut of the cards that decides a tied table (RULES.md 6).

    Returns later rounds whose seating would differ (for a closed round).
    A closed round, whose winners a cut would change, is refused to a user
    who may not change one (a scorer)."""
    if team not in (0, 1):
        raise UserError({"team": gettext("The cut is won by team 0 or team 1.")})
    with transaction.atomic():
        rnd = Round.objects.select_for_update().select_related("party").get(pk=round.pk)
        closed_round_allow(round=rnd, user=user)
        outcome = TableRound.objects.select_for_update().filter(round=rnd, table=table).first()
        if outcome is None:
            raise UserError(
                {"table": gettext("There is no table %(table)d in this round.") % {"table": table}}
            )
        scores = table_scores(rnd, table)
        if not scores or table_round_winner(scores, cut=None) is not None:
            raise UserError(
                {
                    "team": gettext("Table %(table)d is not tied; no cut is needed.")
                    % {"table": table}
                }
            )
        differing: list[int] = []
        if rnd.status == Round.Status.CLOSED:
            differing = seatings_differing(rnd, {table: team})
            outcome.winner = team
        outcome.cut_winner = team
        outcome.save(update_fields=["cut_winner", "winner"])
        names = list(
            rnd.seats.filter(table=table).order_by("seat").values_list("player__name", flat=True)
        )
        audit_log(
            rnd.party,
            user,
            "table_record_cut",
            gettext_noop("Round %(number)d, table %(table)d: cut won by %(names)s"),
            {"number": rnd.number, "table": table, "names": " & ".join(names[team::2])},
        )
    return differing


@party_action
def round_close(*, round: Round, user, seat_next: bool = True) -> Round | None:
    """Close a round and (unless ``seat_next`` is false) seat the next one.

    Every table must have all its deals, or time called with at least one
    deal; every tie must be broken (RULES.md 6) or have its cut recorded.
    Returns the next round, or None.
    """
    with transaction.atomic():
        rnd = Round.objects.select_for_update().select_related("party").get(pk=round.pk)
        party = rnd.party
        if rnd.status != Round.Status.OPEN:
            raise UserError(gettext("This round is already closed."))
        outcomes = list(TableRound.objects.select_for_update().filter(round=rnd))
        scores: dict[int, list[tuple[int, int]]] = {o.table: [] for o in outcomes}
        for table, s0, s1 in (
            DealResult.objects.filter(round=rnd, is_current=True)
            .order_by("table", "deal")
            .values_list("table", "score0", "score1")
        ):
            scores[table].append((s0, s1))
        problems = []
        for outcome in outcomes:
            played = len(scores[outcome.table])
            if played < party.deals_per_round and not outcome.time_called:
                problems.append(
                    ngettext(
                        "Table %(table)d has %(played)d of %(deals)d deal.",
                        "Table %(table)d has %(played)d of %(deals)d deals.",
                        party.deals_per_round,
                    )
                    % {"table": outcome.table, "played": played, "deals": party.deals_per_round}
                )
            elif played == 0:
                problems.append(
                    gettext("Table %(table)d has no deal entered.") % {"table": outcome.table}
                )
            else:
                outcome.winner = table_round_winner(scores[outcome.table], cut=outcome.cut_winner)
                if outcome.winner is None:
                    problems.append(
                        gettext("Table %(table)d is tied: record who won the cut of the cards.")
                        % {"table": outcome.table}
                    )
        if problems:
            raise UserError({"__all__": " ".join(problems)})
        for outcome in outcomes:
            outcome.save(update_fields=["winner"])
        rnd.status = Round.Status.CLOSED
        rnd.closed_at = timezone.now()
        rnd.save(update_fields=["status", "closed_at"])
        ratings_round_closed(round=rnd)
        audit_log(
            party,
            user,
            "round_close",
            gettext_noop("Closed round %(number)d"),
            {"number": rnd.number},
        )
        nxt = round_seat_next(party, rnd, user) if seat_next else None
    return nxt
