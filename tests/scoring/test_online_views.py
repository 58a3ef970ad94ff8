"""The online-play pages: create, play (HTML, htmx, JSON), conditional GETs, replay, manage."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client
from django.urls import reverse

from scoring.models import DealEvent, OnlineSeat, OnlineTable

from .builders import act, make_idle, make_table, run_bots, seats_of, state_of

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_think")]

UNKNOWN = "no-such-token-here"  # shaped like a token, and no table's
CARD = re.compile(r'data-card="([2-9TJQKA][SHDC])"')


def seat_url(seat: OnlineSeat, name: str = "play:seat", *args) -> str:
    return reverse(name, args=[seat.token, *args])


def finish_deal(table: OnlineTable) -> None:
    """Play the current deal to its end: every seat takes its first legal move."""
    while state_of(table).phase != "done":
        run_bots(table)
        state = state_of(table)
        if state.phase != "done":
            act(table, state.legal_actions()[0])


# --------------------------------------------------------------------- creating


def test_home_links_to_online_play(client):
    response = client.get(reverse("home"))
    assert reverse("play:new") in response.content.decode()
    assert "Play online" in response.content.decode()


def test_create_a_table_from_the_form(client):
    response = client.get(reverse("play:new"))
    assert response.status_code == 200 and b"Create the table" in response.content
    response = client.post(
        reverse("play:new"),
        {
            "ruleset": "monterey-widow",
            "length": "target",
            "target": "61",
            "deals": "",
            "name1": "Rosa",
            "kind1": "human",
            "name2": "",
            "kind2": "heuristic",
            "name3": "Tony",
            "kind3": "human",
            "name4": "",
            "kind4": "random",
            "idle_seconds": "60",
        },
    )
    table = OnlineTable.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("play:manage", args=[table.creator_token])
    assert table.ruleset["name"] == "monterey-widow" and table.ruleset["target"] == 61
    assert [s.name for s in seats_of(table)] == ["Rosa", "Bot 2", "Tony", "Bot 4"]
    assert table.idle_seconds == 60


def test_a_bad_form_is_shown_again_with_its_errors(client):
    response = client.post(
        reverse("play:new"),
        {"ruleset": "monterey-draw", "length": "deals", "deals": "", "idle_seconds": "120"}
        | {f"kind{n}": "human" for n in range(1, 5)}
        | {"name1": "Ana", "name2": "Ana"},
    )
    assert response.status_code == 422
    text = response.content.decode()
    assert "Give the number of deals." in text
    assert OnlineTable.objects.count() == 0


def test_the_creator_page_lists_every_seat_link_with_a_qr_code(client):
    table = make_table(("human", "heuristic", "human", "human"))
    response = client.get(reverse("play:manage", args=[table.creator_token]))
    assert response.status_code == 200
    text = response.content.decode()
    for seat in seats_of(table):
        if not seat.is_bot:  # a bot's seat has no link (test_bot_seat_privacy.py)
            assert "http://testserver" + seat_url(seat) in text
    assert text.count("<svg") == 3
    assert (
        response["Cache-Control"] == "private, no-cache" or "private" in response["Cache-Control"]
    )


def test_party_tables_need_a_signed_in_host(client):
    response = client.get(reverse("play:party_new"))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


# --------------------------------------------------------------------- playing


def test_the_seat_page_shows_only_that_seats_cards():
    table = make_table()
    state = state_of(table)
    client = Client()
    for seat in seats_of(table):
        text = client.get(seat_url(seat)).content.decode()
        assert sorted(CARD.findall(text)) == sorted(state.hand(seat.seat))
        assert "deck" not in text


def test_a_move_through_htmx_returns_the_new_table(client):
    table = make_table()
    bea = seats_of(table)[1]
    response = client.post(
        seat_url(bea, "play:seat_act"),
        {"action": "bid 8", "version": table.version},
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 200
    assert DealEvent.objects.get().action == "bid 8"
    text = response.content.decode()
    assert 'id="game"' in text and "<html" not in text
    assert "Waiting for Cruz to bid" in text


def test_a_move_without_javascript_redirects_back_to_the_page(client):
    table = make_table()
    bea = seats_of(table)[1]
    response = client.post(seat_url(bea, "play:seat_act"), {"action": "pass", "version": "2"})
    assert response.status_code == 302 and response["Location"] == seat_url(bea)


@pytest.mark.parametrize(
    ("seat", "action", "message"),
    [
        (1, "bid 5", "bids are 6 to 16 or 32"),
        (2, "pass", "It is not your turn"),
        (1, "", "is not an action"),
    ],
)
def test_a_refused_move_answers_422_with_the_reason(client, seat, action, message):
    table = make_table()
    token = seats_of(table)[seat]
    response = client.post(
        seat_url(token, "play:seat_act"),
        {"action": action, "version": table.version},
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 422
    assert message in response.content.decode()
    assert DealEvent.objects.count() == 0


def test_a_move_from_an_old_screen_answers_422(client):
    table = make_table()
    bea = seats_of(table)[1]
    for version in ("1", "", "x"):
        response = client.post(
            seat_url(bea, "play:seat_act"),
            {"action": "pass", "version": version},
            headers={"HX-Request": "true"},
        )
        assert response.status_code == 422 and b"moved on" in response.content
    assert DealEvent.objects.count() == 0


@pytest.mark.parametrize("version", ["²", "9" * 5000, "\x00"])
def test_a_move_with_a_version_that_is_no_whole_number_answers_422(client, version):
    bea = seats_of(make_table())[1]
    response = client.post(
        seat_url(bea, "play:seat_act"),
        {"action": "pass", "version": version},
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 422 and b"moved on" in response.content
    assert DealEvent.objects.count() == 0


def test_moves_need_the_csrf_token():
    table = make_table()
    bea = seats_of(table)[1]
    client = Client(enforce_csrf_checks=True)
    response = client.post(seat_url(bea, "play:seat_act"), {"action": "pass", "version": "2"})
    assert response.status_code == 403
    assert DealEvent.objects.count() == 0


def test_json_state_and_json_moves(client):
    table = make_table()
    bea = seats_of(table)[1]
    data = client.get(seat_url(bea, "play:seat_state")).json()
    assert data["seat"] == 1 and data["view"]["legal"][0] == "pass"
    assert data["table"]["seats"][1] == {"seat": 1, "name": "Bea", "kind": "human", "away": False}
    assert "deck" not in json.dumps(data)
    response = client.post(
        seat_url(bea, "play:seat_act"),
        {"action": "bid 32", "version": data["table"]["version"]},
        headers={"Accept": "application/json"},
    )
    answer = response.json()
    if response.status_code == 422:
        assert "ace and the two" in answer["error"]
    else:
        assert answer["view"]["high_bid"] == 32 and answer["error"] == ""


def test_polling_is_answered_304_until_the_table_changes(client):
    table = make_table()
    ana, bea = seats_of(table)[:2]
    page = client.get(seat_url(ana), headers={"HX-Request": "true"})
    etag = page["ETag"]
    assert page.status_code == 200 and etag == '"seat-2-game"'
    assert '"If-None-Match": "\\"seat-2-game\\""' in page.content.decode()
    again = client.get(seat_url(ana), headers={"HX-Request": "true", "If-None-Match": etag})
    assert again.status_code == 304 and again.content == b""
    full = client.get(seat_url(ana))
    assert full["ETag"] == '"seat-2-page"' and b"<html" in full.content
    assert "HX-Request" in full["Vary"] and "private" in full["Cache-Control"]
    act(table, "pass")
    changed = client.get(seat_url(ana), headers={"HX-Request": "true", "If-None-Match": etag})
    assert changed.status_code == 200 and changed["ETag"] == '"seat-3-game"'
    json_page = client.get(seat_url(bea, "play:seat_state"))
    assert json_page["ETag"] == '"seat-3-json"'
    assert (
        client.get(
            seat_url(bea, "play:seat_state"), headers={"If-None-Match": json_page["ETag"]}
        ).status_code
        == 304
    )


def test_unknown_links_are_not_found(client):
    make_table()
    # Shaped like a token (URL-safe letters); other shapes are tested in
    # test_online_bad_links.py.
    for url in (
        reverse("play:seat", args=[UNKNOWN]),
        reverse("play:seat_state", args=[UNKNOWN]),
        reverse("play:seat_replay", args=[UNKNOWN, 1]),
        reverse("play:manage", args=[UNKNOWN]),
        reverse("play:manage_replay", args=[UNKNOWN, 1]),
    ):
        assert client.get(url).status_code == 404, url
    assert client.post(reverse("play:seat_act", args=[UNKNOWN]), {}).status_code == 404
    assert client.post(reverse("play:manage_next", args=[UNKNOWN]), {}).status_code == 404
    assert client.post(reverse("play:manage_seat", args=[UNKNOWN, 1]), {}).status_code == 404


def test_a_finished_deal_shows_its_result_and_the_next_hand_button(client):
    table = make_table(deals=2)
    finish_deal(table)
    ana = seats_of(table)[0]
    text = client.get(seat_url(ana)).content.decode()
    assert "The deal is over." in text and "Deal the next hand" in text
    assert "Replay this deal" in text
    response = client.post(
        seat_url(ana, "play:seat_act"),
        {"action": "next", "version": OnlineTable.objects.get().version},
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 200 and "Deal 2 · Bea deals" in response.content.decode()


# --------------------------------------------------------------------- replay


def test_only_a_finished_deal_can_be_replayed(client):
    table = make_table(deals=2)
    ana = seats_of(table)[0]
    assert client.get(seat_url(ana, "play:seat_replay", 1)).status_code == 404
    finish_deal(table)
    response = client.get(seat_url(ana, "play:seat_replay", 1) + "?step=0")
    assert response.status_code == 200
    cards = CARD.findall(response.content.decode())
    assert len(cards) == 36 and len(set(cards)) == 36  # every hand of the deal, face up
    steps = OnlineTable.objects.get().deals.get(number=1).events.count()
    last = client.get(seat_url(ana, "play:seat_replay", 1) + f"?step={steps}").content.decode()
    assert f"Step {steps} of {steps}" in last
    step3 = client.get(
        seat_url(ana, "play:seat_replay", 1) + "?step=3", headers={"HX-Request": "true"}
    )
    assert "Step 3 of" in step3.content.decode() and "<html" not in step3.content.decode()
    manage = client.get(reverse("play:manage_replay", args=[table.creator_token, 1]))
    assert manage.status_code == 200


# --------------------------------------------------------------------- the creator


def test_the_creator_hands_an_idle_seat_to_a_bot(client):
    table = make_table(idle_seconds=30)
    url = reverse("play:manage_seat", args=[table.creator_token, 2])
    response = client.post(url, {"kind": "heuristic"}, follow=True)
    assert "is not idle" in response.content.decode()
    make_idle(table)
    page = client.get(reverse("play:manage", args=[table.creator_token])).content.decode()
    assert "Hand the seat to a bot" in page
    response = client.post(url, {"kind": "heuristic"})
    assert response.status_code == 302
    assert seats_of(table)[1].kind == "heuristic"
    response = client.post(url, {"kind": "human"})
    assert seats_of(table)[1].kind == "human"


def test_the_creator_deals_the_next_hand(client):
    table = make_table(deals=2)
    finish_deal(table)
    table.refresh_from_db()
    url = reverse("play:manage_next", args=[table.creator_token])
    assert (
        "Deal the next hand"
        in client.get(reverse("play:manage", args=[table.creator_token])).content.decode()
    )
    client.post(url, {"version": table.version})
    table.refresh_from_db()
    assert table.deal_number == 2
    response = client.post(url, {"version": table.version}, follow=True)
    assert "still being played" in response.content.decode()


def test_the_admin_shows_tables_deals_and_events_read_only(admin_client):
    table = make_table(("human", "heuristic", "human", "human"))
    run_bots(table)
    for name in ("onlinetable", "onlinedeal", "dealevent"):
        assert admin_client.get(reverse(f"admin:scoring_{name}_changelist")).status_code == 200
    page = admin_client.get(reverse("admin:scoring_onlinedeal_change", args=[table.current_id]))
    deck = table.current.deck
    assert page.status_code == 200 and f'"{deck[0]}", "{deck[1]}"' not in page.content.decode()
    assert admin_client.get(reverse("admin:scoring_dealevent_add")).status_code == 403
