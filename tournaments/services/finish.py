"""The end of the party: finishing it, the special prizes, and the place
prizes picked in turn."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext, gettext_noop

from .. import selectors
from ..models import Party, Player, Prize, PrizeAward, Round
from .common import PartyError, _audit, _bump, _round_drop


def party_finish(*, party: Party, user) -> None:
    """End the party: the open round, if it has no deals, is dropped; an open
    round with deals must be closed first.  Special prizes are awarded."""
    with transaction.atomic():
        party = Party.objects.select_for_update().get(pk=party.pk)
        if party.status == Party.Status.FINISHED:
            raise PartyError(gettext("The party is already finished."))
        current = party.rounds.order_by("-number").first()
        if current is None:
            raise PartyError(gettext("No round has been played yet."))
        if current.status == Round.Status.OPEN:
            if current.results.exists():
                raise PartyError(
                    gettext("Close round %(number)d first.") % {"number": current.number}
                )
            _round_drop(current)
        party.status = Party.Status.FINISHED
        party.save(update_fields=["status"])
        _specials_award(party)
        _audit(party, user, "party_finish", gettext_noop("Finished the party"), {})
        _bump(party)


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


def prize_pick(*, party: Party, player: Player, prize: Prize, user) -> PrizeAward:
    """The player whose turn it is picks a place prize from what is left."""
    with transaction.atomic():
        party = Party.objects.select_for_update().get(pk=party.pk)
        if party.status != Party.Status.FINISHED:
            raise PartyError(gettext("Prizes are picked once the party is finished."))
        if prize.party_id != party.pk or prize.kind != Prize.Kind.PLACE:
            raise PartyError({"prize": gettext("That is not one of this party's place prizes.")})
        if prize.awards.exists():
            raise PartyError(
                {"prize": gettext("%(prize)s has already been picked.") % {"prize": prize.name}}
            )
        turn = selectors.prize_turn(party)
        if turn is None or turn.player != player.pk:
            raise PartyError({"player": gettext("It is not this player's turn to pick.")})
        award = PrizeAward.objects.create(
            prize=prize, player=player, rank=turn.rank, score=turn.score
        )
        _audit(
            party,
            user,
            "prize_pick",
            gettext_noop("%(name)s picked %(prize)s"),
            {"name": player.name, "prize": prize.name},
        )
        _bump(party)
    return award


def prize_unpick(*, party: Party, prize: Prize, user) -> None:
    """Put back the latest place prize picked (the host tapped the wrong one):
    that player picks again.  Only the latest pick can be undone, so every
    pick still follows the ranks; audited."""
    with transaction.atomic():
        party = Party.objects.select_for_update().get(pk=party.pk)
        if party.status != Party.Status.FINISHED:
            raise PartyError(gettext("Prizes are picked once the party is finished."))
        if prize.party_id != party.pk or prize.kind != Prize.Kind.PLACE:
            raise PartyError({"prize": gettext("That is not one of this party's place prizes.")})
        award = prize.awards.select_related("player").first()
        if award is None:
            raise PartyError(
                {"prize": gettext("%(prize)s has not been picked.") % {"prize": prize.name}}
            )
        picked = set(
            PrizeAward.objects.filter(prize__party=party, prize__kind=Prize.Kind.PLACE).values_list(
                "player_id", flat=True
            )
        )
        latest = [turn for turn in selectors.prize_order(party) if turn.player in picked][-1]
        if latest.player != award.player_id:
            raise PartyError(
                {
                    "prize": gettext(
                        "Only the latest pick can be undone: first put back %(name)s's."
                    )
                    % {"name": latest.name}
                }
            )
        award.delete()
        _audit(
            party,
            user,
            "prize_unpick",
            gettext_noop("Put back %(prize)s: %(name)s picks again"),
            {"prize": prize.name, "name": award.player.name},
            before={"prize": prize.name, "player": award.player.name},
        )
        _bump(party)
