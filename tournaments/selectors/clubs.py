"""Who holds which role: the capabilities a user has at a party or in a club."""

from __future__ import annotations

from ..models import Club, ClubRole, Party
from ..roles import Can, grants


def club_role(*, user, club: Club | int) -> str | None:
    """``user``'s role in ``club`` (a ``Role`` value), or None; staff organise every club."""
    if not user.is_authenticated:
        return None
    if user.is_staff:
        return "organiser"
    club_id = club if isinstance(club, int) else club.pk
    roles = ClubRole.objects.filter(club_id=club_id, user=user)
    return roles.values_list("role", flat=True).first()


def party_capabilities(*, user, party: Party) -> frozenset[Can]:
    """What ``user`` may do at ``party``: everything as its owner, a co-host,
    staff or an organiser of its club; a club scorer's or door helper's share
    of it; nothing otherwise."""
    if not user.is_authenticated:
        return frozenset()
    if user.is_staff or party.owner_id == user.pk or party.cohosts.filter(pk=user.pk).exists():
        return frozenset(Can)
    if party.club_id is None:
        return frozenset()
    return grants(club_role(user=user, club=party.club_id))
