"""A club's pages for its organisers and helpers, at /host/clubs/."""

app_name = "club"

club = "<slug:club>/"

urlpatterns: list = [
    # Clubs, roles and invitations.
    # Members.
    # Seasons.
    # Member history.
    # Exports.
    # The club file.
]
