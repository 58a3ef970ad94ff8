"""GET /: the home page says what the site is and loads only local assets."""

import re

import pytest
from django.urls import reverse


@pytest.fixture
def home(client):
    response = client.get(reverse("home"))
    assert response.status_code == 200
    return response.content.decode()


def test_says_what_the_site_is(home):
    assert "<title>Pedro Party" in home
    assert "Monterey-style progressive Pedro" in home
    assert "tablet" in home
    assert "phones" in home
    assert "online" in home.lower()


def test_is_mobile_friendly(home):
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in home


def test_loads_htmx_and_css_from_our_static_files_only(home):
    sources = re.findall(r'(?:src|href)="([^"]+)"', home)
    assets = [url for url in sources if url.endswith((".js", ".css"))]
    assert sorted(assets) == [
        "/static/css/site.css",
        "/static/js/htmx.min.js",
        "/static/js/language.js",
        "/static/js/site.js",
        "/static/js/view.js",
    ]
    # No CDN or other absolute URL: every link and asset stays on this site.
    assert not [url for url in sources if url.startswith(("http:", "https:", "//"))]


@pytest.mark.usefixtures("template_context")
def test_sends_csrf_token_with_htmx_requests(client):
    response = client.get(reverse("home"))
    token = response.context["csrf_token"]
    assert f"""<body hx-headers='{{"X-CSRFToken": "{token}"}}'>""" in response.content.decode()


@pytest.mark.parametrize("path", ["/static/css/site.css", "/static/js/htmx.min.js"])
def test_static_files_are_served(client, path):
    response = client.get(path)
    assert response.status_code == 200
    body = b"".join(response.streaming_content)  # consuming it closes the file
    assert len(body) > 100


def test_post_is_not_allowed(client):
    assert client.post(reverse("home")).status_code == 405


def test_is_the_finished_front_door(home):
    assert "being built" not in home
    assert f'href="{reverse("play:new")}"' in home
    main = home.split('<main class="page">')[1]
    assert f'href="{reverse("login")}"' in main  # sign in, in the page itself


@pytest.mark.django_db
def test_a_signed_in_host_is_sent_to_their_parties(client, django_user_model):
    user = django_user_model.objects.create_user(username="hostess", password="x-long-pass-1")
    client.force_login(user)
    main = client.get(reverse("home")).content.decode().split('<main class="page">')[1]
    assert f'href="{reverse("host:party_list")}"' in main
    assert "My parties" in main
    assert f'href="{reverse("login")}"' not in main


@pytest.mark.django_db
def test_the_demo_is_offered_only_in_development(client, settings):
    settings.DEBUG = False
    assert "pedro-demo" not in client.get(reverse("home")).content.decode()
    settings.DEBUG = True
    text = client.get(reverse("home")).content.decode()
    assert "pedro-demo" in text and "Try the demo" in text
    assert f"{reverse('login')}?next=%2Fhost%2F" in text
