"""What one module shares with another is public: no module of the project
imports another's private (``_name``) function, class or value."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("pedroparty", "tournaments", "scoring")


def private_imports(source: str) -> list[str]:
    """The private names a module's ``from ... import`` lines take."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            found += [
                f"{node.module}.{alias.name}"
                for alias in node.names
                if alias.name.startswith("_") and not alias.name.startswith("__")
            ]
    return found


def test_the_check_sees_a_private_import():
    assert private_imports("from .common import _audit, audit_log\n") == ["common._audit"]
    assert private_imports("from __future__ import annotations\n") == []


def test_no_module_imports_another_modules_private_names():
    offenders = {
        str(path.relative_to(ROOT)): names
        for package in PACKAGES
        for path in sorted((ROOT / package).rglob("*.py"))
        if "migrations" not in path.parts
        and (names := private_imports(path.read_text(encoding="utf-8")))
    }
    assert offenders == {}
