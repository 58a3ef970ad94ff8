"""The players' page: the live score of a scorepad on their phones, read only."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.shortcuts import render
from django.utils import translation
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.views.decorators.http import require_GET

from .. import selectors


@require_GET
def scorepad_phone(request: HttpRequest, token: str) -> HttpResponse:
    """The score as it stands; htmx polls its ``score`` part, and a poll
    that finds the pad unchanged (its version, the language) gets a 304."""
    pad = selectors.scorepad_by_view_token(token=token)
    part = bool(request.htmx)
    etag = f'"pad-{pad.version}-{translation.get_language()}-{int(part)}"'
    if request.headers.get("If-None-Match") == etag:
        response: HttpResponse = HttpResponseNotModified()
    else:
        sheet = selectors.scorepad_sheet(pad)
        template = "scorepad/phone.html#score" if part else "scorepad/phone.html"
        response = render(request, template, {"sheet": sheet, "view_token": token})
    response["ETag"] = etag
    patch_cache_control(response, private=True, no_cache=True)
    patch_vary_headers(response, ("HX-Request", "Cookie"))
    return response
