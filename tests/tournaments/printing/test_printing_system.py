"""The printables' system libraries: a missing one is named with its package."""

from __future__ import annotations

from django.core import checks

from tournaments import checks as system
from tournaments.checks import FONT_DIRS


def test_this_machine_has_what_the_printables_need():
    assert system.missing_packages() == []
    assert system.printing_libraries() == []


def test_a_missing_library_is_named_with_its_debian_package():
    def find_library(name: str) -> str | None:
        return None if name == "harfbuzz-subset" else f"lib{name}.so"

    missing = system.missing_packages(find_library=find_library)
    assert [package for package, _ in missing] == ["libharfbuzz-subset0"]


def test_without_pango_nothing_can_be_printed():
    missing = dict(system.missing_packages(find_library=lambda name: None, font_dirs=()))
    assert set(missing) == {
        "libpango-1.0-0",
        "libpangoft2-1.0-0",
        "libharfbuzz-subset0",
        "fonts-dejavu-core",
    }
    assert "can be printed" in missing["libpango-1.0-0"]
    assert system.missing_packages(font_dirs=FONT_DIRS) == []


def test_the_system_check_says_what_to_install(monkeypatch):
    monkeypatch.setattr(
        system,
        "missing_packages",
        lambda: [("libpango-1.0-0", "no certificate can be printed")],
    )
    found = [m for m in checks.run_checks() if m.id == "printing.W001"]
    assert len(found) == 1
    assert found[0].level == checks.WARNING
    assert "sudo apt-get install libpango-1.0-0" in found[0].hint
