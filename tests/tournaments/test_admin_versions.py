"""A change made in the Django admin shows on the players' page and marks printouts stale.

Every admin save or delete of a row the players' page or a printout shows
(the party, its players, its prizes) bumps the party's version, as the
services do, and is audited.  The admin is driven as a browser drives it:
its own change form, read from the page and posted back with one change.
"""

from __future__ import annotations

import html

import pytest
from django.test import Client
from django.urls import reverse

from tournaments import printing, services
from tournaments.models import AuditEntry, Party, Player, Prize
from tournaments.selectors import public as public_selectors

from .admin_forms import admin_form
from .builders import make_party

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff(django_user_model):
    return django_user_model.objects.create_superuser("boss", password="pw-admin-123")


@pytest.fixture
def admin(staff) -> Client:
    client = Client()
    client.force_login(staff)
    return client


@pytest.fixture
def seated(host) -> Party:
    party = make_party(host, players=8)
    services.round1_seat_draw(party=party, seed=7, user=host)
    party.refresh_from_db()
    return party


@pytest.fixture(autouse=True)
def fresh_memos():
    public_selectors.forget_local()


def players_page(party: Party) -> str:
    return html.unescape(Client().get(f"/p/{party.public_token}/").content.decode())


def version(party: Party) -> int:
    return Party.objects.values_list("version", flat=True).get(pk=party.pk)


def test_renaming_a_player_in_the_admin_shows_on_the_players_page(
    admin, seated, django_capture_on_commit_callbacks
):
    player = seated.players.get(name="Zoë")
    assert "Zoë" in players_page(seated)
    before = version(seated)
    url = reverse("admin:tournaments_player_change", args=[player.pk])
    data = admin_form(admin, url) | {"name": ["Zoë Martin"]}
    with django_capture_on_commit_callbacks(execute=True):
        response = admin.post(url, data)
    assert response.status_code == 302
    assert version(seated) == before + 1
    page = players_page(seated)
    assert "Zoë Martin" in page
    entry = AuditEntry.objects.filter(party=seated, action="admin_change").get()
    assert "Zoë Martin" in entry.summary and "name" in entry.summary


def test_renaming_a_player_in_the_party_admin_marks_earlier_printouts_stale(
    admin, seated, django_capture_on_commit_callbacks
):
    printing.document_request(party=seated, kind="score_sheets", options={}, user=None)
    assert not any(line.stale for line in printing.document_list(seated))
    before = version(seated)
    url = reverse("admin:tournaments_party_change", args=[seated.pk])
    data = admin_form(admin, url)
    index = next(k for k, v in data.items() if k.startswith("players-") and v == ["Zoë"])
    data[index] = ["Zoe"]
    data["name"] = ["Autumn Card Party"]
    with django_capture_on_commit_callbacks(execute=True):
        response = admin.post(url, data)
    assert response.status_code == 302, response.content.decode()[:2000]
    assert version(seated) == before + 1  # one bump for the party and its inline
    assert Player.objects.filter(party=seated, name="Zoe").exists()
    assert all(line.stale for line in printing.document_list(seated))
    page = players_page(seated)
    assert "Autumn Card Party" in page and "Zoe" in page and "Zoë" not in page


def test_renaming_or_deleting_a_prize_in_the_admin_bumps_the_version(admin, seated):
    prize = seated.prizes.get(name="Wine")
    before = version(seated)
    url = reverse("admin:tournaments_prize_change", args=[prize.pk])
    assert admin.post(url, admin_form(admin, url) | {"name": ["Red wine"]}).status_code == 302
    assert version(seated) == before + 1
    delete = reverse("admin:tournaments_prize_delete", args=[prize.pk])
    assert admin.post(delete, {"post": "yes"}).status_code == 302
    assert not Prize.objects.filter(pk=prize.pk).exists()
    assert version(seated) == before + 2


def test_deleting_players_in_bulk_in_the_admin_bumps_each_party_once(admin, host):
    party = make_party(host, players=3)
    before = version(party)
    ids = [str(pk) for pk in party.players.values_list("pk", flat=True)[:2]]
    response = admin.post(
        reverse("admin:tournaments_player_changelist"),
        {"action": "delete_selected", "_selected_action": ids, "post": "yes"},
    )
    assert response.status_code == 302
    assert party.players.count() == 1
    assert version(party) == before + 1


def test_an_admin_save_that_changes_nothing_keeps_the_version(admin, seated):
    player = seated.players.get(name="Ana")
    before = version(seated)
    url = reverse("admin:tournaments_player_change", args=[player.pk])
    assert admin.post(url, admin_form(admin, url)).status_code == 302
    assert version(seated) == before
    assert not AuditEntry.objects.filter(party=seated, action="admin_change").exists()
