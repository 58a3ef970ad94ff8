"""Registering a club party's player picks the club's member of that name or
makes one; a player can be re-registered as a member (``player_relink``).
A look-alike name is asked about first: ``test_register_lookalikes.py``."""

from __future__ import annotations

import datetime
import threading

import pytest
from django.db import connection
from django.urls import reverse

from tests.tournaments.builders import make_club, make_club_party, make_party
from tournaments import services
from tournaments.clubs.services import members as member_services
from tournaments.errors import UserError
from tournaments.models import AuditEntry, Member, Party, Player

pytestmark = pytest.mark.django_db

MARCH = datetime.date(2026, 3, 21)


@pytest.fixture
def club(host):
    return make_club(host)


def test_a_new_name_makes_a_member_and_the_player_is_it(host, club):
    party = make_club_party(host, club, ["John Smith"])
    player = party.players.get()
    member = Member.objects.get(club=club)
    assert member.name == "John Smith"
    assert player.member == member


def test_the_same_name_at_the_next_party_is_the_same_member(host, club):
    make_club_party(host, club, ["Zoë Núñez", "John Smith"], date=MARCH)
    party = make_club_party(host, club)
    player = services.player_register(party=party, name="  zoe   NUNEZ ", user=host)
    zoe = Member.objects.get(club=club, name="Zoë Núñez")
    assert player.member == zoe
    assert player.name == "Zoë Núñez", "the club's spelling"
    assert Member.objects.filter(club=club).count() == 2


def test_a_member_already_playing_is_refused_and_nothing_changes(host, club):
    party = make_club_party(host, club, ["Zoë"])
    before = (list(Player.objects.values()), list(Member.objects.values()), party.version)
    with pytest.raises(UserError) as refused:
        services.player_register(party=party, name="ZOE", user=host)
    assert refused.value.errors["name"] == "Zoë is already registered."
    party.refresh_from_db()
    assert (list(Player.objects.values()), list(Member.objects.values()), party.version) == before


def test_a_member_playing_under_an_old_name_is_refused(host, club):
    """Renamed while the party runs: the name is new to the party, the member is not."""
    party = make_club_party(host, club, ["Jon Smith"])
    jon = party.players.get().member
    member_services.member_rename(club=club, member=jon, name="Jonathan Smith", user=host)
    before = (list(Player.objects.values()), list(Member.objects.values()))
    with pytest.raises(UserError) as refused:
        services.player_register(party=party, name="jonathan smith", user=host)
    assert refused.value.errors["name"] == "Jonathan Smith is already registered."
    assert (list(Player.objects.values()), list(Member.objects.values())) == before


def test_another_clubs_member_of_that_name_is_not_taken(host, club):
    other = make_club(host, slug="other-club")
    theirs = make_club_party(host, other, ["John Smith"]).players.get().member
    ours = make_club_party(host, club, ["John Smith"]).players.get().member
    assert ours != theirs and ours.club == club


def test_a_party_without_a_club_makes_no_member(host):
    party = make_party(host, players=3)
    assert not Member.objects.exists()
    assert not party.players.filter(member__isnull=False).exists()


def test_member_for_name_finds_or_makes(club):
    made = member_services.member_for_name(club=club, name=" Beñat  Etxeberria ")
    assert made.name == "Beñat Etxeberria"
    assert member_services.member_for_name(club=club, name="benat etxeberria") == made
    with pytest.raises(UserError):
        member_services.member_for_name(club=club, name="   ")
    assert Member.objects.count() == 1


@pytest.mark.django_db(transaction=True)
def test_two_tablets_registering_one_new_name_make_one_member(host, club):
    """Two parties of the club on one night: one member, both players linked to it."""
    parties = [make_club_party(host, club), make_club_party(host, club)]
    barrier = threading.Barrier(2)
    errors = []

    def register(party):
        try:
            barrier.wait()
            services.player_register(party=party, name="Maïa Lopez", user=host)
        except Exception as error:  # pragma: no cover - shown by the assertion
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=register, args=(p,)) for p in parties]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    member = Member.objects.get(club=club)
    assert Player.objects.filter(member=member).count() == 2


# --------------------------------------------------------------------- did you mean


@pytest.fixture
def client_host(client, host):
    client.force_login(host)
    return client


@pytest.fixture
def tonight(host, club):
    make_club_party(host, club, ["John Smith", "Zoë Núñez"], date=MARCH)
    return make_club_party(host, club, ["Ana"])


def test_an_exact_member_name_asks_nothing(client_host, tonight):
    url = reverse("host:players", args=[tonight.slug])
    response = client_host.post(url, {"name": "john smith"})
    assert "Did you mean" not in response.content.decode()
    assert tonight.players.get(name="John Smith").member.name == "John Smith"


def test_tapping_the_member_registers_them_instead(client_host, host, tonight):
    typo = services.player_register(party=tonight, name="Smith, Jon", user=host)
    typo_member = typo.member
    john = Member.objects.get(name="John Smith")
    response = client_host.post(
        reverse("host:player_relink", args=[tonight.slug, typo.pk]), {"member": john.pk}
    )
    assert response.status_code == 302
    typo.refresh_from_db()
    assert (typo.name, typo.member) == ("John Smith", john)
    assert typo.order == 2, "the arrival keeps its place"
    assert not Member.objects.filter(pk=typo_member.pk).exists(), "the typo's member is gone"
    entry = AuditEntry.objects.filter(party=tonight).first()
    assert entry.action == "player_relink" and "Smith, Jon" in entry.summary
    # A second tap changes nothing.
    before = snapshot()
    client_host.post(
        reverse("host:player_relink", args=[tonight.slug, typo.pk]), {"member": john.pk}
    )
    assert snapshot() == before
    assert AuditEntry.objects.filter(party=tonight, action="player_relink").count() == 1


def test_the_typed_member_stays_when_it_played_elsewhere(host, club, tonight):
    jon = services.player_register(party=tonight, name="Jon Smith", user=host)
    make_club_party(host, club, ["Jon Smith"], date=datetime.date(2026, 1, 1))
    john = Member.objects.get(name="John Smith")
    services.player_relink(party=tonight, player=jon, member=john, user=host)
    assert Member.objects.filter(name="Jon Smith").exists()


def snapshot():
    return (
        list(Player.objects.order_by("pk").values()),
        list(Member.objects.order_by("pk").values()),
        list(Party.objects.order_by("pk").values("pk", "version")),
    )


def test_relinking_to_a_member_already_playing_is_refused(host, tonight):
    services.player_register(party=tonight, name="John Smith", user=host)
    jon = services.player_register(party=tonight, name="Jon Smith", user=host)
    before = snapshot()
    with pytest.raises(UserError, match="already registered"):
        services.player_relink(
            party=tonight, player=jon, member=Member.objects.get(name="John Smith"), user=host
        )
    assert snapshot() == before


def test_relinking_to_another_clubs_member_is_refused(host, tonight, client_host):
    stranger = make_club_party(host, make_club(host, slug="other"), ["John Smith"])
    theirs = stranger.players.get().member
    jon = services.player_register(party=tonight, name="Jon Smith", user=host)
    before = snapshot()
    with pytest.raises(UserError, match="club"):
        services.player_relink(party=tonight, player=jon, member=theirs, user=host)
    response = client_host.post(
        reverse("host:player_relink", args=[tonight.slug, jon.pk]), {"member": theirs.pk}
    )
    assert response.status_code == 404
    assert snapshot() == before


def test_relinking_in_a_finished_party_is_refused(host, tonight):
    jon = services.player_register(party=tonight, name="Jon Smith", user=host)
    Party.objects.filter(pk=tonight.pk).update(status=Party.Status.FINISHED)
    before = snapshot()
    with pytest.raises(UserError, match="finished"):
        services.player_relink(
            party=tonight, player=jon, member=Member.objects.get(name="John Smith"), user=host
        )
    assert snapshot() == before


def test_a_relink_without_a_member_changes_nothing(client_host, host, tonight):
    jon = services.player_register(party=tonight, name="Jon Smith", user=host)
    before = snapshot()
    url = reverse("host:player_relink", args=[tonight.slug, jon.pk])
    response = client_host.post(url, {"member": "x"}, follow=True)
    assert response.status_code == 200
    assert snapshot() == before
