"""A club's pages for its organisers and helpers, at /host/clubs/."""

from django.urls import path

from .views import clubfile, member_history

app_name = "club"

club = "<slug:club>/"

urlpatterns: list = [
    # Before any "<club>/" route, which would take "upload" for a club's slug.
    path("upload/", clubfile.club_upload, name="club_upload"),
    # Clubs, roles and invitations.
    # Members.
    # Seasons.
    # Member history.
    path(club + "members/<int:member>/", member_history.member, name="member"),
    # Exports.
    # The club file.
    path(club + "file/", clubfile.club_file, name="club_file"),
]
