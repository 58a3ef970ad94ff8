from django.urls import path

from .views import documents, host, share, tableside_host

app_name = "host"

party = "<slug:slug>/"
rnd = party + "round/<int:number>/"
table = rnd + "table/<int:table>/"

urlpatterns = [
    path("", host.party_list, name="party_list"),
    path("new/", host.party_create, name="party_create"),
    path("upload/", host.party_upload, name="party_upload"),
    path("players/suggest/", host.player_suggest, name="player_suggest"),
    path(party, host.party_dashboard, name="dashboard"),
    path(party + "players/", host.players, name="players"),
    path(party + "players/<int:player_id>/depart/", host.player_depart, name="player_depart"),
    path(party + "seat/", host.seat_round1, name="seat"),
    path(party + "audit/", host.audit, name="audit"),
    path(party + "file/", host.party_file, name="party_file"),
    path(party + "delete/", host.party_delete, name="party_delete"),
    path(party + "finish/", host.party_finish, name="finish"),
    path(party + "prizes/", host.prizes, name="prizes"),
    path(party + "prizes/unpick/", host.prize_unpick, name="prize_unpick"),
    path(party + "share/", share.share, name="share"),
    path(party + "share/set/", share.share_set, name="share_set"),
    path(party + "share/wifi/", share.share_wifi, name="share_wifi"),
    path(rnd, host.round_view, name="round"),
    path(rnd + "close/", host.round_close, name="round_close"),
    path(rnd + "moves/", host.round_moves, name="moves"),
    path(rnd + "override/", host.round_override, name="override"),
    path(rnd + "reseat/", host.round_reseat, name="reseat"),
    path(rnd + "codes/", tableside_host.table_codes, name="table_codes"),
    path(rnd + "tableside/", tableside_host.tableside_set, name="tableside_set"),
    path(rnd + "clock/start/", host.round_clock_start, name="round_clock_start"),
    path(rnd + "clock/stop/", host.round_clock_stop, name="round_clock_stop"),
    path(rnd + "time/", host.round_call_time, name="round_time"),
    path(rnd + "time/undo/", host.round_call_time_undo, name="round_time_undo"),
    path(table, host.table_view, name="table"),
    path(table + "tally/", host.table_tally, name="table_tally"),
    path(table + "time/", host.table_call_time, name="table_time"),
    path(table + "cut/", host.table_cut, name="table_cut"),
    path(table + "deal/<int:deal>/amend/", host.deal_amend, name="deal_amend"),
    path(table + "deal/<int:deal>/confirm/", tableside_host.entry_confirm, name="entry_confirm"),
    path(party + "documents/", documents.documents, name="documents"),
    path(
        party + "documents/<int:document_id>/again/",
        documents.document_again,
        name="document_again",
    ),
    path(
        party + "documents/<int:document_id>/download/",
        documents.document_download,
        name="document_download",
    ),
    path(
        party + "documents/certificate/preview/",
        documents.certificate_preview,
        name="certificate_preview",
    ),
]
