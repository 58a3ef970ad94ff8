"""What a public page's "nothing changed" answer is decided from: a party's
and a season's public state, kept in the Django cache with this process's
small memo in front.

* ``party-ver:<public token>`` holds a :class:`PublicState`: the party's
  version, its two switches (page open, standings shown) and its language.
* ``season-ver:<public token>`` holds a :class:`SeasonState`: the season's
  version and whether its public page is open.

Both are written once a change commits (:mod:`tournaments.models.versions`
publishes every page whose version a transaction bumped), and read from the
row on a miss (``selectors.public.public_state``, ``clubs.selectors.season_state``).
The cache keeps an entry a few seconds and a memo :data:`LOCAL_STATE_TTL`
seconds, which bounds how long any process can go on believing an old
version (another process's memo, an in-memory cache per process, two
commits writing their states in either order).

Nothing here reads a row, so the models can publish without importing the
selectors.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core.cache import cache

from pedroparty.memo import LocalMemo

#: Seconds the cache keeps a party's public state before the row is read again.
PUBLIC_STATE_TTL = 1
#: Seconds the cache keeps a season's public state before its row is read again:
#: written on every commit, so this bounds only how late a page can be when two
#: commits store their states in the other order (a season poll is every 3 s).
SEASON_STATE_TTL = 5
#: Seconds a process trusts its own memo of a public state.
LOCAL_STATE_TTL = 1.0


def forget_local() -> None:
    """Empty this process's memos of public states (tests, the benches)."""
    _PARTIES.memo.clear()
    _SEASONS.memo.clear()


@dataclass(frozen=True)
class PublicState:
    """What decides every answer of a party's public pages: which party,
    which version, shown how."""

    party_id: int
    token: str
    version: int
    open: bool
    standings: bool
    #: The party's language, which the board shows by default.
    language: str = settings.LANGUAGE_CODE

    @classmethod
    def of(cls, party) -> PublicState:
        """The state of ``party`` (a ``Party`` row) as its row says."""
        return cls(
            party.pk,
            party.public_token,
            party.version,
            party.public_open,
            party.public_standings,
            party.language,
        )


@dataclass(frozen=True)
class SeasonState:
    """What decides every answer of the public season page."""

    season_id: int
    token: str
    version: int
    open: bool

    @classmethod
    def of(cls, season) -> SeasonState:
        """The state of ``season`` (a ``Season`` row) as its row says."""
        return cls(season.pk, season.public_token, season.version, season.public_open)


class _States:
    """One kind of public state: in the cache under ``<prefix>:<public
    token>`` for ``ttl`` seconds, with this process's memo in front."""

    def __init__(self, prefix: str, ttl: int) -> None:
        self.prefix = prefix
        self.ttl = ttl
        self.memo = LocalMemo(size=1000, ttl=LOCAL_STATE_TTL)

    def key(self, token: str) -> str:
        return f"{self.prefix}:{token}"

    def cached(self, token: str):
        """The state from this process's memo, else the cache; None when
        neither holds it."""
        state = self.memo.get(token)
        if state is None:
            state = cache.get(self.key(token))
            if state is not None:
                self.memo.set(token, state)
        return state

    def read(self, token: str, from_row: Callable[[str], Any]):
        """The state from the memo, the cache, or else ``from_row(token)``
        (the caller's query, stored here for the next reader); None where
        that finds no row either."""
        state = self.cached(token)
        if state is None:
            state = from_row(token)
            if state is not None:
                self.store(state)
        return state

    def store(self, state) -> None:
        """Keep ``state`` as the current one (the cache and this process's memo)."""
        cache.set(self.key(state.token), state, self.ttl)
        self.memo.set(state.token, state)

    def forget(self, token: str) -> None:
        """Its page is gone: 404 from now on, not a moment later."""
        cache.delete(self.key(token))
        self.memo.set(token, None)


_PARTIES = _States("party-ver", PUBLIC_STATE_TTL)
_SEASONS = _States("season-ver", SEASON_STATE_TTL)


def public_state_cached(token: str) -> PublicState | None:
    """The party's state from this process's memo, else the cache; None when
    neither holds it."""
    return _PARTIES.cached(token)


def public_state_read(
    token: str, from_row: Callable[[str], PublicState | None]
) -> PublicState | None:
    """The party's state from the memo, the cache, or else ``from_row``."""
    return _PARTIES.read(token, from_row)


def public_state_shared(token: str) -> PublicState | None:
    """The party's state as the cache holds it, passing over this process's
    memo: what another process published a moment ago; None when not cached."""
    return cache.get(_PARTIES.key(token))


def public_state_store(state: PublicState) -> None:
    """Keep ``state`` as the party's current one (the cache and this process's memo)."""
    _PARTIES.store(state)


def public_state_forget(token: str) -> None:
    """A deleted party: its public pages are 404 from now on, not a moment later."""
    _PARTIES.forget(token)


def season_state_cached(token: str) -> SeasonState | None:
    """The season's state from this process's memo, else the cache; None when
    neither holds it."""
    return _SEASONS.cached(token)


def season_state_read(
    token: str, from_row: Callable[[str], SeasonState | None]
) -> SeasonState | None:
    """The season's state from the memo, the cache, or else ``from_row``."""
    return _SEASONS.read(token, from_row)


def season_state_store(state: SeasonState) -> None:
    """Keep ``state`` as the season's current one (the cache and this process's memo)."""
    _SEASONS.store(state)


def season_state_forget(token: str) -> None:
    """A deleted season: its public page is 404 from now on."""
    _SEASONS.forget(token)
