"""The new-party form's house options are made from the rulesets' typed
options: one field each, the kind, values and bounds the option gives."""

from __future__ import annotations

import dataclasses
import datetime
from types import MappingProxyType

import pytest
from django import forms as django_forms
from django.urls import reverse

from scoring.rules import PARTNERSHIP_RULESETS
from scoring.rules.rulesets import HouseOption
from tournaments.forms import PartyForm
from tournaments.forms import parties as forms
from tournaments.models import Party

DRAW = PARTNERSHIP_RULESETS["monterey-draw"]

#: A made-up game with an option no shipped game has.
SEVEN = dataclasses.replace(
    DRAW,
    name="seven-up",
    hand_size=7,
    house_options=(
        *DRAW.house_options,
        HouseOption("hand_size", "Cards in a hand", int, minimum=5, maximum=7),
    ),
)


def post(**changes) -> dict:
    data = {
        "name": "Spring",
        "date": datetime.date(2026, 4, 18).isoformat(),
        "ruleset": "monterey-draw",
        "movement": "up_down",
        "deals_per_round": "4",
        "sitout_credit": "average",
        "planned_rounds": "5",
        "shoot_set_penalty": "32",
        "low_is_keeper": "on",
    }
    data.update(changes)
    return data


def test_each_party_option_of_the_ruleset_makes_its_field():
    form = PartyForm()
    for option in DRAW.house_options:
        if option.name in ("target", "bid_out"):
            assert option.name not in form.fields  # what ends a casual game
            continue
        field = form.fields[option.name]
        assert field.label == option.label
        assert field.initial == getattr(DRAW, option.name)
        if option.kind is bool:
            assert isinstance(field, django_forms.BooleanField) and not field.required
        elif option.choices:
            assert [value for value, _ in field.choices] == list(option.choices)
        else:
            assert (field.min_value, field.max_value) == (option.minimum, option.maximum)


def test_the_options_follow_the_round_clock_in_the_rulesets_order():
    names = list(PartyForm().fields)
    options = [o.name for o in DRAW.house_options if o.name not in ("target", "bid_out")]
    start = names.index("round_minutes") + 1
    assert names[start : start + len(options)] == options


def test_house_options_are_the_chosen_rulesets_and_leave_the_party_column_out():
    form = PartyForm(post(shoot_set_penalty="16"))
    assert form.is_valid(), form.errors
    assert form.house_options() == {
        "shoot_needs_ace_and_two": False,
        "low_is_keeper": True,
        "shoot_set_penalty": 16,
    }
    assert form.cleaned_data["deals_per_round"] == 4


def test_a_value_the_option_does_not_take_is_refused():
    form = PartyForm(post(shoot_set_penalty="20", deals_per_round="13"))
    assert not form.is_valid()
    assert {"shoot_set_penalty", "deals_per_round"} <= set(form.errors)


def test_a_new_games_own_option_gets_its_field_and_only_that_game_sets_it(monkeypatch):
    monkeypatch.setattr(
        forms, "PARTNERSHIP_RULESETS", MappingProxyType({**PARTNERSHIP_RULESETS, SEVEN.name: SEVEN})
    )
    form = PartyForm(post(ruleset="seven-up", hand_size="6"))
    form.fields["ruleset"].choices = [*form.fields["ruleset"].choices, ("seven-up", "Seven")]
    field = form.fields["hand_size"]
    assert (field.label, field.min_value, field.max_value, field.initial) == (
        "Cards in a hand",
        5,
        7,
        7,
    )
    assert form.is_valid(), form.errors
    assert form.house_options()["hand_size"] == 6
    draw = PartyForm(post(hand_size="6"))
    assert draw.is_valid(), draw.errors
    assert "hand_size" not in draw.house_options()


@pytest.mark.django_db
def test_the_party_is_created_with_the_options_the_form_set(client, django_user_model):
    host = django_user_model.objects.create_user("host", password="x")
    client.force_login(host)
    response = client.post(reverse("host:party_create"), post(shoot_set_penalty="16"))
    assert response.status_code == 302
    party = Party.objects.get()
    assert party.house_options["shoot_set_penalty"] == 16
