"""A helper without an account makes one from the invitation's link: one
POST makes the user, grants the role, uses the link up and signs them in.
A refused link, a taken username or a bad password creates nothing and
leaves the link unused; of two new people racing for one link exactly one
account is made; there is no sign-up page without an invitation."""

from __future__ import annotations

import datetime
import threading

import pytest
from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tournaments.clubs.services import clubs as club_services
from tournaments.errors import UserError
from tournaments.models import Club, ClubRole, Invitation, Role

pytestmark = pytest.mark.django_db

RACERS = 6
PASSWORD = "hall-door-lamp-7"


@pytest.fixture
def club(host) -> Club:
    return club_services.club_create(name="Parish Card Club", user=host)


@pytest.fixture
def invitation(club, host) -> Invitation:
    return club_services.invitation_create(club=club, role=Role.DOOR, user=host)


def url_of(invitation: Invitation) -> str:
    return reverse("invite:accept", args=[invitation.token])


def account(username: str = "doorkeeper", password: str = PASSWORD, again: str | None = None):
    return {"username": username, "password1": password, "password2": again or password}


def usernames() -> set[str]:
    return set(get_user_model().objects.values_list("username", flat=True))


def roles(club: Club) -> dict[str, str]:
    return dict(ClubRole.objects.filter(club=club).values_list("user__username", "role"))


def signed_in_as(client: Client) -> str | None:
    user_id = client.session.get("_auth_user_id")
    return get_user_model().objects.get(pk=user_id).username if user_id else None


def assert_nothing_made(club: Club, invitation: Invitation, before: set[str]) -> None:
    assert usernames() == before
    assert set(roles(club)) == {"hostess"}
    invitation.refresh_from_db()
    assert invitation.used_at is None and invitation.used_by is None


def test_the_page_offers_sign_in_and_a_new_account(invitation):
    url = url_of(invitation)
    page = Client().get(url)
    assert page.status_code == 200
    text = page.content.decode()
    assert "Parish Card Club" in text and "Door" in text
    sign_in = f'href="{reverse("login")}?next=%2Finvite%2F{invitation.token}%2F"'
    assert sign_in in text
    assert "New here? Make your account" in text
    assert 'name="username"' in text and 'autocomplete="username"' in text
    assert text.count('autocomplete="new-password"') == 2
    assert 'name="password1"' in text and 'name="password2"' in text
    assert "Accept</button>" not in text  # the signed-in button is for the signed in


def test_a_new_helper_makes_an_account_gets_the_role_and_is_signed_in(club, invitation):
    client = Client()
    response = client.post(url_of(invitation), account())
    assert response.status_code == 302
    assert response["Location"] == reverse("club:detail", args=[club.slug])
    user = get_user_model().objects.get(username="doorkeeper")
    assert user.check_password(PASSWORD)
    assert not user.is_staff and not user.is_superuser
    assert roles(club)["doorkeeper"] == Role.DOOR
    invitation.refresh_from_db()
    assert invitation.used_by == user and invitation.used_at is not None
    assert signed_in_as(client) == "doorkeeper"
    page = client.get(response["Location"])
    assert page.status_code == 200
    assert "You now help Parish Card Club as Door" in page.content.decode()


def test_the_new_account_signs_in_again_later(club, invitation):
    Client().post(url_of(invitation), account())
    client = Client()
    response = client.post(reverse("login"), {"username": "doorkeeper", "password": PASSWORD})
    assert response.status_code == 302
    assert signed_in_as(client) == "doorkeeper"


@pytest.mark.parametrize(
    "refusal", ["used", "withdrawn", "expired"], ids=["used", "withdrawn", "expired"]
)
def test_a_refused_link_makes_no_account(club, host, invitation, refusal, django_user_model):
    if refusal == "used":
        earlier = django_user_model.objects.create_user(username="earlier", password=PASSWORD)
        Invitation.objects.filter(pk=invitation.pk).update(used_by=earlier, used_at=timezone.now())
    elif refusal == "withdrawn":
        club_services.invitation_withdraw(club=club, invitation_id=invitation.pk, user=host)
    else:
        Invitation.objects.filter(pk=invitation.pk).update(
            expires_at=timezone.now() - datetime.timedelta(seconds=1)
        )
    before = usernames()
    client = Client()
    page = client.get(url_of(invitation))
    assert page.status_code == 410
    assert 'name="password1"' not in page.content.decode()  # no form for a dead link
    response = client.post(url_of(invitation), account())
    assert response.status_code == 410
    assert refusal in response.content.decode()
    assert usernames() == before and "doorkeeper" not in usernames()
    assert signed_in_as(client) is None
    with pytest.raises(UserError, match=refusal):
        club_services.invitation_accept_new_user(
            token=invitation.token, username="doorkeeper", password=PASSWORD
        )
    assert usernames() == before
    assert "doorkeeper" not in roles(club)


@pytest.mark.parametrize(
    ("username", "message"),
    [
        ("a\x00b", "Null characters are not allowed."),
        ("x" * 256, "at most 150 characters"),
        ("\x00" * 300, "Null characters are not allowed."),
    ],
    ids=["nul", "256-letters", "300-nuls"],
)
def test_a_username_with_a_nul_byte_or_too_long_is_refused_with_a_clear_error(
    club, invitation, username, message
):
    before = usernames()
    client = Client()
    response = client.post(url_of(invitation), account(username=username))
    assert response.status_code == 422
    assert message in response.content.decode()
    assert 'name="password1"' in response.content.decode()
    assert_nothing_made(club, invitation, before)
    assert signed_in_as(client) is None


def test_a_refused_link_leaves_it_unused(club, invitation, django_user_model):
    """The service's own check, holding the lock: a link that turned bad
    after the page was shown refuses, and the invitation stays as it was."""
    Invitation.objects.filter(pk=invitation.pk).update(withdrawn=True)
    before = usernames()
    with pytest.raises(UserError, match="withdrawn"):
        club_services.invitation_accept_new_user(
            token=invitation.token, username="doorkeeper", password=PASSWORD
        )
    assert_nothing_made(club, invitation, before)
    with pytest.raises(UserError, match="not valid"):
        club_services.invitation_accept_new_user(
            token="no-such-link", username="doorkeeper", password=PASSWORD
        )
    assert usernames() == before


@pytest.mark.parametrize("taken", ["hostess", "HOSTESS"])
def test_a_taken_username_makes_nothing(club, invitation, taken):
    before = usernames()
    client = Client()
    response = client.post(url_of(invitation), account(username=taken))
    assert response.status_code == 422
    assert "already exists" in response.content.decode()
    assert_nothing_made(club, invitation, before)
    assert signed_in_as(client) is None
    # The service refuses it too, whatever the form said.
    with pytest.raises(UserError, match="taken"):
        club_services.invitation_accept_new_user(
            token=invitation.token, username=taken, password=PASSWORD
        )
    assert_nothing_made(club, invitation, before)


@pytest.mark.parametrize(
    ("body", "words"),
    [
        (account(password="short1"), "too short"),
        (account(password="password123"), "too common"),
        (account(password="83920174651"), "entirely numeric"),
        (account(username="doorkeeper", password="doorkeeper1"), "too similar"),
        (account(again="hall-door-lamp-8"), "didn’t match"),
        (account(username="door keeper!"), "Enter a valid username"),
        ({"username": "", "password1": "", "password2": ""}, "This field is required"),
    ],
    ids=["short", "common", "numeric", "like-username", "mismatch", "bad-username", "empty"],
)
def test_bad_input_makes_nothing(club, invitation, body, words):
    before = usernames()
    client = Client()
    response = client.post(url_of(invitation), body)
    assert response.status_code == 422
    assert words in response.content.decode()
    assert_nothing_made(club, invitation, before)
    assert signed_in_as(client) is None


@pytest.mark.parametrize(
    ("username", "password", "field"),
    [
        ("", PASSWORD, "username"),
        ("door keeper!", PASSWORD, "username"),
        ("doorkeeper", "short1", "password2"),
        ("doorkeeper", "doorkeeper1", "password2"),
    ],
)
def test_the_service_checks_its_input_itself(club, invitation, username, password, field):
    before = usernames()
    with pytest.raises(UserError) as caught:
        club_services.invitation_accept_new_user(
            token=invitation.token, username=username, password=password
        )
    assert set(caught.value.errors) == {field}
    assert_nothing_made(club, invitation, before)


def test_a_signed_in_visitor_sees_the_page_as_before(club, invitation, django_user_model):
    guest = django_user_model.objects.create_user(username="guest", password=PASSWORD)
    client = Client()
    client.force_login(guest)
    page = client.get(url_of(invitation)).content.decode()
    assert "Accept</button>" in page
    assert 'name="password1"' not in page and "New here?" not in page
    before = usernames()
    # A signed-in POST accepts for the signed-in user; account fields are ignored.
    response = client.post(url_of(invitation), account(username="someone-new"))
    assert response.status_code == 302
    assert usernames() == before
    assert roles(club)["guest"] == Role.DOOR
    assert Invitation.objects.get(pk=invitation.pk).used_by == guest


def test_an_address_locked_out_of_sign_in_makes_no_account(club, invitation):
    address = "203.0.113.9"
    client = Client(REMOTE_ADDR=address)
    for n in range(settings.AXES_FAILURE_LIMIT):
        client.post(reverse("login"), {"username": f"guess{n}", "password": "wrong"})
    attempts = AccessAttempt.objects.count()
    before = usernames()
    response = client.post(url_of(invitation), account())
    assert response.status_code == 429
    assert "Sign-in locked for now" in response.content.decode()
    assert_nothing_made(club, invitation, before)
    assert AccessAttempt.objects.count() == attempts  # the failures still count
    # Another address is not held back.
    assert Client(REMOTE_ADDR="198.51.100.4").post(url_of(invitation), account()).status_code == 302


def test_there_is_no_sign_up_page_without_an_invitation():
    for path in ("/accounts/signup/", "/accounts/register/", "/invite/", "/signup/"):
        assert Client().get(path).status_code == 404
    unknown = reverse("invite:accept", args=["no-such-link"])
    assert Client().post(unknown, account()).status_code == 404
    assert "doorkeeper" not in usernames()


@pytest.mark.django_db(transaction=True)
def test_new_people_racing_for_one_link_make_exactly_one_account(django_user_model):
    host = django_user_model.objects.create_user(username="hostess", password=PASSWORD)
    club = club_services.club_create(name="Racing Club", user=host)
    invitation = club_services.invitation_create(club=club, role=Role.SCORER, user=host)
    barrier = threading.Barrier(RACERS)
    outcomes: list[object] = [None] * RACERS

    def sign_up(i: int) -> None:
        try:
            barrier.wait(timeout=30)
            outcomes[i] = club_services.invitation_accept_new_user(
                token=invitation.token, username=f"racer{i}", password=PASSWORD
            )
        except Exception as exc:  # every outcome is checked below
            outcomes[i] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=sign_up, args=(i,)) for i in range(RACERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not any(thread.is_alive() for thread in threads)
    made = [o for o in outcomes if isinstance(o, django_user_model)]
    refused = [o for o in outcomes if isinstance(o, UserError)]
    assert len(made) == 1 and len(refused) == RACERS - 1, outcomes
    assert all("already been used" in error.message for error in refused)
    assert usernames() == {"hostess", made[0].username}
    assert roles(club) == {"hostess": Role.ORGANISER, made[0].username: Role.SCORER}
    assert Invitation.objects.get(pk=invitation.pk).used_by_id == made[0].pk


def test_a_username_taken_meanwhile_makes_nothing(club, invitation, monkeypatch):
    """Taken between the check and the insert: the unique index refuses it,
    and the link stays unused."""
    monkeypatch.setattr("django.db.models.query.QuerySet.exists", lambda self: False)
    before = usernames()
    with pytest.raises(UserError, match="taken"):
        club_services.invitation_accept_new_user(
            token=invitation.token, username="hostess", password=PASSWORD
        )
    monkeypatch.undo()
    assert_nothing_made(club, invitation, before)


def test_the_page_for_a_new_helper_reads_the_invitation_once(invitation, django_assert_num_queries):
    client = Client()
    with django_assert_num_queries(1):
        assert client.get(url_of(invitation)).status_code == 200


def test_a_link_used_meanwhile_is_refused_by_the_service(
    club, invitation, monkeypatch, django_user_model
):
    """The page found the link usable; by the time the service holds its
    lock, someone else has used it: the page says so and nothing is made."""
    earlier = django_user_model.objects.create_user(username="earlier", password=PASSWORD)
    club_services.invitation_accept(token=invitation.token, user=earlier)
    # The page's look finds nothing wrong; the service's own look, under its
    # lock, is the real one (both read the same module's function).
    real = club_services.invitation_refusal
    page_looks = [None]

    def refusal(invitation, now):
        return page_looks.pop() if page_looks else real(invitation, now=now)

    monkeypatch.setattr(club_services, "invitation_refusal", refusal)
    before = usernames()
    client = Client()
    response = client.post(url_of(invitation), account())
    assert response.status_code == 409
    text = response.content.decode()
    assert "already been used" in text and 'name="password1"' not in text
    assert usernames() == before and signed_in_as(client) is None
    assert Invitation.objects.get(pk=invitation.pk).used_by == earlier
