"""The party maths is plain Python: importing it must not import Django (STYLE.md habit 1)."""

import subprocess
import sys
from pathlib import Path

from tournaments import game

GAME_MODULES = sorted(
    f"tournaments.game.{path.stem}"
    for path in Path(game.__file__).parent.glob("*.py")
    if path.stem != "__init__"
)


def test_the_game_package_has_its_modules():
    assert "tournaments.game.movement" in GAME_MODULES
    assert "tournaments.game.standings" in GAME_MODULES


def test_party_maths_does_not_import_django():
    code = (
        f"import sys, {', '.join(GAME_MODULES)}; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'django'))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"
