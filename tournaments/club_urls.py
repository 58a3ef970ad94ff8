"""A club's pages for its organisers and helpers, at /host/clubs/."""

from django.urls import path

from .views import seasons

app_name = "club"

club = "<slug:club>/"

urlpatterns: list = [
    # Clubs, roles and invitations.
    # Members.
    # Seasons.
    path(club + "seasons/new/", seasons.season_create, name="season_create"),
    path(club + "seasons/<int:season>/", seasons.season_page, name="season"),
    path(club + "seasons/<int:season>/best-of/", seasons.season_best_of, name="season_best_of"),
    path(club + "seasons/<int:season>/parties/", seasons.season_party_add, name="season_party_add"),
    path(
        club + "seasons/<int:season>/parties/<slug:party>/remove/",
        seasons.season_party_remove,
        name="season_party_remove",
    ),
    path(club + "seasons/<int:season>/public/", seasons.season_public, name="season_public"),
    # Member history.
    # Exports.
    # The club file.
]
