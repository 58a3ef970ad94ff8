"""The players' page: standings and seats on phones, the movement board, the QR code.

No sign-in: the link's unguessable token is the key.  Every URL is 404 for
a party that does not exist and while the host hides the page.

Every response carries an ETag made of the party's version, its switches,
what is asked for, the page's language and the revision of these templates, with
``Cache-Control: no-cache`` and ``Vary: HX-Request``.  A phone's poll whose
If-None-Match still matches is answered 304 from the cached public state
alone, without a database query (``tournaments.selectors.public``).  When the version
moved on, the page is rendered from that version's cached snapshot; the
standings fragment every phone polls is itself cached per version.
"""

from __future__ import annotations

import functools
import hashlib
import re
from collections.abc import Callable
from pathlib import Path

from django.conf import settings
from django.core.cache import cache
from django.http import Http404, HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.safestring import SafeString
from django.utils.translation import get_language
from django.views.decorators.http import require_safe

from pedroparty.htmx import versioned_response
from pedroparty.memo import LocalMemo

from ..selectors import CLOCK_WARN_SECONDS
from ..selectors.public import (
    SNAPSHOT_TTL,
    PublicSnapshot,
    PublicState,
    SeatView,
    public_snapshot,
    public_state,
)
from .common import public_url, qr_svg_file

#: Seconds between two polls of an open page (and so the longest a phone waits).
REFRESH_SECONDS = 3
#: What makes a polled part ask again: the clock, the network coming back, or
#: the page's own script (public.js sends "refresh" when the phone wakes up; a
#: trigger filter would be evaluated code, which the CSP forbids).
POLL_TRIGGER = f"every {REFRESH_SECONDS}s, refresh, online from:window"
#: Names in one column of the movement board on a wide screen, at most: a
#: bigger party gets more columns (160 players: six), so everyone fits at once.
BOARD_COLUMN_ROWS = 28
#: Seconds the board shows each of its views (movement, standings, clock).
BOARD_ROTATE_SECONDS = 15
#: The board's display options in its address, for a projector set up once
#: with no controls on its screen: ``?large=1`` (larger text), ``?contrast=1``
#: (high contrast); ``?lang=es`` names its language.
BOARD_VIEW_OPTIONS = {"large": "text-large", "contrast": "contrast"}


def _digest() -> str:
    base = Path(settings.BASE_DIR)
    files = sorted((base / "templates" / "public").glob("*.html"))
    files += [
        base / "static" / name
        for name in ("css/public.css", "js/public.js", "js/clock.js", "js/htmx.min.js")
    ]
    digest = hashlib.sha256()
    for path in files:
        if path.exists():
            digest.update(path.read_bytes())
    return digest.hexdigest()[:10]


@functools.cache
def _cached_revision() -> str:
    return _digest()


def revision() -> str:
    """A digest of the public templates and assets: a deploy that changes what
    the page looks like changes every ETag, so no phone keeps the old markup."""
    return _digest() if settings.DEBUG else _cached_revision()


def etag(state: PublicState, kind: str) -> str:
    """The response's ETag; it names the active language, so a phone that
    switches language never keeps the other language's page."""
    flags = f"{'o' if state.open else 'h'}{'s' if state.standings else 'n'}"
    return f'"{state.version}{flags}-{kind}-{get_language()}-{revision()}"'


def _state(token: str) -> PublicState:
    state = public_state(token)
    if state is None or not state.open:
        raise Http404("No such page")
    return state


def wants_fragment(request: HttpRequest) -> bool:
    """An htmx request (not a history restore): read from ``request.META``, as
    ``request.htmx`` would build the whole ``request.headers`` first, a
    measurable part of a poll's cost."""
    meta = request.META
    return meta.get("HTTP_HX_REQUEST") == "true" and (
        meta.get("HTTP_HX_HISTORY_RESTORE_REQUEST") != "true"
    )


def _versioned(
    request: HttpRequest, state: PublicState, kind: str, render: Callable[[], HttpResponse]
) -> HttpResponse:
    """The page at ``state``'s version: 304 when the client holds it already."""
    return versioned_response(request, etag(state, kind), render)


_INDENT = re.compile(r"\n\s+")


def render_compact(template: str, context: dict) -> str:
    """The template, without the indentation of its lines (a third of the
    bytes a phone would fetch on the hall's wifi); line breaks are kept, so
    the spaces between words and tags are what they were."""
    return _INDENT.sub("\n", render_to_string(template, context))


def _context(state: PublicState, snapshot: PublicSnapshot, me: SeatView | None = None) -> dict:
    return {
        "state": state,
        "snap": snapshot,
        "token": state.token,
        "me": me,
        "my_row": snapshot.row_of(me.player) if me else None,
        "trigger": POLL_TRIGGER,
        "refresh": REFRESH_SECONDS,
        "clock_warn": CLOCK_WARN_SECONDS,
        "rotate": BOARD_ROTATE_SECONDS,
    }


#: This process's latest standings fragments (a version's never changes).
_fragments = LocalMemo(size=64)


def standings_html(state: PublicState) -> str:
    """The standings fragment every phone polls, rendered once per version
    (cached, with this process's memo in front), in the active language."""
    key = (
        f"public-html:{state.token}:{state.version}:{int(state.standings)}:"
        f"{get_language()}:{revision()}"
    )
    html = _fragments.get(key)
    if html is None:
        html = cache.get(key)
        if html is None:
            context = _context(state, public_snapshot(state))
            html = render_compact("public/party.html#standings", context)
            cache.set(key, html, SNAPSHOT_TTL)
        _fragments.set(key, html)
    return SafeString(html)


def _page(request: HttpRequest, state: PublicState, me: SeatView | None) -> HttpResponse:
    snapshot = public_snapshot(state)
    context = _context(state, snapshot, me)
    context["standings_etag"] = etag(state, "standings")
    if me is not None:
        context["seat_etag"] = etag(state, f"seat-{me.player}-hx")
    context["here"] = request.get_full_path()  # the language switcher comes back here
    return HttpResponse(render_compact("public/party.html", context))


@require_safe
def party_page(request: HttpRequest, token: str) -> HttpResponse:
    """The players' page; to htmx, its standings fragment."""
    state = _state(token)
    if wants_fragment(request):
        return _versioned(request, state, "standings", lambda: HttpResponse(standings_html(state)))
    return _versioned(request, state, "page", lambda: _page(request, state, None))


@require_safe
def player_seat(request: HttpRequest, token: str, player_id: int) -> HttpResponse:
    """One player's seat: the whole page with their row marked; to htmx, the seat card."""
    state = _state(token)
    fragment = wants_fragment(request)

    def render() -> HttpResponse:
        snapshot = public_snapshot(state)
        me = snapshot.seats.get(player_id)
        if me is None:
            raise Http404("No such player")
        if not fragment:
            return _page(request, state, me)
        return HttpResponse(render_compact("public/party.html#seat", _context(state, snapshot, me)))

    kind = f"seat-{player_id}-hx" if fragment else f"seat-{player_id}"
    return _versioned(request, state, kind, render)


def board_language(request: HttpRequest, state: PublicState) -> str:
    """The board's language: the one its address names (``?lang=``), else the
    one picked with the switcher in this browser (the language cookie), else
    the party's, whatever the browser's own language is; the players' phone
    pages follow the phone instead."""
    asked = request.GET.get("lang")
    if asked and asked in dict(settings.LANGUAGES):
        return asked
    chosen = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
    if chosen and chosen in dict(settings.LANGUAGES):
        return chosen
    return state.language if state.language in dict(settings.LANGUAGES) else get_language()


@require_safe
def board(request: HttpRequest, token: str) -> HttpResponse:
    """Everyone's table in large type, for a projector or TV; pages cycle by themselves.

    Shown in :func:`board_language`; its ETag names that language."""
    state = _state(token)
    language = board_language(request, state)
    with translation.override(language):
        response = _board(request, state)
    response.headers["Content-Language"] = language
    return response


def board_view_classes(request: HttpRequest) -> list[str]:
    """The reading-comfort classes the board's address asks for."""
    return [name for key, name in BOARD_VIEW_OPTIONS.items() if request.GET.get(key) == "1"]


def _without_language(request: HttpRequest) -> str:
    """This board's address without its ``lang``: where the language switcher
    comes back to, so that the language chosen there is the one shown."""
    query = request.GET.copy()
    query.pop("lang", None)
    return f"{request.path}?{query.urlencode()}" if query else request.path


def _board(request: HttpRequest, state: PublicState) -> HttpResponse:
    fragment = wants_fragment(request)
    classes = board_view_classes(request)
    kind = "board" + "".join(f"-{name}" for name in classes) + ("-hx" if fragment else "")

    def render() -> HttpResponse:
        snapshot = public_snapshot(state)
        seats = snapshot.board()
        context = _context(state, snapshot)
        context["seats"] = seats
        context["movement_view"] = bool(seats) and not snapshot.finished
        context["standings_view"] = bool(state.standings and snapshot.round and snapshot.rows)
        context["columns"] = board_columns(len(seats))
        context["standing_columns"] = board_columns(len(snapshot.rows))
        context["board_etag"] = etag(state, kind.removesuffix("-hx") + "-hx")
        context["board_url"] = request.get_full_path()  # the polls keep the address's options
        context["board_classes"] = " ".join(classes)
        context["here"] = _without_language(request)  # the language switcher comes back here
        name = "public/board.html#board" if fragment else "public/board.html"
        return HttpResponse(render_compact(name, context))

    return _versioned(request, state, kind, render)


def board_columns(count: int) -> int:
    """Columns the board's list takes on a wide screen."""
    return max(1, -(-count // BOARD_COLUMN_ROWS))


@require_safe
def qr_code(request: HttpRequest, token: str) -> HttpResponse:
    """The players' page link as a QR code (SVG)."""
    state = _state(token)
    url = public_url(request, token)
    return _versioned(
        request,
        state,
        "qr",
        lambda: HttpResponse(qr_svg_file(url), content_type="image/svg+xml; charset=utf-8"),
    )
