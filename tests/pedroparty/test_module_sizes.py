"""No module of the site outside the rules engine and migrations grows past
600 lines: past that, it has more than one reason to change (STYLE.md 1)."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LIMIT = 600


def _modules():
    for package in ("tournaments", "scoring", "pedroparty"):
        for path in sorted((ROOT / package).rglob("*.py")):
            relative = path.relative_to(ROOT)
            if "migrations" in relative.parts or relative.parts[:2] == ("scoring", "rules"):
                continue
            yield relative, path


def test_the_packages_are_found():
    names = {str(relative) for relative, _ in _modules()}
    assert "tournaments/models/party.py" in names and "scoring/models.py" in names
    assert not any(name.startswith("scoring/rules/") for name in names)


def test_no_module_is_over_600_lines():
    long = [
        f"{relative}: {lines} lines"
        for relative, path in _modules()
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > LIMIT
    ]
    assert not long, "split these by reason to change: " + "; ".join(long)
