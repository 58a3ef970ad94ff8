"""Who holds which role: the capabilities a user has at a party or in a club."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils import timezone

from ...game.roles import Can, grants
from ...models import Club, ClubRole, Party, Role, Season


def club_role(*, user, club: Club | int) -> str | None:
    """``user``'s role in ``club`` (a ``Role`` value), or None; staff organise every club."""
    if not user.is_authenticated:
        return None
    if user.is_staff:
        return "organiser"
    return club_role_held(user=user, club=club)


def club_role_held(*, user, club: Club | int) -> str | None:
    """The role ``user`` holds in ``club`` (granted, not as staff), or None."""
    if not user.is_authenticated:
        return None
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


def party_deletable_by(*, user, party: Party) -> bool:
    """Whether ``user`` may delete ``party``: its owner, a co-host or an
    organiser of its club (staff as such may not)."""
    if party.owner_id == user.pk or party.cohosts.filter(pk=user.pk).exists():
        return True
    return (
        party.club_id is not None
        and ClubRole.objects.filter(club_id=party.club_id, user=user, role=Role.ORGANISER).exists()
    )


@dataclass(frozen=True)
class ClubLine:
    """One club in a user's list of clubs."""

    slug: str
    name: str
    role: str
    role_label: str


def clubs_of(*, user) -> list[ClubLine]:
    """The clubs where ``user`` holds a role, by name, in one query."""
    labels = dict(Role.choices)
    rows = (
        ClubRole.objects.filter(user=user).select_related("club").order_by("club__name", "club_id")
    )
    return [ClubLine(r.club.slug, r.club.name, r.role, str(labels[r.role])) for r in rows]


def clubs_organised_by(*, user) -> list[Club]:
    """The clubs ``user`` organises (held as a role, not as staff), by name:
    the clubs a new party may belong to."""
    return list(Club.objects.filter(roles__user=user, roles__role=Role.ORGANISER).order_by("name"))


def seasons_of_clubs(*, clubs: list[Club]) -> list[Season]:
    """The seasons of ``clubs``, with their club, newest first within each club."""
    return list(
        Season.objects.filter(club__in=clubs)
        .select_related("club")
        .order_by("club__name", "club_id", "-created_at", "-id")
    )


@dataclass(frozen=True)
class ClubParty:
    slug: str
    name: str
    date: object
    status_label: str
    season: str


@dataclass(frozen=True)
class ClubSeason:
    id: int
    name: str


@dataclass(frozen=True)
class ClubHelper:
    role_id: int
    username: str
    role: str
    role_label: str


@dataclass(frozen=True)
class PendingInvitation:
    id: int
    role_label: str
    created_by: str
    expires_at: object


@dataclass(frozen=True)
class ClubPage:
    """What a club's page shows; ``helpers`` and ``invitations`` are empty
    unless the page is asked for an organiser."""

    parties: list[ClubParty]
    seasons: list[ClubSeason]
    helpers: list[ClubHelper] = field(default_factory=list)
    invitations: list[PendingInvitation] = field(default_factory=list)


def club_page(*, club: Club, organiser: bool) -> ClubPage:
    """The club's parties (newest first) and seasons; for an organiser also
    its helpers and its pending invitations.  Four queries at most."""
    labels = dict(Role.choices)
    parties = [
        ClubParty(p.slug, p.name, p.date, p.get_status_display(), p.season.name if p.season else "")
        for p in club.parties.select_related("season").order_by("-date", "-id")
    ]
    seasons = [
        ClubSeason(pk, name)
        for pk, name in club.seasons.order_by("-created_at", "-id").values_list("pk", "name")
    ]
    if not organiser:
        return ClubPage(parties, seasons)
    helpers = [
        ClubHelper(r.pk, r.user.get_username(), r.role, str(labels[r.role]))
        for r in club.roles.select_related("user").order_by("role", "user__username")
    ]
    now = timezone.now()
    invitations = [
        PendingInvitation(i.pk, str(labels[i.role]), i.created_by.get_username(), i.expires_at)
        for i in club.invitations.filter(used_at__isnull=True, withdrawn=False, expires_at__gt=now)
        .select_related("created_by")
        .order_by("expires_at", "id")
    ]
    return ClubPage(parties, seasons, helpers, invitations)
