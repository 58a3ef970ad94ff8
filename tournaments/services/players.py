"""Players: registration, departure and return; a club's roster copied
from its last party."""

from __future__ import annotations

from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext, gettext_noop

from ..clubs.selectors.members import MemberChoice, member_lookalikes, previous_club_party
from ..clubs.services.access import party_action
from ..clubs.services.members import member_drop_unplayed, member_for_name, member_named
from ..clubs.services.ratings import ratings_mark
from ..errors import UserError
from ..game.lookalike import alike
from ..models import Member, Party, Player, Round
from .common import audit_log


class NameLookalike(UserError):
    """A name that looks like someone already known (:mod:`tournaments.game.lookalike`):
    the host says who it is before anyone is registered or any member made.

    ``players``: the party's registered players whose names look alike, as
    (id, name); ``members``: the club's members not playing whose names
    look alike."""

    def __init__(self, *, name: str, players: list[tuple[int, str]], members: list[MemberChoice]):
        self.name, self.players, self.members = name, players, members
        names = ", ".join([other for _, other in players] + [m.name for m in members])
        super().__init__(
            {
                "name": gettext("%(name)s looks like %(names)s: is it the same person?")
                % {"name": name, "names": names}
            }
        )


@party_action
def player_register(
    *, party: Party, name: str, user, member: Member | None = None, ask_if_alike: bool = False
) -> Player:
    """Register a player, kept exactly as typed (accents, apostrophes).

    Before round 1 is seated the player plays from round 1; later arrivals
    are present from the round after the current one (RULES.md section 6).
    An identical name is refused.

    In a club's party the player is one of the club's members: ``member``
    when given (the host said the name typed was theirs), else the member of
    that name (case and accents aside, spelled as the club spells it), else
    a new member.  A member already playing in the party is refused.

    With ``ask_if_alike``, a name that looks like a registered player's, or
    (not being a member's) like a member's not playing, raises
    :class:`NameLookalike` with them, and nothing is registered or made;
    without it (the host answered "a new one", a file, a roster copy) the
    name is registered as it is.
    """
    name = " ".join((member.name if member is not None else name or "").split())
    if not name:
        raise UserError({"name": gettext("Type the player's name.")})
    if len(name) > 80:
        raise UserError({"name": gettext("Names are at most 80 characters.")})
    if party.status == Party.Status.FINISHED:
        raise UserError({"name": gettext("The party is finished.")})
    with transaction.atomic():
        party = Party.objects.select_for_update().get(pk=party.pk)
        if member is not None and (party.club_id is None or member.club_id != party.club_id):
            raise UserError({"name": gettext("Only a member of the party's club can be chosen.")})
        known = member
        if party.club_id is not None and known is None:
            known = member_named(party.club, name)
        if known is not None:
            name = known.name
            if party.players.filter(member=known).exists():
                raise UserError(
                    {"name": gettext("%(name)s is already registered.") % {"name": name}}
                )
        if party.players.filter(name=name).exists():
            raise UserError({"name": gettext("%(name)s is already registered.") % {"name": name}})
        if ask_if_alike and known is None:
            players = [
                (pk, other)
                for pk, other in party.players.order_by("order").values_list("pk", "name")
                if alike(name, other)
            ]
            members = member_lookalikes(party=party, name=name)
            if players or members:
                raise NameLookalike(name=name, players=players, members=members)
        if party.club_id is not None and known is None:
            known = member_for_name(club=party.club, name=name)
        player = _player_add(party, name, known, user)
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
    audit_log(
        party,
        user,
        "player_register",
        gettext_noop("Registered %(name)s"),
        {"name": name},
        after={"name": name},
    )
    return player


@party_action
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
            raise UserError(gettext("That player is not in this party any more."))
        if party.status == Party.Status.FINISHED:
            raise UserError(gettext("The party is finished."))
        if party.club_id is None or member.club_id != party.club_id:
            raise UserError(gettext("Only a member of the party's club can be chosen."))
        if player.member_id == member.pk:
            return player
        taken = party.players.filter(Q(member=member) | Q(name=member.name)).exclude(pk=player.pk)
        if taken.exists():
            raise UserError(gettext("%(name)s is already registered.") % {"name": member.name})
        typed, dropped = player.name, player.member
        player.name, player.member = member.name, member
        player.save(update_fields=["name", "member"])
        if party.rounds.filter(status=Round.Status.CLOSED).exists():
            ratings_mark(club_id=party.club_id, since=party.date)
        if dropped is not None:
            member_drop_unplayed(dropped)
        audit_log(
            party,
            user,
            "player_relink",
            gettext_noop("%(typed)s is %(name)s, a member of the club"),
            {"typed": typed, "name": member.name},
            before={"name": typed},
            after={"name": member.name},
        )
    return player


@party_action
def roster_copy(*, party: Party, user) -> int:
    """Register, in their order, the players of the club's party before this
    one (:func:`club_selectors.previous_club_party`) who are not registered yet,
    each as the same member; returns how many were added.

    Only before round 1 is seated.  Tapped twice, the second adds nobody."""
    with transaction.atomic():
        party = Party.objects.select_for_update().get(pk=party.pk)
        if party.status != Party.Status.SETUP or party.rounds.exists():
            raise UserError(gettext("Players can only be copied before round 1 is seated."))
        source = previous_club_party(party=party)
        if source is None:
            raise UserError(gettext("The club has no earlier party to copy."))
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
    return added


@party_action
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
            audit_log(
                party,
                user,
                "player_remove",
                gettext_noop("Removed %(name)s before round 1"),
                {"name": player.name},
            )
        else:
            player.leaves_round = current.number + 1
            player.save(update_fields=["leaves_round"])
            audit_log(
                party,
                user,
                "player_depart",
                gettext_noop("%(name)s left after round %(number)d"),
                {"name": player.name, "number": current.number},
            )
    return current is None


@party_action
def player_rejoin(*, party: Party, player: Player, user) -> None:
    """Undo a departure: present again from the next round."""
    with transaction.atomic():
        party = Party.objects.select_for_update().get(pk=party.pk)
        player.leaves_round = None
        player.save(update_fields=["leaves_round"])
        audit_log(
            party, user, "player_rejoin", gettext_noop("%(name)s is back"), {"name": player.name}
        )
