"""Every action on a party, by every kind of visitor, through every route and
form field that reaches it.

:data:`tournaments.game.roles.ACTIONS` names what each action needs.  For each
way to trigger an action (a route and the body posted to it: hidden fields
such as ``finish``, ``undo`` or ``confirm`` switch a route to another
action) and each visitor, the answer is the one the table gives:

* allowed: the action happened, and the redirect lands on a page the
  visitor may see (followed to a 200 that is not the "Not allowed" page);
* refused: 403 (a helper of the party's club whose role does not reach
  it), 404 (a stranger) or the sign-in page (anonymous), and no row of the
  database changed.

The club's own actions (its invitations, roles, members and seasons: its
organisers') and what any signed-in user makes for themselves (a party, a
club, an API token) are tried the same way, landing pages included.

One party is built per way; each visitor's attempt runs in a savepoint that
is rolled back, so every visitor meets the same party.
"""

from __future__ import annotations

import inspect
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from urllib.parse import quote

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.test import Client
from django.urls import reverse

from scoring.models import OnlineSeat
from scoring.services import party_table_create
from tests.rows import WriteWatch
from tournaments import printing, selectors, services
from tournaments.clubs.services import clubs as club_services
from tournaments.clubs.services import seasons as season_services
from tournaments.clubs.services.access import party_action
from tournaments.game.roles import ACTIONS, CLOSED_ROUND_NEEDS, Can, grants
from tournaments.game.standings import table_round_winner
from tournaments.models import (
    ApiToken,
    AuditEntry,
    Club,
    ClubRole,
    DealResult,
    Document,
    Invitation,
    Member,
    Party,
    Player,
    PrizeAward,
    Role,
    Round,
    Season,
    TableEntry,
    TableRound,
)
from tournaments.tableside import services as tableside_services

from .builders import CLUB_ROLES, VISITORS, club_cast, make_party, play_round, snapshot

pytestmark = pytest.mark.django_db


def capabilities(who: str) -> frozenset[Can]:
    return frozenset(Can) if who == "owner" else grants(CLUB_ROLES.get(who))


@dataclass
class World:
    party: Party
    users: dict
    club: object
    #: What an ``arrange`` made, for its ``done`` to find.
    extra: dict = field(default_factory=dict)

    @property
    def host(self):
        return self.users["owner"]

    def round(self, number: int = 1) -> Round:
        return Round.objects.get(party=self.party, number=number)

    def url(self, name: str, *args) -> str:
        return reverse(name, args=[self.party.slug, *args])


@pytest.fixture(scope="module")
def shared_world(shared_rows) -> World:
    """A club's party of 8, owned by "hostess", round 1 seated, nothing
    entered: made once for the module (each test's changes are rolled back)."""
    with shared_rows.unblock():
        users, club, party = club_cast(players=8)
        host = users["owner"]
        services.round1_seat_draw(party=party, seed=7, user=host)
        party.refresh_from_db()
    return World(party, users, club)


# --------------------------------------------------------------------- set-ups


def enter(world: World, rnd: Round, table: int, deal: int, bidder: int) -> DealResult:
    rs = services.party_ruleset(world.party)
    return services.result_record(
        round=rnd,
        table=table,
        deal=deal,
        entry=services.DealEntry(
            bidder=bidder, bid=rs.min_bid, bidding_team_points=rs.total_points
        ),
        user=world.host,
    )


def play_and_cut(world: World, rnd: Round) -> None:
    """Every deal of ``rnd`` entered, every tie cut: ready to close."""
    play_round(world.party, rnd, world.host, random.Random(3))
    for line in selectors.round_board(world.party, rnd.number).tables:
        if table_round_winner([d.score for d in line.deals]) is None:
            services.table_record_cut(round=rnd, table=line.number, team=0, user=world.host)


def tie_table_one(world: World, rnd: Round) -> None:
    """Table 1 of ``rnd`` tied on every deal: each team takes half the points."""
    rs = services.party_ruleset(world.party)
    for deal in range(1, world.party.deals_per_round + 1):
        services.result_record(
            round=rnd,
            table=1,
            deal=deal,
            entry=services.DealEntry(
                bidder=0, bid=rs.min_bid, bidding_team_points=rs.total_points // 2
            ),
            user=world.host,
        )
    line = selectors.round_board(world.party, rnd.number).tables[0]
    assert table_round_winner([d.score for d in line.deals]) is None


def close_round_one(world: World) -> Round:
    """Round 1 played and closed; round 2 seated with no deals.  Returns round 2."""
    rnd = world.round(1)
    play_and_cut(world, rnd)
    return services.round_close(round=rnd, user=world.host)


def finish(world: World) -> None:
    close_round_one(world)
    services.party_finish(party=world.party, user=world.host)


def seating_body(party: Party, number: int) -> dict:
    """The round's seating as the override form posts it, two players swapped."""
    seats = list(
        Round.objects.get(party=party, number=number)
        .seats.order_by("table", "seat")
        .values_list("player_id", flat=True)
    )
    seats[0], seats[5] = seats[5], seats[0]
    return {f"t{i // 4 + 1}s{i % 4}": str(pid) for i, pid in enumerate(seats)}


def entry_body(world: World, deal: int, prefix: str = "") -> dict:
    rs = services.party_ruleset(world.party)
    body = {"bidder": "0", "bid": str(rs.min_bid), "bidding_team_points": str(rs.total_points)}
    if prefix:
        return {f"{prefix}-{key}": value for key, value in body.items()}
    return {"deal": str(deal), **body}


def a_new_party(world: World, *, previous: bool = False) -> Party:
    """Another party of the club, owned by the host, not seated (empty when
    it is to copy ``previous``: the world's party is then the club's last)."""
    party = make_party(world.host, players=0 if previous else 8)
    Party.objects.filter(pk=party.pk).update(club=world.club, date="2026-05-16")
    party.refresh_from_db()
    return party


# --------------------------------------------------------------------- the ways


@dataclass
class Way:
    """One way to trigger ``action``: ``arrange`` readies the party (as its
    owner) and returns the URL and the body to post; ``done`` says whether
    the action happened.  ``closed``: the action changes a closed round."""

    action: str | None
    arrange: Callable[[World], tuple[str, dict]]
    done: Callable[[World], bool]
    closed: bool = False
    headers: dict = field(default_factory=dict)
    page_need: Can | None = None  # a route that only shows something (no action)
    club: bool = False  # an action on the club: its organisers'
    anyone: bool = False  # any signed-in user's (their own party, club or token)

    def need(self) -> Can:
        if self.action is None:
            return self.page_need
        if self.closed:
            return CLOSED_ROUND_NEEDS
        return ACTIONS[self.action]


def audited(action: str) -> Callable[[World], bool]:
    return lambda world: AuditEntry.objects.filter(party=world.party, action=action).exists()


def _relink(world: World) -> tuple[str, dict]:
    player = services.player_register(party=world.party, name="Jon Smyth", user=world.host)
    member = Member.objects.create(club=world.club, name="John Smith")
    world.extra = {"player": player.pk, "member": member.pk}
    return world.url("host:player_relink", player.pk), {"member": str(member.pk)}


def _relinked(world: World) -> bool:
    return Player.objects.get(pk=world.extra["player"]).member_id == world.extra["member"]


def _depart(world: World) -> tuple[str, dict]:
    player = world.party.players.order_by("order").first()
    return world.url("host:player_depart", player.pk), {}


def _rejoin(world: World) -> tuple[str, dict]:
    player = world.party.players.order_by("order").first()
    services.player_depart(party=world.party, player=player, user=world.host)
    return world.url("host:player_depart", player.pk), {"undo": "1"}


def _roster_copy(world: World) -> tuple[str, dict]:
    world.party = a_new_party(world, previous=True)
    return world.url("host:roster_copy"), {}


def _seat(mode: str) -> Callable[[World], tuple[str, dict]]:
    def arrange(world: World) -> tuple[str, dict]:
        world.party = a_new_party(world)
        if mode == "draw":
            return world.url("host:seat"), {"mode": "draw", "seed": "5"}
        if mode == "rated":
            return world.url("host:seat"), {"mode": "draw", "seed": "5", "by_rating": "on"}
        ids = list(world.party.players.order_by("order").values_list("pk", flat=True))
        body = {f"t{i // 4 + 1}s{i % 4}": str(pid) for i, pid in enumerate(ids)}
        return world.url("host:seat"), {"mode": "manual", **body}

    return arrange


def _override(world: World) -> tuple[str, dict]:
    return world.url("host:override", 1), seating_body(world.party, 1)


def _reseat(world: World) -> tuple[str, dict]:
    close_round_one(world)
    return world.url("host:reseat", 2), {}


def _table(world: World) -> tuple[str, dict]:
    return world.url("host:table", 1, 1), entry_body(world, 1)


def _tally(world: World) -> tuple[str, dict]:
    body = {}
    for deal in range(1, world.party.deals_per_round + 1):
        body.update(entry_body(world, deal, prefix=f"deal{deal}"))
    return world.url("host:table_tally", 1, 1), body


def _amend(closed: bool) -> Callable[[World], tuple[str, dict]]:
    def arrange(world: World) -> tuple[str, dict]:
        if closed:
            close_round_one(world)
        else:
            enter(world, world.round(1), 1, 1, bidder=0)
        result = DealResult.objects.get(round=world.round(1), table=1, deal=1, is_current=True)
        body = {
            "bidder": str(result.bidder),
            "bid": str(result.bid),
            "bidding_team_points": "0",
            "reason": "Misread the tally",
            "version": str(result.version),
        }
        return world.url("host:deal_amend", 1, 1, 1), body

    return arrange


def _cut(closed: bool) -> Callable[[World], tuple[str, dict]]:
    def arrange(world: World) -> tuple[str, dict]:
        rnd = world.round(1)
        tie_table_one(world, rnd)
        if closed:
            services.table_record_cut(round=rnd, table=1, team=0, user=world.host)
            for table in range(2, len(rnd.tables.all()) + 1):
                for deal in range(1, world.party.deals_per_round + 1):
                    enter(world, rnd, table, deal, bidder=0)
            services.round_close(round=rnd, user=world.host)
            return world.url("host:table_cut", 1, 1), {"team": "1"}
        return world.url("host:table_cut", 1, 1), {"team": "0"}

    return arrange


def _cut_done(world: World) -> bool:
    outcome = TableRound.objects.get(round=world.round(1), table=1)
    return outcome.cut_winner is not None and audited("table_record_cut")(world)


def _cut_changed(world: World) -> bool:
    return TableRound.objects.get(round=world.round(1), table=1).cut_winner == 1


def _one_deal_each(world: World) -> None:
    rnd = world.round(1)
    for table in range(1, rnd.tables.count() + 1):
        enter(world, rnd, table, 1, bidder=0)


def _table_time(world: World) -> tuple[str, dict]:
    enter(world, world.round(1), 1, 1, bidder=0)
    return world.url("host:table_time", 1, 1), {"confirm": "on"}


def _table_time_undo(world: World) -> tuple[str, dict]:
    enter(world, world.round(1), 1, 1, bidder=0)
    services.table_call_time(round=world.round(1), table=1, user=world.host)
    return world.url("host:table_time_undo", 1, 1), {}


def _round_time(world: World) -> tuple[str, dict]:
    _one_deal_each(world)
    return world.url("host:round_time", 1), {"confirm": "on"}


def _round_time_undo(world: World) -> tuple[str, dict]:
    _one_deal_each(world)
    services.round_call_time(round=world.round(1), user=world.host)
    return world.url("host:round_time_undo", 1), {}


def _clock_stop(world: World) -> tuple[str, dict]:
    services.round_clock_start(round=world.round(1), user=world.host)
    return world.url("host:round_clock_stop", 1), {}


def _close(finishing: bool) -> Callable[[World], tuple[str, dict]]:
    def arrange(world: World) -> tuple[str, dict]:
        play_and_cut(world, world.round(1))
        return world.url("host:round_close", 1), {"finish": "1"} if finishing else {}

    return arrange


def _finished(world: World) -> bool:
    return Party.objects.get(pk=world.party.pk).status == Party.Status.FINISHED


def _finish(world: World) -> tuple[str, dict]:
    close_round_one(world)
    return world.url("host:finish"), {}


def _pick(confirm: bool) -> Callable[[World], tuple[str, dict]]:
    def arrange(world: World) -> tuple[str, dict]:
        finish(world)
        turn = selectors.prize_turn(world.party)
        prize = world.party.prizes.filter(kind="place").order_by("position").first()
        body = {"prize": str(prize.pk), "player": str(turn.player)}
        return world.url("host:prizes"), {**body, "confirm": "yes"} if confirm else body

    return arrange


def _unpick(world: World) -> tuple[str, dict]:
    finish(world)
    turn = selectors.prize_turn(world.party)
    prize = world.party.prizes.filter(kind="place").order_by("position").first()
    award = services.prize_pick(
        party=world.party, player=Player.objects.get(pk=turn.player), prize=prize, user=world.host
    )
    return world.url("host:prize_unpick"), {"undo": str(award.pk)}


def _entry_confirm(world: World) -> tuple[str, dict]:
    tableside_services.party_tableside_set(party=world.party, on=True, user=world.host)
    rs = services.party_ruleset(world.party)
    tableside_services.table_entry_submit(
        table_round=TableRound.objects.get(round=world.round(1), table=1),
        deal=1,
        seat=0,
        bidder=0,
        bid=rs.min_bid,
        bidding_team_points=rs.total_points,
    )
    return world.url("host:entry_confirm", 1, 1, 1), {}


def _document(world: World) -> tuple[str, dict]:
    return world.url("host:documents"), {"kind": Document.Kind.MOVEMENT, "paper": "a4"}


def _document_again(world: World) -> tuple[str, dict]:
    document = printing.document_request(
        party=world.party, kind=Document.Kind.MOVEMENT, options={}, user=world.host
    )
    Document.objects.filter(pk=document.pk).update(status=Document.Status.FAILED)
    world.extra = {"document": document.pk}
    return world.url("host:document_again", document.pk), {}


def _documents_again_field(world: World) -> tuple[str, dict]:
    """The printables page's own form, asking for an earlier document again."""
    _url, body = _document_again(world)
    return world.url("host:documents"), {"again": str(world.extra["document"])}


def _documents_made(count: int) -> Callable[[World], bool]:
    return lambda world: Document.objects.filter(party=world.party).count() == count


def _document_queued(world: World) -> bool:
    return Document.objects.get(pk=world.extra["document"]).status == Document.Status.QUEUED


def _simple(name: str, *args, body: dict | None = None) -> Callable[[World], tuple[str, dict]]:
    return lambda world: (world.url(name, *args), dict(body or {}))


WAYS: dict[str, Way] = {
    # The door.
    "register": Way("player_register", _simple("host:players", body={"name": "Late Larry"}),
                    lambda w: w.party.players.filter(name="Late Larry").exists()),
    "depart": Way("player_depart", _depart, audited("player_depart")),
    "depart, undo=1": Way("player_rejoin", _rejoin, audited("player_rejoin")),
    "relink": Way("player_relink", _relink, _relinked),
    "roster copy": Way("roster_copy", _roster_copy, lambda w: w.party.players.count() == 8),
    # Seating.
    "seat, mode=draw": Way("round1_seat_draw", _seat("draw"), lambda w: w.party.rounds.exists()),
    "seat, by rating": Way("round1_seat_rated", _seat("rated"),
                           lambda w: w.party.rounds.filter(seating="rated").exists()),
    "seat, mode=manual": Way("round1_seat_manual", _seat("manual"),
                             lambda w: w.party.rounds.exists()),
    "override": Way("round_override_seating", _override, audited("round_seat_override")),
    "reseat": Way("round_reseat", _reseat, audited("round_reseat")),
    # Results.
    "table": Way("result_record", _table,
                 lambda w: DealResult.objects.filter(round__party=w.party).exists()),
    "table, queued (JSON)": Way(
        "result_record", _table,
        lambda w: DealResult.objects.filter(round__party=w.party).exists(),
        headers={"HTTP_ACCEPT": "application/json"},
    ),
    "tally": Way("table_results_enter", _tally,
                 lambda w: DealResult.objects.filter(round__party=w.party).count() == 4),
    "amend": Way("result_amend", _amend(closed=False), audited("result_amend")),
    "amend, closed round": Way("result_amend", _amend(closed=True), audited("result_amend"),
                               closed=True),
    "entry confirm": Way("table_entry_confirm", _entry_confirm,
                         lambda w: TableEntry.objects.filter(status="confirmed").exists()),
    # Time, clock, cut, close.
    "table time": Way("table_call_time", _table_time, audited("table_call_time")),
    "table time undo": Way("table_call_time_undo", _table_time_undo,
                           audited("table_call_time_undo")),
    "round time": Way("round_call_time", _round_time, audited("round_call_time")),
    "round time undo": Way("round_call_time_undo", _round_time_undo,
                           audited("round_call_time_undo")),
    "clock start": Way("round_clock_start", _simple("host:round_clock_start", 1),
                       lambda w: w.round(1).clock_ends_at is not None),
    "clock stop": Way("round_clock_stop", _clock_stop,
                      lambda w: w.round(1).clock_ends_at is None),
    "cut": Way("table_record_cut", _cut(closed=False), _cut_done),
    "cut, closed round": Way("table_record_cut", _cut(closed=True), _cut_changed, closed=True),
    "close": Way("round_close", _close(finishing=False), lambda w: w.party.rounds.count() == 2),
    "close, finish=1": Way("party_finish", _close(finishing=True), _finished),
    # The end.
    "finish": Way("party_finish", _finish, _finished),
    "prizes, a pick shown": Way(None, _pick(confirm=False), lambda w: True,
                                page_need=Can.ORGANISE),
    "prizes, confirm=yes": Way("prize_pick", _pick(confirm=True),
                               lambda w: PrizeAward.objects.filter(prize__kind="place").exists()),
    "prize unpick": Way("prize_unpick", _unpick, audited("prize_unpick")),
    # Settings, printables, deleting.
    "share set": Way("party_public_set", _simple("host:share_set", body={"open": "0"}),
                     audited("party_public_set")),
    "share wifi": Way("party_wifi_set",
                      _simple("host:share_wifi", body={"wifi_name": "Parish Hall"}),
                      audited("party_wifi_set")),
    "share language": Way("party_language_set",
                          _simple("host:share_language", body={"language": "es"}),
                          audited("party_language_set")),
    "tableside on": Way("party_tableside_set", _simple("host:tableside_set", 1, body={"on": "1"}),
                        audited("tableside_set")),
    "documents": Way("document_request", _document, _documents_made(1)),
    "document again": Way("document_again", _document_again, _document_queued),
    "documents, again=<id>": Way("document_request", _documents_again_field, _document_queued),
    "delete": Way("party_delete", _simple("host:party_delete"),
                  lambda w: not Party.objects.filter(pk=w.party.pk).exists()),
}  # fmt: skip


# --------------------------------------------------------------------- the club's


def _club_url(name: str, **kwargs) -> Callable[[World], str]:
    return lambda world: reverse(name, kwargs={"club": world.club.slug, **kwargs})


def _invitation(world: World) -> Invitation:
    return club_services.invitation_create(
        club=world.club, role=Role.DOOR, user=world.users["organiser"]
    )


def _withdraw(world: World) -> tuple[str, dict]:
    invitation = _invitation(world)
    world.extra = {"invitation": invitation.pk}
    url = reverse("club:invitation_withdraw", args=[world.club.slug, invitation.pk])
    return url, {}


def _role_remove(mine: bool) -> Callable[[World], tuple[str, dict]]:
    """The door helper's role, or the organiser's own (a second organiser
    keeps the club)."""

    def arrange(world: World) -> tuple[str, dict]:
        if mine:
            second = get_user_model().objects.create_user(username="second", password="pw-2nd-1")
            ClubRole.objects.create(club=world.club, user=second, role=Role.ORGANISER)
        who = world.users["organiser" if mine else "door"]
        role = ClubRole.objects.get(club=world.club, user=who)
        world.extra = {"role": role.pk}
        return reverse("club:role_remove", args=[world.club.slug, role.pk]), {}

    return arrange


def _members(world: World) -> tuple[Member, Member]:
    return (
        Member.objects.create(club=world.club, name="John Smith"),
        Member.objects.create(club=world.club, name="Jon Smith"),
    )


def _rename(world: World) -> tuple[str, dict]:
    john, _jon = _members(world)
    world.extra = {"member": john.pk}
    return reverse("club:member_rename", args=[world.club.slug]), {
        "member": str(john.pk),
        "name": "Johnny Smith",
    }


def _merge(world: World) -> tuple[str, dict]:
    john, jon = _members(world)
    world.extra = {"member": jon.pk}
    body = {"keep": str(john.pk), "other": str(jon.pk)}
    return reverse("club:member_merge", args=[world.club.slug]), body


def _season(world: World):
    return season_services.season_create(
        club=world.club, name="Winter", best_of=None, user=world.users["organiser"]
    )


def _season_way(name: str, body: Callable[[World], dict], in_season: bool = False):
    def arrange(world: World) -> tuple[str, dict]:
        season = _season(world)
        if in_season:
            season_services.season_party_add(
                season=season, party=world.party, user=world.users["organiser"]
            )
        world.extra = {"season": season.pk}
        args = [world.club.slug, season.pk] + ([world.party.slug] if in_season else [])
        return reverse(name, args=args), body(world)

    return arrange


def _season_field(name: str, value) -> Callable[[World], bool]:
    def done(world: World) -> bool:
        return getattr(Season.objects.get(club=world.club, name="Winter"), name) == value

    return done


def _party_in_season(world: World) -> bool:
    return Party.objects.get(pk=world.party.pk).season_id is not None


NEW_PARTY = {
    "name": "Intruder Night",
    "date": "2026-05-01",
    "ruleset": "monterey-draw",
    "movement": "up_down",
    "deals_per_round": "4",
    "sitout_credit": "average",
    "planned_rounds": "3",
}

#: What any signed-in user may do on their own: a party, a club, an API token.
OWN_WAYS: dict[str, Way] = {
    "party create": Way(None, lambda w: (reverse("host:party_create"), NEW_PARTY),
                        lambda w: Party.objects.filter(name="Intruder Night").exists(),
                        anyone=True),
    "club create": Way(None, lambda w: (reverse("club:create"), {"name": "Night Owls"}),
                       lambda w: Club.objects.filter(name="Night Owls").exists(), anyone=True),
    "api token": Way(None, lambda w: (reverse("host:api_tokens"), {"label": "Website"}),
                     lambda w: ApiToken.objects.filter(label="Website").exists(), anyone=True),
}  # fmt: skip

CLUB_WAYS: dict[str, Way] = {
    "invite": Way(None, lambda w: (_club_url("club:invite")(w), {"role": Role.SCORER}),
                  lambda w: Invitation.objects.filter(role=Role.SCORER).exists(),
                  page_need=Can.ORGANISE, club=True),
    "invitation withdraw": Way(None, _withdraw,
                               lambda w: Invitation.objects.get(pk=w.extra["invitation"]).withdrawn,
                               page_need=Can.ORGANISE, club=True),
    "role remove": Way(None, _role_remove(mine=False),
                       lambda w: not ClubRole.objects.filter(pk=w.extra["role"]).exists(),
                       page_need=Can.ORGANISE, club=True),
    "role remove, one's own": Way(
        None, _role_remove(mine=True),
        lambda w: not ClubRole.objects.filter(pk=w.extra["role"]).exists(),
        page_need=Can.ORGANISE, club=True),
    "member rename": Way(None, _rename,
                         lambda w: Member.objects.get(pk=w.extra["member"]).name == "Johnny Smith",
                         page_need=Can.ORGANISE, club=True),
    "member merge": Way(None, _merge,
                        lambda w: not Member.objects.filter(pk=w.extra["member"]).exists(),
                        page_need=Can.ORGANISE, club=True),
    "season create": Way(None, lambda w: (_club_url("club:season_create")(w), {"name": "Winter"}),
                         lambda w: Season.objects.filter(name="Winter").exists(),
                         page_need=Can.ORGANISE, club=True),
    "season best of": Way(None, _season_way("club:season_best_of", lambda w: {"best_of": "3"}),
                          _season_field("best_of", 3), page_need=Can.ORGANISE, club=True),
    "season public": Way(None, _season_way("club:season_public", lambda w: {"open": "0"}),
                         _season_field("public_open", False), page_need=Can.ORGANISE, club=True),
    "season party add": Way(
        None, _season_way("club:season_party_add", lambda w: {"party": w.party.slug}),
        _party_in_season, page_need=Can.ORGANISE, club=True),
    "season party remove": Way(
        None, _season_way("club:season_party_remove", lambda w: {}, in_season=True),
        lambda w: not _party_in_season(w), page_need=Can.ORGANISE, club=True),
}  # fmt: skip


def expected(way: Way, who: str) -> str:
    if who == "anonymous":
        return "login"
    if way.anyone:
        return "ok"
    have = grants(CLUB_ROLES.get(who)) if way.club else capabilities(who)
    if not have:
        return "404"
    return "ok" if way.need() in have else "403"


def attempt(world: World, way: Way, who: str) -> None:
    url, body = way.arrange(world)
    client = Client()
    if who != "anonymous":
        client.force_login(world.users[who])
    before = snapshot()
    with WriteWatch() as sent:
        response = client.post(url, body, **way.headers)
    want = expected(way, who)
    if want == "login":
        assert response.status_code == 302
        assert response["Location"] == f"{reverse('login')}?next={quote(url)}"
    elif want in ("403", "404"):
        assert response.status_code == int(want), response.status_code
        if want == "403":
            assert "Only the" in response.content.decode()
    if want != "ok":
        if sent.wrote:  # else nothing changed
            assert snapshot() == before, "a refused post changed something"
        if way.action is not None:
            assert not way.done(world)
        return
    assert response.status_code < 400, response.status_code
    assert way.done(world), "the action did not happen"
    if "json" in way.headers.get("HTTP_ACCEPT", ""):
        assert response.status_code == 201
        return
    landing = client.get(response["Location"], follow=True) if response.status_code == 302 else None
    final = landing if landing is not None else response
    assert final.status_code == 200, (response.get("Location"), final.status_code)
    assert "Not allowed" not in final.content.decode()


def each_visitor(world, ways: dict, way: str, *, fresh_party: bool = True) -> None:
    """``way`` tried by every visitor in turn, each on the same world: what
    one visitor changed is rolled back before the next (and the party read
    anew, when ``fresh_party``)."""
    party = world.party
    for who in VISITORS:
        if fresh_party:
            world.party, world.extra = Party.objects.get(pk=party.pk), {}
        with transaction.atomic():
            try:
                attempt(world, ways[way], who)
            except AssertionError as error:
                raise AssertionError(f"{way} as {who}: {error}") from error
            finally:
                transaction.set_rollback(True)


@pytest.mark.parametrize("way", WAYS, ids=str)
def test_every_visitor_meets_the_actions_own_rule(way, world):
    each_visitor(world, WAYS, way)


@pytest.mark.parametrize("way", CLUB_WAYS, ids=str)
def test_every_visitor_meets_the_clubs_rule(way, world):
    """The club's actions are its organisers'; each lands its organiser on a
    page they still see (one who took their own role away: their clubs)."""
    each_visitor(world, CLUB_WAYS, way)


@pytest.mark.parametrize("way", OWN_WAYS, ids=str)
def test_every_signed_in_visitor_lands_on_their_own_new_things(way, world):
    each_visitor(world, OWN_WAYS, way, fresh_party=False)


def test_every_action_is_tried():
    """A new action in the table needs a way in :data:`WAYS` (or a reason below)."""
    tried = {way.action for way in WAYS.values()}
    # Reached only by the site's own loaders and the admin, or tested below.
    elsewhere = {
        "party_load_record",
        "party_admin_change",
        "prizes_set",
        "results_entry",
        "party_table_create",
    }
    assert set(ACTIONS) - tried == elsewhere


def _services() -> dict[str, Callable]:
    """Every public service that acts for a user at a party (a ``user``
    and a ``party``, ``round`` or ``result``), by name."""
    found = {}
    for module in (services, tableside_services, printing):
        for name in dir(module):
            function = getattr(module, name)
            if name.startswith("_") or not inspect.isfunction(function):
                continue
            if not function.__module__.startswith(module.__name__):
                continue  # a helper the module imports (services.common.audit_log)
            parameters = inspect.signature(function).parameters
            if "user" in parameters and {"party", "round", "result"} & set(parameters):
                found[name] = function
    found["party_table_create"] = party_table_create
    # A season's parties are the club's business: its organisers' (services.seasons).
    return {name: f for name, f in found.items() if not name.startswith("season_")}


def test_every_party_service_checks_its_action():
    """Each service acting at a party has a line in ACTIONS and checks it:
    a new service cannot be reached unchecked."""
    found = _services()
    assert set(found) == set(ACTIONS)
    for name, function in found.items():
        assert getattr(function, "need", None) == ACTIONS[name], name


def test_a_check_refuses_before_the_service_runs(world):
    ran = []

    @party_action
    def round_close(*, round, user):
        ran.append(round)

    with pytest.raises(PermissionDenied, match="organisers and scorers"):
        round_close(round=world.round(1), user=world.users["door"])
    assert ran == []
    round_close(round=world.round(1), user=world.users["scorer"])
    round_close(round=world.round(1), user=None)  # the site itself: a table's phones
    assert len(ran) == 2


def test_a_scorer_cannot_put_a_table_online(world):
    """The online table's form offers only the organisers' parties; the
    service refuses anyone else whatever the form sent."""
    before = snapshot()
    with pytest.raises(PermissionDenied, match="party's organisers can do this"):
        party_table_create(
            round=world.round(1),
            table=1,
            kinds=[OnlineSeat.Kind.HUMAN] * 4,
            user=world.users["scorer"],
        )
    assert snapshot() == before


def test_the_finish_button_is_offered_only_to_those_who_may_finish(world):
    play_and_cut(world, world.round(1))
    url = world.url("host:round", 1)
    pages = {}
    for who in ("scorer", "organiser", "owner"):
        client = Client()
        client.force_login(world.users[who])
        pages[who] = client.get(url).content.decode()
    assert 'name="finish"' not in pages["scorer"]
    assert 'name="finish"' in pages["organiser"] and 'name="finish"' in pages["owner"]
    assert world.url("host:round_close", 1) in pages["scorer"]  # closing is theirs
