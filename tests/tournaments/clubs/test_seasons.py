"""A club's seasons against the database: the table from parties played, the
bump every change makes, adding and removing parties, who may open the
organiser's pages, and the public season page with its conditional polls."""

from __future__ import annotations

import random
from decimal import Decimal

import pytest
from django.core.cache import cache
from django.template.loader import render_to_string
from django.urls import reverse

from tests.tournaments.builders import make_party, play_round
from tournaments import selectors, services
from tournaments.clubs import selectors as club_selectors
from tournaments.clubs.selectors import seasons as season_selectors
from tournaments.clubs.services import seasons as season_services
from tournaments.errors import UserError
from tournaments.models import Club, ClubRole, Member, Party, Player, Season

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture(autouse=True)
def fresh_memos():
    season_selectors.forget_local()
    yield
    season_selectors.forget_local()


@pytest.fixture
def club(host) -> Club:
    club = Club.objects.create(name="St Anne's Card Club", slug="st-annes", created_by=host)
    ClubRole.objects.create(club=club, user=host, role="organiser")
    return club


@pytest.fixture
def scorer(django_user_model, club):
    user = django_user_model.objects.create_user(username="scorer", password="cards-and-wine-3")
    ClubRole.objects.create(club=club, user=user, role="scorer")
    return user


def club_party(host, club: Club, *, members: int = 6, players: int = 8, seed: int = 1) -> Party:
    """A party of ``club``: its first ``members`` players are club members
    (the same people from party to party, by name), the rest are guests."""
    party = make_party(host, players=players)
    Party.objects.filter(pk=party.pk).update(club=club)
    for player in party.players.order_by("order")[:members]:
        member, _ = Member.objects.get_or_create(club=club, name=player.name)
        Player.objects.filter(pk=player.pk).update(member=member)
    party.refresh_from_db()
    return party


def play(party: Party, host, *, seed: int, close: bool = True) -> None:
    rnd = services.round1_seat_draw(party=party, seed=seed, user=host)
    play_round(party, rnd, host, random.Random(seed))
    if close:
        services.round_close(round=rnd, user=host, seat_next=False)
    party.refresh_from_db()


def expected_lines(parties: list[Party]) -> dict[str, tuple[int, int, int]]:
    """Each member's (total, parties, rounds won), added up by hand from the
    parties' own standings."""
    lines: dict[str, tuple[int, int, int]] = {}
    for party in parties:
        members = dict(
            Player.objects.filter(party=party, member__isnull=False).values_list(
                "id", "member__name"
            )
        )
        for row in selectors.party_standings(party).rows:
            if row.player in members:
                total, count, won = lines.get(members[row.player], (0, 0, 0))
                lines[members[row.player]] = (total + row.score, count + 1, won + row.rounds_won)
    return lines


@pytest.fixture
def season(club, host) -> Season:
    return season_services.season_create(club=club, name="Autumn 2026", best_of=None, user=host)


@pytest.fixture
def two_nights(club, host, season) -> tuple[Party, Party]:
    first, second = club_party(host, club), club_party(host, club)
    play(first, host, seed=3)
    play(second, host, seed=4)
    for party in (first, second):
        season_services.season_party_add(season=season, party=party, user=host)
    first.refresh_from_db()
    second.refresh_from_db()
    return first, second


# ------------------------------------------------------------------ the selector


def test_the_table_adds_up_the_members_nights(two_nights, season):
    table = club_selectors.season_table(season)
    expected = expected_lines(list(two_nights))
    assert len(expected) == 6
    assert {row.name: (row.total, row.parties, row.rounds_won) for row in table.rows} == expected
    # Guests (players who are no member) are left out.
    guests = set(Player.objects.filter(member__isnull=True).values_list("name", flat=True))
    assert guests and not guests & {row.name for row in table.rows}
    # Ordered by total, then rounds won; ranks shared only on both.
    keys = [(row.total, row.rounds_won) for row in table.rows]
    assert keys == sorted(keys, reverse=True)
    for before, after in zip(table.rows, table.rows[1:], strict=False):
        same = (before.total, before.rounds_won) == (after.total, after.rounds_won)
        assert (after.rank == before.rank) is same
    assert [p.party_id for p in table.parties] == [two_nights[0].pk, two_nights[1].pk]
    assert table.name == "Autumn 2026" and table.club_name == "St Anne's Card Club"
    for row in table.rows:
        assert float(row.average) == pytest.approx(row.total / row.parties, abs=0.05)


def test_a_party_in_progress_counts_with_its_standings_so_far(club, host, season):
    party = club_party(host, club)
    season_services.season_party_add(season=season, party=party, user=host)
    # Registering: no night yet, but the party is listed.
    table = club_selectors.season_table(season)
    assert table.rows == [] and [p.status for p in table.parties] == ["setup"]
    play(party, host, seed=5, close=False)
    table = club_selectors.season_table(season)
    expected = expected_lines([party])
    assert {row.name: (row.total, row.parties, row.rounds_won) for row in table.rows} == expected
    assert any(row.total for row in table.rows)
    assert all(row.rounds_won == 0 for row in table.rows), "an open round has no winner yet"


def test_best_of_counts_each_members_best_nights(two_nights, season, host):
    season_services.season_best_of_set(season=season, best_of=1, user=host)
    season.refresh_from_db()
    table = club_selectors.season_table(season)
    best = {}
    for party in two_nights:
        members = dict(
            Player.objects.filter(party=party, member__isnull=False).values_list(
                "id", "member__name"
            )
        )
        for row in selectors.party_standings(party).rows:
            if row.player in members:
                best[members[row.player]] = max(best.get(members[row.player], -999), row.score)
    assert {row.name: row.total for row in table.rows} == best
    assert {row.nights_counted for row in table.rows} == {1}
    assert {row.parties for row in table.rows} == {2}


def test_a_warm_table_costs_one_query_for_the_version(
    two_nights, season, django_assert_num_queries
):
    first = club_selectors.season_table(season)
    with django_assert_num_queries(1):
        assert club_selectors.season_table(season) == first
    # Another process (an empty memo) reads it from the cache: still one query.
    season_selectors.forget_local()
    with django_assert_num_queries(1):
        assert club_selectors.season_table(season) == first


# ------------------------------------------------------------------ the bump


def test_a_result_bumps_the_season_and_the_table_follows(
    club, host, season, django_capture_on_commit_callbacks
):
    party = club_party(host, club)
    season_services.season_party_add(season=season, party=party, user=host)
    rnd = services.round1_seat_draw(party=party, seed=9, user=host)
    before = club_selectors.season_table(season)
    version = Season.objects.get(pk=season.pk).version
    with django_capture_on_commit_callbacks(execute=True):
        services.result_record(
            round=rnd,
            table=1,
            deal=1,
            entry=services.DealEntry(bidder=0, bid=8, bidding_team_points=10),
            user=host,
        )
    assert Season.objects.get(pk=season.pk).version > version
    after = club_selectors.season_table(season)
    assert after.version > before.version
    assert after != before
    party.refresh_from_db()
    assert {r.name: (r.total, r.parties, r.rounds_won) for r in after.rows} == expected_lines(
        [party]
    )
    # The season page's state followed on commit.
    state = club_selectors.season_state(season.public_token)
    assert state.version == Season.objects.get(pk=season.pk).version


def test_a_party_in_no_season_bumps_no_season(club, host, season):
    party = club_party(host, club)
    version = Season.objects.get(pk=season.pk).version
    play(party, host, seed=2)
    assert Season.objects.get(pk=season.pk).version == version


def test_deleting_a_party_bumps_its_season_and_drops_its_nights(two_nights, season, host):
    first, second = two_nights
    version = Season.objects.get(pk=season.pk).version
    services.party_delete(party=first, user=host)
    assert Season.objects.get(pk=season.pk).version > version
    table = club_selectors.season_table(season)
    assert [p.party_id for p in table.parties] == [second.pk]
    assert {r.name: (r.total, r.parties, r.rounds_won) for r in table.rows} == expected_lines(
        [second]
    )


# ------------------------------------------------------------------ the services


def test_adding_and_removing_a_party(club, host, season):
    party = club_party(host, club)
    play(party, host, seed=6)
    version = Season.objects.get(pk=season.pk).version
    season_services.season_party_add(season=season, party=party, user=host)
    assert Party.objects.get(pk=party.pk).season_id == season.pk
    assert Season.objects.get(pk=season.pk).version == version + 1
    assert len(club_selectors.season_table(season).rows) == 6
    season_services.season_party_remove(season=season, party=party, user=host)
    assert Party.objects.get(pk=party.pk).season_id is None
    assert Season.objects.get(pk=season.pk).version == version + 2
    table = club_selectors.season_table(season)
    assert table.rows == [] and table.parties == []


def test_a_party_counts_in_one_season_at_most(club, host, season):
    party = club_party(host, club)
    other = season_services.season_create(club=club, name="Spring", best_of=3, user=host)
    season_services.season_party_add(season=other, party=party, user=host)
    with pytest.raises(UserError, match="Spring"):
        season_services.season_party_add(season=season, party=party, user=host)
    with pytest.raises(UserError, match="already counts in this season"):
        season_services.season_party_add(season=other, party=party, user=host)
    assert Party.objects.get(pk=party.pk).season_id == other.pk


def test_only_the_clubs_own_parties_join_its_seasons(host, season):
    stray = make_party(host)
    version = Season.objects.get(pk=season.pk).version
    with pytest.raises(UserError, match="club's own parties"):
        season_services.season_party_add(season=season, party=stray, user=host)
    assert Party.objects.get(pk=stray.pk).season_id is None
    assert Season.objects.get(pk=season.pk).version == version


def test_removing_a_party_not_in_the_season_is_refused(club, host, season):
    party = club_party(host, club)
    with pytest.raises(UserError, match="does not count"):
        season_services.season_party_remove(season=season, party=party, user=host)


def test_only_an_organiser_changes_a_season(club, host, season, scorer, other_host):
    party = club_party(host, club)
    for user in (scorer, other_host):
        with pytest.raises(UserError, match="organiser"):
            season_services.season_party_add(season=season, party=party, user=user)
        with pytest.raises(UserError, match="organiser"):
            season_services.season_best_of_set(season=season, best_of=2, user=user)
        with pytest.raises(UserError, match="organiser"):
            season_services.season_create(club=club, name="Mine", best_of=None, user=user)
    assert Party.objects.get(pk=party.pk).season_id is None
    assert Season.objects.get(pk=season.pk).best_of is None
    assert not Season.objects.filter(name="Mine").exists()


def test_season_names_and_best_of_are_checked(club, host, season):
    with pytest.raises(UserError) as error:
        season_services.season_create(club=club, name="  Autumn   2026 ", best_of=None, user=host)
    assert "name" in error.value.errors
    with pytest.raises(UserError) as error:
        season_services.season_create(club=club, name="   ", best_of=None, user=host)
    assert "name" in error.value.errors
    with pytest.raises(UserError) as error:
        season_services.season_best_of_set(season=season, best_of=0, user=host)
    assert "best_of" in error.value.errors
    assert Season.objects.filter(club=club).count() == 1
    assert Season.objects.get(pk=season.pk).best_of is None


# ------------------------------------------------------------------ organiser pages


def season_url(season: Season) -> str:
    return reverse("club:season", kwargs={"club": season.club.slug, "season": season.pk})


def test_the_season_page_is_for_the_clubs_organisers(
    two_nights, season, client, host, scorer, other_host
):
    url = season_url(season)
    response = client.get(url)
    assert response.status_code == 302 and reverse("login") in response["Location"]
    # A stranger finds nothing; a helper of the club is told "not allowed".
    for user, refused in ((other_host, 404), (scorer, 403)):
        client.force_login(user)
        assert client.get(url).status_code == refused
    client.force_login(host)
    response = client.get(url)
    assert response.status_code == 200
    page = response.content.decode()
    assert "Autumn 2026" in page and "Élodie" in page
    assert season.public_token in page  # the public link and its QR code
    assert "<svg" in page


def test_a_season_of_another_club_is_404(season, client, host, django_user_model):
    elsewhere = Club.objects.create(name="Elsewhere", slug="elsewhere", created_by=host)
    ClubRole.objects.create(club=elsewhere, user=host, role="organiser")
    client.force_login(host)
    url = reverse("club:season", kwargs={"club": "elsewhere", "season": season.pk})
    assert client.get(url).status_code == 404


def test_a_stranger_cannot_post_to_a_season(club, season, client, host, other_host):
    party = club_party(host, club)
    client.force_login(other_host)
    kw = {"club": club.slug, "season": season.pk}
    posts = [
        (reverse("club:season_party_add", kwargs=kw), {"party": party.slug}),
        (reverse("club:season_best_of", kwargs=kw), {"best_of": "2"}),
        (reverse("club:season_public", kwargs=kw), {"open": "0"}),
        (reverse("club:season_create", kwargs={"club": club.slug}), {"name": "Mine"}),
    ]
    for url, data in posts:
        assert client.post(url, data).status_code == 404, url
    season.refresh_from_db()
    assert (season.best_of, season.public_open) == (None, True)
    assert Party.objects.get(pk=party.pk).season_id is None
    assert Season.objects.filter(club=club).count() == 1


def test_creating_a_season_from_its_page(club, client, host):
    client.force_login(host)
    url = reverse("club:season_create", kwargs={"club": club.slug})
    assert client.get(url).status_code == 200
    response = client.post(url, {"name": "Winter", "best_of": "4"})
    season = Season.objects.get(club=club, name="Winter")
    assert season.best_of == 4
    assert response.status_code == 302 and response["Location"] == season_url(season)
    # Bad input: a clear error, nothing made.
    for data in ({"name": "Winter"}, {"name": "", "best_of": ""}, {"name": "X", "best_of": "0"}):
        response = client.post(url, data)
        assert response.status_code == 422, data
        assert 'class="error"' in response.content.decode()
    assert Season.objects.filter(club=club).count() == 1
    # The page lists the club's seasons, each a link to its page.
    assert f'href="{season_url(season)}"' in client.get(url).content.decode()


def test_adding_removing_and_best_of_from_the_page(club, season, client, host):
    party = club_party(host, club)
    play(party, host, seed=7)
    client.force_login(host)
    kw = {"club": club.slug, "season": season.pk}
    response = client.post(reverse("club:season_party_add", kwargs=kw), {"party": party.slug})
    assert response.status_code == 302
    assert Party.objects.get(pk=party.pk).season_id == season.pk
    # Already in: it is no longer a choice.
    response = client.post(reverse("club:season_party_add", kwargs=kw), {"party": party.slug})
    assert response.status_code == 422
    response = client.post(reverse("club:season_best_of", kwargs=kw), {"best_of": "2"})
    assert response.status_code == 302 and Season.objects.get(pk=season.pk).best_of == 2
    response = client.post(reverse("club:season_best_of", kwargs=kw), {"best_of": "-1"})
    assert response.status_code == 422 and Season.objects.get(pk=season.pk).best_of == 2
    response = client.post(reverse("club:season_best_of", kwargs=kw), {"best_of": ""})
    assert response.status_code == 302 and Season.objects.get(pk=season.pk).best_of is None
    remove = reverse("club:season_party_remove", kwargs={**kw, "party": party.slug})
    assert client.post(remove).status_code == 302
    assert Party.objects.get(pk=party.pk).season_id is None


def test_the_season_page_pins_its_queries(
    two_nights, season, client, host, django_assert_num_queries
):
    client.force_login(host)
    url = season_url(season)
    client.get(url)  # fills the caches
    with django_assert_num_queries(6):
        assert client.get(url).status_code == 200


# ------------------------------------------------------------------ the public page


def public_url(season: Season) -> str:
    return reverse("season_public:page", args=[season.public_token])


def test_the_public_page_shows_the_standings_and_the_nights(two_nights, season, client):
    response = client.get(public_url(season))
    assert response.status_code == 200
    page = response.content.decode()
    table = club_selectors.season_table(season)
    for row in table.rows:
        assert f'<tr data-member="{row.member_id}"><td>' in page
    assert two_nights[0].name in page
    assert "lang-switch" in page and "Autumn 2026" in page
    assert response["Cache-Control"] == "no-cache" and "HX-Request" in response["Vary"]
    fragment = client.get(public_url(season), **HX)
    assert fragment.status_code == 200 and "<html" not in fragment.content.decode()
    assert fragment["ETag"] != response["ETag"]
    qr = client.get(reverse("season_public:qr", args=[season.public_token]))
    assert qr.status_code == 200 and qr["Content-Type"].startswith("image/svg+xml")


def test_the_public_page_notes_best_of(two_nights, season, host, client):
    season_services.season_best_of_set(season=season, best_of=1, user=host)
    cache.clear()
    page = client.get(public_url(season)).content.decode()
    assert "best night" in page


def test_a_closed_public_page_is_404(season, client, host, django_capture_on_commit_callbacks):
    assert client.get(public_url(season)).status_code == 200
    client.force_login(host)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            reverse("club:season_public", kwargs={"club": season.club.slug, "season": season.pk}),
            {"open": "0"},
        )
    assert response.status_code == 302
    client.logout()
    assert client.get(public_url(season)).status_code == 404
    assert client.get(public_url(season), **HX).status_code == 404
    assert client.get(reverse("season_public:qr", args=[season.public_token])).status_code == 404
    assert (
        client.get(reverse("season_public:page", args=["no-such-season-token"])).status_code == 404
    )


def test_an_unchanged_season_answers_304_without_a_query(
    two_nights, season, client, django_assert_num_queries
):
    first = client.get(public_url(season), **HX)
    tag = first["ETag"]
    with django_assert_num_queries(0):
        again = client.get(public_url(season), HTTP_IF_NONE_MATCH=tag, **HX)
    assert again.status_code == 304 and again.content == b""
    assert again["ETag"] == tag
    page = client.get(public_url(season))
    with django_assert_num_queries(0):
        assert client.get(public_url(season), HTTP_IF_NONE_MATCH=page["ETag"]).status_code == 304


def test_a_change_shows_at_the_next_poll(
    club, host, season, client, django_capture_on_commit_callbacks
):
    party = club_party(host, club)
    season_services.season_party_add(season=season, party=party, user=host)
    rnd = services.round1_seat_draw(party=party, seed=12, user=host)
    before = client.get(public_url(season), **HX)
    with django_capture_on_commit_callbacks(execute=True):
        services.result_record(
            round=rnd,
            table=1,
            deal=1,
            entry=services.DealEntry(bidder=0, bid=8, bidding_team_points=12),
            user=host,
        )
    after = client.get(public_url(season), HTTP_IF_NONE_MATCH=before["ETag"], **HX)
    assert after.status_code == 200
    assert after["ETag"] != before["ETag"]
    assert after.content != before.content
    assert client.get(public_url(season), HTTP_IF_NONE_MATCH=after["ETag"], **HX).status_code == 304


def test_every_change_to_a_season_party_bumps_the_season(club, host, season):
    party = club_party(host, club)
    season_services.season_party_add(season=season, party=party, user=host)

    def version() -> int:
        return Season.objects.get(pk=season.pk).version

    before = version()
    services.player_register(party=party, name="Late Arrival", user=host)
    assert version() == before + 1
    rnd = services.round1_seat_draw(party=party, seed=8, user=host)
    assert version() == before + 2
    play_round(party, rnd, host, random.Random(8))
    after_results = version()
    tables = len(set(rnd.seats.values_list("table", flat=True)))
    assert after_results == before + 2 + tables * party.deals_per_round
    result = rnd.results.filter(is_current=True).first()
    services.round_close(round=rnd, user=host, seat_next=False)
    assert version() == after_results + 1
    services.result_amend(
        result=result,
        entry=services.DealEntry(bidder=1, bid=7, bidding_team_points=3),
        reason="Misread the tally",
        user=host,
    )
    assert version() == after_results + 2


def test_the_public_standings_mark_shared_ranks():
    line = season_selectors.SeasonLine
    table = season_selectors.SeasonTable(
        season_id=1,
        name="Autumn",
        club_name="Club",
        version=3,
        best_of=2,
        parties=[],
        rows=[
            line(1, 10, "Dee", 90, 3, Decimal("30.0"), 4, 2),
            line(2, 11, "Bea", 60, 2, Decimal("30.0"), 2, 2),
            line(2, 12, "Élodie", 60, 3, Decimal("25.5"), 2, 2),
            line(4, 13, "Ana", 10, 1, Decimal("10.0"), 0, 1),
        ],
    )
    assert table.shared_ranks == frozenset({2})
    html = render_to_string(
        "clubs/season_public.html#standings", {"table": table, "token": "abcdefgh12345678"}
    )
    cells = [part.split("<td>")[1:4] for part in html.split('<tr data-member="')[1:]]
    assert [c[0].strip() for c in cells] == ["1", "=2", "=2", "4"]
    assert "Élodie" in html and "25.5" in html
    assert "3 (2)" in html, "nights played, and counted when fewer"
    assert "best 2 nights" in html


def test_every_public_season_url_answers_304_to_its_own_etag(season, client):
    token = season.public_token
    for name in ("page", "qr"):
        url = reverse(f"season_public:{name}", args=[token])
        for headers in ({}, HX):
            tag = client.get(url, **headers)["ETag"]
            assert client.get(url, HTTP_IF_NONE_MATCH=tag, **headers).status_code == 304, url
