"""The end of the party: finishing it, the special prizes, and the place
prizes picked in turn."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext, gettext_noop

from .. import selectors
from ..clubs.services.access import party_action
from ..errors import UserError
from ..models import Party, Player, Prize, PrizeAward, Round
from .common import audit_log, round_drop
from .rounds import round_close


@party_action
def party_finish(*, party: Party, user, close: Round | None = None) -> None:
    """End the party: the open round, if it has no deals, is dropped; an open
    round with deals must be closed first.  Special prizes are awarded.

    ``close``: the party's open round, closed first in the same transaction
    (no next round seated), so that closing and finishing happen together
    or not at all, and only for those who may finish."""
    with transaction.atomic():
        if close is not None:
            if close.party_id != party.pk:
                raise UserError(gettext("That round is not one of this party's."))
            # The round's lock first, then the party's: the order in which
            # every change to a round bumps its pages' versions
            # (tournaments.models.versions), so the two never wait on each other.
            round_close(round=close, user=user, seat_next=False)
        party = Party.objects.select_for_update().get(pk=party.pk)
        if party.status == Party.Status.FINISHED:
            raise UserError(gettext("The party is already finished."))
        current = party.rounds.order_by("-number").first()
        if current is None:
            raise UserError(gettext("No round has been played yet."))
        if current.status == Round.Status.OPEN:
            if current.results.exists():
                raise UserError(
                    gettext("Close round %(number)d first.") % {"number": current.number}
                )
            round_drop(current)
        party.status = Party.Status.FINISHED
        party.save(update_fields=["status"])
        _specials_award(party)
        audit_log(party, user, "party_finish", gettext_noop("Finished the party"), {})


def _specials_award(party: Party) -> None:
    table = selectors.party_standings(party)
    rows = {row.player: row for row in table.rows}
    winners = selectors.special_prize_winners(party)
    PrizeAward.objects.filter(prize__party=party).exclude(prize__kind=Prize.Kind.PLACE).delete()
    for prize in party.prizes.exclude(kind=Prize.Kind.PLACE):
        for pid in winners.get(prize.kind, ()):
            PrizeAward.objects.create(
                prize=prize, player_id=pid, rank=rows[pid].rank, score=rows[pid].score
            )


@party_action
def prize_pick(*, party: Party, player: Player, prize: Prize, user) -> PrizeAward:
    """The player whose turn it is picks a place prize from what is left."""
    with transaction.atomic():
        party = Party.objects.select_for_update().get(pk=party.pk)
        if party.status != Party.Status.FINISHED:
            raise UserError(gettext("Prizes are picked once the party is finished."))
        if prize.party_id != party.pk or prize.kind != Prize.Kind.PLACE:
            raise UserError({"prize": gettext("That is not one of this party's place prizes.")})
        if prize.awards.exists():
            raise UserError(
                {"prize": gettext("%(prize)s has already been picked.") % {"prize": prize.name}}
            )
        turn = selectors.prize_turn(party)
        if turn is None or turn.player != player.pk:
            raise UserError({"player": gettext("It is not this player's turn to pick.")})
        award = PrizeAward.objects.create(
            prize=prize, player=player, rank=turn.rank, score=turn.score
        )
        audit_log(
            party,
            user,
            "prize_pick",
            gettext_noop("%(name)s picked %(prize)s"),
            {"name": player.name, "prize": prize.name},
        )
    return award


@party_action
def prize_unpick(*, party: Party, pick: int, user) -> PrizeAward | None:
    """Put back the place prize pick ``pick`` (a ``PrizeAward``'s id), the
    latest one (the host tapped the wrong prize): that player picks again.
    Only the latest pick can be undone, so every pick still follows the
    ranks; audited.

    A pick that is not there any more was put back already (a double tap, or
    the same form sent twice): nothing changes and None is returned.
    Otherwise the pick put back is returned."""
    with transaction.atomic():
        party = Party.objects.select_for_update().get(pk=party.pk)
        if party.status != Party.Status.FINISHED:
            raise UserError(gettext("Prizes are picked once the party is finished."))
        award = PrizeAward.objects.select_related("prize", "player").filter(pk=pick).first()
        if award is None:
            return None
        if award.prize.party_id != party.pk or award.prize.kind != Prize.Kind.PLACE:
            raise UserError({"undo": gettext("That is not one of this party's place prizes.")})
        latest = selectors.prize_latest_pick(party)
        if latest is None or latest.pick != award.pk:
            raise UserError(
                {
                    "undo": gettext(
                        "Only the latest pick can be undone: first put back %(name)s's."
                    )
                    % {"name": latest.player if latest else award.player.name}
                }
            )
        award.delete()
        audit_log(
            party,
            user,
            "prize_unpick",
            gettext_noop("Put back %(prize)s: %(name)s picks again"),
            {"prize": award.prize.name, "name": award.player.name},
            before={"prize": award.prize.name, "player": award.player.name},
        )
    return award
