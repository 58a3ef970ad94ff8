"""Table-side entry: deals entered on players' phones, confirmed by the other team.

A party may let its tables enter their own deals (``Party.tableside_entry``,
off by default).  Each table of each round has its own link
(``TableRound.entry_token``); a player opens it from the table's QR code,
says which seat they are, and enters a deal.  The entry waits as a
:class:`TableEntry` (no result, not in the standings) until a player of the
other team confirms it on its check screen; only then does it go through
:func:`services.result_record`, with the same validator and the same round
lock as the host's tablet.  The host may confirm any entry, or enter the
deal on the tablet: a result stored any other way marks the waiting entry
superseded (``services.results._result_store``), so a deal never has two results.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext, gettext_noop

from scoring.rules import validate_result
from scoring.texts import translated

from ..clubs.services.access import party_action
from ..errors import UserError
from ..models import DealResult, Party, Round, TableEntry, TableRound
from ..services import DealEntry, party_ruleset, result_record
from ..services.common import audit_log
from ..services.results import table_players, validator_record


@party_action
def party_tableside_set(*, party: Party, on: bool, user) -> None:
    """Switch table-side entry on or off for the party."""
    with transaction.atomic():
        Party.objects.filter(pk=party.pk).update(tableside_entry=on)
        party.tableside_entry = on
        summary = (
            gettext_noop("Switched table-side entry on")
            if on
            else gettext_noop("Switched table-side entry off")
        )
        audit_log(party, user, "tableside_set", summary, {}, after={"tableside_entry": on})


def _locked_round(round_id: int) -> Round:
    """The round, locked, and still open to table-side entry."""
    rnd = Round.objects.select_for_update().select_related("party").get(pk=round_id)
    if not rnd.party.tableside_entry:
        raise UserError(gettext("This party does not take entries from the tables."))
    if rnd.status != Round.Status.OPEN:
        raise UserError(gettext("This round is closed: ask the host."))
    return rnd


def _seat(value: Any, field: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 3:
        raise UserError({field: gettext("Choose one of the four seats at this table.")})
    return value


def table_entry_submit(
    *,
    table_round: TableRound,
    deal: int,
    seat: int,
    bidder: Any,
    bid: Any,
    bidding_team_points: Any,
    trump: str | None = None,
    other_team_points: Any = None,
) -> TableEntry:
    """Store a deal entered at the table by the player in ``seat``, to wait
    for the other team's confirmation.  The record is checked by the same
    validator as the host's entry; a deal with a result or with an entry
    already waiting is refused.  A rejected entry of the deal is replaced."""
    seat = _seat(seat, "seat")
    with transaction.atomic():
        rnd = _locked_round(table_round.round_id)
        table = table_round.table
        rs = party_ruleset(rnd.party)
        players = table_players(rnd, table)
        said = DealEntry(
            bidder=bidder,
            bid=bid,
            bidding_team_points=bidding_team_points,
            trump=trump,
            other_team_points=other_team_points,
        )
        record = validator_record(rnd, deal, said, players)
        errors = validate_result(rs, record)
        if errors:
            raise UserError({e.field: translated(e) for e in errors})
        if DealResult.objects.filter(round=rnd, table=table, deal=deal, is_current=True).exists():
            raise UserError({"deal": gettext("Deal %(deal)d is already scored.") % {"deal": deal}})
        open_entries = TableEntry.objects.select_for_update().filter(
            round=rnd, table=table, deal=deal, status__in=TableEntry.OPEN
        )
        for waiting in open_entries:
            if waiting.status == TableEntry.Status.PENDING:
                raise UserError(
                    {
                        "deal": gettext(
                            "Deal %(deal)d is already entered and waits for confirmation."
                        )
                        % {"deal": deal}
                    }
                )
            waiting.status = TableEntry.Status.SUPERSEDED
            waiting.save(update_fields=["status"])
        entry = TableEntry.objects.create(
            round=rnd,
            table=table,
            deal=deal,
            entered_seat=seat,
            bidder=bidder,
            bid=bid,
            trump=trump or "",
            bidding_team_points=bidding_team_points,
            other_team_points=other_team_points,
        )
        audit_log(
            rnd.party,
            None,
            "tableside_enter",
            gettext_noop(
                "Round %(round)d, table %(table)d, deal %(deal)d entered at the table by %(name)s"
            ),
            {"round": rnd.number, "table": table, "deal": deal, "name": players[seat]},
            after=_entry_json(entry, rnd.number),
        )
    return entry


def _entry_json(entry: TableEntry, round_number: int) -> dict[str, Any]:
    return {
        "round": round_number,
        "table": entry.table,
        "deal": entry.deal,
        "entered_seat": entry.entered_seat,
        "bidder": entry.bidder,
        "bid": entry.bid,
        "trump": entry.trump,
        "bidding_team_points": entry.bidding_team_points,
        "other_team_points": entry.other_team_points,
        "status": entry.status,
    }


def _open_entry(rnd: Round, table: int, deal: int, *, host: bool = False) -> TableEntry:
    """The deal's entry waiting for an answer (for the host, a rejected one too).

    Should be called holding the round's lock."""
    statuses = TableEntry.OPEN if host else (TableEntry.Status.PENDING,)
    entry = (
        TableEntry.objects.select_for_update()
        .filter(round=rnd, table=table, deal=deal, status__in=statuses)
        .first()
    )
    if entry is None:
        raise UserError(
            {
                "deal": gettext("Deal %(deal)d has no entry waiting for confirmation.")
                % {"deal": deal}
            }
        )
    return entry


def _shown(entry: TableEntry, entry_id: int | None) -> None:
    """Refuse a phone's answer unless it names the entry the check screen showed.

    A phone proves nothing of who holds it: what a player's answer must
    carry is the mark of the check screen, which shows the entering team's
    names and the deal's values and has the other team's players tap their
    own name (tournaments.tableside.views.phone).  An entry entered again since
    is another entry, whose screen the player has not seen."""
    if entry_id != entry.pk:
        raise UserError(
            {"check": gettext("Check the deal on this screen, then tap your own name.")}
        )


@party_action
def table_entry_confirm(
    *,
    round: Round,
    table: int,
    deal: int,
    seat: int | None = None,
    entry_id: int | None = None,
    user=None,
) -> DealResult:
    """Confirm the waiting entry of a deal, by a player of the other team
    (``seat``, and ``entry_id``: the entry their check screen showed) or by
    the host (``user``, with no seat): the result is stored by
    :func:`services.result_record`.  The entering team cannot confirm its
    own entry, nor a phone an entry it was not shown.  If the deal was
    scored meanwhile (the host entered it on the tablet), the entry is
    marked superseded and the stored result stands."""
    if seat is not None:
        seat = _seat(seat, "seat")
    with transaction.atomic():
        if user is None:
            rnd = _locked_round(round.pk)
        else:
            rnd = Round.objects.select_for_update().select_related("party").get(pk=round.pk)
        entry = _open_entry(rnd, table, deal, host=user is not None)
        if user is None:
            _shown(entry, entry_id)
        if seat is not None and seat % 2 == entry.team:
            raise UserError(
                {"seat": gettext("A player of the other team must confirm this entry.")}
            )
        if seat is None and user is None:
            raise UserError({"seat": gettext("Say who you are before confirming.")})
        stored = DealResult.objects.filter(
            round=rnd, table=table, deal=deal, is_current=True
        ).first()
        if stored is not None:
            # Kept once the transaction commits; the refusal is raised after it.
            entry.status = TableEntry.Status.SUPERSEDED
            entry.save(update_fields=["status"])
        else:
            result = _entry_score(rnd, entry, seat=seat, user=user)
    if stored is not None:
        raise UserError(
            {"deal": gettext("The host has already entered deal %(deal)d.") % {"deal": deal}},
            result=stored,
        )
    return result


def _entry_score(rnd: Round, entry: TableEntry, *, seat: int | None, user) -> DealResult:
    """Store a confirmed entry as the deal's result and audit the confirmation.

    Should be called holding the round's lock, once the deal is known to have
    no result."""
    table, deal = entry.table, entry.deal
    # Marked confirmed first, so the result's store does not supersede it.
    entry.status = TableEntry.Status.CONFIRMED
    entry.answered_seat = seat
    entry.answered_by = user if getattr(user, "is_authenticated", False) else None
    entry.save(update_fields=["status", "answered_seat", "answered_by"])
    result = result_record(
        round=rnd,
        table=table,
        deal=deal,
        entry=DealEntry(
            bidder=entry.bidder,
            bid=entry.bid,
            bidding_team_points=entry.bidding_team_points,
            other_team_points=entry.other_team_points,
            trump=entry.trump or None,
        ),
        user=user,
        source=DealResult.Source.TABLE,
    )
    entry.result = result
    entry.save(update_fields=["result"])
    who = user.get_username() if user is not None else table_players(rnd, table)[seat]
    audit_log(
        rnd.party,
        user,
        "tableside_confirm",
        gettext_noop("Round %(round)d, table %(table)d, deal %(deal)d confirmed by %(name)s"),
        {"round": rnd.number, "table": table, "deal": deal, "name": who},
    )
    return result


def table_entry_reject(
    *, round: Round, table: int, deal: int, seat: int, reason: str, entry_id: int | None = None
) -> TableEntry:
    """A player of the other team says the waiting entry is wrong: it goes
    back to the entering team with the reason, to be entered again.  As a
    confirmation, it names the entry the player's check screen showed."""
    seat = _seat(seat, "seat")
    reason = (reason or "").strip()
    if not reason:
        raise UserError({"reason": gettext("Say what is wrong with the entry.")})
    with transaction.atomic():
        rnd = _locked_round(round.pk)
        entry = _open_entry(rnd, table, deal)
        _shown(entry, entry_id)
        if seat % 2 == entry.team:
            raise UserError({"seat": gettext("A player of the other team must answer this entry.")})
        entry.status = TableEntry.Status.REJECTED
        entry.answered_seat = seat
        entry.reject_reason = reason
        entry.save(update_fields=["status", "answered_seat", "reject_reason"])
        name = table_players(rnd, table)[seat]
        audit_log(
            rnd.party,
            None,
            "tableside_reject",
            gettext_noop("Round %(round)d, table %(table)d, deal %(deal)d rejected by %(name)s"),
            {"round": rnd.number, "table": table, "deal": deal, "name": name},
            reason=reason,
        )
    return entry
