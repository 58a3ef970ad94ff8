"""A round as it is played: time called at a table or everywhere, the round
clock, the cut of the cards, and closing the round."""

from __future__ import annotations

import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop

from ..models import DealResult, Round, TableRound
from ..standings import table_round_winner
from .common import PartyError, _audit, _bump
from .results import _table_scores
from .seating import _round_seat_next, _seatings_differing


def table_call_time(*, round: Round, table: int, user) -> None:
    """The host calls time on a table: its unplayed deals count for nobody."""
    with transaction.atomic():
        rnd = Round.objects.select_for_update().select_related("party").get(pk=round.pk)
        if rnd.status != Round.Status.OPEN:
            raise PartyError(gettext("The round is closed."))
        outcome = TableRound.objects.filter(round=rnd, table=table).first()
        if outcome is None:
            raise PartyError(
                {"table": gettext("There is no table %(table)d in this round.") % {"table": table}}
            )
        if not DealResult.objects.filter(round=rnd, table=table, is_current=True).exists():
            raise PartyError(
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
        _audit(
            rnd.party,
            user,
            "table_call_time",
            gettext_noop("Time called on table %(table)d, round %(number)d"),
            {"table": table, "number": rnd.number},
        )
        _bump(rnd.party, rnd)


def round_clock_start(*, round: Round, user) -> Round:
    """Start (or restart) the host's round clock: it runs the party's
    ``round_minutes`` from now.  The end is stored as an absolute instant, so
    every page counts down to the same moment.  Refused once the round is
    closed."""
    with transaction.atomic():
        rnd = Round.objects.select_for_update().select_related("party").get(pk=round.pk)
        if rnd.status != Round.Status.OPEN:
            raise PartyError(gettext("The round is closed."))
        minutes = rnd.party.round_minutes
        rnd.clock_ends_at = timezone.now() + datetime.timedelta(minutes=minutes)
        rnd.save(update_fields=["clock_ends_at"])
        _audit(
            rnd.party,
            user,
            "round_clock_start",
            gettext_noop("Started the %(minutes)d-minute clock of round %(number)d"),
            {"minutes": minutes, "number": rnd.number},
            after={"ends_at": rnd.clock_ends_at.isoformat()},
        )
        _bump(rnd.party, rnd)
    return rnd


def round_clock_stop(*, round: Round, user) -> Round:
    """Stop the host's round clock (the pages stop showing it)."""
    with transaction.atomic():
        rnd = Round.objects.select_for_update().select_related("party").get(pk=round.pk)
        if rnd.status != Round.Status.OPEN:
            raise PartyError(gettext("The round is closed."))
        if rnd.clock_ends_at is None:
            raise PartyError(gettext("The round clock is not running."))
        before = {"ends_at": rnd.clock_ends_at.isoformat()}
        rnd.clock_ends_at = None
        rnd.save(update_fields=["clock_ends_at"])
        _audit(
            rnd.party,
            user,
            "round_clock_stop",
            gettext_noop("Stopped the clock of round %(number)d"),
            {"number": rnd.number},
            before=before,
        )
        _bump(rnd.party, rnd)
    return rnd


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
            raise PartyError(gettext("The round is closed."))
        if rnd.time_called_tables is not None:
            raise PartyError(gettext("Time is already called for this round."))
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
            raise PartyError(gettext("No table is still playing a deal: there is no time to call."))
        TableRound.objects.filter(round=rnd, table__in=called).update(time_called=True)
        rnd.time_called_at = timezone.now()
        rnd.time_called_tables = called
        rnd.save(update_fields=["time_called_at", "time_called_tables"])
        _audit(
            party,
            user,
            "round_call_time",
            gettext_noop("Time called for round %(number)d at tables %(tables)s"),
            {"number": rnd.number, "tables": ", ".join(map(str, called))},
            after={"tables": called, "no_deal_yet": empty},
        )
        _bump(party, rnd)
    return called


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
            raise PartyError(gettext("The round is closed: its call of time stays."))
        tables = rnd.time_called_tables
        if tables is None:
            raise PartyError(gettext("Time has not been called for this round."))
        outcomes = list(TableRound.objects.select_for_update().filter(round=rnd, table__in=tables))
        cut = [o.table for o in outcomes if o.cut_winner is not None]
        if cut:
            raise PartyError(
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
        _audit(
            party,
            user,
            "round_call_time_undo",
            gettext_noop("Undid the call of time for round %(number)d"),
            {"number": rnd.number},
            before=before,
        )
        _bump(party, rnd)
    return tables


def table_record_cut(
    *, round: Round, table: int, team: int, user, closed_ok: bool = True
) -> list[int]:
    """Record the cut of the cards that decides a tied table (RULES.md 6).

    Returns later rounds whose seating would differ (for a closed round).
    ``closed_ok=False`` (a scorer) refuses a closed round, whose winners a
    cut would change."""
    if team not in (0, 1):
        raise PartyError({"team": gettext("The cut is won by team 0 or team 1.")})
    with transaction.atomic():
        rnd = Round.objects.select_for_update().select_related("party").get(pk=round.pk)
        if not closed_ok and rnd.status == Round.Status.CLOSED:
            raise PartyError(gettext("The round is closed: only an organiser can change it."))
        outcome = TableRound.objects.select_for_update().filter(round=rnd, table=table).first()
        if outcome is None:
            raise PartyError(
                {"table": gettext("There is no table %(table)d in this round.") % {"table": table}}
            )
        scores = _table_scores(rnd, table)
        if not scores or table_round_winner(scores, cut=None) is not None:
            raise PartyError(
                {
                    "team": gettext("Table %(table)d is not tied; no cut is needed.")
                    % {"table": table}
                }
            )
        differing: list[int] = []
        if rnd.status == Round.Status.CLOSED:
            differing = _seatings_differing(rnd, {table: team})
            outcome.winner = team
        outcome.cut_winner = team
        outcome.save(update_fields=["cut_winner", "winner"])
        names = list(
            rnd.seats.filter(table=table).order_by("seat").values_list("player__name", flat=True)
        )
        _audit(
            rnd.party,
            user,
            "table_record_cut",
            gettext_noop("Round %(number)d, table %(table)d: cut won by %(names)s"),
            {"number": rnd.number, "table": table, "names": " & ".join(names[team::2])},
        )
        _bump(rnd.party, rnd)
    return differing


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
            raise PartyError(gettext("This round is already closed."))
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
                    gettext("Table %(table)d has %(played)d of %(deals)d deals.")
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
            raise PartyError({"__all__": " ".join(problems)})
        for outcome in outcomes:
            outcome.save(update_fields=["winner"])
        rnd.status = Round.Status.CLOSED
        rnd.closed_at = timezone.now()
        rnd.save(update_fields=["status", "closed_at"])
        _audit(
            party,
            user,
            "round_close",
            gettext_noop("Closed round %(number)d"),
            {"number": rnd.number},
        )
        nxt = _round_seat_next(party, rnd, user) if seat_next else None
        _bump(party, rnd)
    return nxt
