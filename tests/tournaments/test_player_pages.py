"""A player's page has no host links: the players' page, the board, the
table-side pages, the season and member pages, and an online seat and its
replay, each opened as a player opens it (no sign-in), show no "Host sign-in"
and link to nothing of the host's area."""

from __future__ import annotations

import random
import re

import pytest
from django.test import Client
from django.urls import reverse

from scoring.models import OnlineTable
from tournaments import services
from tournaments.clubs.services.seasons import season_create
from tournaments.models import Member, Party, Round, TableRound
from tournaments.tableside.services import table_entry_submit

from ..scoring.builders import act, make_table, run_bots, seats_of, state_of
from .builders import make_club, make_table_night

pytestmark = pytest.mark.django_db

HOST_LINKS = re.compile(r'href="[^"]*/(accounts|host|admin|invite)/')


def assert_no_host_links(client: Client, url: str) -> None:
    response = client.get(url)
    assert response.status_code in (200, 410), url
    page = response.content.decode()
    assert "Host sign-in" not in page, url
    assert not HOST_LINKS.search(page), (url, HOST_LINKS.findall(page))


def tableside_party(host) -> tuple[Party, TableRound]:
    table = make_table_night(host)
    return table.round.party, table


def test_the_party_pages_a_player_opens_have_no_host_links(host):
    party, table = tableside_party(host)
    rs = services.party_ruleset(party)
    table_entry_submit(
        table_round=table, deal=1, seat=0, bidder=0, bid=rs.min_bid, bidding_team_points=rs.min_bid
    )
    phone = Client()
    link = reverse("tableside:table", args=[table.entry_token])
    assert_no_host_links(phone, link)
    phone.post(reverse("tableside:me", args=[table.entry_token]), {"seat": 0})
    assert_no_host_links(phone, link)
    assert_no_host_links(phone, reverse("tableside:hand", args=[table.entry_token, 1]))
    assert_no_host_links(phone, reverse("public:party", args=[party.public_token]))
    assert_no_host_links(phone, reverse("public:board", args=[party.public_token]))
    Round.objects.filter(pk=table.round_id).update(status=Round.Status.CLOSED)
    assert_no_host_links(phone, link)  # the round is over: 410


def test_the_season_and_member_pages_have_no_host_links(host):
    club = make_club(host)
    season = season_create(club=club, name="Autumn", best_of=None, user=host)
    member = Member.objects.create(club=club, name="Ana")
    phone = Client()
    assert_no_host_links(phone, reverse("season_public:page", args=[season.public_token]))
    assert_no_host_links(phone, reverse("member_public:member", args=[member.public_token]))


def test_an_online_seat_and_its_replay_have_no_host_links():
    rng = random.Random(5)
    table = make_table(("human", "heuristic", "heuristic", "heuristic"), deals=1)
    me = seats_of(table)[0]
    phone = Client()
    assert_no_host_links(phone, reverse("play:seat", args=[me.token]))
    for _ in range(300):
        run_bots(table)
        if table.status == OnlineTable.Status.FINISHED:
            break
        state = state_of(table)
        act(table, "next" if state.phase == "done" else rng.choice(state.legal_actions()))
    deal = table.deals.get()
    assert_no_host_links(phone, reverse("play:seat_replay", args=[me.token, deal.number]))
