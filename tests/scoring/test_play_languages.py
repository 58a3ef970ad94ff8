"""Online play in the reader's language: the seat page's switcher, the
language in its ETags, and words the pages and forms take from the catalogues."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.functional import Promise

from scoring.forms import PartyTableForm, TableForm
from scoring.models import OnlineSeat
from scoring.rules import RULESETS
from scoring.selectors import bid_text, suit_label, tile

from .builders import make_table, seats_of

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_think")]

SPANISH = {"Accept-Language": "es"}


def seat_url(seat: OnlineSeat) -> str:
    return reverse("play:seat", args=[seat.token])


def test_the_seat_page_has_the_language_switcher_back_to_the_seat(client):
    ana = seats_of(make_table())[0]
    page = client.get(seat_url(ana)).content.decode()
    switch = re.search(
        r'<form class="lang-switch" method="post" action="([^"]+)">(.*?)</form>', page, re.S
    )
    assert switch is not None and switch.group(1) == reverse("set_language")
    assert f'name="next" value="{seat_url(ana)}"' in switch.group(2)
    assert 'name="csrfmiddlewaretoken"' in switch.group(2)
    assert 'src="/static/js/language.js"' in page or "js/language" in page
    # Every script is a file: the seat page's CSP allows no inline script.
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", page)
    csp = client.get(seat_url(ana))["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp


def test_switching_language_keeps_the_player_at_their_seat(client):
    ana = seats_of(make_table())[0]
    client.get(seat_url(ana))  # the page sets the CSRF cookie its switcher posts with
    response = client.post(reverse("set_language"), {"language": "es", "next": seat_url(ana)})
    assert response.status_code == 302 and response["Location"] == seat_url(ana)
    assert client.cookies[settings.LANGUAGE_COOKIE_NAME].value == "es"
    page = client.get(seat_url(ana))
    assert page.status_code == 200 and '<html lang="es"' in page.content.decode()


def test_a_page_in_another_language_has_its_own_etag(client):
    ana = seats_of(make_table())[0]
    english = client.get(seat_url(ana), headers={"HX-Request": "true"})
    spanish = client.get(seat_url(ana), headers={"HX-Request": "true", **SPANISH})
    assert english["ETag"] == '"seat-2-game"' and spanish["ETag"] == '"seat-2-game-es"'
    # The poll sends back the ETag of the language it was drawn in.
    assert '"If-None-Match": "\\"seat-2-game-es\\""' in spanish.content.decode()
    # An English screen is not kept when the page is now read in Spanish.
    again = client.get(
        seat_url(ana), headers={"HX-Request": "true", "If-None-Match": english["ETag"], **SPANISH}
    )
    assert again.status_code == 200
    same = client.get(
        seat_url(ana), headers={"HX-Request": "true", "If-None-Match": spanish["ETag"], **SPANISH}
    )
    assert same.status_code == 304
    whole = client.get(seat_url(ana), headers=SPANISH)
    assert whole["ETag"] == '"seat-2-page-es"' and '<html lang="es"' in whole.content.decode()


def test_the_manage_page_copy_button_takes_its_word_from_the_page(client):
    table = make_table()
    page = client.get(reverse("play:manage", args=[table.creator_token])).content.decode()
    assert 'data-copied="Copied"' in page
    script = (settings.BASE_DIR / "static" / "js" / "play.js").read_text(encoding="utf-8")
    assert "dataset.copied" in script and '"Copied"' not in script


def test_form_labels_follow_the_language_of_the_page():
    form = TableForm()
    assert isinstance(form.fields["idle_seconds"].label, Promise)
    assert all(isinstance(label, Promise) for _, label in form.fields["idle_seconds"].choices)
    assert all(isinstance(label, Promise) for _, label in form.fields["ruleset"].choices)
    assert isinstance(PartyTableForm().fields["table"].label, Promise)
    with translation.override("en"):
        assert dict(form.fields["idle_seconds"].choices)[120] == "2 minutes"


def test_card_buttons_and_suits_are_named_in_words():
    with translation.override("en"):
        button = str(tile("AH", "H", "play AH").button())
        assert 'aria-label="Play the Ace of hearts"' in button
        assert 'aria-label="Discard the Ten of clubs"' in str(
            tile("TC", "H", "discard TC").button()
        )
        assert suit_label("S")["name"] == "spades"
        assert str(suit_label("D")["mark"]) == '<span class="red">♦</span>'
        assert bid_text("pass", RULESETS["monterey-draw"]) == "pass"


def test_a_finished_deal_reads_as_one_sentence():
    result = {"bidder": "Ana", "bid_label": "8", "points": 10, "score": (10, 6)}
    with translation.override("en"):
        made = render_to_string(
            "play/_result.html", {"result": {**result, "made": True, "trump": suit_label("H")}}
        )
        set_ = render_to_string("play/_result.html", {"result": {**result, "made": False}})
    assert made.strip() == (
        'Ana bid 8 in <span class="red">♥</span> and made it with 10: <b>10</b> to <b>6</b>.'
    )
    assert set_.strip() == "Ana bid 8 and was set with 10: <b>10</b> to <b>6</b>."
