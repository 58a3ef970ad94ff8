"""What every party service shares: the error a host reads, the party's
ruleset, the audit trail and the version bump."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext

from scoring.rules import RULESETS
from scoring.rules.rulesets import Ruleset

from .. import public_selectors
from ..models import AuditEntry, DealResult, Party, Player, Round
from ..movement import SeatingProblem
from .versions import season_bump


class PartyError(Exception):
    """A problem the host can fix.  ``errors`` maps field names to sentences;
    ``"__all__"`` holds errors that belong to no single field.  ``message`` is
    all of them as one text, for a page that shows the error in one place."""

    def __init__(self, errors: dict[str, str] | str, *, result: DealResult | None = None):
        if isinstance(errors, str):
            errors = {"__all__": errors}
        self.errors = errors
        #: For a stale or duplicate entry: the result that is already stored.
        self.result = result
        super().__init__("; ".join(f"{k}: {v}" for k, v in errors.items()))

    @property
    def message(self) -> str:
        """The text a host reads: every sentence, in the order given."""
        return " ".join(self.errors.values())


#: Special prizes are listed after the place prizes, from this position on.
SPECIAL_PRIZE_POSITION = 900

#: Every house option a party of a shipped game may keep with the others.
RULESET_OPTION_NAMES = tuple(
    dict.fromkeys(
        option.name
        for rs in RULESETS.values()
        for option in rs.house_options
        if option.name != "deals_per_round"
    )
)


def party_ruleset(party: Party) -> Ruleset:
    """The party's ruleset with its house options applied."""
    return RULESETS[party.ruleset].with_options(
        deals_per_round=party.deals_per_round, **party.house_options
    )


def seating_problem_text(problem: SeatingProblem) -> str:
    """The host's sentence for a problem found by the plain-Python party maths."""
    if problem.code == SeatingProblem.FEW_REGISTERED:
        text = gettext("A party needs at least %(min)d players; only %(count)d are registered.")
    elif problem.code == SeatingProblem.FEW_PRESENT:
        text = gettext(
            "A party needs at least %(min)d players; only %(count)d are present for the next round."
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


def _audit(
    party: Party,
    user,
    action: str,
    summary: str,
    params: dict[str, Any] | None = None,
    *,
    words: tuple[str, ...] = (),
    **fields: Any,
) -> None:
    """Record a change.  The summary is stored in English so that it reads the
    same for everyone: ``summary`` is an English template marked with
    ``gettext_noop`` and ``params`` its values; both are kept too, and the
    audit page shows the entry in its reader's language (the values named in
    ``words`` are English words translated with it)."""
    if params is None:
        AuditEntry.objects.create(party=party, user=user, action=action, summary=summary, **fields)
        return
    limit = AuditEntry._meta.get_field("summary").max_length
    stored = {**params, "_words": list(words)} if words else dict(params)
    AuditEntry.objects.create(
        party=party,
        user=user,
        action=action,
        summary=(summary % params)[:limit],
        summary_template=summary,
        summary_params=stored,
        **fields,
    )


def _bump(party: Party, rnd: Round | None = None) -> None:
    """Mark the party (and ``rnd``, whose results or tables changed) changed:
    standings caches, ETags and printouts key on these versions.

    Once the change commits, the players' page's cached state (its version and
    switches) is replaced, so phones see it at their next poll.  A party that
    counts in a season bumps the season too: its table adds up the party."""
    if rnd is not None:
        Round.objects.filter(pk=rnd.pk).update(version=F("version") + 1)
    Party.objects.filter(pk=party.pk).update(version=F("version") + 1)
    party.refresh_from_db(
        fields=["version", "public_token", "public_open", "public_standings", "language", "season"]
    )
    state = public_selectors.PublicState.of(party)
    transaction.on_commit(lambda: public_selectors.public_state_store(state), robust=True)
    if party.season_id is not None:
        season_bump(season_ids=[party.season_id])


def _present(party: Party, round_number: int) -> list[Player]:
    return [p for p in party.players.order_by("order") if p.present_in(round_number)]


def _round_drop(rnd: Round) -> None:
    """Delete a round that has no deals, with its seats, sit-outs and tables."""
    rnd.seats.all().delete()
    rnd.sitouts.all().delete()
    rnd.tables.all().delete()
    rnd.delete()
