"""The party maths is plain Python: importing it must not import Django (STYLE.md habit 1)."""

import subprocess
import sys


def test_party_maths_does_not_import_django():
    code = (
        "import sys, tournaments.movement, tournaments.standings; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'django'))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"
