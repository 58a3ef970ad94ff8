"""Every game of RULESETS at an online table: created through the view, played
to the end through the services, every action checked against the engine."""

from __future__ import annotations

import random

import pytest
from django.test import Client
from django.urls import reverse

from scoring import services
from scoring.models import DealEvent, OnlineTable
from scoring.rules import RULESETS, game_winner, new_deal
from scoring.services import PlayError

from .builders import act, make_table, run_bots, seats_of, state_of

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_think")]

GAMES = sorted(RULESETS)


@pytest.mark.parametrize("game", GAMES)
def test_every_page_renders_at_every_step(game):
    rng = random.Random(game)
    table = make_table(("human", "heuristic", "heuristic", "heuristic"), ruleset=game, deals=2)
    client = Client()
    me = seats_of(table)[0]
    for _ in range(500):
        run_bots(table)
        assert client.get(reverse("play:seat", args=[me.token])).status_code == 200
        assert client.get(reverse("play:seat_state", args=[me.token])).status_code == 200
        if table.status == OnlineTable.Status.FINISHED:
            break
        state = state_of(table)
        act(table, "next" if state.phase == "done" else rng.choice(state.legal_actions()))
    assert table.status == OnlineTable.Status.FINISHED
    for deal in table.deals.all():
        assert client.get(reverse("play:seat_replay", args=[me.token, deal.number])).status_code == 200
