"""Messages made away from a template keep their plural to the page: the
seating check, the party and club files' problems, the audit log and the
rules engine's words each say "1 seat", "3 seats" in the reader's language."""

from __future__ import annotations

import pickle

import pytest
from django.utils.translation import gettext, ngettext, override

from scoring.rules.words import Text, ngettext_noop
from tournaments import services
from tournaments.clubs.clubfile import ClubFileProblem, club_file_read
from tournaments.clubs.clubfile.load import from_club_problem
from tournaments.game import movement
from tournaments.models import AuditEntry, Party
from tournaments.partyfile import PartyFileProblem, party_file_read
from tournaments.partyfile.common import from_problem

from .builders import make_party
from .clubs.test_clubfile_parse import club
from .partyfile.test_partyfile_parse import example


@pytest.mark.parametrize(
    ("language", "seated", "said"),
    [("en", 1, "1 seat;"), ("en", 3, "3 seats;"), ("es", 1, "1 asiento;"), ("fr", 0, "0 place ;")],
)
def test_a_seating_fault_says_its_seats_in_the_language(language, seated, said):
    seating = movement.Seating(tables=[tuple(range(1, seated + 1))], sitting_out=[])
    faults = movement.seating_faults(seating, [1, 2, 3, 4], names={})
    with override(language):
        texts = [movement.fault_text(fault, gettext, ngettext) for fault in faults]
    assert any(said in text for text in texts), texts


def test_a_party_file_problem_with_a_number_is_translated_whole():
    data = example()
    data["name"] = "x" * 500
    with pytest.raises(PartyFileProblem) as caught:
        party_file_read(data)
    with override("es"):
        message = str(from_problem(caught.value))
    assert "caracteres)" in message and "characters" not in message, message


def test_a_club_file_problem_with_a_number_is_translated_whole():
    data = club()
    data["name"] = "x" * 500
    with pytest.raises(ClubFileProblem) as caught:
        club_file_read(data)
    assert "characters)" in str(caught.value)
    with override("fr"):
        message = str(from_club_problem(caught.value))
    assert "caractères)" in message and "characters" not in message, message


@pytest.mark.django_db
def test_the_audit_log_says_a_one_minute_clock_in_the_readers_language(host):
    party = make_party(host, players=4)
    Party.objects.filter(pk=party.pk).update(round_minutes=1)
    party.refresh_from_db()
    rnd = services.round1_seat_draw(party=party, seed=3, user=host)
    services.round_clock_start(round=rnd, user=host)
    entry = AuditEntry.objects.get(party=party, action="round_clock_start")
    assert entry.summary == "Started the 1-minute clock of round 1"
    with override("es"):
        assert entry.summary_shown() == "Se puso en marcha el reloj de 1 minuto de la ronda 1"
    with override("fr"):
        assert entry.summary_shown() == "Chrono de 1 minute lancé pour la manche 1"


def test_an_engine_text_says_its_count_and_keeps_both_forms():
    forms = ngettext_noop("%(count)s seat", "%(count)s seats", "count")
    one, three = Text(forms, {"count": 1}), Text(forms, {"count": 3})
    assert (one, three) == ("1 seat", "3 seats")
    assert one.capitalized() == "1 seat" and three.capitalized().forms == forms
    copy = pickle.loads(pickle.dumps(three))
    assert (copy, copy.template, copy.forms, copy.params) == (
        "3 seats",
        "%(count)s seats",
        forms,
        {"count": 3},
    )
