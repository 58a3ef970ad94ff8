"""bench/entry_taps.py: the demo's deals replayed through the table form, the
taps counted with the page's controls, and the target met (a mean of at
most 4.5 taps a deal).  The script runs on its own throwaway SQLite
database; every replayed deal must be stored with the demo's score."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_the_demos_deals_take_four_taps_or_fewer_on_average():
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    run = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "entry_taps.py")],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=240,
    )
    out = run.stdout
    assert run.returncode == 0, out + run.stderr
    deals = re.search(r"entry taps: (\d+) deals of the demo's 3 parties", out)
    assert deals and int(deals[1]) > 50, out
    figures = re.search(r"taps per deal: mean ([\d.]+), median ([\d.]+), p90 (\d+)", out)
    assert figures and float(figures[1]) <= 4.5 and int(figures[3]) <= 4, out
    histogram = dict(map(int, pair) for pair in re.findall(r"^\s+(\d+) taps:\s+(\d+)", out, re.M))
    assert sum(histogram.values()) == int(deals[1]), out
    assert "problem:" not in out and "target: mean <= 4.5: met" in out, out
