"""Reads for the JSON API (:mod:`tournaments.api.views.endpoints`): its documents, each
built once per version and kept in Django's cache (Redis when configured),
with this process's small memo in front, as the players' page does
(:mod:`tournaments.selectors.public`).  A version's document never changes,
so the entries need no invalidation.

The documents' field names are API v1's: stable English, never translated.
"""

from __future__ import annotations

import json

from django.core.cache import cache

from pedroparty.memo import LocalMemo

from ... import selectors
from ...clubs.selectors.seasons import SeasonState, SeasonTable, season_table_at
from ...exports.spreadsheets import one_decimal
from ...models import Party, Round, Season
from ...selectors.public import PublicState

#: The API's version: the ``api`` field of every document, and its address.
API_VERSION = 1
#: Seconds a document is kept in the cache (a version's never changes).
DOCUMENT_TTL = 12 * 3600

_documents = LocalMemo(size=64)


def forget_local() -> None:
    """Empty this process's memo of documents (tests; the cache is left alone)."""
    _documents.clear()


def party_row(*, party_id: int) -> Party | None:
    """The party's row, for deciding who may read it; None if it is gone."""
    return Party.objects.filter(pk=party_id).first()


def party_document(party: Party) -> dict:
    """A party's standings as API v1 writes them."""
    standings = selectors.party_standings(party)
    closed = Round.objects.filter(party=party, status=Round.Status.CLOSED).count()
    return {
        "api": API_VERSION,
        "party": {
            "name": party.name,
            "date": party.date.isoformat(),
            "venue": party.venue,
            "game": party.ruleset,
            "status": party.status,
            "rounds_closed": closed,
            "version": standings.version,
        },
        "standings": [
            {
                "rank": row.rank,
                "player": row.name,
                "score": row.score,
                "rounds_won": row.rounds_won,
                "sitouts": row.sitouts,
            }
            for row in standings.rows
        ],
    }


def party_document_bytes(state: PublicState) -> bytes | None:
    """The party's document at ``state.version``, encoded: from the memo, the
    cache, or built; None for a party deleted since ``state`` was read."""
    key = f"api{API_VERSION}-party:{state.token}:{state.version}"
    body = _documents.get(key) or cache.get(key)
    if body is None:
        party = Party.objects.filter(pk=state.party_id).first()
        if party is None:
            return None
        body = encode(party_document(party))
        # A state a moment old names an older version than the row just read:
        # keep the document only under its own version.
        if party.version == state.version:
            cache.set(key, body, DOCUMENT_TTL)
            _documents.set(key, body)
        return body
    _documents.set(key, body)
    return body


def encode(document: dict) -> bytes:
    return json.dumps(document, ensure_ascii=False, separators=(",", ":")).encode()


def season_document(table: SeasonTable) -> dict:
    """A season's standings as API v1 writes them, from its table.

    ``best_of`` is None when every night counts; ``average`` (per party
    played) is a string with one decimal, exact where a JSON number might
    not be; ``parties`` are the season's parties in the table's order, each
    ``shown`` when its players' page shows its standings;
    ``nights_left_out`` counts the nights played that these standings leave
    out, their standings being hidden (none in the organisers' table).
    ``rating`` is the member's rating after their last night of the season
    (a string with one decimal; None when not rated), provisional while
    ``rated_rounds`` is under twelve."""
    return {
        "api": API_VERSION,
        "season": {
            "name": table.name,
            "club": table.club_name,
            "best_of": table.best_of,
            "version": table.version,
        },
        "parties": [
            {
                "name": party.name,
                "date": party.date.isoformat(),
                "status": str(party.status),
                "shown": party.shown,
            }
            for party in table.parties
        ],
        "standings": [
            {
                "rank": row.rank,
                "member": row.name,
                "total": row.total,
                "parties": row.parties,
                "average": str(one_decimal(row.average)),
                "rounds_won": row.rounds_won,
                "nights_counted": row.nights_counted,
                "rating": None if row.rating is None else str(one_decimal(row.rating)),
                "rated_rounds": row.rating_rounds,
            }
            for row in table.rows
        ],
        "nights_left_out": len(table.held_back) if table.public else 0,
    }


def season_row(*, season_id: int) -> Season | None:
    """The season's row, for deciding who may read it; None if it is gone."""
    return (
        Season.objects.filter(pk=season_id)
        .only("pk", "club_id", "public_token", "public_open", "version")
        .first()
    )


def season_document_bytes(state: SeasonState, *, public: bool = True) -> bytes:
    """The season's document at ``state.version``, public or the organisers'
    (``public=False``), encoded: from the memo, the cache, or built from the
    season's table at that version."""
    key = f"api{API_VERSION}-season:{state.token}:{state.version}:{'public' if public else 'all'}"
    body = _documents.get(key) or cache.get(key)
    if body is None:
        table = season_table_at(
            season_id=state.season_id, token=state.token, version=state.version, public=public
        )
        body = encode(season_document(table))
        cache.set(key, body, DOCUMENT_TTL)
    _documents.set(key, body)
    return body
