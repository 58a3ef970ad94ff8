"""A party plays only a four-seat partnership game (RULES.md 12.5): the
party service refuses an N-seat game, naming the field ``ruleset``, and
creates nothing."""

from __future__ import annotations

import datetime

import pytest

from scoring.rules.rulesets import SEAT_RULESETS
from tournaments import services
from tournaments.errors import UserError
from tournaments.models import Party

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("game", sorted(SEAT_RULESETS))
def test_the_party_service_refuses_an_n_seat_game_naming_the_ruleset(host, game):
    with pytest.raises(UserError) as refused:
        services.party_create(
            owner=host,
            name="Spring",
            date=datetime.date(2026, 4, 18),
            settings=services.PartySettings(ruleset=game),
        )
    assert set(refused.value.errors) == {"ruleset"}
    assert "fixed pairs" in refused.value.errors["ruleset"]
    assert not Party.objects.exists()


def test_an_unknown_game_is_refused_as_unknown(host):
    with pytest.raises(UserError) as refused:
        services.party_create(
            owner=host,
            name="Spring",
            date=datetime.date(2026, 4, 18),
            settings=services.PartySettings(ruleset="whist"),
        )
    assert "Unknown ruleset" in refused.value.errors["ruleset"]
