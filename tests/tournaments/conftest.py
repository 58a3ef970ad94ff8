"""Fixtures for the party flow: a host, a party with players, helpers to play it."""

from __future__ import annotations

import datetime
import random

import pytest

from tournaments import services
from tournaments.models import Party

NAMES = ["Élodie", "Beñat", "Núñez", "O'Brien", "Zoë", "Ana", "Bea", "Cruz", "Dee", "Eli"]


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    """Most tests make users; the real hasher takes most of a second for each."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def host(django_user_model):
    return django_user_model.objects.create_user(username="hostess", password="cards-and-wine-1")


@pytest.fixture
def other_host(django_user_model):
    return django_user_model.objects.create_user(username="rival", password="cards-and-wine-2")


def make_party(owner, players: int = 8, **options) -> Party:
    party = services.party_create(
        owner=owner,
        name="Spring Card Party",
        date=datetime.date(2026, 4, 18),
        venue="Parish hall",
        prizes=["Wine", "Chocolates", "Deck of cards"],
        **options,
    )
    for i in range(players):
        name = NAMES[i] if i < len(NAMES) else f"Player {i + 1}"
        services.player_register(party=party, name=name, user=owner)
    party.refresh_from_db()
    return party


@pytest.fixture
def party(host):
    return make_party(host)


def play_round(party: Party, rnd, user, rng: random.Random) -> None:
    """Enter every deal of every table of ``rnd`` with random legal results."""
    for table in sorted(set(rnd.seats.values_list("table", flat=True))):
        for deal in range(1, party.deals_per_round + 1):
            services.result_record(
                round=rnd,
                table=table,
                deal=deal,
                entry=services.DealEntry(
                    bidder=rng.randrange(4),
                    bid=rng.randrange(6, 17),
                    bidding_team_points=rng.randrange(17),
                ),
                user=user,
            )
