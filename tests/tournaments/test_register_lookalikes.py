"""A name that looks like a registered player's or a club member's is a
question, not a warning: nothing is registered (and no member made) until
the host answers "the same" (nobody new, or that member) or "a new one"
(the name as typed).  The question and its answers are plain forms."""

from __future__ import annotations

import datetime
import re

import pytest
from django.urls import reverse

from tournaments import services
from tournaments.models import AuditEntry, Member, Party, Player
from tournaments.services import NameLookalike

from .builders import make_club, make_club_party, make_party

pytestmark = pytest.mark.django_db

MARCH = datetime.date(2026, 3, 21)
HX = {"HX-Request": "true"}


@pytest.fixture
def signed_in(client, host):
    client.force_login(host)
    return client


@pytest.fixture
def night(host) -> Party:
    """A party of its own with Ana Ruiz and John Smith registered."""
    party = make_party(host, players=0)
    for name in ("Ana Ruiz", "John Smith"):
        services.player_register(party=party, name=name, user=host)
    return party


@pytest.fixture
def club_night(host) -> Party:
    """A club's night: John Smith and Zoë Núñez are members from March, Ana plays."""
    club = make_club(host)
    make_club_party(host, club, ["John Smith", "Zoë Núñez"], date=MARCH)
    return make_club_party(host, club, ["Ana"])


def rows():
    return (
        list(Player.objects.order_by("pk").values()),
        list(Member.objects.order_by("pk").values()),
        list(Party.objects.order_by("pk").values("pk", "version")),
        AuditEntry.objects.count(),
    )


def question(page: str) -> str:
    match = re.search(r'<div class="warning lookalike"[^>]*>(.*?)</div>\s*</div>', page, re.S)
    assert match, "no look-alike question on the page"
    return match[1]


def players_url(party: Party) -> str:
    return reverse("host:players", args=[party.slug])


@pytest.mark.parametrize("typed", ["ana ruiz", "Jon Smith", "Smith, John"])
def test_a_look_alike_of_a_player_asks_and_registers_nothing(signed_in, night, typed):
    before = rows()
    response = signed_in.post(players_url(night), {"name": typed})
    assert response.status_code == 200
    assert rows() == before
    asked = question(response.content.decode())
    same = night.players.get(name="Ana Ruiz" if "ana" in typed else "John Smith")
    assert f'name="same_player" value="{same.pk}"' in asked
    assert f"The same: {same.name}, already registered" in asked
    assert 'name="new" value="1"' in asked and "A new player:" in asked
    assert asked.count(f'name="name" value="{typed}"') >= 2  # each answer carries the name
    assert f"{typed} is registered." not in response.content.decode()


def test_the_same_player_registers_nobody(signed_in, night):
    ana = night.players.get(name="Ana Ruiz")
    before = rows()
    response = signed_in.post(
        players_url(night), {"name": "ana ruiz", "same_player": ana.pk}, follow=True
    )
    assert "Ana Ruiz is already registered." in response.content.decode()
    assert rows() == before


def test_a_new_one_registers_the_name_as_typed(signed_in, night):
    response = signed_in.post(players_url(night), {"name": "Jon Smith", "new": "1"})
    assert response.status_code == 200
    assert "Jon Smith is registered." in response.content.decode()
    assert night.players.filter(name="Jon Smith").count() == 1
    assert night.players.count() == 3


def test_a_name_like_nobody_is_registered_at_once(signed_in, night):
    response = signed_in.post(players_url(night), {"name": "Bea Lopez"})
    page = response.content.decode()
    assert "Bea Lopez is registered." in page and 'class="warning lookalike"' not in page
    assert night.players.filter(name="Bea Lopez").exists()


def test_a_look_alike_of_a_member_asks_and_makes_no_member(signed_in, club_night):
    john = Member.objects.get(name="John Smith")
    for typed in ("Jon Smith", "Smith, John"):
        before = rows()
        response = signed_in.post(players_url(club_night), {"name": typed})
        assert rows() == before, "no player and no junk member"
        asked = question(response.content.decode())
        assert f'name="same_member" value="{john.pk}"' in asked
        assert "The same: John Smith, a member of the club" in asked
        assert "A new player:" in asked


def test_the_same_member_registers_that_member(signed_in, club_night):
    john = Member.objects.get(name="John Smith")
    members = Member.objects.count()
    response = signed_in.post(
        players_url(club_night), {"name": "Jon Smith", "same_member": john.pk}
    )
    assert "John Smith is registered." in response.content.decode()
    player = club_night.players.get(member=john)
    assert player.name == "John Smith" and Member.objects.count() == members
    # Sent again (a double tap), nothing more is registered.
    again = signed_in.post(players_url(club_night), {"name": "Jon Smith", "same_member": john.pk})
    assert again.status_code == 422 and "already registered" in again.content.decode()
    assert club_night.players.filter(member=john).count() == 1


def test_a_new_one_in_a_club_night_makes_the_new_member(signed_in, club_night):
    signed_in.post(players_url(club_night), {"name": "Jon Smith", "new": "1"})
    player = club_night.players.get(name="Jon Smith")
    assert player.member.name == "Jon Smith"
    assert Member.objects.filter(name="John Smith").count() == 1


def test_a_member_of_the_name_asks_nothing(signed_in, club_night):
    response = signed_in.post(players_url(club_night), {"name": "john smith"})
    assert 'class="warning lookalike"' not in response.content.decode()
    assert club_night.players.get(name="John Smith").member.name == "John Smith"


def test_a_member_playing_already_is_a_player_look_alike(signed_in, club_night, host):
    services.player_register(party=club_night, name="John Smith", user=host)
    before = rows()
    response = signed_in.post(players_url(club_night), {"name": "Jon Smith"})
    asked = question(response.content.decode())
    john = club_night.players.get(name="John Smith")
    assert f'name="same_player" value="{john.pk}"' in asked and "same_member" not in asked
    assert rows() == before


def test_the_question_comes_with_the_roster_swapped_in_by_htmx(signed_in, club_night):
    response = signed_in.post(players_url(club_night), {"name": "Jon Smith"}, headers=HX)
    page = response.content.decode()
    assert page.lstrip().startswith('<div id="roster">')
    assert "The same: John Smith, a member of the club" in question(page)


def test_an_answer_naming_someone_else_changes_nothing(signed_in, club_night, host):
    theirs = make_club(host, slug="their-club", name="Their Club")
    stranger = Member.objects.create(club=theirs, name="John Smith")
    elsewhere = make_party(host, players=1)
    before = rows()
    for answer in (
        {"same_member": stranger.pk},
        {"same_player": elsewhere.players.get().pk},
        {"same_member": "abc"},
        {"same_player": "0"},
    ):
        response = signed_in.post(players_url(club_night), {"name": "Jon Smith", **answer})
        assert response.status_code == 422, answer
        assert rows() == before, answer


def test_the_service_asks_under_the_party_lock(host, club_night):
    before = rows()
    with pytest.raises(NameLookalike) as asked:
        services.player_register(party=club_night, name="Jon Smith", user=host, ask_if_alike=True)
    assert [m.name for m in asked.value.members] == ["John Smith"]
    assert asked.value.players == [] and asked.value.name == "Jon Smith"
    assert rows() == before
    # Loading a file or copying a roster registers names as they are.
    services.player_register(party=club_night, name="Jon Smith", user=host)
    assert club_night.players.filter(name="Jon Smith").exists()
