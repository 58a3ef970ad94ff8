"""The players' page: the live score of a scorepad on their phones, read only."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_GET

from .. import selectors


@require_GET
def scorepad_phone(request: HttpRequest, token: str) -> HttpResponse:
    """The score as it stands; htmx polls its ``score`` part."""
    pad = selectors.scorepad_by_view_token(token=token)
    sheet = selectors.scorepad_sheet(pad)
    template = "scorepad/phone.html#score" if request.htmx else "scorepad/phone.html"
    response = render(request, template, {"sheet": sheet, "view_token": token})
    patch_vary_headers(response, ("HX-Request",))
    return response
