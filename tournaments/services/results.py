"""Results: one deal's entry, a batch under one lock, a whole table's tally
card, and what they share (the record the validator checks, the stored row,
the audit entry)."""

from __future__ import annotations

import contextlib
import datetime
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop

from scoring.rules import validate_result
from scoring.rules.rulesets import Ruleset
from scoring.texts import translated
from scoring.wording import bid_words

from ..clubs.services.access import closed_round_allow, party_action
from ..errors import UserError
from ..models import DealResult, Round, TableEntry
from .common import audit_log, party_ruleset

#: The longest a deal entered offline is taken to have waited on the tablet
#: (a night is shorter).
QUEUE_WAIT_MAX = datetime.timedelta(hours=12)


@dataclass(frozen=True)
class DealEntry:
    """What was said of one deal, before the validator has checked any of it
    (RULES.md section 5): the bidder's seat (0..3), the bid, and the points
    the bidding team took or the ``cards`` they add up from (point role ->
    team that took it); the trump (the bid's suit where the bid names trump),
    the other team's points (where point cards can leave play, RULES.md 11.5)
    and the table's ``tally`` if known.  Values are kept as given: a bad one
    is the validator's to name."""

    bidder: Any
    bid: Any
    bidding_team_points: Any = None
    trump: str | None = None
    cards: Mapping[str, int] | None = None
    tally: Sequence[int] | None = None
    other_team_points: Any = None


@party_action
def result_record(
    *,
    round: Round,
    table: int,
    deal: int,
    entry: DealEntry,
    user,
    form_token: str | None = None,
    source: str = DealResult.Source.HOST,
    waited: datetime.timedelta | None = None,
) -> DealResult:
    """Validate and store one deal's result (RULES.md section 5).

    ``waited`` is how long the deal waited on the tablet before it was sent
    (kept while offline): it is stored as entered that long ago by this
    server's clock, the tablet's own clock never counting, and a wait
    longer than :data:`QUEUE_WAIT_MAX` counting as that long.

    The same form token twice for the same deal with the same values (a
    double tap, or a tablet's queue sending a deal again after a lost answer)
    returns the stored result, with ``replayed`` set, and creates nothing; a
    token used before for anything else is refused (:func:`form_token_replay`).
    A deal another tablet already entered is refused with a message saying
    who entered it, and the stored result on the error, never overwritten:
    use :func:`result_amend` to change a result.
    """
    with transaction.atomic():
        rnd = Round.objects.select_for_update().select_related("party").get(pk=round.pk)
        party = rnd.party
        rs = party_ruleset(party)
        if form_token:
            replayed = form_token_replay(
                form_token=form_token, round=rnd, table=table, deal=deal, entry=entry, ruleset=rs
            )
            if replayed is not None:
                return replayed
        # A replay above writes nothing; a new deal in a closed round may move its winners.
        closed_round_allow(round=rnd, user=user)
        players = table_players(rnd, table)
        current = DealResult.objects.filter(
            round=rnd, table=table, deal=deal, is_current=True
        ).select_related("entered_by")
        stored = current.first()
        record = validator_record(rnd, deal, entry, players)
        if stored is not None:
            who = (
                stored.entered_by.get_username() if stored.entered_by else gettext("another device")
            )
            when = stored.entered_at.strftime("%H:%M")
            raise UserError(
                {
                    "deal": gettext(
                        "Deal %(deal)d at table %(table)d was already entered by %(who)s at "
                        "%(when)s. To change it, amend it."
                    )
                    % {"deal": deal, "table": table, "who": who, "when": when}
                },
                result=stored,
            )
        entered_at = timezone.now() - min(waited, QUEUE_WAIT_MAX) if waited else None
        result = _result_store(
            rnd,
            rs,
            table,
            deal,
            record,
            user=user,
            form_token=form_token,
            source=source,
            entered_at=entered_at,
        )
        result.round = rnd  # read by the caller without another query
    return result


def form_token_replay(
    *, form_token: str, round: Round, table: int, deal: int, entry: DealEntry, ruleset: Ruleset
) -> DealResult | None:
    """The result a deal entry form's token stored, if it was sent before.

    A form token belongs to one party, one round, one table and one deal.
    Sent again for that deal with the same values, the stored result is
    returned (``replayed`` set).  Sent for another party, round, table or
    deal, or with other values, it is refused with a :class:`UserError`
    keyed ``form_token`` that names what differs (``differs``), and nothing
    of another party.  None: the token was never used, the entry is new.

    Should be called holding the round's lock."""
    used = (
        DealResult.objects.select_related("round", "entered_by")
        .filter(form_token=form_token)
        .first()
    )
    if used is None:
        return None
    where = {"deal": deal, "table": table, "round": round.number}
    if used.round.party_id != round.party_id:
        raise UserError(
            {
                "form_token": gettext(
                    "This form was used for another party. Deal %(deal)d at table %(table)d "
                    "was not saved: enter it again."
                )
                % where
            },
            differs=("party",),
        )
    place = [
        name
        for name, same in (
            ("round", used.round_id == round.pk),
            ("table", used.table == table),
            ("deal", used.deal == deal),
        )
        if not same
    ]
    if place:
        message = gettext(
            "This form was used for round %(used_round)d, table %(used_table)d, deal "
            "%(used_deal)d. Deal %(deal)d at table %(table)d of round %(round)d was not "
            "saved: enter it again."
        ) % {
            "used_round": used.round.number,
            "used_table": used.table,
            "used_deal": used.deal,
            **where,
        }
        raise UserError({"form_token": message}, differs=tuple(place))
    values = _entry_differences(used, entry, ruleset)
    if values:
        labels = _value_labels()
        message = gettext(
            "This form was used for this deal with other values (%(values)s). Deal %(deal)d "
            "at table %(table)d of round %(round)d was not saved: check the stored result."
        ) % {"values": ", ".join(labels[name] for name in values), **where}
        raise UserError({"form_token": message}, differs=values)
    used.replayed = True
    return used


def _value_labels() -> dict[str, str]:
    """The record's fields as a refusal names them, in the order it names them."""
    return {
        "bidder": gettext("the bidder"),
        "bid": gettext("the bid"),
        "trump": gettext("the trump"),
        "bidding_team_points": gettext("the points"),
        "other_team_points": gettext("the other team's points"),
        "cards": gettext("the cards"),
        "tally": gettext("the tally"),
    }


def _entry_differences(used: DealResult, entry: DealEntry, rs: Ruleset) -> tuple[str, ...]:
    """The fields in which ``entry`` would store another result than ``used``:
    the values as given, and the points as they are stored (typed, or added
    up from the same cards)."""
    cards = None if entry.cards is None else dict(entry.cards)
    tally = None if entry.tally is None else list(entry.tally)
    differs = {
        name
        for name, same in (
            ("bidder", entry.bidder == used.bidder),
            ("bid", entry.bid == used.bid),
            ("trump", (entry.trump or "") == used.trump),
            ("cards", cards == used.cards),
            ("tally", tally == used.tally),
        )
        if not same
    }
    points, other = entry.bidding_team_points, entry.other_team_points
    if not differs & {"bidder", "cards"}:
        # The stored cards and bidder: what this entry stores is computable.
        record = {"cards": cards, "bidding_team_points": points, "other_team_points": other}
        points, other = _team_points(record, rs, used.bidder % 2)
    if points is not None and points != used.bidding_team_points:
        differs.add("bidding_team_points")
    if other is not None and other != used.other_team_points:
        differs.add("other_team_points")
    return tuple(name for name in _value_labels() if name in differs)


def _result_store(
    rnd: Round,
    rs: Ruleset,
    table: int,
    deal: int,
    record: dict,
    *,
    user,
    form_token,
    source,
    entered_at: datetime.datetime | None = None,
) -> DealResult:
    """Validate a new deal's record, store it and audit it.

    Should be called holding the round's row lock, once the deal is known to
    have no result yet."""
    errors = validate_result(rs, record)
    if errors:
        raise UserError({e.field: translated(e) for e in errors})
    result = result_save(
        rnd,
        table,
        deal,
        record,
        rs,
        user=user,
        form_token=form_token,
        source=source,
        entered_at=entered_at,
    )
    if rnd.party.tableside_entry:
        # A deal entered at the table and still waiting is settled by this result.
        TableEntry.objects.filter(
            round=rnd, table=table, deal=deal, status__in=TableEntry.OPEN
        ).update(status=TableEntry.Status.SUPERSEDED)
    audit_log(
        rnd.party,
        user,
        "result_record",
        gettext_noop("Round %(number)d, table %(table)d, deal %(deal)d: %(result)s"),
        {"number": rnd.number, "table": table, "deal": deal, "result": result_describe(result, rs)},
        after=result_json(result, rnd.number),
    )
    return result


@party_action
@contextlib.contextmanager
def results_entry(
    *, round: Round, user, source: str = DealResult.Source.HOST
) -> Iterator[Callable[..., DealResult]]:
    """Enter many results of one round, one after another, under one lock.

    Yields ``enter(table=, deal=, entry=)``, which checks and stores one result
    as :func:`result_record` does: the same record, the same validator, the
    same row and audit entry, the same :class:`UserError` for a bad record.
    What ``result_record`` looks up per deal (the round's lock, its seats, the
    deals already entered) is done once for the whole batch,
    so a party file loads in a fraction of the time.  A deal already entered
    is refused (amend it instead).  If the block raises, nothing it entered is
    kept.
    """
    with transaction.atomic():
        rnd = Round.objects.select_for_update().select_related("party").get(pk=round.pk)
        closed_round_allow(round=rnd, user=user)
        party = rnd.party
        rs = party_ruleset(party)
        seats: dict[int, list[str | None]] = {}
        for table, seat, name in rnd.seats.values_list("table", "seat", "player__name"):
            seats.setdefault(table, [None, None, None, None])[seat] = name
        entered = set(
            DealResult.objects.filter(round=rnd, is_current=True).values_list("table", "deal")
        )

        def enter(*, table: int, deal: int, entry: DealEntry) -> DealResult:
            if (table, deal) in entered:
                raise UserError(
                    {
                        "deal": gettext(
                            "Deal %(deal)d at table %(table)d is already entered; amend it instead."
                        )
                        % {"deal": deal, "table": table}
                    }
                )
            record = validator_record(rnd, deal, entry, seats.get(table))
            result = _result_store(
                rnd, rs, table, deal, record, user=user, form_token=None, source=source
            )
            entered.add((table, deal))
            return result

        yield enter
        # The caller may read the standings next, at the version these made.
        party.refresh_from_db(fields=["version"])


@party_action
def table_results_enter(
    *, round: Round, table: int, deals: Mapping[int, DealEntry], user
) -> list[DealResult]:
    """Store a whole table's deals, copied from its tally card, all or none.

    ``deals`` maps each deal's number to what the card says of it.  Every
    deal is checked by the same validator as :func:`result_record`, under one
    lock; if any is refused, none is kept and the :class:`UserError` names
    every problem, keyed ``"<deal>.<field>"`` (``"3.bid"``).
    """
    errors: dict[str, str] = {}
    results: list[DealResult] = []
    with results_entry(round=round, user=user) as enter:
        for deal, entry in deals.items():
            try:
                results.append(enter(table=table, deal=deal, entry=entry))
            except UserError as error:
                for field, message in error.errors.items():
                    errors[f"{deal}.{field}"] = message
        if errors:
            raise UserError(errors)
    return results


def table_players(rnd: Round, table: int) -> list[str | None] | None:
    """The names at ``table`` of ``rnd`` by seat (None for an empty seat), or
    None when the round has no such table."""
    names: list[str | None] = [None, None, None, None]
    rows = list(rnd.seats.filter(table=table).values_list("seat", "player__name"))
    if not rows:
        return None
    for seat, name in rows:
        names[seat] = name
    return names


def validator_record(
    rnd: Round, deal: int, entry: DealEntry, players: list[str | None] | None
) -> dict[str, Any]:
    """The record the validator checks: the entry, the deal and where it was
    played (``players``: the table's seats, None for a table the round lacks)."""
    record: dict[str, Any] = {
        "deal": deal,
        "bidder": entry.bidder,
        "bid": entry.bid,
        "round_open": rnd.status == Round.Status.OPEN,
        "table_exists": players is not None,
    }
    if players is not None:
        record["players"] = players
    if entry.bidding_team_points is not None:
        record["bidding_team_points"] = entry.bidding_team_points
    if entry.trump:
        record["trump"] = entry.trump
    if entry.other_team_points is not None:
        record["other_team_points"] = entry.other_team_points
    if entry.cards is not None:
        record["cards"] = entry.cards
    if entry.tally is not None:
        record["tally"] = list(entry.tally)
    return record


def result_save(
    rnd: Round,
    table: int,
    deal: int,
    record: dict,
    rs: Ruleset,
    *,
    user,
    form_token,
    source,
    version: int = 1,
    reason: str = "",
    entered_at: datetime.datetime | None = None,
) -> DealResult:
    """Store a validated record as ``version`` of the deal's result.

    Should be called holding the round's row lock, after checking that the
    deal has no current result (version 1: no result at all, since results
    are never deleted) or after marking the amended one not current.
    """
    team = record["bidder"] % 2
    points, other = _team_points(record, rs, team)
    mine, theirs = rs.deal_score(record["bid"], points, other)
    score0, score1 = (mine, theirs) if team == 0 else (theirs, mine)
    try:
        # No savepoint: an IntegrityError aborts the caller's transaction,
        # which the UserError raised here rolls back as a whole.
        return DealResult.objects.create(
            round=rnd,
            table=table,
            deal=deal,
            version=version,
            bidder=record["bidder"],
            bid=record["bid"],
            trump=record.get("trump") or "",
            bidding_team_points=points,
            other_team_points=other,
            cards=record.get("cards"),
            tally=record.get("tally"),
            score0=score0,
            score1=score1,
            source=source,
            entered_by=user if getattr(user, "is_authenticated", False) else None,
            form_token=form_token or None,
            reason=reason,
            entered_at=entered_at or timezone.now(),
        )
    except IntegrityError:
        # Only reachable if the row lock was bypassed (e.g. SQLite's writer
        # race): the constraint still guarantees one current result.
        raise UserError(
            {
                "deal": gettext(
                    "Deal %(deal)d at table %(table)d was just entered on another device."
                )
                % {"deal": deal, "table": table}
            }
        ) from None


def _team_points(record: dict, rs: Ruleset, team: int) -> tuple[int, int | None]:
    """The bidding team's points and, where point cards can leave play, the
    other team's (RULES.md 11.5): typed, or added up from the cards."""
    values = dict(rs.points)
    cards = record.get("cards") or {}

    def by_cards(side: int) -> int:
        return sum(values[role] for role, took in cards.items() if took == side)

    points = record.get("bidding_team_points")
    if points is None:
        points = by_cards(team)
    if not rs.cards_can_leave_play:
        return points, None
    other = record.get("other_team_points")
    return points, by_cards(1 - team) if other is None else other


def result_describe(result: DealResult, rs: Ruleset) -> str:
    """A deal's result in one line of English, as the audit trail keeps it."""
    bid = bid_words(result.bid, rs)
    trump = f" in {result.trump}" if result.trump else ""
    other = "" if result.other_team_points is None else f" to {result.other_team_points}"
    return (
        f"seat {result.bidder + 1} bid {bid}{trump}, took {result.bidding_team_points}{other}; "
        f"score {result.score0} – {result.score1}"
    )


def result_json(result: DealResult, round_number: int) -> dict[str, Any]:
    """A result as the audit keeps it; where it was lets the Changes page
    name the bidder and the teams."""
    return {
        "round": round_number,
        "table": result.table,
        "deal": result.deal,
        "bidder": result.bidder,
        "bid": result.bid,
        "trump": result.trump,
        "bidding_team_points": result.bidding_team_points,
        "other_team_points": result.other_team_points,
        "cards": result.cards,
        "tally": result.tally,
        "score": [result.score0, result.score1],
    }


def table_scores(rnd: Round, table: int) -> list[tuple[int, int]]:
    """The current deals' scores (team 0, team 1) at ``table`` of ``rnd``, in deal order."""
    return [
        (s0, s1)
        for s0, s1 in DealResult.objects.filter(round=rnd, table=table, is_current=True)
        .order_by("deal")
        .values_list("score0", "score1")
    ]
