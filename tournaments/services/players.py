"""Players: registration, departure and return."""

from __future__ import annotations

import unicodedata

from django.db import transaction
from django.utils.translation import gettext, gettext_noop

from ..models import Party, Player
from .common import PartyError, _audit, _bump


def _fold(name: str) -> str:
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    return " ".join("".join(c for c in decomposed if not unicodedata.combining(c)).split())


def similar_names(party: Party, name: str) -> list[str]:
    """Registered names that look like ``name`` (case, accents and spaces aside)."""
    folded = _fold(name)
    return [n for n in party.players.values_list("name", flat=True) if _fold(n) == folded]


def player_register(*, party: Party, name: str, user) -> Player:
    """Register a player, kept exactly as typed (accents, apostrophes).

    Before round 1 is seated the player plays from round 1; later arrivals
    are present from the round after the current one (RULES.md section 6).
    An identical name is refused; a look-alike is allowed (the view warns).
    """
    name = " ".join((name or "").split())
    if not name:
        raise PartyError({"name": gettext("Type the player's name.")})
    if len(name) > 80:
        raise PartyError({"name": gettext("Names are at most 80 characters.")})
    if party.status == Party.Status.FINISHED:
        raise PartyError({"name": gettext("The party is finished.")})
    with transaction.atomic():
        party = Party.objects.select_for_update().get(pk=party.pk)
        if party.players.filter(name=name).exists():
            raise PartyError({"name": gettext("%(name)s is already registered.") % {"name": name}})
        current = party.rounds.order_by("-number").first()
        arrives = 1 if current is None else current.number + 1
        order = (party.players.order_by("-order").values_list("order", flat=True).first() or 0) + 1
        player = Player.objects.create(party=party, name=name, order=order, arrives_round=arrives)
        _audit(
            party,
            user,
            "player_register",
            gettext_noop("Registered %(name)s"),
            {"name": name},
            after={"name": name},
        )
        _bump(party)
    return player


def player_depart(*, party: Party, player: Player, user) -> None:
    """The player leaves: absent from the round after the current one, score kept."""
    with transaction.atomic():
        party = Party.objects.select_for_update().get(pk=party.pk)
        current = party.rounds.order_by("-number").first()
        if current is None:
            player.seats.all().delete()
            player.delete()
            _audit(
                party,
                user,
                "player_remove",
                gettext_noop("Removed %(name)s before round 1"),
                {"name": player.name},
            )
        else:
            player.leaves_round = current.number + 1
            player.save(update_fields=["leaves_round"])
            _audit(
                party,
                user,
                "player_depart",
                gettext_noop("%(name)s left after round %(number)d"),
                {"name": player.name, "number": current.number},
            )
        _bump(party)


def player_rejoin(*, party: Party, player: Player, user) -> None:
    """Undo a departure: present again from the next round."""
    with transaction.atomic():
        party = Party.objects.select_for_update().get(pk=party.pk)
        player.leaves_round = None
        player.save(update_fields=["leaves_round"])
        _audit(
            party, user, "player_rejoin", gettext_noop("%(name)s is back"), {"name": player.name}
        )
        _bump(party)
