"""The players' page link, its QR code and the table cards carry an address
the phones can open: the base URL when set, else the LAN address, never
127.0.0.1 while the machine has a LAN address (pedroparty/links.py)."""

from __future__ import annotations

import io

import pytest
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from pedroparty import links
from pedroparty.celery import app
from tournaments import printing
from tournaments.models import Document, Party
from tournaments.views.common import qr_svg, qr_svg_file

from .builders import make_party

pytestmark = pytest.mark.django_db

LAN = "192.168.1.23"


@pytest.fixture
def lan(monkeypatch):
    """This machine is 192.168.1.23 on the hall's network (no real lookup)."""
    links.lan_address.cache_clear()
    monkeypatch.setattr(links, "route_source_address", lambda: LAN)
    yield LAN
    links.lan_address.cache_clear()


@pytest.fixture
def eager_tasks():
    saved = app.conf.task_always_eager, app.conf.task_eager_propagates
    app.conf.task_always_eager = app.conf.task_eager_propagates = True
    yield
    app.conf.task_always_eager, app.conf.task_eager_propagates = saved


@pytest.fixture
def party(host) -> Party:
    return make_party(host, players=8)


def on_the_laptop(user) -> Client:
    """The host's browser on the serving machine itself: http://127.0.0.1:8000."""
    client = Client(HTTP_HOST="127.0.0.1:8000")
    client.force_login(user)
    return client


def test_share_page_from_the_laptop_links_the_lan_address(host, party, lan):
    page = on_the_laptop(host).get(reverse("host:share", args=[party.slug])).content.decode()
    url = f"http://{LAN}:8000/p/{party.public_token}/"
    assert f'href="{url}"' in page
    assert str(qr_svg(url)) in page  # the QR code says the same address
    assert f"http://{LAN}:8000/p/{party.public_token}/board/" in page
    assert "127.0.0.1" not in page and "localhost" not in page


def test_share_page_uses_the_base_url(host, party, lan, settings):
    settings.PEDROPARTY_BASE_URL = "https://pedro.example.org"
    page = on_the_laptop(host).get(reverse("host:share", args=[party.slug])).content.decode()
    url = f"https://pedro.example.org/p/{party.public_token}/"
    assert f'href="{url}"' in page and str(qr_svg(url)) in page
    assert LAN not in page and "127.0.0.1" not in page


def test_the_qr_image_of_the_players_page_says_the_lan_address(party, lan):
    party.public_open = True
    party.save()
    response = Client(HTTP_HOST="localhost:8000").get(
        reverse("public:qr", args=[party.public_token])
    )
    assert response.status_code == 200
    svg = response.content.decode()
    assert svg == str(qr_svg_file(f"http://{LAN}:8000/p/{party.public_token}/"))


def test_table_cards_from_the_laptop_carry_the_lan_address(
    host, party, lan, eager_tasks, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        response = on_the_laptop(host).post(
            reverse("host:documents", args=[party.slug]), {"kind": "table_cards", "paper": "a4"}
        )
    assert response.status_code == 302
    document = Document.objects.get(party=party, kind="table_cards")
    url = f"http://{LAN}:8000/p/{party.public_token}/"
    assert document.options["public_url"] == url
    text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(bytes(document.content))).pages)
    printed = "".join(text.split())  # the address wraps under its code
    assert url in printed and "127.0.0.1" not in printed
    html, _step, _total = printing.build_html(party, "table_cards", document.options)
    assert str(printing.qr_svg(url)) in html


def test_table_cards_use_the_base_url(host, party, lan, settings, eager_tasks):
    settings.PEDROPARTY_BASE_URL = "http://pedro.lan:8080"
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "pedro.lan"]
    on_the_laptop(host).post(
        reverse("host:documents", args=[party.slug]), {"kind": "table_cards", "paper": "a4"}
    )
    document = Document.objects.get(party=party, kind="table_cards")
    assert document.options["public_url"] == f"http://pedro.lan:8080/p/{party.public_token}/"
