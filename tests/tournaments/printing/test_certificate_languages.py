"""Prize certificates print in the party's language, whoever asks for them.

The expected words are the catalogue's translations of the certificate's
English messages (``gettext`` under ``override``), read back from the PDF's
text with pypdf; the English ones must be gone.  A message the catalogue
does not translate yet fails the test.
"""

from __future__ import annotations

import pytest
from django.utils import formats
from django.utils.html import strip_tags
from django.utils.translation import gettext, override

from tournaments import printing
from tournaments.models import Document, Party
from tournaments.printing import rendering

from .test_documents import finished_party, pdf_pages_text

pytestmark = pytest.mark.django_db

#: The words every certificate of a design carries; then how it names a
#: place prize and a special prize.
WORDS = {
    "classic": ["Certificate of Award", "is proudly presented to"],
    "modern": ["Prize certificate", "Presented to"],
}
PRIZE = "Prize: <em>%(prize)s</em>"
SPECIAL = {
    "classic": "Special prize: <em>%(prize)s</em>",
    "modern": "Special prize for the <em>%(prize)s</em>",
}


def party_date(day) -> str:
    """The party's date as a certificate writes it in the active language:
    the weekday, then the language's own date format."""
    weekday = formats.date_format(day, "l")
    return f"{weekday}, {formats.date_format(day, 'DATE_FORMAT')}"


def flat(text: str) -> str:
    """Text as compared: tags gone, every run of spaces and line breaks one space."""
    return " ".join(strip_tags(text).split())


def translated(lang: str, msgid: str, **values: object) -> str:
    with override(lang):
        text = gettext(msgid)
    assert text != msgid, f"no {lang} translation of {msgid!r}"
    return flat(text % values if values else text)


def certificates(party: Party, design: str) -> list[str]:
    """The certificates' PDF, made as the worker makes it, as text per page."""
    document = printing.document_request(
        party=party, kind="certificates", options={"design": design}, user=party.owner
    )
    rendering.document_render(document_id=document.pk)
    document.refresh_from_db()
    assert document.status == Document.Status.READY, document.error
    return [flat(text) for text in pdf_pages_text(bytes(document.content))]


@pytest.mark.parametrize("design", ["classic", "modern"])
@pytest.mark.parametrize("lang", ["es", "fr"])
def test_certificates_print_in_the_partys_language(host, lang, design):
    party = finished_party(host, players=4)
    Party.objects.filter(pk=party.pk).update(language=lang)
    party.refresh_from_db()
    with override(lang):
        lines = printing.award_lines(party)
    pages = certificates(party, design)
    assert len(pages) == len(lines)
    with override(lang):
        date = party_date(party.date)
    english_date = party_date(party.date)
    assert date != english_date
    for text, line in zip(pages, lines, strict=True):
        wanted = [translated(lang, words) for words in WORDS[design]]
        if line.special:
            # A special prize's name is the site's own words, printed in the party's language.
            with override(lang):
                name = gettext(line.prize)
            prize = name.lower() if design == "modern" else name
            wanted.append(translated(lang, SPECIAL[design], prize=prize))
        else:
            wanted.append(translated(lang, PRIZE, prize=line.prize))
        for words in wanted:
            assert words in text, (words, text)
        for english in WORDS[design]:
            assert english not in text, (english, text)
        assert flat(PRIZE % {"prize": line.prize}) not in text
        assert date in text and english_date not in text, (date, text)
        assert line.name in text
