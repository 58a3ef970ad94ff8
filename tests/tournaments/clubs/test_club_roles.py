"""Who reaches which page: every route of the ``host:``, ``club:``,
``invite:``, ``account:`` and ``owner:`` namespaces, for every kind of visitor.

The routes are read from the URL resolver, so a route added without a line
in :data:`RULES` fails :func:`test_every_route_has_a_rule`.  For each route
and each visitor (anonymous, a stranger, the club's door helper, scorer and
organiser, the party's owner), each method the route takes gives the
expected answer: allowed, sign-in, 404 (nothing to see) or 403 (a helper
whose role does not reach the page), and a refused request changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import quote

import pytest
from django.contrib.auth import get_user_model
from django.db import transaction
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from tests.rows import WriteWatch
from tests.tournaments.builders import CLUB_ROLES, VISITORS, club_cast, snapshot
from tournaments import services
from tournaments.accounts import services as account_services
from tournaments.clubs.services import clubs as club_services
from tournaments.clubs.services import seasons as season_services
from tournaments.game.roles import Can, grants
from tournaments.models import (
    Club,
    ClubRole,
    Document,
    Invitation,
    Member,
    Party,
    PasswordResetLink,
    Player,
    Role,
    Season,
    SignupLink,
    Upload,
)

pytestmark = pytest.mark.django_db

NAMESPACES = ("host", "club", "invite", "account", "owner")

# What a route asks for: a signed-in user, a capability at the party
# ("party:any" is any capability at all), or a role in the club.
USER = "user"
P_ORGANISE, P_SCORE, P_DOOR, P_ANY = "party:organise", "party:score", "party:door", "party:any"
C_ORGANISE, C_ANY = "club:organise", "club:any"
# Anyone holding the link, signed in or not (the invitation makes the account).
LINK = "link"
# The user who uploaded the file (the party's owner, here).
UPLOADER = "uploader"
# The site's owners (superusers); none of the visitors below is one.
SITE_OWNER = "site-owner"
# Open sign-up: no such page while HOST_SIGNUP_OPEN is off, as by default.
SIGNUP_OPEN = "signup-open"


@dataclass(frozen=True)
class Rule:
    need: str
    methods: tuple[str, ...]


GET, POST, BOTH = ("GET",), ("POST",), ("GET", "POST")

#: One line per route: what it needs and the methods it takes.
RULES: dict[str, Rule] = {
    "host:party_list": Rule(USER, GET),
    "host:party_create": Rule(USER, BOTH),
    "host:party_upload": Rule(USER, BOTH),
    "host:upload": Rule(UPLOADER, GET),
    "host:player_suggest": Rule(USER, GET),
    "host:dashboard": Rule(P_ANY, GET),
    "host:players": Rule(P_DOOR, BOTH),
    "host:player_depart": Rule(P_DOOR, POST),
    "host:player_relink": Rule(P_DOOR, POST),
    "host:roster_copy": Rule(P_DOOR, POST),
    "host:seat": Rule(P_ORGANISE, BOTH),
    "host:audit": Rule(P_SCORE, GET),
    "host:party_file": Rule(P_ORGANISE, GET),
    "host:party_delete": Rule(P_ORGANISE, BOTH),
    "host:finish": Rule(P_ORGANISE, POST),
    "host:prizes": Rule(P_ORGANISE, BOTH),
    "host:prize_unpick": Rule(P_ORGANISE, POST),
    "host:share": Rule(P_ORGANISE, GET),
    "host:share_set": Rule(P_ORGANISE, POST),
    "host:share_wifi": Rule(P_ORGANISE, POST),
    "host:share_language": Rule(P_ORGANISE, POST),
    "host:round": Rule(P_SCORE, GET),
    "host:round_close": Rule(P_SCORE, POST),
    "host:moves": Rule(P_SCORE, GET),
    "host:override": Rule(P_ORGANISE, BOTH),
    "host:reseat": Rule(P_ORGANISE, POST),
    "host:table_codes": Rule(P_SCORE, GET),
    "host:tableside_set": Rule(P_ORGANISE, POST),
    "host:round_clock_start": Rule(P_SCORE, POST),
    "host:round_clock_stop": Rule(P_SCORE, POST),
    "host:round_time": Rule(P_SCORE, POST),
    "host:round_time_undo": Rule(P_SCORE, POST),
    "host:table": Rule(P_SCORE, BOTH),
    "host:table_tally": Rule(P_SCORE, BOTH),
    "host:table_time": Rule(P_SCORE, BOTH),
    "host:table_time_undo": Rule(P_SCORE, POST),
    "host:table_cut": Rule(P_SCORE, POST),
    "host:deal_amend": Rule(P_SCORE, BOTH),
    "host:entry_confirm": Rule(P_SCORE, POST),
    "host:documents": Rule(P_ORGANISE, BOTH),
    "host:document_again": Rule(P_ORGANISE, POST),
    "host:document_download": Rule(P_ORGANISE, GET),
    "host:certificate_preview": Rule(P_ORGANISE, GET),
    "host:api_tokens": Rule(USER, BOTH),
    "host:export_standings": Rule(P_ORGANISE, GET),
    "host:export_results": Rule(P_ORGANISE, GET),
    "club:list": Rule(USER, GET),
    "club:create": Rule(USER, BOTH),
    "club:detail": Rule(C_ANY, GET),
    "club:invite": Rule(C_ORGANISE, BOTH),
    "club:invitation": Rule(C_ORGANISE, GET),
    "club:invitation_withdraw": Rule(C_ORGANISE, POST),
    "club:role_remove": Rule(C_ORGANISE, POST),
    "club:ratings": Rule(C_ORGANISE, POST),
    "club:club_upload": Rule(USER, BOTH),
    "club:members": Rule(C_ORGANISE, GET),
    "club:member_rename": Rule(C_ORGANISE, BOTH),
    "club:member_merge": Rule(C_ORGANISE, BOTH),
    "club:member": Rule(C_ORGANISE, GET),
    "club:club_file": Rule(C_ORGANISE, GET),
    "club:season_create": Rule(C_ORGANISE, BOTH),
    "club:season": Rule(C_ORGANISE, GET),
    "club:season_best_of": Rule(C_ORGANISE, POST),
    "club:season_party_add": Rule(C_ORGANISE, POST),
    "club:season_party_remove": Rule(C_ORGANISE, POST),
    "club:season_public": Rule(C_ORGANISE, POST),
    "club:season_export": Rule(C_ORGANISE, GET),
    "invite:accept": Rule(LINK, BOTH),
    "account:signup": Rule(SIGNUP_OPEN, BOTH),
    "account:signup_link": Rule(LINK, BOTH),
    "account:password": Rule(LINK, BOTH),
    "owner:accounts": Rule(SITE_OWNER, BOTH),
    "owner:signup_withdraw": Rule(SITE_OWNER, POST),
    "owner:password_withdraw": Rule(SITE_OWNER, POST),
}


def _walk(patterns, namespace: str | None = None):
    for entry in patterns:
        if isinstance(entry, URLResolver):
            yield from _walk(entry.url_patterns, entry.namespace or namespace)
        elif isinstance(entry, URLPattern) and namespace in NAMESPACES:
            yield f"{namespace}:{entry.name}", entry


ROUTES: dict[str, URLPattern] = dict(_walk(get_resolver().url_patterns))


def party_capabilities_of(who: str) -> frozenset[Can]:
    if who == "owner":
        return frozenset(Can)
    return grants(CLUB_ROLES.get(who))


def expected(rule: Rule, who: str) -> str:
    """ "ok", "login", "404" or "403"."""
    if rule.need == LINK:
        return "ok"
    if rule.need == SIGNUP_OPEN:
        return "404"
    if who == "anonymous":
        return "login"
    if rule.need == USER:
        return "ok"
    if rule.need == UPLOADER:
        return "ok" if who == "owner" else "404"
    if rule.need == SITE_OWNER:
        return "403"
    kind, need = rule.need.split(":")
    have = party_capabilities_of(who) if kind == "party" else grants(CLUB_ROLES.get(who))
    if not have:
        return "404"
    if need == "any" or Can(need) in have:
        return "ok"
    return "403"


def test_every_route_has_a_rule():
    assert {"host:dashboard", "club:detail", "invite:accept"} <= set(ROUTES)
    assert set(ROUTES) - set(RULES) == set(), "a new route needs a line in RULES"
    assert set(RULES) - set(ROUTES) == set(), "RULES names a route that is gone"


def test_the_rules_follow_the_roles_table():
    """The table's expectations themselves: a door helper reaches only the
    players and the dashboard; a scorer never seats, sets prizes or deletes."""
    door = {name for name, rule in RULES.items() if expected(rule, "door") == "ok"}
    assert {n for n in door if n.startswith("host:") and RULES[n].need != USER} == {
        "host:dashboard",
        "host:players",
        "host:player_depart",
        "host:player_relink",
        "host:roster_copy",
    }
    scorer = {name for name, rule in RULES.items() if expected(rule, "scorer") == "ok"}
    for name in ("host:seat", "host:override", "host:reseat", "host:prizes", "host:finish"):
        assert name not in scorer
    assert "host:party_delete" not in scorer and "host:deal_amend" in scorer
    # Only a link's page is open to a visitor who is not signed in.
    anonymous = {name for name, rule in RULES.items() if expected(rule, "anonymous") == "ok"}
    assert anonymous == {"invite:accept", "account:signup_link", "account:password"}
    # Nobody but the site's owners hands out account links.
    for who in VISITORS:
        assert expected(RULES["owner:accounts"], who) in ("login", "403")


@dataclass
class World:
    party: Party
    club: Club
    users: dict
    player: Player
    invitation: Invitation
    document: Document
    member: Member
    other_member: Member
    season: Season
    upload: Upload
    signup: tuple[SignupLink, str]
    reset: tuple[PasswordResetLink, str]

    def url(self, name: str) -> str:
        known = {
            "slug": self.party.slug,
            "number": 1,
            "table": 1,
            "deal": 1,
            "player_id": self.player.pk,
            "document_id": self.document.pk,
            "club": self.club.slug,
            "invitation_id": self.invitation.pk,
            "role_id": ClubRole.objects.get(club=self.club, user=self.users["door"]).pk,
            "token": self.invitation.token,
            "member": self.member.pk,
            "season": self.season.pk,
            "party": self.party.slug,
            "upload_id": self.upload.pk,
        }
        if name.startswith("account:") or name.startswith("owner:"):
            link, token = self.reset if "password" in name else self.signup
            known.update(token=token, link_id=link.pk)
        kwargs = {arg: known[arg] for arg in ROUTES[name].pattern.converters}
        return reverse(name, kwargs=kwargs)


@pytest.fixture(scope="module")
def shared_world(shared_rows) -> World:
    """A party of a club, seated, with deal 1 of table 1 entered; the club's
    door helper, scorer and a second organiser; a stranger; an unused
    invitation.  Made once for the module (each test's changes are rolled back)."""
    with shared_rows.unblock():
        return _world_build()


def _world_build() -> World:
    users, club, party = club_cast(players=7)
    host = users["owner"]
    player = services.player_register(party=party, name="Zebulon Quaife", user=host)
    rnd = services.round1_seat_draw(party=party, seed=7, user=host)
    rs = services.party_ruleset(party)
    services.result_record(
        round=rnd,
        table=1,
        deal=1,
        entry=services.DealEntry(bidder=0, bid=rs.min_bid, bidding_team_points=rs.total_points),
        user=host,
    )
    invitation = club_services.invitation_create(club=club, role=Role.DOOR, user=users["organiser"])
    document = Document.objects.create(
        party=party,
        kind=Document.Kind.SCORE_SHEETS,
        options={},
        options_key="x",
        party_version=1,
        status=Document.Status.READY,
        content=b"%PDF-",
        filename="sheets.pdf",
    )
    member = Member.objects.get(club=club, name="Zebulon Quaife")  # registered as one
    other_member = Member.objects.create(club=club, name="Zeb Quaife")
    season = season_services.season_create(
        club=club, name="Winter", best_of=None, user=users["organiser"]
    )
    season_services.season_party_add(season=season, party=party, user=users["organiser"])
    party.refresh_from_db()
    upload = Upload.objects.create(kind=Upload.Kind.PARTY, user=host, content=b"{}")
    site_owner = get_user_model().objects.create_superuser(username="site", password="pw-site-1")
    signup = account_services.signup_link_create(user=site_owner, note="A new host")
    reset = account_services.password_reset_link_create(user=site_owner, username="door")
    links = (signup, reset)
    return World(
        party,
        club,
        users,
        player,
        invitation,
        document,
        member,
        other_member,
        season,
        upload,
        *links,
    )


def payload(world: World) -> dict:
    """One POST body that would change something on most routes (a result
    for deal 2, an amendment, a registration, a new party or club, a role)."""
    party = world.party
    rs = services.party_ruleset(party)
    return {
        "name": "Intruder",
        "date": "2026-05-01",
        "ruleset": party.ruleset,
        "movement": "up_down",
        "deals_per_round": "4",
        "sitout_credit": "average",
        "planned_rounds": "3",
        "deal": "2",
        "bidder": "1",
        "bid": str(rs.min_bid),
        "bidding_team_points": str(rs.total_points),
        "form_token": "intruder",
        "reason": "I was never here",
        "version": "1",
        "team": "0",
        "mode": "draw",
        "seed": "5",
        "wifi_name": "Intruder Wi-Fi",
        "role": Role.ORGANISER,
        "member": str(world.member.pk),
        "keep": str(world.member.pk),
        "other": str(world.other_member.pk),
        "open": "0",
        "on": "1",
    }


def client_for(world: World, who: str) -> Client:
    client = Client()
    if who != "anonymous":
        client.force_login(world.users[who])
    return client


def answer(response, url: str) -> str:
    login = f"{reverse('login')}?next={quote(url)}"
    if response.status_code == 302 and response["Location"] == login:
        return "login"
    if response.status_code in (403, 404):
        return str(response.status_code)
    assert response.status_code < 500
    return "ok"


@pytest.mark.parametrize("name", RULES)
def test_each_visitor_gets_the_expected_answer(name, world):
    """Every visitor in turn, each on the same world: what one visitor's
    requests change is rolled back before the next."""
    rule = RULES[name]
    url = world.url(name)
    before = snapshot()
    for who in VISITORS:
        with transaction.atomic():
            visit(world, rule, url, who, before)
            transaction.set_rollback(True)


def visit(world: World, rule: Rule, url: str, who: str, before: dict) -> None:
    """``who``'s requests to ``url``, on the world as ``before`` shows it."""
    client = client_for(world, who)
    want = expected(rule, who)
    for method in rule.methods:
        body = payload(world) if method == "POST" else None
        with WriteWatch() as sent:
            response = getattr(client, method.lower())(url, body)
        assert answer(response, url) == want, (who, method, response.status_code)
        if want != "ok" and sent.wrote:  # else nothing changed
            assert snapshot() == before, (who, method)
        if want == "403":
            assert "Only the" in response.content.decode(), (who, method)
    if who == "organiser":
        # The table's methods are the route's: any other is refused as such.
        for method in {"GET", "POST"} - set(rule.methods):
            response = getattr(client_for(world, who), method.lower())(url)
            assert response.status_code == 405, (who, method)


def test_a_refused_helper_post_would_have_changed_something(world):
    """The control for the test above: what the door helper may not post,
    the scorer may, and it does change the party."""
    url = world.url("host:table")
    before = snapshot()
    assert client_for(world, "door").post(url, payload(world)).status_code == 403
    assert snapshot() == before
    assert client_for(world, "scorer").post(url, payload(world)).status_code == 302
    assert snapshot() != before
