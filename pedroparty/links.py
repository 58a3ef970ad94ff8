"""Absolute links: the one place that turns a route into an address to share.

Players open the links and QR codes on their phones, so an address must be
one a phone can reach. In order:

1. ``PEDROPARTY_BASE_URL`` when it is set (a hosted site behind a proxy, or
   the address `make party` found): it replaces the scheme and host.
2. Otherwise the address the request came in on, except that a loopback
   host (127.0.0.1, localhost: the host's own browser) is replaced by the
   machine's LAN address, with the same port, when it has one.

``lan_address()`` finds the LAN address without sending anything: the
kernel picks the route for a UDP socket's ``connect()`` to a documentation
address, and no packet leaves (UDP has no handshake).
"""

from __future__ import annotations

import ipaddress
import socket
from functools import lru_cache
from urllib.parse import urlsplit

from django.conf import settings
from django.http import HttpRequest
from django.urls import reverse

#: TEST-NET-1 (RFC 5737): never routed, and nothing is sent to it anyway.
_PROBE_ADDRESS = ("192.0.2.1", 9)
_LOOPBACK_NAMES = ("localhost", "localhost.localdomain", "ip6-localhost")


def route_source_address() -> str | None:
    """The source address the kernel would use for the default route (no
    packet is sent), or None when there is no route at all."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(_PROBE_ADDRESS)
            return probe.getsockname()[0]
    except OSError:
        return None


def _usable(address: str | None) -> bool:
    if not address:
        return False
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return not (ip.is_loopback or ip.is_unspecified or ip.is_multicast)


@lru_cache(maxsize=1)
def lan_address() -> str | None:
    """This machine's address on its local network, or None when it has only
    loopback (no network at all). Cached: read once per process."""
    address = route_source_address()
    return address if _usable(address) else None


def is_loopback_host(host: str) -> bool:
    """Whether ``host`` (a name or an IP address, no port) is this machine only."""
    host = host.strip("[]").lower()
    if host in _LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def site_base(request: HttpRequest | None = None) -> str:
    """The scheme, host and port every absolute link starts with (no slash at
    the end). Without a request and without PEDROPARTY_BASE_URL, the LAN
    address (or 127.0.0.1) on port 8000."""
    base = getattr(settings, "PEDROPARTY_BASE_URL", None)
    if base:
        return base.rstrip("/")
    if request is None:
        return f"http://{lan_address() or '127.0.0.1'}:8000"
    scheme = request.scheme
    host = request.get_host()
    parts = urlsplit(f"{scheme}://{host}")
    if is_loopback_host(parts.hostname or ""):
        lan = lan_address()
        if lan is not None:
            port = f":{parts.port}" if parts.port else ""
            return f"{scheme}://{lan}{port}"
    return f"{scheme}://{host}"


def absolute_url(request: HttpRequest | None, viewname: str, *, args=None, kwargs=None) -> str:
    """The absolute address of the route ``viewname``, for a link or a QR code
    that someone else's phone opens."""
    return site_base(request) + reverse(viewname, args=args, kwargs=kwargs)


def hall_https_url(request: HttpRequest | None, path: str, *, port: int) -> str | None:
    """``path`` over the hall's HTTPS on ``port`` (pedroparty/hall.py): on the
    host name the request came in on, which the tablet's certificate names,
    or without a request on the base URL's.  None for a request to this
    machine itself, a secure context already."""
    if request is None:
        host = urlsplit(site_base()).hostname or ""
    else:
        host = urlsplit("//" + request.get_host()).hostname or ""
        if is_loopback_host(host):
            return None
    if ":" in host:
        host = f"[{host}]"  # an IPv6 address
    return f"https://{host}:{port}{path}"
