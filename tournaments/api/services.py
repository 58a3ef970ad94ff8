"""A host's keys to the JSON API: made, used and revoked.

A token is shown once, when it is made; only its digest is kept
(``models.token_digest``), so neither the database nor a page can show it
again.  A revoked token stays listed, marked, and is refused for good.
"""

from __future__ import annotations

import datetime
import secrets

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext, ngettext

from ..errors import UserError
from ..models import ApiToken, token_digest
from .selectors.tokens import ApiTokenUse

#: Most live (not revoked) tokens one user may hold at once.
API_TOKENS_MAX = 20
#: Uses closer together than this are not written down again.
LAST_USED_EVERY = datetime.timedelta(minutes=1)


def new_api_token() -> str:
    """An unguessable token: 256 random bits."""
    return secrets.token_urlsafe(32)


def api_token_create(*, user, label: str) -> tuple[ApiToken, str]:
    """Make a token for ``user``; returns its row and the token itself, which
    is never available again."""
    label = label.strip()
    if not label:
        raise UserError({"label": gettext("Give the token a label, to tell it from others.")})
    if len(label) > ApiToken._meta.get_field("label").max_length:
        raise UserError({"label": gettext("The label is too long.")})
    token = new_api_token()
    with transaction.atomic():
        # The user's row is locked so two forms posted at once cannot pass the limit.
        get_user_model().objects.select_for_update().filter(pk=user.pk).first()
        if ApiToken.objects.filter(user=user, revoked=False).count() >= API_TOKENS_MAX:
            raise UserError(
                {
                    "label": ngettext(
                        "You have %(count)d token already: revoke it if you no longer use it.",
                        "You have %(count)d tokens already: revoke one you no longer use.",
                        API_TOKENS_MAX,
                    )
                    % {"count": API_TOKENS_MAX}
                }
            )
        row = ApiToken.objects.create(user=user, label=label, digest=token_digest(token))
    return row, token


def api_token_revoke(*, user, token_id: int) -> ApiToken:
    """Revoke one of ``user``'s tokens (again: nothing more happens)."""
    with transaction.atomic():
        row = ApiToken.objects.select_for_update().filter(user=user, pk=token_id).first()
        if row is None:
            raise UserError({"token": gettext("There is no such token.")})
        if not row.revoked:
            row.revoked = True
            row.save(update_fields=["revoked"])
    return row


def api_token_used(*, use: ApiTokenUse) -> None:
    """Note that a token was just used, at most once a minute (a client
    polling every second should not write its row every second)."""
    now = timezone.now()
    if use.last_used_at is None or now - use.last_used_at >= LAST_USED_EVERY:
        ApiToken.objects.filter(pk=use.token_id).update(last_used_at=now)
