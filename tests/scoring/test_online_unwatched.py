"""A table of bots only stops playing while none of its pages is open
(``PLAY_UNWATCHED_SECONDS``) and plays on when one is opened; a table with a
person seated, or of a party, never stops this way."""

from __future__ import annotations

import datetime
import socket
import time
from unittest import mock

import pytest
from django.urls import reverse

from scoring import services, watching
from scoring.models import DealEvent
from scoring.tasks import bots_play
from tournaments import services as party_services

from .builders import make_table, run_bots, seats_of, state_of

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_think")]

BOTS = ("heuristic", "random", "heuristic", "random")
#: How long a page counts as open in these tests, in seconds.
WATCH_SECONDS = 4


@pytest.fixture
def short_watch(settings):
    """A page counts as open for a few seconds: long enough for a deal of bots
    to be played on a busy machine, short enough to wait out."""
    settings.PLAY_UNWATCHED_SECONDS = WATCH_SECONDS
    return settings


def unwatched(table):
    """The table's pages (the creator's, at creation) no longer open: their
    notes are dropped, as their running out drops them (waited out for real
    in ``test_an_unwatched_table_of_bots_stops``)."""
    watching.watch_forget([table.creator_token, *(seat.token for seat in seats_of(table))])
    return table


def waited_out(table):
    """Wait until the table's pages are no longer open."""
    time.sleep(WATCH_SECONDS + 0.2)
    return table


def work(table) -> None:
    """Run the bots' task as a worker runs it (the bots think for no time, so
    it plays every bot turn in a row, or stops)."""
    table.refresh_from_db()
    bots_play.push_request(id="task-1", is_eager=False, delivery_info={"routing_key": "bots"})
    try:
        bots_play.run(table.pk, table.version)
    finally:
        bots_play.pop_request()
    table.refresh_from_db()


def manage_url(table) -> str:
    return reverse("play:manage", args=[table.creator_token])


def test_an_unwatched_table_of_bots_stops(short_watch):
    table = waited_out(make_table(BOTS, deals=2))
    version = table.version
    work(table)
    assert table.version == version and DealEvent.objects.count() == 0


def test_a_watched_table_of_bots_plays(short_watch):
    table = make_table(BOTS, deals=1)
    work(table)  # the creator's page is open at first
    assert table.status == "finished"


@pytest.mark.parametrize("page", ["manage", "seat", "state", "replay"])
def test_opening_a_page_lets_the_stopped_bots_play_on(
    client, short_watch, django_capture_on_commit_callbacks, page
):
    table = unwatched(make_table(BOTS, deals=1))
    seat = seats_of(table)[2]
    url = {
        "manage": manage_url(table),
        "seat": reverse("play:seat", args=[seat.token]),
        "state": reverse("play:seat_state", args=[seat.token]),
        "replay": reverse("play:seat_replay", args=[seat.token, 1]),
    }[page]
    capture = django_capture_on_commit_callbacks(execute=True)
    with mock.patch.object(bots_play, "apply_async") as enqueue, capture:
        client.get(url)
    enqueue.assert_called_once_with((table.pk, table.version), countdown=0, queue="bots")
    work(table)  # what the enqueued task does
    assert table.status == "finished"


def test_a_page_open_all_along_enqueues_nothing_more(
    client, short_watch, django_capture_on_commit_callbacks
):
    table = make_table(BOTS, deals=1)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        client.get(manage_url(table))
        client.get(manage_url(table))
    assert callbacks == []


def test_a_poll_answered_304_also_counts_as_watching(client, short_watch):
    table = make_table(BOTS, deals=2)
    response = client.get(manage_url(table))
    etag = response["ETag"]
    unwatched(table)
    response = client.get(manage_url(table), HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 304
    work(table)
    assert DealEvent.objects.count() > 0


def test_a_table_with_a_person_never_stops(short_watch):
    table = unwatched(make_table(("random", "random", "human", "random"), deals=1))
    work(table)
    assert state_of(table).to_act == 2 and DealEvent.objects.count() > 0


def test_a_party_table_of_bots_never_stops(short_watch, django_user_model):
    host = django_user_model.objects.create_user(username="hostess", password="x")
    party = party_services.party_create(
        owner=host,
        name="Card night",
        date=datetime.date(2026, 4, 18),
        settings=party_services.PartySettings(ruleset="monterey-draw"),
    )
    ids = [party_services.player_register(party=party, name=n, user=host).pk for n in "ABCD"]
    rnd = party_services.round1_seat_manual(party=party, tables=[ids], user=host)
    table = services.party_table_create(round=rnd, table=1, kinds=list(BOTS), user=host)
    unwatched(table)
    work(table)
    assert table.status == "finished"


def test_bots_run_in_a_request_play_on(short_watch):
    """Eager tasks (no broker) play in the request of whoever moved: they go on."""
    table = unwatched(make_table(BOTS, deals=1))
    run_bots(table)
    assert table.status == "finished"


def test_zero_seconds_means_bots_never_stop(settings):
    settings.PLAY_UNWATCHED_SECONDS = 0
    table = make_table(BOTS, deals=1)
    work(table)
    assert table.status == "finished"


@pytest.fixture
def cache_down(settings):
    """The cache is a Redis server that does not answer (nothing listens on its port)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": f"redis://127.0.0.1:{port}/0",
            "OPTIONS": {"socket_connect_timeout": 0.5},
        }
    }


def test_with_the_cache_down_pages_work_and_bots_play_on(client, cache_down):
    table = make_table(BOTS, deals=1)
    assert client.get(manage_url(table)).status_code == 200
    # A seat created for a bot has no page; asking for it is still no 500.
    assert client.get(reverse("play:seat", args=[seats_of(table)[0].token])).status_code == 404
    work(table)
    assert table.status == "finished"
