"""Rendering a page that htmx also asks for in part.

A page's polled or swapped part is a ``{% partialdef %}`` inside the page's
template.  An htmx request gets that part alone, any other request the whole
page, so a response varies on the ``HX-Request`` header: a cache (the
browser's own, on Back) must never give the part for the page.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.cache import get_conditional_response, patch_vary_headers


def vary_on_htmx(response: HttpResponse) -> HttpResponse:
    """Add ``HX-Request`` to the response's ``Vary``, keeping what is there."""
    patch_vary_headers(response, ["HX-Request"])
    return response


def render_page(
    request: HttpRequest,
    template: str,
    context: dict,
    *,
    partial: str | None = None,
    status: int = 200,
) -> HttpResponse:
    """The page, or to an htmx request its ``partial`` (``template#partial``)."""
    name = f"{template}#{partial}" if partial and request.htmx else template
    return vary_on_htmx(render(request, name, context, status=status))


def versioned_response(
    request: HttpRequest, tag: str, render_page: Callable[[], HttpResponse]
) -> HttpResponse:
    """A public page polled by phones, at the version ``tag`` names: 304 when
    the client holds that version already (nothing rendered, no query), else
    ``render_page()``; the same caching headers either way (revalidate every
    time, not indexed, varying on ``HX-Request``)."""
    response = get_conditional_response(request, etag=tag)
    if response is None:
        response = render_page()
    response.headers["ETag"] = tag
    response.headers["Cache-Control"] = "no-cache"
    response.headers["X-Robots-Tag"] = "noindex"
    return vary_on_htmx(response)
