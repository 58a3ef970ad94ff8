"""The party's language: chosen when the party is created (the host's
language by default), changed on the players' page screen; the printouts are
written in it, the board shows it unless its browser picked another, the
phones follow their own; the audit trail stores English whatever the host
reads."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import translation
from django.utils.functional import Promise
from django.utils.translation import get_language

from tournaments import printing, services
from tournaments.errors import UserError
from tournaments.forms import PartyForm, PartyLanguageForm
from tournaments.game import movement
from tournaments.models import AuditEntry, Party
from tournaments.printing import pages, rendering
from tournaments.selectors import public as public_selectors

from .builders import make_party

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_memos():
    public_selectors.forget_local()


# ------------------------------------------------------------ the field, the form


def test_a_party_takes_the_language_active_when_it_is_created(host):
    assert make_party(host, players=0).language == "en"
    with translation.override("es"):
        assert make_party(host, players=0).language == "es"
    assert make_party(host, players=0, language="fr").language == "fr"


def test_a_language_the_site_does_not_speak_is_refused(host):
    with pytest.raises(UserError) as caught:
        make_party(host, players=0, language="de")
    assert "language" in caught.value.errors
    party = make_party(host, players=0)
    with pytest.raises(UserError):
        services.party_language_set(party=party, language="xx", user=host)


def test_the_party_form_offers_the_site_languages_starting_from_the_active_one():
    with translation.override("fr"):
        form = PartyForm()
        assert form["language"].value() == "fr"
    assert [code for code, _name in form.fields["language"].choices] == [
        code for code, _name in settings.LANGUAGES
    ]
    assert isinstance(form.fields["language"].label, Promise)  # translated when shown


def test_the_new_party_page_stores_the_language_chosen(host, client: Client):
    client.force_login(host)
    page = client.get(reverse("host:party_create"))
    assert 'name="language"' in page.content.decode()
    response = client.post(
        reverse("host:party_create"),
        {
            "name": "Fiesta",
            "date": "2026-05-02",
            "ruleset": "monterey-draw",
            "movement": "up_down",
            "sitout_credit": "average",
            "planned_rounds": 6,
            "deals_per_round": 4,
            "language": "es",
        },
    )
    assert response.status_code == 302
    assert Party.objects.get(name="Fiesta").language == "es"


def test_the_host_changes_the_language_on_the_share_screen(host, client: Client):
    party = make_party(host, players=0)
    client.force_login(host)
    share = client.get(reverse("host:share", args=[party.slug])).content.decode()
    assert reverse("host:share_language", args=[party.slug]) in share
    version = party.version
    response = client.post(reverse("host:share_language", args=[party.slug]), {"language": "fr"})
    assert response.status_code == 302
    party.refresh_from_db()
    assert party.language == "fr" and party.version > version
    assert not PartyLanguageForm({"language": "de"}).is_valid()


# ------------------------------------------------------------------ printouts


def test_an_es_partys_printout_is_rendered_in_spanish_whoever_asks(host, monkeypatch):
    party = make_party(host, players=8, language="es")
    services.round1_seat_draw(party=party, seed=3, user=host)
    seen: list[str] = []
    builder = printing.BUILDERS["standings"]

    def spying(party, options):
        seen.append(get_language())
        return builder(party, options)

    monkeypatch.setitem(pages.BUILDERS, "standings", spying)
    options = printing.document_options(party, "standings", {"paper": "letter"})
    with translation.override("en"):
        html, _step, _total = pages.build_html(party, "standings", options)
        assert get_language() == "en"  # the host's own language is back afterwards
    assert seen == ["es"]
    assert '<html lang="es">' in html


def test_the_render_task_feeds_weasyprint_the_partys_language(host, monkeypatch):
    party = make_party(host, players=8, language="fr")
    services.round1_seat_draw(party=party, seed=3, user=host)
    fed: list[str] = []
    monkeypatch.setattr(rendering, "html_to_pdf", lambda html: fed.append(html) or b"%PDF-")
    document = printing.document_request(
        party=party, kind="movement", options={"paper": "a4"}, user=host
    )
    with translation.override("en"):
        rendering.document_render(document_id=document.pk, task_id="t1")
    document.refresh_from_db()
    assert document.status == document.Status.READY
    assert len(fed) == 1 and '<html lang="fr">' in fed[0]


# -------------------------------------------------------- the board, the phones


@pytest.fixture
def es_party(host) -> Party:
    party = make_party(host, players=8, language="es")
    services.round1_seat_draw(party=party, seed=11, user=host)
    return party


def test_the_board_shows_the_partys_language_not_the_browsers(es_party, client: Client):
    url = reverse("public:board", args=[es_party.public_token])
    response = client.get(url, HTTP_ACCEPT_LANGUAGE="en")
    assert '<html lang="es"' in response.content.decode()
    assert response["Content-Language"] == "es"
    assert "-es-" in response["ETag"]


def test_a_language_picked_on_the_board_overrides_the_partys(es_party, client: Client):
    url = reverse("public:board", args=[es_party.public_token])
    spanish = client.get(url, HTTP_ACCEPT_LANGUAGE="en")
    client.post(reverse("set_language_public"), {"language": "fr", "next": url})
    french = client.get(url, HTTP_ACCEPT_LANGUAGE="en", HTTP_IF_NONE_MATCH=spanish["ETag"])
    assert french.status_code == 200, "the Spanish board's ETag does not stand for the French"
    assert '<html lang="fr"' in french.content.decode()
    assert "-fr-" in french["ETag"]


def test_the_phone_page_follows_the_phone_not_the_party(es_party, client: Client):
    url = reverse("public:party", args=[es_party.public_token])
    response = client.get(url, HTTP_ACCEPT_LANGUAGE="fr")
    assert '<html lang="fr"' in response.content.decode()
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="en")
    assert '<html lang="en"' in english.content.decode()


def test_the_board_follows_a_change_of_the_partys_language(
    es_party, host, client: Client, django_capture_on_commit_callbacks
):
    url = reverse("public:board", args=[es_party.public_token])
    assert '<html lang="es"' in client.get(url).content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        services.party_language_set(party=es_party, language="fr", user=host)
    public_selectors.forget_local()
    assert '<html lang="fr"' in client.get(url).content.decode()


# ---------------------------------------------------------------------- audit


def test_the_audit_stores_english_whatever_the_hosts_language(host):
    with translation.override("es"):
        party = make_party(host, players=8)
        rnd = services.round1_seat_draw(party=party, seed=4, user=host)
        services.round_clock_start(round=rnd, user=host)
        services.party_language_set(party=party, language="fr", user=host)
    summaries = dict(AuditEntry.objects.filter(party=party).values_list("action", "summary"))
    assert summaries["party_create"] == "Created the party Spring Card Party"
    assert summaries["round_seat_draw"] == "Seated round 1 (seeded draw)"
    assert summaries["round_clock_start"] == (
        f"Started the {party.round_minutes}-minute clock of round 1"
    )
    assert summaries["party_language_set"] == "Set the party's language to French"
    entry = AuditEntry.objects.get(party=party, action="round_seat_draw")
    assert entry.summary_template == "Seated round %(number)d (seeded draw)"
    assert entry.summary_params == {"number": 1}
    assert entry.summary_shown() == entry.summary  # in English, as stored


def test_the_audit_page_shows_an_entry_from_its_template(host, client: Client):
    party = make_party(host, players=0)
    AuditEntry.objects.filter(party=party).update(
        summary="Stored words", summary_template="Shown %(what)s", summary_params={"what": "words"}
    )
    client.force_login(host)
    page = client.get(reverse("host:audit", args=[party.slug])).content.decode()
    assert "Shown words" in page and "Stored words" not in page


def test_an_admin_change_read_in_spanish_is_stored_in_english(host, django_user_model):
    party = make_party(host, players=4)
    staff = django_user_model.objects.create_superuser("boss", password="pw-admin-123")
    client = Client(HTTP_ACCEPT_LANGUAGE="es")
    client.force_login(staff)
    player = party.players.get(order=1)
    url = reverse("admin:tournaments_player_delete", args=[player.pk])
    assert client.post(url, {"post": "yes"}).status_code == 302
    entry = AuditEntry.objects.get(party=party, action="admin_change")
    assert entry.summary == f"Deleted in the admin: player {player.name}"
    assert entry.summary_template == "Deleted in the admin: %(what)s"


def test_a_seating_fault_is_worded_by_the_translation_given():
    seating = movement.Seating(tables=[(1, 2, 3, 3)], sitting_out=[])
    faults = movement.seating_faults(seating, [1, 2, 3, 4], names={3: "Cruz", 4: "Dee"})
    english = [movement.fault_text(fault) for fault in faults]
    assert english == movement.check_seating(seating, [1, 2, 3, 4], names={3: "Cruz", 4: "Dee"})
    assert "Cruz is placed more than once: table 1, seat 3; table 1, seat 4." in english
    marked = [movement.fault_text(fault, lambda text: f"«{text}»") for fault in faults]
    assert "«Cruz is placed more than once: «table 1, seat 3»; «table 1, seat 4».»" in marked


def test_a_french_certificate_keeps_its_css_numbers_with_a_point(host):
    party = make_party(host, players=4, language="fr")
    html = printing.certificate_preview(party, award_id=None, design="classic", paper="a4")
    assert '<html lang="fr">' in html
    sizes = re.findall(r"font-size: ([^;\"]+)pt", html)
    assert sizes and all("," not in size for size in sizes)


@pytest.mark.parametrize("language", ["es", "fr"])
def test_the_new_party_form_fills_its_date_box_in_every_language(language):
    """A date input takes only an ISO value: a localized one would leave it empty."""
    with translation.override(language):
        html = str(PartyForm()["date"])
    assert re.search(r'value="\d{4}-\d{2}-\d{2}"', html), html
