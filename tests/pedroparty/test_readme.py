"""The README is a front door: short, the two commands on its first screen,
and its links land on pages of the documentation site."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
#: What a reader sees before scrolling, in lines of the file.
FIRST_SCREEN = 50


def test_the_readme_is_short():
    assert len(README.splitlines()) <= 150


def test_the_two_commands_are_on_the_first_screen():
    first = "\n".join(README.splitlines()[:FIRST_SCREEN])
    assert re.search(r"^make run\b", first, re.M)
    assert re.search(r"^make test\b", first, re.M)


def test_every_link_of_the_readme_is_a_file_of_the_project():
    links = re.findall(r"\]\(([^)#\s]+)\)", README)
    assert links, "the README links its documentation"
    for link in links:
        if "://" not in link:
            assert (ROOT / link).is_file(), link


def test_every_page_in_the_navigation_of_the_site_exists():
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    pages = re.findall(r":\s+([\w/.-]+\.md)\s*$", config, re.M)
    assert "index.md" in pages and len(pages) >= 10
    for page in pages:
        assert (ROOT / "docs" / page).is_file(), page


def test_there_is_a_changelog():
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert changelog.startswith("# Changelog") and changelog.count("\n- ") >= 5
