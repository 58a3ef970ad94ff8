"""The one-time link that grants a role in a club, at /invite/<token>/."""

from django.urls import path

from .views import clubs

app_name = "invite"

urlpatterns = [
    path("<str:token>/", clubs.invitation_accept, name="accept"),
]
