"""The players' page, at /p/<public token>/: no sign-in, 404 while the host hides it."""

from django.urls import path, register_converter

from .views import public


class TokenConverter:
    """A party's public token (``secrets.token_urlsafe``): URL-safe base64 letters."""

    regex = r"[-A-Za-z0-9_]{8,32}"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(TokenConverter, "token")

app_name = "public"

party = "<token:token>/"

urlpatterns = [
    path(party, public.party_page, name="party"),
    path(party + "me/<int:player_id>/", public.player_seat, name="seat"),
    path(party + "board/", public.board, name="board"),
    path(party + "qr.svg", public.qr_code, name="qr"),
]
