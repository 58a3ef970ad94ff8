"""A players' page the host has hidden answers the site's own 404 page."""

import pytest
from django.urls import reverse

from tournaments import services

from .builders import make_party

pytestmark = pytest.mark.django_db


def test_a_hidden_players_page_gets_the_styled_404(
    client, host, django_capture_on_commit_callbacks
):
    party = make_party(host, players=4)
    url = reverse("public:party", args=[party.public_token])
    assert client.get(url).status_code == 200
    with django_capture_on_commit_callbacks(execute=True):
        services.party_public_set(party=party, open=False, standings=True, user=host)
    response = client.get(url)
    assert response.status_code == 404
    text = response.content.decode()
    assert "<h1>Page not found</h1>" in text
    assert f'href="{reverse("home")}"' in text
    assert "/static/css/site.css" in text
