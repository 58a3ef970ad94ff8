"""One point is "1 point": the pages, the certificates and the rules engine's
refusals say a number beside a noun with its plural form, in every language."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils.html import strip_tags

from pedroparty.celery import app
from tournaments import selectors, services
from tournaments.models import Document, Party

from .builders import make_party
from .printing.test_documents import pdf_pages_text

pytestmark = pytest.mark.django_db

#: How each language says one point, and what it must never say.
ONE_POINT = {
    "en": ("1 point", "1 points"),
    "es": ("1 punto", "1 puntos"),
    "fr": ("1 point", "1 points"),
}


@pytest.fixture
def eager_tasks():
    saved = app.conf.task_always_eager, app.conf.task_eager_propagates
    app.conf.task_always_eager = app.conf.task_eager_propagates = True
    yield
    app.conf.task_always_eager, app.conf.task_eager_propagates = saved


def reader(host, language: str) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(host)
    client.cookies["django_language"] = language
    return client


def text_of(markup: str) -> str:
    return " ".join(html.unescape(strip_tags(markup)).split())


def says_one_point(text: str, language: str) -> bool:
    """Whether ``text`` says one point its language's way, and never "1 points"."""
    said, never = ONE_POINT[language]
    return bool(re.search(rf"(?<!\d){said}\b", text)) and not re.search(rf"(?<!\d){never}\b", text)


def one_point_party(host) -> Party:
    """A finished one-table party whose second team scored exactly 1 point;
    the first two place prizes picked, the third team's turn next."""
    party = make_party(host, players=4)
    rnd = services.round1_seat_draw(party=party, seed=3, user=host)
    rs = services.party_ruleset(party)
    for deal in range(1, party.deals_per_round + 1):
        services.result_record(
            round=rnd,
            table=1,
            deal=deal,
            entry=services.DealEntry(
                bidder=0,
                bid=rs.min_bid,
                bidding_team_points=rs.total_points - 1 if deal == 1 else rs.total_points,
            ),
            user=host,
        )
    services.round_close(round=rnd, user=host, seat_next=False)
    services.party_finish(party=party, user=host)
    prizes = list(party.prizes.filter(kind="place").order_by("position"))
    for prize in prizes[:2]:
        turn = selectors.prize_turn(party)
        services.prize_pick(
            party=party, player=party.players.get(pk=turn.player), prize=prize, user=host
        )
    party.refresh_from_db()
    return party


@pytest.mark.parametrize("language", ["en", "es", "fr"])
def test_the_prizes_page_and_the_certificate_say_one_point(
    host, language, eager_tasks, django_capture_on_commit_callbacks
):
    party = one_point_party(host)
    Party.objects.filter(pk=party.pk).update(language=language)
    turn = selectors.prize_turn(party)
    assert turn.score == 1
    client = reader(host, language)

    prizes = text_of(client.get(reverse("host:prizes", args=[party.slug])).content.decode())
    assert says_one_point(prizes, language), prizes

    third = party.prizes.filter(kind="place").order_by("position")[2]
    services.prize_pick(
        party=party, player=party.players.get(pk=turn.player), prize=third, user=host
    )
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("host:documents", args=[party.slug]), {"kind": "certificates"})
    document = Document.objects.get(party=party, kind="certificates")
    pages = [text_of(page) for page in pdf_pages_text(bytes(document.content))]
    winner = party.players.get(pk=turn.player).name
    (page,) = [page for page in pages if winner in page and third.name in page]
    assert says_one_point(page, language), page


@pytest.mark.parametrize("language", ["en", "es", "fr"])
def test_the_result_form_says_one_point(host, language):
    party = make_party(host, players=4)
    services.round1_seat_draw(party=party, seed=3, user=host)
    cards = {f"card_{role}": "0" for role in ("A", "J", "T", "P", "L")} | {"card_2": "1"}
    record = {"deal": "1", "bidder": "1", "bid": "9", "form_token": "t", "detailed": "on"}
    response = reader(host, language).post(
        reverse("host:table", args=[party.slug, 1, 1]),
        {**record, **cards, "bidding_team_points": "3"},
    )
    assert response.status_code == 422
    page = text_of(response.content.decode())
    assert says_one_point(page, language), page
