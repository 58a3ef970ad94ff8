"""A club's pages for its organisers and helpers, at /host/clubs/."""

from django.urls import path

from .views import members

app_name = "club"

club = "<slug:club>/"

urlpatterns: list = [
    # Clubs, roles and invitations.
    # Members.
    path(club + "members/", members.members, name="members"),
    path(club + "members/rename/", members.member_rename, name="member_rename"),
    path(club + "members/merge/", members.member_merge, name="member_merge"),
    # Seasons.
    # Member history.
    # Exports.
    # The club file.
]
