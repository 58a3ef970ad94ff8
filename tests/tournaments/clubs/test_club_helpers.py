"""What a club's scorer and door helper can and cannot do at a club's party,
through the pages: a scorer enters deals of an open round but never amends
or cuts a closed one; a door helper registers and departs players but never
enters a result.  Refused requests change nothing."""

from __future__ import annotations

import random

import pytest
from django.core.exceptions import PermissionDenied
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.tournaments.builders import make_party, play_round
from tournaments import selectors, services
from tournaments.clubs.services import clubs as club_services
from tournaments.game.standings import table_round_winner
from tournaments.models import ClubRole, DealResult, Party, Player, Role, TableRound

pytestmark = pytest.mark.django_db


@pytest.fixture
def club(host):
    return club_services.club_create(name="Parish Card Club", user=host)


def helper(django_user_model, club, role: str):
    user = django_user_model.objects.create_user(username=role, password=f"pw-{role}-1")
    ClubRole.objects.create(club=club, user=user, role=role)
    client = Client()
    client.force_login(user)
    return user, client


@pytest.fixture
def scorer(django_user_model, club):
    return helper(django_user_model, club, Role.SCORER)


@pytest.fixture
def door(django_user_model, club):
    return helper(django_user_model, club, Role.DOOR)


@pytest.fixture
def seated(host, club) -> Party:
    party = make_party(host, players=8, club=club)
    services.round1_seat_draw(party=party, seed=3, user=host)
    party.refresh_from_db()
    return party


def entry(party: Party, deal: int) -> dict:
    rs = services.party_ruleset(party)
    return {
        "deal": str(deal),
        "bidder": "0",
        "bid": str(rs.min_bid),
        "bidding_team_points": str(rs.total_points),
    }


def amend_body(party: Party, result: DealResult) -> dict:
    rs = services.party_ruleset(party)
    return {
        "bidder": str(result.bidder),
        "bid": str(rs.min_bid),
        "bidding_team_points": "0",
        "reason": "Misread the tally",
        "version": str(result.version),
    }


def close_round_one(party: Party, host) -> None:
    rnd = party.rounds.get(number=1)
    play_round(party, rnd, host, random.Random(5))
    for line in selectors.round_board(party, 1).tables:
        if line.tied and table_round_winner([d.score for d in line.deals]) is None:
            services.table_record_cut(round=rnd, table=line.number, team=0, user=host)
    services.round_close(round=rnd, user=host, seat_next=False)


def test_scorer_records_a_deal_in_an_open_round(seated, scorer):
    user, client = scorer
    url = reverse("host:table", args=[seated.slug, 1, 1])
    assert client.get(url).status_code == 200
    response = client.post(url, entry(seated, 1))
    assert response.status_code == 302
    row = DealResult.objects.get(round__party=seated, table=1, deal=1)
    assert row.entered_by == user


def test_scorer_amends_a_deal_of_an_open_round(seated, scorer, host):
    _user, client = scorer
    rnd = seated.rounds.get()
    rs = services.party_ruleset(seated)
    result = services.result_record(
        round=rnd,
        table=1,
        deal=1,
        entry=services.DealEntry(bidder=0, bid=rs.min_bid, bidding_team_points=rs.total_points),
        user=host,
    )
    url = reverse("host:deal_amend", args=[seated.slug, 1, 1, 1])
    response = client.post(url, amend_body(seated, result))
    assert response.status_code == 302
    assert DealResult.objects.get(round=rnd, table=1, deal=1, is_current=True).version == 2


def test_scorer_cannot_amend_a_closed_round(seated, scorer, host):
    _user, client = scorer
    close_round_one(seated, host)
    result = DealResult.objects.filter(round__party=seated, table=1, deal=1).get()
    url = reverse("host:deal_amend", args=[seated.slug, 1, 1, 1])
    assert client.get(url).status_code == 403
    response = client.post(url, amend_body(seated, result))
    assert response.status_code == 403
    assert "Only the party&#x27;s organisers" in response.content.decode()
    assert DealResult.objects.filter(round__party=seated, table=1, deal=1).count() == 1
    # The round's page shows the scorer no amend link on a closed round.
    page = client.get(reverse("host:table", args=[seated.slug, 1, 1])).content.decode()
    assert url not in page


def test_organiser_amends_a_closed_round(seated, host):
    close_round_one(seated, host)
    result = DealResult.objects.get(round__party=seated, table=1, deal=1)
    client = Client()
    client.force_login(host)
    url = reverse("host:deal_amend", args=[seated.slug, 1, 1, 1])
    assert url in client.get(reverse("host:table", args=[seated.slug, 1, 1])).content.decode()
    assert client.post(url, amend_body(seated, result)).status_code == 302
    assert DealResult.objects.filter(round__party=seated, table=1, deal=1).count() == 2


def test_the_amend_service_refuses_a_closed_round_to_a_scorer(seated, host, scorer):
    """The service checks it, under the round's lock: a round closed after
    the page opened is still refused."""
    close_round_one(seated, host)
    result = DealResult.objects.get(round__party=seated, table=1, deal=1)
    rs = services.party_ruleset(seated)
    with pytest.raises(PermissionDenied, match="organisers can do this"):
        services.result_amend(
            result=result,
            entry=services.DealEntry(bidder=0, bid=rs.min_bid, bidding_team_points=0),
            reason="late",
            user=scorer[0],
        )
    assert DealResult.objects.filter(round__party=seated, table=1, deal=1).count() == 1


def test_scorer_cannot_change_the_cut_of_a_closed_round(seated, scorer, host):
    _user, client = scorer
    close_round_one(seated, host)
    before = list(TableRound.objects.filter(round__party=seated).values())
    client.post(reverse("host:table_cut", args=[seated.slug, 1, 1]), {"team": "1"})
    assert list(TableRound.objects.filter(round__party=seated).values()) == before
    with pytest.raises(PermissionDenied, match="organisers can do this"):
        services.table_record_cut(round=seated.rounds.get(), table=1, team=1, user=scorer[0])


def test_scorer_calls_time_and_runs_the_clock(seated, scorer):
    _user, client = scorer
    response = client.post(reverse("host:round_clock_start", args=[seated.slug, 1]))
    assert response.status_code == 302
    assert seated.rounds.get().clock_ends_at is not None


def test_scorer_cannot_reseat_or_open_prizes(seated, scorer):
    _user, client = scorer
    assert client.get(reverse("host:override", args=[seated.slug, 1])).status_code == 403
    assert client.get(reverse("host:prizes", args=[seated.slug])).status_code == 403
    assert client.get(reverse("host:players", args=[seated.slug])).status_code == 403


def test_door_registers_and_departs_players(seated, door):
    user, client = door
    url = reverse("host:players", args=[seated.slug])
    response = client.post(url, {"name": "Late Larry"})
    assert response.status_code == 200
    larry = Player.objects.get(party=seated, name="Late Larry")
    response = client.post(reverse("host:player_depart", args=[seated.slug, larry.pk]))
    assert response.status_code == 302
    larry.refresh_from_db()
    assert larry.leaves_round is not None
    client.post(reverse("host:player_depart", args=[seated.slug, larry.pk]), {"undo": "1"})
    larry.refresh_from_db()
    assert larry.leaves_round is None


def test_door_cannot_enter_results(seated, door):
    _user, client = door
    url = reverse("host:table", args=[seated.slug, 1, 1])
    assert client.get(url).status_code == 403
    response = client.post(url, entry(seated, 1))
    assert response.status_code == 403
    assert "organisers and scorers can do this" in response.content.decode()
    assert not DealResult.objects.filter(round__party=seated).exists()


def test_door_is_sent_from_the_dashboard_to_the_players(seated, door):
    _user, client = door
    response = client.get(reverse("host:dashboard", args=[seated.slug]))
    assert response.status_code == 302
    assert response["Location"] == reverse("host:players", args=[seated.slug])


def test_door_sees_only_the_players_link(seated, door):
    _user, client = door
    page = client.get(reverse("host:players", args=[seated.slug])).content.decode()
    assert reverse("host:players", args=[seated.slug]) in page
    for name in ("prizes", "share", "documents", "party_file", "audit", "dashboard"):
        assert f'href="{reverse(f"host:{name}", args=[seated.slug])}"' not in page, name


def test_scorer_sees_the_tables_but_not_the_organisers_links(seated, scorer):
    _user, client = scorer
    page = client.get(reverse("host:dashboard", args=[seated.slug])).content.decode()
    assert reverse("host:table", args=[seated.slug, 1, 1]) in page
    assert reverse("host:audit", args=[seated.slug]) in page
    for name in ("prizes", "share", "documents", "party_file", "players"):
        assert f'href="{reverse(f"host:{name}", args=[seated.slug])}"' not in page, name
    assert reverse("host:override", args=[seated.slug, 1]) not in page


def test_door_type_ahead_offers_names_of_the_clubs_parties(seated, door, host, club):
    _user, client = door
    make_party(host, players=0, club=club)  # another night of the club
    other = make_party(host, players=0)
    services.player_register(party=other, name="Private Pam", user=host)
    response = client.get(reverse("host:player_suggest"), {"q": ""})
    names = response.json()["names"]
    assert set(p.name for p in seated.players.all()) <= set(names)
    assert "Private Pam" not in names


def test_the_party_list_shows_club_parties_with_the_role(seated, scorer, host):
    _user, client = scorer
    mine = make_party(host, players=0)
    page = client.get(reverse("host:party_list")).content.decode()
    assert reverse("host:dashboard", args=[seated.slug]) in page
    assert "you help as: Scorer" in page
    assert reverse("host:party_delete", args=[seated.slug]) not in page
    assert mine.slug not in page


def close_round_one_short(party: Party, host) -> int:
    """Close round 1 with table 1's last deal unplayed (time called there);
    returns that deal's number."""
    rnd = party.rounds.get(number=1)
    last = party.deals_per_round
    rs = services.party_ruleset(party)
    for table in (1, 2):
        for deal in range(1, last + (table == 2)):
            services.result_record(
                round=rnd,
                table=table,
                deal=deal,
                entry=services.DealEntry(
                    bidder=deal % 4, bid=rs.min_bid, bidding_team_points=rs.total_points
                ),
                user=host,
            )
    services.table_call_time(round=rnd, table=1, user=host)
    for line in selectors.round_board(party, 1).tables:
        if table_round_winner([d.score for d in line.deals]) is None:
            services.table_record_cut(round=rnd, table=line.number, team=0, user=host)
    services.round_close(round=rnd, user=host, seat_next=False)
    return last


def tally_body(party: Party, deal: int) -> dict:
    return {f"deal{deal}-{field}": value for field, value in entry(party, deal).items()}


@pytest.mark.parametrize("name", ["host:table", "host:table_tally"])
def test_scorer_enters_nothing_in_a_closed_round(name, seated, scorer, host):
    _user, client = scorer
    deal = close_round_one_short(seated, host)
    url = reverse(name, args=[seated.slug, 1, 1])
    assert client.get(url).status_code == 200  # looking is fine
    body = entry(seated, deal) if name == "host:table" else tally_body(seated, deal)
    before = list(DealResult.objects.filter(round__party=seated).values())
    response = client.post(url, body)
    assert response.status_code == 403
    assert list(DealResult.objects.filter(round__party=seated).values()) == before


def dashboard_queries(client, party: Party) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(reverse("host:dashboard", args=[party.slug])).status_code == 200
    return len(queries)


def test_a_scorers_dashboard_costs_two_queries_more_than_the_hosts(seated, scorer, host):
    """Whether the user is a co-host, and their role in the party's club."""
    _user, client = scorer
    owner = Client()
    owner.force_login(host)
    dashboard_queries(owner, seated)  # the standings' cache is warm from here on
    assert dashboard_queries(client, seated) == dashboard_queries(owner, seated) + 2
