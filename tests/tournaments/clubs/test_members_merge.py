"""Merging two members and renaming one: every party follows the kept member,
no party's standings move, and a refusal changes nothing."""

from __future__ import annotations

import datetime
import threading

import pytest
from django.db import connection

from tests.tournaments.builders import make_club, make_club_party, play_party
from tournaments import selectors, services
from tournaments.clubs import selectors as club_selectors
from tournaments.clubs.services import members as member_services
from tournaments.clubs.services import seasons as season_services
from tournaments.errors import UserError
from tournaments.models import Member, Party, Player, Season

pytestmark = pytest.mark.django_db

EIGHT = ["John Smith", "Zoë", "Ana", "Bea", "Cruz", "Dee", "Eli", "Fay"]


@pytest.fixture
def club(host):
    return make_club(host)


@pytest.fixture
def nights(host, club):
    """Three played nights: "John Smith" on the first two, "Jon Smith" on the third."""
    first = make_club_party(host, club, EIGHT, date=datetime.date(2026, 1, 10))
    second = make_club_party(host, club, EIGHT, date=datetime.date(2026, 2, 14))
    third = make_club_party(host, club, ["Jon Smith", *EIGHT[1:]], date=datetime.date(2026, 3, 14))
    for seed, party in enumerate((first, second, third), start=3):
        play_party(party, host, rounds=2, seed=seed)
    return first, second, third


def member(name: str) -> Member:
    """The member of the first club (the fixture's) called ``name``."""
    return Member.objects.get(club__slug="parish-club", name=name)


def standings(party: Party) -> list[tuple]:
    """Computed afresh from the rows, not from a cache."""
    table = selectors.standings_from_history(selectors.party_history(party))
    return [(r.rank, r.player, r.name, r.score, r.rounds_won, r.shared) for r in table.rows]


def snapshot():
    return (
        list(Player.objects.order_by("pk").values()),
        list(Member.objects.order_by("pk").values()),
        list(Season.objects.order_by("pk").values("pk", "version")),
        list(Party.objects.order_by("pk").values("pk", "version")),
    )


def test_a_merge_joins_the_histories_and_moves_no_standings(host, club, nights):
    before = {party.pk: standings(party) for party in nights}
    john, jon = member("John Smith"), member("Jon Smith")
    kept = member_services.member_merge(club=club, keep=john, other=jon, user=host)
    assert kept == john
    assert not Member.objects.filter(pk=jon.pk).exists()
    assert set(john.players.values_list("party_id", flat=True)) == {p.pk for p in nights}
    # The third night's row keeps the name it had that night.
    assert nights[2].players.get(member=john).name == "Jon Smith"
    assert {party.pk: standings(party) for party in nights} == before
    lines = {line.name: line for line in club_selectors.club_members(club=club)}
    assert lines["John Smith"].nights == 3
    assert lines["John Smith"].last_night == datetime.date(2026, 3, 14)
    assert "Jon Smith" not in lines


def test_a_merge_refreshes_the_seasons_of_the_parties_it_touches(host, club, nights):
    autumn = Season.objects.create(club=club, name="Autumn")
    spring = Season.objects.create(club=club, name="Spring")
    Season.objects.create(club=club, name="Idle")
    Party.objects.filter(pk=nights[0].pk).update(season=autumn)
    Party.objects.filter(pk=nights[2].pk).update(season=spring)
    john, jon = member("John Smith"), member("Jon Smith")
    before = dict(Season.objects.values_list("name", "version"))
    member_services.member_merge(club=club, keep=john, other=jon, user=host)
    versions = dict(Season.objects.values_list("name", "version"))
    # Jon's night (spring's) is now John's; John's autumn night is as it was.
    assert versions == {
        "Autumn": before["Autumn"],
        "Spring": before["Spring"] + 1,
        "Idle": before["Idle"],
    }


def test_two_members_of_one_party_are_two_people(host, club, nights):
    services.player_register(party=make_club_party(host, club), name="Jon Smith", user=host)
    crowded = make_club_party(host, club, ["John Smith", "Jon Smith"])
    before = snapshot()
    with pytest.raises(UserError) as refused:
        member_services.member_merge(
            club=club, keep=member("John Smith"), other=member("Jon Smith"), user=host
        )
    assert crowded.name in refused.value.message and "two people" in refused.value.message
    assert snapshot() == before


def test_another_clubs_member_is_refused(host, club, nights):
    theirs = make_club_party(host, make_club(host, slug="other"), ["Jon Smith"]).players.get()
    before = snapshot()
    with pytest.raises(UserError, match="this club"):
        member_services.member_merge(
            club=club, keep=member("John Smith"), other=theirs.member, user=host
        )
    with pytest.raises(UserError, match="this club"):
        member_services.member_merge(
            club=club, keep=theirs.member, other=member("Jon Smith"), user=host
        )
    assert snapshot() == before


def test_a_member_is_not_merged_into_itself(host, club, nights):
    john = member("John Smith")
    before = snapshot()
    with pytest.raises(UserError):
        member_services.member_merge(club=club, keep=john, other=john, user=host)
    assert snapshot() == before


@pytest.mark.django_db(transaction=True)
def test_two_organisers_merging_at_once_merge_once(host, club):
    """John into Jon and Jon into John at the same moment: one of them is refused."""
    first = make_club_party(host, club, ["John Smith", "Ana"], date=datetime.date(2026, 1, 10))
    make_club_party(host, club, ["Jon Smith", "Ana"], date=datetime.date(2026, 2, 14))
    john, jon = member("John Smith"), member("Jon Smith")
    barrier = threading.Barrier(2)
    outcomes: list = []

    def merge(keep, other):
        try:
            barrier.wait()
            outcomes.append(
                member_services.member_merge(club=club, keep=keep, other=other, user=host)
            )
        except UserError as error:
            outcomes.append(error)
        finally:
            connection.close()

    threads = [
        threading.Thread(target=merge, args=(john, jon)),
        threading.Thread(target=merge, args=(jon, john)),
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    kept = [o for o in outcomes if isinstance(o, Member)]
    refused = [o for o in outcomes if isinstance(o, UserError)]
    assert len(kept) == 1 and len(refused) == 1
    assert "gone" in refused[0].message
    survivor = Member.objects.get(name__in=["John Smith", "Jon Smith"])
    assert survivor == kept[0]
    assert Player.objects.filter(member=survivor).count() == 2
    assert first.players.get(name="John Smith").member == survivor


# --------------------------------------------------------------------- rename


def test_a_rename_keeps_the_nights_names_and_refreshes_the_seasons(host, club, nights):
    season = Season.objects.create(club=club, name="Winter")
    Party.objects.filter(pk=nights[0].pk).update(season=season)
    season.refresh_from_db()
    version = season.version
    before = {party.pk: standings(party) for party in nights}
    john = member_services.member_rename(
        club=club, member=member("John Smith"), name="  Johnny  Smith ", user=host
    )
    assert member("Johnny Smith") == john
    assert nights[0].players.get(member=john).name == "John Smith"
    assert {party.pk: standings(party) for party in nights} == before
    season.refresh_from_db()
    assert season.version == version + 1
    # The next party registers the member under the new name.
    tonight = make_club_party(host, club, ["johnny smith"])
    assert tonight.players.get().member == john


@pytest.mark.parametrize("name", ["zoe", "ZOË", "   "])
def test_a_rename_onto_another_member_or_nothing_is_refused(host, club, nights, name):
    before = snapshot()
    with pytest.raises(UserError) as refused:
        member_services.member_rename(club=club, member=member("John Smith"), name=name, user=host)
    assert "name" in refused.value.errors
    assert snapshot() == before


def test_a_rename_in_another_club_is_refused(host, club, nights):
    other = make_club(host, slug="other")
    before = snapshot()
    with pytest.raises(UserError):
        member_services.member_rename(
            club=other, member=member("John Smith"), name="X Y", user=host
        )
    assert snapshot() == before


def test_a_rename_to_a_new_spelling_of_the_same_name_is_allowed(host, club, nights):
    renamed = member_services.member_rename(club=club, member=member("Zoë"), name="ZOË", user=host)
    assert renamed.name == "ZOË"


def test_a_merge_shows_at_once_on_the_season_table(host, club, nights):
    """The season's cached table is keyed by its version: a merge bumps it, so
    the kept member's line adds up both members' nights straight away."""
    season = season_services.season_create(club=club, name="Winter", best_of=None, user=host)
    for party in nights:
        season_services.season_party_add(season=season, party=party, user=host)
    season.refresh_from_db()
    before = {line.name: line for line in club_selectors.season_table(season).rows}
    john, jon = before["John Smith"], before["Jon Smith"]
    member_services.member_merge(
        club=club, keep=member("John Smith"), other=member("Jon Smith"), user=host
    )
    season.refresh_from_db()
    after = {line.name: line for line in club_selectors.season_table(season).rows}
    assert "Jon Smith" not in after
    assert after["John Smith"].parties == john.parties + jon.parties == 3
    assert after["John Smith"].total == john.total + jon.total
