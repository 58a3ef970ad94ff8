"""What every party service shares: the party's ruleset and the audit
trail.  The error a person reads is :class:`tournaments.errors.UserError`;
a write's version bump is the models' own (:mod:`tournaments.models.versions`)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext, ngettext

from scoring.rules import PARTNERSHIP_RULESETS
from scoring.rules.rulesets import Ruleset
from scoring.rules.words import Plural

from ..game.movement import SeatingProblem
from ..models import AuditEntry, Party, Player, Round

#: Special prizes are listed after the place prizes, from this position on.
SPECIAL_PRIZE_POSITION = 900

#: Every house option a party of a shipped game may keep with the others.
RULESET_OPTION_NAMES = tuple(
    dict.fromkeys(
        option.name
        for rs in PARTNERSHIP_RULESETS.values()
        for option in rs.house_options
        if option.name != "deals_per_round"
    )
)


def party_ruleset(party: Party) -> Ruleset:
    """The party's ruleset with its house options applied."""
    return PARTNERSHIP_RULESETS[party.ruleset].with_options(
        deals_per_round=party.deals_per_round, **party.house_options
    )


def seating_problem_text(problem: SeatingProblem) -> str:
    """The host's sentence for a problem found by the plain-Python party maths."""
    if problem.code == SeatingProblem.FEW_REGISTERED:
        text = ngettext(
            "A party needs at least %(min)d players; only %(count)d is registered.",
            "A party needs at least %(min)d players; only %(count)d are registered.",
            problem.values["count"],
        )
    elif problem.code == SeatingProblem.FEW_PRESENT:
        text = ngettext(
            "A party needs at least %(min)d players; only %(count)d is present for the next round.",
            "A party needs at least %(min)d players; only %(count)d are present for the next "
            "round.",
            problem.values["count"],
        )
    elif problem.code == SeatingProblem.TABLE_TIED:
        text = gettext(
            "Table %(table)d is tied: record the cut of the cards before seating the next round."
        )
    else:
        text = gettext(
            "A table needs at least one deal recorded before its round can close "
            "or time be called on it."
        )
    return text % problem.values


def audit_log(
    party: Party,
    user,
    action: str,
    summary: str | Plural,
    params: dict[str, Any] | None = None,
    *,
    words: tuple[str, ...] = (),
    **fields: Any,
) -> None:
    """Record a change.  The summary is stored in English so that it reads the
    same for everyone: ``summary`` is an English template marked with
    ``gettext_noop`` (``ngettext_noop`` for one with a number beside a noun)
    and ``params`` its values; both are kept too, and the audit page shows the
    entry in its reader's language (the values named in ``words`` are English
    words translated with it)."""
    if params is None:
        AuditEntry.objects.create(party=party, user=user, action=action, summary=summary, **fields)
        return
    limit = AuditEntry._meta.get_field("summary").max_length
    stored = {**params, "_words": list(words)} if words else dict(params)
    template = summary
    if isinstance(summary, Plural):
        template = summary.singular
        stored.update(_plural=summary.plural, _count=summary.count)
        summary = summary.english(params)
    AuditEntry.objects.create(
        party=party,
        user=user,
        action=action,
        summary=(summary % params)[:limit],
        summary_template=template,
        summary_params=stored,
        **fields,
    )


def players_present(party: Party, round_number: int) -> list[Player]:
    """The party's players present in round ``round_number``, in registration order."""
    return [p for p in party.players.order_by("order") if p.present_in(round_number)]


def round_drop(rnd: Round) -> None:
    """Delete a round that has no deals, with its seats, sit-outs and tables."""
    rnd.seats.all().delete()
    rnd.sitouts.all().delete()
    rnd.tables.all().delete()
    rnd.delete()
