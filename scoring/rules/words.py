"""English words of the engine, kept so that a page can say them in its language.

The rules import nothing from Django.  A string people read is written in
English and marked with :func:`gettext_noop`, so that Django's
``makemessages`` puts it in the catalogues; the page that shows it passes it
through ``gettext`` (``scoring.texts`` does this for the engine's values).

A sentence with values in it is a :class:`Text`: the English sentence itself
(it *is* that ``str``, so what is stored or logged does not change), its
``template`` with ``%(name)s`` placeholders and its ``params``.  A param that
is itself a :class:`Text` (a card's name, "seat 2 (Bea)") or a
:class:`TextList` of them is translated too; any other param (a number, a
player's name, a quoted value) is put in as it is.

A sentence with a number beside a noun ("1 point", "5 points") is marked
with :func:`ngettext_noop`: its :class:`Plural` keeps both English forms and
the param whose number picks one, and the page says it with ``ngettext``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

__all__ = ["Plural", "Text", "TextList", "gettext_noop", "ngettext_noop", "one_of"]


def gettext_noop(text: str) -> str:
    """Mark ``text`` for the translation catalogues; callers translate it.

    The rules import nothing from Django, so labels are English here and the
    page that shows them passes them through ``gettext``."""
    return text


@dataclass(frozen=True)
class Plural:
    """A message's singular and plural, and the param (a whole number) whose
    value picks one: ``ngettext(singular, plural, params[count])``."""

    singular: str
    plural: str
    count: str

    def english(self, params: Mapping[str, Any]) -> str:
        """The English form for these params."""
        return self.singular if params[self.count] == 1 else self.plural


def ngettext_noop(singular: str, plural: str, count: str) -> Plural:
    """Mark a message with a plural for the catalogues (``makemessages`` reads
    this name, see ``pedroparty/catalogues.py``); ``count`` names the param
    whose number picks the form.  A :class:`Text` made from it says the form
    its count asks for, in English here and through ``ngettext`` on a page."""
    return Plural(singular, plural, count)


class Text(str):
    """An English phrase made of a ``template`` and its ``params``.

    ``capital`` asks for the phrase's first letter in upper case (the English
    string already has it); a translation capitalizes its own first letter.
    Made from a :class:`Plural`, ``template`` is the English form its count
    asks for and ``forms`` the two forms, for ``ngettext``."""

    template: str
    params: dict[str, Any]
    capital: bool
    forms: Plural | None

    def __new__(
        cls,
        template: str | Plural,
        params: Mapping[str, Any] | None = None,
        *,
        capital: bool = False,
    ) -> Text:
        values = dict(params or {})
        forms = template if isinstance(template, Plural) else None
        if forms is not None:
            template = forms.english(values)
        english = template % values if values else template
        if capital:
            english = english[:1].upper() + english[1:]
        self = super().__new__(cls, english)
        self.template = template
        self.params = values
        self.capital = capital
        self.forms = forms
        return self

    def capitalized(self) -> Text:
        """The same phrase at the start of a sentence."""
        return Text(self.forms or self.template, self.params, capital=True)

    def __reduce__(self) -> tuple[Any, ...]:
        return _text, (self.forms or self.template, self.params, self.capital)

    def __repr__(self) -> str:
        return f"Text({self.template!r}, {self.params!r})"


def _text(template: str | Plural, params: dict[str, Any], capital: bool) -> Text:
    return Text(template, params, capital=capital)


class TextList(str):
    """Phrases said one after another, joined by ``sep`` (a comma by default)."""

    items: tuple[Any, ...]
    sep: str

    def __new__(cls, items: Iterable[Any], sep: str = ", ") -> TextList:
        items = tuple(items)
        self = super().__new__(cls, sep.join(str(item) for item in items))
        self.items = items
        self.sep = sep
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return TextList, (self.items, self.sep)


#: Two values said as alternatives ("32 or 16").
# Translators: alternatives, as in "bids are 6 to 16 or 32"; each may itself be a list.
OR = gettext_noop("%(first)s or %(then)s")


def one_of(values: Iterable[Any]) -> Any:
    """Values said as alternatives, in order: "32 or 16", "6 or 1 or 7"; a
    single value as it is.  The "or" is a :class:`Text`, so it is translated."""
    values = list(values)
    said = values[-1]
    for value in reversed(values[:-1]):
        said = Text(OR, {"first": value, "then": said})
    return said
