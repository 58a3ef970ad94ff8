"""The JSON API v1: its documents, who may read them, and what an unchanged one costs."""

from __future__ import annotations

import datetime
import json

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.tournaments.builders import make_club, make_club_party, make_party, play_party
from tournaments import selectors, services
from tournaments.api import services as api_services
from tournaments.api.selectors import documents as api_selectors
from tournaments.clubs.selectors import seasons as seasons_selectors
from tournaments.clubs.selectors.seasons import season_table
from tournaments.clubs.services import seasons as season_services
from tournaments.exports.spreadsheets import one_decimal
from tournaments.models import ApiToken, Club, ClubRole, Party, Round, Season
from tournaments.selectors import public as public_selectors

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_memos():
    public_selectors.forget_local()
    seasons_selectors.forget_local()
    api_selectors.forget_local()


@pytest.fixture
def party(host) -> Party:
    """Round 1 seated, deal 1 of table 1 entered."""
    party = make_party(host, players=9)
    rnd = services.round1_seat_draw(party=party, seed=11, user=host)
    services.result_record(
        round=rnd,
        table=1,
        deal=1,
        entry=services.DealEntry(bidder=0, bid=8, bidding_team_points=10),
        user=host,
    )
    party.refresh_from_db()
    return party


def url(party: Party | str) -> str:
    token = party if isinstance(party, str) else party.public_token
    return reverse("api:party_standings", args=[token])


def bearer(token: str) -> dict:
    return {"HTTP_AUTHORIZATION": f"Bearer {token}"}


def token_for(user, label: str = "site") -> str:
    return api_services.api_token_create(user=user, label=label)[1]


def hide(party: Party, *, open: bool = False, standings: bool = True) -> None:
    services.party_public_set(party=party, open=open, standings=standings, user=party.owner)
    public_selectors.forget_local()


def assert_error(response, status: int, code: str) -> dict:
    assert response.status_code == status
    assert response["Content-Type"] == "application/json; charset=utf-8"
    data = response.json()
    assert data["api"] == 1
    assert data["error"]["code"] == code
    assert isinstance(data["error"]["message"], str) and data["error"]["message"]
    return data


# --------------------------------------------------------------------- the document


def test_the_party_document_field_by_field(party, client: Client):
    response = client.get(url(party))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json; charset=utf-8"
    data = response.json()
    assert list(data) == ["api", "party", "standings"]
    assert data["api"] == 1
    info = data["party"]
    assert list(info) == ["name", "date", "venue", "game", "status", "rounds_closed", "version"]
    assert info == {
        "name": "Spring Card Party",
        "date": "2026-04-18",
        "venue": "Parish hall",
        "game": "monterey-draw",
        "status": party.status,
        "rounds_closed": 0,
        "version": party.version,
    }
    assert isinstance(info["status"], str) and info["status"] == "running"
    assert isinstance(info["version"], int) and isinstance(info["rounds_closed"], int)
    rows = data["standings"]
    assert len(rows) == 9
    expected = selectors.party_standings(party).rows
    for row, line in zip(rows, expected, strict=True):
        assert list(row) == ["rank", "player", "score", "rounds_won", "sitouts"]
        assert all(isinstance(row[k], int) for k in ("rank", "score", "rounds_won", "sitouts"))
        assert isinstance(row["player"], str)
        assert (row["rank"], row["player"], row["score"]) == (line.rank, line.name, line.score)
        assert (row["rounds_won"], row["sitouts"]) == (line.rounds_won, line.sitouts)
    assert "Élodie" in response.content.decode()  # written as it is, not \u-escaped


def test_field_names_are_never_translated(party, client: Client):
    english = client.get(url(party), HTTP_ACCEPT_LANGUAGE="en").json()
    api_selectors.forget_local()
    spanish = client.get(url(party), HTTP_ACCEPT_LANGUAGE="es").json()
    assert spanish == english


def test_rounds_closed_counts_closed_rounds(party, client: Client):
    Round.objects.filter(party=party).update(status=Round.Status.CLOSED)
    Party.objects.filter(pk=party.pk).update(version=party.version + 1)
    public_selectors.public_state_forget(party.public_token)
    public_selectors.forget_local()
    assert client.get(url(party)).json()["party"]["rounds_closed"] == 1


# --------------------------------------------------------------------- caching


def test_etag_and_304_with_no_database_query(party, client: Client, django_assert_num_queries):
    first = client.get(url(party))
    tag = first["ETag"]
    assert tag.startswith('"') and str(party.version) in tag
    assert first["Cache-Control"] == "no-cache"
    assert "Authorization" in first["Vary"]
    with django_assert_num_queries(0):
        again = client.get(url(party), HTTP_IF_NONE_MATCH=tag)
    assert again.status_code == 304 and again["ETag"] == tag
    with django_assert_num_queries(0):
        whole = client.get(url(party))
    assert whole.status_code == 200 and whole.content == first.content


def test_a_new_result_changes_the_etag_and_the_document(
    party, host, client: Client, django_capture_on_commit_callbacks
):
    before = client.get(url(party))
    with django_capture_on_commit_callbacks(execute=True):
        services.result_record(
            round=party.rounds.get(),
            table=1,
            deal=2,
            entry=services.DealEntry(bidder=1, bid=7, bidding_team_points=2),
            user=host,
        )
    public_selectors.forget_local()
    after = client.get(url(party), HTTP_IF_NONE_MATCH=before["ETag"])
    assert after.status_code == 200 and after["ETag"] != before["ETag"]
    assert after.json()["party"]["version"] == before.json()["party"]["version"] + 1


def test_head_is_served(party, client: Client):
    response = client.head(url(party))
    assert response.status_code == 200 and response["ETag"]


# --------------------------------------------------------------------- public or not


def test_a_hidden_party_needs_a_token(party, client: Client):
    hide(party)
    response = client.get(url(party))
    assert_error(response, 401, "token_required")
    assert response["WWW-Authenticate"].startswith("Bearer")
    assert "Spring" not in response.content.decode()


def test_hidden_standings_need_a_token_too(party, client: Client):
    hide(party, open=True, standings=False)
    assert_error(client.get(url(party)), 401, "token_required")


def test_the_owners_token_reads_a_hidden_party(party, host, client: Client):
    hide(party)
    response = client.get(url(party), **bearer(token_for(host)))
    assert response.status_code == 200
    assert response.json()["party"]["name"] == "Spring Card Party"
    assert response["Cache-Control"] == "private, no-cache"


def test_a_cohosts_token_reads_it(party, other_host, client: Client):
    hide(party)
    party.cohosts.add(other_host)
    assert client.get(url(party), **bearer(token_for(other_host))).status_code == 200


@pytest.mark.parametrize(("role", "status"), [("organiser", 200), ("scorer", 404), ("door", 404)])
def test_of_a_clubs_helpers_only_an_organisers_token_reads_it(
    role, status, party, host, other_host, client: Client
):
    club = Club.objects.create(name="Parish", slug="parish", created_by=host)
    Party.objects.filter(pk=party.pk).update(club=club)
    ClubRole.objects.create(club=club, user=other_host, role=role)
    hide(party)
    response = client.get(url(party), **bearer(token_for(other_host)))
    assert response.status_code == status


def test_another_users_token_gets_404(party, other_host, client: Client):
    hide(party)
    response = client.get(url(party), **bearer(token_for(other_host)))
    assert_error(response, 404, "not_found")
    assert "Spring" not in response.content.decode()


@pytest.mark.parametrize(
    "header",
    ["Bearer not-a-token", "Bearer ", "Basic dXNlcjpwdw==", "Token abc", "Bearer " + "x" * 300],
)
def test_a_wrong_token_gets_401(header, party, host, client: Client):
    hide(party)
    response = client.get(url(party), HTTP_AUTHORIZATION=header)
    assert_error(response, 401, "invalid_token")
    assert response["WWW-Authenticate"] == 'Bearer realm="pedroparty", error="invalid_token"'


def test_a_revoked_token_is_refused(party, host, client: Client):
    hide(party)
    row, token = api_services.api_token_create(user=host, label="old site")
    assert client.get(url(party), **bearer(token)).status_code == 200
    api_services.api_token_revoke(user=host, token_id=row.pk)
    assert_error(client.get(url(party), **bearer(token)), 401, "invalid_token")


def test_a_switched_off_accounts_token_is_refused(party, host, client: Client):
    hide(party)
    token = token_for(host)
    type(host).objects.filter(pk=host.pk).update(is_active=False)
    assert_error(client.get(url(party), **bearer(token)), 401, "invalid_token")


def test_a_wrong_token_is_refused_on_public_data_too(party, client: Client):
    assert_error(client.get(url(party), **bearer("nope")), 401, "invalid_token")


def test_a_good_token_reads_public_data(party, other_host, client: Client):
    response = client.get(url(party), **bearer(token_for(other_host)))
    assert response.status_code == 200 and response["Cache-Control"] == "no-cache"


def test_the_token_is_matched_by_its_digest_only(party, host, client: Client):
    hide(party)
    token = token_for(host)
    row = ApiToken.objects.get(user=host)
    assert token not in {row.digest, row.label}
    assert client.get(url(party), **bearer(row.digest)).status_code == 401


def test_use_is_noted_at_most_once_a_minute(party, host, client: Client):
    hide(party)
    token = token_for(host)
    client.get(url(party), **bearer(token))
    row = ApiToken.objects.get(user=host)
    assert row.last_used_at is not None
    earlier = timezone.now() - datetime.timedelta(seconds=10)
    ApiToken.objects.filter(pk=row.pk).update(last_used_at=earlier)
    client.get(url(party), **bearer(token))
    assert ApiToken.objects.get(pk=row.pk).last_used_at == earlier
    ApiToken.objects.filter(pk=row.pk).update(last_used_at=earlier - datetime.timedelta(hours=1))
    client.get(url(party), **bearer(token))
    assert ApiToken.objects.get(pk=row.pk).last_used_at > earlier


def test_a_token_read_costs_two_queries(party, host, client: Client, django_assert_num_queries):
    hide(party)
    token = token_for(host)
    first = client.get(url(party), **bearer(token))
    # The token and its user; the party's row (the owner needs no more).
    with django_assert_num_queries(2):
        again = client.get(url(party), HTTP_IF_NONE_MATCH=first["ETag"], **bearer(token))
    assert again.status_code == 304
    with django_assert_num_queries(2):
        whole = client.get(url(party), **bearer(token))
    assert whole.status_code == 200 and whole.content == first.content


# --------------------------------------------------------------------- other answers


def test_an_unknown_party_is_404_json(client: Client):
    assert_error(client.get(url("no-such-token")), 404, "not_found")


def test_an_unknown_address_under_the_api_is_404_json(client: Client):
    assert_error(client.get("/api/v1/parties/"), 404, "not_found")
    assert_error(client.get("/api/v1/nothing/here"), 404, "not_found")


@pytest.mark.parametrize("method", ["post", "put", "patch", "delete"])
def test_anything_but_reading_is_405(method, party, host, client: Client):
    before = Party.objects.values().get(pk=party.pk)
    response = getattr(client, method)(url(party), **bearer(token_for(host)))
    assert_error(response, 405, "method_not_allowed")
    assert response["Allow"] == "GET, HEAD"
    assert Party.objects.values().get(pk=party.pk) == before


def test_a_post_with_a_csrf_checking_client_is_405_not_403(party):
    response = Client(enforce_csrf_checks=True).post(url(party))
    assert response.status_code == 405


def test_the_root_lists_the_endpoints(client: Client):
    data = client.get(reverse("api:root")).json()
    assert data["api"] == 1 and "parties/<public token>/standings" in data["endpoints"]


def test_a_document_newer_than_its_state_is_not_kept_under_the_old_version(party):
    """A state a moment old names version N while the row already says N+1:
    the document built from the row must not be cached as version N's."""
    state = public_selectors.PublicState.of(party)
    Party.objects.filter(pk=party.pk).update(version=party.version + 1)
    body = api_selectors.party_document_bytes(state)
    assert json.loads(body)["party"]["version"] == party.version + 1
    assert cache.get(f"api1-party:{party.public_token}:{party.version}") is None
    # Once the state catches up, its document is kept.
    party.refresh_from_db()
    api_selectors.party_document_bytes(public_selectors.PublicState.of(party))
    assert cache.get(f"api1-party:{party.public_token}:{party.version}") == body


def test_a_party_deleted_after_its_state_was_read_is_404(party, host):
    state = public_selectors.PublicState.of(party)
    services.party_delete(party=party, user=host)
    assert api_selectors.party_document_bytes(state) is None


def test_a_token_with_a_nul_byte_is_404_json_without_a_query(
    client: Client, django_assert_num_queries
):
    with django_assert_num_queries(0):
        response = client.get("/api/v1/parties/%00abcdefgh/standings")
    assert_error(response, 404, "not_found")


# --------------------------------------------------------------------- a season


@pytest.fixture
def season(host) -> Season:
    """A club's season of one played party."""
    club = make_club(host, slug="st-marys", name="St. Mary's")
    season = season_services.season_create(club=club, name="2026", best_of=3, user=host)
    names = ["Ana", "Bea", "Cruz", "Dee", "Élodie", "Fay", "Gus", "Hal"]
    party = make_club_party(host, club, names)
    play_party(party, host, rounds=1, seed=4)
    season_services.season_party_add(season=season, party=party, user=host)
    season.refresh_from_db()
    return season


def season_url(season: Season | str) -> str:
    token = season if isinstance(season, str) else season.public_token
    return reverse("api:season_standings", args=[token])


def test_the_season_document_field_by_field(season, client: Client):
    response = client.get(season_url(season))
    assert response.status_code == 200
    data = response.json()
    assert list(data) == ["api", "season", "parties", "standings", "nights_left_out"]
    assert data["api"] == 1
    assert data["season"] == {
        "name": "2026",
        "club": "St. Mary's",
        "best_of": 3,
        "version": season.version,
    }
    party = Party.objects.get(season=season)
    assert data["parties"] == [
        {"name": party.name, "date": party.date.isoformat(), "status": party.status, "shown": True}
    ]
    assert data["nights_left_out"] == 0
    table = season_table(season)
    assert len(data["standings"]) == len(table.rows) == 8
    for row, line in zip(data["standings"], table.rows, strict=True):
        assert list(row) == [
            "rank", "member", "total", "parties", "average", "rounds_won", "nights_counted",
            "rating", "rated_rounds",
        ]  # fmt: skip
        assert isinstance(row["member"], str) and isinstance(row["average"], str)
        ints = ("rank", "total", "parties", "rounds_won", "nights_counted", "rated_rounds")
        assert all(isinstance(row[k], int) for k in ints)
        assert row["member"] == line.name and row["total"] == line.total
        assert row["rank"] == line.rank and row["parties"] == line.parties == 1
        assert row["average"] == str(one_decimal(line.average))
        assert (row["rounds_won"], row["nights_counted"]) == (line.rounds_won, line.nights_counted)
    assert response["Cache-Control"] == "no-cache"


def test_a_season_answers_304_to_its_etag_with_no_database_query(
    season, host, client: Client, django_assert_num_queries, django_capture_on_commit_callbacks
):
    first = client.get(season_url(season))
    assert str(season.version) in first["ETag"]
    with django_assert_num_queries(0):
        again = client.get(season_url(season), HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304 and again["ETag"] == first["ETag"]
    with django_assert_num_queries(0):
        whole = client.get(season_url(season))
    assert whole.content == first.content
    with django_capture_on_commit_callbacks(execute=True):
        season_services.season_best_of_set(season=season, best_of=1, user=host)
    seasons_selectors.forget_local()
    changed = client.get(season_url(season), HTTP_IF_NONE_MATCH=first["ETag"])
    assert changed.status_code == 200 and changed["ETag"] != first["ETag"]
    assert changed.json()["season"]["best_of"] == 1


def test_a_hidden_season_needs_a_token(season, client: Client):
    Season.objects.filter(pk=season.pk).update(public_open=False)
    response = client.get(season_url(season))
    assert_error(response, 401, "token_required")
    assert response["WWW-Authenticate"].startswith("Bearer")


@pytest.mark.parametrize(
    ("role", "status"), [(None, 404), ("door", 404), ("scorer", 404), ("organiser", 200)]
)
def test_of_a_hidden_season_only_an_organisers_token_reads_it(
    role, status, season, other_host, client: Client
):
    Season.objects.filter(pk=season.pk).update(public_open=False)
    if role:
        ClubRole.objects.create(club=season.club, user=other_host, role=role)
    response = client.get(season_url(season), **bearer(token_for(other_host)))
    assert response.status_code == status
    if status == 200:
        assert response["Cache-Control"] == "private, no-cache"
        assert response.json()["season"]["name"] == "2026"
    else:
        assert "2026" not in response.content.decode()


def test_a_revoked_token_is_refused_for_a_season(season, host, client: Client):
    Season.objects.filter(pk=season.pk).update(public_open=False)
    row, token = api_services.api_token_create(user=host, label="site")
    assert client.get(season_url(season), **bearer(token)).status_code == 200
    api_services.api_token_revoke(user=host, token_id=row.pk)
    assert_error(client.get(season_url(season), **bearer(token)), 401, "invalid_token")


def test_an_unknown_season_is_404_json(client: Client):
    assert_error(client.get(season_url("no-such-season")), 404, "not_found")


def test_a_post_to_a_season_is_405(season, client: Client):
    assert_error(client.post(season_url(season)), 405, "method_not_allowed")


def test_a_hidden_seasons_token_read_costs_three_queries(
    season, host, client: Client, django_assert_num_queries
):
    Season.objects.filter(pk=season.pk).update(public_open=False)
    token = token_for(host)
    first = client.get(season_url(season), **bearer(token))
    assert first.status_code == 200
    # The token and its user; the season's row; the user's role in its club.
    with django_assert_num_queries(3):
        again = client.get(season_url(season), HTTP_IF_NONE_MATCH=first["ETag"], **bearer(token))
    assert again.status_code == 304
