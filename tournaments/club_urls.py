"""A club's pages for its organisers and helpers, at /host/clubs/."""

from django.urls import path

from .views import clubfile, exports, member_history, members, seasons

app_name = "club"

club = "<slug:club>/"

urlpatterns: list = [
    # Before any "<club>/" route, which would take "upload" for a club's slug.
    path("upload/", clubfile.club_upload, name="club_upload"),
    # Clubs, roles and invitations.
    # Members.
    path(club + "members/", members.members, name="members"),
    path(club + "members/rename/", members.member_rename, name="member_rename"),
    path(club + "members/merge/", members.member_merge, name="member_merge"),
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
    path(club + "members/<int:member>/", member_history.member, name="member"),
    # Exports.
    path(
        club + "seasons/<int:season>/standings.csv",
        exports.season_export,
        name="season_export",
    ),
    # The club file.
    path(club + "file/", clubfile.club_file, name="club_file"),
]
