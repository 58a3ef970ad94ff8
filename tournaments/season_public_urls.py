"""The public season page, at /s/<public token>/: no sign-in, 404 while closed."""

from django.urls import path

from pedroparty import converters  # noqa: F401  (registers "token")

from .views import season_public

app_name = "season_public"

season = "<token:token>/"

urlpatterns = [
    path(season, season_public.season_page, name="page"),
    path(season + "qr.svg", season_public.qr_code, name="qr"),
]
