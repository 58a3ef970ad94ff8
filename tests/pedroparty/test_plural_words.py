"""A number beside a noun is said with its plural form: "1 point", "2 points".

Every message of the project (the committed catalogue holds exactly what
the source marks, tests/pedroparty/test_catalogues.py sees to it) that puts
a number's placeholder before a counted noun must be a plural message
(``ngettext``, ``blocktranslate count``, ``ngettext_noop`` in the rules), so
that neither English nor a translation ever prints "1 points".
"""

from __future__ import annotations

import re
from pathlib import Path

import polib

ROOT = Path(__file__).resolve().parents[2]
CATALOGUE = ROOT / "locale" / "es" / "LC_MESSAGES" / "django.po"

NOUNS = (
    "points?|deals?|rounds?|players?|nights?|tables?|part(?:y|ies)|cards?|seats?|members?"
    "|minutes?|seconds?|hours?|days?|characters?|bytes?|tokens?|tricks?|prizes?|actions?"
    "|games?|trumps?|versions?|seasons?|clubs?|entries|entry|lines?"
)
#: A placeholder, perhaps a word that qualifies the noun, the noun.
NUMBER_NOUN = re.compile(
    r"%(?:\((\w+)\))?[ds](?:-| )(?:(?:more|extra|other|place|non-point)\s+)?(?:" + NOUNS + r")\b"
)
#: Placeholders that hold a name or a word, never a number ("%(dealer)s
#: deals", "%(symbol)s trump", "a %(format)s club file").
NOT_NUMBERS = {"bidder", "card", "dealer", "format", "name", "player", "suit", "symbol", "team"}


def counted_without_plural(messages: list[polib.POEntry]) -> list[str]:
    """The messages without a plural that put a number before a noun."""
    return [
        entry.msgid
        for entry in messages
        if not entry.msgid_plural
        and any(match.group(1) not in NOT_NUMBERS for match in NUMBER_NOUN.finditer(entry.msgid))
    ]


def test_every_number_beside_a_noun_is_a_plural_message():
    assert counted_without_plural(list(polib.pofile(str(CATALOGUE)))) == []


def test_the_check_finds_a_number_beside_a_noun():
    found = counted_without_plural(
        [
            polib.POEntry(msgid="%(points)s points"),
            polib.POEntry(msgid="Table %(table)d has %(seats)d seats."),
            polib.POEntry(msgid="Play 1 to %(max)s deals."),
            polib.POEntry(msgid="Start the %(minutes)s-minute clock"),
            polib.POEntry(msgid="Lay down %(count)d extra trumps."),
            polib.POEntry(msgid="%(n)s point", msgid_plural="%(n)s points"),
            polib.POEntry(msgid="Rank %(rank)s of %(total)s"),
            polib.POEntry(msgid="Deal %(number)s · %(dealer)s deals"),
            polib.POEntry(msgid="This is not a %(format)s club file."),
        ]
    )
    assert found == [
        "%(points)s points",
        "Table %(table)d has %(seats)d seats.",
        "Play 1 to %(max)s deals.",
        "Start the %(minutes)s-minute clock",
        "Lay down %(count)d extra trumps.",
    ]
