"""The words at the table: the Spanish and French catalogues and rules pages
name a failed bid, Monterey's double bid, Tennessee's moon and its "down",
the off-jack and the discard pile as locale/GLOSSARY.md records them, and
never with the English loan words they once copied.

Plain files: no database."""

from __future__ import annotations

import re
from pathlib import Path

import polib
import pytest

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "docs" / "rules"
GLOSSARY = ROOT / "locale" / "GLOSSARY.md"

#: Words copied from English, by language: each matches in any form
#: ("tiró a la luna", "tire la lune").
BANNED = {
    "es": {
        "tirar a la luna": re.compile(r"\bti(?:r|ra|ro|ró|raste)\w* a la luna", re.I),
        "jota hermana": re.compile(r"jota hermana", re.I),
        "lavado": re.compile(r"\blavado\b", re.I),
    },
    "fr": {
        "tirer la lune": re.compile(r"\bti(?:r|ré)\w* la lune", re.I),
        "lavage": re.compile(r"\blavage\b", re.I),
    },
}
#: "puesto" for a set bid; "puestas" (cards laid down) is another word.
SET_AS_PUESTO = re.compile(r"\bpuest(?:o|os|a)\b", re.I)
#: The messages that say a bid was set, by (context, msgid).
SET_MESSAGES = [
    (None, "set"),
    ("a bid not made", "set"),
    (None, "Bids set"),
    (None, "bids made %(made)s, set %(set)s"),
    (None, "%(bid)s set with %(points)s point"),
    (None, "bid %(bid)s set with %(points)s point: -%(bid)s"),
    (None, "the shoot failed with %(points)s point: -%(penalty)s"),
    (
        None,
        "%(bidder)s bid %(bid)s in %(trump)s and was set with %(points)s: "
        "<b>%(first)s</b> to <b>%(second)s</b>.",
    ),
    (
        None,
        "%(bidder)s bid %(bid)s and was set with %(points)s: "
        "<b>%(first)s</b> to <b>%(second)s</b>.",
    ),
]
#: Messages with the chosen word each must say, by language.
CHOSEN = {
    "es": {
        (None, "Off-jack"): "jota fuera del palo",
        (None, "the off-jack"): "jota fuera del palo",
        (None, "wash"): "montón de descartes",
        (None, "The wash:"): "montón de descartes",
        (None, "shoot the moon"): "puja doble",
        (None, "Shoot the moon: a bid of every point, made, wins the game"): "disparar a la luna",
        ("a player out of the deal", "out"): "fuera",
    },
    "fr": {
        (None, "Off-jack"): "valet gauche",
        (None, "wash"): "défausse",
        (None, "The wash:"): "défausse",
        (None, "shoot the moon"): "enchère double",
        (None, "Shoot the moon: a bid of every point, made, wins the game"): "décrocher la lune",
    },
}


def catalogue(language: str) -> dict[tuple[str | None, str], list[str]]:
    """Every translation of the language, by (context, msgid): its forms."""
    path = ROOT / "locale" / language / "LC_MESSAGES" / "django.po"
    return {
        (entry.msgctxt, entry.msgid): (
            [entry.msgstr_plural[i] for i in sorted(entry.msgstr_plural)]
            if entry.msgid_plural
            else [entry.msgstr]
        )
        for entry in polib.pofile(str(path))
        if not entry.obsolete
    }


def pages(language: str) -> dict[str, str]:
    return {path.name: path.read_text(encoding="utf-8") for path in (RULES / language).glob("*.md")}


def outside_quotations(text: str) -> str:
    """The page's own words: not the lines quoting a source ("> ...")."""
    return "\n".join(line for line in text.splitlines() if not line.lstrip().startswith(">"))


def banned_in(text: str, language: str) -> list[str]:
    return [word for word, pattern in BANNED[language].items() if pattern.search(text)]


def test_the_checks_see_the_loan_words():
    assert banned_in("Oeste tiró a la luna y la jota hermana", "es") == [
        "tirar a la luna",
        "jota hermana",
    ]
    assert banned_in("el montón de descartes", "es") == []
    assert banned_in("Ouest tire la lune depuis le lavage", "fr") == ["tirer la lune", "lavage"]
    assert banned_in("décrocher la lune", "fr") == []
    assert SET_AS_PUESTO.search("un 16 puesto") and not SET_AS_PUESTO.search("cartas puestas")
    assert outside_quotations("a\n> «abajo»\nb") == "a\nb"


@pytest.mark.parametrize("language", sorted(BANNED))
def test_no_catalogue_message_copies_the_english(language):
    found = {
        msgid: banned_in(text, language)
        for (_, msgid), forms in catalogue(language).items()
        for text in forms
        if banned_in(text, language)
    }
    assert not found, f"locale/{language}: {found}"


@pytest.mark.parametrize("language", sorted(BANNED))
def test_no_rules_page_copies_the_english(language):
    found = {
        page: banned_in(text, language)
        for page, text in pages(language).items()
        if banned_in(text, language)
    }
    assert not found, f"docs/rules/{language}/: {found}"


@pytest.mark.parametrize("key", SET_MESSAGES, ids=lambda key: key[1][:40])
def test_a_set_bid_is_fallida_in_spanish(key):
    forms = catalogue("es")[key]
    assert all("fallida" in form and not SET_AS_PUESTO.search(form) for form in forms), forms


def test_no_spanish_rules_page_says_puesto():
    found = [page for page, text in pages("es").items() if SET_AS_PUESTO.search(text)]
    assert not found, found
    spanish = pages("es")
    assert all("fallida" in spanish[page].lower() for page in ("monterey-draw.md", "tennessee.md"))


@pytest.mark.parametrize("language", sorted(CHOSEN))
def test_the_chosen_words_are_said(language):
    messages = catalogue(language)
    wrong = {
        msgid: forms
        for (context, msgid), word in CHOSEN[language].items()
        for forms in [messages[(context, msgid)]]
        if not all(word in form.lower() for form in forms)
    }
    assert not wrong, wrong


def test_tennessee_down_is_fuera_in_spanish():
    own = outside_quotations(pages("es")["tennessee.md"])
    assert "«fuera»" in own and "**Fuera**" in own
    assert not re.search(r"«abajo»|\*\*abajo\*\*", own, re.I)
    assert "«fuera»" in pages("es")["README.md"]


def test_monterey_double_bid_is_named_as_the_sources_do():
    assert "«16 por 32»" in pages("es")["monterey-draw.md"]
    assert "« 16 pour 32 »" in pages("fr")["monterey-draw.md"]
    assert "disparar a la luna" in pages("es")["tennessee.md"].lower()
    assert "décrocher la lune" in pages("fr")["tennessee.md"].lower()


def test_french_isle_madame_quotes_the_french_source():
    text = pages("fr")["isle-madame.md"]
    quotes = "\n".join(line for line in text.splitlines() if line.lstrip().startswith(">"))
    assert "L'offre est de 25 à 39." in quotes
    for spanish in ("licitación", "crupier", "triunfo", "subasta", "puntuación"):
        assert spanish not in quotes, spanish


def test_the_glossary_records_each_choice():
    text = GLOSSARY.read_text(encoding="utf-8")
    for word in (
        "fallida",
        "16 por 32",
        "16 pour 32",
        "disparar a la luna",
        "décrocher la lune",
        "jota fuera del palo",
        "montón de descartes",
        "défausse",
        "1re place",
    ):
        assert word in text, word
    for loan in ("jota hermana |", "| lavado |", "| tirar a la luna |", "| puesto (la puja"):
        assert loan not in text, loan
