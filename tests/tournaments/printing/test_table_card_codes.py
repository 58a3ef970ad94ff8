"""The printed table cards scan: each page, rendered to a picture as a phone
camera sees it, holds every code a table needs (its table-side entry link,
the players' page, the hall's Wi-Fi) on both halves of the tent card, each
found by a real decoder at arm's length, with its quiet zone, and every link
on the hall's address even when the host asked from the laptop itself."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from pedroparty import links
from pedroparty.celery import app
from tests.pedroparty.qr_reader import unreadable_on_paper
from tests.tournaments.builders import make_party
from tournaments import services
from tournaments.game.wifi import wifi_payload
from tournaments.models import Document, TableRound
from tournaments.tableside.services import party_tableside_set

pytestmark = pytest.mark.django_db

LAN = "192.168.1.23"
WIFI = ("Parish Hall Guest", "pedro-night-2026")


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


def seated_party(host):
    """Two tables seated for round 1, table-side entry on, the hall's Wi-Fi set."""
    party = make_party(host, players=8)
    party_tableside_set(party=party, on=True, user=host)
    services.party_wifi_set(party=party, name=WIFI[0], password=WIFI[1], user=host)
    services.round1_seat_draw(party=party, seed=3, user=host)
    party.refresh_from_db()
    return party


def printed_cards(host, party, paper: str, capture) -> bytes:
    """The table cards asked for and downloaded from the host's own laptop."""
    laptop = Client(HTTP_HOST="127.0.0.1:8000")
    laptop.force_login(host)
    with capture(execute=True):
        laptop.post(
            reverse("host:documents", args=[party.slug]), {"kind": "table_cards", "paper": paper}
        )
    document = Document.objects.get(party=party, kind="table_cards")
    response = laptop.get(reverse("host:document_download", args=[party.slug, document.pk]))
    assert response.status_code == 200
    return b"".join(response.streaming_content) if response.streaming else response.content


def expected_codes(party, hall: str) -> list[list[str]]:
    """Each page's codes: a table's own entry link, the players' page and the
    Wi-Fi, once on each half of the card."""
    tokens = dict(
        TableRound.objects.filter(round__party=party, round__number=1).values_list(
            "table", "entry_token"
        )
    )
    public = f"{hall}/p/{party.public_token}/"
    wifi = wifi_payload(*WIFI)
    return [[f"{hall}/t/{tokens[table]}/", public, wifi] * 2 for table in sorted(tokens)]


@pytest.mark.parametrize(
    ("paper", "hall"),
    [
        ("letter", f"http://{LAN}:8000"),
        # A long address makes larger codes: they still fit the narrower paper.
        ("letter", "https://pedroparty.monterey-pedro-club.example.org"),
        ("a4", f"http://{LAN}:8000"),
    ],
)
def test_every_code_on_the_cards_scans_to_the_halls_address(
    host, lan, eager_tasks, settings, django_capture_on_commit_callbacks, paper, hall
):
    settings.PEDROPARTY_BASE_URL = hall
    party = seated_party(host)
    pdf = printed_cards(host, party, paper, django_capture_on_commit_callbacks)
    problems = unreadable_on_paper(pdf, expected_codes(party, hall))
    assert not problems, "\n".join(problems)


def test_without_a_base_url_the_cards_scan_to_the_lan_address(
    host, lan, eager_tasks, django_capture_on_commit_callbacks
):
    party = seated_party(host)
    pdf = printed_cards(host, party, "letter", django_capture_on_commit_callbacks)
    problems = unreadable_on_paper(pdf, expected_codes(party, f"http://{LAN}:8000"))
    assert not problems, "\n".join(problems)
