"""Repeated wrong passwords lock an account, and a client address, out of
both sign-in pages (the host's and the admin's) until the cool-off has
passed; a good password before then clears the count."""

from __future__ import annotations

import datetime

import pytest
from axes.models import AccessAttempt, AccessLog
from django.conf import settings
from django.contrib.auth import get_user_model
from django.urls import reverse

from pedroparty.clients import client_ip, client_key

pytestmark = pytest.mark.django_db

PASSWORD = "cards-1-wine"
LOGIN_URLS = {"host": "login", "admin": "admin:login"}


@pytest.fixture
def hosts(django_user_model):
    """Two staff accounts (the admin's sign-in page wants staff)."""
    return [
        django_user_model.objects.create_user(username=name, password=PASSWORD, is_staff=True)
        for name in ("hostess", "cohost")
    ]


def sign_in(client, which: str, username: str, password: str, address: str = "203.0.113.7"):
    return client.post(
        reverse(LOGIN_URLS[which]),
        {"username": username, "password": password},
        REMOTE_ADDR=address,
    )


def signed_in(client) -> bool:
    return "_auth_user_id" in client.session


def assert_locked_out(response) -> None:
    assert response.status_code == 429
    minutes = settings.AXES_COOLOFF_TIME.total_seconds() / 60
    assert response["Retry-After"] == str(int(minutes * 60))
    text = response.content.decode()
    assert "Sign-in locked for now" in text
    assert f"Please try again in {int(minutes)} minutes." in text


@pytest.mark.parametrize("which", LOGIN_URLS)
def test_wrong_passwords_for_one_account_lock_it_from_any_address(client, hosts, which):
    limit = settings.AXES_FAILURE_LIMIT
    for n in range(limit - 1):
        response = sign_in(client, which, "hostess", "wrong", f"192.0.2.{n + 1}")
        assert response.status_code == 200  # the form again, with its error
    assert_locked_out(sign_in(client, which, "hostess", "wrong", "192.0.2.200"))
    # Now even the right password, from a new address, is refused.
    assert_locked_out(sign_in(client, which, "hostess", PASSWORD, "198.51.100.1"))
    assert not signed_in(client)
    # Another account is not held back.
    assert sign_in(client, which, "cohost", PASSWORD, "198.51.100.1").status_code == 302
    assert signed_in(client)


@pytest.mark.parametrize("which", LOGIN_URLS)
def test_wrong_passwords_from_one_address_lock_that_address_out(client, hosts, which):
    limit = settings.AXES_FAILURE_LIMIT
    for n in range(limit):
        sign_in(client, which, f"guess{n}", "wrong")
    assert_locked_out(sign_in(client, which, "cohost", PASSWORD))
    assert not signed_in(client)
    assert sign_in(client, which, "cohost", PASSWORD, "198.51.100.1").status_code == 302


def test_failures_on_one_sign_in_page_count_on_the_other(client, hosts):
    for _ in range(settings.AXES_FAILURE_LIMIT):
        sign_in(client, "admin", "hostess", "wrong")
    assert_locked_out(sign_in(client, "host", "hostess", PASSWORD, "198.51.100.1"))


def test_signing_in_works_again_after_the_cool_off(client, hosts):
    for _ in range(settings.AXES_FAILURE_LIMIT):
        sign_in(client, "host", "hostess", "wrong")
    assert_locked_out(sign_in(client, "host", "hostess", PASSWORD))
    cool_off = settings.AXES_COOLOFF_TIME + datetime.timedelta(seconds=1)
    for attempt in AccessAttempt.objects.all():
        AccessAttempt.objects.filter(pk=attempt.pk).update(
            attempt_time=attempt.attempt_time - cool_off
        )
    response = sign_in(client, "host", "hostess", PASSWORD)
    assert response.status_code == 302 and signed_in(client)


def test_a_good_password_clears_the_count(client, hosts):
    limit = settings.AXES_FAILURE_LIMIT
    for _ in range(limit - 1):
        sign_in(client, "host", "hostess", "wrong")
    assert sign_in(client, "host", "hostess", PASSWORD).status_code == 302
    client.logout()
    for _ in range(limit - 1):
        assert sign_in(client, "host", "hostess", "wrong").status_code == 200
    assert sign_in(client, "host", "hostess", PASSWORD).status_code == 302


def test_signing_in_many_times_never_locks_anyone_out(client, hosts):
    for _ in range(3 * settings.AXES_FAILURE_LIMIT):
        assert sign_in(client, "host", "hostess", PASSWORD).status_code == 302
        client.logout()


@pytest.mark.parametrize("which", LOGIN_URLS)
@pytest.mark.parametrize(
    "username",
    ["x" * 256, "é" * 300, "9" * 5000, "a\x00b", "\x00" * 300],
    ids=["256-letters", "300-accents", "5000-digits", "nul", "300-nuls"],
)
def test_a_username_no_account_can_have_is_refused_like_a_wrong_one(client, hosts, which, username):
    """Longer than the attempts table's column, or with a NUL byte PostgreSQL refuses."""
    response = sign_in(client, which, username, PASSWORD)
    assert response.status_code == 200
    page = response.content.decode()
    said = "Null characters are not allowed." if "\x00" in username else "correct username"
    assert said in page
    assert 'class="error"' in page or 'class="errornote"' in page
    assert not signed_in(client)
    assert sorted(get_user_model().objects.values_list("username", flat=True)) == [
        "cohost",
        "hostess",
    ]


def test_guesses_with_impossible_usernames_still_lock_the_address_out(client, hosts):
    for n in range(settings.AXES_FAILURE_LIMIT - 1):
        assert sign_in(client, "host", f"{n}" + "x" * 300, "wrong").status_code == 200
    assert_locked_out(sign_in(client, "host", "é" * 300, "wrong"))
    assert_locked_out(sign_in(client, "host", "cohost", PASSWORD))
    assert not signed_in(client)


def test_the_lockout_page_is_styled_like_the_site(client, hosts):
    for _ in range(settings.AXES_FAILURE_LIMIT):
        response = sign_in(client, "host", "hostess", "wrong")
    text = response.content.decode()
    assert "css/site.css" in text and reverse("login") in text


@pytest.mark.parametrize("address", [None, "", "not-an-address"])
def test_a_request_without_an_address_has_none(rf, address):
    """Axes stores the address in an address column (PostgreSQL checks it)."""
    request = rf.get("/")
    if address is None:
        del request.META["REMOTE_ADDR"]
    else:
        request.META["REMOTE_ADDR"] = address
    assert client_ip(request) is None
    assert client_key(request) == client_key(request) != ""


def test_signing_in_from_code_is_logged_without_an_address(hosts):
    """The test client's force_login signs in with a request that has no address."""
    from django.test import Client

    client = Client()
    client.force_login(hosts[0])
    assert signed_in(client)
    assert AccessLog.objects.get().ip_address is None
