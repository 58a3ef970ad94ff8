"""A host's API tokens: their list, and whose a presented token is."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from ...models import ApiToken, token_digest


@dataclass(frozen=True)
class ApiTokenLine:
    """One token on the host's tokens page (the token itself is never kept)."""

    id: int
    label: str
    created_at: datetime.datetime
    last_used_at: datetime.datetime | None
    revoked: bool


def api_tokens_of(user) -> list[ApiTokenLine]:
    """``user``'s tokens, newest first, revoked ones too."""
    return [
        ApiTokenLine(*row)
        for row in ApiToken.objects.filter(user=user)
        .order_by("-created_at", "-id")
        .values_list("id", "label", "created_at", "last_used_at", "revoked")
    ]


@dataclass(frozen=True)
class ApiTokenUse:
    """A live token presented to the API, with its (active) user."""

    token_id: int
    user: object
    last_used_at: datetime.datetime | None


def api_token_holder(*, token: str) -> ApiTokenUse | None:
    """Whose ``token`` is, in one query; None when it is unknown, revoked or
    its user's account is switched off."""
    row = (
        ApiToken.objects.filter(digest=token_digest(token), revoked=False, user__is_active=True)
        .select_related("user")
        .first()
    )
    return None if row is None else ApiTokenUse(row.pk, row.user, row.last_used_at)
