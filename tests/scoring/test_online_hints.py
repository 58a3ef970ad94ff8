"""The hint on a person's turn at a casual table: the expert's choice, from
that seat's view alone, within the settings' budget, with why in one line."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from scoring import selectors, services
from scoring.rules import expert
from scoring.rules.bots import HeuristicBot
from tournaments import services as party_services

from .builders import make_table, seats_of, state_of

pytestmark = pytest.mark.django_db

HX = {"HX-Request": "true"}


@pytest.fixture(autouse=True)
def small_budget(settings):
    settings.PLAY_EXPERT_SAMPLES = settings.PLAY_EXPERT_BID_SAMPLES = 2
    settings.PLAY_EXPERT_TIME_MS = 50


def to_act(table):
    return seats_of(table)[state_of(table).to_act]


def test_the_hint_on_my_turn_is_one_of_my_moves_with_why(client):
    table = make_table()
    me = to_act(table)

    response = client.get(reverse("play:seat_hint", args=[me.token]), headers=HX)

    assert response.status_code == 200
    assert response.text.count('id="advice"') == 1
    assert "Hint:" in response.text
    advised = response.text.split('data-advised="')[1].split('"')[0]
    assert advised in state_of(table).legal


def test_the_hint_says_the_gain_over_the_next_best_move():
    table = make_table()
    state = state_of(table)
    # Play to the first card, where every legal card is weighed.
    bot = HeuristicBot(seed=2)
    while state.phase != "play":
        seat = seats_of(table)[state.to_act]
        services.table_act(token=seat.token, action=bot.choose(state), version=table.version)
        table.refresh_from_db()
        state = state_of(table)
    me = to_act(table)

    hint = selectors.seat_hint(me.token)

    assert hint.action in state.legal
    if len(state.legal) > 1:
        assert "average score " in hint.text


def test_the_expert_is_given_the_seats_view_and_the_settings_budget(monkeypatch):
    table = make_table()
    me = to_act(table)
    seen = []
    real = expert.ExpertBot.advise

    def spy(self, view):
        seen.append((view, self.samples, self.bid_samples, self.time_ms))
        return real(self, view)

    monkeypatch.setattr(expert.ExpertBot, "advise", spy)

    selectors.seat_hint(me.token)

    assert seen == [(state_of(table).view(me.seat), 2, 2, 50)]


def test_no_hint_out_of_turn(client):
    table = make_table()
    other = seats_of(table)[(state_of(table).to_act + 1) % 4]

    response = client.get(reverse("play:seat_hint", args=[other.token]), headers=HX)
    page = client.get(reverse("play:seat", args=[other.token])).text

    assert "A hint is for your turn." in response.text
    assert "data-advised" not in response.text
    assert "hint-button" not in page


def test_the_button_is_on_my_turn_and_works_without_javascript(client):
    table = make_table()
    me = to_act(table)

    page = client.get(reverse("play:seat", args=[me.token])).text
    whole = client.get(reverse("play:seat_hint", args=[me.token]))

    assert "hint-button" in page
    assert whole.status_code == 200
    assert "<main" in whole.text and "Hint:" in whole.text


def test_the_hint_speaks_the_players_language(client):
    table = make_table()
    me = to_act(table)

    response = client.get(
        reverse("play:seat_hint", args=[me.token]), headers={**HX, "Accept-Language": "es"}
    )

    assert "Pista:" in response.text


def test_a_party_table_offers_no_hint(client, django_user_model):
    host = django_user_model.objects.create_user(username="host", password="cards-1-wine")
    party = party_services.party_create(
        owner=host,
        name="Card night",
        date=datetime.date(2026, 4, 18),
        settings=party_services.PartySettings(ruleset="monterey-widow"),
    )
    players = [
        party_services.player_register(party=party, name=name, user=host)
        for name in ("Ana", "Bea", "Cruz", "Dee")
    ]
    rnd = party_services.round1_seat_manual(
        party=party, tables=[[p.pk for p in players]], user=host
    )
    table = services.party_table_create(round=rnd, table=1, kinds=["human"] * 4, user=host)
    me = to_act(table)

    page = client.get(reverse("play:seat", args=[me.token])).text
    hint = client.get(reverse("play:seat_hint", args=[me.token]))

    assert "hint-button" not in page
    assert hint.status_code == 404
