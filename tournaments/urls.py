"""The party night's addresses: the host's pages at /host/ (namespace
``host``, ``urlpatterns``) and the players' page at /p/<public token>/
(``public_patterns``, namespace ``public``): no sign-in, 404 while the host
hides it."""

from django.urls import path

from pedroparty import converters  # noqa: F401  (registers "token")

from .api.views import tokens as api_tokens
from .exports import views as exports
from .tableside.views import host as tableside_host
from .uploads import views as upload_views
from .views import documents, parties, prizes, public, results, rounds, share

app_name = "host"

party = "<slug:slug>/"
rnd = party + "round/<int:number>/"
table = rnd + "table/<int:table>/"
deal = table + "deal/<int:deal>/"
document = party + "documents/<int:document_id>/"

urlpatterns = [
    path("", parties.party_list, name="party_list"),
    path("new/", parties.party_create, name="party_create"),
    path("upload/", parties.party_upload, name="party_upload"),
    path("uploads/<int:upload_id>/", upload_views.upload_page, name="upload"),
    path("players/suggest/", parties.player_suggest, name="player_suggest"),
    path("api-tokens/", api_tokens.api_tokens, name="api_tokens"),
    path(party, parties.party_dashboard, name="dashboard"),
    path(party + "players/", parties.players, name="players"),
    path(party + "players/<int:player_id>/depart/", parties.player_depart, name="player_depart"),
    path(party + "players/<int:player_id>/relink/", parties.player_relink, name="player_relink"),
    path(party + "players/copy/", parties.roster_copy, name="roster_copy"),
    path(party + "seat/", rounds.seat_round1, name="seat"),
    path(party + "audit/", parties.audit, name="audit"),
    path(party + "file/", parties.party_file, name="party_file"),
    path(party + "export/standings.csv", exports.export_standings, name="export_standings"),
    path(party + "export/results.csv", exports.export_results, name="export_results"),
    path(party + "delete/", parties.party_delete, name="party_delete"),
    path(party + "finish/", prizes.party_finish, name="finish"),
    path(party + "prizes/", prizes.prizes, name="prizes"),
    path(party + "prizes/unpick/", prizes.prize_unpick, name="prize_unpick"),
    path(party + "share/", share.share, name="share"),
    path(party + "share/set/", share.share_set, name="share_set"),
    path(party + "share/wifi/", share.share_wifi, name="share_wifi"),
    path(party + "share/language/", share.share_language, name="share_language"),
    path(rnd, rounds.round_view, name="round"),
    path(rnd + "close/", rounds.round_close, name="round_close"),
    path(rnd + "moves/", rounds.round_moves, name="moves"),
    path(rnd + "override/", rounds.round_override, name="override"),
    path(rnd + "reseat/", rounds.round_reseat, name="reseat"),
    path(rnd + "codes/", tableside_host.table_codes, name="table_codes"),
    path(rnd + "tableside/", tableside_host.tableside_set, name="tableside_set"),
    path(rnd + "clock/start/", rounds.round_clock_start, name="round_clock_start"),
    path(rnd + "clock/stop/", rounds.round_clock_stop, name="round_clock_stop"),
    path(rnd + "time/", rounds.round_call_time, name="round_time"),
    path(rnd + "time/undo/", rounds.round_call_time_undo, name="round_time_undo"),
    path(table, results.table_view, name="table"),
    path(table + "tally/", results.table_tally, name="table_tally"),
    path(table + "time/", rounds.table_call_time, name="table_time"),
    path(table + "time/undo/", rounds.table_call_time_undo, name="table_time_undo"),
    path(table + "cut/", rounds.table_cut, name="table_cut"),
    path(deal + "amend/", results.deal_amend, name="deal_amend"),
    path(deal + "confirm/", tableside_host.entry_confirm, name="entry_confirm"),
    path(party + "documents/", documents.documents, name="documents"),
    path(document + "again/", documents.document_again, name="document_again"),
    path(document + "download/", documents.document_download, name="document_download"),
    path(
        party + "documents/certificate/preview/",
        documents.certificate_preview,
        name="certificate_preview",
    ),
]

page = "<token:token>/"

public_patterns = (
    [
        path(page, public.party_page, name="party"),
        path(page + "me/<int:player_id>/", public.player_seat, name="seat"),
        path(page + "board/", public.board, name="board"),
        path(page + "qr.svg", public.qr_code, name="qr"),
    ],
    "public",
)
