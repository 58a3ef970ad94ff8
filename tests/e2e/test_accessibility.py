"""Every page of the night passes axe-core with no serious or critical violation.

axe-core comes bundled with ``axe-playwright-python``: nothing is fetched
while the test runs.  The party, the online tables and their deals are made
through the services, so the browser only visits: the host's pages (signed
in), the players' page before and after "this is me", the board, the online
pages (a seat in bidding, one in play, a finished deal's replay) and home.
"""

from __future__ import annotations

import datetime

import pytest
from playwright.sync_api import expect

from scoring import services as play
from tournaments import services
from tournaments.models import TableRound
from tournaments.tableside import services as tableside_services

from .accessibility import axe_problems
from .browser import sign_in
from .builders import PLAYERS, online_table, played_party

pytestmark = pytest.mark.e2e


def test_every_page_has_no_serious_accessibility_problem(page, host, live_server, traffic):
    party = played_party(host)
    tableside_services.party_tableside_set(party=party, on=True, user=host)
    table_link = TableRound.objects.get(round__party=party, round__number=2, table=1).entry_token
    # The round clock runs on round 2: its host page, phones and board show it.
    services.round_clock_start(round=party.rounds.get(number=2), user=host)
    fresh = services.party_create(owner=host, name="Next week", date=datetime.date(2026, 5, 15))
    for name in PLAYERS[:4]:
        services.player_register(party=fresh, name=name, user=host)
    bidding, playing, finished = online_table("bid"), online_table("play"), online_table("done")
    slug, token = party.slug, party.public_token
    # The share screen with its join-the-Wi-Fi code and password shown.
    services.party_wifi_set(party=party, name="Parish hall", password="cards-and-wine", user=host)

    problems: list[str] = []
    page.goto("/accounts/login/")
    problems += axe_problems(page)
    sign_in(page, host.username)
    host_pages = [
        "/host/",
        "/host/new/",
        "/host/upload/",
        f"/host/{slug}/",
        f"/host/{slug}/players/",
        f"/host/{fresh.slug}/seat/",
        f"/host/{slug}/round/1/",
        f"/host/{slug}/round/2/",
        f"/host/{slug}/round/2/table/1/",
        f"/host/{slug}/round/2/table/1/tally/",
        f"/host/{slug}/round/1/table/1/deal/1/amend/",
        f"/host/{slug}/round/1/moves/",
        f"/host/{slug}/round/2/override/",
        f"/host/{slug}/round/2/codes/",
        f"/host/{slug}/audit/",
        f"/host/{slug}/prizes/",
        f"/host/{slug}/share/",
        f"/host/{slug}/documents/",
    ]
    for path in host_pages:
        response = page.goto(path)
        assert response.status == 200, path
        problems += axe_problems(page)

    page.goto(f"/p/{token}/")
    problems += axe_problems(page)
    me = party.players.order_by("pk").first()
    page.locator(f'#standings tr[data-player="{me.pk}"]').get_by_role("link").click()
    expect(page.locator("#seat .my-name")).to_have_text(me.name)
    problems += axe_problems(page)
    page.goto(f"/p/{token}/board/")
    problems += axe_problems(page)
    page.goto(f"/t/{table_link}/")
    problems += axe_problems(page)

    page.goto("/")
    problems += axe_problems(page)
    page.goto("/play/")
    problems += axe_problems(page)
    page.goto(f"/play/t/{bidding.creator_token}/")
    problems += axe_problems(page)
    for table in (bidding, playing):
        state = play.deal_state(play.table_ruleset(table), table.current)
        seat = table.seats.get(seat=state.to_act)
        page.goto(f"/play/s/{seat.token}/")
        expect(page.locator("#game")).to_have_attribute("data-turn", "me")
        problems += axe_problems(page)
    seat = finished.seats.get(seat=0)
    page.goto(f"/play/s/{seat.token}/")
    problems += axe_problems(page)
    page.goto(f"/play/s/{seat.token}/deal/1/?step=3")
    problems += axe_problems(page)

    assert problems == [], "\n".join(problems)
    assert traffic.problems == []
