"""Who is asking: the client address that limits and lockouts count by."""

from __future__ import annotations

import ipaddress

from django.http import HttpRequest
from django.utils.crypto import salted_hmac


def client_ip(request: HttpRequest) -> str:
    """The address the request came from.

    The connection's own address (``REMOTE_ADDR``): a header such as
    ``X-Forwarded-For`` is set by whoever sends the request, so it is not
    believed. Behind a reverse proxy every client therefore shares the
    proxy's address."""
    return request.META.get("REMOTE_ADDR") or "unknown"


def client_key(request: HttpRequest) -> str:
    """A client's address as a stored key: an IPv6 client is its /64 network
    (one home or phone has a whole /64), and the address is kept as a keyed
    hash, not in clear."""
    address = client_ip(request)
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        network = address
    else:
        network = (
            str(ipaddress.ip_network(f"{ip}/64", strict=False)) if ip.version == 6 else str(ip)
        )
    return salted_hmac("pedroparty.clients.client_key", network).hexdigest()[:32]
