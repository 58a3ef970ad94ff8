"""An online table's seat links (and their QR codes) carry the LAN address
when the creator's browser is on the serving machine (pedroparty/links.py)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from pedroparty import links

from .builders import make_table

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_think")]

LAN = "10.0.0.5"


@pytest.fixture
def lan(monkeypatch):
    links.lan_address.cache_clear()
    monkeypatch.setattr(links, "route_source_address", lambda: LAN)
    yield LAN
    links.lan_address.cache_clear()


def test_seat_links_from_the_laptop_carry_the_lan_address(lan):
    table = make_table(("human", "heuristic", "human", "heuristic"))
    client = Client(HTTP_HOST="127.0.0.1:8000")
    page = client.get(reverse("play:manage", args=[table.creator_token])).content.decode()
    people = table.seats.filter(kind="human")
    for seat in people:
        assert f"http://{LAN}:8000{reverse('play:seat', args=[seat.token])}" in page
    assert "127.0.0.1" not in page


def test_seat_links_use_the_base_url(lan, settings):
    settings.PEDROPARTY_BASE_URL = "https://pedro.example.org"
    table = make_table(("human", "heuristic", "heuristic", "heuristic"))
    page = Client().get(reverse("play:manage", args=[table.creator_token])).content.decode()
    seat = table.seats.get(kind="human")
    assert f"https://pedro.example.org{reverse('play:seat', args=[seat.token])}" in page
