"""A club's pages for its organisers and helpers, at /host/clubs/."""

from django.urls import path

from .views import clubfile, member_history, members

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
    # Member history.
    path(club + "members/<int:member>/", member_history.member, name="member"),
    # Exports.
    # The club file.
    path(club + "file/", clubfile.club_file, name="club_file"),
]
