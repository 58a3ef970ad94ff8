"""Fixtures for the online-play tests (tests/scoring/test_online_*.py).

Bots think for no time in tests. The helpers that make and play online
tables are in ``builders.py``.
"""

from __future__ import annotations

import pytest


@pytest.fixture
def no_think(settings):
    """Bots act at once."""
    settings.PLAY_BOT_DELAY_MS = 0
