"""Who reaches the host's pages, endpoint by endpoint.

Every route of ``tournaments/urls.py`` is checked (the list is read from the
urlpatterns, so a route added without a guard fails here): anonymous visitors
are sent to the sign-in page, another host gets the same answer as for a
party that does not exist, co-hosts and staff see what the owner sees, and a
POST without the CSRF token is refused.  A refused request changes nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import quote

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import URLPattern, converters, reverse

from tests.rows import WriteWatch
from tournaments import services
from tournaments import urls as host_urls
from tournaments.models import DealResult, Party, Player, Upload

from .builders import deal_enter, make_host, make_party, snapshot

pytestmark = pytest.mark.django_db

ROUTES: dict[str, URLPattern] = {p.name: p for p in host_urls.urlpatterns}
PARTY_ROUTES = [name for name, p in ROUTES.items() if "slug" in p.pattern.converters]
USER_ROUTES = [name for name in ROUTES if name not in PARTY_ROUTES]

#: A player name that appears nowhere but in this party's pages.
MARKER = "Zebulon Quaife"

#: One POST body that would change something on every route that acts on it
#: (a result for deal 2, an amendment, a registration, a new party, ...), so a
#: request that slips past a guard shows up as a change.
PAYLOAD = {
    "name": "Intruder Party",
    "date": "2026-05-01",
    "ruleset": "monterey-draw",
    "movement": "up_down",
    "deals_per_round": "4",
    "sitout_credit": "average",
    "planned_rounds": "3",
    "shoot_set_penalty": "32",
    "deal": "2",
    "bidder": "1",
    "bid": "7",
    "bidding_team_points": "9",
    "form_token": "intruder",
    "reason": "I was never here",
    "version": "1",
    "team": "0",
    "mode": "draw",
    "seed": "5",
    "wifi_name": "Intruder Wi-Fi",
    "confirm": "on",
}


def test_every_route_is_named_and_classified():
    assert all(isinstance(p, URLPattern) and p.name for p in host_urls.urlpatterns), (
        "every host route needs a name (and, if it includes other routes, a test here)"
    )
    assert len(ROUTES) == len(host_urls.urlpatterns), "two host routes share a name"
    assert {"dashboard", "table", "deal_amend"} <= set(PARTY_ROUTES)


@dataclass
class World:
    party: Party
    owner: object
    cohost: object
    stranger: object
    staff: object
    player: Player

    def arguments(self, slug: str | None = None) -> dict:
        """Route arguments that point into this world's party."""
        return {
            "slug": slug or self.party.slug,
            "number": 1,
            "table": 1,
            "deal": 1,
            "player_id": self.player.pk,
        }

    def url(self, name: str, slug: str | None = None) -> str:
        known = self.arguments(slug)
        kwargs = {}
        for arg, converter in ROUTES[name].pattern.converters.items():
            if arg in known:
                kwargs[arg] = known[arg]
            else:  # an argument this test does not know: any value of its type
                kwargs[arg] = 1 if isinstance(converter, converters.IntConverter) else "x"
        return reverse(f"host:{name}", kwargs=kwargs)

    def knows_the_arguments_of(self, name: str) -> bool:
        return set(ROUTES[name].pattern.converters) <= set(self.arguments())


@pytest.fixture(scope="module")
def shared_world(shared_rows) -> World:
    """A seated party (round 1) with deal 1 of table 1 entered, made once
    for the module (each test's changes are rolled back)."""
    users = get_user_model().objects
    with shared_rows.unblock():
        host, other_host = make_host(), make_host("rival")
        party = make_party(host, players=7)
        player = services.player_register(party=party, name=MARKER, user=host)
        rnd = services.round1_seat_draw(party=party, seed=7, user=host)
        deal_enter(party, rnd, table=1, deal=1, host=host)
        cohost = users.create_user(username="cohost", password="pw-cards-99")
        party.cohosts.add(cohost)
        staff = users.create_user(username="staff", password="pw-cards-98", is_staff=True)
        party.refresh_from_db()
    return World(party, host, cohost, other_host, staff, player)


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def login_redirect(url: str) -> str:
    return f"{reverse('login')}?next={quote(url)}"


# --------------------------------------------------------------------- anonymous


@pytest.mark.parametrize("name", list(ROUTES))
def test_anonymous_is_sent_to_sign_in_and_changes_nothing(name, world):
    url = world.url(name)
    before = snapshot()
    with WriteWatch() as sent:
        answers = (Client().get(url), Client().post(url, PAYLOAD))
    for response in answers:
        assert response.status_code == 302, name
        assert response["Location"] == login_redirect(url)
    if sent.wrote:  # else nothing changed
        assert snapshot() == before


# --------------------------------------------------------------------- another host


@pytest.mark.parametrize("name", PARTY_ROUTES)
def test_another_host_cannot_tell_the_party_exists(name, world):
    client = signed_in(world.stranger)
    url, nowhere = world.url(name), world.url(name, slug="no-such-party")
    before = snapshot()
    with WriteWatch() as sent:
        got = client.get(url)
        posted = client.post(url, PAYLOAD)
    if sent.wrote:  # else nothing changed
        assert snapshot() == before
    # The same answer as for a party that does not exist: 404, or 405 where
    # the route does not take that method at all.
    assert got.status_code == client.get(nowhere).status_code
    assert posted.status_code == client.post(nowhere, PAYLOAD).status_code
    assert {got.status_code, posted.status_code} <= {404, 405}
    assert 404 in (got.status_code, posted.status_code)
    for response in (got, posted):
        page = response.content.decode()
        assert world.party.slug not in page and "Zebulon" not in page


@pytest.mark.parametrize("name", USER_ROUTES)
def test_pages_of_no_party_show_another_host_nothing_of_this_party(name, world):
    client = signed_in(world.stranger)
    url = world.url(name)
    if name == "upload":  # the stranger's own upload: the page they may see
        mine = Upload.objects.create(kind=Upload.Kind.PARTY, user=world.stranger, content=b"{}")
        url = reverse("host:upload", args=[mine.pk])
    response = client.get(url, {"q": ""})
    assert response.status_code == 200
    page = response.content.decode()
    assert world.party.slug not in page and "Zebulon" not in page
    before = {
        model: [row for row in rows if model != "Party" or row["id"] == world.party.pk]
        for model, rows in snapshot().items()
        if model in ("Party", "Player", "Round", "DealResult")
    }
    client.post(url, PAYLOAD)
    after = snapshot()
    assert [r for r in after["Party"] if r["id"] == world.party.pk] == before["Party"]
    assert [r for r in after["Player"] if r["party_id"] == world.party.pk] == before["Player"]
    assert after["DealResult"] == before["DealResult"]


# --------------------------------------------------------------------- co-hosts and staff


@pytest.mark.parametrize("name", list(ROUTES))
def test_cohost_and_staff_see_what_the_owner_sees(name, world):
    url = world.url(name)
    owner = signed_in(world.owner).get(url)
    # 200, or 405 for a POST-only route; the seating page of a seated party
    # sends the host on to the dashboard.  A route with an argument this test
    # cannot fill (an id of a row the world lacks) may not find its row.
    expected = (200, 405) if world.knows_the_arguments_of(name) else (200, 404, 405)
    assert owner.status_code in expected or (
        owner.status_code == 302 and owner["Location"] == world.url("dashboard")
    ), (name, owner.status_code)
    for user in (world.cohost, world.staff):
        response = signed_in(user).get(url)
        assert response.status_code == owner.status_code, (name, user.username)
        if response.status_code == 302:
            assert response["Location"] == owner["Location"]


def test_cohost_and_staff_get_200_on_the_party_pages(world):
    pages = ["dashboard", "players", "audit", "prizes", "round", "moves", "override", "table"]
    pages.append("deal_amend")
    for user in (world.cohost, world.staff):
        client = signed_in(user)
        for name in pages:
            response = client.get(world.url(name))
            assert response.status_code == 200, (name, user.username)
            assert world.party.name in response.content.decode()
        assert world.party.name in client.get(reverse("host:party_list")).content.decode()


@pytest.mark.parametrize("who", ["cohost", "staff"])
def test_cohost_and_staff_can_enter_a_result(who, world):
    user = getattr(world, who)
    response = signed_in(user).post(world.url("table"), PAYLOAD)
    assert response.status_code == 302
    assert response["Location"] == world.url("table")
    row = DealResult.objects.get(round__party=world.party, table=1, deal=2)
    assert row.entered_by == user


@pytest.mark.parametrize(
    "name", ["party_create", "players", "player_depart", "table", "table_time", "deal_amend"]
)
def test_the_payload_does_change_things_when_the_owner_posts_it(name, world):
    """The control for the tests above: the refused POSTs would have had an effect."""
    before = snapshot()
    response = signed_in(world.owner).post(world.url(name), PAYLOAD)
    assert response.status_code in (200, 302), name
    assert snapshot() != before


# --------------------------------------------------------------------- CSRF


@pytest.mark.parametrize("name", list(ROUTES))
def test_post_without_csrf_token_is_refused(name, world):
    client = Client(enforce_csrf_checks=True)
    client.force_login(world.owner)
    client.get(world.url("table"))  # the browser has its CSRF cookie, not the token
    before = snapshot()
    response = client.post(world.url(name), PAYLOAD)
    assert response.status_code == 403, name
    assert snapshot() == before


def test_post_with_csrf_token_from_the_form_is_accepted(world):
    client = Client(enforce_csrf_checks=True)
    client.force_login(world.owner)
    page = client.get(world.url("table")).content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    response = client.post(world.url("table"), {**PAYLOAD, "csrfmiddlewaretoken": token})
    assert response.status_code == 302
    assert DealResult.objects.filter(round__party=world.party, deal=2).exists()
