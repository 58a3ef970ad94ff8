"""Every change to a row a page shows moves that page's version, whichever
path makes it: the Django admin (a real POST of its change form), a bare
``save()``, a queryset's ``update()``, ``bulk_update()``, ``bulk_create()``
or ``delete()``.  The page's ETag changes at once and the new value shows.

One club night, counted in a season, of nine members: round 1 played and
closed (one member sat out), round 2 seated and not begun, a prize awarded.
The pages are the players' page (its standings fragment and a player's
seat), the public season page and the member's own page.
"""

from __future__ import annotations

import datetime
import html
import random
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from django.db import transaction
from django.db.models import F
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tournaments import selectors, services
from tournaments.clubs.selectors import seasons as season_selectors
from tournaments.clubs.services import members as member_services
from tournaments.clubs.services import seasons as season_services
from tournaments.game.standings import table_round_winner
from tournaments.models import (
    Club,
    DealResult,
    Member,
    Party,
    Player,
    Prize,
    PrizeAward,
    Round,
    Season,
    Seat,
    SitOut,
    TableEntry,
    TableRound,
)
from tournaments.selectors import public as public_selectors

from .admin_forms import admin_form
from .builders import make_club, make_club_party, play_round

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}
NAMES = ["Ana", "Bea", "Cruz", "Dee", "Élodie", "Fay", "Gus", "Hal", "Ivo"]


@pytest.fixture(autouse=True)
def fresh_memos():
    public_selectors.forget_local()
    season_selectors.forget_local()


@dataclass
class Night:
    club: Club
    season: Season
    party: Party
    first: Round
    second: Round
    award: PrizeAward

    def fresh(self, model, pk):
        return model.objects.get(pk=pk)

    def seated(self, rnd: Round, table: int, seat: int) -> Player:
        return Seat.objects.get(round=rnd, table=table, seat=seat).player

    def out(self, rnd: Round) -> Player:
        return SitOut.objects.get(round=rnd).player


@pytest.fixture
def night(host, django_capture_on_commit_callbacks) -> Night:
    club = make_club(host)
    with django_capture_on_commit_callbacks(execute=True):
        season = season_services.season_create(club=club, name="Autumn", best_of=None, user=host)
        party = make_club_party(
            host, club, NAMES, date=datetime.date(2026, 9, 12), prizes=["Wine", "Port"]
        )
        season_services.season_party_add(season=season, party=party, user=host)
        first = services.round1_seat_draw(party=party, seed=4, user=host)
        play_round(party, first, host, random.Random(4))
        for line in selectors.round_board(party, 1).tables:
            if table_round_winner([d.score for d in line.deals]) is None:
                services.table_record_cut(round=first, table=line.number, team=0, user=host)
        second = services.round_close(round=first, user=host, seat_next=True)
        wine = Prize.objects.get(party=party, name="Wine")
        award = PrizeAward.objects.create(prize=wine, player=party.players.first(), rank=1, score=0)
    assert SitOut.objects.filter(round=second).count() == 1
    return Night(club, season, Party.objects.get(pk=party.pk), first, second, award)


def players_url(night: Night) -> str:
    return reverse("public:party", args=[night.party.public_token])


def seat_url(night: Night, player: Player) -> str:
    return reverse("public:seat", args=[night.party.public_token, player.pk])


def season_url(night: Night) -> str:
    return reverse("season_public:page", args=[night.season.public_token])


def member_url(player: Player) -> str:
    return reverse("member_public:member", args=[player.member.public_token])


def read(response) -> str:
    return html.unescape(response.content.decode())


@dataclass
class Check:
    """A change to make, the page whose ETag it must move, and what it shows
    then (on ``shows``, that page by default; None: a host's page, read live)."""

    change: Callable[[], None]
    page: str
    text: str | None
    shows: str | None = None
    hx: bool = False


def assert_shows(client: Client, check: Check, capture) -> None:
    headers = HX if check.hx else {}
    before = client.get(check.page, **headers)
    assert before.status_code == 200
    where = check.page if check.shows is None else check.shows
    if check.text is not None:
        assert check.text not in read(client.get(where, **headers)), "the value must be new"
    with capture(execute=True):
        check.change()
    after = client.get(check.page, HTTP_IF_NONE_MATCH=before["ETag"], **headers)
    assert after.status_code == 200, "the old ETag must not answer 304"
    assert after["ETag"] != before["ETag"]
    if check.text is not None:
        assert check.text in read(client.get(where, **headers))


# ------------------------------------------------------------------ a bare save()


def club_renamed(n: Night) -> Check:
    def change():
        n.club.name = "Harbour Card Club"
        n.club.save()

    return Check(change, season_url(n), "Harbour Card Club")


def season_renamed(n: Night) -> Check:
    def change():
        n.season.name = "Winter League"
        n.season.save()

    return Check(change, season_url(n), "Winter League")


def party_renamed(n: Night) -> Check:
    def change():
        party = n.fresh(Party, n.party.pk)
        party.name = "Harvest Night"
        party.save()

    return Check(change, players_url(n), "Harvest Night")


def party_renamed_on_the_season(n: Night) -> Check:
    check = party_renamed(n)
    return Check(check.change, season_url(n), "Harvest Night")


def player_renamed(n: Night) -> Check:
    player = n.seated(n.second, 1, 0)

    def change():
        player.name = "Yolanda"
        player.save()

    return Check(change, players_url(n), "Yolanda", hx=True)


def member_renamed(n: Night) -> Check:
    member = n.seated(n.second, 1, 0).member

    def change():
        member.name = "Anabel"
        member.save()

    return Check(change, season_url(n), "Anabel", hx=True)


def round_clock_started(n: Night) -> Check:
    def change():
        rnd = n.fresh(Round, n.second.pk)
        rnd.clock_ends_at = timezone.now() + datetime.timedelta(minutes=15)
        rnd.save()

    return Check(change, players_url(n), "data-clock-ends", hx=True)


def deal_corrected(n: Night) -> Check:
    player = n.seated(n.first, 1, 0)
    score = next(r.score for r in selectors.party_standings(n.party).rows if r.player == player.pk)

    def change():
        result = DealResult.objects.get(round=n.first, table=1, deal=1, is_current=True)
        result.score0 += 5
        result.save()

    return Check(change, seat_url(n, player), f"{score + 5} points")


def seat_given_to_who_sat_out(n: Night) -> Check:
    out = n.out(n.second)
    SitOut.objects.filter(round=n.second).delete()  # a player never sits out and plays

    def change():
        seat = Seat.objects.get(round=n.second, table=1, seat=0)
        seat.player = out
        seat.save()

    return Check(change, seat_url(n, out), "Table 1")


def sit_out_made(n: Night) -> Check:
    out = n.out(n.second)
    SitOut.objects.filter(round=n.second).delete()

    def change():
        SitOut(round=n.second, player=out).save()

    return Check(change, seat_url(n, out), "Sitting out")


def table_winner_corrected(n: Night) -> Check:
    seat = next(
        s
        for s in Seat.objects.filter(round=n.first, table=1)
        if s.player.seats.filter(round=n.second)
    )
    table = TableRound.objects.get(round=n.first, table=1)
    won = table.winner == seat.seat % 2
    words = "lost" if won else "won"

    def change():
        row = TableRound.objects.get(pk=table.pk)
        row.winner = 1 - row.winner
        row.cut_winner = None
        row.save()

    return Check(change, seat_url(n, seat.player), f"Round 1: {words} at table 1")


def prize_renamed(n: Night) -> Check:
    # The players' page shows no prize; its version moves with the party's.
    def change():
        prize = n.fresh(Prize, n.award.prize_id)
        prize.name = "Sparkling wine"
        prize.save()

    return Check(change, players_url(n), "Sparkling wine", shows=member_url(n.award.player))


def award_changed(n: Night) -> Check:
    def change():
        award = n.fresh(PrizeAward, n.award.pk)
        award.prize = Prize.objects.get(party=n.party, name="Port")
        award.save()

    return Check(change, players_url(n), "Prizes: Port", shows=member_url(n.award.player))


def table_entry_answered(n: Night) -> Check:
    entry = TableEntry.objects.create(
        round=n.second, table=1, deal=1, entered_seat=0, bidder=0, bid=8, bidding_team_points=9
    )

    def change():
        entry.status = TableEntry.Status.REJECTED
        entry.reject_reason = "Misread"
        entry.save()

    # The host's round page shows it (read live); the party's version moves.
    return Check(change, players_url(n), None)


SAVES = [
    club_renamed,
    season_renamed,
    party_renamed,
    party_renamed_on_the_season,
    player_renamed,
    member_renamed,
    round_clock_started,
    deal_corrected,
    seat_given_to_who_sat_out,
    sit_out_made,
    table_winner_corrected,
    prize_renamed,
    award_changed,
    table_entry_answered,
]


@pytest.mark.parametrize("case", SAVES, ids=lambda case: case.__name__)
def test_a_bare_save_moves_the_pages_version(
    case, night, client, django_capture_on_commit_callbacks
):
    assert_shows(client, case(night), django_capture_on_commit_callbacks)


# ------------------------------------------------------------------ the admin


@pytest.fixture
def admin(django_user_model) -> Client:
    client = Client()
    client.force_login(django_user_model.objects.create_superuser("boss", password="pw-adm-123"))
    return client


def admin_post(admin: Client, obj, **values) -> Callable[[], None]:
    url = reverse(f"admin:tournaments_{obj._meta.model_name}_change", args=[obj.pk])

    def change():
        data = admin_form(admin, url) | {name: [value] for name, value in values.items()}
        response = admin.post(url, data)
        assert response.status_code == 302, response.content.decode()[:2000]

    return change


def test_a_club_renamed_in_the_admin_shows_on_the_season_page(
    night, client, admin, django_capture_on_commit_callbacks
):
    change = admin_post(admin, night.club, name="Harbour Card Club")
    check = Check(change, season_url(night), "Harbour Card Club")
    assert_shows(client, check, django_capture_on_commit_callbacks)
    api = client.get(reverse("api:season_standings", args=[night.season.public_token]))
    assert api.json()["season"]["club"] == "Harbour Card Club"


def test_a_party_renamed_in_the_admin_shows_on_its_pages_and_the_season_page(
    night, client, admin, django_capture_on_commit_callbacks
):
    season_before = client.get(season_url(night))
    change = admin_post(admin, night.party, name="Harvest Night")
    assert_shows(
        client,
        Check(change, players_url(night), "Harvest Night"),
        django_capture_on_commit_callbacks,
    )
    season_after = client.get(season_url(night), HTTP_IF_NONE_MATCH=season_before["ETag"])
    assert season_after.status_code == 200 and "Harvest Night" in read(season_after)


def test_a_player_renamed_in_the_admin_shows_on_the_players_page(
    night, client, admin, django_capture_on_commit_callbacks
):
    player = night.seated(night.second, 1, 0)
    change = admin_post(admin, player, name="Yolanda")
    assert_shows(
        client,
        Check(change, players_url(night), "Yolanda", hx=True),
        django_capture_on_commit_callbacks,
    )


def test_a_prize_renamed_in_the_admin_shows_on_the_winners_page(
    night, client, admin, django_capture_on_commit_callbacks
):
    change = admin_post(admin, night.award.prize, name="Sparkling wine")
    check = Check(
        change, players_url(night), "Sparkling wine", shows=member_url(night.award.player)
    )
    assert_shows(client, check, django_capture_on_commit_callbacks)


@pytest.mark.parametrize(
    "model", [Season, Member, Round, DealResult, Seat, SitOut, TableRound, PrizeAward]
)
def test_the_rows_the_admin_shows_read_only_cannot_be_changed_there(model, night, admin):
    """The admin changes nothing behind a page's back: these rows change
    through the club's and the host's pages only."""
    obj = model.objects.filter(**_of_night(model, night)).first()
    url = reverse(f"admin:tournaments_{model._meta.model_name}_change", args=[obj.pk])
    before = model.objects.filter(pk=obj.pk).values().get()
    assert admin.post(url, admin_form(admin, url)).status_code == 403
    assert model.objects.filter(pk=obj.pk).values().get() == before


def _of_night(model, night: Night) -> dict:
    return {
        Season: {"pk": night.season.pk},
        Member: {"club": night.club},
        Round: {"party": night.party},
        DealResult: {"round": night.first},
        Seat: {"round": night.second},
        SitOut: {"round": night.second},
        TableRound: {"round": night.first},
        PrizeAward: {"pk": night.award.pk},
    }[model]


# ------------------------------------------------------------------ querysets


def test_a_querysets_update_moves_the_pages_version(
    night, client, django_capture_on_commit_callbacks
):
    member = night.seated(night.second, 1, 0).member
    check = Check(
        lambda: Member.objects.filter(pk=member.pk).update(name="Anabel"),
        season_url(night),
        "Anabel",
    )
    assert_shows(client, check, django_capture_on_commit_callbacks)
    check = Check(
        lambda: Club.objects.filter(pk=night.club.pk).update(name="Harbour Card Club"),
        season_url(night),
        "Harbour Card Club",
    )
    assert_shows(client, check, django_capture_on_commit_callbacks)


def test_a_bulk_update_of_who_a_player_is_shows_on_the_season_page(
    night, client, django_capture_on_commit_callbacks
):
    player = night.seated(night.second, 1, 0)

    def change():
        player.member = Member.objects.create(club=night.club, name="Newcomer")
        Player.objects.bulk_update([player], ["member"])

    assert_shows(
        client,
        Check(change, season_url(night), "Newcomer", hx=True),
        django_capture_on_commit_callbacks,
    )


def test_a_querysets_delete_and_bulk_create_move_the_pages_version(
    night, client, django_capture_on_commit_callbacks
):
    out = night.out(night.second)
    check = Check(
        lambda: SitOut.objects.filter(round=night.second).delete(),
        seat_url(night, out),
        "You have left the party",
    )
    assert_shows(client, check, django_capture_on_commit_callbacks)
    check = Check(
        lambda: SitOut.objects.bulk_create([SitOut(round=night.second, player=out)]),
        seat_url(night, out),
        "Sitting out",
    )
    assert_shows(client, check, django_capture_on_commit_callbacks)


def test_services_rename_and_merge_members_on_the_season_page(
    night, client, host, django_capture_on_commit_callbacks
):
    member = night.seated(night.second, 1, 0).member
    check = Check(
        lambda: member_services.member_rename(
            club=night.club, member=member, name="Anabel", user=host
        ),
        season_url(night),
        "Anabel",
    )
    assert_shows(client, check, django_capture_on_commit_callbacks)
    other = Member.objects.create(club=night.club, name="Zed")
    check = Check(
        lambda: member_services.member_merge(club=night.club, keep=other, other=member, user=host),
        season_url(night),
        "Zed",
        hx=True,
    )
    assert_shows(client, check, django_capture_on_commit_callbacks)


# ------------------------------------------------------------------ the mechanism


def version(party: Party) -> int:
    return Party.objects.values_list("version", flat=True).get(pk=party.pk)


def test_a_transaction_bumps_each_page_once(night):
    before = version(night.party)
    with transaction.atomic():
        for player in night.party.players.all()[:3]:
            player.name += "!"
            player.save()
    assert version(night.party) == before + 1
    # Outside a transaction every write is one of its own.
    for player in night.party.players.all()[:2]:
        player.name += "?"
        player.save()
    assert version(night.party) == before + 3


def test_a_bump_rolled_back_with_its_savepoint_is_made_again(night):
    before = version(night.party)
    players = list(night.party.players.all()[:2])
    with transaction.atomic():
        try:
            with transaction.atomic():
                players[0].name = "Gone"
                players[0].save()
                raise RuntimeError("changed my mind")
        except RuntimeError:
            pass
        assert version(night.party) == before
        players[1].name = "Kept"
        players[1].save()
    assert version(night.party) == before + 1
    assert Player.objects.filter(name="Kept").exists()


def test_a_write_of_the_version_alone_bumps_nothing_more(night):
    before = version(night.party)
    Party.objects.filter(pk=night.party.pk).update(version=F("version") + 5)
    assert version(night.party) == before + 5


def test_a_stale_row_saved_never_puts_an_old_version_back(night):
    stale = Party.objects.get(pk=night.party.pk)
    before = stale.version
    Player.objects.filter(party=night.party).update(arrives_round=1)  # a change elsewhere
    stale.venue = "Town hall"
    stale.save()
    assert version(night.party) == before + 2
    assert stale.version == before + 2


def test_a_party_moving_to_another_season_moves_both(night):
    spring = Season.objects.create(club=night.club, name="Spring")

    def versions() -> dict[int, int]:
        return dict(Season.objects.values_list("pk", "version"))

    before = versions()
    party = Party.objects.get(pk=night.party.pk)
    party.season = spring
    party.save()
    after = versions()
    assert after == {pk: value + 1 for pk, value in before.items()}
    # A queryset's update, in a transaction that bumped the party already.
    with transaction.atomic():
        Player.objects.filter(party=night.party).update(arrives_round=1)
        Party.objects.filter(pk=night.party.pk).update(season=night.season)
    assert versions() == {pk: value + 1 for pk, value in after.items()}


def test_a_deleted_partys_pages_are_gone_at_once(
    night, client, host, django_capture_on_commit_callbacks
):
    url = players_url(night)
    assert client.get(url).status_code == 200
    season = client.get(season_url(night))
    with django_capture_on_commit_callbacks(execute=True):
        services.party_delete(party=night.party, user=host)
    assert client.get(url).status_code == 404
    after = client.get(season_url(night), HTTP_IF_NONE_MATCH=season["ETag"])
    assert after.status_code == 200 and night.party.name not in read(after)
