"""Every game in RULESETS has its rules page, docs/rules/<id>.md, with the
sections a player looks for, the deal's total, a seed it cites, and every
house option of the game named with its default (RULES.md section 11).

Plain files and plain values: no database."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scoring.rules import RULESETS

RULES_DIR = Path(__file__).resolve().parents[2] / "docs" / "rules"
INDEX = RULES_DIR / "README.md"

#: The sections of a page, in order; a game with no exchange says so.
SECTIONS = (
    "Pack and point cards",
    "Deal",
    "Bidding",
    ("Exchange", "No exchange"),
    "Play",
    "Scoring",
    "Game end",
    "House options",
)
OPTION_BULLET = re.compile(r"^- `(\w+)`")

#: Every game with a page: the four-seat games and the N-seat ones.
ALL_RULESETS = RULESETS
GAMES = sorted(ALL_RULESETS)


def page(name: str) -> str:
    return (RULES_DIR / f"{name}.md").read_text(encoding="utf-8")


def headings(text: str) -> list[str]:
    return [line[3:].strip() for line in text.splitlines() if line.startswith("## ")]


def section(text: str, title: str) -> str:
    """The lines under ``## title``, up to the next section."""
    lines, inside = [], False
    for line in text.splitlines():
        if line.startswith("## "):
            inside = line[3:].strip() == title
        elif inside:
            lines.append(line)
    return "\n".join(lines)


def bullets(text: str) -> list[str]:
    """Each ``- `` item of ``text`` with its continuation lines, joined."""
    items: list[str] = []
    for line in text.splitlines():
        if line.startswith("- "):
            items.append(line)
        elif items and line.startswith("  "):
            items[-1] += " " + line.strip()
    return items


def default_words(value: object) -> str:
    if isinstance(value, bool):
        return "default on" if value else "default off"
    return f"default {value}"


@pytest.mark.parametrize("name", GAMES)
def test_every_game_has_its_page_titled_with_its_id(name):
    first_line = page(name).splitlines()[0]
    assert first_line.startswith("# ") and f"(`{name}`)" in first_line


@pytest.mark.parametrize("name", GAMES)
def test_a_page_has_every_section_in_order(name):
    found = headings(page(name))
    positions = []
    for wanted in SECTIONS:
        titles = wanted if isinstance(wanted, tuple) else (wanted,)
        present = [title for title in titles if title in found]
        assert len(present) == 1, f"{name}.md needs one section of {titles}, has {found}"
        positions.append(found.index(present[0]))
    assert positions == sorted(positions), f"{name}.md lists its sections out of order"


@pytest.mark.parametrize("name", GAMES)
def test_a_page_gives_the_deals_total(name):
    pack = section(page(name), "Pack and point cards")
    assert f"**{ALL_RULESETS[name].total_points} points**" in pack


@pytest.mark.parametrize("name", GAMES)
def test_every_house_option_is_named_with_its_default(name):
    rs = ALL_RULESETS[name]
    listed = {}
    for item in bullets(section(page(name), "House options")):
        match = OPTION_BULLET.match(item)
        assert match, f"{name}.md: a house option item starts with its name: {item!r}"
        listed[match.group(1)] = item
    assert set(listed) == set(rs.options()), f"{name}.md lists other house options"
    for option, value in rs.options().items():
        assert default_words(value) in listed[option], f"{name}.md: {option} {value!r}"


def test_the_index_links_every_page_and_every_game():
    index = INDEX.read_text(encoding="utf-8")
    linked = set(re.findall(r"\]\(([\w-]+)\.md\)", index))
    pages = {path.stem for path in RULES_DIR.glob("*.md")} - {INDEX.stem}
    assert linked == pages
    assert set(GAMES) <= pages
