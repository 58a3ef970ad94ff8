"""A club's members pages (list, rename, merge) and who reaches them."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client
from django.urls import reverse
from django.utils.formats import date_format

from tests.tournaments.builders import make_club, make_club_party
from tournaments.clubs import urls as club_urls
from tournaments.models import ClubRole, Member, Player, Role

pytestmark = pytest.mark.django_db

JAN, FEB = datetime.date(2026, 1, 10), datetime.date(2026, 2, 14)
ROUTES = ["members", "member_rename", "member_merge"]


@pytest.fixture
def club(host):
    club = make_club(host)
    make_club_party(host, club, ["John Smith", "Zoë", "Ana"], date=JAN)
    make_club_party(host, club, ["Jon Smith", "Zoë", "Zoe Núñez"], date=FEB)
    return club


def member(name: str) -> Member:
    """The member of the fixture's club called ``name``."""
    return Member.objects.get(club__slug="parish-club", name=name)


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def url(name: str, club, **query) -> str:
    address = reverse(f"club:{name}", args=[club.slug])
    return address + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")


def snapshot():
    return (
        list(Member.objects.order_by("pk").values()),
        list(Player.objects.order_by("pk").values()),
    )


def test_every_route_of_this_part_is_checked_here():
    names = {p.name for p in club_urls.urlpatterns}
    assert set(ROUTES) <= names


# --------------------------------------------------------------------- the list


def test_the_list_shows_nights_last_night_and_look_alikes(host, club):
    page = signed_in(host).get(url("members", club)).content.decode()
    john, jon = member("John Smith"), member("Jon Smith")
    assert "Members of Parish Card Club" in page
    row = page[page.index("John Smith") : page.index("</tr>", page.index("John Smith"))]
    assert "Looks like Jon Smith" in row and date_format(JAN) in row
    merge = url("member_merge", club) + f"?keep={john.pk}&amp;other={jon.pk}"
    assert merge in page
    assert "Looks like Zoë" not in page, "Zoe Núñez is another person"
    # Zoë played both nights.
    zoe_row = page[page.index(">Zoë<") : page.index("</tr>", page.index(">Zoë<"))]
    assert "<td>2</td>" in zoe_row
    assert "Looks like" not in zoe_row
    ana_row = page[page.index(">Ana<") : page.index("</tr>", page.index(">Ana<"))]
    assert "Looks like" not in ana_row


def test_the_list_costs_the_same_few_queries_however_many_members(
    host, club, django_assert_num_queries
):
    client = signed_in(host)
    client.get(url("members", club))
    # Session, user, club; the members with their nights and last nights.
    with django_assert_num_queries(4):
        small = client.get(url("members", club))
    later = make_club_party(host, club, [f"Guest {n}" for n in range(30)], date=FEB)
    assert later.players.count() == 30
    with django_assert_num_queries(4):
        large = client.get(url("members", club))
    assert small.status_code == large.status_code == 200
    assert "Guest 29" in large.content.decode()


# --------------------------------------------------------------------- rename


def test_rename_page_and_post(host, club):
    client = signed_in(host)
    zoe = member("Zoë")
    page = client.get(url("member_rename", club, member=zoe.pk)).content.decode()
    assert 'value="Zoë"' in page
    response = client.post(url("member_rename", club), {"member": zoe.pk, "name": "Zoë Abadie"})
    assert response.status_code == 302 and response["Location"] == url("members", club)
    zoe.refresh_from_db()
    assert zoe.name == "Zoë Abadie"


def test_a_rename_onto_another_members_name_is_shown_and_changes_nothing(host, club):
    client = signed_in(host)
    before = snapshot()
    response = client.post(
        url("member_rename", club), {"member": member("Jon Smith").pk, "name": "JOHN smith"}
    )
    assert response.status_code == 422
    assert "John Smith is already a member" in response.content.decode()
    assert snapshot() == before


def test_a_rename_of_another_clubs_member_is_404(host, club):
    theirs = make_club_party(host, make_club(host, slug="other"), ["Ana"]).players.get().member
    before = snapshot()
    response = signed_in(host).post(url("member_rename", club), {"member": theirs.pk, "name": "X"})
    assert response.status_code == 404
    assert snapshot() == before


# --------------------------------------------------------------------- merge


def test_merge_asks_first_then_merges(host, club):
    client = signed_in(host)
    john, jon = member("John Smith"), member("Jon Smith")
    before = snapshot()
    page = client.get(url("member_merge", club, keep=john.pk, other=jon.pk)).content.decode()
    assert "Merge Jon Smith into John Smith" in page
    assert snapshot() == before, "the question changes nothing"
    response = client.post(url("member_merge", club), {"keep": john.pk, "other": jon.pk})
    assert response.status_code == 302
    assert not Member.objects.filter(pk=jon.pk).exists()
    assert john.players.count() == 2


def test_a_refused_merge_is_shown_and_changes_nothing(host, club):
    client = signed_in(host)
    make_club_party(host, club, ["John Smith", "Jon Smith"])
    before = snapshot()
    response = client.post(
        url("member_merge", club),
        {"keep": member("John Smith").pk, "other": member("Jon Smith").pk},
    )
    assert response.status_code == 422
    assert "two people" in response.content.decode()
    assert snapshot() == before


def test_a_merge_with_another_clubs_member_is_404(host, club):
    theirs = make_club_party(host, make_club(host, slug="other"), ["Ana"]).players.get().member
    before = snapshot()
    response = signed_in(host).post(
        url("member_merge", club), {"keep": member("Ana").pk, "other": theirs.pk}
    )
    assert response.status_code == 404
    assert snapshot() == before


# --------------------------------------------------------------------- who reaches them


def posted(name: str) -> dict:
    john, jon = member("John Smith"), member("Jon Smith")
    if name == "member_rename":
        return {"member": jon.pk, "name": "Intruder"}
    return {"keep": john.pk, "other": jon.pk}


@pytest.mark.parametrize("name", ROUTES)
def test_anonymous_is_sent_to_sign_in(name, club):
    before = snapshot()
    for response in (Client().get(url(name, club)), Client().post(url(name, club), posted(name))):
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("login"))
    assert snapshot() == before


@pytest.mark.parametrize("role", [None, "scorer", "door"])
@pytest.mark.parametrize("name", ROUTES)
def test_strangers_get_404_and_scorers_and_door_helpers_403(name, role, club, other_host):
    if role:
        ClubRole.objects.create(club=club, user=other_host, role=Role(role))
    client = signed_in(other_host)
    before = snapshot()
    john = member("John Smith")
    got = client.get(url(name, club, keep=john.pk, other=member("Jon Smith").pk, member=john.pk))
    sent = client.post(url(name, club), posted(name))
    # A helper knows the club exists: told "not allowed" (tournaments.game.roles).
    refused = 403 if role else 404
    assert got.status_code == refused
    # The list takes no POST (405); the others act only for an organiser.
    assert sent.status_code == (405 if name == "members" else refused)
    assert "John Smith" not in got.content.decode()
    assert snapshot() == before


@pytest.mark.parametrize("name", ["member_rename", "member_merge"])
def test_the_organiser_payload_does_change_things(name, host, club):
    """The control for the refusals above."""
    before = snapshot()
    response = signed_in(host).post(url(name, club), posted(name))
    assert response.status_code == 302
    assert snapshot() != before


def test_a_co_organiser_and_staff_reach_the_list(club, other_host, django_user_model):
    ClubRole.objects.create(club=club, user=other_host, role=Role.ORGANISER)
    staff = django_user_model.objects.create_user(username="staff", password="x", is_staff=True)
    for user in (other_host, staff):
        assert "John Smith" in signed_in(user).get(url("members", club)).content.decode()
