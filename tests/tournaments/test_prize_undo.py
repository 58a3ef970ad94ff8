"""A prize pick is confirmed before it is awarded, and the latest pick can be
put back by the host (audited, the party's version bumped)."""

from __future__ import annotations

import random

import pytest
from django.test import Client
from django.urls import reverse

from tournaments import selectors, services
from tournaments.models import AuditEntry, Party, PrizeAward
from tournaments.services import PartyError
from tournaments.standings import table_round_winner

from .builders import make_party, play_round

pytestmark = pytest.mark.django_db


def finished(host) -> Party:
    party = make_party(host, players=4)
    rnd = services.round1_seat_draw(party=party, seed=5, user=host)
    play_round(party, rnd, host, random.Random(2))
    for line in selectors.round_board(party, 1).tables:
        if table_round_winner([d.score for d in line.deals]) is None:
            services.table_record_cut(round=rnd, table=line.number, team=0, user=host)
    services.round_close(round=rnd, user=host, seat_next=False)
    services.party_finish(party=party, user=host)
    party.refresh_from_db()
    return party


def place_prizes(party: Party):
    return list(party.prizes.filter(kind="place").order_by("position"))


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_a_pick_is_confirmed_before_it_is_awarded(host):
    party = finished(host)
    client = signed_in(host)
    url = reverse("host:prizes", args=[party.slug])
    turn = selectors.prize_turn(party)
    wine = place_prizes(party)[0]
    response = client.post(url, {"player": turn.player, "prize": wine.pk})
    assert response.status_code == 200
    assert not PrizeAward.objects.exists()
    text = response.content.decode()
    assert f"Yes, {turn.name} takes {wine.name}" in text
    assert 'name="confirm" value="yes"' in text and ">Cancel</a>" in text
    response = client.post(url, {"player": turn.player, "prize": wine.pk, "confirm": "yes"})
    assert response.status_code == 302
    assert PrizeAward.objects.get().prize == wine


def test_the_latest_pick_can_be_undone(host):
    party = finished(host)
    wine, chocolates, _ = place_prizes(party)
    first = selectors.prize_turn(party)
    services.prize_pick(
        party=party, player=party.players.get(pk=first.player), prize=wine, user=host
    )
    second = selectors.prize_turn(party)
    services.prize_pick(
        party=party, player=party.players.get(pk=second.player), prize=chocolates, user=host
    )
    client = signed_in(host)
    page = client.get(reverse("host:prizes", args=[party.slug])).content.decode()
    assert page.count("Undo this pick") == 1
    assert f'name="prize" value="{chocolates.pk}">Undo this pick' in page
    with pytest.raises(PartyError, match="Only the latest pick"):
        services.prize_unpick(party=party, prize=wine, user=host)
    version = Party.objects.get(pk=party.pk).version
    response = client.post(
        reverse("host:prize_unpick", args=[party.slug]), {"prize": chocolates.pk}
    )
    assert response.status_code == 302
    assert list(PrizeAward.objects.filter(prize__kind="place").values_list("prize", flat=True)) == [
        wine.pk
    ]
    assert selectors.prize_turn(party).player == second.player  # picks again
    assert Party.objects.get(pk=party.pk).version == version + 1
    entry = AuditEntry.objects.get(action="prize_unpick")
    assert entry.user == host and chocolates.name in entry.summary and second.name in entry.summary
    with pytest.raises(PartyError, match="has not been picked"):
        services.prize_unpick(party=party, prize=chocolates, user=host)


def test_only_the_host_undoes_a_pick(host, other_host):
    party = finished(host)
    wine = place_prizes(party)[0]
    turn = selectors.prize_turn(party)
    services.prize_pick(
        party=party, player=party.players.get(pk=turn.player), prize=wine, user=host
    )
    url = reverse("host:prize_unpick", args=[party.slug])
    response = signed_in(other_host).post(url, {"prize": wine.pk})
    assert response.status_code in (403, 404)
    assert Client().post(url, {"prize": wine.pk}).status_code == 302  # to sign in
    assert signed_in(host).get(url).status_code == 405
    assert PrizeAward.objects.filter(prize=wine).exists()


def test_a_pick_cannot_be_undone_before_the_party_is_finished(host):
    party = make_party(host, players=4)
    with pytest.raises(PartyError, match="once the party is finished"):
        services.prize_unpick(party=party, prize=place_prizes(party)[0], user=host)
