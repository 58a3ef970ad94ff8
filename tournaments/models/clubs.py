"""A club's rows: the club, who helps run it, its members and its seasons.

A club runs a party every month or so with mostly the same people.  Its
*members* are those people, kept from night to night; a party player points
at the member they are (``Player.member``).  A *season* groups some of the
club's parties, and its standings add up the members' nights.

Who may do what is a *role* per club (:class:`ClubRole`), granted by a
one-time :class:`Invitation` link; :mod:`tournaments.game.roles` says what each
role may do.
"""

from __future__ import annotations

import hashlib
import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from .accounts import OneTimeLink
from .versions import ShownOnPages


def new_link_token() -> str:
    """An unguessable link: 128 random bits."""
    return secrets.token_urlsafe(16)


class Role(models.TextChoices):
    """What a club's helper may do (the details are in :mod:`tournaments.game.roles`)."""

    ORGANISER = "organiser", _("Organiser")
    SCORER = "scorer", _("Scorer")
    DOOR = "door", _("Door")


class Club(ShownOnPages):
    shown_on = {"season": "seasons"}

    name = models.CharField(_("name"), max_length=120)
    slug = models.SlugField(max_length=80, unique=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="clubs_created"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    #: One rating a game for each member (four-seat games), or one for all.
    rating_per_game = models.BooleanField(_("one rating per game"), default=False)
    #: The ratings are being worked out again from this night on (None: up to date).
    ratings_from = models.DateField(null=True, blank=True)

    class Meta:
        verbose_name = _("club")
        verbose_name_plural = _("clubs")
        ordering = ["name", "id"]

    def __str__(self) -> str:
        return self.name

    @classmethod
    def shown_on_for(cls, fields) -> dict[str, str]:
        """Marking the ratings to be worked out again bumps only the seasons
        whose nights they change, which the marking names itself."""
        if fields is not None and set(fields) <= {"ratings_from"}:
            return {}
        return cls.shown_on


class ClubRole(models.Model):
    """One user's role in one club (one role each: the strongest granted)."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="roles")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="club_roles"
    )
    role = models.CharField(_("role"), max_length=10, choices=Role.choices)
    granted_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("club role")
        verbose_name_plural = _("club roles")
        ordering = ["club_id", "role", "user_id"]
        constraints = [
            models.UniqueConstraint(fields=["club", "user"], name="club_role_once"),
            models.CheckConstraint(
                condition=Q(role__in=[r.value for r in Role]), name="club_role_known"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user} ({self.role}) in {self.club}"


class Invitation(OneTimeLink):
    """A one-time link that grants a role in a club to whoever opens it
    signed in (or makes their account there).  An organiser may withdraw it."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="invitations")
    role = models.CharField(_("role"), max_length=10, choices=Role.choices)
    token = models.CharField(max_length=32, unique=True, default=new_link_token)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="invitations_made"
    )
    used_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="invitations_used",
    )

    class Meta:
        verbose_name = _("invitation")
        verbose_name_plural = _("invitations")
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(role__in=[r.value for r in Role]), name="invitation_role_known"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.role} in {self.club}"


class Member(ShownOnPages):
    """One of the club's players, the same person from night to night."""

    shown_on = {"season": "players__party__season"}

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="members")
    name = models.CharField(_("name"), max_length=80)
    #: The member's own page (``/m/<token>/``), for the member to keep.
    public_token = models.CharField(max_length=32, unique=True, default=new_link_token)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("member")
        verbose_name_plural = _("members")
        ordering = ["club_id", "name", "id"]
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="member_name_unique_in_club"),
        ]

    def __str__(self) -> str:
        return self.name


class Season(ShownOnPages):
    """Some of a club's parties, whose nights add up to one table."""

    page = "season"
    shown_on = {"season": "pk"}

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(_("name"), max_length=120)
    #: Count only each member's best N nights (None: every night counts).
    best_of = models.PositiveSmallIntegerField(_("best nights counted"), null=True, blank=True)
    #: The public season page (``/s/<token>/``): open, or 404 to all.
    public_token = models.CharField(max_length=32, unique=True, default=new_link_token)
    public_open = models.BooleanField(default=True)
    #: Bumped by every change to the season or to one of its parties, so the
    #: season page's caches and ETags key on it.
    version = models.PositiveIntegerField(default=1)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("season")
        verbose_name_plural = _("seasons")
        ordering = ["club_id", "-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="season_name_unique_in_club"),
            models.CheckConstraint(
                condition=Q(best_of__isnull=True) | Q(best_of__gte=1),
                name="season_best_of_positive",
            ),
        ]

    def __str__(self) -> str:
        return self.name


def token_digest(token: str) -> str:
    """How an API token is kept: its SHA-256, so a stolen database holds no token."""
    return hashlib.sha256(token.encode()).hexdigest()


class ApiToken(models.Model):
    """A read-only key to the JSON API for what its user may see as a host
    or organiser.  Only its digest is stored; the token is shown once."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens"
    )
    label = models.CharField(_("label"), max_length=80)
    digest = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked = models.BooleanField(default=False)

    class Meta:
        verbose_name = _("API token")
        verbose_name_plural = _("API tokens")
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return self.label
