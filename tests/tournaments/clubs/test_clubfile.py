"""The club file: loaded all or nothing through the party services, dumped,
round-tripped, its commands and its pages' guards."""

from __future__ import annotations

import copy
import io
import json
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import resolve, reverse

from scoring.rules import RULESETS
from tests.tournaments.builders import tasks_in_process
from tournaments import selectors
from tournaments.clubs.clubfile import ClubFileError, club_dump, club_load
from tournaments.clubs.views import clubfile as clubfile_views
from tournaments.models import Club, ClubRole, Member, Party, Player, Round, Season
from tournaments.partyfile import party_dump

pytestmark = pytest.mark.django_db

RULES = RULESETS["monterey-draw"]
HARVEST = json.loads((Path(__file__).parents[1] / "data" / "harvest_night.json").read_text("utf-8"))
HARVEST_PLAYERS = [*HARVEST["players"], "Jo"]


def small_party(name: str = "Spring Card Party", date: str = "2026-11-07") -> dict:
    """A one-round party of five, every deal the lowest bid made."""
    made = {"bid": RULES.min_bid, "bidding_team_points": RULES.total_points}
    return {
        "format": "pedroparty/1",
        "name": name,
        "date": date,
        "players": ["Ana", "Bea", "Cruz", "Dee", "Eli"],
        "seating": [["Ana", "Bea", "Cruz", "Dee"]],
        "rounds": [
            {
                "deals": [
                    {"table": 1, "deal": deal, "bidder": deal % 4, **made}
                    for deal in range(1, RULES.deals_per_round + 1)
                ]
            }
        ],
    }


def club_file() -> dict:
    return {
        "format": "pedroparty-club/1",
        "name": "Thursday Pedro Club",
        "members": [*HARVEST_PLAYERS, "Bea Cruz", "Zoë"],
        "seasons": [{"name": "Autumn 2026", "best_of": 8}, {"name": "Spring", "best_of": None}],
        "parties": [
            {
                "season": "Autumn 2026",
                "members": {name: name for name in HARVEST_PLAYERS},
                "party": copy.deepcopy(HARVEST),
            },
            {
                "season": "Autumn 2026",
                "members": {
                    "Ana": "Ana",
                    "Bea": "Bea Cruz",
                    "Cruz": "Cruz",
                    "Dee": "Dee",
                    "Eli": "Eli",
                },
                "party": small_party(),
            },
            {
                "season": None,
                "members": {"Ana": "Ana", "Bea": "Bea", "Cruz": "Cruz", "Dee": "Dee", "Eli": "Zoë"},
                "party": small_party("December night", "2026-12-05"),
            },
        ],
    }


def standings(party: Party) -> list[tuple]:
    """The party's standings, each line's player by the member they are."""
    member = dict(party.players.values_list("id", "member__name"))
    return [
        (row.rank, member[row.player], row.name, row.score, row.rounds_won, row.sitouts, row.place)
        for row in selectors.party_standings(party).rows
    ]


def season_totals(club: Club) -> dict[str, dict[str, int]]:
    """Each season's members' total scores over its parties."""
    totals: dict[str, dict[str, int]] = {}
    for party in club.parties.select_related("season"):
        if party.season is None:
            continue
        season = totals.setdefault(party.season.name, {})
        for line in standings(party):
            season[line[1]] = season.get(line[1], 0) + line[3]
    return totals


def counts() -> dict[str, int]:
    return {
        model.__name__: model.objects.count()
        for model in (Club, ClubRole, Member, Season, Party, Player, Round)
    }


NOTHING = dict.fromkeys(["Club", "ClubRole", "Member", "Season", "Party", "Player", "Round"], 0)


def test_a_club_file_loads_the_club_its_members_seasons_and_parties(
    host, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks() as callbacks:
        club = club_load(data=club_file(), user=host)
    # The players' pages' state is stored once the club commits (none if it fails, below).
    assert callbacks
    assert club.name == "Thursday Pedro Club"
    assert list(club.roles.values_list("user", "role")) == [(host.pk, "organiser")]
    assert sorted(club.members.values_list("name", flat=True)) == sorted(
        [*HARVEST_PLAYERS, "Bea Cruz", "Zoë"]
    )
    autumn = club.seasons.get(name="Autumn 2026")
    assert (autumn.best_of, club.seasons.get(name="Spring").best_of) == (8, None)
    parties = list(club.parties.order_by("date"))
    assert [(p.name, p.season_id, p.owner_id) for p in parties] == [
        ("Harvest Night", autumn.pk, host.pk),
        ("Spring Card Party", autumn.pk, host.pk),
        ("December night", None, host.pk),
    ]
    harvest, spring, december = parties
    # Every player is their member; an arrival too.
    assert {p.name: p.member.name for p in harvest.players.select_related("member")} == {
        name: name for name in HARVEST_PLAYERS
    }
    assert spring.players.get(name="Bea").member.name == "Bea Cruz"
    assert december.players.get(name="Eli").member == club.members.get(name="Zoë")
    assert club.members.get(name="Ana").players.count() == 3
    # The party is the party file's party, standings and all.
    loaded = party_dump(harvest)
    assert loaded["standings"] == HARVEST["standings"]
    assert loaded["rounds"] == HARVEST["rounds"]


def test_dumping_a_loaded_club_and_loading_the_dump_gives_the_same_club(host, other_host):
    first = club_load(data=club_file(), user=host)
    dumped = club_dump(first)
    assert dumped["format"] == "pedroparty-club/1"
    assert [entry["party"]["name"] for entry in dumped["parties"]] == [
        "Harvest Night",
        "Spring Card Party",
        "December night",
    ]
    assert [entry["season"] for entry in dumped["parties"]] == ["Autumn 2026", "Autumn 2026", None]
    assert dumped["seasons"] == club_file()["seasons"]
    # Through JSON, as a download is.
    second = club_load(data=json.loads(json.dumps(dumped)), user=other_host)
    assert second.pk != first.pk
    assert club_dump(second) == dumped
    for before, after in zip(
        first.parties.order_by("date"), second.parties.order_by("date"), strict=True
    ):
        assert standings(after) == standings(before)
    assert season_totals(second) == season_totals(first)
    assert season_totals(first)["Autumn 2026"]["Ana"] == sum(
        line[3]
        for party in first.parties.filter(season__name="Autumn 2026")
        for line in standings(party)
        if line[1] == "Ana"
    )


def test_the_dump_lists_the_parties_oldest_first_whatever_order_they_were_loaded_in(host):
    data = club_file()
    data["parties"].reverse()
    club = club_load(data=data, user=host)
    dumped = club_dump(club)
    assert [entry["party"]["date"] for entry in dumped["parties"]] == [
        "2026-10-03",
        "2026-11-07",
        "2026-12-05",
    ]


def test_a_bad_second_party_leaves_nothing_saved(host, django_capture_on_commit_callbacks):
    data = club_file()
    # Only the loader finds it (the parser cannot know the round's tables):
    # the first party is loaded by then, and must go too.
    del data["parties"][1]["party"]["rounds"][0]["deals"][-1]
    with django_capture_on_commit_callbacks() as callbacks, pytest.raises(ClubFileError) as caught:
        club_load(data=data, user=host)
    error = caught.value
    assert (error.party, error.party_name) == (2, "Spring Card Party")
    last = RULES.deals_per_round
    assert str(error).startswith(
        f"party 2 (Spring Card Party): round 1, table 1: deals: Deal {last} is missing"
    )
    assert counts() == NOTHING
    # What the party services leave for after the commit never runs.
    assert callbacks == []


def test_a_bad_deal_in_the_third_party_is_found_before_anything_is_made(host):
    data = club_file()
    data["parties"][2]["party"]["rounds"][0]["deals"][1]["bid"] = RULES.max_bid + 1
    with pytest.raises(ClubFileError) as caught:
        club_load(data=data, user=host)
    assert str(caught.value).startswith("party 3 (December night): round 1, table 1, deal 2: bid: ")
    assert counts() == NOTHING


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (lambda d: d.update(format="pedroparty/1"), "not a pedroparty-club/1 club file"),
        (lambda d: d.update(colour="green"), "Unknown field 'colour'"),
        (lambda d: d["parties"][1]["members"].pop("Eli"), "Say which member Eli is"),
        (lambda d: d["parties"][1]["members"].update(Eli="Ana"), "both the member Ana"),
        (lambda d: d["parties"][2].update(season="Winter"), "'Winter' is not one of the seasons"),
    ],
)
def test_a_bad_club_file_is_refused_and_nothing_is_saved(host, change, says):
    data = club_file()
    change(data)
    with pytest.raises(ClubFileError, match=says):
        club_load(data=data, user=host)
    assert counts() == NOTHING


def test_a_party_of_a_name_and_date_the_user_hosts_is_loaded_as_a_copy(host):
    club_load(data=club_file(), user=host)
    again = club_load(data=club_file(), user=host)
    assert again.slug != Club.objects.exclude(pk=again.pk).get().slug
    assert sorted(again.parties.values_list("name", flat=True)) == [
        "December night (2)",
        "Harvest Night (2)",
        "Spring Card Party (2)",
    ]


def test_a_player_who_is_no_member_is_dumped_as_a_member_of_their_name(host, other_host):
    club = club_load(data=club_file(), user=host)
    december = club.parties.get(name="December night")
    december.players.filter(name__in=["Eli", "Ana"]).update(member=None)
    # Another player of the party is the member "Ana" now: the stand-in differs.
    december.players.filter(name="Bea").update(member=club.members.get(name="Ana"))
    dumped = club_dump(club)
    entry = dumped["parties"][2]
    assert entry["members"]["Eli"] == "Eli"
    assert entry["members"]["Bea"] == "Ana"
    assert entry["members"]["Ana"] == "Ana (2)"
    assert dumped["members"][-1] == "Ana (2)"
    assert dumped["members"].count("Eli") == 1
    again = club_load(data=dumped, user=other_host)
    assert again.members.count() == club.members.count() + 1


def test_the_dump_reads_each_party_in_a_fixed_number_of_queries(
    host, other_host, django_assert_num_queries
):
    one = club_file()
    one["parties"] = one["parties"][1:2]
    small = club_load(data=one, user=host)
    big = club_load(data=club_file(), user=other_host)
    with django_assert_num_queries(4 + 9) as small_queries:
        club_dump(small)
    with django_assert_num_queries(4 + 3 * 9) as big_queries:
        club_dump(big)
    assert len(big_queries) - len(small_queries) == 2 * (len(small_queries) - 4)


# -- the commands


def test_club_dump_writes_the_club_file_to_stdout_and_to_a_file(host, tmp_path):
    club = club_load(data=club_file(), user=host)
    out = io.StringIO()
    call_command("club_dump", club.slug, stdout=out)
    assert json.loads(out.getvalue()) == club_dump(club)
    target = tmp_path / "club.json"
    call_command("club_dump", club.slug, "-o", str(target))
    assert json.loads(target.read_text("utf-8")) == club_dump(club)
    with pytest.raises(CommandError, match="There is no club 'nope'"):
        call_command("club_dump", "nope")


def test_club_load_prints_the_new_club_s_slug_last(host, tmp_path):
    path = tmp_path / "club.json"
    path.write_text(json.dumps(club_file()), encoding="utf-8")
    out = io.StringIO()
    call_command("club_load", str(path), "--owner", host.username, stdout=out)
    club = Club.objects.get()
    assert out.getvalue().splitlines()[-1] == club.slug
    assert "12 members, 2 seasons, 3 parties" in out.getvalue()
    assert club.roles.get().user == host


def test_club_load_of_a_bad_file_says_why_and_saves_nothing(host, tmp_path):
    data = club_file()
    data["parties"][1]["members"].pop("Dee")
    path = tmp_path / "club.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(CommandError, match=r"club\.json: party 2 \(Spring Card Party\): Say"):
        call_command("club_load", str(path), "--owner", host.username, stdout=io.StringIO())
    assert counts() == NOTHING
    path.write_bytes(b"{not json")
    with pytest.raises(CommandError, match="not valid JSON"):
        call_command("club_load", str(path), "--owner", host.username, stdout=io.StringIO())
    path.write_text(json.dumps(club_file()), encoding="utf-8")
    with pytest.raises(CommandError, match="There is no user 'nobody'"):
        call_command("club_load", str(path), "--owner", "nobody", stdout=io.StringIO())
    assert counts() == NOTHING


# -- the pages


def upload(text: str | bytes, name: str = "club.json") -> SimpleUploadedFile:
    content = text.encode("utf-8") if isinstance(text, str) else text
    return SimpleUploadedFile(name, content, content_type="application/json")


def test_the_upload_page_is_where_its_name_says_whatever_a_club_is_called():
    assert reverse("club:club_upload") == "/host/clubs/upload/"
    assert resolve("/host/clubs/upload/").func is clubfile_views.club_upload
    assert resolve("/host/clubs/some-club/file/").func is clubfile_views.club_file


def test_an_upload_makes_the_club_with_its_uploader_as_organiser(
    client, host, django_capture_on_commit_callbacks
):
    client.force_login(host)
    page = client.get(reverse("club:club_upload"))
    assert page.status_code == 200
    assert b'enctype="multipart/form-data"' in page.content
    with tasks_in_process(), django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            reverse("club:club_upload"), {"file": upload(json.dumps(club_file()))}
        )
    club = Club.objects.get()
    assert response.status_code == 302  # to the page that follows the load
    assert club.roles.get().user == host and club.roles.get().role == "organiser"
    assert club.parties.count() == 3


def test_a_bad_upload_shows_the_problem_and_saves_nothing(
    client, host, django_capture_on_commit_callbacks
):
    client.force_login(host)
    data = club_file()
    del data["parties"][1]["party"]["rounds"][0]["deals"][-1]
    with tasks_in_process(), django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("club:club_upload"), {"file": upload(json.dumps(data))})
    assert response.status_code == 302
    page = client.get(response["Location"]).content.decode()
    assert "party 2 (Spring Card Party): round 1, table 1: deals: Deal" in page
    assert counts() == NOTHING
    response = client.post(reverse("club:club_upload"), {"file": upload(b"\xff\xfe")})
    assert response.status_code == 422
    assert "not UTF-8" in response.content.decode()


def test_an_upload_over_the_limit_is_refused_unread(client, host, monkeypatch):
    client.force_login(host)
    text = json.dumps(club_file())
    monkeypatch.setattr(clubfile_views, "CLUB_FILE_MAX_BYTES", len(text) - 1)
    response = client.post(reverse("club:club_upload"), {"file": upload(text)})
    assert response.status_code == 422
    assert "too large for a club file" in response.content.decode()
    assert counts() == NOTHING


def test_an_anonymous_upload_is_sent_to_sign_in(client):
    response = client.post(reverse("club:club_upload"), {"file": upload(json.dumps(club_file()))})
    assert response.status_code == 302 and "login" in response["Location"]
    assert counts() == NOTHING


def test_an_organiser_downloads_the_club_file(client, host):
    club = club_load(data=club_file(), user=host)
    client.force_login(host)
    response = client.get(reverse("club:club_file", args=[club.slug]))
    assert response.status_code == 200
    assert response["Content-Disposition"] == f'attachment; filename="{club.slug}.json"'
    assert json.loads(response.content.decode("utf-8")) == club_dump(club)


@pytest.mark.parametrize("role", ["scorer", "door"])
def test_a_club_s_helper_cannot_download_its_file(client, host, other_host, role):
    club = club_load(data=club_file(), user=host)
    ClubRole.objects.create(club=club, user=other_host, role=role)
    client.force_login(other_host)
    assert client.get(reverse("club:club_file", args=[club.slug])).status_code == 403


def test_a_stranger_an_anonymous_visitor_and_another_club_s_organiser_cannot_download(
    client, host, other_host, django_user_model
):
    club = club_load(data=club_file(), user=host)
    url = reverse("club:club_file", args=[club.slug])
    anonymous = client.get(url)
    assert anonymous.status_code == 302 and "login" in anonymous["Location"]
    client.force_login(other_host)
    assert client.get(url).status_code == 404
    # other_host organises a club of their own: still not this one.
    mine = club_file()
    mine["name"] = "Rival club"
    theirs = club_load(data=mine, user=other_host)
    assert client.get(reverse("club:club_file", args=[theirs.slug])).status_code == 200
    assert client.get(url).status_code == 404
    staff = django_user_model.objects.create_user(username="staff", is_staff=True)
    client.force_login(staff)
    assert client.get(url).status_code == 200


def test_a_club_with_no_party_yet_loads_and_dumps_back(host):
    data = {"format": "pedroparty-club/1", "name": "New club", "members": ["Ana"]}
    club = club_load(data=data, user=host)
    assert list(club.members.values_list("name", flat=True)) == ["Ana"]
    assert club_dump(club) == {**data, "seasons": [], "parties": []}


def test_an_upload_without_the_csrf_token_is_refused(host):
    client = Client(enforce_csrf_checks=True)
    client.force_login(host)
    response = client.post(reverse("club:club_upload"), {"file": upload(json.dumps(club_file()))})
    assert response.status_code == 403
    assert counts() == NOTHING
