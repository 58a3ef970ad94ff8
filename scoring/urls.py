from django.urls import path

from pedroparty import converters  # noqa: F401  (registers "token")

from . import views

app_name = "play"

seat = "s/<token:token>/"
manage = "t/<token:token>/"

urlpatterns = [
    path("", views.table_new, name="new"),
    path("party/", views.party_table_new, name="party_new"),
    path(seat, views.seat_page, name="seat"),
    path(seat + "act/", views.seat_act, name="seat_act"),
    path(seat + "state.json", views.seat_state, name="seat_state"),
    path(seat + "hint/", views.seat_hint, name="seat_hint"),
    path(seat + "deal/<int:number>/", views.seat_replay, name="seat_replay"),
    path(manage, views.manage, name="manage"),
    path(manage + "seat/<int:seat>/", views.manage_seat, name="manage_seat"),
    path(manage + "next/", views.manage_next, name="manage_next"),
    path(manage + "deal/<int:number>/", views.manage_replay, name="manage_replay"),
]
