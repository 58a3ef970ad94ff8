"""The round clock in the party's nav: every host page of a party shows the
current round's running clock (its end as a UTC instant, counted down by
static/js/clock.js) with a link to the round page, and nothing otherwise."""

from __future__ import annotations

import random
import re

import pytest
from django.urls import reverse

from tournaments import selectors, services
from tournaments.game.standings import table_round_winner
from tournaments.models import Party, Round
from tournaments.selectors import CLOCK_WARN_SECONDS, party_nav_clock, utc_instant

from .builders import make_party, play_round

pytestmark = pytest.mark.django_db

NAV = re.compile(r'<nav class="party-nav".*?</nav>', re.S)


@pytest.fixture
def running(host) -> tuple[Party, Round]:
    party = make_party(host, players=8, round_minutes=25)
    rnd = services.round1_seat_draw(party=party, seed=3, user=host)
    party.refresh_from_db()
    return party, rnd


def pages(party: Party, rnd: Round) -> dict[str, str]:
    return {
        "dashboard": reverse("host:dashboard", args=[party.slug]),
        "table": reverse("host:table", args=[party.slug, rnd.number, 1]),
        "players": reverse("host:players", args=[party.slug]),
        "prizes": reverse("host:prizes", args=[party.slug]),
        "round": reverse("host:round", args=[party.slug, rnd.number]),
    }


def nav_of(client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200
    found = NAV.search(response.content.decode())
    assert found, url
    return found.group(0)


def test_every_party_page_shows_the_running_clock_in_its_nav(client, host, running):
    party, rnd = running
    rnd = services.round_clock_start(round=rnd, user=host)
    client.force_login(host)
    ends = utc_instant(rnd.clock_ends_at)
    round_url = reverse("host:round", args=[party.slug, rnd.number])
    for name, url in pages(party, rnd).items():
        nav = nav_of(client, url)
        assert f'data-clock-ends="{ends}"' in nav, name
        assert f'data-clock-warn="{CLOCK_WARN_SECONDS}"' in nav, name
        assert f'class="nav-clock" href="{round_url}"' in nav, name
        assert "Round 1 clock ends at" in nav, name


def test_no_clock_in_the_nav_while_it_is_not_running(client, host, running):
    party, rnd = running
    client.force_login(host)
    for name, url in pages(party, rnd).items():
        assert "data-clock-ends" not in nav_of(client, url), name
    services.round_clock_start(round=rnd, user=host)
    services.round_clock_stop(round=rnd, user=host)
    for name, url in pages(party, rnd).items():
        assert "data-clock-ends" not in nav_of(client, url), name


def test_a_closed_rounds_clock_is_not_shown(client, host, running):
    party, rnd = running
    services.round_clock_start(round=rnd, user=host)
    play_round(party, rnd, host, random.Random(1))
    for line in selectors.round_board(party, rnd.number).tables:
        if table_round_winner([d.score for d in line.deals]) is None:
            services.table_record_cut(round=rnd, table=line.number, team=0, user=host)
    services.round_close(round=rnd, user=host)
    client.force_login(host)
    for name, url in pages(party, rnd).items():
        assert "data-clock-ends" not in nav_of(client, url), name


def test_the_page_s_open_round_gives_the_clock_without_a_query(
    host, running, django_assert_num_queries
):
    party, rnd = running
    rnd = services.round_clock_start(round=rnd, user=host)
    with django_assert_num_queries(0):
        clock = party_nav_clock(party, shown=rnd)
    assert clock is not None and clock.ends_at == rnd.clock_ends_at and clock.number == 1
    with django_assert_num_queries(1):
        assert party_nav_clock(party) == clock
