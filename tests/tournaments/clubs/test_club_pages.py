"""A club's pages (its list, a new club, the club's page) and a party of a
club: the party form offers only the clubs the host organises and only a
season of the chosen club."""

from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import PermissionDenied
from django.test import Client
from django.urls import reverse

from tests.tournaments.builders import make_party
from tournaments import services
from tournaments.clubs.services import clubs as club_services
from tournaments.clubs.services import seasons as season_services
from tournaments.errors import UserError
from tournaments.models import Club, ClubRole, Party, Role, Season
from tournaments.selectors import party_table_choices

pytestmark = pytest.mark.django_db


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def club(host) -> Club:
    return club_services.club_create(name="Parish Card Club", user=host)


@pytest.fixture
def season(club) -> Season:
    return Season.objects.create(club=club, name="Winter 2026")


def party_form(**extra) -> dict:
    return {
        "name": "March night",
        "date": "2026-03-14",
        "ruleset": "monterey-draw",
        "movement": "up_down",
        "sitout_credit": "average",
        "planned_rounds": "4",
        "language": "en",
        **extra,
    }


def test_creating_a_club_makes_its_creator_organiser(host):
    client = signed_in(host)
    response = client.post(reverse("club:create"), {"name": "Tuesday Pedro"})
    club = Club.objects.get(name="Tuesday Pedro")
    assert response["Location"] == reverse("club:detail", args=[club.slug])
    assert ClubRole.objects.get(club=club).user == host
    page = client.get(reverse("club:list")).content.decode()
    assert "Tuesday Pedro" in page and "Organiser" in page


def test_a_club_needs_a_name(host):
    response = signed_in(host).post(reverse("club:create"), {"name": "  "})
    assert response.status_code == 422
    assert not Club.objects.exists()
    with pytest.raises(UserError):
        club_services.club_create(name=" ", user=host)


def test_the_club_page_lists_parties_newest_first_seasons_helpers_and_invitations(
    club, season, host, other_host
):
    older = make_party(host, players=0, club=club)
    newer = services.party_create(
        owner=host, name="Later night", date=datetime.date(2026, 6, 1), club=club, season=season
    )
    ClubRole.objects.create(club=club, user=other_host, role=Role.DOOR)
    club_services.invitation_create(club=club, role=Role.SCORER, user=host)
    used = club_services.invitation_create(club=club, role=Role.SCORER, user=host)
    page = signed_in(host).get(reverse("club:detail", args=[club.slug])).content.decode()
    assert page.index(newer.name) < page.index(older.name)
    assert "Winter 2026" in page
    assert "rival" in page and reverse("club:invite", args=[club.slug]) in page
    assert reverse("club:invitation", args=[club.slug, used.pk]) in page
    club_services.invitation_accept(token=used.token, user=other_host)
    page = signed_in(host).get(reverse("club:detail", args=[club.slug])).content.decode()
    assert reverse("club:invitation", args=[club.slug, used.pk]) not in page


def test_a_door_helper_sees_the_club_page_read_only(club, host, other_host):
    ClubRole.objects.create(club=club, user=other_host, role=Role.DOOR)
    party = make_party(host, players=0, club=club)
    club_services.invitation_create(club=club, role=Role.SCORER, user=host)
    page = signed_in(other_host).get(reverse("club:detail", args=[club.slug])).content.decode()
    assert reverse("host:dashboard", args=[party.slug]) in page
    assert reverse("club:invite", args=[club.slug]) not in page
    assert "hostess" not in page  # the helpers are for organisers
    assert "role_remove" not in page and "/roles/" not in page


def test_the_club_page_reads_a_fixed_number_of_queries(
    club, season, host, django_assert_num_queries, django_user_model
):
    for i in range(3):
        make_party(host, players=0, club=club)
        user = django_user_model.objects.create_user(username=f"helper{i}", password="pw-1")
        ClubRole.objects.create(club=club, user=user, role=Role.SCORER)
        club_services.invitation_create(club=club, role=Role.DOOR, user=host)
    client = signed_in(host)
    url = reverse("club:detail", args=[club.slug])
    client.get(url)
    # The user, the club, the role; parties (with their seasons), seasons,
    # helpers, invitations: whatever their number.
    with django_assert_num_queries(7):
        assert client.get(url).status_code == 200


def test_the_party_form_offers_only_the_clubs_the_host_organises(club, host, other_host):
    theirs = club_services.club_create(name="Rival Club", user=other_host)
    ClubRole.objects.create(club=theirs, user=host, role=Role.SCORER)
    page = signed_in(host).get(reverse("host:party_create")).content.decode()
    assert "Parish Card Club" in page and "Rival Club" not in page
    response = signed_in(host).post(reverse("host:party_create"), party_form(club=theirs.pk))
    assert response.status_code == 422
    assert not Party.objects.exists()
    with pytest.raises(UserError, match="club you organise"):
        services.party_create(owner=host, name="x", date=datetime.date(2026, 1, 1), club=theirs)


def test_a_host_without_clubs_sees_no_club_field(host):
    page = signed_in(host).get(reverse("host:party_create")).content.decode()
    assert 'name="club"' not in page and 'name="season"' not in page


def test_a_party_of_a_club_and_its_season(club, season, host):
    version = season.version
    response = signed_in(host).post(
        reverse("host:party_create"), party_form(club=club.pk, season=season.pk)
    )
    party = Party.objects.get()
    assert response["Location"] == reverse("host:players", args=[party.slug])
    assert (party.club, party.season) == (club, season)
    assert Season.objects.get(pk=season.pk).version == version + 1
    page = signed_in(host).get(reverse("host:dashboard", args=[party.slug])).content.decode()
    assert "a party of Parish Card Club" in page and "Winter 2026" in page


def test_a_season_of_another_club_is_refused(club, host):
    other = club_services.club_create(name="Second Club", user=host)
    elsewhere = Season.objects.create(club=other, name="Elsewhere")
    response = signed_in(host).post(
        reverse("host:party_create"), party_form(club=club.pk, season=elsewhere.pk)
    )
    assert response.status_code == 422
    assert "season of the party" in response.content.decode()
    response = signed_in(host).post(reverse("host:party_create"), party_form(season=elsewhere.pk))
    assert response.status_code == 422
    assert not Party.objects.exists()
    with pytest.raises(UserError, match="season of the party"):
        services.party_create(
            owner=host, name="x", date=datetime.date(2026, 1, 1), club=club, season=elsewhere
        )


def test_a_club_organiser_deletes_a_club_party_but_a_scorer_may_not(club, host, other_host):
    party = make_party(host, players=0, club=club)
    ClubRole.objects.create(club=club, user=other_host, role=Role.SCORER)
    with pytest.raises(PermissionDenied, match="Only the party's organisers"):
        services.party_delete(party=party, user=other_host)
    ClubRole.objects.filter(user=other_host).update(role=Role.ORGANISER)
    services.party_delete(party=party, user=other_host)
    assert not Party.objects.exists()


def test_a_club_organiser_may_put_a_club_partys_table_online(club, host, other_host):
    party = make_party(host, players=8, club=club)
    services.round1_seat_draw(party=party, seed=3, user=host)
    assert party_table_choices(other_host) == []
    ClubRole.objects.create(club=club, user=other_host, role=Role.SCORER)
    assert party_table_choices(other_host) == []
    ClubRole.objects.filter(user=other_host).update(role=Role.ORGANISER)
    assert [c.table for c in party_table_choices(other_host)] == [1, 2]


def test_the_club_page_links_an_organiser_to_the_members_and_the_club_file(club, host, other_host):
    season = season_services.season_create(club=club, name="Spring", best_of=None, user=host)
    links = [
        reverse("club:members", args=[club.slug]),
        reverse("club:club_file", args=[club.slug]),
        reverse("club:season_create", args=[club.slug]),
        reverse("club:season", args=[club.slug, season.pk]),
    ]
    page = signed_in(host).get(reverse("club:detail", args=[club.slug])).content.decode()
    assert all(link in page for link in links)
    ClubRole.objects.create(club=club, user=other_host, role=Role.SCORER)
    page = signed_in(other_host).get(reverse("club:detail", args=[club.slug])).content.decode()
    assert not any(link in page for link in links)
    assert "Spring" in page  # the season's name, without the organisers' link
