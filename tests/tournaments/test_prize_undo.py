"""A prize pick is confirmed before it is awarded, and the latest pick can be
put back by the host after a confirmation (audited, the party's version
bumped); the undo names the pick it puts back, so sent twice it puts back
one.  Each step lands on the prizes, not on the standings above them."""

from __future__ import annotations

import random

import pytest
from django.test import Client
from django.urls import reverse

from tournaments import selectors, services
from tournaments.errors import UserError
from tournaments.game.standings import table_round_winner
from tournaments.models import AuditEntry, Party, PrizeAward

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


def two_picks(party: Party):
    """The first two turns pick the first two place prizes; their awards."""
    wine, chocolates, _ = place_prizes(party)
    awards = []
    for prize in (wine, chocolates):
        turn = selectors.prize_turn(party)
        awards.append(
            services.prize_pick(
                party=party,
                player=party.players.get(pk=turn.player),
                prize=prize,
                user=host_of(party),
            )
        )
    return awards


def host_of(party: Party):
    return party.owner


def test_the_latest_pick_can_be_undone_after_a_confirmation(host):
    party = finished(host)
    first, second = two_picks(party)
    client = signed_in(host)
    url = reverse("host:prizes", args=[party.slug])
    page = client.get(url).content.decode()
    # "Undo this pick" opens a question that names the pick; nothing changes yet.
    assert page.count("Undo this pick") == 1
    assert f'href="{url}?undo={second.pk}#confirm-undo"' in page
    asked = client.get(url, {"undo": second.pk}).content.decode()
    assert PrizeAward.objects.filter(prize__kind="place").count() == 2
    box = asked.split('id="confirm-undo"')[1].split("</div>")[0]
    player, prize = second.player.name, second.prize.name
    assert f"Put back <strong>{prize}</strong>? <strong>{player}</strong> picks again." in box
    assert f'action="{reverse("host:prize_unpick", args=[party.slug])}"' in box
    assert f'name="undo" value="{second.pk}"' in box
    assert f"Yes, put back {prize}" in box and f'href="{url}#picks"' in box
    # An earlier pick is not offered.
    assert 'id="confirm-undo"' not in client.get(url, {"undo": first.pk}).content.decode()

    version = Party.objects.get(pk=party.pk).version
    unpick = reverse("host:prize_unpick", args=[party.slug])
    response = client.post(unpick, {"undo": second.pk})
    assert response.status_code == 302 and response["Location"] == f"{url}#picks"
    assert list(PrizeAward.objects.filter(prize__kind="place").values_list("pk", flat=True)) == [
        first.pk
    ]
    assert selectors.prize_turn(party).player == second.player_id  # picks again
    assert Party.objects.get(pk=party.pk).version == version + 1
    entry = AuditEntry.objects.get(action="prize_unpick")
    assert entry.user == host and prize in entry.summary and player in entry.summary


def test_the_same_undo_sent_twice_puts_back_one_pick(host):
    """A double tap on "Yes, put back", or the form sent again: the second
    names a pick that is no longer there, and changes nothing."""
    party = finished(host)
    first, second = two_picks(party)
    client = signed_in(host)
    unpick = reverse("host:prize_unpick", args=[party.slug])
    client.post(unpick, {"undo": second.pk})
    version = Party.objects.get(pk=party.pk).version
    response = client.post(unpick, {"undo": second.pk}, follow=True)
    assert "That pick is already put back." in response.content.decode()
    assert list(PrizeAward.objects.filter(prize__kind="place").values_list("pk", flat=True)) == [
        first.pk
    ]
    assert Party.objects.get(pk=party.pk).version == version
    assert AuditEntry.objects.filter(action="prize_unpick").count() == 1
    assert services.prize_unpick(party=party, pick=second.pk, user=host) is None


def test_only_the_latest_pick_is_put_back(host):
    party = finished(host)
    first, second = two_picks(party)
    with pytest.raises(UserError, match="Only the latest pick"):
        services.prize_unpick(party=party, pick=first.pk, user=host)
    response = signed_in(host).post(
        reverse("host:prize_unpick", args=[party.slug]), {"undo": first.pk}, follow=True
    )
    assert "Only the latest pick can be undone" in response.content.decode()
    assert PrizeAward.objects.filter(prize__kind="place").count() == 2
    other = finished(host)
    with pytest.raises(UserError, match="not one of this party"):
        services.prize_unpick(party=other, pick=second.pk, user=host)


def test_a_pick_lands_on_the_next_picker(host):
    """The confirmation and the next picker are shown where the page opens,
    not below a long standings table."""
    party = finished(host)
    client = signed_in(host)
    url = reverse("host:prizes", args=[party.slug])
    page = client.get(url).content.decode()
    assert 'id="picks"' in page
    assert page.count(f'action="{url}#confirm-pick"') == len(place_prizes(party))
    turn = selectors.prize_turn(party)
    wine = place_prizes(party)[0]
    asked = client.post(url, {"player": turn.player, "prize": wine.pk}).content.decode()
    assert 'id="confirm-pick"' in asked and f'action="{url}#picks"' in asked
    response = client.post(url, {"player": turn.player, "prize": wine.pk, "confirm": "yes"})
    assert response.status_code == 302 and response["Location"] == f"{url}#picks"


def test_only_the_host_undoes_a_pick(host, other_host):
    party = finished(host)
    wine = place_prizes(party)[0]
    turn = selectors.prize_turn(party)
    services.prize_pick(
        party=party, player=party.players.get(pk=turn.player), prize=wine, user=host
    )
    url = reverse("host:prize_unpick", args=[party.slug])
    award = PrizeAward.objects.get(prize=wine)
    response = signed_in(other_host).post(url, {"undo": award.pk})
    assert response.status_code in (403, 404)
    assert Client().post(url, {"undo": award.pk}).status_code == 302  # to sign in
    assert signed_in(host).get(url).status_code == 405
    assert PrizeAward.objects.filter(prize=wine).exists()


def test_a_pick_cannot_be_undone_before_the_party_is_finished(host):
    party = make_party(host, players=4)
    with pytest.raises(UserError, match="once the party is finished"):
        services.prize_unpick(party=party, pick=1, user=host)
