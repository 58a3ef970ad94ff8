"""Who is asking: the client address that limits and lockouts count by."""

from __future__ import annotations

import ipaddress

from django.conf import settings
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


#: The sign-in attempts table's username column (django-axes).
ATTEMPT_USERNAME_MAX = 255


def client_username(request: HttpRequest, credentials: dict | None = None) -> str | None:
    """The username a sign-in was tried with, as the failed attempts count it
    (django-axes' ``AXES_USERNAME_CALLABLE``).

    As typed, except that what no account's name can hold and the attempts
    table cannot store is made storable: a NUL byte (PostgreSQL refuses it
    in text) is written ``\\x00`` and a name longer than the column is cut
    to its length.  No account has such a name, so the attempt is refused
    as any wrong one is, and still counts against the client's address."""
    source = credentials if credentials else getattr(request, "POST", {})
    username = source.get(settings.AXES_USERNAME_FORM_FIELD)
    if not isinstance(username, str):
        return None
    return username.replace("\x00", "\\x00")[:ATTEMPT_USERNAME_MAX]


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
