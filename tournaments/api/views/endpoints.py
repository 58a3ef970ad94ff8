"""The read-only JSON API, version 1: a party's and a season's standings.

    GET /api/v1/parties/<public token>/standings
    GET /api/v1/seasons/<season token>/standings

docs/api.md ("Exports and the JSON API") shows both documents.  Field names
are stable English and never translated; v1 only ever gains fields (a
breaking change is v2, at its own address).

**Who may read what.**  Public data needs no token: a party whose players'
page is open *and* shows its standings, a season whose public page is open.
Anything else needs ``Authorization: Bearer <token>`` with an API token
(``ApiToken``, made on the host's tokens page) whose user may organise the
party (``party_capabilities``) or the season's club (``club_role``).

A season's public document leaves out the nights whose party hides its
standings (:mod:`tournaments.clubs.selectors.seasons`); an organiser's token reads
the organisers' table, with every night, under an ETag of its own.

* no token, or a token that is not one (unknown, revoked, its user switched
  off, not a Bearer header): 401, ``WWW-Authenticate: Bearer``.  A bad token
  is refused even for public data, so a client learns at once that its
  token no longer works;
* a valid token whose user may not organise it: 404, as for a token that
  names nothing, so a token does not tell which parties exist;
* an unknown party or season token: 404.

Every answer, errors too, is JSON.  Only GET and HEAD are served (anything
else: 405 with ``Allow``).

**Caching.**  A document is built once per party (season) version and kept
in Django's cache, with this process's small memo in front
(:mod:`tournaments.api.selectors.documents`); a party's
public state comes from ``tournaments.selectors.public.public_state``, so a public
party's conditional request (``If-None-Match``) costs no database query.
The ETag names the version and the API version; ``Cache-Control: no-cache``
(``private`` where a token was needed) makes clients ask again each time.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps

from django.http import HttpRequest, HttpResponse
from django.utils.cache import get_conditional_response, patch_vary_headers
from django.utils.translation import gettext
from django.views.decorators.csrf import csrf_exempt

from ...clubs.selectors.clubs import club_role, party_capabilities
from ...clubs.selectors.seasons import SeasonState, season_state
from ...game.roles import Can, grants
from ...selectors.public import PublicState, public_state
from .. import services as api_services
from ..selectors import documents as api_selectors
from ..selectors import tokens as token_selectors
from ..selectors.documents import API_VERSION

#: The methods served.
SAFE_METHODS = ("GET", "HEAD")


class ApiError(Exception):
    """An answer other than the document: its status, a stable code for
    programs and a sentence for people."""

    def __init__(self, status: int, code: str, message: str):
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


def _json(data: dict, status: int = 200) -> HttpResponse:
    body = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return HttpResponse(body, status=status, content_type="application/json; charset=utf-8")


def error_response(error: ApiError) -> HttpResponse:
    response = _json(
        {"api": API_VERSION, "error": {"code": error.code, "message": error.message}},
        status=error.status,
    )
    if error.status == 401:
        challenge = 'Bearer realm="pedroparty"'
        if error.code == "invalid_token":
            challenge += ', error="invalid_token"'
        response["WWW-Authenticate"] = challenge
    response["Cache-Control"] = "no-store"
    return response


def _not_found() -> ApiError:
    return ApiError(404, "not_found", gettext("There is nothing at this address."))


def api_view(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """GET and HEAD only (405 otherwise), every refusal as a JSON error, and
    ``Vary: Authorization`` on every answer.  No CSRF check: nothing here
    acts on a request, and a POST must get its 405, not a 403 page."""

    @csrf_exempt
    @wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        if request.method not in SAFE_METHODS:
            response = error_response(
                ApiError(405, "method_not_allowed", gettext("This API only reads: use GET."))
            )
            response["Allow"] = ", ".join(SAFE_METHODS)
        else:
            try:
                response = view(request, *args, **kwargs)
            except ApiError as error:
                response = error_response(error)
        patch_vary_headers(response, ["Authorization"])
        return response

    return wrapper


def bearer_user(request: HttpRequest):
    """The user of the request's ``Authorization: Bearer`` token; None when
    the request has no Authorization header; 401 for a token that is not one."""
    header = request.META.get("HTTP_AUTHORIZATION")
    if header is None:
        return None
    scheme, _, token = header.strip().partition(" ")
    token = token.strip()
    use = None
    if scheme.lower() == "bearer" and token and len(token) <= 200:
        use = token_selectors.api_token_holder(token=token)
    if use is None:
        raise ApiError(401, "invalid_token", gettext("The token is unknown or has been revoked."))
    api_services.api_token_used(use=use)
    return use.user


def _token_needed() -> ApiError:
    return ApiError(
        401,
        "token_required",
        gettext("This is not public: send an API token in the Authorization header."),
    )


def _answer(
    request: HttpRequest, tag: str, private: bool, body: Callable[[], bytes]
) -> HttpResponse:
    """304 when the client holds ``tag`` already, else the document."""
    response = get_conditional_response(request, etag=tag)
    if response is None:
        response = HttpResponse(body(), content_type="application/json; charset=utf-8")
    response["ETag"] = tag
    response["Cache-Control"] = "private, no-cache" if private else "no-cache"
    return response


# --------------------------------------------------------------------- parties


@dataclass(frozen=True)
class _PartyRead:
    """What a party's document is built from: its state and whether the
    request needed a token to see it."""

    state: PublicState
    private: bool


def _party_read(request: HttpRequest, token: str) -> _PartyRead:
    user = bearer_user(request)
    state = public_state(token)
    if state is None:
        raise _not_found()
    if state.open and state.standings:
        return _PartyRead(state, private=False)
    if user is None:
        raise _token_needed()
    party = api_selectors.party_row(party_id=state.party_id)
    if party is None or Can.ORGANISE not in party_capabilities(user=user, party=party):
        raise _not_found()
    return _PartyRead(PublicState.of(party), private=True)


def _party_bytes(state: PublicState) -> bytes:
    body = api_selectors.party_document_bytes(state)
    if body is None:  # deleted since its state was read
        raise _not_found()
    return body


@api_view
def party_standings(request: HttpRequest, token: str) -> HttpResponse:
    """A party's standings (public, or with a token of one of its organisers)."""
    read = _party_read(request, token)
    tag = f'"api{API_VERSION}-party-{read.state.version}"'
    return _answer(request, tag, read.private, lambda: _party_bytes(read.state))


# --------------------------------------------------------------------- seasons


@dataclass(frozen=True)
class _SeasonRead:
    """What a season's document is built from: its state and whether the
    request is an organiser's (the organisers' table, with every night)."""

    state: SeasonState
    private: bool


def _season_read(request: HttpRequest, token: str) -> _SeasonRead:
    user = bearer_user(request)
    state = season_state(token)
    if state is None:
        raise _not_found()
    if user is not None:
        season = api_selectors.season_row(season_id=state.season_id)
        if season is not None and Can.ORGANISE in grants(club_role(user=user, club=season.club_id)):
            return _SeasonRead(SeasonState.of(season), private=True)
    if state.open:
        return _SeasonRead(state, private=False)
    if user is None:
        raise _token_needed()
    raise _not_found()


@api_view
def season_standings(request: HttpRequest, token: str) -> HttpResponse:
    """A season's standings: public (the nights shown), or every night with
    a token of one of its club's organisers."""
    read = _season_read(request, token)
    whose = "-all" if read.private else ""
    tag = f'"api{API_VERSION}-season-{read.state.version}{whose}"'
    return _answer(
        request,
        tag,
        read.private,
        lambda: api_selectors.season_document_bytes(read.state, public=not read.private),
    )


# --------------------------------------------------------------------- the rest


@api_view
def root(request: HttpRequest) -> HttpResponse:
    """What this API serves, for a person who opens its address."""
    return _json(
        {
            "api": API_VERSION,
            "endpoints": [
                "parties/<public token>/standings",
                "seasons/<season token>/standings",
            ],
        }
    )


@api_view
def unknown(request: HttpRequest) -> HttpResponse:
    """Any other address under the API: a JSON 404."""
    raise _not_found()
