"""Every translation of the rules pages, docs/rules/<language>/<page>.md, says
what its English page says: the same sections, the same tables, the same
numbers and the same seeds cited.  A translated page cannot drift from the
English one unnoticed.

Plain files and plain values: no database."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from django.conf import settings

from scoring.rules import RULESETS

RULES_DIR = Path(__file__).resolve().parents[2] / "docs" / "rules"
SEED_FILE = re.compile(r"`\d{3}_[0-9a-f]{16}\.txt`")
NUMBER = re.compile(r"\d+")
PAGES = sorted({f"{name}.md" for name in RULESETS} | {"README.md"})
#: Languages whose translations must be there; any other folder is checked too.
REQUIRED = ("es",)


def folders() -> list[Path]:
    return sorted(path for path in RULES_DIR.iterdir() if path.is_dir())


def translations() -> list[tuple[str, str]]:
    found = {(folder.name, path.name) for folder in folders() for path in folder.glob("*.md")}
    found |= {(language, page) for language in REQUIRED for page in PAGES}
    return sorted(found)


def headings(text: str) -> list[str]:
    return [line for line in text.splitlines() if re.match(r"#{1,6} ", line)]


def table_rows(text: str) -> int:
    return sum(1 for line in text.splitlines() if line.lstrip().startswith("|"))


def numbers(text: str) -> Counter[str]:
    return Counter(NUMBER.findall(text))


def seeds(text: str) -> Counter[str]:
    return Counter(SEED_FILE.findall(text))


def house_options(text: str) -> list[str]:
    """The option names a page's bullets start with, in order."""
    return re.findall(r"^- `(\w+)` ", text, flags=re.M)


def test_the_checks_see_a_drift():
    english = "# A (`a`)\n\n## One\n\n| c | p |\n|---|---|\n| x | 1 |\n\n- `target` 52\n"
    drifted = "# A (`a`)\n\n## Uno\n\n| c | p |\n|---|---|\n\n- `meta` 51\n"
    assert len(headings(english)) == len(headings(drifted))
    assert table_rows(english) != table_rows(drifted)
    assert numbers(english) != numbers(drifted)
    assert house_options(english) != house_options(drifted)
    assert seeds("`000_48078fcc7b3609e3.txt`") != seeds("`000_48078fcc7b3609e4.txt`")


def test_every_language_folder_is_a_language_of_the_site():
    languages = dict(settings.LANGUAGES)
    for folder in folders():
        assert folder.name in languages and folder.name != "en", folder.name


@pytest.mark.parametrize("language", sorted({f.name for f in folders()} | set(REQUIRED)))
def test_a_language_folder_translates_every_page(language):
    folder = RULES_DIR / language
    assert folder.is_dir(), f"docs/rules/{language}/ is missing"
    assert sorted(path.name for path in folder.glob("*.md")) == PAGES


@pytest.mark.parametrize(("language", "name"), translations())
def test_a_translation_keeps_the_english_page(language, name):
    english = (RULES_DIR / name).read_text(encoding="utf-8")
    path = RULES_DIR / language / name
    assert path.is_file(), f"docs/rules/{language}/{name} is missing"
    translated = path.read_text(encoding="utf-8")
    where = f"docs/rules/{language}/{name}"
    assert len(headings(translated)) == len(headings(english)), f"{where}: sections"
    assert table_rows(translated) == table_rows(english), f"{where}: table rows"
    assert seeds(translated) == seeds(english), f"{where}: seeds cited"
    assert house_options(translated) == house_options(english), f"{where}: house options"
    extra = numbers(translated) - numbers(english)
    lost = numbers(english) - numbers(translated)
    assert not extra and not lost, f"{where}: numbers added {dict(extra)}, lost {dict(lost)}"


@pytest.mark.parametrize(
    ("language", "name"), [(lang, name) for lang, name in translations() if name != "README.md"]
)
def test_a_translated_game_page_keeps_its_id_in_its_title(language, name):
    first_line = (RULES_DIR / language / name).read_text(encoding="utf-8").splitlines()[0]
    assert first_line.startswith("# ") and f"(`{Path(name).stem}`)" in first_line
