"""A club's pages for its organisers and helpers, at /host/clubs/."""

from django.urls import path

from .views import clubs

app_name = "club"

club = "<slug:club>/"

urlpatterns: list = [
    # Clubs, roles and invitations.
    path("", clubs.club_list, name="list"),
    path("new/", clubs.club_create, name="create"),
    path(club, clubs.club_detail, name="detail"),
    path(club + "invite/", clubs.club_invite, name="invite"),
    path(club + "invitations/<int:invitation_id>/", clubs.club_invitation, name="invitation"),
    path(
        club + "invitations/<int:invitation_id>/withdraw/",
        clubs.invitation_withdraw,
        name="invitation_withdraw",
    ),
    path(club + "roles/<int:role_id>/remove/", clubs.role_remove, name="role_remove"),
    # Members.
    # Seasons.
    # Member history.
    # Exports.
    # The club file.
]
