"""A club member's own page, at /m/<member token>/: no sign-in, 404 for a wrong token."""

from django.urls import path

from pedroparty import converters  # noqa: F401  (registers "token")

from .views import member_history

app_name = "member_public"

urlpatterns = [
    path("<token:token>/", member_history.member_public, name="member"),
]
