"""The scoring package must stay importable without Django (scoring.rules is pure Python)."""

import subprocess
import sys


def test_importing_scoring_does_not_import_django():
    code = "import sys, scoring; print('django' in sys.modules)"
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "False"
