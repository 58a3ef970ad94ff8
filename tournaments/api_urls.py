"""The JSON API, version 1, mounted at /api/v1/ (see :mod:`tournaments.api`)."""

from django.urls import path, re_path

from . import api

app_name = "api"

urlpatterns = [
    path("", api.root, name="root"),
    path("parties/<str:token>/standings", api.party_standings, name="party_standings"),
    # Last: any other address under the API is a JSON 404, not the site's page.
    re_path(r"^(?P<rest>.*)$", api.unknown, name="unknown"),
]
