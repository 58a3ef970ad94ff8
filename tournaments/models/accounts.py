"""One-time links, and the two that make or mend a host's account.

Every one-time link (a club's :class:`~tournaments.models.clubs.Invitation`
too) is a :class:`OneTimeLink`: made by someone, valid until it expires,
used once or withdrawn before.  :meth:`OneTimeLink.state` says which, and
each kind of link words it for its reader.

The site's owners (superusers) hand out the two links of this module: a
:class:`SignupLink` makes one ordinary host account, a
:class:`PasswordResetLink` sets a new password for one user.  Both are
shown once; only their digest (``token_digest``) is kept.
"""

from __future__ import annotations

import datetime
import enum

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class LinkState(enum.StrEnum):
    """Why a one-time link no longer works."""

    WITHDRAWN = "withdrawn"
    USED = "used"
    EXPIRED = "expired"


class OneTimeLink(models.Model):
    """What every one-time link shares: when it was made, until when it is
    valid, when it was used, and whether its maker withdrew it."""

    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField()
    used_at = models.DateTimeField(null=True, blank=True)
    #: Its maker may take back an unused link.
    withdrawn = models.BooleanField(default=False)

    class Meta:
        abstract = True

    def state(self, now: datetime.datetime) -> LinkState | None:
        """Why the link no longer works at ``now``, or None while it does."""
        if self.withdrawn:
            return LinkState.WITHDRAWN
        if self.used_at is not None:
            return LinkState.USED
        if self.expires_at <= now:
            return LinkState.EXPIRED
        return None


class SignupLink(OneTimeLink):
    """A one-time link that makes one ordinary host account (not staff)."""

    digest = models.CharField(max_length=64, unique=True)
    #: Who it is for, as the owner wrote it, to tell links apart.
    note = models.CharField(_("for"), max_length=80, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="signup_links_made"
    )
    used_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="signup_links_used",
    )

    class Meta:
        verbose_name = _("sign-up link")
        verbose_name_plural = _("sign-up links")
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return self.note or f"sign-up link {self.pk}"


class PasswordResetLink(OneTimeLink):
    """A one-time link that sets a new password for ``user``."""

    digest = models.CharField(max_length=64, unique=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="password_reset_links"
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="password_reset_links_made",
    )

    class Meta:
        verbose_name = _("password reset link")
        verbose_name_plural = _("password reset links")
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"password reset link {self.pk}"
