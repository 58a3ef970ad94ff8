"""Fixtures for the party flow: a host, a rival host and a party with players.

The helpers that make and play parties are in ``builders.py``."""

from __future__ import annotations

import copy

import pytest

from .builders import make_host, make_party


@pytest.fixture
def host(db):
    return make_host()


@pytest.fixture
def other_host(db):
    return make_host("rival")


@pytest.fixture
def world(shared_world):
    """For a module that makes its world once (a module-scoped
    ``shared_world`` fixture, inside ``shared_rows``): that world's objects,
    a copy of this test's own, so that nothing one test changes in memory
    reaches the next (its rows are rolled back with the test)."""
    return copy.deepcopy(shared_world)


@pytest.fixture
def party(host):
    return make_party(host)
