"""The reading-comfort cookie: the server draws the chosen classes on <html>."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from pedroparty.context_processors import VIEW_COOKIE
from scoring import services
from scoring.services import SeatSpec
from tournaments import services as party_services


def test_the_chosen_classes_are_rendered_on_html(client):
    client.cookies[VIEW_COOKIE] = "contrast.text-large"
    html = client.get(reverse("home")).content.decode()
    assert '<html lang="en" class="text-large contrast">' in html
    assert 'data-view="text-large" aria-pressed="true"' in html


def test_without_the_cookie_html_has_no_class(client):
    html = client.get(reverse("home")).content.decode()
    assert '<html lang="en">' in html
    assert 'data-view="contrast" aria-pressed="false"' in html


def test_anything_else_in_the_cookie_is_ignored(client):
    client.cookies[VIEW_COOKIE] = 'x" onload="alert(1).contrast.huge'
    html = client.get(reverse("home")).content.decode()
    assert '<html lang="en" class="contrast">' in html
    assert "alert" not in html


@pytest.mark.django_db
def test_a_seat_page_is_drawn_again_when_the_choice_changes(client):
    """The seat page answers 304 while nothing changes; a new reading-comfort
    choice is a change, so the page comes back with its classes."""
    table = services.table_create(seats=[SeatSpec(n, "human") for n in "ABCD"], deals=1)
    url = reverse("play:seat", args=[table.seats.get(seat=0).token])
    etag = client.get(url).headers["ETag"]
    assert client.get(url, headers={"If-None-Match": etag}).status_code == 304

    client.cookies[VIEW_COOKIE] = "text-large"
    response = client.get(url, headers={"If-None-Match": etag})
    assert response.status_code == 200
    assert '<html lang="en" class="text-large">' in response.content.decode()
    assert client.get(url, headers={"If-None-Match": response.headers["ETag"]}).status_code == 304


@pytest.mark.django_db
def test_the_players_page_is_the_same_for_everybody(client, django_user_model):
    """The players' page is rendered once for every phone and cached: one
    browser's choice must not reach another's page (view.js applies it)."""
    host = django_user_model.objects.create_user(username="hostess", password="x-1-long-pass")
    party = party_services.party_create(owner=host, name="Pedro", date=datetime.date(2026, 5, 8))
    url = reverse("public:party", args=[party.public_token])
    client.cookies[VIEW_COOKIE] = "text-large.contrast"
    assert '<html lang="en">' in client.get(url).content.decode()
    client.cookies.pop(VIEW_COOKIE)
    assert '<html lang="en">' in client.get(url).content.decode()
