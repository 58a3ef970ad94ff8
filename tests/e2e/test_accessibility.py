"""Every page of the night passes axe-core with no serious or critical violation.

axe-core comes bundled with ``axe-playwright-python``: nothing is fetched
while the test runs.  The party, the online tables and their deals are made
through the services, so the browser only visits: the host's pages (signed
in), the players' page before and after "this is me", the board, the online
pages (a seat in bidding, one in play, a finished deal's replay) and home.
"""

from __future__ import annotations

import datetime
import random

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from scoring import services as play
from scoring.models import OnlineTable
from scoring.services import SeatSpec
from tournaments import services
from tournaments.models import Party, Round

from .conftest import sign_in

pytestmark = pytest.mark.e2e

PLAYERS = ["Élodie", "Siobhán", "José", "Rosa", "Tony", "Connie", "Walt", "Dolores", "Frank"]
PEOPLE = ("Ana", "Bea", "Cruz", "Dee")
#: What the check fails on; "moderate" and "minor" findings are reported by axe too.
SERIOUS = {"serious", "critical"}

AXE = Axe()


def axe_problems(page: Page, *, rules: list[str] | None = None) -> list[str]:
    """axe-core's serious and critical violations on ``page``, one line each."""
    options: dict = {"resultTypes": ["violations"]}
    if rules:
        options["runOnly"] = {"type": "rule", "values": rules}
    results = AXE.run(page, options=options)
    problems = []
    for violation in results.response["violations"]:
        if violation["impact"] not in SERIOUS:
            continue
        targets = [" ".join(map(str, node["target"])) for node in violation["nodes"][:3]]
        problems.append(f"{page.url}: {violation['id']} ({violation['impact']}) at {targets}")
    return problems


def played_party(host) -> Party:
    """Nine players; round 1 played and closed, round 2 drawn."""
    party = services.party_create(
        owner=host,
        name="Friday Pedro",
        date=datetime.date(2026, 5, 8),
        venue="Parish hall",
        prizes=["Wine", "Chocolates"],
    )
    for name in PLAYERS:
        services.player_register(party=party, name=name, user=host)
    rnd = services.round1_seat_draw(party=party, seed=17, user=host)
    rs = services.party_ruleset(party)
    rng = random.Random(5)
    with services.results_entry(round=rnd, user=host) as enter:
        for table in (1, 2):
            for deal in range(1, party.deals_per_round + 1):
                enter(
                    table=table,
                    deal=deal,
                    bidder=rng.randrange(4),
                    bid=rng.randrange(rs.min_bid, rs.max_bid + 1),
                    bidding_team_points=rng.randrange(rs.total_points + 1),
                )
    services.round_close(round=Round.objects.get(pk=rnd.pk), user=host)
    party.refresh_from_db()
    return party


def online_table(phase: str) -> OnlineTable:
    """Four people at one deal, played with each seat's first legal move until
    the deal reaches ``phase`` ("bid", "play" or "done")."""
    table = play.table_create(seats=[SeatSpec(name, "human") for name in PEOPLE], deals=1)
    for _ in range(200):
        table.refresh_from_db()
        state = play.deal_state(play.table_ruleset(table), table.current)
        if state.phase == phase:
            return table
        seat = table.seats.get(seat=state.to_act)
        play.table_act(token=seat.token, action=state.legal_actions()[0], version=table.version)
    raise AssertionError(f"the deal never reached {phase!r}")


def test_every_page_has_no_serious_accessibility_problem(page, host, live_server, traffic):
    party = played_party(host)
    fresh = services.party_create(owner=host, name="Next week", date=datetime.date(2026, 5, 15))
    for name in PLAYERS[:4]:
        services.player_register(party=fresh, name=name, user=host)
    bidding, playing, finished = online_table("bid"), online_table("play"), online_table("done")
    slug, token = party.slug, party.public_token

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
        f"/host/{slug}/round/1/table/1/deal/1/amend/",
        f"/host/{slug}/round/1/moves/",
        f"/host/{slug}/round/2/override/",
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
