"""The hall's Wi-Fi: the host enters it on the share screen, the share
screen and the table cards carry a join-the-Wi-Fi QR code, the party file
keeps it, and no public page ever shows the password."""

from __future__ import annotations

import io

import pytest
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from pedroparty.celery import app
from tournaments import printing
from tournaments.game.wifi import WifiProblem, wifi_check, wifi_escape, wifi_payload
from tournaments.models import AuditEntry, Document, Party
from tournaments.partyfile import PartyFileError, party_dump, party_load
from tournaments.selectors import public as public_selectors
from tournaments.views.share import wifi_qr_svg

from .builders import make_party

PASSWORD = "Cards;and,wine:2026"
NAME = 'Parish "Hall"'


# --------------------------------------------------------------------- the payload


def test_the_payload_escapes_backslash_semicolon_comma_colon_and_quote():
    assert wifi_escape('a\\b;c,d:e"f') == 'a\\\\b\\;c\\,d\\:e\\"f'
    assert wifi_payload(NAME, PASSWORD) == (
        'WIFI:T:WPA;S:Parish \\"Hall\\";P:Cards\\;and\\,wine\\:2026;;'
    )


def test_an_open_network_has_no_password_in_its_payload():
    assert wifi_payload("Hall guests", "") == "WIFI:T:nopass;S:Hall guests;;"


@pytest.mark.parametrize(
    ("name", "password", "field", "code"),
    [
        ("", "secret-words", "wifi_name", "no_name"),
        ("x" * 33, "", "wifi_name", "name_long"),
        ("é" * 17, "", "wifi_name", "name_long"),  # 34 bytes
        ("Hall\nguests", "", "wifi_name", "name_unprintable"),
        ("Hall", "short", "wifi_password", "password_length"),
        ("Hall", "p" * 64, "wifi_password", "password_length"),
        ("Hall", "mot-de-passé", "wifi_password", "password_characters"),
    ],
)
def test_names_and_passwords_wifi_cannot_use_are_refused(name, password, field, code):
    with pytest.raises(WifiProblem) as problem:
        wifi_check(name, password)
    assert (problem.value.field, problem.value.code) == (field, code)


def test_what_wifi_accepts():
    for name, password in [("", ""), ("Hall", ""), ("é" * 16, "x" * 63), (NAME, PASSWORD)]:
        wifi_check(name, password)


# --------------------------------------------------------------------- the share screen


@pytest.fixture
def party(host) -> Party:
    return make_party(host, players=8)


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def wifi_set(client: Client, party: Party, name: str, password: str):
    return client.post(
        reverse("host:share_wifi", args=[party.slug]),
        {"wifi_name": name, "wifi_password": password},
    )


@pytest.mark.django_db
def test_the_host_sets_the_wifi_and_sees_its_qr_code_and_password(host, party):
    client = signed_in(host)
    response = wifi_set(client, party, NAME, PASSWORD)
    assert response.status_code == 302
    party.refresh_from_db()
    assert (party.wifi_name, party.wifi_password) == (NAME, PASSWORD)
    page = client.get(reverse("host:share", args=[party.slug])).content.decode()
    assert str(wifi_qr_svg(wifi_payload(NAME, PASSWORD))) in page
    assert "Cards;and,wine:2026" in page and "Parish &quot;Hall&quot;" in page
    audit = AuditEntry.objects.filter(party=party, action="party_wifi_set").get()
    assert PASSWORD not in f"{audit.summary} {audit.before} {audit.after}"


@pytest.mark.django_db
def test_a_bad_password_is_refused_with_a_message_and_changes_nothing(host, party):
    client = signed_in(host)
    wifi_set(client, party, "Hall", "good-password")
    party.refresh_from_db()
    version = party.version
    response = wifi_set(client, party, "Hall", "short")
    assert response.status_code == 400
    assert "A Wi-Fi password is 8 to 63 characters." in response.content.decode()
    party.refresh_from_db()
    assert (party.wifi_name, party.wifi_password, party.version) == (
        "Hall",
        "good-password",
        version,
    )


@pytest.mark.django_db
def test_emptying_the_name_and_password_removes_the_wifi(host, party):
    client = signed_in(host)
    wifi_set(client, party, "Hall", "good-password")
    wifi_set(client, party, "", "")
    party.refresh_from_db()
    assert (party.wifi_name, party.wifi_password) == ("", "")
    page = client.get(reverse("host:share", args=[party.slug])).content.decode()
    assert 'class="qr-wifi"' not in page


@pytest.mark.django_db
def test_another_host_cannot_set_the_wifi(party, other_host):
    response = wifi_set(signed_in(other_host), party, "Intruder", "intruder-pw")
    assert response.status_code == 404
    party.refresh_from_db()
    assert party.wifi_name == ""


@pytest.mark.django_db
def test_the_password_is_never_on_a_public_page(host, party):
    from tournaments import services

    wifi_set(signed_in(host), party, NAME, PASSWORD)
    services.round1_seat_draw(party=party, seed=3, user=host)
    public_selectors.forget_local()
    player = party.players.first()
    token = party.public_token
    phone = Client()
    pages = [
        reverse("public:party", args=[token]),
        reverse("public:seat", args=[token, player.pk]),
        reverse("public:board", args=[token]),
        reverse("public:qr", args=[token]),
    ]
    for url in pages:
        for headers in ({}, {"HTTP_HX_REQUEST": "true"}):
            response = phone.get(url, **headers)
            assert response.status_code == 200, url
            body = response.content.decode()
            assert PASSWORD not in body and "Cards" not in body, url
            assert "WIFI:" not in body, url


# --------------------------------------------------------------------- table cards


@pytest.fixture
def eager_tasks():
    saved = app.conf.task_always_eager, app.conf.task_eager_propagates
    app.conf.task_always_eager = app.conf.task_eager_propagates = True
    yield
    app.conf.task_always_eager, app.conf.task_eager_propagates = saved


@pytest.mark.django_db
def test_table_cards_carry_the_wifi_qr_beside_the_players_page(
    host, party, eager_tasks, django_capture_on_commit_callbacks
):
    client = signed_in(host)
    documents = reverse("host:documents", args=[party.slug])
    with django_capture_on_commit_callbacks(execute=True):
        client.post(documents, {"kind": "table_cards", "paper": "letter"})
    without = Document.objects.get(party=party, kind="table_cards")
    wifi_set(client, party, NAME, PASSWORD)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(documents, {"kind": "table_cards", "paper": "letter"})
    cards = Document.objects.filter(party=party, kind="table_cards").exclude(pk=without.pk).get()
    text = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(bytes(cards.content))).pages)
    assert "Join the Wi-Fi" in text and PASSWORD in text and NAME in text
    party.refresh_from_db()
    html, _step, _total = printing.build_html(party, "table_cards", cards.options)
    assert str(printing.qr_svg(wifi_payload(NAME, PASSWORD))) in html
    assert str(printing.qr_svg(cards.options["public_url"])) in html
    assert html.count("<svg") == 8  # 2 tables, 2 sides, 2 codes each
    old = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(bytes(without.content))).pages)
    assert "Wi-Fi" not in old


# --------------------------------------------------------------------- party file


@pytest.mark.django_db
def test_the_party_file_keeps_the_wifi(host, party):
    assert "wifi" not in party_dump(party)  # unset: not written
    wifi_set(signed_in(host), party, NAME, PASSWORD)
    party.refresh_from_db()
    data = party_dump(party)
    assert data["wifi"] == {"name": NAME, "password": PASSWORD}
    copy = party_load(data, owner=host)
    assert (copy.wifi_name, copy.wifi_password) == (NAME, PASSWORD)


@pytest.mark.django_db
@pytest.mark.parametrize(
    "wifi",
    [
        "Hall",
        {"password": "good-password"},
        {"name": "Hall", "password": 12345678},
        {"name": "Hall", "pass": "good-password"},
        {"name": "Hall", "password": "short"},
    ],
)
def test_a_bad_wifi_in_a_party_file_is_refused(host, party, wifi):
    data = party_dump(party)
    data["wifi"] = wifi
    count = Party.objects.count()
    with pytest.raises(PartyFileError) as error:
        party_load(data, owner=host)
    assert error.value.field == "wifi"
    assert Party.objects.count() == count
