"""A club's pages for its organisers and helpers, at /host/clubs/."""

from django.urls import path

from .views import clubfile

app_name = "club"

club = "<slug:club>/"

urlpatterns: list = [
    # Clubs, roles and invitations.
    # Members.
    # Seasons.
    # Member history.
    # Exports.
    # The club file.
    path(club + "file/", clubfile.club_file, name="club_file"),
    path("upload/", clubfile.club_upload, name="club_upload"),
]
