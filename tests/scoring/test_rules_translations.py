"""Every translation of the rules pages, docs/rules/<language>/<page>.md, says
what its English page says: the same sections, the same tables, the same
numbers and the same sources, named as a reader knows them.  A translated
page cannot drift from the English one unnoticed, and no page names a file
or a section of the project's own rules contract.

Plain files and plain values: no database."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from django.conf import settings

from scoring.rules import RULESETS

RULES_DIR = Path(__file__).resolve().parents[2] / "docs" / "rules"
#: The texts the pages are written after, by their title, and how a page in
#: each language names them for its readers.
SOURCES = {
    "Pedreaux": {
        "en": "the Spanish encyclopedia article on Pedro",
        "es": "el artículo de enciclopedia en español sobre el Pedro",
        "fr": "l'article d'encyclopédie espagnol sur le Pedro",
    },
    "Cómo jugar": {
        "en": "the Spanish how-to-play page on Pedro",
        "es": "la página en español que enseña a jugar al Pedro",
        "fr": "la page espagnole qui apprend à jouer au Pedro",
    },
    "Pedro (jeu)": {
        "en": "the French encyclopedia article on Pedro",
        "es": "el artículo de enciclopedia en francés sobre el Pedro",
        "fr": "l'article d'encyclopédie français sur le Pedro",
    },
    "Cinch": {
        "en": "the Spanish encyclopedia article on Cinch",
        "es": "el artículo de enciclopedia en español sobre el Cinch",
        "fr": "l'article d'encyclopédie espagnol sur le Cinch",
    },
}
#: One encyclopedia article in two languages: where the English page quotes
#: the one, a translation may quote the other, written in its own language.
SAME_ARTICLE = {"Pedro (jeu)": "Pedreaux"}
#: Development references a reader has no use for: the source texts' file
#: names and the project's rules contract (the grep the README gives).
DEVELOPMENT = re.compile(r"[0-9]{3}_[0-9a-f]{16}\.txt|RULES\.md")
NUMBER = re.compile(r"\d+")
#: A quotation of a source in a quoted passage, «in its own words» (no space
#: inside the marks, unlike French « words »), with the gloss after it, if any.
QUOTATION = re.compile(r"«(?! )(.+?)(?<! )»(?:\s*—\s*\*([^*]+)\*)?")
#: A quotation's source and section, as a page cites it: (*Pedreaux*, Tennessee).
CITATION = re.compile(r"\(\*([^*]+)\*,\s*([^)]+)\)")
#: The sections of *Pedreaux* that *Pedro (jeu)* has too, in French, by the
#: name a page cites them with: there a French page quotes the French words.
IN_FRENCH = ("Tennessee", "Isle Madame")
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
    """The numbers of the page's own words: a quotation and its gloss follow
    the text quoted, which a translation may take from the same article in
    its own language (``SAME_ARTICLE``)."""
    own = [QUOTATION.sub(" ", part) if quoted else part for quoted, part in paragraphs(text)]
    return Counter(NUMBER.findall(" ".join(own)))


def paragraphs(text: str) -> list[tuple[bool, str]]:
    """The page's paragraphs on one line each, a passage quoting the sources
    (``>`` lines) up to its last citation marked True; the page's own words
    after that citation, and every other paragraph, marked False."""
    found = []
    for part in re.split(r"\n\s*\n", text):
        words = flat(part)
        cited = list(CITATION.finditer(words))
        if part.lstrip().startswith(">") and cited:
            found.append((True, words[: cited[-1].end()]))
            words = words[cited[-1].end() :]
        found.append((False, words))
    return found


def flat(text: str) -> str:
    """The page's words on one line: no line breaks, no quotation marks (">")."""
    return " ".join(re.sub(r"^\s*>\s?", "", text, flags=re.M).split())


def sources(text: str, language: str) -> Counter[str]:
    """The sources a page names as a reader knows them ("the French
    encyclopedia article on Pedro, *Pedro (jeu)*"), by title."""
    words = flat(text)
    return Counter(
        {
            title: words.count(f"{names[language]}, *{title}*")
            for title, names in SOURCES.items()
            if f"{names[language]}, *{title}*" in words
        }
    )


def citations(text: str) -> Counter[str]:
    """Every mention of a source by its title, in the page's quotations too."""
    words = flat(text)
    return Counter({title: words.count(f"*{title}*") for title in SOURCES if f"*{title}*" in words})


def articles(cited: Counter[str]) -> Counter[str]:
    """Citations counted by article, whatever language it was quoted in."""
    found: Counter[str] = Counter()
    for title, count in cited.items():
        found[SAME_ARTICLE.get(title, title)] += count
    return found


def quotations(text: str) -> list[tuple[str, str | None, str, str]]:
    """Each quotation of the page's quoted passages (the ``>`` paragraphs)
    as (words, gloss or None, source title, section), cited by the
    passage's last citation: «…» — *…* (*Pedreaux*, Tennessee)."""
    found = []
    for quoted, words in paragraphs(text):
        if not quoted:
            continue
        cited = CITATION.findall(words)
        title, section = cited[-1] if cited else ("", "")
        for match in QUOTATION.finditer(words):
            found.append((match.group(1), match.group(2), title, section.strip()))
    return found


def unglossed(text: str) -> list[str]:
    """The quotations a reader is left to read in the source's language: no
    gloss after them, and no other quotation the next gloss goes with.  (A
    page's own words may stand in the same marks: «Draw».)"""
    return [
        match.group(1)
        for quoted, words in paragraphs(text)
        if quoted
        for match in QUOTATION.finditer(words)
        if match.group(2) is None and not words[match.end() :].lstrip().startswith("«")
    ]


def spanish_quoted_in_french() -> set[str]:
    """The Spanish words the English pages quote from the sections of
    *Pedreaux* that *Pedro (jeu)* has in French (``IN_FRENCH``)."""
    return {
        words
        for path in RULES_DIR.glob("*.md")
        for words, _, title, section in quotations(path.read_text(encoding="utf-8"))
        if title == "Pedreaux" and section in IN_FRENCH
    }


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
    named = "Written after the French encyclopedia article on Pedro, *Pedro\n(jeu)*."
    assert sources(named, "en") == Counter({"Pedro (jeu)": 1})
    assert sources("Written after *Pedro (jeu)*.", "en") == Counter()
    assert sources(named, "es") == Counter()
    assert citations(named) != citations("(*Pedreaux*, Monterey)")
    assert citations("> a quotation (*Pedro\n> (jeu)*)") == Counter({"Pedro (jeu)": 1})
    assert articles(citations("(*Pedro (jeu)*) (*Pedreaux*)")) == Counter({"Pedreaux": 2})
    assert articles(citations("(*Pedro (jeu)*)")) != articles(citations("(*Cómo jugar*)"))


def test_the_checks_see_a_quotation_left_in_spanish():
    spanish = (
        "Text.\n\n> «La oferta máxima es\n> 17.» — *maximum 17.* «El\n> juego.» — *le jeu.*"
        "\n> (*Pedreaux*, Tennessee)\n\nMore « words »."
    )
    assert quotations(spanish) == [
        ("La oferta máxima es 17.", "maximum 17.", "Pedreaux", "Tennessee"),
        ("El juego.", "le jeu.", "Pedreaux", "Tennessee"),
    ]
    assert numbers(spanish) == Counter()
    french = "> «L'offre de maximum est 17.» — *maximum 17.* (*Pedro (jeu)*, Tennessee)"
    assert quotations(french)[0][2:] == ("Pedro (jeu)", "Tennessee")
    assert unglossed(spanish) == [] and unglossed(french) == []
    assert unglossed("> «Una.» «Dos.» — *un, deux.* «Tres.» (*Pedreaux*, X)") == ["Tres."]
    assert "La oferta mínima es 9, o en algunas variaciones 10." in " ".join(
        spanish_quoted_in_french()
    )


@pytest.mark.parametrize(
    "path",
    sorted(RULES_DIR.rglob("*.md")),
    ids=lambda path: str(path.relative_to(RULES_DIR)),
)
def test_every_quotation_is_glossed_in_the_pages_language(path):
    """A quotation in the source's language has the page's words after it."""
    left = unglossed(path.read_text(encoding="utf-8"))
    assert not left, f"docs/rules/{path.relative_to(RULES_DIR)}: no gloss for {left}"


@pytest.mark.parametrize("name", PAGES)
def test_a_french_page_quotes_the_french_article_where_it_can(name):
    """Where *Pedro (jeu)* has the passage *Pedreaux* has (Tennessee, Isle
    Madame), a French page quotes its French words, not the Spanish ones."""
    text = (RULES_DIR / "fr" / name).read_text(encoding="utf-8")
    spanish = [
        words
        for words, _, title, section in quotations(text)
        if title == "Pedreaux" and section in IN_FRENCH
    ]
    assert not spanish, f"docs/rules/fr/{name} quotes in Spanish: {spanish}"
    words = flat(text)
    left = sorted(quoted for quoted in spanish_quoted_in_french() if quoted in words)
    assert not left, f"docs/rules/fr/{name} quotes in Spanish: {left}"


def test_every_language_names_the_sources():
    for folder in folders():
        for title, names in SOURCES.items():
            assert folder.name in names, f"docs/rules/{folder.name}/: how is *{title}* named?"


@pytest.mark.parametrize("name", sorted(set(PAGES) - {"README.md"}))
def test_every_english_game_page_names_its_sources(name):
    text = (RULES_DIR / name).read_text(encoding="utf-8")
    assert sources(text, "en"), f"docs/rules/{name} names none of its sources"


@pytest.mark.parametrize(
    "path",
    sorted(RULES_DIR.rglob("*.md")),
    ids=lambda path: str(path.relative_to(RULES_DIR)),
)
def test_no_page_names_a_file_or_the_rules_contract(path):
    found = DEVELOPMENT.findall(path.read_text(encoding="utf-8"))
    assert not found, f"docs/rules/{path.relative_to(RULES_DIR)}: {found}"


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
    assert sources(translated, language) == sources(english, "en"), f"{where}: sources named"
    cited = articles(citations(translated))
    assert cited == articles(citations(english)), f"{where}: sources cited"
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
