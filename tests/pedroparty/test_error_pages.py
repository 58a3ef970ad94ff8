"""404, 403 and 500 answer with the site's own pages, each with a way home;
the favicon is linked from every page and /favicon.ico answers."""

import pytest
from django.core.exceptions import PermissionDenied
from django.test import Client
from django.urls import path, reverse

from pedroparty.urls import urlpatterns as site_urls


def _forbidden(request):
    raise PermissionDenied


def _broken(request):
    raise RuntimeError("a bug")


urlpatterns = [
    *site_urls,
    path("test-forbidden/", _forbidden),
    path("test-broken/", _broken),
]


def assert_site_page(response, status, heading):
    assert response.status_code == status
    text = response.content.decode()
    assert f"<h1>{heading}</h1>" in text
    assert f'href="{reverse("home")}"' in text
    assert "/static/css/site.css" in text
    assert "Traceback" not in text


@pytest.mark.django_db
def test_an_unknown_address_gets_the_styled_404(client):
    assert_site_page(client.get("/no/such/page/"), 404, "Page not found")


@pytest.mark.django_db
@pytest.mark.urls(__name__)
def test_a_refused_page_gets_the_styled_403(client):
    assert_site_page(client.get("/test-forbidden/"), 403, "Not allowed")


@pytest.mark.urls(__name__)
def test_a_bug_gets_the_styled_500():
    client = Client(raise_request_exception=False)
    assert_site_page(client.get("/test-broken/"), 500, "Something went wrong")


@pytest.mark.django_db
def test_pages_link_the_favicon_and_favicon_ico_answers(client):
    assert '<link rel="icon" href="/static/img/favicon.svg"' in client.get("/").content.decode()
    response = client.get("/favicon.ico")
    assert response.status_code == 302
    icon = client.get(response["Location"])
    assert icon.status_code == 200
    body = b"".join(icon.streaming_content)
    assert body[:4] == b"\x00\x00\x01\x00"  # the ICO header
    svg = client.get("/static/img/favicon.svg")
    assert b"<svg" in b"".join(svg.streaming_content)
