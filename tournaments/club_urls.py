"""A club's pages for its organisers and helpers, at /host/clubs/."""

from django.urls import path

from .views import member_history

app_name = "club"

club = "<slug:club>/"

urlpatterns: list = [
    # Clubs, roles and invitations.
    # Members.
    # Seasons.
    # Member history.
    path(club + "members/<int:member>/", member_history.member, name="member"),
    # Exports.
    # The club file.
]
