"""The CSV files: what they hold, how they defend a spreadsheet, who may download them.

The writing (``tournaments.exports.spreadsheets``) is tested on plain values first,
without a database; then the downloads, through the host's routes.
"""

from __future__ import annotations

import csv
import datetime
import io
import random
from dataclasses import dataclass
from decimal import Decimal

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape

from tests.tournaments.builders import (
    make_club,
    make_club_party,
    make_party,
    play_party,
    play_round,
)
from tournaments import selectors, services
from tournaments.clubs.selectors.seasons import season_table
from tournaments.clubs.services import seasons as season_services
from tournaments.exports import spreadsheets as exports
from tournaments.game.standings import table_round_winner
from tournaments.models import Club, ClubRole, DealResult, Party, Season
from tournaments.selectors import (
    DealInfo,
    PartyHistory,
    PlayerInfo,
    RoundInfo,
    StandingLine,
    Standings,
)

BOM = "\ufeff"


def read(content: bytes) -> list[list[str]]:
    """A CSV file's rows, after checking it is UTF-8 with a BOM and CRLF lines."""
    text = content.decode("utf-8")
    assert text.startswith(BOM)
    assert "\r\n" in text and "\n" not in text.replace("\r\n", "")
    return list(csv.reader(io.StringIO(text[1:], newline="")))


# --------------------------------------------------------------------- plain values


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ("=1+1", "'=1+1"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("+x", "'+x"),
        ("-x", "'-x"),
        ("\tTabby", "'\tTabby"),
        ("\rReturn", "'\rReturn"),
        ('=HYPERLINK("http://x","y")', '\'=HYPERLINK("http://x","y")'),
    ],
)
def test_text_a_spreadsheet_would_run_is_written_as_text(text, written):
    assert exports.csv_cell(text) == written
    rows = read(exports.csv_bytes(["Name"], [[text]]))
    assert rows[1] == [written]


@pytest.mark.parametrize("text", ["Ana", "O'Brien", "Ana-Lía", "1+1", "a=b", " Élodie", ""])
def test_other_text_is_written_as_it_is(text):
    assert exports.csv_cell(text) == text


def test_numbers_stay_numbers_even_negative():
    content = exports.csv_bytes(["Player", "Score"], [["Ana", -105], ["Bea", 0], ["Cruz", 42]])
    rows = read(content)
    assert rows[1:] == [["Ana", "-105"], ["Bea", "0"], ["Cruz", "42"]]
    assert b"\r\nAna,-105\r\n" in content
    assert exports.csv_cell(-105) == -105
    assert exports.csv_cell(Decimal("-4.5")) == Decimal("-4.5")


def test_a_negative_number_typed_as_text_is_escaped():
    """Only text is escaped: a name "-105" is not a score."""
    assert exports.csv_cell("-105") == "'-105"


def test_empty_cells_and_no_bools():
    assert exports.csv_cell(None) == ""
    with pytest.raises(TypeError):
        exports.csv_cell(True)


def test_headers_are_escaped_too():
    rows = read(exports.csv_bytes(["=Rank"], []))
    assert rows == [["'=Rank"]]


def test_accents_survive_in_utf8_with_a_bom():
    content = exports.csv_bytes(["Joueur"], [["Élodie"], ["Núñez"], ["Zoë"]])
    assert content.startswith(b"\xef\xbb\xbf")
    assert "Élodie".encode() in content
    assert read(content)[1:] == [["Élodie"], ["Núñez"], ["Zoë"]]


@pytest.mark.parametrize(
    ("parts", "name"),
    [
        (("spring-card-party-a1b2c3", "standings"), "spring-card-party-a1b2c3-standings.csv"),
        (('bad"name\r\nX-Evil: 1', "results"), "badname-x-evil-1-results.csv"),
        (("../../etc/passwd", "x"), "etcpasswd-x.csv"),
        (("Élodie's club", "Été 2026"), "elodies-club-ete-2026.csv"),
    ],
)
def test_file_names_are_safe(parts, name):
    assert exports.csv_filename(*parts) == name


def line(rank, player, name, score, won, sitouts) -> StandingLine:
    return StandingLine(rank, player, name, score, won, sitouts, False, "")


def test_standings_rows_follow_the_standings():
    table = Standings(
        version=3,
        rows=(
            line(1, 5, "Zoë", 120, 3, 0),
            line(2, 1, "=1+1", 80, 2, 1),
            line(2, 2, "Bea", 80, 2, 0),
            line(4, 3, "Cruz", -105, 0, 1),
        ),
    )
    with translation.override("en"):
        rows = read(exports.standings_csv(table))
    assert rows == [
        ["Rank", "Player", "Score", "Rounds won", "Sit-outs"],
        ["1", "Zoë", "120", "3", "0"],
        ["2", "'=1+1", "80", "2", "1"],
        ["2", "Bea", "80", "2", "0"],
        ["4", "Cruz", "-105", "0", "1"],
    ]


def test_the_header_is_in_the_active_language():
    table = Standings(version=1, rows=())
    with translation.override("es"):
        spanish = read(exports.standings_csv(table))[0]
    with translation.override("en"):
        english = read(exports.standings_csv(table))[0]
    assert english[:4] == ["Rank", "Player", "Score", "Rounds won"]
    assert spanish[:4] == ["Puesto", "Jugador", "Puntos", "Rondas ganadas"]


def deal(table, number, bidder, bid, points, score, trump="", other=None) -> DealInfo:
    at = datetime.datetime(2026, 4, 18, 20, number, 5, tzinfo=datetime.UTC)
    return DealInfo(
        table, number, bidder, bid, trump, points, score, "hostess", at, "host", 1, number, other
    )


def small_history() -> PartyHistory:
    players = [
        PlayerInfo(i, name, i, 1, None)
        for i, name in enumerate(["Ana", "@Bea", "Cruz", "Dee", "Eli"], start=1)
    ]
    round1 = RoundInfo(id=10, number=1, status="closed", seating="draw", seed=7)
    round1.tables = [[1, 2, 3, 4]]
    round1.sitting_out = [5]
    round1.deals = [[deal(1, 1, 1, 8, 3, (-8, 11), trump="H"), deal(1, 2, 0, 7, 9, (9, 5))]]
    round2 = RoundInfo(id=11, number=2, status="open", seating="movement", seed=None)
    round2.tables = [[5, 1, 3, 2]]
    round2.deals = [[deal(1, 1, 3, 6, 6, (6, 8), trump="S", other=4)]]
    return PartyHistory(
        party_id=1,
        version=9,
        deals_per_round=4,
        movement="up_down",
        sitout_credit="average",
        players=players,
        rounds=[round1, round2],
    )


def test_results_rows_hold_every_deal_with_its_players_and_numbers():
    with translation.override("en"):
        rows = read(exports.results_csv(small_history()))
    assert rows[0] == [
        "Round",
        "Table",
        "Deal",
        "Seat 1",
        "Seat 2",
        "Seat 3",
        "Seat 4",
        "Bidder",
        "Bid",
        "Trump",
        "Bidding team's points",
        "Other team's points",
        "Score, seats 1 and 3",
        "Score, seats 2 and 4",
        "Entered from",
        "Entered at",
    ]
    assert rows[1:] == [
        # The bidder sits in seat 2 (index 1): "@Bea", escaped; team 0 was set.
        ["1", "1", "1", "Ana", "'@Bea", "Cruz", "Dee", "'@Bea", "8", "hearts", "3", "",
         "-8", "11", "Host's tablet", "2026-04-18 20:01:05"],
        ["1", "1", "2", "Ana", "'@Bea", "Cruz", "Dee", "Ana", "7", "", "9", "",
         "9", "5", "Host's tablet", "2026-04-18 20:02:05"],
        ["2", "1", "1", "Eli", "Ana", "Cruz", "'@Bea", "'@Bea", "6", "spades", "6", "4",
         "6", "8", "Host's tablet", "2026-04-18 20:01:05"],
    ]  # fmt: skip


@dataclass
class FakeLine:
    rank: int
    member_id: int
    name: str
    total: int
    parties: int
    average: Decimal
    rounds_won: int
    nights_counted: int
    rating: float | None = None
    rating_rounds: int = 0


@dataclass
class FakeTable:
    rows: list


def test_season_rows_write_the_average_with_one_decimal():
    table = FakeTable(
        [
            FakeLine(1, 1, "Ana", 300, 3, Decimal("100"), 9, 3, 17.25, 14),
            FakeLine(2, 2, "+Bea", 245, 2, Decimal("122.5"), 5, 2),
            FakeLine(3, 3, "Cruz", -20, 3, Decimal("-6.666666"), 1, 3),
            FakeLine(4, 4, "Dee", 10, 3, Decimal("3.25"), 0, 3),
        ]
    )
    with translation.override("en"):
        rows = read(exports.season_csv(table))
    assert rows == [
        [
            "Rank",
            "Member",
            "Total",
            "Parties",
            "Average per party",
            "Rounds won",
            "Nights counted",
            "Rating",
            "Rated rounds",
        ],
        ["1", "Ana", "300", "3", "100.0", "9", "3", "17.3", "14"],
        ["2", "'+Bea", "245", "2", "122.5", "5", "2", "", "0"],
        ["3", "Cruz", "-20", "3", "-6.7", "1", "3", "", "0"],
        ["4", "Dee", "10", "3", "3.3", "0", "3", "", "0"],
    ]


# --------------------------------------------------------------------- downloads


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def played(host) -> Party:
    """Round 1 of eight players, closed, with names a spreadsheet would run."""
    party = make_party(host, players=4)
    for name in ["=1+1", "@SUM(A1)", "+x", "-x"]:
        services.player_register(party=party, name=name, user=host)
    rng = random.Random(5)
    rnd = services.round1_seat_draw(party=party, seed=3, user=host)
    play_round(party, rnd, host, rng)
    for line in selectors.round_board(party, 1).tables:
        if table_round_winner([d.score for d in line.deals]) is None:
            services.table_record_cut(round=rnd, table=line.number, team=0, user=host)
    services.round_close(round=rnd, user=host)
    party.refresh_from_db()
    return party


@pytest.mark.django_db
def test_standings_download_matches_the_standings(played, host):
    response = signed_in(host).get(reverse("host:export_standings", args=[played.slug]))
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == (
        f'attachment; filename="{played.slug}-standings.csv"'
    )
    rows = read(response.content)
    assert rows[0] == ["Rank", "Player", "Score", "Rounds won", "Sit-outs"]
    expected = [
        [str(r.rank), exports.csv_cell(r.name), str(r.score), str(r.rounds_won), str(r.sitouts)]
        for r in selectors.party_standings(played).rows
    ]
    assert rows[1:] == expected
    names = {row[1] for row in rows[1:]}
    assert {"'=1+1", "'@SUM(A1)", "'+x", "'-x", "Élodie"} <= names
    assert not any(cell.startswith(("=", "+", "-", "@")) for row in rows for cell in row[1:2])


@pytest.mark.django_db
def test_a_negative_score_stays_a_number_in_the_download(played, host):
    DealResult.objects.filter(round__party=played, table=1, deal=1).update(score0=-105)
    Party.objects.filter(pk=played.pk).update(version=played.version + 1)
    response = signed_in(host).get(reverse("host:export_results", args=[played.slug]))
    rows = read(response.content)
    first = rows[1]
    assert first[:3] == ["1", "1", "1"] and first[12] == "-105"


@pytest.mark.django_db
def test_results_download_lists_every_current_deal(played, host):
    response = signed_in(host).get(reverse("host:export_results", args=[played.slug]))
    assert response.status_code == 200
    assert response["Content-Disposition"] == f'attachment; filename="{played.slug}-results.csv"'
    rows = read(response.content)[1:]
    stored = DealResult.objects.filter(round__party=played, is_current=True).order_by(
        "round__number", "table", "deal"
    )
    assert len(rows) == stored.count() == 2 * played.deals_per_round
    for row, result in zip(rows, stored, strict=True):
        assert [int(v) for v in row[:3]] == [result.round.number, result.table, result.deal]
        assert int(row[8]) == result.bid and int(row[10]) == result.bidding_team_points
        assert [int(row[12]), int(row[13])] == [result.score0, result.score1]
        seated = dict(
            result.round.seats.filter(table=result.table).values_list("seat", "player__name")
        )
        assert row[3:7] == [exports.csv_cell(seated[s]) for s in range(4)]
        assert row[7] == exports.csv_cell(seated[result.bidder])


@pytest.mark.django_db
def test_the_download_speaks_the_hosts_language(played, host):
    response = signed_in(host).get(
        reverse("host:export_standings", args=[played.slug]), HTTP_ACCEPT_LANGUAGE="es"
    )
    assert read(response.content)[0][:2] == ["Puesto", "Jugador"]


@pytest.mark.django_db
def test_the_printables_page_links_the_downloads(played, host):
    page = signed_in(host).get(reverse("host:documents", args=[played.slug])).content.decode()
    assert reverse("host:export_standings", args=[played.slug]) in page
    assert reverse("host:export_results", args=[played.slug]) in page


# --------------------------------------------------------------------- who may download


EXPORTS = ["host:export_standings", "host:export_results"]


@pytest.mark.django_db
@pytest.mark.parametrize("name", EXPORTS)
def test_anonymous_is_sent_to_sign_in(name, played):
    url = reverse(name, args=[played.slug])
    response = Client().get(url)
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))


@pytest.mark.django_db
@pytest.mark.parametrize("name", EXPORTS)
def test_another_host_gets_404(name, played, other_host):
    response = signed_in(other_host).get(reverse(name, args=[played.slug]))
    assert response.status_code == 404
    page = response.content.decode()
    names = [played.name, *played.players.values_list("name", flat=True)]
    assert [name for name in names if len(name) > 3 and escape(name) in page] == []


@pytest.mark.django_db
@pytest.mark.parametrize("name", EXPORTS)
def test_a_cohost_may_download(name, played, other_host):
    played.cohosts.add(other_host)
    response = signed_in(other_host).get(reverse(name, args=[played.slug]))
    assert response.status_code == 200 and response.content.startswith(b"\xef\xbb\xbf")


@pytest.mark.django_db
@pytest.mark.parametrize("name", EXPORTS)
# A helper of the club is told "not allowed" (403); tournaments/game/roles.py.
@pytest.mark.parametrize(("role", "status"), [("organiser", 200), ("scorer", 403), ("door", 403)])
def test_of_a_clubs_helpers_only_organisers_may_download(
    name, role, status, played, host, other_host
):
    club = Club.objects.create(name="Parish", slug="parish", created_by=host)
    Party.objects.filter(pk=played.pk).update(club=club)
    ClubRole.objects.create(club=club, user=other_host, role=role)
    response = signed_in(other_host).get(reverse(name, args=[played.slug]))
    assert response.status_code == status


@pytest.mark.django_db
@pytest.mark.parametrize("name", EXPORTS)
def test_a_post_is_refused(name, played, host):
    response = signed_in(host).post(reverse(name, args=[played.slug]))
    assert response.status_code == 405


# --------------------------------------------------------------------- cost


@pytest.mark.django_db
def test_the_downloads_query_counts_are_pinned(played, host, django_assert_num_queries):
    client = signed_in(host)
    client.get(reverse("host:export_standings", args=[played.slug]))  # standings cached
    # The user (its session is in the cache) and the party; the standings are cached.
    with django_assert_num_queries(2):
        client.get(reverse("host:export_standings", args=[played.slug]))
    # The user and the party; then the six queries of the party's history.
    with django_assert_num_queries(8):
        client.get(reverse("host:export_results", args=[played.slug]))


# --------------------------------------------------------------------- a season's file


@pytest.fixture
def season(host) -> Season:
    """A club's season of two played parties; one member's name is one a
    spreadsheet would run."""
    club = make_club(host, slug="st-marys", name="St. Mary's")
    season = season_services.season_create(club=club, name="Été 2026", best_of=None, user=host)
    names = ["Ana", "Bea", "=Cruz", "Dee", "Élodie", "Fay", "Gus", "Hal"]
    for month, seed in ((1, 1), (2, 2)):
        party = make_club_party(host, club, names, date=datetime.date(2026, month, 17))
        play_party(party, host, rounds=1, seed=seed)
        season_services.season_party_add(season=season, party=party, user=host)
    season.refresh_from_db()
    return season


def season_url(season: Season) -> str:
    return reverse("club:season_export", args=[season.club.slug, season.pk])


@pytest.mark.django_db
def test_the_season_download_matches_the_season_table(season, host):
    response = signed_in(host).get(season_url(season))
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == (
        'attachment; filename="st-marys-ete-2026-standings.csv"'
    )
    rows = read(response.content)
    assert rows[0] == [
        "Rank", "Member", "Total", "Parties", "Average per party", "Rounds won", "Nights counted",
        "Rating", "Rated rounds",
    ]  # fmt: skip
    table = season_table(season)
    assert len(rows) == len(table.rows) + 1 == 9
    for row, line in zip(rows[1:], table.rows, strict=True):
        assert row == [
            str(line.rank),
            exports.csv_cell(line.name),
            str(line.total),
            str(line.parties),
            str(exports.one_decimal(line.average)),
            str(line.rounds_won),
            str(line.nights_counted),
            str(exports.one_decimal(line.rating)),
            str(line.rating_rounds),
        ]
        assert line.rating_rounds > 0
    assert "'=Cruz" in [row[1] for row in rows]


@pytest.mark.django_db
def test_anonymous_is_sent_to_sign_in_for_a_season(season):
    response = Client().get(season_url(season))
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("role", "status"), [(None, 404), ("door", 403), ("scorer", 403), ("organiser", 200)]
)
def test_only_the_clubs_organisers_download_a_season(role, status, season, other_host):
    if role:
        ClubRole.objects.create(club=season.club, user=other_host, role=role)
    assert signed_in(other_host).get(season_url(season)).status_code == status


@pytest.mark.django_db
def test_a_season_of_another_club_is_404(season, host, other_host):
    mine = Club.objects.create(name="Mine", slug="mine", created_by=other_host)
    ClubRole.objects.create(club=mine, user=other_host, role="organiser")
    url = reverse("club:season_export", args=[mine.slug, season.pk])
    assert signed_in(other_host).get(url).status_code == 404


@pytest.mark.django_db
def test_the_season_page_links_its_download(season, host):
    page = reverse("club:season", args=[season.club.slug, season.pk])
    assert season_url(season) in signed_in(host).get(page).content.decode()
