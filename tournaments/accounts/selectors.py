"""Host accounts' one-time links: the one an address names, and the ones an
owner has handed out that still work."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from ..models import PasswordResetLink, SignupLink, token_digest


def signup_link_of(*, token: str) -> SignupLink | None:
    """The sign-up link whose address holds ``token``, or None."""
    return SignupLink.objects.filter(digest=token_digest(token)).first()


def password_reset_link_of(*, token: str) -> PasswordResetLink | None:
    """The password link whose address holds ``token``, with its user, or None."""
    return (
        PasswordResetLink.objects.select_related("user").filter(digest=token_digest(token)).first()
    )


@dataclass(frozen=True)
class PendingLink:
    """A link that still works: what it is for, who made it, until when."""

    id: int
    label: str
    created_by: str
    expires_at: datetime.datetime


@dataclass(frozen=True)
class AccountLinks:
    signups: list[PendingLink]
    resets: list[PendingLink]


def account_links_pending(*, now: datetime.datetime) -> AccountLinks:
    """The sign-up and password links not used, withdrawn or expired at
    ``now``, soonest to expire first; two queries."""
    signups = [
        PendingLink(link.pk, link.note, link.created_by.get_username(), link.expires_at)
        for link in SignupLink.objects.filter(
            used_at__isnull=True, withdrawn=False, expires_at__gt=now
        )
        .select_related("created_by")
        .order_by("expires_at", "id")
    ]
    resets = [
        PendingLink(
            link.pk, link.user.get_username(), link.created_by.get_username(), link.expires_at
        )
        for link in PasswordResetLink.objects.filter(
            used_at__isnull=True, withdrawn=False, expires_at__gt=now
        )
        .select_related("created_by", "user")
        .order_by("expires_at", "id")
    ]
    return AccountLinks(signups, resets)
