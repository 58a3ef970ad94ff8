"""Guessing private links, slowed.

Every route whose address carries a secret token (``<token:token>``: the
players' page and its board, a season's and a member's page, an invitation,
a table's link, an online seat's or table's link, the API's parties and
seasons) is a door a scan could knock on.  The tokens are far too long to
guess, but a client that keeps knocking is told to stop and is logged:

* Only misses count: a 404 of a token route, once per token, for the
  client's address (``pedroparty.clients.client_key``: an IPv6 client by its
  /64).  A hall where every phone shares the router's address reads pages
  that exist, and a phone polling a page taken down counts once.
* Past ``TOKEN_MISSES_PER_CLIENT`` different tokens missed in a window of
  ``TOKEN_MISS_WINDOW_SECONDS``, the client's misses answer 429 with
  ``Retry-After`` (the seconds left in the window), and the client is logged
  once per window.  Pages that exist are never refused: a hall is never shut
  out of its party by one scanning phone.
* The counts live in the shared cache (Redis), so every web process adds to
  the same count; while Redis does not answer nothing is counted and misses
  answer 404 (the cache fails open, ``pedroparty.outage``).
"""

from __future__ import annotations

import hashlib
import logging
import math
import time

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import ngettext

from tournaments.api.views.endpoints import ApiError, error_response

from .clients import client_ip, client_key
from .outage import REDIS_ERRORS

logger = logging.getLogger(__name__)


def is_token_route(request: HttpRequest) -> bool:
    """Whether the request's route carries a secret token in its address."""
    match = request.resolver_match
    return match is not None and "token" in match.kwargs


class TokenGuessMiddleware:
    """Answer 429 to a client that has missed too many token links lately."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if response.status_code != 404 or not is_token_route(request):
            return response
        limit = settings.TOKEN_MISSES_PER_CLIENT
        if limit < 1:
            return response
        wait = token_miss_count(request, limit=limit)
        return response if wait is None else _refusal(request, wait)


def token_miss_count(request: HttpRequest, *, limit: int) -> int | None:
    """Count the request's token as missed by its client in this window.

    The seconds until the window ends if the client has now missed more than
    ``limit`` different tokens in it, else None (and None while the cache
    does not answer)."""
    window = settings.TOKEN_MISS_WINDOW_SECONDS
    now = time.time()
    index = int(now // window)
    left = max(1, math.ceil((index + 1) * window - now))
    count_key = f"guess:{client_key(request)}:{index}"
    token = request.resolver_match.kwargs["token"]
    seen_key = f"{count_key}:{hashlib.sha256(token.encode()).hexdigest()[:16]}"
    try:
        if cache.add(seen_key, True, timeout=left):
            cache.add(count_key, 0, timeout=left)
            count = cache.incr(count_key)
            if count == limit + 1:
                logger.warning(
                    "Token links: %s missed %d different ones within %d s (last: %s); "
                    "its misses answer 429 for %d s",
                    client_ip(request) or "a client without an address",
                    count,
                    window,
                    request.resolver_match.view_name,
                    left,
                )
        else:
            count = cache.get(count_key, 0)
    except (*REDIS_ERRORS, ValueError):
        # Redis went away between two calls, or the count expired under us.
        return None
    return left if count > limit else None


def _refusal(request: HttpRequest, wait: int) -> HttpResponse:
    minutes = math.ceil(wait / 60)
    message = ngettext(
        "Too many wrong links from this address. Please try again in %(minutes)d minute.",
        "Too many wrong links from this address. Please try again in %(minutes)d minutes.",
        minutes,
    ) % {"minutes": minutes}
    if request.resolver_match.namespace == "api":
        response = error_response(ApiError(429, "too_many_misses", message))
    else:
        response = render(request, "429.html", {"message": message}, status=429)
    response["Retry-After"] = str(wait)
    response["Cache-Control"] = "no-store"
    return response
