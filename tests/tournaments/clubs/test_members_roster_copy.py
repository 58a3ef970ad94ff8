""" "Copy last night's players": the club's party before this one, its players
in their order and as the same members, once however often it is tapped."""

from __future__ import annotations

import datetime
import threading

import pytest
from django.db import connection
from django.urls import reverse

from tests.tournaments.builders import make_club, make_club_party, make_party
from tournaments import services
from tournaments.errors import UserError
from tournaments.models import ClubRole, Member, Party, Player, Role

pytestmark = pytest.mark.django_db

JAN, FEB, MAR = (datetime.date(2026, m, 14) for m in (1, 2, 3))
LAST_NIGHT = ["Zoë", "Ana", "O'Brien", "Bea", "Cruz"]


@pytest.fixture
def club(host):
    return make_club(host)


@pytest.fixture
def tonight(host, club):
    make_club_party(host, club, ["Someone Else", "Ana"], date=JAN)
    make_club_party(host, club, LAST_NIGHT, date=FEB)
    return make_club_party(host, club, ["Cruz"], date=MAR)


def names(party: Party) -> list[str]:
    return list(party.players.order_by("order").values_list("name", flat=True))


def test_copy_adds_last_nights_players_in_order_as_the_same_members(host, tonight):
    assert services.roster_copy(party=tonight, user=host) == 4
    assert names(tonight) == ["Cruz", "Zoë", "Ana", "O'Brien", "Bea"]
    last = Party.objects.get(date=FEB)
    for player in tonight.players.all():
        assert player.member == last.players.get(name=player.name).member
    assert Member.objects.count() == 6
    tonight.refresh_from_db()
    assert tonight.version > 1


def test_a_second_tap_adds_nobody(host, tonight):
    services.roster_copy(party=tonight, user=host)
    rows = list(Player.objects.order_by("pk").values())
    tonight.refresh_from_db()
    version = tonight.version
    assert services.roster_copy(party=tonight, user=host) == 0
    assert list(Player.objects.order_by("pk").values()) == rows
    tonight.refresh_from_db()
    assert tonight.version == version


def test_the_party_before_on_the_same_date_is_the_one_made_first(host, club):
    make_club_party(host, club, ["Early"], date=MAR)
    make_club_party(host, club, ["Later"], date=FEB)
    second = make_club_party(host, club, date=MAR)
    services.roster_copy(party=second, user=host)
    assert names(second) == ["Early"]


@pytest.mark.django_db(transaction=True)
def test_a_double_tap_from_two_tablets_adds_each_player_once(host, club):
    make_club_party(host, club, LAST_NIGHT, date=FEB)
    tonight = make_club_party(host, club, date=MAR)
    barrier = threading.Barrier(2)
    added: list[int] = []

    def tap():
        try:
            barrier.wait()
            added.append(services.roster_copy(party=tonight, user=host))
        finally:
            connection.close()

    threads = [threading.Thread(target=tap) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(added) == [0, len(LAST_NIGHT)]
    assert names(tonight) == LAST_NIGHT


def test_the_clubs_first_party_has_nothing_to_copy(host, club):
    first = make_club_party(host, club, ["Ana"], date=JAN)
    make_club_party(host, make_club(host, slug="other"), LAST_NIGHT, date=datetime.date(2025, 1, 1))
    with pytest.raises(UserError, match="no earlier party"):
        services.roster_copy(party=first, user=host)
    assert names(first) == ["Ana"]


def test_a_party_without_a_club_has_nothing_to_copy(host):
    party = make_party(host, players=2)
    with pytest.raises(UserError):
        services.roster_copy(party=party, user=host)
    assert party.players.count() == 2


def test_copying_after_round_1_is_seated_is_refused(host, club):
    make_club_party(host, club, LAST_NIGHT, date=FEB)
    tonight = make_club_party(host, club, ["A", "B", "C", "D"], date=MAR)
    services.round1_seat_draw(party=tonight, seed=1, user=host)
    with pytest.raises(UserError, match="before round 1"):
        services.roster_copy(party=tonight, user=host)
    assert names(tonight) == ["A", "B", "C", "D"]


# --------------------------------------------------------------------- the button


def test_the_button_copies_and_says_how_many(client, host, tonight):
    client.force_login(host)
    page = client.get(reverse("host:players", args=[tonight.slug])).content.decode()
    copy = reverse("host:roster_copy", args=[tonight.slug])
    assert f'action="{copy}"' in page and "Copy last night" in page
    response = client.post(copy, follow=True)
    assert "4 players are added from the last party." in response.content.decode()
    response = client.post(copy, follow=True)
    assert "Nobody to add" in response.content.decode()
    assert len(names(tonight)) == 5


def test_the_button_is_hidden_without_an_earlier_party(client, host, club):
    first = make_club_party(host, club, ["Ana"], date=JAN)
    client.force_login(host)
    page = client.get(reverse("host:players", args=[first.slug])).content.decode()
    assert reverse("host:roster_copy", args=[first.slug]) not in page


def test_the_button_is_hidden_once_round_1_is_seated(client, host, club):
    make_club_party(host, club, LAST_NIGHT, date=FEB)
    tonight = make_club_party(host, club, ["A", "B", "C", "D"], date=MAR)
    services.round1_seat_draw(party=tonight, seed=1, user=host)
    client.force_login(host)
    page = client.get(reverse("host:players", args=[tonight.slug])).content.decode()
    assert reverse("host:roster_copy", args=[tonight.slug]) not in page


@pytest.mark.parametrize(("role", "copies"), [("door", True), ("scorer", False)])
def test_a_door_helper_copies_and_a_scorer_cannot(client, club, tonight, role, copies, other_host):
    ClubRole.objects.create(club=club, user=other_host, role=Role(role))
    client.force_login(other_host)
    response = client.post(reverse("host:roster_copy", args=[tonight.slug]))
    assert response.status_code == (302 if copies else 403)
    assert len(names(tonight)) == (5 if copies else 1)


def test_a_stranger_cannot_copy(client, other_host, tonight):
    client.force_login(other_host)
    response = client.post(reverse("host:roster_copy", args=[tonight.slug]))
    assert response.status_code == 404
    assert names(tonight) == ["Cruz"]
