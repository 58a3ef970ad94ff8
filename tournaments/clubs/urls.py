"""A club's addresses.

* ``urlpatterns`` (namespace ``club``): its pages for organisers and helpers,
  at /host/clubs/;
* ``invite_patterns`` (``invite``): the one-time link that grants a role in
  a club, at /invite/<token>/;
* ``member_public_patterns`` (``member_public``): a member's own page, at
  /m/<member token>/: no sign-in, 404 for a wrong token;
* ``season_public_patterns`` (``season_public``): the public season page, at
  /s/<public token>/: no sign-in, 404 while closed.
"""

from django.urls import path

from pedroparty import converters  # noqa: F401  (registers "token")

from ..exports import views as exports
from .views import clubfile, clubs, member_history, members, season_public, seasons

app_name = "club"

club = "<slug:club>/"
season = club + "seasons/<int:season>/"
invitation = club + "invitations/<int:invitation_id>/"

urlpatterns: list = [
    # Before any "<club>/" route, which would take "upload" for a club's slug.
    path("upload/", clubfile.club_upload, name="club_upload"),
    # Clubs, roles and invitations.
    path("", clubs.club_list, name="list"),
    path("new/", clubs.club_create, name="create"),
    path(club, clubs.club_detail, name="detail"),
    path(club + "invite/", clubs.club_invite, name="invite"),
    path(club + "ratings/", clubs.club_ratings, name="ratings"),
    path(invitation, clubs.club_invitation, name="invitation"),
    path(invitation + "withdraw/", clubs.invitation_withdraw, name="invitation_withdraw"),
    path(club + "roles/<int:role_id>/remove/", clubs.role_remove, name="role_remove"),
    # Members.
    path(club + "members/", members.members, name="members"),
    path(club + "members/rename/", members.member_rename, name="member_rename"),
    path(club + "members/merge/", members.member_merge, name="member_merge"),
    # Seasons.
    path(club + "seasons/new/", seasons.season_create, name="season_create"),
    path(season, seasons.season_page, name="season"),
    path(season + "best-of/", seasons.season_best_of, name="season_best_of"),
    path(season + "parties/", seasons.season_party_add, name="season_party_add"),
    path(
        season + "parties/<slug:party>/remove/",
        seasons.season_party_remove,
        name="season_party_remove",
    ),
    path(season + "public/", seasons.season_public, name="season_public"),
    # Member history.
    path(club + "members/<int:member>/", member_history.member, name="member"),
    # Exports.
    path(season + "standings.csv", exports.season_export, name="season_export"),
    # The club file.
    path(club + "file/", clubfile.club_file, name="club_file"),
]

invite_patterns = (
    [path("<token:token>/", clubs.invitation_accept, name="accept")],
    "invite",
)

member_public_patterns = (
    [path("<token:token>/", member_history.member_public, name="member")],
    "member_public",
)

public_season = "<token:token>/"

season_public_patterns = (
    [
        path(public_season, season_public.season_page, name="page"),
        path(public_season + "qr.svg", season_public.qr_code, name="qr"),
    ],
    "season_public",
)
