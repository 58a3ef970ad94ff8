"""The players page's "Leaves" button: what the host is told it did."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments import services
from tournaments.models import Player

from .builders import make_party

pytestmark = pytest.mark.django_db


@pytest.fixture
def client_host(client, host):
    client.force_login(host)
    return client


def leaves(client_host, party, name: str):
    player = party.players.get(name=name)
    return client_host.post(
        reverse("host:player_depart", args=[party.slug, player.pk]), follow=True
    )


@pytest.mark.usefixtures("template_context")
def test_before_round_1_the_player_is_taken_off_the_list(client_host, host):
    party = make_party(host)
    response = leaves(client_host, party, "Zoë")
    assert [str(m) for m in response.context["messages"]] == [
        "Zoë is taken off the list of players."
    ]
    assert not Player.objects.filter(party=party, name="Zoë").exists()


@pytest.mark.usefixtures("template_context")
def test_after_round_1_is_seated_the_player_leaves_with_the_score_kept(client_host, host):
    party = make_party(host)
    services.round1_seat_draw(party=party, seed=3, user=host)
    response = leaves(client_host, party, "Zoë")
    assert [str(m) for m in response.context["messages"]] == [
        "Zoë has left the party; the score is kept."
    ]
    assert Player.objects.get(party=party, name="Zoë").leaves_round == 2
