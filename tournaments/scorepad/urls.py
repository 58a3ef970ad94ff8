"""The scorepad's addresses at /pad/: a new one, the keeper's private link
/pad/<token>/ and the players' read-only link /pad/v/<token>/."""

from django.urls import path

from pedroparty import converters  # noqa: F401  (registers "token")

from .views import keeper, phone

app_name = "scorepad"

pad = "<token:token>/"

urlpatterns = [
    path("new/", keeper.scorepad_new, name="new"),
    path("v/" + pad, phone.scorepad_phone, name="phone"),
    path(pad, keeper.scorepad_page, name="pad"),
    path(pad + "deal/", keeper.scorepad_enter, name="enter"),
    path(pad + "deal/<int:deal>/amend/", keeper.scorepad_amend, name="amend"),
    path(pad + "deal/<int:deal>/delete/", keeper.scorepad_delete, name="delete"),
    path(pad + "sheet.pdf", keeper.scorepad_sheet_pdf, name="sheet_pdf"),
]
