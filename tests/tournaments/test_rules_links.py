"""The host's and the players' pages link to the rules of the party's game:
the new-party form beside its game choice, the players' page and the
movement board."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments.selectors import public as public_selectors

from .builders import make_party

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_memos():
    public_selectors.forget_local()


def rules_href(game: str) -> str:
    return f'href="{reverse("rules:page", args=[game])}"'


def test_the_party_form_links_the_chosen_games_rules(client, host):
    client.force_login(host)
    body = client.get(reverse("host:party_create")).content.decode()
    assert rules_href("monterey-draw") in body
    assert f'data-rules-link="{reverse("rules:index")}"' in body


def test_a_refused_party_form_links_the_game_it_had_chosen(client, host):
    client.force_login(host)
    response = client.post(reverse("host:party_create"), {"name": "", "ruleset": "cinch"})
    assert response.status_code in (200, 422)
    assert rules_href("cinch") in response.content.decode()


@pytest.mark.parametrize("game", ["monterey-draw", "tennessee"])
def test_the_players_page_and_the_board_link_the_partys_game(client, host, game):
    party = make_party(host, ruleset=game)
    for name in ("party", "board"):
        url = reverse(f"public:{name}", kwargs={"token": party.public_token})
        body = client.get(url).content.decode()
        assert rules_href(game) in body, name
