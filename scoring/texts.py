"""The rules engine's English values in the reader's language.

``scoring.rules`` imports no Django: it keeps its words in English, marked for
the catalogues (``scoring.rules.words``).  These helpers translate them where
a page shows them: a validator error, a card's name, a suit, a game's title,
a house option's label.  Stored values never go through here: records, party
files and audit lines keep the English and the codes.
"""

from __future__ import annotations

from typing import Any

from django.utils.text import capfirst
from django.utils.translation import gettext, ngettext, pgettext, pgettext_lazy

from scoring.rules.cards import SUIT_NAMES
from scoring.rules.validate import ROLE_NAMES, FieldError
from scoring.rules.words import Plural, Text, TextList

__all__ = [
    "card_name",
    "game_title",
    "phrase",
    "refusal",
    "role_name",
    "suit_name",
    "translated",
    "word",
]

#: Rank words, as a card's name says them (the glossary's Ace, King, ...).
RANK_WORDS = {
    # Translators: a card's rank, in "the Ace of hearts".
    "A": pgettext_lazy("rank", "Ace"),
    "K": pgettext_lazy("rank", "King"),
    "Q": pgettext_lazy("rank", "Queen"),
    "J": pgettext_lazy("rank", "Jack"),
    "T": pgettext_lazy("rank", "Ten"),
    "9": pgettext_lazy("rank", "Nine"),
    "8": pgettext_lazy("rank", "Eight"),
    "7": pgettext_lazy("rank", "Seven"),
    "6": pgettext_lazy("rank", "Six"),
    "5": pgettext_lazy("rank", "Five"),
    "4": pgettext_lazy("rank", "Four"),
    "3": pgettext_lazy("rank", "Three"),
    "2": pgettext_lazy("rank", "Two"),
}


def word(value: Any) -> Any:
    """A param of an engine sentence as the reader reads it: a :class:`Text`,
    a :class:`TextList` or a validator error translated, anything else (a number, a player's
    name, a quoted value) as it is."""
    if isinstance(value, Text):
        return phrase(value)
    if isinstance(value, TextList):
        return value.sep.join(str(word(item)) for item in value.items)
    if isinstance(value, FieldError):
        return translated(value)
    return value


def _translated_template(template: str, forms: Plural | None, params: dict[str, Any]) -> str:
    """The template in the active language: ``ngettext`` of a plural's forms
    for its count, else ``gettext``."""
    if forms is not None:
        return ngettext(forms.singular, forms.plural, params[forms.count])
    return gettext(template)


def phrase(text: Text) -> str:
    """A :class:`Text` in the active language: its template translated, then
    filled with its params (words among them translated too)."""
    template = _translated_template(text.template, text.forms, text.params)
    result = template % {key: word(value) for key, value in text.params.items()}
    return capfirst(result) if text.capital else result


def translated(error: Any) -> str:
    """A validator :class:`~scoring.rules.validate.FieldError` in the active
    language: ``gettext(error.template) % error.params`` (``ngettext`` of its
    forms for a plural), the params that are words translated too.
    ``str(error)`` stays the English sentence."""
    template = getattr(error, "template", None)
    if template is None:
        return str(error)
    template = _translated_template(template, getattr(error, "forms", None), error.params)
    return template % {key: word(value) for key, value in error.params.items()}


def refusal(error: Exception, *, sentence: bool = False) -> str:
    """Why the engine refused (an ``IllegalAction``, a ``RulesetError``), in
    the active language: its message :class:`Text` translated.  ``sentence``
    starts it with a capital, as the language writes its first letter, and
    ends it with a full stop."""
    message = error.args[0] if error.args else str(error)
    said = str(word(message)) if isinstance(message, str) else str(error)
    return capfirst(said) + "." if sentence else said


def suit_name(letter: str) -> str:
    """A suit's name ("hearts") in the active language."""
    return gettext(SUIT_NAMES[letter])


def role_name(role: str) -> str:
    """A point card by its role ("the right pedro") in the active language."""
    return phrase(ROLE_NAMES[role])


def card_name(code: str) -> str:
    """A card's name from its code: ``AH`` is "the Ace of hearts" (es "el as
    de corazones"); the jokers are "the joker" and "the off joker"."""
    if code in ("X1", "X2"):
        return role_name(code)
    rank, suit = code[0], code[1]
    # Translators: a card's name: rank and suit words, as "the Ace of hearts".
    return pgettext("card", "the %(rank)s of %(suit)s") % {
        "rank": RANK_WORDS[rank],
        "suit": suit_name(suit),
    }


def game_title(ruleset: Any) -> str:
    """A game's title ("Monterey Draw Pedro") in the active language."""
    return gettext(ruleset.title)
