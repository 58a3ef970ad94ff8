"""A club's pages for its organisers and helpers, at /host/clubs/."""

from django.urls import path

from .views import clubfile, clubs, member_history, members

app_name = "club"

club = "<slug:club>/"

urlpatterns: list = [
    # Before any "<club>/" route, which would take "upload" for a club's slug.
    path("upload/", clubfile.club_upload, name="club_upload"),
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
