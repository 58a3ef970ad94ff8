"""The players' page, at /p/<public token>/: no sign-in, 404 while the host hides it."""

from django.urls import path

from pedroparty import converters  # noqa: F401  (registers "token")

from .views import public

app_name = "public"

party = "<token:token>/"

urlpatterns = [
    path(party, public.party_page, name="party"),
    path(party + "me/<int:player_id>/", public.player_seat, name="seat"),
    path(party + "board/", public.board, name="board"),
    path(party + "qr.svg", public.qr_code, name="qr"),
]
