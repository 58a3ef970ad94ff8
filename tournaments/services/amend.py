"""Amending a stored result: a new version, the old one kept, and the table
judged again when its round is closed."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext, gettext_noop

from scoring.rules import validate_result
from scoring.texts import translated

from ..models import DealResult, Round, TableRound
from ..standings import table_round_winner
from .common import PartyError, _audit, _bump, party_ruleset
from .results import (
    DealEntry,
    _describe,
    _record,
    _result_json,
    _result_save,
    _table_players,
    _table_scores,
)
from .seating import _seatings_differing


def result_amend(
    *,
    result: DealResult,
    entry: DealEntry,
    reason: str,
    user,
    version: int | None = None,
    closed_ok: bool = True,
) -> tuple[DealResult, list[int]]:
    """Replace a deal's result with a new version (RULES.md 6, corrections).

    ``version`` is the version of the result the host's form showed: if the
    deal has been amended since (another tablet saved first), nothing is
    changed and :class:`PartyError` carries the result stored now, so the
    host sees both and decides.

    The old version stays, marked not current, and the audit trail records
    before and after with the reason.  Returns the new result and the numbers
    of later rounds whose seating would now differ (empty when the amended
    round is open or its winners did not change).  Nothing else is rewritten:
    the host then chooses to keep the seatings played or re-seat the current
    round (:func:`round_reseat`) if it has no deals yet.

    ``closed_ok=False`` (a scorer: :mod:`tournaments.roles`) refuses a deal
    of a closed round, checked holding the round's lock so that a round
    closed meanwhile is refused too.
    """
    reason = (reason or "").strip()
    if not reason:
        raise PartyError({"reason": gettext("Say why the result is being changed.")})
    with transaction.atomic():
        rnd = Round.objects.select_for_update().select_related("party").get(pk=result.round_id)
        if not closed_ok and rnd.status == Round.Status.CLOSED:
            raise PartyError(gettext("The round is closed: only an organiser can amend it."))
        old = DealResult.objects.select_for_update().get(pk=result.pk)
        if not old.is_current or (version is not None and version != old.version):
            stored = DealResult.objects.select_related("entered_by").get(
                round=rnd, table=old.table, deal=old.deal, is_current=True
            )
            raise PartyError(
                {
                    "__all__": gettext(
                        "Another device amended this deal while it was open here. "
                        "What is stored now and what you entered are both shown: "
                        "save again to replace the stored result with yours, or "
                        "go back to keep it."
                    )
                },
                result=stored,
            )
        party = rnd.party
        rs = party_ruleset(party)
        players = _table_players(rnd, old.table)
        record = _record(rnd, old.deal, entry, players)
        record.update(recorded_deals=(old.deal,), amending=True, round_open=True)
        errors = validate_result(rs, record)
        if errors:
            raise PartyError({e.field: translated(e) for e in errors})
        DealResult.objects.filter(pk=old.pk).update(is_current=False)
        new = _result_save(
            rnd,
            old.table,
            old.deal,
            record,
            rs,
            user=user,
            form_token=None,
            source=old.source,
            version=old.version + 1,
            reason=reason,
        )
        new.round = rnd
        differing: list[int] = []
        if rnd.status == Round.Status.CLOSED:
            differing = _rejudge_table(rnd, old.table)
        _audit(
            party,
            user,
            "result_amend",
            gettext_noop("Amended round %(number)d, table %(table)d, deal %(deal)d: %(result)s"),
            {
                "number": rnd.number,
                "table": old.table,
                "deal": old.deal,
                "result": _describe(new, rs),
            },
            before=_result_json(old, rnd.number),
            after=_result_json(new, rnd.number),
            reason=reason,
        )
        _bump(party, rnd)
    return new, differing


def _rejudge_table(rnd: Round, table: int) -> list[int]:
    """After an amendment in a closed round: store the table's winner as the
    results now say (None while a needed cut is missing) and return the later
    rounds whose seating movement would now give differently."""
    outcome = TableRound.objects.select_for_update().get(round=rnd, table=table)
    scores = _table_scores(rnd, table)
    cut = outcome.cut_winner if table_round_winner(scores) is None else None
    winner = table_round_winner(scores, cut=cut)
    if winner == outcome.winner and cut == outcome.cut_winner:
        return []
    differing = _seatings_differing(rnd, {table: winner})
    outcome.winner, outcome.cut_winner = winner, cut
    outcome.save(update_fields=["winner", "cut_winner"])
    return differing
