"""Table-side entry, at /t/<table token>/: the table's players enter and confirm deals."""

from django.urls import path

from pedroparty import converters  # noqa: F401  (registers "token")

from .views import phone

app_name = "tableside"

table = "<token:token>/"

urlpatterns = [
    path(table, phone.table_page, name="table"),
    path(table + "me/", phone.table_me, name="me"),
    path(table + "enter/", phone.table_enter, name="enter"),
    path(table + "deal/<int:deal>/hand/", phone.table_hand, name="hand"),
    path(table + "deal/<int:deal>/confirm/", phone.table_confirm, name="confirm"),
    path(table + "deal/<int:deal>/reject/", phone.table_reject, name="reject"),
]
