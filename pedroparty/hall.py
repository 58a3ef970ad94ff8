"""The hall's HTTPS (``make party``; pedroparty/hall_tls.py makes the certificates).

The site is served twice on the hall's network: over plain http on the
address every link and QR code carries, for the players' phones, which need
nothing installed; and over HTTPS (``PEDROPARTY_HALL_HTTPS_PORT``) for the
host's pages, where a tablet that trusts the hall's authority gets the
service worker that reopens the round's pages with the wifi down.

- :class:`HallHttpsMiddleware` sends the host's area (:data:`HOST_AREA`)
  from plain http to HTTPS, on the name the tablet used, except on this
  machine itself (loopback is a secure context already).  No HSTS: the
  players' pages stay on plain http.
- :func:`hall_ca_page` (plain http, on purpose) says how to trust the hall
  on a tablet once, and :func:`hall_ca_download` hands out the authority's
  certificate (``PEDROPARTY_HALL_CA``).  Both are 404 when the hall is not
  served over HTTPS.
"""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.core.exceptions import MiddlewareNotUsed
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_safe

from pedroparty.hall_tls import ca_der, ca_fingerprint
from pedroparty.links import absolute_url, hall_https_url

#: The paths of the host's area: pages, sign-in, admin, invitations and the
#: host's app (service worker, manifest).  Everything else is the players'.
HOST_AREA = ("/host/", "/accounts/", "/admin/", "/invite/", "/sw.js", "/manifest.webmanifest")
CA_FILE_NAME = "pedroparty-hall-ca.crt"


class HallHttpsMiddleware:
    """In hall mode with HTTPS: the host's area asked over plain http goes to HTTPS."""

    def __init__(self, get_response):
        self.port = getattr(settings, "PEDROPARTY_HALL_HTTPS_PORT", 0)
        if not self.port:
            raise MiddlewareNotUsed
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if not request.is_secure() and request.path.startswith(HOST_AREA):
            secure = hall_https_url(request, request.get_full_path(), port=self.port)
            if secure is not None:
                # Never a 301, which a browser keeps for ever, even on a night
                # served without HTTPS; a post keeps its method and body (307).
                response = HttpResponseRedirect(secure)
                if request.method not in ("GET", "HEAD"):
                    response.status_code = 307
                return response
        return self.get_response(request)


def _ca_path() -> Path:
    path = getattr(settings, "PEDROPARTY_HALL_CA", None)
    if not path or not Path(path).is_file():
        raise Http404("The hall is not served over HTTPS")
    return Path(path)


@require_safe
def hall_ca_page(request: HttpRequest) -> HttpResponse:
    """How to trust the hall's HTTPS on a tablet, once, with the certificate to download."""
    path = _ca_path()
    context = {
        "fingerprint": ca_fingerprint(path),
        "file_name": CA_FILE_NAME,
        "host_address": hall_https_url(
            request, reverse("login"), port=settings.PEDROPARTY_HALL_HTTPS_PORT
        )
        or absolute_url(request, "login"),
    }
    return render(request, "hall/ca.html", context)


@require_safe
def hall_ca_download(request: HttpRequest) -> HttpResponse:
    """The hall's certificate authority, in DER: what Android, iPadOS,
    ChromeOS and Windows install as a trusted authority."""
    response = HttpResponse(ca_der(_ca_path()), content_type="application/x-x509-ca-cert")
    response["Content-Disposition"] = f'attachment; filename="{CA_FILE_NAME}"'
    response["Cache-Control"] = "no-cache"
    return response
