"""The season's version bump, apart from ``seasons`` (which imports
``common``) so that ``common._bump`` can call it for a party in a season."""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial

from django.db import transaction
from django.db.models import F

from ..models import Season
from ..selectors.seasons import SeasonState, season_state_store


def season_bump(*, season_ids: Iterable[int | None]) -> None:
    """Mark the seasons changed: their tables and public pages key on the
    version.  Once the change commits, each season page's cached state is
    replaced, so phones see it at their next poll."""
    ids = sorted({pk for pk in season_ids if pk is not None})
    if not ids:
        return
    Season.objects.filter(pk__in=ids).update(version=F("version") + 1)
    for season in Season.objects.filter(pk__in=ids).only(
        "pk", "public_token", "version", "public_open"
    ):
        state = SeasonState.of(season)
        transaction.on_commit(partial(season_state_store, state), robust=True)
