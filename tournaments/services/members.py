"""A club's members: found or made from a name, renamed, merged.

Every write to a club's members holds the club's row lock
(``SELECT ... FOR UPDATE``), so two tablets registering the same new name, a
rename and a merge never cross.  A party service that also locks its party
takes the party first, then the club.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext

from ..lookalike import fold
from ..models import Club, Member, Party, Player, Season
from .common import PartyError
from .versions import season_bump

#: The longest name a member (and a party's player) may have.
NAME_MAX = 80


def _clean_name(name: str, field: str = "name") -> str:
    name = " ".join((name or "").split())
    if not name:
        raise PartyError({field: gettext("Type the player's name.")})
    if len(name) > NAME_MAX:
        raise PartyError(
            {field: gettext("Names are at most %(count)d characters.") % {"count": NAME_MAX}}
        )
    return name


def _club_lock(club: Club | int) -> Club:
    """Lock the club's row for the rest of the transaction (the members' mutex)."""
    return Club.objects.select_for_update().get(pk=club if isinstance(club, int) else club.pk)


def _member_named(club: Club, name: str, *, besides: Member | None = None) -> Member | None:
    """The club's member whose name folds like ``name`` (case, accents and
    spaces aside), other than ``besides``."""
    folded = fold(name)
    members = Member.objects.filter(club=club)
    if besides is not None:
        members = members.exclude(pk=besides.pk)
    for member in members.only("id", "name", "club_id"):
        if fold(member.name) == folded:
            return member
    return None


def member_for_name(*, club: Club, name: str) -> Member:
    """The club's member called ``name`` (case, accents and extra spaces
    aside), or a new member of the club with that name.

    Takes the club's lock, so two parties of the club registering the same
    new name at once make one member."""
    name = _clean_name(name)
    with transaction.atomic():
        club = _club_lock(club)
        member = _member_named(club, name)
        if member is None:
            member = Member.objects.create(club=club, name=name)
        return member


def _member_drop_unplayed(member: Member) -> None:
    """Delete ``member`` if no party's player is them (any more)."""
    with transaction.atomic():
        _club_lock(member.club_id)
        if not Player.objects.filter(member=member).exists():
            Member.objects.filter(pk=member.pk).delete()


def _seasons_bump(member_ids: list[int]) -> None:
    """Mark changed every season holding a party one of these members played,
    so the season pages, their caches and ETags refresh."""
    parties = Player.objects.filter(member_id__in=member_ids).values("party_id")
    season_bump(season_ids=Season.objects.filter(parties__in=parties).values_list("pk", flat=True))


def member_rename(*, club: Club, member: Member, name: str, user) -> Member:
    """Give a member a new name, unique in the club (case and accents aside).

    The parties already played keep the name their players had that night;
    the club's seasons show the new one."""
    name = _clean_name(name)
    with transaction.atomic():
        club = _club_lock(club)
        member = Member.objects.filter(pk=member.pk, club=club).first()
        if member is None:
            raise PartyError(gettext("That member is not in this club any more."))
        other = _member_named(club, name, besides=member)
        if other is not None:
            raise PartyError(
                {
                    "name": gettext(
                        "%(name)s is already a member. If they are the same person, merge them."
                    )
                    % {"name": other.name}
                }
            )
        if member.name != name:
            member.name = name
            member.save(update_fields=["name"])
            _seasons_bump([member.pk])
    return member


def member_merge(*, club: Club, keep: Member, other: Member, user) -> Member:
    """Fold ``other`` into ``keep``: every party ``other`` played is now
    ``keep``'s, and ``other`` is gone.  Returns ``keep``.

    The parties themselves do not change (their players keep the names they
    had that night), so no party's standings move.  Refused, with nothing
    changed, when the two are one member, when either is not the club's, or
    when both played the same party (they are two people)."""
    if keep.pk == other.pk:
        raise PartyError({"other": gettext("Choose two different members to merge.")})
    with transaction.atomic():
        club = _club_lock(club)
        locked = {
            m.pk: m for m in Member.objects.select_for_update().filter(pk__in=[keep.pk, other.pk])
        }
        if len(locked) < 2:
            raise PartyError(gettext("One of these members is gone: it was merged or deleted."))
        keep, other = locked[keep.pk], locked[other.pk]
        if keep.club_id != club.pk or other.club_id != club.pk:
            raise PartyError(gettext("Only two members of this club can be merged."))
        both = (
            Party.objects.filter(players__member=keep)
            .filter(players__member=other)
            .order_by("date", "id")
            .first()
        )
        if both is not None:
            raise PartyError(
                gettext("%(keep)s and %(other)s both played %(party)s: they are two people.")
                % {"keep": keep.name, "other": other.name, "party": both.name}
            )
        _seasons_bump([keep.pk, other.pk])
        Player.objects.filter(member=other).update(member=keep)
        other.delete()
    return keep
