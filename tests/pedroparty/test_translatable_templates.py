"""Every template with words people read goes through Django's translation:
it loads ``i18n``.  The few not converted yet are listed, and the list may
only shrink."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"

#: Templates with visible words that do not translate them yet. Take a
#: template off this list when it loads i18n. Every template translates now.
NOT_YET_TRANSLATED: frozenset[str] = frozenset()

_HIDDEN = [
    re.compile(r"\{%\s*comment\s*%\}.*?\{%\s*endcomment\s*%\}", re.S),
    re.compile(r"<(script|style)\b.*?</\1>", re.S | re.I),
    re.compile(r"\{#.*?#\}", re.S),
    re.compile(r"\{%.*?%\}", re.S),
    re.compile(r"\{\{.*?\}\}", re.S),
    re.compile(r"<!--.*?-->", re.S),
    re.compile(r"<[^>]*>", re.S),
    re.compile(r"&[a-z]+;|&#\d+;"),
]
_LOADS_I18N = re.compile(r"\{%\s*load\s[^%]*\bi18n\b[^%]*%\}")


def visible_text(source: str) -> str:
    """What of a template a reader sees as words: no tags, no template code."""
    for pattern in _HIDDEN:
        source = pattern.sub(" ", source)
    return " ".join(source.split())


def has_words(source: str) -> bool:
    return re.search(r"[^\W\d_]{2,}", visible_text(source)) is not None


def all_templates() -> list[str]:
    return sorted(str(p.relative_to(TEMPLATES)) for p in TEMPLATES.rglob("*.html"))


def test_visible_text_sees_words_and_nothing_else():
    assert visible_text('{% load static %}<p class="x">Hello {{ name }}</p>') == "Hello"
    assert not has_words("{# A comment #}<script>var a;</script><b>{{ x }}</b> &amp; 7")
    assert has_words("<td>out</td>")


@pytest.mark.parametrize("name", all_templates())
def test_every_template_with_words_loads_i18n(name):
    source = (TEMPLATES / name).read_text(encoding="utf-8")
    if name in NOT_YET_TRANSLATED:
        assert not _LOADS_I18N.search(source), (
            f"{name} loads i18n now: take it off NOT_YET_TRANSLATED"
        )
    elif has_words(source):
        assert _LOADS_I18N.search(source), f"{name} shows words but does not load i18n"


def test_the_not_yet_list_names_only_templates_that_exist():
    assert set(all_templates()) >= NOT_YET_TRANSLATED
