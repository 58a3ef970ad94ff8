"""Ordinary host accounts: the site's owner (a superuser) hands out a
one-time sign-up link, or switches open sign-up on; a host who forgot
their password gets a one-time link from the owner that sets a new one.

A link works once, until it expires, unless withdrawn; a used, withdrawn
or expired link changes nothing, and so do a bad password and a taken
name.  Of several people racing for one link exactly one account is made.
The new account is an ordinary host (not staff) who sees only their own
parties.  A new password changes that user's only, and signs out every
session they had.  The sign-in lockout still holds on every form."""

from __future__ import annotations

import datetime
import html
import re
import threading

import pytest
from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.db import connection
from django.test import Client
from django.urls import reverse

from tests.pedroparty.test_settings import run_python
from tests.tournaments.builders import make_party
from tournaments.accounts import services as account_services
from tournaments.errors import UserError
from tournaments.models import PasswordResetLink, SignupLink

pytestmark = pytest.mark.django_db

PASSWORD = "hall-door-lamp-7"
NEW_PASSWORD = "winter-deck-moon-4"
RACERS = 6


@pytest.fixture
def owner(django_user_model):
    return django_user_model.objects.create_superuser(username="siteowner", password=PASSWORD)


@pytest.fixture
def owner_client(owner) -> Client:
    client = Client()
    client.force_login(owner)
    return client


def account(username: str = "newhost", password: str = PASSWORD, again: str | None = None):
    return {"username": username, "password1": password, "password2": again or password}


def usernames() -> set[str]:
    return set(get_user_model().objects.values_list("username", flat=True))


def signed_in_as(client: Client) -> str | None:
    user_id = client.session.get("_auth_user_id")
    return get_user_model().objects.get(pk=user_id).username if user_id else None


def link_in(page: str, name: str) -> str:
    """The one link address of route ``name`` the page shows."""
    prefix = reverse(name, args=["x" * 8]).rsplit("x" * 8, 1)[0]
    found = set(re.findall(rf"https?://[^\s\"<]*{re.escape(prefix)}[-\w]+/", page))
    assert len(found) == 1, found
    return found.pop()


def path_of(url: str) -> str:
    return "/" + url.split("://", 1)[1].split("/", 1)[1]


def make_signup_link(owner_client: Client, note: str = "Ana from the parish") -> str:
    response = owner_client.post(reverse("owner:accounts"), {"note": note})
    assert response.status_code == 200
    return path_of(link_in(response.content.decode(), "account:signup_link"))


def make_password_link(owner_client: Client, username: str) -> str:
    response = owner_client.post(reverse("owner:accounts"), {"username": username})
    assert response.status_code == 200
    return path_of(link_in(response.content.decode(), "account:password"))


# --------------------------------------------------------------------- the owner's page


def test_the_owner_makes_a_signup_link_shown_once_with_its_qr_code(owner_client):
    response = owner_client.post(reverse("owner:accounts"), {"note": "Ana"})
    page = response.content.decode()
    url = link_in(page, "account:signup_link")
    assert "<svg" in page and 'class="qr"' in page
    assert response["Cache-Control"] == "private, no-store"
    token = url.rstrip("/").rsplit("/", 1)[1]
    row = SignupLink.objects.get()
    assert token not in str(list(SignupLink.objects.values()))  # only its digest is kept
    assert row.note == "Ana" and row.used_at is None
    again = owner_client.get(reverse("owner:accounts")).content.decode()
    assert token not in again and "Sign-up link for Ana" in again


def test_only_an_owner_makes_links(host, django_user_model):
    staff = django_user_model.objects.create_user(
        username="staff", password=PASSWORD, is_staff=True
    )
    for user in (host, staff):
        with pytest.raises(PermissionDenied):
            account_services.signup_link_create(user=user)
        with pytest.raises(PermissionDenied):
            account_services.password_reset_link_create(user=user, username="hostess")
        client = Client()
        client.force_login(user)
        response = client.post(reverse("owner:accounts"), {"note": "me"})
        assert response.status_code == 403
        assert "Only the site&#x27;s owners can do this." in response.content.decode()
    assert not SignupLink.objects.exists() and not PasswordResetLink.objects.exists()


def test_the_owner_finds_the_page_from_the_party_list(owner_client, host):
    page = owner_client.get(reverse("host:party_list")).content.decode()
    assert f'href="{reverse("owner:accounts")}"' in page
    client = Client()
    client.force_login(host)
    assert reverse("owner:accounts") not in client.get(reverse("host:party_list")).content.decode()


# --------------------------------------------------------------------- signing up


def test_a_new_host_signs_up_from_the_link_as_an_ordinary_host(owner_client, host):
    theirs = make_party(host, players=4)
    url = make_signup_link(owner_client)
    client = Client()
    page = client.get(url)
    assert page.status_code == 200
    assert 'name="password1"' in page.content.decode()
    response = client.post(url, account())
    assert response.status_code == 302 and response["Location"] == reverse("host:party_list")
    user = get_user_model().objects.get(username="newhost")
    assert not user.is_staff and not user.is_superuser and user.check_password(PASSWORD)
    assert signed_in_as(client) == "newhost"
    link = SignupLink.objects.get()
    assert link.used_by == user and link.used_at is not None
    # An ordinary host: none of another host's parties, and their own.
    assert theirs.slug not in client.get(reverse("host:party_list")).content.decode()
    assert client.get(reverse("host:dashboard", args=[theirs.slug])).status_code == 404
    mine = make_party(user, players=0)
    assert mine.slug in client.get(reverse("host:party_list")).content.decode()
    assert client.get(reverse("club:list")).status_code == 200


def test_a_link_works_once(owner_client):
    url = make_signup_link(owner_client)
    assert Client().post(url, account()).status_code == 302
    before = usernames()
    response = Client().post(url, account(username="second"))
    assert response.status_code == 410
    assert "already been used" in response.content.decode()
    assert 'name="password1"' not in response.content.decode()
    assert usernames() == before


@pytest.mark.parametrize("how", ["expired", "withdrawn"])
def test_an_expired_or_withdrawn_link_makes_nothing(owner_client, owner, how):
    url = make_signup_link(owner_client)
    link = SignupLink.objects.get()
    if how == "expired":
        link.expires_at = link.created_at - datetime.timedelta(seconds=1)
        link.save()
    else:
        withdraw = owner_client.post(reverse("owner:signup_withdraw", args=[link.pk]))
        assert withdraw.status_code == 302 and withdraw["Location"] == reverse("owner:accounts")
    before = usernames()
    page = Client().get(url)
    assert page.status_code == 410 and how in page.content.decode()
    assert Client().post(url, account()).status_code == 410
    assert usernames() == before
    with pytest.raises(UserError, match=how):
        account_services.host_signup(
            token=url.rstrip("/").rsplit("/", 1)[1], username="x1", password=PASSWORD
        )
    assert usernames() == before
    assert SignupLink.objects.get().used_at is None


def test_an_unknown_link_is_not_found():
    assert Client().get(reverse("account:signup_link", args=["a" * 32])).status_code == 404
    assert Client().get(reverse("account:password", args=["a" * 32])).status_code == 404


@pytest.mark.parametrize(
    ("body", "words"),
    [
        (account(username="hostess"), "already exists"),
        (account(username="HOSTESS"), "already exists"),
        (account(password="1234"), "too short"),
        (account(again="something-else-9"), "didn"),
        (account(username="bad name!"), "username"),
    ],
)
def test_a_taken_name_or_a_bad_password_makes_nothing(owner_client, host, body, words):
    url = make_signup_link(owner_client)
    before = usernames()
    response = Client().post(url, body)
    assert response.status_code == 422
    assert words in response.content.decode()
    assert usernames() == before
    assert SignupLink.objects.get().used_at is None


def test_a_signed_in_visitor_makes_no_second_account(owner_client, host):
    url = make_signup_link(owner_client)
    client = Client()
    client.force_login(host)
    before = usernames()
    response = client.post(url, account())
    assert response.status_code == 200
    assert "You are signed in as hostess" in response.content.decode()
    assert usernames() == before and SignupLink.objects.get().used_at is None


@pytest.mark.django_db(transaction=True)
def test_people_racing_for_one_link_make_exactly_one_account(django_user_model):
    owner = django_user_model.objects.create_superuser(username="siteowner", password=PASSWORD)
    _link, token = account_services.signup_link_create(user=owner)
    outcomes = race(
        lambda i: account_services.host_signup(token=token, username=f"racer{i}", password=PASSWORD)
    )
    made = [o for o in outcomes if isinstance(o, django_user_model)]
    refused = [o for o in outcomes if isinstance(o, UserError)]
    assert len(made) == 1 and len(refused) == RACERS - 1, outcomes
    assert all("already been used" in error.message for error in refused)
    assert usernames() == {"siteowner", made[0].username}
    assert SignupLink.objects.get().used_by_id == made[0].pk


def race(act) -> list[object]:
    """``act(i)`` in RACERS threads released at once; what each returned or raised."""
    barrier = threading.Barrier(RACERS)
    outcomes: list[object] = [None] * RACERS

    def run(i: int) -> None:
        try:
            barrier.wait(timeout=30)
            outcomes[i] = act(i)
        except Exception as exc:  # every outcome is checked by the caller
            outcomes[i] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(RACERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not any(thread.is_alive() for thread in threads)
    return outcomes


def lock_out(client: Client) -> int:
    for n in range(settings.AXES_FAILURE_LIMIT):
        client.post(reverse("login"), {"username": f"guess{n}", "password": "wrong"})
    return AccessAttempt.objects.count()


def test_an_address_locked_out_of_sign_in_makes_no_account(owner_client):
    url = make_signup_link(owner_client)
    client = Client(REMOTE_ADDR="203.0.113.9")
    attempts = lock_out(client)
    before = usernames()
    response = client.post(url, account())
    assert response.status_code == 429
    assert usernames() == before and AccessAttempt.objects.count() == attempts
    assert SignupLink.objects.get().used_at is None
    assert Client(REMOTE_ADDR="198.51.100.4").post(url, account()).status_code == 302


# --------------------------------------------------------------------- open sign-up


def test_open_signup_is_off_by_default(settings):
    assert settings.HOST_SIGNUP_OPEN is False
    assert Client().get(reverse("account:signup")).status_code == 404
    assert Client().post(reverse("account:signup"), account()).status_code == 404
    with pytest.raises(UserError, match="sign-up link only"):
        account_services.host_signup(token=None, username="newhost", password=PASSWORD)
    assert "newhost" not in usernames()
    page = Client().get(reverse("login")).content.decode()
    assert reverse("account:signup") not in page and "Ask the site's owner" in page


def test_with_open_signup_anyone_makes_an_ordinary_host_account(settings):
    settings.HOST_SIGNUP_OPEN = True
    assert reverse("account:signup") in Client().get(reverse("login")).content.decode()
    client = Client()
    assert client.get(reverse("account:signup")).status_code == 200
    response = client.post(reverse("account:signup"), account())
    assert response.status_code == 302
    user = get_user_model().objects.get(username="newhost")
    assert not user.is_staff and not user.is_superuser and signed_in_as(client) == "newhost"
    before = usernames()
    again = Client().post(reverse("account:signup"), account(username="NewHost"))
    assert again.status_code == 422 and usernames() == before


def test_open_signup_keeps_the_lockout(settings):
    settings.HOST_SIGNUP_OPEN = True
    client = Client(REMOTE_ADDR="203.0.113.9")
    lock_out(client)
    assert client.post(reverse("account:signup"), account()).status_code == 429
    assert "newhost" not in usernames()


@pytest.mark.django_db(transaction=True)
def test_two_people_racing_for_one_name_make_one_account(settings, django_user_model):
    settings.HOST_SIGNUP_OPEN = True
    outcomes = race(
        lambda i: account_services.host_signup(token=None, username="same", password=PASSWORD)
    )
    made = [o for o in outcomes if isinstance(o, django_user_model)]
    assert len(made) == 1, outcomes
    assert all(isinstance(o, UserError) and "taken" in o.message for o in outcomes if o not in made)
    assert usernames() == {"same"}


@pytest.mark.parametrize(("raw", "value"), [("", False), ("true", True), ("0", False)])
def test_open_signup_is_read_through_the_env_helpers(raw, value):
    result = run_python(
        "from django.conf import settings; print(settings.HOST_SIGNUP_OPEN)",
        DJANGO_DEBUG="true",
        HOST_SIGNUP_OPEN=raw,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == str(value)


def test_a_bad_open_signup_value_stops_start_up_naming_it():
    result = run_python(
        "from django.conf import settings; settings.DEBUG",
        DJANGO_DEBUG="true",
        HOST_SIGNUP_OPEN="sometimes",
    )
    assert result.returncode != 0
    assert "HOST_SIGNUP_OPEN must be one of" in result.stderr


# --------------------------------------------------------------------- a new password


def sessions_of(user, count: int = 2) -> list[Client]:
    clients = []
    for _ in range(count):
        client = Client()
        signin = {"username": user.username, "password": "cards-and-wine-1"}
        assert client.post(reverse("login"), signin).status_code == 302
        clients.append(client)
    return clients


def is_signed_in(client: Client) -> bool:
    return client.get(reverse("host:party_list")).status_code == 200


def test_a_password_link_sets_that_users_password_and_signs_them_out(
    owner_client, host, other_host
):
    devices = sessions_of(host)
    bystander = Client()
    bystander.force_login(other_host)
    url = make_password_link(owner_client, "hostess")
    page = Client().get(url)
    assert page.status_code == 200 and "A new password for hostess" in page.content.decode()
    assert page["Cache-Control"] == "private, no-store"
    response = Client().post(url, {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD})
    assert response.status_code == 302 and response["Location"] == reverse("login")
    host.refresh_from_db()
    other_host.refresh_from_db()
    assert host.check_password(NEW_PASSWORD)
    assert other_host.check_password("cards-and-wine-2")  # only that user's
    assert not any(is_signed_in(device) for device in devices)
    assert is_signed_in(bystander)
    assert PasswordResetLink.objects.get().used_at is not None
    # The host signs in with the new password, through the sign-in page.
    signin = Client().post(reverse("login"), {"username": "hostess", "password": NEW_PASSWORD})
    assert signin.status_code == 302
    # And the link is spent.
    again = Client().post(
        url, {"new_password1": "other-pass-word-5", "new_password2": "other-pass-word-5"}
    )
    assert again.status_code == 410
    host.refresh_from_db()
    assert host.check_password(NEW_PASSWORD)


@pytest.mark.parametrize("how", ["expired", "withdrawn", "replaced"])
def test_a_dead_password_link_changes_nothing(owner_client, host, how):
    url = make_password_link(owner_client, "hostess")
    link = PasswordResetLink.objects.get()
    if how == "expired":
        link.expires_at = link.created_at - datetime.timedelta(seconds=1)
        link.save()
    elif how == "withdrawn":
        owner_client.post(reverse("owner:password_withdraw", args=[link.pk]))
    else:
        make_password_link(owner_client, "hostess")
    devices = sessions_of(host, count=1)
    response = Client().post(url, {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD})
    assert response.status_code == 410
    host.refresh_from_db()
    assert host.check_password("cards-and-wine-1") and is_signed_in(devices[0])
    assert PasswordResetLink.objects.get(pk=link.pk).used_at is None


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"new_password1": "1234", "new_password2": "1234"}, "too short"),
        ({"new_password1": NEW_PASSWORD, "new_password2": "winter-deck-sun-4"}, "didn"),
        ({"new_password1": "hostess", "new_password2": "hostess"}, "too similar"),
    ],
)
def test_a_bad_new_password_changes_nothing(owner_client, host, body, words):
    url = make_password_link(owner_client, "hostess")
    response = Client().post(url, body)
    assert response.status_code == 422 and words in response.content.decode()
    host.refresh_from_db()
    assert host.check_password("cards-and-wine-1")
    assert PasswordResetLink.objects.get().used_at is None
    with pytest.raises(UserError):
        account_services.password_reset(token=url.rstrip("/").rsplit("/", 1)[1], password="1234")


def test_a_password_link_for_no_such_account_is_refused(owner_client):
    response = owner_client.post(reverse("owner:accounts"), {"username": "nobody"})
    assert response.status_code == 422
    assert "There is no account of that name." in response.content.decode()
    assert not PasswordResetLink.objects.exists()


def test_a_locked_out_address_sets_no_password(owner_client, host):
    url = make_password_link(owner_client, "hostess")
    client = Client(REMOTE_ADDR="203.0.113.9")
    lock_out(client)
    response = client.post(url, {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD})
    assert response.status_code == 429
    host.refresh_from_db()
    assert host.check_password("cards-and-wine-1")


@pytest.mark.django_db(transaction=True)
def test_people_racing_for_one_password_link_set_it_once(django_user_model):
    owner = django_user_model.objects.create_superuser(username="siteowner", password=PASSWORD)
    host = django_user_model.objects.create_user(username="hostess", password=PASSWORD)
    _link, token = account_services.password_reset_link_create(user=owner, username="hostess")
    outcomes = race(
        lambda i: account_services.password_reset(token=token, password=f"{NEW_PASSWORD}-{i}")
    )
    winners = [i for i, o in enumerate(outcomes) if o == host]
    assert len(winners) == 1, outcomes
    host.refresh_from_db()
    assert host.check_password(f"{NEW_PASSWORD}-{winners[0]}")


# --------------------------------------------------------------------- languages


@pytest.mark.parametrize(
    ("language", "heading"),
    [("es", "Crea tu cuenta de anfitrión"), ("fr", "Créez votre compte d'hôte")],
)
def test_the_signup_page_speaks_the_visitors_language(owner_client, language, heading):
    url = make_signup_link(owner_client)
    page = Client(HTTP_ACCEPT_LANGUAGE=language).get(url).content.decode()
    assert heading in html.unescape(page)
