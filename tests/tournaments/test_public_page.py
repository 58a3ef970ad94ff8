"""The players' page at /p/<token>/: what a phone shows, without signing in.

Standings (shared ranks as "=2"), names as entered and nothing else of the
host's, each player's seat (partner, opponents, the round's running score,
"New seat!" once a round closes), the movement board, the QR code, the page
hidden or without standings at the host's choice, and the page's weight.
"""

from __future__ import annotations

import gzip
import html
import random
import re

import pytest
from django.contrib.staticfiles import finders
from django.test import Client
from django.urls import reverse
from django.utils.translation import gettext, override

from tournaments import selectors, services
from tournaments.game.standings import table_round_winner
from tournaments.models import Party, Round
from tournaments.selectors import public as public_selectors
from tournaments.selectors.public import name_order
from tournaments.views.common import qr_svg_file
from tournaments.views.public import BOARD_COLUMN_ROWS

from .builders import make_party, play_round

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}
ROW = re.compile(
    r'<tr data-player="(\d+)"[^>]*><td>([^<]*)<td><a class="who" href="([^"]+)">([^<]*)</a>'
    r"<td>(-?\d+)<td>(\d+)<td>([^<\n]*)\n"
)


@pytest.fixture(autouse=True)
def fresh_memos():
    public_selectors.forget_local()


@pytest.fixture
def on_commit(django_capture_on_commit_callbacks):
    """Run the callbacks a service registers for its commit (the test's own
    transaction never commits), as a real request would."""

    def run(service, **kwargs):
        with django_capture_on_commit_callbacks(execute=True):
            return service(**kwargs)

    return run


@pytest.fixture
def seated(host) -> tuple[Party, Round]:
    """Nine players: two tables and one sitting out; deal 1 of table 1 entered."""
    party = make_party(host, players=9)
    rnd = services.round1_seat_draw(party=party, seed=7, user=host)
    services.result_record(
        round=rnd,
        table=1,
        deal=1,
        entry=services.DealEntry(bidder=0, bid=8, bidding_team_points=10),
        user=host,
    )
    party.refresh_from_db()
    return party, rnd


def url(party: Party, name: str = "party", **kwargs) -> str:
    return reverse(f"public:{name}", kwargs={"token": party.public_token, **kwargs})


def text(response) -> str:
    assert response.status_code == 200, response.status_code
    return response.content.decode()


def rows(page: str) -> list[tuple[int, str, str, str, int, int, str]]:
    return [
        (int(pid), rank, href, html.unescape(name), int(score), int(won), table)
        for pid, rank, href, name, score, won, table in ROW.findall(page)
    ]


def close_round(rnd: Round, user) -> Round:
    for line in selectors.round_board(rnd.party, rnd.number).tables:
        if table_round_winner([d.score for d in line.deals]) is None:
            services.table_record_cut(round=rnd, table=line.number, team=0, user=user)
    return services.round_close(round=rnd, user=user)


# --------------------------------------------------------------------- the page


def test_page_is_public_phone_first_and_local(seated, client):
    party, _ = seated
    response = client.get(url(party))
    page = text(response)
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in page
    assert party.name in page
    sources = re.findall(r'(?:src|href)="([^"]+)"', page)
    assets = sorted(u for u in sources if u.endswith((".js", ".css")))
    assert assets == [
        "/static/css/public.css",
        "/static/js/clock.js",
        "/static/js/htmx.min.js",
        "/static/js/language.js",
        "/static/js/public.js",
        "/static/js/view.js",
    ]
    assert not [u for u in sources if u.startswith(("http:", "https:", "//"))]
    # Nothing to sign in to, nothing remembered: no session or CSRF cookie.
    assert not response.cookies
    assert response["X-Robots-Tag"] == "noindex"


def test_page_weighs_under_60_kb_compressed(host, client):
    """HTML, CSS and JavaScript of the page of a 15-table party, gzipped as a
    server sends them."""
    party = make_party(host, players=60)
    services.round1_seat_draw(party=party, seed=1, user=host)
    page = text(client.get(url(party)))
    assert page.count("<tr data-player=") == 60
    total = len(gzip.compress(page.encode(), 6))
    for asset in re.findall(r'(?:src|href)="/static/([^"]+\.(?:css|js))"', page):
        with open(finders.find(asset), "rb") as file:
            total += len(gzip.compress(file.read(), 6))
    assert total < 60 * 1024, total


def test_standings_show_rank_name_score_rounds_won_and_table(seated, client):
    party, _ = seated
    page = text(client.get(url(party)))
    expected = selectors.party_standings(party).rows
    shown = rows(page)
    assert [r[0] for r in shown] == [line.player for line in expected]
    where = {
        pid: t
        for t, table in enumerate(selectors.party_history(party).rounds[0].tables, 1)
        for pid in table
    }
    for (pid, rank, href, name, score, won, table), line in zip(shown, expected, strict=True):
        assert rank == (f"={line.rank}" if line.shared else str(line.rank))
        assert (name, score, won) == (line.name, line.score, line.rounds_won)
        assert table == (str(where[pid]) if pid in where else "out")
        assert href == url(party, "seat", player_id=pid)
    assert any(r[1].startswith("=") for r in shown), "this party has shared ranks"
    assert shown[0][1] in ("1", "=1")


def test_names_as_entered_and_nothing_else_of_the_hosts(host, seated, client):
    party, rnd = seated
    party.cohosts.add(host)
    services.result_amend(
        result=rnd.results.get(),
        entry=services.DealEntry(bidder=0, bid=8, bidding_team_points=12),
        reason="Secret reason in the audit",
        user=host,
    )
    pages = [
        client.get(url(party)),
        client.get(url(party), **HX),
        client.get(url(party, "board")),
        client.get(url(party, "board"), **HX),
    ]
    for player in party.players.all():
        pages.append(client.get(url(party, "seat", player_id=player.pk)))
        pages.append(client.get(url(party, "seat", player_id=player.pk), **HX))
    every = "".join(text(response) for response in pages)
    for player in party.players.all():
        assert html.escape(player.name) in every
    for secret in (host.username, "@", party.slug, "Parish hall", "Secret reason", "amended"):
        assert secret not in every, secret


def test_standings_off_shows_seats_not_standings(host, seated, client, on_commit):
    party, _ = seated
    on_commit(services.party_public_set, party=party, open=True, standings=False, user=host)
    page = text(client.get(url(party)))
    assert 'class="standings"' not in page and "Pts" not in page
    listed = [
        html.unescape(n) for n in re.findall(r'<a class="who" href="[^"]+">([^<]+)</a>', page)
    ]
    # Alphabetical as people look names up: Élodie among the E's.
    assert listed == ["Ana", "Bea", "Beñat", "Cruz", "Dee", "Élodie", "Núñez", "O'Brien", "Zoë"]
    assert "Table 1" in page and "Table 2" in page and "Sits out" in page
    fragment = text(client.get(url(party), **HX))
    assert 'class="standings"' not in fragment and "Table 2" in fragment
    seated_player = party.rounds.get().seats.get(table=1, seat=0).player
    seat = text(client.get(url(party, "seat", player_id=seated_player.pk), **HX))
    assert "Table 1" in seat and "Rank" not in seat


def test_hidden_page_is_404_on_every_public_url_until_opened(host, seated, on_commit):
    party, _ = seated
    player = party.players.first()
    urls = [
        url(party),
        url(party, "seat", player_id=player.pk),
        url(party, "board"),
        url(party, "qr"),
    ]
    client = Client()
    tags = {u: client.get(u, **HX)["ETag"] for u in urls}

    on_commit(services.party_public_set, party=party, open=False, standings=True, user=host)
    for u in urls:
        for headers in ({}, HX, {**HX, "HTTP_IF_NONE_MATCH": tags[u]}):
            response = client.get(u, **headers)
            assert response.status_code == 404, (u, headers)
            assert party.name not in response.content.decode()

    on_commit(services.party_public_set, party=party, open=True, standings=True, user=host)
    for u in urls:
        assert client.get(u).status_code == 200


def test_unknown_link_and_unknown_player_are_404(seated, client):
    party, _ = seated
    assert client.get("/p/NoSuchToken123/").status_code == 404
    assert client.get("/p/NoSuchToken123/board/").status_code == 404
    assert client.get(url(party, "seat", player_id=999_999)).status_code == 404
    other = make_party(party.owner, players=4)
    stranger = other.players.first()
    assert client.get(url(party, "seat", player_id=stranger.pk)).status_code == 404


def test_only_get_and_head(seated, client):
    party, _ = seated
    assert client.post(url(party)).status_code == 405
    assert client.head(url(party)).status_code == 200


# --------------------------------------------------------------------- my seat


def test_my_seat_shows_table_partner_opponents_and_running_score(seated, client):
    party, rnd = seated
    names = {p.pk: p.name for p in party.players.all()}
    seats = {s.seat: s.player_id for s in rnd.seats.filter(table=1)}
    me = seats[1]  # team 1: seats 1 and 3; deal 1 went 10 to team 0, 6 to team 1
    seat = text(client.get(url(party, "seat", player_id=me), **HX))
    assert '<span class="big">Table 1</span> seat 2' in seat
    assert f'<dd class="partner">{html.escape(names[seats[3]])}</dd>' in seat
    opponents = f"{html.escape(names[seats[2]])} &amp; {html.escape(names[seats[0]])}"
    assert f'<dd class="opponents">{opponents}</dd>' in seat
    assert '<b class="us">6</b> to <b class="them">10</b>' in seat
    assert "after 1 of 4 deals" in seat
    assert "New seat!" not in seat


def test_sitting_out_player_is_told_so(seated, client):
    party, rnd = seated
    out = rnd.sitouts.get().player_id
    seat = text(client.get(url(party, "seat", player_id=out), **HX))
    assert "Sitting out" in seat and "average score" in seat


def test_my_page_without_javascript_marks_my_row(seated, client):
    party, rnd = seated
    me = rnd.seats.get(table=2, seat=3).player
    page = text(client.get(url(party, "seat", player_id=me.pk)))
    assert f'<tr data-player="{me.pk}" class="me">' in page
    assert page.count('class="me"') == 1
    assert f'<strong class="my-name">{html.escape(me.name)}</strong>' in page
    assert "Table 2</span> seat 4" in page


def test_new_seat_is_flagged_the_moment_a_round_closes(
    host, seated, client, django_capture_on_commit_callbacks
):
    party, rnd = seated
    seat = rnd.seats.get(table=1, seat=0)
    assert "New seat!" not in text(client.get(url(party, "seat", player_id=seat.player_id), **HX))
    with django_capture_on_commit_callbacks(execute=True):
        rnd.results.all().delete()
        play_round(party, rnd, host, random.Random(5))
        nxt = close_round(rnd, host)
    seat = nxt.seats.get(table=1, seat=0)
    partner = nxt.seats.get(table=1, seat=2).player
    fragment = text(client.get(url(party, "seat", player_id=seat.player_id), **HX))
    assert '<p class="flag">New seat!</p>' in fragment
    assert '<span class="big">Table 1</span> seat 1' in fragment
    assert html.escape(partner.name) in fragment
    assert "Round 1:" in fragment  # what happened the round before

    with django_capture_on_commit_callbacks(execute=True):
        services.result_record(
            round=nxt,
            table=1,
            deal=1,
            entry=services.DealEntry(bidder=1, bid=7, bidding_team_points=9),
            user=host,
        )
    fragment = text(client.get(url(party, "seat", player_id=seat.player_id), **HX))
    assert "New seat!" not in fragment
    assert "after 1 of 4 deals" in fragment


def test_before_the_draw_names_can_be_picked(host, client):
    party = make_party(host, players=5)
    page = text(client.get(url(party)))
    assert "The party has not started yet" in page
    assert 'class="standings"' not in page
    for player in party.players.all():
        assert url(party, "seat", player_id=player.pk) in page
    seat = text(client.get(url(party, "seat", player_id=party.players.first().pk), **HX))
    assert "Seats are drawn when the party starts." in seat


# --------------------------------------------------------------------- board and QR


def test_board_lists_everyone_with_their_table_at_once(host, client):
    party = make_party(host, players=4 * 10 + 2)
    rnd = services.round1_seat_draw(party=party, seed=3, user=host)
    page = text(client.get(url(party, "board")))
    movement = page.split('data-view="movement"')[1].split("</section>")[0]
    columns = -(-42 // BOARD_COLUMN_ROWS)
    assert movement.count(f'<ol class="names-board cols-{columns}"') == 1
    entries = re.findall(
        r'<span class="n">([^<]+)</span>\s*<span class="t[^"]*">'
        r'(?:<span class="sr">Table </span>)?(.*?)</span>',
        movement,
    )
    assert len(entries) == 42
    tables = {html.unescape(s.player.name): s.table for s in rnd.seats.select_related("player")}
    for name, where in entries:
        name = html.unescape(name)
        if name in tables:
            assert where == f"<b>{tables[name]}</b>"
        else:
            assert where == "out"
    names = [html.unescape(name) for name, _ in entries]
    assert names == sorted(names, key=name_order)
    assert "sits out this round" in movement  # the legend says what the markers mean
    fragment = text(client.get(url(party, "board"), **HX))
    assert "<html" not in fragment and fragment.count('data-view="movement"') == 1


def test_the_boards_address_asks_for_its_display_options(host, client):
    """?large=1&contrast=1&lang=es: drawn so at once, polled so, cached apart;
    the language switcher comes back to the address without its lang."""
    party = make_party(host, players=8, language="en")
    services.round1_seat_draw(party=party, seed=3, user=host)
    board = url(party, "board")
    plain = client.get(board)
    assert '<html lang="en">' in text(plain)
    asked = client.get(board + "?large=1&contrast=1&lang=es")
    page = text(asked)
    assert '<html lang="es" class="text-large contrast">' in page
    assert asked.headers["Content-Language"] == "es"
    assert asked.headers["ETag"] != plain.headers["ETag"]
    assert f'hx-get="{board}?large=1&amp;contrast=1&amp;lang=es"' in page
    assert f'name="next" value="{board}?large=1&amp;contrast=1"' in page
    with override("es"):
        heading = gettext("Round %(number)s · find your table") % {"number": 1}
    assert heading in page
    again = client.get(board + "?lang=es", HTTP_IF_NONE_MATCH=plain.headers["ETag"], **HX)
    assert heading in text(again) and "<html" not in text(again)


def test_qr_code_is_an_svg_of_the_page_link(seated, client):
    party, _ = seated
    response = client.get(url(party, "qr"))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("image/svg+xml")
    svg = response.content.decode()
    assert svg.startswith("<svg") and "viewBox" in svg
    assert 'xmlns="http://www.w3.org/2000/svg"' in svg  # a browser draws it as a picture
    link = f"http://testserver{url(party)}"
    assert svg == str(qr_svg_file(link))
    assert f"<title>{link}</title>" in svg
