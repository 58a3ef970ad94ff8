"""What every test starts from.

A request through ``LocaleMiddleware`` activates its language for the rest
of the thread, and Django does not put it back when the request ends. So
every test begins in the site's default language, whatever an earlier test
in the same process asked for."""

from __future__ import annotations

import pytest
from django.utils import translation


@pytest.fixture(autouse=True)
def default_language():
    translation.deactivate()
    yield
    translation.deactivate()
