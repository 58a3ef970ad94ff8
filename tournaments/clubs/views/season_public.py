"""The public season page, at /s/<public token>/: no sign-in, 404 while closed.

As the players' page (:mod:`.public`): every response carries an ETag made
of the season's version, what is asked for, the page's language and the
revision of the public templates, with ``Cache-Control: no-cache`` and
``Vary: HX-Request``.  A phone's poll whose If-None-Match still matches is
answered 304 from the cached season state alone, without a database query
(:func:`club_selectors.season_state`).  When the version moved on, the page is
rendered from that version's cached table, and the standings fragment
every phone polls is itself cached per version and language.
"""

from __future__ import annotations

from collections.abc import Callable

from django.core.cache import cache
from django.http import Http404, HttpRequest, HttpResponse
from django.utils.safestring import SafeString
from django.utils.translation import get_language
from django.views.decorators.http import require_safe

from pedroparty.htmx import versioned_response
from pedroparty.links import absolute_url
from pedroparty.memo import LocalMemo

from ...views.common import qr_svg_file

# The players' page's polling, markup compaction and revision: the season
# page is polled by the same script, from the same template folder.
from ...views.public import POLL_TRIGGER, REFRESH_SECONDS, render_compact, revision, wants_fragment
from ..selectors import SeasonState, season_state, season_table_at
from ..selectors.seasons import TABLE_TTL


def etag(state: SeasonState, kind: str) -> str:
    """The response's ETag: the version, the part, the language, the markup."""
    return f'"s{state.version}-{kind}-{get_language()}-{revision()}"'


def _state(token: str) -> SeasonState:
    state = season_state(token)
    if state is None or not state.open:
        raise Http404("No such page")
    return state


def _versioned(
    request: HttpRequest, state: SeasonState, kind: str, render: Callable[[], HttpResponse]
) -> HttpResponse:
    """The page at ``state``'s version: 304 when the client holds it already."""
    return versioned_response(request, etag(state, kind), render)


def _context(state: SeasonState) -> dict:
    table = season_table_at(season_id=state.season_id, token=state.token, version=state.version)
    return {
        "state": state,
        "table": table,
        "token": state.token,
        "trigger": POLL_TRIGGER,
        "refresh": REFRESH_SECONDS,
    }


#: This process's latest standings fragments (a version's never changes).
_fragments = LocalMemo(size=64)


def standings_html(state: SeasonState) -> str:
    """The standings fragment every phone polls, rendered once per version
    and language (cached, with this process's memo in front)."""
    key = f"season-html:{state.token}:{state.version}:{get_language()}:{revision()}"
    html = _fragments.get(key)
    if html is None:
        html = cache.get(key)
        if html is None:
            html = render_compact("clubs/season_public.html#standings", _context(state))
            cache.set(key, html, TABLE_TTL)
        _fragments.set(key, html)
    return SafeString(html)


@require_safe
def season_page(request: HttpRequest, token: str) -> HttpResponse:
    """The season's standings and nights; to htmx, its standings fragment."""
    state = _state(token)
    if wants_fragment(request):
        return _versioned(request, state, "standings", lambda: HttpResponse(standings_html(state)))

    def render() -> HttpResponse:
        context = _context(state)
        context["standings_etag"] = etag(state, "standings")
        context["here"] = request.get_full_path()  # the language switcher comes back here
        return HttpResponse(render_compact("clubs/season_public.html", context))

    return _versioned(request, state, "page", render)


@require_safe
def qr_code(request: HttpRequest, token: str) -> HttpResponse:
    """The season page's link as a QR code (SVG)."""
    state = _state(token)
    url = absolute_url(request, "season_public:page", args=[token])
    return _versioned(
        request,
        state,
        "qr",
        lambda: HttpResponse(qr_svg_file(url), content_type="image/svg+xml; charset=utf-8"),
    )
