"""A club's members: found or made from a name, renamed, merged.

Renaming and merging are the club's organisers' (``access.club_allow``).
Every write to a club's members holds the club's row lock
(``SELECT ... FOR UPDATE``), so two tablets registering the same new name, a
rename and a merge never cross.  A party service that also locks its party
takes the party first, then the club.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext, ngettext

from scoring.models import OnlineSeat

from ...errors import UserError
from ...game.lookalike import fold
from ...models import Club, Member, Party, Player, RatingUpdate
from .access import club_allow
from .ratings import ratings_mark

#: The longest name a member (and a party's player) may have.
NAME_MAX = 80


def _clean_name(name: str, field: str = "name") -> str:
    name = " ".join((name or "").split())
    if not name:
        raise UserError({field: gettext("Type the player's name.")})
    if len(name) > NAME_MAX:
        raise UserError(
            {
                field: ngettext(
                    "Names are at most %(count)d character.",
                    "Names are at most %(count)d characters.",
                    NAME_MAX,
                )
                % {"count": NAME_MAX}
            }
        )
    return name


def _club_lock(club: Club | int) -> Club:
    """Lock the club's row for the rest of the transaction (the members' mutex)."""
    return Club.objects.select_for_update().get(pk=club if isinstance(club, int) else club.pk)


def member_named(club: Club, name: str, *, besides: Member | None = None) -> Member | None:
    """The club's member whose name folds like ``name`` (case, accents and
    spaces aside), other than ``besides``; None if there is none (nothing
    is made)."""
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
        member = member_named(club, name)
        if member is None:
            member = Member.objects.create(club=club, name=name)
        return member


def member_drop_unplayed(member: Member) -> None:
    """Delete ``member`` if no party's player is them (any more)."""
    with transaction.atomic():
        _club_lock(member.club_id)
        if not Player.objects.filter(member=member).exists():
            Member.objects.filter(pk=member.pk).delete()


def member_rename(*, club: Club, member: Member, name: str, user) -> Member:
    """Give a member a new name, unique in the club (case and accents aside).

    The parties already played keep the name their players had that night;
    the club's seasons show the new one."""
    club_allow(club=club, user=user)
    name = _clean_name(name)
    with transaction.atomic():
        club = _club_lock(club)
        member = Member.objects.filter(pk=member.pk, club=club).first()
        if member is None:
            raise UserError(gettext("That member is not in this club any more."))
        other = member_named(club, name, besides=member)
        if other is not None:
            raise UserError(
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
    return member


def member_merge(*, club: Club, keep: Member, other: Member, user) -> Member:
    """Fold ``other`` into ``keep``: every party ``other`` played is now
    ``keep``'s, and ``other`` is gone.  Returns ``keep``.

    The parties themselves do not change (their players keep the names they
    had that night), so no party's standings move.  Refused, with nothing
    changed, when the two are one member, when either is not the club's, or
    when both played the same party (they are two people)."""
    club_allow(club=club, user=user)
    if keep.pk == other.pk:
        raise UserError({"other": gettext("Choose two different members to merge.")})
    with transaction.atomic():
        club = _club_lock(club)
        locked = {
            m.pk: m for m in Member.objects.select_for_update().filter(pk__in=[keep.pk, other.pk])
        }
        if len(locked) < 2:
            raise UserError(gettext("One of these members is gone: it was merged or deleted."))
        keep, other = locked[keep.pk], locked[other.pk]
        if keep.club_id != club.pk or other.club_id != club.pk:
            raise UserError(gettext("Only two members of this club can be merged."))
        both = (
            Party.objects.filter(players__member=keep)
            .filter(players__member=other)
            .order_by("date", "id")
            .first()
        )
        if both is not None:
            raise UserError(
                gettext("%(keep)s and %(other)s both played %(party)s: they are two people.")
                % {"keep": keep.name, "other": other.name, "party": both.name}
            )
        shared = OnlineSeat.objects.filter(member=keep, table__seats__member=other).first()
        if shared is not None:
            raise UserError(
                gettext("%(keep)s and %(other)s both played one online game: they are two people.")
                % {"keep": keep.name, "other": other.name}
            )
        # Only the nights from the first that ``other`` was rated for change.
        first = RatingUpdate.objects.filter(member=other).order_by("date").first()
        Player.objects.filter(member=other).update(member=keep)
        OnlineSeat.objects.filter(member=other).update(member=keep)
        other.delete()
        if first is not None:
            ratings_mark(club_id=club.pk, since=first.date)
    return keep
