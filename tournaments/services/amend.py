"""Amending a stored result: a new version, the old one kept, and the table
judged again when its round is closed."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext, gettext_noop

from scoring.rules import validate_result
from scoring.texts import translated

from ..clubs.services.access import closed_round_allow, party_action
from ..clubs.services.ratings import ratings_table_changed, table_totals
from ..errors import UserError
from ..game.standings import table_round_winner
from ..models import DealResult, Round, TableRound
from .common import audit_log, party_ruleset
from .results import (
    DealEntry,
    result_describe,
    result_json,
    result_save,
    table_players,
    table_scores,
    validator_record,
)
from .seating import seatings_differing


@party_action
def result_amend(
    *,
    result: DealResult,
    entry: DealEntry,
    reason: str,
    user,
    version: int | None = None,
) -> tuple[DealResult, list[int]]:
    """Replace a deal's result with a new version (RULES.md 6, corrections).

    ``version`` is the version of the result the host's form showed: if the
    deal has been amended since (another tablet saved first), nothing is
    changed and :class:`UserError` carries the result stored now, so the
    host sees both and decides.

    The old version stays, marked not current, and the audit trail records
    before and after with the reason.  Returns the new result and the numbers
    of later rounds whose seating would now differ (empty when the amended
    round is open or its winners did not change).  Nothing else is rewritten:
    the host then chooses to keep the seatings played or re-seat the current
    round (:func:`round_reseat`) if it has no deals yet.

    A deal of a closed round is refused to a user who may not change a
    closed round (a scorer: :mod:`tournaments.game.roles`), checked holding the
    round's lock so that a round closed meanwhile is refused too.
    """
    reason = (reason or "").strip()
    if not reason:
        raise UserError({"reason": gettext("Say why the result is being changed.")})
    with transaction.atomic():
        rnd = Round.objects.select_for_update().select_related("party").get(pk=result.round_id)
        closed_round_allow(round=rnd, user=user)
        old = DealResult.objects.select_for_update().get(pk=result.pk)
        if not old.is_current or (version is not None and version != old.version):
            stored = DealResult.objects.select_related("entered_by").get(
                round=rnd, table=old.table, deal=old.deal, is_current=True
            )
            raise UserError(
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
        players = table_players(rnd, old.table)
        record = validator_record(rnd, old.deal, entry, players)
        record.update(recorded_deals=(old.deal,), amending=True, round_open=True)
        errors = validate_result(rs, record)
        if errors:
            raise UserError({e.field: translated(e) for e in errors})
        before = table_totals(round=rnd).get(old.table)
        DealResult.objects.filter(pk=old.pk).update(is_current=False)
        new = result_save(
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
            ratings_table_changed(round=rnd, table=old.table, before=before)
        audit_log(
            party,
            user,
            "result_amend",
            gettext_noop("Amended round %(number)d, table %(table)d, deal %(deal)d: %(result)s"),
            {
                "number": rnd.number,
                "table": old.table,
                "deal": old.deal,
                "result": result_describe(new, rs),
            },
            before=result_json(old, rnd.number),
            after=result_json(new, rnd.number),
            reason=reason,
        )
    return new, differing


def _rejudge_table(rnd: Round, table: int) -> list[int]:
    """After an amendment in a closed round: store the table's winner as the
    results now say (None while a needed cut is missing) and return the later
    rounds whose seating movement would now give differently."""
    outcome = TableRound.objects.select_for_update().get(round=rnd, table=table)
    scores = table_scores(rnd, table)
    cut = outcome.cut_winner if table_round_winner(scores) is None else None
    winner = table_round_winner(scores, cut=cut)
    if winner == outcome.winner and cut == outcome.cut_winner:
        return []
    differing = seatings_differing(rnd, {table: winner})
    outcome.winner, outcome.cut_winner = winner, cut
    outcome.save(update_fields=["winner", "cut_winner"])
    return differing
