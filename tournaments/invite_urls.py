"""The one-time link that grants a role in a club, at /invite/<token>/."""

from django.urls import path

from pedroparty import converters  # noqa: F401  (registers "token")

from .views import clubs

app_name = "invite"

urlpatterns = [
    path("<token:token>/", clubs.invitation_accept, name="accept"),
]
