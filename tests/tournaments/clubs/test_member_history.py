"""A club member's history: their parties, scores, ranks, prizes and deal
statistics, checked against two small parties worked out by hand; and who may
open the member's page.

The January party (Monterey Draw, 8 players, 3 deals a round, 2 rounds) and
the February party (Louisiana, 4 players, 2 deals, 1 round).  Ana is the
member followed.  Scores are (team of seats 0 and 2, team of seats 1 and 3).

January, round 1, table 1 = Ana, Bea, Cruz, Dee (Ana in seat 0):
  deal 1  Ana bids 8, her team takes 10 (first entered as 4, then amended): 10 - 6
  deal 2  Bea bids 7, takes 9:                                               7 - 9
  deal 3  Cruz bids 6, takes 6:                                              6 - 10
  Ana and Cruz 23, Bea and Dee 25.
January, round 1, table 2 = Eli, Fay, Gus, Hal: 16-0, 10-6, 8-8 -> 34 - 14.
January, round 2, table 1 = Bea, Ana, Dee, Cruz (Ana in seat 1):
  deal 1  Ana shoots the moon (32) with every point:                        0 - 32
  deal 2  Cruz bids 9, takes 5 (set):                                       11 - -9
  deal 3  Ana bids 10, takes 4 (set):                                       12 - -10
  Bea and Dee 23, Ana and Cruz 13.
January, round 2, table 2 = Eli, Fay, Gus, Hal: 7-9, 6-10, 8-8 -> 21 - 27.
Totals: Eli and Gus 55 (1 round won), Bea and Dee 48, Fay and Hal 41,
Ana and Cruz 36: ranks 1, 1, 3, 3, 5, 5, 7, 7.  Ana: 6 deals in 2 rounds,
36 points (18 a round), bids made 2 (the 8, the shoot), set 1 (the 10), one
top contract.  Special prizes: the low score (Ana and Cruz) and the most
top contracts (the shoot's team: Ana and Cruz).

February (Louisiana), table 1 = Ana, Bea, Cruz, Dee:
  deal 1  Ana bids 28 and takes all 14 points: 28 - 0 (a top contract)
  deal 2  Bea bids 7, takes 7:                  7 - 7
Ana and Cruz 35, rank 1 shared of 4; Ana: 2 deals, 1 round, 35 a round,
1 bid made, 1 top contract.  A 28 is no top contract in Monterey: each party
is read by its own game.
"""

from __future__ import annotations

import datetime
import random
import re

import pytest
from django.core.cache import cache
from django.db import connection
from django.urls import reverse

from tests.tournaments.builders import play_round
from tournaments import selectors, services
from tournaments.clubs import selectors as club_selectors
from tournaments.models import Club, ClubRole, DealResult, Member, Party, Player, Season

pytestmark = pytest.mark.django_db

JANUARY = ["Ana", "Bea", "Cruz", "Dee", "Eli", "Fay", "Gus", "Hal"]


@pytest.fixture(autouse=True)
def cold_cache():
    cache.clear()


@pytest.fixture
def club(host):
    club = Club.objects.create(name="Tuesday Club", slug="tuesday", created_by=host)
    ClubRole.objects.create(club=club, user=host, role="organiser")
    return club


def _club_party(host, club, names, *, date, season=None, **options) -> Party:
    party = services.party_create(
        owner=host,
        name=f"{date:%B} night",
        date=date,
        settings=services.PartySettings(**options),
    )
    for name in names:
        services.player_register(party=party, name=name, user=host)
    Party.objects.filter(pk=party.pk).update(club=club, season=season)
    for player in Player.objects.filter(party=party):
        member, _ = Member.objects.get_or_create(club=club, name=player.name)
        Player.objects.filter(pk=player.pk).update(member=member)
    party.refresh_from_db()
    return party


def _ids(party: Party, names: list[str]) -> list[int]:
    ids = dict(Player.objects.filter(party=party).values_list("name", "id"))
    return [ids[name] for name in names]


def _deals(rnd, table: int, deals: list[tuple[int, int, int]], user) -> None:
    for number, (bidder, bid, points) in enumerate(deals, start=1):
        services.result_record(
            round=rnd,
            table=table,
            deal=number,
            entry=services.DealEntry(bidder=bidder, bid=bid, bidding_team_points=points),
            user=user,
        )


def _january(host, club, season=None) -> Party:
    party = _club_party(
        host,
        club,
        JANUARY,
        date=datetime.date(2026, 1, 13),
        season=season,
        deals_per_round=3,
        prizes=["Wine"],
        special_prizes={"low_score": "Booby prize", "most_shoots": "Moon pie"},
    )
    rnd = services.round1_seat_manual(
        party=party, tables=[_ids(party, JANUARY[:4]), _ids(party, JANUARY[4:])], user=host
    )
    _deals(rnd, 1, [(0, 8, 4), (1, 7, 9), (2, 6, 6)], host)
    first = DealResult.objects.get(round=rnd, table=1, deal=1, is_current=True)
    services.result_amend(
        result=first,
        entry=services.DealEntry(bidder=0, bid=8, bidding_team_points=10),
        reason="Miscounted",
        user=host,
    )
    _deals(rnd, 2, [(0, 6, 16), (1, 6, 6), (0, 7, 8)], host)
    rnd = services.round_close(round=rnd, user=host)
    rnd = services.round_override_seating(
        round=rnd,
        tables=[_ids(party, ["Bea", "Ana", "Dee", "Cruz"]), _ids(party, JANUARY[4:])],
        user=host,
    )
    _deals(rnd, 1, [(1, 32, 16), (3, 9, 5), (1, 10, 4)], host)
    _deals(rnd, 2, [(0, 6, 7), (2, 6, 6), (1, 8, 8)], host)
    services.round_close(round=rnd, user=host, seat_next=False)
    services.party_finish(party=party, user=host)
    party.refresh_from_db()
    return party


def _february(host, club) -> Party:
    names = JANUARY[:4]
    party = _club_party(
        host, club, names, date=datetime.date(2026, 2, 10), ruleset="louisiana", deals_per_round=2
    )
    rnd = services.round1_seat_manual(party=party, tables=[_ids(party, names)], user=host)
    _deals(rnd, 1, [(0, 28, 14), (1, 7, 7)], host)
    party.refresh_from_db()
    return party


@pytest.fixture
def ana(host, club):
    season = Season.objects.create(club=club, name="Winter 2026")
    _january(host, club, season)
    _february(host, club)
    return Member.objects.select_related("club").get(club=club, name="Ana")


# ------------------------------------------------------------------ the selector


def test_the_history_lists_the_members_parties_newest_first(ana):
    history = club_selectors.member_history(ana)
    assert (history.name, history.club) == ("Ana", "Tuesday Club")
    february, january = history.nights
    assert (february.name, february.date, february.game) == (
        "February night",
        datetime.date(2026, 2, 10),
        "Louisiana Pedro",
    )
    assert (january.name, january.date, january.game, january.season) == (
        "January night",
        datetime.date(2026, 1, 13),
        "Monterey Draw Pedro",
        "Winter 2026",
    )
    assert february.season == "" and february.season_id is None


def test_scores_ranks_and_prizes_come_from_each_partys_standings(ana):
    february, january = club_selectors.member_history(ana).nights
    assert (january.score, january.rank, january.shared, january.players) == (36, 7, True, 8)
    assert (february.score, february.rank, february.shared, february.players) == (35, 1, True, 4)
    assert january.prizes == ("Booby prize", "Moon pie")
    assert february.prizes == ()


def test_statistics_count_the_members_own_deals_and_bids(ana):
    february, january = club_selectors.member_history(ana).nights
    assert january.stats == club_selectors.DealStats(
        deals=6, rounds=2, points=36, bids_made=2, bids_set=1, top_made=1
    )
    assert january.stats.average == 18
    assert february.stats == club_selectors.DealStats(
        deals=2, rounds=1, points=35, bids_made=1, bids_set=0, top_made=1
    )
    assert february.stats.average == 35


def test_the_totals_add_up_every_night(ana):
    history = club_selectors.member_history(ana)
    totals = history.totals
    assert (totals.deals, totals.rounds, totals.points) == (8, 3, 71)
    assert (totals.bids_made, totals.bids_set, totals.bids, totals.top_made) == (3, 1, 4, 2)
    assert totals.average == pytest.approx(71 / 3)
    assert (history.prizes, history.best_rank) == (2, 1)


def test_a_partner_who_never_bid_has_no_bids_but_shares_the_points(host, club):
    _january(host, club)
    cruz = Member.objects.select_related("club").get(club=club, name="Cruz")
    (night,) = club_selectors.member_history(cruz).nights
    # Cruz bid the 6 of round 1 (made) and the 9 of round 2 (set).
    assert night.stats == club_selectors.DealStats(
        deals=6, rounds=2, points=36, bids_made=1, bids_set=1, top_made=0
    )


def test_a_member_who_has_not_played_has_an_empty_history(club):
    member = Member.objects.create(club=club, name="Newcomer")
    history = club_selectors.member_history(member)
    assert history.nights == () and history.totals.average is None
    assert history.best_rank is None


def test_the_history_keeps_the_partys_standings_in_its_cache(ana, django_assert_num_queries):
    january = Party.objects.get(name="January night")
    club_selectors.member_history(ana)
    with django_assert_num_queries(0):
        table = selectors.party_standings(january)
    assert [row.score for row in table.rows][:2] == [55, 55]


def _played_party(host, club, day: int, rng: random.Random) -> Party:
    party = _club_party(host, club, JANUARY, date=datetime.date(2026, 3, day), deals_per_round=2)
    rnd = services.round1_seat_draw(party=party, seed=day, user=host)
    play_round(party, rnd, host, rng)
    return party


@pytest.mark.parametrize("parties", [1, 4])
def test_the_query_count_does_not_grow_with_the_parties(
    host, club, parties, django_assert_num_queries
):
    rng = random.Random(7)
    for day in range(1, parties + 1):
        _played_party(host, club, day, rng)
    member = Member.objects.select_related("club").get(club=club, name="Ana")
    cache.clear()
    # The member's players with their parties; the parties' players and
    # rounds, then seats, sit-outs, tables and deals for the standings; the
    # member's seats and deals; the prizes.
    with django_assert_num_queries(10):
        cold = club_selectors.member_history(member)
    with django_assert_num_queries(4):
        warm = club_selectors.member_history(member)
    assert len(cold.nights) == parties and warm == cold


# ------------------------------------------------------------------ the pages


def _member_url(member: Member, club: Club | None = None) -> str:
    return reverse("club:member", args=[(club or member.club).slug, member.pk])


def _public_url(member: Member) -> str:
    return reverse("member_public:member", args=[member.public_token])


def test_an_organiser_sees_the_history_the_link_and_its_qr_code(client, host, ana):
    client.force_login(host)
    response = client.get(_member_url(ana))
    assert response.status_code == 200
    page = response.content.decode()
    assert "<h1>Ana</h1>" in page and "Tuesday Club" in page
    assert "February night" in page and "January night" in page
    assert "Booby prize, Moon pie" in page and "Season: Winter 2026" in page
    assert "Rank <b>7</b> of 8 (shared)" in page and "36 points" in page
    assert "bids made 2, set 1" in page and "18.0 a round" in page
    link = "http://testserver" + _public_url(ana)
    assert f'id="member-link">{link}</a>' in page
    assert 'class="qr"' in page and f"<title>{link}</title>" in page
    assert reverse("host:dashboard", args=[Party.objects.get(name="January night").slug]) in page


def test_the_chart_draws_a_titled_bar_per_night(client, host, ana):
    client.force_login(host)
    page = client.get(_member_url(ana)).content.decode()
    (svg,) = re.findall(r'<svg class="chart".*?</svg>', page, re.S)
    assert '<title id="chart-title">Score per night</title>' in svg
    assert "Ana&#x27;s score per night. Jan. 13, 2026, January night: 36; " in svg
    assert "Feb. 10, 2026, February night: 35.</desc>" in svg
    assert re.findall(r"<title>([^<]*)</title></rect>", svg) == ["13 Jan: 36", "10 Feb: 35"]
    assert 'role="img" aria-labelledby="chart-title" aria-describedby="chart-desc"' in svg


@pytest.mark.parametrize(
    ("language", "dates"),
    [("en", ["13 Jan", "10 Feb"]), ("es", ["13 ene", "10 feb"]), ("fr", ["13 jan.", "10 fév."])],
)
def test_the_charts_dates_are_said_in_the_pages_language(client, ana, language, dates):
    """The month under each bar and in its title is the language's own
    short name, not the English one."""
    page = client.get(_public_url(ana), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    (svg,) = re.findall(r'<svg class="chart".*?</svg>', page, re.S)
    titles = re.findall(r"<title>([^<]*): \d+</title></rect>", svg)
    labels = re.findall(r'<text x="[^"]*" y="[^"]*" text-anchor="middle">([^<]*)</text>', svg)
    assert titles == dates and labels == dates


def test_the_chart_keeps_its_decimal_points_in_every_language(client, ana):
    page = client.get(_public_url(ana), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    (svg,) = re.findall(r'<svg class="chart".*?</svg>', page, re.S)
    numbers = re.findall(r' (?:x|y|width|height|y1|y2)="([^"]*)"', svg)
    assert numbers and all(re.fullmatch(r"-?\d+(\.\d+)?", n) for n in numbers)
    assert any("." in n for n in numbers)


def test_the_members_own_link_shows_their_results_and_nobody_elses(client, ana):
    response = client.get(_public_url(ana))
    assert response.status_code == 200
    assert response.headers["X-Robots-Tag"] == "noindex"
    assert response.headers["Cache-Control"] == "private, no-cache"
    page = response.content.decode()
    assert "<h1>Ana</h1>" in page and "January night" in page and "36 points" in page
    assert "Top contracts made" in page
    for other in ("Bea", "Cruz", "Dee", "Gus"):
        assert other not in page
    # No way from it to the host's pages or to the club's.
    assert "/host/" not in page
    assert 'action="/i18n/phone/"' in page


@pytest.mark.parametrize("token", ["x" * 22, "wrong-token-1234"])
def test_a_wrong_token_is_not_found(client, ana, token):
    assert client.get(reverse("member_public:member", args=[token])).status_code == 404


def test_a_token_that_is_no_token_does_not_match(client):
    assert client.get("/m/short/").status_code == 404


def test_anyone_signed_out_is_sent_to_sign_in(client, ana):
    response = client.get(_member_url(ana))
    assert response.status_code == 302
    assert response.url.startswith(reverse("login"))


@pytest.mark.parametrize("role", [None, "scorer", "door"])
def test_only_the_clubs_organisers_see_a_members_page(client, other_host, ana, role):
    if role:
        ClubRole.objects.create(club=ana.club, user=other_host, role=role)
    client.force_login(other_host)
    # A helper of the club is told "not allowed"; a stranger finds nothing.
    assert client.get(_member_url(ana)).status_code == (403 if role else 404)


def test_an_organiser_of_another_club_is_refused(client, other_host, ana):
    rival = Club.objects.create(name="Rival Club", slug="rival", created_by=other_host)
    ClubRole.objects.create(club=rival, user=other_host, role="organiser")
    client.force_login(other_host)
    assert client.get(_member_url(ana)).status_code == 404
    # Nor through their own club's address.
    assert client.get(_member_url(ana, club=rival)).status_code == 404


def test_a_member_who_has_not_played_yet_has_a_page(client, host, club):
    newcomer = Member.objects.create(club=club, name="Newcomer")
    client.force_login(host)
    page = client.get(_member_url(newcomer)).content.decode()
    assert "<h1>Newcomer</h1>" in page
    assert '<desc id="chart-desc">No party played yet.</desc>' in page
    assert "<rect" not in page
    public = client.get(_public_url(newcomer)).content.decode()
    assert "<h1>Newcomer</h1>" in public and "No party played yet." in public


def test_staff_organise_every_club(client, django_user_model, ana):
    client.force_login(django_user_model.objects.create_user("staff", is_staff=True))
    assert client.get(_member_url(ana)).status_code == 200


def test_a_post_changes_nothing_and_is_refused(client, host, ana):
    client.force_login(host)
    assert client.post(_member_url(ana)).status_code == 405
    assert client.post(_public_url(ana)).status_code == 405


def test_the_pages_query_counts_are_pinned(client, host, ana, django_assert_num_queries):
    client.get(_public_url(ana))  # the parties' standings are cached now
    # The member with its club; the history's four reads with cached standings;
    # the rating's two (the club's first hidden night, the member's rows).
    with django_assert_num_queries(7):
        assert client.get(_public_url(ana)).status_code == 200
    client.force_login(host)
    # The user (sessions live in the cache), club, role; the member; the history's
    # four; the rating's rows, the club's ratings (one query on PostgreSQL, two
    # elsewhere: models.ratings.latest_rows), names, and the member's tables.
    latest = 1 if connection.vendor == "postgresql" else 2
    with django_assert_num_queries(11 + latest):
        assert client.get(_member_url(ana)).status_code == 200
