"""The type-ahead of a club's party: the club's members not yet playing,
matched on the start of the name or of any of its words, before the host's
names from other parties."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from tests.tournaments.builders import make_club, make_club_party, make_party
from tournaments import services
from tournaments.clubs import selectors as club_selectors
from tournaments.models import ClubRole, Role

pytestmark = pytest.mark.django_db

JAN = datetime.date(2026, 1, 10)


@pytest.fixture
def tonight(host):
    club = make_club(host)
    make_club_party(host, club, ["Sam Ortega", "Élodie Sand", "Ana Beltran", "Zoë"], date=JAN)
    make_party(host, players=0)  # a party of no club ...
    services.player_register(party=make_party(host, players=0), name="Samuel Pike", user=host)
    return make_club_party(host, club, ["Zoë"])


def suggest(client, party, q: str):
    response = client.get(reverse("host:player_suggest"), {"q": q, "party": party.slug})
    assert response.status_code == 200
    return response.json()["names"]


def test_members_match_the_name_or_any_word_and_come_first(client, host, tonight):
    client.force_login(host)
    # "sa" starts Sam Ortega, a word of Élodie Sand, and Samuel Pike (not a member).
    assert suggest(client, tonight, "sa") == ["Sam Ortega", "Élodie Sand", "Samuel Pike"]
    assert suggest(client, tonight, "SAND") == ["Élodie Sand"]
    assert suggest(client, tonight, "elo") == ["Élodie Sand"]


def test_members_already_playing_are_not_suggested(client, host, tonight):
    client.force_login(host)
    assert suggest(client, tonight, "zo") == []
    services.player_register(party=tonight, name="Ana Beltran", user=host)
    assert suggest(client, tonight, "beltran") == []


def test_without_a_party_the_host_gets_earlier_names_only(client, host, tonight):
    client.force_login(host)
    response = client.get(reverse("host:player_suggest"), {"q": "sa"})
    assert response.json()["names"] == ["Sam Ortega", "Samuel Pike"]


def test_the_type_ahead_costs_a_fixed_few_queries(client, host, tonight, django_assert_num_queries):
    client.force_login(host)
    suggest(client, tonight, "s")
    # User, party; the members, then the earlier names.
    with django_assert_num_queries(4):
        few = suggest(client, tonight, "s")
    make_club_party(host, tonight.club, [f"Sandy {n}" for n in range(25)], date=JAN)
    with django_assert_num_queries(4):
        many = suggest(client, tonight, "s")
    assert len(few) == 3 and len(many) == 20


def test_a_stranger_naming_the_party_gets_404(client, other_host, tonight):
    client.force_login(other_host)
    response = client.get(reverse("host:player_suggest"), {"q": "s", "party": tonight.slug})
    assert response.status_code == 404
    assert "Sam Ortega" not in response.content.decode()


def test_a_door_helper_gets_the_members(client, other_host, tonight):
    ClubRole.objects.create(club=tonight.club, user=other_host, role=Role.DOOR)
    client.force_login(other_host)
    assert suggest(client, tonight, "sam") == ["Sam Ortega"]


def test_a_bad_party_slug_is_a_400(client, host, tonight):
    client.force_login(host)
    response = client.get(reverse("host:player_suggest"), {"q": "s", "party": "no slug!"})
    assert response.status_code == 400
    assert response.json()["errors"]["party"]


def test_the_players_page_lists_members_first(client, host, tonight):
    client.force_login(host)
    page = client.get(reverse("host:players", args=[tonight.slug])).content.decode()
    datalist = page[page.index('<datalist id="earlier-names">') :]
    options = [part.split('"')[0] for part in datalist.split('<option value="')[1:]]
    assert options[:3] == ["Ana Beltran", "Élodie Sand", "Sam Ortega"]
    assert "Samuel Pike" in options and "Zoë" not in options


def test_member_suggestions_of_a_party_without_a_club_are_none(host):
    suggestions = club_selectors.member_suggestions(party=make_party(host, players=1), prefix="")
    assert suggestions.names == [] and suggestions.known == frozenset()
