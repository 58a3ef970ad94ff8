"""A host deletes a party: a page that names it and what will be lost, then a
POST; nobody else can, and nothing of the party is left."""

from __future__ import annotations

import contextlib
import html
import random

import pytest
from django.core.exceptions import PermissionDenied
from django.urls import reverse

from tournaments import services
from tournaments.errors import UserError
from tournaments.models import (
    AuditEntry,
    DealResult,
    Party,
    Player,
    Prize,
    PrizeAward,
    Round,
    Seat,
    SitOut,
    TableRound,
)
from tournaments.selectors import prize_turn
from tournaments.selectors.public import forget_local, public_state

from .builders import make_party, play_round

pytestmark = pytest.mark.django_db


def played_party(host) -> Party:
    """A finished party with a round played, a prize picked and an audit trail."""
    party = make_party(host, players=9)
    rnd = services.round1_seat_draw(party=party, seed=3, user=host)
    play_round(party, rnd, host, random.Random(2))
    for table in rnd.tables.all():
        with contextlib.suppress(UserError):  # only a tied table takes a cut
            services.table_record_cut(round=rnd, table=table.table, team=0, user=host)
    services.round_close(round=rnd, user=host)
    services.party_finish(party=party, user=host)
    turn = prize_turn(party)
    prize = party.prizes.filter(kind=Prize.Kind.PLACE).first()
    services.prize_pick(
        party=party, player=party.players.get(pk=turn.player), prize=prize, user=host
    )
    return party


def rows_of(party: Party) -> dict[str, int]:
    return {
        "parties": Party.objects.filter(pk=party.pk).count(),
        "players": Player.objects.filter(party=party).count(),
        "rounds": Round.objects.filter(party=party).count(),
        "seats": Seat.objects.filter(round__party=party).count(),
        "sitouts": SitOut.objects.filter(round__party=party).count(),
        "tables": TableRound.objects.filter(round__party=party).count(),
        "results": DealResult.objects.filter(round__party=party).count(),
        "prizes": Prize.objects.filter(party=party).count(),
        "awards": PrizeAward.objects.filter(prize__party=party).count(),
        "audit": AuditEntry.objects.filter(party=party).count(),
    }


def test_the_confirmation_page_names_the_party_and_what_will_be_lost(client, host):
    party = played_party(host)
    client.force_login(host)
    url = reverse("host:party_delete", args=[party.slug])
    response = client.get(url)
    assert response.status_code == 200
    page = response.content.decode()
    assert "Delete Spring Card Party (" in page
    assert "9 players" in page and "1 round and its seating" in page
    assert "8 deal results" in page and "3 prizes (1 awarded)" in page
    assert 'method="post"' in page
    assert url in client.get(reverse("host:party_list")).content.decode()
    assert rows_of(party)["parties"] == 1  # a GET deletes nothing


def test_the_host_deletes_the_party_and_everything_in_it(
    client, host, django_capture_on_commit_callbacks
):
    party = played_party(host)
    keep = make_party(host, players=4)
    token = party.public_token
    assert public_state(token) is not None
    client.force_login(host)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("host:party_delete", args=[party.slug]), follow=True)
    assert response.redirect_chain == [(reverse("host:party_list"), 302)]
    assert "Spring Card Party is deleted." in response.content.decode()
    assert set(rows_of(party).values()) == {0}
    assert Party.objects.filter(pk=keep.pk).exists()
    forget_local()
    assert public_state(token) is None
    assert client.get(reverse("public:party", args=[token])).status_code == 404


def test_a_co_host_may_delete(client, host, other_host):
    party = make_party(host, players=4)
    party.cohosts.add(other_host)
    client.force_login(other_host)
    response = client.post(reverse("host:party_delete", args=[party.slug]))
    assert response.status_code == 302
    assert not Party.objects.filter(pk=party.pk).exists()


def test_another_host_gets_404_and_nothing_is_deleted(client, host, other_host):
    party = played_party(host)
    before = rows_of(party)
    url = reverse("host:party_delete", args=[party.slug])
    assert client.post(url).status_code == 302  # to sign in
    client.force_login(other_host)
    assert client.get(url).status_code == 404
    assert client.post(url).status_code == 404
    assert rows_of(party) == before


def test_staff_who_do_not_host_it_get_403_and_nothing_is_deleted(client, host, django_user_model):
    party = played_party(host)
    before = rows_of(party)
    staff = django_user_model.objects.create_user(username="desk", password="x", is_staff=True)
    client.force_login(staff)
    response = client.post(reverse("host:party_delete", args=[party.slug]))
    assert response.status_code == 403
    assert "Only the party's host or a co-host can delete it." in html.unescape(
        response.content.decode()
    )
    assert rows_of(party) == before


def test_delete_is_post_only(client, host):
    party = make_party(host, players=4)
    client.force_login(host)
    url = reverse("host:party_delete", args=[party.slug])
    assert client.put(url).status_code == 405
    assert client.delete(url).status_code == 405
    assert Party.objects.filter(pk=party.pk).exists()


def test_the_service_refuses_anyone_but_the_hosts(host, other_host, django_user_model):
    party = make_party(host, players=4)
    # Someone with no say at the party: the action's own check (tournaments.game.roles).
    with pytest.raises(PermissionDenied, match="Only the party's organisers"):
        services.party_delete(party=party, user=other_host)
    # Staff organise every party, but deleting is for its hosts.
    staff = django_user_model.objects.create_user(username="desk", password="x", is_staff=True)
    with pytest.raises(UserError, match="Only the party's host"):
        services.party_delete(party=party, user=staff)
    assert Party.objects.filter(pk=party.pk).exists()
    assert services.party_delete(party=party, user=host) == "Spring Card Party"
    assert not Party.objects.filter(pk=party.pk).exists()
