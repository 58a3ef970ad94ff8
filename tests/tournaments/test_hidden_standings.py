"""A party whose host hides its players' page or its standings shows its
scores on no public page: not on the season's page, in its API, on a
member's own page or in its chart, until the host shows them.

Two nights of one club's season, the second with its standings hidden.
Every route is read as a phone reads it (ETags, 304s, cached states), and
the switch is flipped both ways: showing reaches the pages at once, and so
does hiding again.  The club's organisers see every night on their own
pages, their CSV files and with their API token.
"""

from __future__ import annotations

import datetime
import html
import re

import pytest
from django.test import Client
from django.urls import reverse

from tournaments import selectors, services
from tournaments.api import services as api_services
from tournaments.api.selectors import documents as api_selectors
from tournaments.clubs.selectors import seasons as season_selectors
from tournaments.clubs.services import seasons as season_services
from tournaments.models import ClubRole, Member, Party, Prize, Role, Season
from tournaments.selectors import public as public_selectors

from .admin_forms import admin_form
from .builders import make_club, make_club_party, play_party

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}
NAMES = ["Ana", "Bea", "Cruz", "Dee", "Élodie", "Fay", "Gus", "Hal"]
NOT_SHOWN = "1 night not shown yet"


@pytest.fixture(autouse=True)
def fresh_memos():
    public_selectors.forget_local()
    season_selectors.forget_local()
    api_selectors.forget_local()


@pytest.fixture
def club(host):
    return make_club(host)


@pytest.fixture
def scorer(django_user_model, club):
    user = django_user_model.objects.create_user(username="scorer", password="cards-and-wine-3")
    ClubRole.objects.create(club=club, user=user, role=Role.SCORER)
    return user


def totals(*parties: Party) -> dict[str, int]:
    """Each member's season total over these nights, from the parties' own standings."""
    lines: dict[str, int] = {}
    for party in parties:
        for row in selectors.party_standings(Party.objects.get(pk=party.pk)).rows:
            lines[row.name] = lines.get(row.name, 0) + row.score
    return lines


class Night:
    """The season, its shown night and its hidden night."""

    def __init__(self, season: Season, shown: Party, hidden: Party):
        self.season, self.shown, self.hidden = season, shown, hidden


@pytest.fixture
def night(host, club, django_capture_on_commit_callbacks) -> Night:
    season = season_services.season_create(club=club, name="Autumn", best_of=None, user=host)
    shown = make_club_party(host, club, NAMES, date=datetime.date(2026, 9, 12))
    hidden = make_club_party(
        host, club, NAMES, date=datetime.date(2026, 10, 10), prizes=["Magnum of port"]
    )
    play_party(shown, host, rounds=1, seed=3)
    play_party(hidden, host, rounds=1, seed=5)
    with django_capture_on_commit_callbacks(execute=True):
        for party in (shown, hidden):
            season_services.season_party_add(season=season, party=party, user=host)
        services.party_finish(party=hidden, user=host)
        services.prize_pick(
            party=hidden,
            player=hidden.players.get(pk=selectors.party_standings(hidden).rows[0].player),
            prize=Prize.objects.get(party=hidden, name="Magnum of port"),
            user=host,
        )
        services.party_public_set(party=hidden, open=True, standings=False, user=host)
    assert totals(shown) != totals(shown, hidden), "the hidden night must change the totals"
    return Night(Season.objects.get(pk=season.pk), shown, Party.objects.get(pk=hidden.pk))


def switch(party: Party, host, capture, *, open: bool = True, standings: bool) -> None:
    with capture(execute=True):
        services.party_public_set(party=party, open=open, standings=standings, user=host)


def season_url(season: Season) -> str:
    return reverse("season_public:page", args=[season.public_token])


ROW = re.compile(r'<tr data-member="\d+"><td>=?\d+<td>([^<]+)<td>(-?\d+)<td>(\d+)')


def public_totals(page: str) -> dict[str, int]:
    return {html.unescape(name): int(total) for name, total, _ in ROW.findall(page)}


def public_nights(page: str) -> set[int]:
    return {int(nights) for _, _, nights in ROW.findall(page)}


# ------------------------------------------------------------------ the season page


def test_the_public_season_page_leaves_a_hidden_night_out(night, client):
    for headers in ({}, HX):
        page = client.get(season_url(night.season), **headers).content.decode()
        assert public_totals(page) == totals(night.shown)
        assert public_nights(page) == {1}
        assert NOT_SHOWN in page
    page = client.get(season_url(night.season)).content.decode()
    # The night is listed, by name and date only.
    assert html.escape(night.hidden.name) in page and "not shown yet" in page


def test_showing_and_hiding_again_reach_the_season_page_at_once(
    night, client, host, django_capture_on_commit_callbacks
):
    url = season_url(night.season)
    for headers in ({}, HX):
        hidden = client.get(url, **headers)
        switch(night.hidden, host, django_capture_on_commit_callbacks, standings=True)
        shown = client.get(url, HTTP_IF_NONE_MATCH=hidden["ETag"], **headers)
        assert shown.status_code == 200 and shown["ETag"] != hidden["ETag"]
        assert public_totals(shown.content.decode()) == totals(night.shown, night.hidden)
        assert NOT_SHOWN not in shown.content.decode()
        switch(night.hidden, host, django_capture_on_commit_callbacks, standings=False)
        again = client.get(url, HTTP_IF_NONE_MATCH=shown["ETag"], **headers)
        assert again.status_code == 200, "a phone holding the shown night must not keep it"
        assert public_totals(again.content.decode()) == totals(night.shown)
        assert client.get(url, HTTP_IF_NONE_MATCH=again["ETag"], **headers).status_code == 304


def test_a_hidden_players_page_leaves_its_night_out_too(
    night, client, host, django_capture_on_commit_callbacks
):
    switch(night.hidden, host, django_capture_on_commit_callbacks, open=False, standings=True)
    page = client.get(season_url(night.season)).content.decode()
    assert public_totals(page) == totals(night.shown) and NOT_SHOWN in page
    switch(night.hidden, host, django_capture_on_commit_callbacks, open=True, standings=True)
    page = client.get(season_url(night.season)).content.decode()
    assert public_totals(page) == totals(night.shown, night.hidden)


def test_standings_hidden_or_shown_in_the_admin_reach_the_season_page_at_once(
    night, client, django_user_model, django_capture_on_commit_callbacks
):
    admin = Client()
    admin.force_login(django_user_model.objects.create_superuser("boss", password="pw-adm-123"))
    url = reverse("admin:tournaments_party_change", args=[night.hidden.pk])
    before = client.get(season_url(night.season))
    data = admin_form(admin, url) | {"public_standings": ["on"]}
    with django_capture_on_commit_callbacks(execute=True):
        assert admin.post(url, data).status_code == 302
    shown = client.get(season_url(night.season), HTTP_IF_NONE_MATCH=before["ETag"])
    assert shown.status_code == 200
    assert public_totals(shown.content.decode()) == totals(night.shown, night.hidden)
    data = admin_form(admin, url)
    data.pop("public_standings")  # an unticked box is not posted at all
    with django_capture_on_commit_callbacks(execute=True):
        assert admin.post(url, data).status_code == 302
    hidden = client.get(season_url(night.season), HTTP_IF_NONE_MATCH=shown["ETag"])
    assert hidden.status_code == 200
    assert public_totals(hidden.content.decode()) == totals(night.shown)


def test_the_organisers_season_page_counts_every_night_and_names_the_hidden_one(
    night, client, host
):
    client.force_login(host)
    url = reverse("club:season", kwargs={"club": night.season.club.slug, "season": night.season.pk})
    page = client.get(url).content.decode()
    cells = re.findall(
        r"<tr><td>=?\d+</td><td>(?:<a [^>]*>)?([^<]+)(?:</a>)?</td><td>(-?\d+)</td>", page
    )
    assert {html.unescape(name): int(total) for name, total in cells} == totals(
        night.shown, night.hidden
    )
    assert "whose host hides its standings: " + html.escape(night.hidden.name) in page


def test_the_season_csv_counts_every_night_for_the_organisers_only(
    night, client, host, scorer, other_host
):
    url = reverse(
        "club:season_export", kwargs={"club": night.season.club.slug, "season": night.season.pk}
    )
    client.force_login(host)
    lines = client.get(url).content.decode("utf-8-sig").splitlines()[1:]
    assert {line.split(",")[1]: int(line.split(",")[2]) for line in lines} == totals(
        night.shown, night.hidden
    )
    for user, refused in ((scorer, 403), (other_host, 404)):
        client.force_login(user)
        assert client.get(url).status_code == refused


# ------------------------------------------------------------------ the season's API


def season_api(season: Season) -> str:
    return reverse("api:season_standings", args=[season.public_token])


def api_totals(data: dict) -> dict[str, int]:
    return {row["member"]: row["total"] for row in data["standings"]}


def bearer(user) -> dict:
    return {
        "HTTP_AUTHORIZATION": "Bearer " + api_services.api_token_create(user=user, label="x")[1]
    }


def test_the_season_api_without_a_token_leaves_a_hidden_night_out(
    night, client, host, django_capture_on_commit_callbacks
):
    first = client.get(season_api(night.season))
    data = first.json()
    assert api_totals(data) == totals(night.shown)
    assert {row["parties"] for row in data["standings"]} == {1}
    assert [p["shown"] for p in data["parties"]] == [True, False]
    assert data["nights_left_out"] == 1
    switch(night.hidden, host, django_capture_on_commit_callbacks, standings=True)
    shown = client.get(season_api(night.season), HTTP_IF_NONE_MATCH=first["ETag"])
    assert shown.status_code == 200 and api_totals(shown.json()) == totals(
        night.shown, night.hidden
    )
    assert shown.json()["nights_left_out"] == 0
    switch(night.hidden, host, django_capture_on_commit_callbacks, standings=False)
    again = client.get(season_api(night.season), HTTP_IF_NONE_MATCH=shown["ETag"])
    assert again.status_code == 200 and api_totals(again.json()) == totals(night.shown)


def test_an_organisers_token_reads_every_night_under_its_own_etag(
    night, client, host, scorer, other_host
):
    public = client.get(season_api(night.season))
    mine = client.get(season_api(night.season), **bearer(host))
    assert mine.status_code == 200 and mine["Cache-Control"] == "private, no-cache"
    assert api_totals(mine.json()) == totals(night.shown, night.hidden)
    assert mine.json()["nights_left_out"] == 0
    assert mine["ETag"] != public["ETag"]
    # The public ETag never answers 304 to the organisers' document, nor the other way.
    tagged = client.get(season_api(night.season), HTTP_IF_NONE_MATCH=public["ETag"], **bearer(host))
    assert tagged.status_code == 200
    assert client.get(season_api(night.season), HTTP_IF_NONE_MATCH=mine["ETag"]).status_code == 200
    # Anyone else's token, a helper of the club's too, reads the public figures.
    for user in (scorer, other_host):
        response = client.get(season_api(night.season), **bearer(user))
        assert api_totals(response.json()) == totals(night.shown)


def test_an_organisers_token_reads_a_closed_season_and_nobody_elses(
    night, client, host, scorer, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        season_services.season_public_set(season=night.season, open=False, user=host)
    assert client.get(season_api(night.season)).status_code == 401
    assert client.get(season_api(night.season), **bearer(scorer)).status_code == 404
    mine = client.get(season_api(night.season), **bearer(host))
    assert api_totals(mine.json()) == totals(night.shown, night.hidden)


# ------------------------------------------------------------------ a member's pages


def member(name: str) -> Member:
    return Member.objects.get(name=name)


def winner(night: Night) -> Member:
    """The member who won the hidden night (and picked its prize)."""
    top = selectors.party_standings(night.hidden).rows[0]
    return night.hidden.players.get(pk=top.player).member


def test_a_members_own_page_leaves_a_hidden_night_out(
    night, client, host, django_capture_on_commit_callbacks
):
    url = reverse("member_public:member", args=[winner(night).public_token])
    page = client.get(url).content.decode()
    assert html.escape(night.shown.name) in page
    assert html.escape(night.hidden.name) not in page
    assert "Magnum of port" not in page, "the prize tells the rank"
    assert page.count('<rect class="chart-bar') == 1
    assert NOT_SHOWN in page
    switch(night.hidden, host, django_capture_on_commit_callbacks, standings=True)
    page = client.get(url).content.decode()
    assert html.escape(night.hidden.name) in page and "Magnum of port" in page
    assert page.count('<rect class="chart-bar') == 2 and NOT_SHOWN not in page
    switch(night.hidden, host, django_capture_on_commit_callbacks, open=False, standings=True)
    page = client.get(url).content.decode()
    assert html.escape(night.hidden.name) not in page and NOT_SHOWN in page


def test_the_organisers_member_page_shows_every_night_and_marks_the_hidden_one(night, client, host):
    client.force_login(host)
    ana = winner(night)
    url = reverse("club:member", kwargs={"club": night.season.club.slug, "member": ana.pk})
    page = client.get(url).content.decode()
    assert html.escape(night.hidden.name) in page and "Magnum of port" in page
    assert page.count('<rect class="chart-bar') == 2
    assert "Not shown to the players yet" in page and NOT_SHOWN not in page


# ------------------------------------------------------------------ the party's own pages


def test_the_hidden_partys_own_pages_and_api_follow_its_switches_at_once(
    night, client, host, django_capture_on_commit_callbacks
):
    token = night.hidden.public_token
    party_url = reverse("public:party", args=[token])
    api_url = reverse("api:party_standings", args=[token])
    board_url = reverse("public:board", args=[token])
    anyone = night.hidden.players.first()
    seat_url = reverse("public:seat", args=[token, anyone.pk])
    fragment = client.get(party_url, **HX)
    assert 'class="standings"' not in fragment.content.decode()
    assert "Rank <b>" not in client.get(seat_url).content.decode()
    assert 'data-view="standings"' not in client.get(board_url).content.decode()
    assert client.get(api_url).status_code == 401
    assert client.get(api_url, **bearer(host)).status_code == 200
    switch(night.hidden, host, django_capture_on_commit_callbacks, standings=True)
    shown = client.get(party_url, HTTP_IF_NONE_MATCH=fragment["ETag"], **HX)
    assert shown.status_code == 200 and 'class="standings"' in shown.content.decode()
    assert "Rank <b>" in client.get(seat_url).content.decode()
    assert client.get(api_url).status_code == 200
    switch(night.hidden, host, django_capture_on_commit_callbacks, standings=False)
    again = client.get(party_url, HTTP_IF_NONE_MATCH=shown["ETag"], **HX)
    assert again.status_code == 200 and 'class="standings"' not in again.content.decode()
    assert client.get(api_url).status_code == 401
    switch(night.hidden, host, django_capture_on_commit_callbacks, open=False, standings=True)
    for url in (party_url, seat_url, board_url):
        assert client.get(url, HTTP_IF_NONE_MATCH=again["ETag"], **HX).status_code == 404
    assert client.get(api_url).status_code == 401


def test_a_hidden_partys_csv_files_are_its_organisers_only(night, client, host, scorer):
    slug = night.hidden.slug
    urls = [
        reverse("host:export_standings", args=[slug]),
        reverse("host:export_results", args=[slug]),
    ]
    assert all(client.get(url).status_code == 302 for url in urls)  # to sign in
    client.force_login(scorer)
    assert all(client.get(url).status_code == 403 for url in urls)
    client.force_login(host)
    standings = client.get(urls[0]).content.decode("utf-8-sig").splitlines()[1:]
    scores = {line.split(",")[1]: int(line.split(",")[2]) for line in standings}
    assert scores == totals(night.hidden)
