"""The JSON API, version 1, mounted at /api/v1/ (see :mod:`tournaments.api.views.endpoints`)."""

from django.urls import path, re_path

from pedroparty import converters  # noqa: F401  (registers "token")

from .views import endpoints

app_name = "api"

urlpatterns = [
    path("", endpoints.root, name="root"),
    path("parties/<token:token>/standings", endpoints.party_standings, name="party_standings"),
    path("seasons/<token:token>/standings", endpoints.season_standings, name="season_standings"),
    # Last: any other address under the API is a JSON 404, not the site's page.
    re_path(r"", endpoints.unknown, name="unknown"),
]
