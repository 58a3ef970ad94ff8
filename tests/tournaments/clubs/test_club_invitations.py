"""Invitation links: one-time, seven days, withdrawn by an organiser; two
people racing for one link, exactly one wins; a role is only ever raised;
a club never loses its last organiser."""

from __future__ import annotations

import datetime
import threading

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tournaments.clubs.services import clubs as club_services
from tournaments.errors import UserError
from tournaments.models import Club, ClubRole, Invitation, Role

pytestmark = pytest.mark.django_db

RACERS = 8


@pytest.fixture
def club(host) -> Club:
    return club_services.club_create(name="Parish Card Club", user=host)


@pytest.fixture
def guest(django_user_model):
    return django_user_model.objects.create_user(username="guest", password="pw-guest-1")


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def roles(club: Club) -> dict[str, str]:
    return dict(ClubRole.objects.filter(club=club).values_list("user__username", "role"))


def test_the_creator_of_a_club_is_its_organiser(club, host):
    assert roles(club) == {host.username: Role.ORGANISER}
    assert club.created_by == host


def test_an_invitation_is_valid_for_seven_days(club, host):
    invitation = club_services.invitation_create(club=club, role=Role.SCORER, user=host)
    lasts = invitation.expires_at - invitation.created_at
    assert datetime.timedelta(days=7) - lasts < datetime.timedelta(seconds=5)
    assert club_services.INVITATION_DAYS == 7


def test_only_an_organiser_invites(club, host, guest):
    ClubRole.objects.create(club=club, user=guest, role=Role.SCORER)
    with pytest.raises(UserError, match="organisers"):
        club_services.invitation_create(club=club, role=Role.DOOR, user=guest)
    with pytest.raises(UserError):
        club_services.invitation_create(club=club, role="king", user=host)
    assert not Invitation.objects.exists()


def test_accepting_grants_the_role_once(club, host, guest, django_user_model):
    invitation = club_services.invitation_create(club=club, role=Role.SCORER, user=host)
    client = signed_in(guest)
    url = reverse("invite:accept", args=[invitation.token])
    page = client.get(url)
    assert page.status_code == 200
    assert "Parish Card Club" in page.content.decode() and "Scorer" in page.content.decode()
    assert roles(club).get("guest") is None  # opening the link grants nothing
    response = client.post(url)
    assert response.status_code == 302
    assert response["Location"] == reverse("club:detail", args=[club.slug])
    assert roles(club)["guest"] == Role.SCORER
    invitation.refresh_from_db()
    assert invitation.used_by == guest and invitation.used_at is not None
    # Used: the next person is told, and nothing changes.
    other = django_user_model.objects.create_user(username="other", password="pw-other-1")
    again = signed_in(other).post(url)
    assert again.status_code == 410
    assert "already been used" in again.content.decode()
    assert "other" not in roles(club)


def test_an_anonymous_visitor_may_sign_in_and_come_back(club, host):
    invitation = club_services.invitation_create(club=club, role=Role.DOOR, user=host)
    url = reverse("invite:accept", args=[invitation.token])
    response = Client().get(url)
    assert response.status_code == 200
    sign_in = f"{reverse('login')}?next=%2Finvite%2F{invitation.token}%2F"
    assert f'href="{sign_in}"' in response.content.decode()
    assert "hostess" in roles(club) and len(roles(club)) == 1  # opening it grants nothing


def test_an_expired_invitation_changes_nothing(club, host, guest):
    invitation = club_services.invitation_create(club=club, role=Role.DOOR, user=host)
    Invitation.objects.filter(pk=invitation.pk).update(
        expires_at=timezone.now() - datetime.timedelta(seconds=1)
    )
    response = signed_in(guest).post(reverse("invite:accept", args=[invitation.token]))
    assert response.status_code == 410
    assert "expired" in response.content.decode()
    assert "guest" not in roles(club)
    with pytest.raises(UserError, match="expired"):
        club_services.invitation_accept(token=invitation.token, user=guest)
    assert Invitation.objects.get(pk=invitation.pk).used_at is None


def test_a_withdrawn_invitation_changes_nothing(club, host, guest):
    invitation = club_services.invitation_create(club=club, role=Role.ORGANISER, user=host)
    response = signed_in(host).post(
        reverse("club:invitation_withdraw", args=[club.slug, invitation.pk])
    )
    assert response.status_code == 302
    assert Invitation.objects.get(pk=invitation.pk).withdrawn
    response = signed_in(guest).post(reverse("invite:accept", args=[invitation.token]))
    assert response.status_code == 410
    assert "withdrawn" in response.content.decode()
    assert "guest" not in roles(club)


def test_a_used_invitation_cannot_be_withdrawn(club, host, guest):
    invitation = club_services.invitation_create(club=club, role=Role.DOOR, user=host)
    club_services.invitation_accept(token=invitation.token, user=guest)
    with pytest.raises(UserError, match="already been used"):
        club_services.invitation_withdraw(club=club, invitation_id=invitation.pk, user=host)
    assert not Invitation.objects.get(pk=invitation.pk).withdrawn


def test_an_unknown_link_is_not_found(guest):
    assert signed_in(guest).get(reverse("invite:accept", args=["no-such-link"])).status_code == 404
    assert signed_in(guest).get("/invite/bad%00token/").status_code == 404


def test_a_role_is_replaced_only_by_a_stronger_one(club, host, guest):
    scorer = club_services.invitation_create(club=club, role=Role.SCORER, user=host)
    club_services.invitation_accept(token=scorer.token, user=guest)
    door = club_services.invitation_create(club=club, role=Role.DOOR, user=host)
    with pytest.raises(UserError, match="already help"):
        club_services.invitation_accept(token=door.token, user=guest)
    assert roles(club)["guest"] == Role.SCORER
    assert Invitation.objects.get(pk=door.pk).used_at is None  # still there for someone else
    organiser = club_services.invitation_create(club=club, role=Role.ORGANISER, user=host)
    club_services.invitation_accept(token=organiser.token, user=guest)
    assert roles(club)["guest"] == Role.ORGANISER
    assert ClubRole.objects.filter(club=club, user=guest).count() == 1


@pytest.mark.django_db(transaction=True)
def test_people_racing_for_one_link_exactly_one_wins(django_user_model):
    host = django_user_model.objects.create_user(username="hostess", password="pw-host-1")
    club = club_services.club_create(name="Racing Club", user=host)
    invitation = club_services.invitation_create(club=club, role=Role.SCORER, user=host)
    racers = [
        django_user_model.objects.create_user(username=f"racer{i}", password="pw-racer-1")
        for i in range(RACERS)
    ]
    barrier = threading.Barrier(RACERS)
    outcomes: list[object] = [None] * RACERS

    def accept(i: int) -> None:
        try:
            barrier.wait(timeout=30)
            outcomes[i] = club_services.invitation_accept(token=invitation.token, user=racers[i])
        except Exception as exc:  # every outcome is checked below
            outcomes[i] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=accept, args=(i,)) for i in range(RACERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not any(thread.is_alive() for thread in threads)
    granted = [o for o in outcomes if isinstance(o, ClubRole)]
    refused = [o for o in outcomes if isinstance(o, UserError)]
    assert len(granted) == 1 and len(refused) == RACERS - 1, outcomes
    assert all("already been used" in error.message for error in refused)
    helpers = ClubRole.objects.filter(club=club).exclude(user=host)
    assert list(helpers.values_list("user_id", flat=True)) == [granted[0].user_id]
    assert Invitation.objects.get(pk=invitation.pk).used_by_id == granted[0].user_id


def test_an_organiser_removes_a_helper(club, host, guest):
    role = ClubRole.objects.create(club=club, user=guest, role=Role.DOOR)
    response = signed_in(host).post(reverse("club:role_remove", args=[club.slug, role.pk]))
    assert response.status_code == 302
    assert "guest" not in roles(club)


def test_the_last_organiser_cannot_be_removed(club, host):
    only = ClubRole.objects.get(club=club, user=host)
    client = signed_in(host)
    response = client.post(reverse("club:role_remove", args=[club.slug, only.pk]))
    assert response.status_code == 302
    assert roles(club) == {host.username: Role.ORGANISER}
    page = client.get(reverse("club:detail", args=[club.slug])).content.decode()
    assert "at least one organiser" in page


def test_one_of_two_organisers_may_go(club, host, guest):
    second = ClubRole.objects.create(club=club, user=guest, role=Role.ORGANISER)
    club_services.club_role_remove(club=club, role_id=second.pk, user=host)
    assert roles(club) == {host.username: Role.ORGANISER}
    with pytest.raises(UserError, match="at least one organiser"):
        club_services.club_role_remove(
            club=club, role_id=ClubRole.objects.get(user=host).pk, user=host
        )


def test_an_organiser_removed_meanwhile_removes_no_one(club, host, guest, django_user_model):
    """Checked holding the club's lock: the remover must still be an organiser."""
    ClubRole.objects.create(club=club, user=guest, role=Role.ORGANISER)
    door = django_user_model.objects.create_user(username="door", password="pw-door-1")
    door_role = ClubRole.objects.create(club=club, user=door, role=Role.DOOR)
    ClubRole.objects.filter(club=club, user=guest).delete()
    with pytest.raises(UserError, match="organisers"):
        club_services.club_role_remove(club=club, role_id=door_role.pk, user=guest)
    assert roles(club)["door"] == Role.DOOR


def test_the_invitation_page_shows_the_link_and_its_qr_code(club, host):
    client = signed_in(host)
    response = client.post(reverse("club:invite", args=[club.slug]), {"role": Role.DOOR})
    invitation = Invitation.objects.get(club=club)
    assert response["Location"] == reverse("club:invitation", args=[club.slug, invitation.pk])
    page = client.get(response["Location"]).content.decode()
    link = "http://testserver" + reverse("invite:accept", args=[invitation.token])
    assert f'href="{link}"' in page
    assert "<svg" in page
    assert invitation.role == Role.DOOR and invitation.created_by == host


def test_a_bad_role_is_refused_on_the_form(club, host):
    response = signed_in(host).post(reverse("club:invite", args=[club.slug]), {"role": "king"})
    assert response.status_code == 422
    assert not Invitation.objects.exists()
