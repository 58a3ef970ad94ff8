"""Selectors read: none imports a service (STYLE.md 4), so services may
import selectors at the top without a circle."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SELECTORS = sorted(
    path.relative_to(ROOT)
    for package in ("pedroparty", "scoring", "tournaments")
    for pattern in ("selectors/*.py", "selectors.py", "*_selectors.py")
    for path in (ROOT / package).rglob(pattern)
)


def _imported(path: Path) -> set[str]:
    """Every module ``path`` imports, anywhere in it, as a dotted name
    (relative imports resolved against its package)."""
    package = ".".join(path.with_suffix("").parts[:-1])
    if path.name == "__init__.py":
        package = ".".join(path.parts[:-1])
    names = set()
    for node in ast.walk(ast.parse((ROOT / path).read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")
            if node.level:
                base = base[: len(base) - node.level + 1]
                module = ".".join([*base, *filter(None, [node.module])])
            else:
                module = node.module or ""
            names.add(module)
            names.update(f"{module}.{alias.name}" for alias in node.names)
    return names


def test_the_selector_modules_are_found():
    found = {str(path) for path in SELECTORS}
    assert {"scoring/selectors/seat.py", "tournaments/selectors/history.py"} <= found
    assert "tournaments/selectors/public.py" in found
    # A feature's own selectors, as a package or as one module.
    assert {"tournaments/clubs/selectors/seasons.py", "tournaments/tableside/selectors.py"} <= found


@pytest.mark.parametrize("path", SELECTORS, ids=str)
def test_a_selector_imports_no_service(path):
    services = {
        name
        for name in _imported(path)
        if "services" in name.split(".") or name.rsplit(".", 1)[-1].endswith("_services")
    }
    assert not services, f"{path} imports {sorted(services)}"
