"""The fixed choices the party's forms and printouts name, in the reader's
language: seats, suits, teams, point cards, and the site's languages."""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.utils.functional import lazy
from django.utils.translation import get_language, get_supported_language_variant, gettext
from django.utils.translation import gettext_lazy as _

#: "Seat 3", in the language active when a form shows it.
_seat_label = lazy(lambda number: gettext("Seat %(number)d") % {"number": number}, str)

SEAT_CHOICES = [(s, _seat_label(s + 1)) for s in range(4)]
SUIT_CHOICES = [
    ("", "—"),
    ("S", _("♠ Spades")),
    ("H", _("♥ Hearts")),
    ("D", _("♦ Diamonds")),
    ("C", _("♣ Clubs")),
]
TEAM_CHOICES = [(0, _("Seats 1 & 3")), (1, _("Seats 2 & 4"))]
#: The point cards' names; their values are the party's ruleset's.
POINT_CARD_NAMES = {
    "A": _("Ace (high)"),
    "K": _("King"),
    "Q": _("Queen"),
    "J": _("Jack"),
    "OJ": _("Off-jack"),
    "T": _("Ten (game)"),
    "9": _("Nine"),
    "P": _("Right pedro"),
    "L": _("Left pedro"),
    "3": _("Three"),
    "2": _("Two (low)"),
    "X1": _("Joker"),
    "X2": _("Second joker"),
}


def active_language() -> str:
    """The active language, as one of the site's languages."""
    try:
        return get_supported_language_variant(get_language() or settings.LANGUAGE_CODE)
    except LookupError:
        return settings.LANGUAGE_CODE


def language_field() -> forms.ChoiceField:
    """The party's language; left out, the service takes the active one."""
    return forms.ChoiceField(
        choices=settings.LANGUAGES,
        initial=active_language,
        required=False,
        label=_("Language of the party"),
        help_text=_("The printouts are written in it, and the board shows it."),
    )
