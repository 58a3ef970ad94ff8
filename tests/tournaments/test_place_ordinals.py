"""A place on a certificate is said as its language says it: French "place"
is feminine (1re place, 2e place), Spanish says "puesto" (1.º puesto), the
same word under the rank and in the sentence."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from django.utils.html import strip_tags
from django.utils.translation import override

from tournaments import printing
from tournaments.models import Party

from .printing.test_documents import finished_party

#: The place of rank ``n`` in each language, and what must never be printed.
PLACE = {
    "en": (lambda n: f"{printing.ordinal(n)} place", ("1er", "1re")),
    "fr": (lambda n: f"{n}re place" if n == 1 else f"{n}e place", ("1er", "lugar")),
    "es": (lambda n: f"{n}.º puesto", ("lugar", "1.ª", "plaza")),
}


@pytest.mark.parametrize(
    ("language", "number", "text"),
    [("fr", 1, "1re"), ("fr", 2, "2e"), ("fr", 11, "11e"), ("es", 1, "1.º"), ("es", 3, "3.º")],
)
def test_the_ordinal_of_a_place(language, number, text):
    with override(language):
        assert printing.ordinal(number) == text


@pytest.mark.django_db
@pytest.mark.parametrize("design", ["classic", "modern"])
@pytest.mark.parametrize("language", ["en", "fr", "es"])
def test_each_certificate_says_its_place_in_the_partys_language(host, language, design):
    party = finished_party(host, players=4)
    Party.objects.filter(pk=party.pk).update(language=language)
    client = Client()
    client.force_login(host)
    place, never = PLACE[language]
    lines = [line for line in printing.award_lines(party) if not line.special]
    assert lines
    for line in lines:
        page = client.get(
            reverse("host:certificate_preview", args=[party.slug]),
            {"award": line.id, "design": design},
        )
        text = " ".join(strip_tags(page.content.decode()).split())
        tie = "=" if line.rank_label.startswith("=") else ""
        assert f"{tie}{place(line.rank)}" in text, (line.rank, text)
        assert not any(word in text for word in never), text
