"""The round clock and the round's call of time (RULES.md 6).

The host starts a clock of the party's length; its end is an absolute
instant every page counts down to.  "Call time" for the round calls every
table still playing (with at least one deal), after a confirmation, and
can be undone until the round closes.  Every change is audited and moves
the party's version on, so phones and the board follow.
"""

from __future__ import annotations

import datetime
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from tournaments import services
from tournaments.errors import UserError
from tournaments.models import (
    ROUND_MINUTES_DEFAULT,
    ROUND_MINUTES_MAX,
    AuditEntry,
    DealResult,
    Party,
    Round,
    TableRound,
)
from tournaments.partyfile import PartyFileError, party_dump, party_load
from tournaments.selectors import CLOCK_WARN_SECONDS, utc_instant
from tournaments.selectors import public as public_selectors

from .builders import deal_enter as enter
from .builders import make_party, tied_table
from .partyfile.test_partyfile import example

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_memos():
    public_selectors.forget_local()


HX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def three_tables(host) -> tuple[Party, Round]:
    """Round 1 of twelve players: table 1 done, table 2 one deal in, table 3 none."""
    party = make_party(host, players=12, round_minutes=25)
    rnd = services.round1_seat_draw(party=party, seed=5, user=host)
    for deal in range(1, party.deals_per_round + 1):
        enter(party, rnd, 1, deal, host)
    enter(party, rnd, 2, 1, host)
    party.refresh_from_db()
    return party, rnd


def called(rnd: Round) -> dict[int, bool]:
    return dict(TableRound.objects.filter(round=rnd).values_list("table", "time_called"))


def version(party: Party) -> int:
    return Party.objects.get(pk=party.pk).version


# --------------------------------------------------------------------- the clock


def test_the_clock_runs_the_party_length_from_now_and_is_audited(host, three_tables):
    party, rnd = three_tables
    before = version(party)
    start = timezone.now()
    services.round_clock_start(round=rnd, user=host)
    rnd.refresh_from_db()
    length = datetime.timedelta(minutes=party.round_minutes)
    assert start + length <= rnd.clock_ends_at <= timezone.now() + length
    assert version(party) == before + 1
    entry = AuditEntry.objects.filter(party=party, action="round_clock_start").get()
    assert entry.user == host and entry.after == {"ends_at": rnd.clock_ends_at.isoformat()}

    services.round_clock_stop(round=rnd, user=host)
    rnd.refresh_from_db()
    assert rnd.clock_ends_at is None and version(party) == before + 2
    assert AuditEntry.objects.filter(party=party, action="round_clock_stop").count() == 1


def test_stopping_a_clock_that_is_not_running_changes_nothing(host, three_tables):
    party, rnd = three_tables
    before = version(party)
    with pytest.raises(UserError, match="not running"):
        services.round_clock_stop(round=rnd, user=host)
    assert version(party) == before


def test_a_closed_round_has_no_clock(host):
    party = make_party(host, players=4)
    rnd = services.round1_seat_draw(party=party, seed=1, user=host)
    for deal in range(1, party.deals_per_round + 1):
        enter(party, rnd, 1, deal, host)
    services.round_close(round=rnd, user=host)
    before = version(party)
    with pytest.raises(UserError, match="closed"):
        services.round_clock_start(round=rnd, user=host)
    rnd.refresh_from_db()
    assert rnd.clock_ends_at is None and version(party) == before


# --------------------------------------------------------------------- call time


def test_call_time_calls_every_table_still_playing_with_a_deal(host, three_tables):
    party, rnd = three_tables
    before = version(party)
    assert services.round_call_time(round=rnd, user=host) == [2]
    assert called(rnd) == {1: False, 2: True, 3: False}
    assert version(party) == before + 1
    entry = AuditEntry.objects.filter(party=party, action="round_call_time").get()
    assert entry.after == {"tables": [2], "no_deal_yet": [3]}
    # Table 3 has no deal: the round cannot close until it has one and is called.
    with pytest.raises(UserError, match="Table 3"):
        services.round_close(round=rnd, user=host, seat_next=False)
    enter(party, rnd, 3, 1, host)
    services.table_call_time(round=rnd, table=3, user=host)
    services.round_close(round=rnd, user=host, seat_next=False)
    assert Round.objects.get(pk=rnd.pk).status == Round.Status.CLOSED


def test_call_time_twice_or_with_nothing_to_call_is_refused(host, three_tables):
    party, rnd = three_tables
    services.round_call_time(round=rnd, user=host)
    before = version(party)
    with pytest.raises(UserError, match="already called"):
        services.round_call_time(round=rnd, user=host)
    assert version(party) == before

    done = make_party(host, players=4)
    first = services.round1_seat_draw(party=done, seed=2, user=host)
    with pytest.raises(UserError, match="No table"):
        services.round_call_time(round=first, user=host)
    assert called(first) == {1: False}


def test_undo_restores_exactly_the_tables_the_call_marked(host, three_tables):
    party, rnd = three_tables
    enter(party, rnd, 3, 1, host)
    services.table_call_time(round=rnd, table=3, user=host)  # the table's own call
    services.round_call_time(round=rnd, user=host)
    enter(party, rnd, 2, 2, host)  # a deal finished after the call still counts
    before = version(party)
    assert services.round_call_time_undo(round=rnd, user=host) == [2]
    assert called(rnd) == {1: False, 2: False, 3: True}
    rnd.refresh_from_db()
    assert rnd.time_called_tables is None and rnd.time_called_at is None
    assert DealResult.objects.filter(round=rnd, table=2, is_current=True).count() == 2
    assert version(party) == before + 1
    entry = AuditEntry.objects.filter(party=party, action="round_call_time_undo").get()
    assert entry.before["tables"] == [2]
    # Called again after the undo, it is a new call.
    assert services.round_call_time(round=rnd, user=host) == [2]


def test_undo_is_refused_once_the_round_closes(host, three_tables):
    party, rnd = three_tables
    enter(party, rnd, 3, 1, host)
    services.round_call_time(round=rnd, user=host)
    services.round_close(round=rnd, user=host, seat_next=False)
    before = version(party)
    with pytest.raises(UserError, match="closed"):
        services.round_call_time_undo(round=rnd, user=host)
    assert called(rnd) == {1: False, 2: True, 3: True}
    assert version(party) == before


def test_undo_is_refused_when_a_called_table_has_its_cut_recorded(host):
    party, rnd = tied_table(host)
    services.round_call_time(round=rnd, user=host)
    services.table_record_cut(round=rnd, table=1, team=0, user=host)
    with pytest.raises(UserError, match="cut"):
        services.round_call_time_undo(round=rnd, user=host)
    assert called(rnd) == {1: True}


# --------------------------------------------------------------------- the host's pages


@pytest.fixture
def signed_in(client, host):
    client.force_login(host)
    return client


def round_url(party: Party, name: str = "round") -> str:
    return reverse(f"host:{name}", args=[party.slug, 1])


def test_call_time_without_the_confirmation_changes_nothing(signed_in, three_tables):
    party, rnd = three_tables
    before = version(party)
    response = signed_in.post(round_url(party, "round_time"), follow=True)
    assert "Confirm that time is called" in response.content.decode()
    assert called(rnd) == {1: False, 2: False, 3: False} and version(party) == before

    response = signed_in.post(round_url(party, "round_time"), {"confirm": "1"}, follow=True)
    page = response.content.decode()
    assert "Time called at tables 2." in page
    assert called(rnd)[2] is True
    assert "Undo the call of time" in page

    response = signed_in.post(round_url(party, "round_time_undo"), follow=True)
    assert "tables 2 play on" in response.content.decode()
    assert called(rnd)[2] is False


def test_the_round_page_offers_the_call_with_a_confirmation(signed_in, three_tables):
    party, _ = three_tables
    page = signed_in.get(round_url(party)).content.decode()
    form = page.split('<details class="call-time">')[1].split("</details>")[0]
    assert f'action="{round_url(party, "round_time")}"' in form
    assert 'name="confirm"' in form and "required" in form
    assert "Tables with no deal entered yet keep playing: 3." in form
    # The grid is polled every few seconds; the clock and the confirmation are
    # not in it, so a poll never closes the confirmation the host has opened.
    grid = signed_in.get(round_url(party), **HX).content.decode()
    assert "Table 1" in grid and "call-time" not in grid and "round-clock" not in grid


def test_the_round_page_counts_down_to_the_clock_end(signed_in, three_tables):
    party, rnd = three_tables
    page = signed_in.get(round_url(party)).content.decode()
    assert "data-clock-ends" not in page and "Start the 25-minute clock" in page
    signed_in.post(round_url(party, "round_clock_start"))
    rnd.refresh_from_db()
    page = signed_in.get(round_url(party)).content.decode()
    assert f'data-clock-ends="{utc_instant(rnd.clock_ends_at)}"' in page
    assert f'data-clock-warn="{CLOCK_WARN_SECONDS}"' in page
    signed_in.post(round_url(party, "round_clock_stop"))
    assert "data-clock-ends" not in signed_in.get(round_url(party)).content.decode()


# --------------------------------------------------------------------- players' page and board


def test_phones_and_board_get_the_clock_end_and_then_304(
    host, client, three_tables, django_assert_num_queries, django_capture_on_commit_callbacks
):
    party, rnd = three_tables
    token = party.public_token
    urls = [reverse("public:party", args=[token]), reverse("public:board", args=[token])]
    tags = {u: client.get(u, **HX)["ETag"] for u in urls}
    with django_capture_on_commit_callbacks(execute=True):
        services.round_clock_start(round=rnd, user=host)
    rnd.refresh_from_db()
    ends = utc_instant(rnd.clock_ends_at)
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", ends)
    for url in urls:
        response = client.get(url, **HX, HTTP_IF_NONE_MATCH=tags[url])
        assert response.status_code == 200, "starting the clock is a new version"
        assert f'data-clock-ends="{ends}"' in response.content.decode()
        with django_assert_num_queries(0):
            again = client.get(url, **HX, HTTP_IF_NONE_MATCH=response["ETag"])
        assert again.status_code == 304
    board = client.get(urls[1]).content.decode()
    assert 'data-view="clock"' in board and 'data-view="standings"' in board

    with django_capture_on_commit_callbacks(execute=True):
        services.round_call_time(round=rnd, user=host)
    for url in urls:
        page = client.get(url, **HX).content.decode()
        assert "Time is called for this round" in page
        assert "data-clock-ends" not in page


# --------------------------------------------------------------------- the party's setting


def test_the_party_form_sets_the_clock_length_and_refuses_a_bad_one(signed_in, host):
    base = {
        "name": "Clock night",
        "date": "2026-05-02",
        "ruleset": "monterey-draw",
        "movement": "up_down",
        "deals_per_round": "4",
        "sitout_credit": "average",
        "planned_rounds": "6",
        "shoot_set_penalty": "32",
    }
    bad = signed_in.post(
        reverse("host:party_create"), {**base, "round_minutes": str(ROUND_MINUTES_MAX + 1)}
    )
    assert bad.status_code == 422 and not Party.objects.exists()
    signed_in.post(reverse("host:party_create"), {**base, "round_minutes": "35"})
    assert Party.objects.get().round_minutes == 35
    signed_in.post(reverse("host:party_create"), {**base, "name": "No clock set"})
    assert Party.objects.get(name="No clock set").round_minutes == ROUND_MINUTES_DEFAULT


def test_the_party_file_keeps_the_clock_length(host):
    party = party_load({**example(), "round_minutes": 30}, owner=host)
    assert party.round_minutes == 30
    dumped = party_dump(party)
    assert dumped["round_minutes"] == 30
    assert party_load(example(), owner=host).round_minutes == ROUND_MINUTES_DEFAULT
    for wrong in (0, ROUND_MINUTES_MAX + 1, "20", 2.5, True):
        with pytest.raises(PartyFileError, match="round_minutes"):
            party_load({**example(), "round_minutes": wrong}, owner=host)
