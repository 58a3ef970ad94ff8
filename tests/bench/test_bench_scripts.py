"""Every benchmark loads as ``make bench`` runs it: a fresh interpreter,
with no Django settings chosen yet (each script sets up Django itself, so a
module-level import of an app's models would stop it before it starts)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"
SCRIPTS = sorted(BENCH.glob("*.py"))

#: What ``python bench/x.py`` does up to its ``__main__`` block: the script's
#: folder first on the path, then the module's top level.
LOAD = """
import runpy, sys
from pathlib import Path
sys.path.insert(0, str(Path(sys.argv[1]).parent))
runpy.run_path(sys.argv[1], run_name="loaded")
"""


def test_there_are_benchmarks():
    assert len(SCRIPTS) >= 10


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda path: path.name)
def test_the_benchmark_loads_before_django_is_set_up(script):
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    env["DJANGO_DEBUG"] = "true"
    loaded = subprocess.run(
        [sys.executable, "-c", LOAD, str(script)],
        cwd=BENCH.parent,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert loaded.returncode == 0, loaded.stderr[-2000:]
