"""Table-side entry, at /t/<table token>/: the table's players enter and confirm deals."""

from django.urls import path

from pedroparty import converters  # noqa: F401  (registers "token")

from .views import tableside

app_name = "tableside"

table = "<token:token>/"

urlpatterns = [
    path(table, tableside.table_page, name="table"),
    path(table + "me/", tableside.table_me, name="me"),
    path(table + "enter/", tableside.table_enter, name="enter"),
    path(table + "deal/<int:deal>/hand/", tableside.table_hand, name="hand"),
    path(table + "deal/<int:deal>/confirm/", tableside.table_confirm, name="confirm"),
    path(table + "deal/<int:deal>/reject/", tableside.table_reject, name="reject"),
]
