"""The online table's pages link to the rules of the table's game: the
new-table page to the rules pages, a seat, the table's management page and
a deal's replay to the game played."""

from __future__ import annotations

import pytest
from django.urls import reverse

from .builders import act, make_table, run_bots, seats_of, state_of

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_think")]


def rules_href(game: str) -> str:
    return f'href="{reverse("rules:page", args=[game])}"'


def test_the_new_table_page_links_the_rules_pages(client):
    body = client.get(reverse("play:new")).content.decode()
    assert f'href="{reverse("rules:index")}"' in body


@pytest.mark.parametrize("game", ["monterey-draw", "pidro"])
def test_a_seat_and_the_management_page_link_the_tables_game(client, game):
    table = make_table(ruleset=game)
    seat = seats_of(table)[0]
    for url in (
        reverse("play:seat", args=[seat.token]),
        reverse("play:manage", args=[table.creator_token]),
    ):
        assert rules_href(game) in client.get(url).content.decode(), url


def test_a_replay_links_the_tables_game(client):
    table = make_table(("human", "heuristic", "heuristic", "heuristic"), ruleset="cinch")
    while state_of(table).phase != "done":
        run_bots(table)
        state = state_of(table)
        if state.phase != "done":
            act(table, state.legal_actions()[0])
    url = reverse("play:seat_replay", args=[seats_of(table)[0].token, 1])
    assert rules_href("cinch") in client.get(url).content.decode()
