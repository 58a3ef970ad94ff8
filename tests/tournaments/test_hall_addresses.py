"""Every absolute address the site prints or encodes is the hall's.

The host opens each page from the laptop that serves the party, at
http://127.0.0.1:8000, while the hall's address is configured: every page,
QR code (read from a picture of it), printable and API document that holds
an absolute address must say the hall's, which the players' phones can
reach, and never the loopback the laptop used.
"""

from __future__ import annotations

import io
import re

import pytest
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from pedroparty import links
from pedroparty.celery import app
from scoring import services as play_services
from scoring.services import SeatSpec
from tests.pedroparty.qr_reader import pdf_pictures, read_codes, svg_codes
from tournaments import services
from tournaments.api import services as api_services
from tournaments.clubs.services import clubs as club_services
from tournaments.clubs.services import members as member_services
from tournaments.clubs.services import seasons as season_services
from tournaments.models import Document
from tournaments.tableside.services import party_tableside_set

from .builders import make_party

pytestmark = pytest.mark.django_db

HALL = "http://192.168.1.23:8000"
LAN = "10.9.8.7"  # what the machine's route says: the base URL wins over it

#: Absolute addresses in a page's text; the SVG namespace is a name, not a link.
ADDRESS = re.compile(r"""https?://[^\s"'<>()\\]+""")
NOT_LINKS = ("http://www.w3.org/",)


@pytest.fixture
def hall(settings, monkeypatch):
    """The hall's address is configured; the machine also has a LAN address."""
    settings.PEDROPARTY_BASE_URL = HALL
    settings.PLAY_BOT_DELAY_MS = 0
    links.lan_address.cache_clear()
    monkeypatch.setattr(links, "route_source_address", lambda: LAN)
    saved = app.conf.task_always_eager, app.conf.task_eager_propagates
    app.conf.task_always_eager = app.conf.task_eager_propagates = True
    yield HALL
    app.conf.task_always_eager, app.conf.task_eager_propagates = saved
    links.lan_address.cache_clear()


def addresses(text: str) -> list[str]:
    return [found for found in ADDRESS.findall(text) if not found.startswith(NOT_LINKS)]


def content(response) -> bytes:
    assert response.status_code == 200, response
    if response.streaming:
        return b"".join(response.streaming_content)
    return response.content


def printed(host, laptop, party, capture) -> bytes:
    """The table cards, asked for and downloaded from the laptop."""
    with capture(execute=True):
        laptop.post(
            reverse("host:documents", args=[party.slug]), {"kind": "table_cards", "paper": "a4"}
        )
    document = Document.objects.get(party=party, kind="table_cards")
    return content(laptop.get(reverse("host:document_download", args=[party.slug, document.pk])))


def test_every_page_printable_and_code_says_the_halls_address(
    host, hall, django_capture_on_commit_callbacks
):
    party = make_party(host, players=8)
    party_tableside_set(party=party, on=True, user=host)
    services.party_wifi_set(party=party, name="Parish Hall", password="pedro-night", user=host)
    services.round1_seat_draw(party=party, seed=3, user=host)
    club = club_services.club_create(name="Monterey Pedro Club", user=host)
    invitation = club_services.invitation_create(club=club, role="scorer", user=host)
    season = season_services.season_create(club=club, name="Autumn", best_of=None, user=host)
    member = member_services.member_for_name(club=club, name="Rosa Ferrante")
    table = play_services.table_create(
        seats=[SeatSpec(name, "human") for name in ("Ana", "Bea", "Cruz", "Dee")],
        ruleset="monterey-draw",
        deals=1,
        target=None,
        idle_seconds=120,
    )
    _token, secret = api_services.api_token_create(user=host, label="Results board")

    laptop = Client(HTTP_HOST="127.0.0.1:8000")
    laptop.force_login(host)
    reader = Client(HTTP_HOST="127.0.0.1:8000", HTTP_AUTHORIZATION=f"Bearer {secret}")
    party.refresh_from_db()
    pages = {
        "share": laptop.get(reverse("host:share", args=[party.slug])),
        "players' page QR": laptop.get(reverse("public:qr", args=[party.public_token])),
        "table QR codes": laptop.get(reverse("host:table_codes", args=[party.slug, 1])),
        "invitation": laptop.get(reverse("club:invitation", args=[club.slug, invitation.pk])),
        "season": laptop.get(reverse("club:season", args=[club.slug, season.pk])),
        "season QR": laptop.get(reverse("season_public:qr", args=[season.public_token])),
        "member": laptop.get(reverse("club:member", args=[club.slug, member.pk])),
        "API tokens": laptop.get(reverse("host:api_tokens")),
        "API standings": reader.get(reverse("api:party_standings", args=[party.public_token])),
        "API season": reader.get(reverse("api:season_standings", args=[season.public_token])),
        "online table": laptop.get(reverse("play:manage", args=[table.creator_token])),
    }
    said: dict[str, list[str]] = {}
    for name, response in pages.items():
        text = content(response).decode()
        said[name] = addresses(text) + svg_codes(text)

    pdf = printed(host, laptop, party, django_capture_on_commit_callbacks)
    text = "".join(
        "".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(pdf)).pages
    )
    pictures = pdf_pictures(pdf, dpi=150)
    said["table cards"] = addresses(text) + [
        code.text for picture in pictures for code in read_codes(picture)
    ]

    wifi = "WIFI:T:WPA;S:Parish Hall;P:pedro-night;;"
    elsewhere = {
        name: [found for found in found_all if not found.startswith(HALL + "/") and found != wifi]
        for name, found_all in said.items()
    }
    assert {name: found for name, found in elsewhere.items() if found} == {}
    # Each page said something to check: a page that printed no address
    # at all would pass the check above without proving anything.
    silent = {"API standings", "API season"}  # documents of standings, with no links
    assert [name for name, found in said.items() if not found and name not in silent] == []
    assert f"{HALL}/p/{party.public_token}/" in said["share"]
    assert wifi in said["share"] and wifi in said["table cards"]
    assert any(found.startswith(f"{HALL}/t/") for found in said["table QR codes"])
    assert any(found.startswith(f"{HALL}/t/") for found in said["table cards"])
    assert f"{HALL}/invite/{invitation.token}/" in said["invitation"]
