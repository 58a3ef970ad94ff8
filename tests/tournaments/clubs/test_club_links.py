"""The club's pages lead where the organiser goes next: "New party" from the
club's page comes with the club and its newest season chosen, and a
member's history is a tap away from the members list, a club night's
players page and the season's page."""

from __future__ import annotations

import datetime
import random
import re

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from tests.tournaments.builders import make_club, make_club_party, play_round
from tournaments import services
from tournaments.clubs import selectors as club_selectors
from tournaments.clubs.services import seasons as season_services
from tournaments.models import ClubRole, Member, Role

pytestmark = pytest.mark.django_db

NAMES = ["Ana", "Bea", "Cruz", "Dee"]


@pytest.fixture
def club(host):
    return make_club(host)


@pytest.fixture
def signed_in(client, host):
    client.force_login(host)
    return client


def selected(page: str, name: str) -> str | None:
    """The value selected in the page's ``<select name=...>``, if any."""
    select = re.search(rf'<select name="{name}"[^>]*>(.*?)</select>', page, re.S)
    assert select, f"no {name} choice on the page"
    chosen = re.search(r'<option value="([^"]*)"[^>]*selected', select[1])
    return chosen[1] if chosen else None


def member_url(club, name: str) -> str:
    member = Member.objects.get(club=club, name=name)
    return reverse("club:member", args=[club.slug, member.pk])


def test_new_party_from_the_club_page_comes_with_the_club_and_its_newest_season(
    signed_in, host, club
):
    season_services.season_create(club=club, name="Spring", best_of=None, user=host)
    autumn = season_services.season_create(club=club, name="Autumn", best_of=None, user=host)
    other = make_club(host, slug="other-club", name="Other Club")
    season_services.season_create(club=other, name="Winter", best_of=None, user=host)
    page = signed_in.get(reverse("club:detail", args=[club.slug])).content.decode()
    link = f'href="{reverse("host:party_create")}?club={club.slug}"'
    assert link in page
    form = signed_in.get(reverse("host:party_create"), {"club": club.slug}).content.decode()
    assert selected(form, "club") == str(club.pk)
    assert selected(form, "season") == str(autumn.pk)
    # From "My parties", nothing is chosen.
    plain = signed_in.get(reverse("host:party_create")).content.decode()
    assert selected(plain, "club") in (None, "") and selected(plain, "season") in (None, "")


def test_a_club_the_host_does_not_organise_is_not_chosen(signed_in, host, club):
    stranger = get_user_model().objects.create_user("stranger", password="x")
    theirs = make_club(stranger, slug="their-club", name="Their Club")
    for value in (theirs.slug, "no-such-club", "<b>", "x" * 500):
        page = signed_in.get(reverse("host:party_create"), {"club": value})
        assert page.status_code == 200
        assert selected(page.content.decode(), "club") in (None, "")
    # A helper of the club is no organiser: the link is not theirs to follow.
    ClubRole.objects.filter(club=club, user=host).update(role=Role.SCORER)
    page = signed_in.get(reverse("host:party_create"), {"club": club.slug}).content.decode()
    assert 'name="club"' not in page


def test_the_members_list_links_each_members_history(signed_in, host, club):
    make_club_party(host, club, NAMES)
    page = signed_in.get(reverse("club:members", args=[club.slug])).content.decode()
    for name in NAMES:
        assert f'<a href="{member_url(club, name)}">{name}</a>' in page


def test_a_club_nights_players_page_links_each_members_history(signed_in, host, club):
    party = make_club_party(host, club, NAMES)
    url = reverse("host:players", args=[party.slug])
    page = signed_in.get(url).content.decode()
    for name in NAMES:
        assert f'<a href="{member_url(club, name)}">{name}</a>' in page
    # A door helper's players page has no link to a page they cannot open.
    door = get_user_model().objects.create_user("door", password="x")
    ClubRole.objects.create(club=club, user=door, role=Role.DOOR)
    signed_in.force_login(door)
    page = signed_in.get(url).content.decode()
    assert "Ana" in page and reverse("club:member", args=[club.slug, 1])[:-2] not in page


def test_the_season_page_links_each_members_history(signed_in, host, club):
    season = season_services.season_create(club=club, name="Spring", best_of=None, user=host)
    party = services.party_create(
        owner=host, name="Spring night", date=datetime.date(2026, 4, 18), club=club, season=season
    )
    for name in NAMES:
        services.player_register(party=party, name=name, user=host)
    rnd = services.round1_seat_draw(party=party, seed=1, user=host)
    play_round(party, rnd, host, random.Random(1))
    assert club_selectors.season_table(season).rows
    page = signed_in.get(reverse("club:season", args=[club.slug, season.pk])).content.decode()
    for name in NAMES:
        assert f'<a href="{member_url(club, name)}">{name}</a>' in page
