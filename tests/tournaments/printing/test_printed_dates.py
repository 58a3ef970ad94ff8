"""A printable says the party's date the party's language's way: the tally
cards as the certificates and table cards do, not an English month first."""

from __future__ import annotations

import pytest
from django.utils.formats import date_format
from django.utils.html import strip_tags
from django.utils.translation import override

from tests.tournaments.builders import make_party
from tournaments import printing
from tournaments.models import Party

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("language", "english"), [("es", "Apr 18, 2026"), ("fr", "Apr 18, 2026")])
def test_the_tally_cards_date_is_in_the_partys_language(host, language, english):
    party = make_party(host, players=8)
    Party.objects.filter(pk=party.pk).update(language=language)
    party.refresh_from_db()
    options = printing.document_options(party, "tally_cards", {"paper": "letter"})
    html, _step, _total = printing.build_html(party, "tally_cards", options)
    text = " ".join(strip_tags(html).split())
    with override(language):
        said = date_format(party.date, "DATE_FORMAT")
    assert said in text and english not in text, said
