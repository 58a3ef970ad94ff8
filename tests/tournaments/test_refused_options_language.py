"""A house option the engine refuses, said in the host's language: on the
new-party form's service and in a party file being loaded."""

from __future__ import annotations

import datetime

import pytest
from django.utils import translation

from scoring.rules import RULESETS
from scoring.rules.rulesets import MUST_BE
from scoring.rules.words import OR
from tournaments import services
from tournaments.errors import UserError
from tournaments.partyfile import PartyFileError, party_load

pytestmark = pytest.mark.django_db

TINY_SPANISH = {
    MUST_BE: "%(name)s debe ser %(expects)s, no %(value)s",
    OR: "%(first)s o %(then)s",
}


@pytest.fixture
def tiny_spanish(monkeypatch):
    """Spanish with :data:`TINY_SPANISH` in front of the committed catalogue."""
    catalogue = translation.trans_real.translation("es")
    real = catalogue.gettext
    monkeypatch.setattr(
        catalogue, "gettext", lambda message: TINY_SPANISH.get(message) or real(message)
    )


def spanish_refusal(value: int) -> str:
    first, then = RULESETS["monterey-draw"].house_option("shoot_set_penalty").choices
    return TINY_SPANISH[MUST_BE] % {
        "name": "shoot_set_penalty",
        "expects": TINY_SPANISH[OR] % {"first": first, "then": then},
        "value": repr(value),
    }


def test_the_new_party_service_says_the_refused_option_in_spanish(host, tiny_spanish):
    with translation.override("es"), pytest.raises(UserError) as caught:
        services.party_create(
            owner=host,
            name="Fiesta",
            date=datetime.date(2026, 4, 18),
            settings=services.PartySettings(house_options={"shoot_set_penalty": 5}),
        )
    assert caught.value.errors["house_options"] == spanish_refusal(5)
    with translation.override("en"), pytest.raises(UserError) as caught:
        services.party_create(
            owner=host,
            name="Party",
            date=datetime.date(2026, 4, 18),
            settings=services.PartySettings(house_options={"shoot_set_penalty": 5}),
        )
    assert caught.value.errors["house_options"].startswith("shoot_set_penalty must be ")


def test_a_party_file_with_a_refused_option_is_refused_in_spanish(host, tiny_spanish):
    data = {
        "format": "pedroparty/1",
        "name": "Fiesta",
        "date": "2026-04-18",
        "ruleset": "monterey-draw",
        "options": {"movement": "up_down", "shoot_set_penalty": 20},
        "players": ["Ana", "Bea", "Cruz", "Dee"],
        "seating": [["Ana", "Bea", "Cruz", "Dee"]],
        "rounds": [],
    }
    with translation.override("es"), pytest.raises(PartyFileError) as caught:
        party_load(data, owner=host)
    assert caught.value.message == spanish_refusal(20)
