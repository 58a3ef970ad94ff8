"""Who is asking: the client address that limits and lockouts count by."""

from __future__ import annotations

import ipaddress

from django.http import HttpRequest
from django.utils.crypto import salted_hmac


def client_ip(request: HttpRequest) -> str | None:
    """The address the request came from, or None if it has none (a request
    made in code, as the test client's sign-in is).

    The connection's own address (``REMOTE_ADDR``): a header such as
    ``X-Forwarded-For`` is set by whoever sends the request, so it is not
    believed. Behind a reverse proxy every client therefore shares the
    proxy's address."""
    try:
        return str(ipaddress.ip_address(request.META.get("REMOTE_ADDR", "")))
    except ValueError:
        return None


def client_key(request: HttpRequest) -> str:
    """A client's address as a stored key: an IPv6 client is its /64 network
    (one home or phone has a whole /64), and the address is kept as a keyed
    hash, not in clear."""
    address = client_ip(request)
    if address is None:
        network = "unknown"
    elif ipaddress.ip_address(address).version == 6:
        network = str(ipaddress.ip_network(f"{address}/64", strict=False))
    else:
        network = address
    return salted_hmac("pedroparty.clients.client_key", network).hexdigest()[:32]
