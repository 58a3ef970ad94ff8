"""pedroparty/links.py: every absolute link says an address a phone can
open: the base URL when set, else the LAN address rather than the loopback
the host's own browser used.

The LAN address comes through ``route_source_address``, replaced here: no
test depends on the machine's real network.
"""

from __future__ import annotations

import socket

import pytest
from django.test import RequestFactory

from pedroparty import links

LAN = "192.168.1.23"
TOKEN = "tok-abcdefgh12"


@pytest.fixture
def route(monkeypatch):
    """Sets what the kernel's route lookup answers."""
    answer = {"address": LAN}
    links.lan_address.cache_clear()
    monkeypatch.setattr(links, "route_source_address", lambda: answer["address"])
    yield answer
    links.lan_address.cache_clear()


def request_to(host: str, *, secure: bool = False):
    return RequestFactory().get("/", HTTP_HOST=host, secure=secure)


def test_the_lan_address_is_the_routes_source_address(route):
    assert links.lan_address() == LAN


@pytest.mark.parametrize("answer", [None, "127.0.0.1", "0.0.0.0", "not an address"])
def test_no_lan_address_when_the_machine_has_only_loopback(route, answer):
    route["address"] = answer
    assert links.lan_address() is None


def test_the_route_lookup_connects_a_udp_socket_and_sends_nothing(monkeypatch):
    """The documentation address is only connect()ed: no send, no TCP."""
    calls = []

    class Probe:
        def __init__(self, family, kind):
            calls.append(("socket", family, kind))

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return False

        def connect(self, address):
            calls.append(("connect", address))

        def getsockname(self):
            return (LAN, 50000)

        def __getattr__(self, name):  # send, sendto, ...: never
            raise AssertionError(f"the probe must not call {name}")

    monkeypatch.setattr(links.socket, "socket", Probe)
    assert links.route_source_address() == LAN
    assert calls == [
        ("socket", socket.AF_INET, socket.SOCK_DGRAM),
        ("connect", ("192.0.2.1", 9)),
    ]


def test_the_route_lookup_without_any_route_is_none(monkeypatch):
    class NoRoute:
        def __init__(self, *args):
            pass

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return False

        def connect(self, address):
            raise OSError(101, "Network is unreachable")

    monkeypatch.setattr(links.socket, "socket", NoRoute)
    assert links.route_source_address() is None


@pytest.mark.parametrize("host", ["127.0.0.1:8000", "localhost:8000", "[::1]:8000"])
def test_a_loopback_request_links_to_the_lan_address(route, settings, host):
    settings.PEDROPARTY_BASE_URL = None
    settings.ALLOWED_HOSTS = ["*"]
    url = links.absolute_url(request_to(host), "public:party", args=[TOKEN])
    assert url == f"http://{LAN}:8000/p/{TOKEN}/"


def test_loopback_stays_when_it_is_really_the_only_address(route, settings):
    route["address"] = None
    settings.PEDROPARTY_BASE_URL = None
    url = links.absolute_url(request_to("127.0.0.1:8000"), "public:party", args=[TOKEN])
    assert url == f"http://127.0.0.1:8000/p/{TOKEN}/"


def test_a_request_to_a_real_name_keeps_it(route, settings):
    settings.PEDROPARTY_BASE_URL = None
    settings.ALLOWED_HOSTS = ["pedro.example.org"]
    request = request_to("pedro.example.org", secure=True)
    url = links.absolute_url(request, "public:board", args=[TOKEN])
    assert url == f"https://pedro.example.org/p/{TOKEN}/board/"


def test_the_base_url_overrides_the_request_and_the_lan_address(route, settings):
    settings.PEDROPARTY_BASE_URL = "https://pedro.example.org"
    url = links.absolute_url(request_to("127.0.0.1:8000"), "play:seat", args=[TOKEN])
    assert url == f"https://pedro.example.org/play/s/{TOKEN}/"
    assert links.site_base(None) == "https://pedro.example.org"


def test_without_a_request_or_base_url_the_lan_address(route, settings):
    settings.PEDROPARTY_BASE_URL = None
    assert links.site_base(None) == f"http://{LAN}:8000"
