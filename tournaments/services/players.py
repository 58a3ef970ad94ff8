"""Players: registration, departure and return; a club's roster copied
from its last party."""

from __future__ import annotations

from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext, gettext_noop

from ..lookalike import fold as _fold
from ..models import Member, Party, Player
from ..selectors.members import previous_club_party
from .common import PartyError, _audit, _bump
from .members import _member_drop_unplayed, member_for_name


def similar_names(party: Party, name: str) -> list[str]:
    """Registered names that look like ``name`` (case, accents and spaces aside)."""
    folded = _fold(name)
    return [n for n in party.players.values_list("name", flat=True) if _fold(n) == folded]


def player_register(*, party: Party, name: str, user) -> Player:
    """Register a player, kept exactly as typed (accents, apostrophes).

    Before round 1 is seated the player plays from round 1; later arrivals
    are present from the round after the current one (RULES.md section 6).
    An identical name is refused; a look-alike is allowed (the view warns).

    In a club's party the player is one of the club's members: the member of
    that name (case and accents aside, spelled as the club spells it), or a
    new member.  A member already playing in the party is refused.
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
        member = None
        if party.club_id is not None:
            member = member_for_name(club=party.club, name=name)
            name = member.name
            if party.players.filter(member=member).exists():
                raise PartyError(
                    {"name": gettext("%(name)s is already registered.") % {"name": name}}
                )
        if party.players.filter(name=name).exists():
            raise PartyError({"name": gettext("%(name)s is already registered.") % {"name": name}})
        player = _player_add(party, name, member, user)
        _bump(party)
    return player


def _player_add(party: Party, name: str, member: Member | None, user) -> Player:
    """Add the player after the others, with its audit entry.  Should be
    called holding the party's lock, the name and member checked."""
    current = party.rounds.order_by("-number").first()
    arrives = 1 if current is None else current.number + 1
    order = (party.players.order_by("-order").values_list("order", flat=True).first() or 0) + 1
    player = Player.objects.create(
        party=party, name=name, order=order, arrives_round=arrives, member=member
    )
    _audit(
        party,
        user,
        "player_register",
        gettext_noop("Registered %(name)s"),
        {"name": name},
        after={"name": name},
    )
    return player


def player_relink(*, party: Party, player: Player, member: Member, user) -> Player:
    """The player just registered is ``member`` after all ("Did you mean
    John Smith?"): the player takes the member's name and is linked to them.

    The member the player was linked to goes if it has played nowhere else
    (it was made by this registration, from a name typed wrong).  Refused,
    with nothing changed, once the party is finished, for another club's
    member, or for a member already playing in the party."""
    with transaction.atomic():
        party = Party.objects.select_for_update().get(pk=party.pk)
        player = Player.objects.filter(pk=player.pk, party=party).first()
        if player is None:
            raise PartyError(gettext("That player is not in this party any more."))
        if party.status == Party.Status.FINISHED:
            raise PartyError(gettext("The party is finished."))
        if party.club_id is None or member.club_id != party.club_id:
            raise PartyError(gettext("Only a member of the party's club can be chosen."))
        if player.member_id == member.pk:
            return player
        taken = party.players.filter(Q(member=member) | Q(name=member.name)).exclude(pk=player.pk)
        if taken.exists():
            raise PartyError(gettext("%(name)s is already registered.") % {"name": member.name})
        typed, dropped = player.name, player.member
        player.name, player.member = member.name, member
        player.save(update_fields=["name", "member"])
        if dropped is not None:
            _member_drop_unplayed(dropped)
        _audit(
            party,
            user,
            "player_relink",
            gettext_noop("%(typed)s is %(name)s, a member of the club"),
            {"typed": typed, "name": member.name},
            before={"name": typed},
            after={"name": member.name},
        )
        _bump(party)
    return player


def roster_copy(*, party: Party, user) -> int:
    """Register, in their order, the players of the club's party before this
    one (:func:`selectors.previous_club_party`) who are not registered yet,
    each as the same member; returns how many were added.

    Only before round 1 is seated.  Tapped twice, the second adds nobody."""
    with transaction.atomic():
        party = Party.objects.select_for_update().get(pk=party.pk)
        if party.status != Party.Status.SETUP or party.rounds.exists():
            raise PartyError(gettext("Players can only be copied before round 1 is seated."))
        source = previous_club_party(party=party)
        if source is None:
            raise PartyError(gettext("The club has no earlier party to copy."))
        here = set(party.players.values_list("name", "member_id"))
        names = {name for name, _ in here}
        members = {member_id for _, member_id in here}
        added = 0
        for previous in source.players.select_related("member").order_by("order"):
            member = previous.member or member_for_name(club=party.club, name=previous.name)
            if member.pk in members or member.name in names:
                continue
            _player_add(party, member.name, member, user)
            names.add(member.name)
            members.add(member.pk)
            added += 1
        if added:
            _bump(party)
    return added


def player_depart(*, party: Party, player: Player, user) -> bool:
    """The player leaves: absent from the round after the current one, score
    kept.  Before round 1 the player is taken off the roster instead; returns
    True when that happened."""
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
    return current is None


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
