"""Fixtures for the party flow: a host, a rival host and a party with players.

The helpers that make and play parties are in ``builders.py``."""

from __future__ import annotations

import pytest

from .builders import make_party


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


@pytest.fixture
def party(host):
    return make_party(host)
