"""A seat created for a bot has no person: nobody may see its hand while a
deal is in play (RULES.md 7).  A seat a person handed to a bot stays theirs."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from scoring import services
from scoring.models import OnlineSeat
from scoring.services import PlayError

from .builders import make_idle, make_table, run_bots, seats_of, state_of

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_think")]

CARD = re.compile(r'data-card="([2-9TJQKA][SHDC])"')


def test_the_creator_page_has_no_link_to_a_bot_seat(client):
    table = make_table(("human", "heuristic", "human", "random"))
    seats = seats_of(table)
    text = client.get(reverse("play:manage", args=[table.creator_token])).content.decode()
    for seat in seats:
        link = reverse("play:seat", args=[seat.token])
        assert (link in text) == (not seat.is_bot), seat.name
        # Not even the bare token, e.g. in a QR code or a data attribute.
        assert (seat.token in text) == (not seat.is_bot), seat.name
    assert text.count("<svg") == 2
    assert text.count(">Open</a>") == 2
    assert "Give the seat to a person" not in text


@pytest.mark.parametrize(
    "name, args, method",
    [
        ("play:seat", [], "get"),
        ("play:seat_state", [], "get"),
        ("play:seat_replay", [1], "get"),
        ("play:seat_act", [], "post"),
    ],
)
def test_a_bot_seats_link_shows_no_hand(client, name, args, method):
    table = make_table(("human", "heuristic", "human", "human"))
    bot = seats_of(table)[1]
    url = reverse(name, args=[bot.token, *args])
    data = {"action": "pass", "version": table.version} if method == "post" else {}
    response = getattr(client, method)(url, data)
    assert response.status_code == 404
    assert not CARD.search(response.content.decode())


def test_a_bot_seats_link_cannot_move():
    table = make_table(("human", "heuristic", "human", "human"))
    bot = seats_of(table)[1]
    with pytest.raises(OnlineSeat.DoesNotExist):
        services.table_act(token=bot.token, action="pass", version=table.version)


def test_a_seat_handed_to_a_bot_stays_its_persons(client):
    table = make_table(idle_seconds=30)
    make_idle(table)
    services.seat_hand_to_bot(creator_token=table.creator_token, seat=1, kind="heuristic")
    handed = seats_of(table)[1]
    assert handed.is_bot and handed.stand_in
    page = client.get(reverse("play:manage", args=[table.creator_token])).content.decode()
    assert reverse("play:seat", args=[handed.token]) in page
    assert "Give the seat to a person" in page
    response = client.get(reverse("play:seat", args=[handed.token]))
    assert response.status_code == 200
    text = response.content.decode()
    assert "A bot is playing your seat" in text
    hand = set(state_of(table).hand(1))
    assert hand and hand <= set(CARD.findall(text))
    run_bots(table)
    services.seat_give_back(creator_token=table.creator_token, seat=1)
    seat = seats_of(table)[1]
    assert seat.kind == OnlineSeat.Kind.HUMAN and not seat.stand_in


def test_a_seat_created_for_a_bot_cannot_be_given_to_a_person(client):
    table = make_table(("human", "heuristic", "human", "human"))
    with pytest.raises(PlayError, match="set up for a bot"):
        services.seat_give_back(creator_token=table.creator_token, seat=1)
    url = reverse("play:manage_seat", args=[table.creator_token, 2])
    response = client.post(url, {"kind": "human"}, follow=True)
    assert "set up for a bot" in response.content.decode()
    assert seats_of(table)[1].kind == "heuristic"
