"""Table cards printed for an open round carry each table's table-side entry link."""

from __future__ import annotations

import random

import pytest

from tests.tournaments.builders import make_party, play_round
from tournaments import printing, services
from tournaments.errors import UserError
from tournaments.models import TableRound

pytestmark = pytest.mark.django_db

ENTRY_URL = f"https://hall.example/t/{printing.ENTRY_TOKEN_SLOT}/"


def _cards(party, round_number=None) -> str:
    raw = {"public_url": "https://hall.example/p/x/", "entry_url": ENTRY_URL}
    if round_number is not None:
        raw["round"] = round_number
    options = printing.document_options(party, "table_cards", raw)
    html, _step, _total = printing.build_html(party, "table_cards", options)
    return html


def test_cards_of_an_open_round_carry_each_tables_link(host):
    party = make_party(host, tableside_entry=True)
    rnd = services.round1_seat_draw(party=party, seed=3, user=host)
    html = _cards(party)
    for table, token in TableRound.objects.filter(round=rnd).values_list("table", "entry_token"):
        assert f"https://hall.example/t/{token}/" in html, table
    assert "round 1 only" in html


def test_cards_of_a_closed_round_or_with_the_option_off_carry_none(host):
    party = make_party(host, tableside_entry=True)
    rnd = services.round1_seat_draw(party=party, seed=3, user=host)
    play_round(party, rnd, host, random.Random(1))
    services.round_close(round=rnd, user=host)
    assert "https://hall.example/t/" not in _cards(party, round_number=1)
    off = make_party(host)
    services.round1_seat_draw(party=off, seed=3, user=host)
    assert "https://hall.example/t/" not in _cards(off)


@pytest.mark.parametrize("url", ["javascript:alert(1)", "https://hall.example/t/fixed/"])
def test_an_entry_link_without_a_place_for_the_token_is_refused(host, url):
    party = make_party(host, tableside_entry=True)
    with pytest.raises(UserError) as error:
        printing.document_options(
            party, "table_cards", {"public_url": "https://hall.example/p/x/", "entry_url": url}
        )
    assert "entry_url" in error.value.errors
