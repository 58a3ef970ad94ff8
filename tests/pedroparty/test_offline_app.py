"""The host pages as an installable app: the manifest, the icons, the
service worker served from a path whose scope covers /host/, and the
connection status on the host's pages."""

from __future__ import annotations

import json

import pytest
from django.contrib.staticfiles import finders
from django.urls import reverse


def test_the_service_worker_is_javascript_from_the_root_and_never_stale(client):
    response = client.get(reverse("service_worker"))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Cache-Control"] == "no-cache"
    assert response["Service-Worker-Allowed"] == reverse("host:party_list")
    # Its own path is above /host/, so it may take that scope.
    assert reverse("host:party_list").startswith(reverse("service_worker").rsplit("/", 1)[0])
    assert b'addEventListener("fetch"' in response.content


def test_the_manifest_names_the_app_and_its_icons(client):
    response = client.get(reverse("web_manifest"))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    assert manifest["start_url"] == manifest["scope"] == reverse("host:party_list")
    assert manifest["display"] == "standalone"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert sizes == {"192x192", "512x512"}
    for icon in manifest["icons"]:
        name = icon["src"].split("/static/", 1)[1]
        assert finders.find(name), name


@pytest.mark.django_db
def test_host_pages_show_the_connection_status_and_load_the_queue(client, django_user_model):
    host = django_user_model.objects.create_user(username="hostess", password="x-x-x-x-1")
    client.force_login(host)
    page = client.get(reverse("host:party_list")).content.decode()
    assert 'id="connection"' in page
    assert 'data-user="hostess"' in page
    assert "js/offline.js" in page
    assert reverse("web_manifest") in page
    assert "data-offline-forget" in page


def test_signed_out_pages_have_no_queue(client, db):
    page = client.get(reverse("login")).content.decode()
    assert 'id="connection"' not in page
    assert "js/offline.js" not in page
