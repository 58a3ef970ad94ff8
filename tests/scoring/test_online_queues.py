"""Bots of a table of bots only wait on the low-priority "bots" queue; a
table with a person seated, or of a party, uses the default queue, which a
worker empties first."""

from __future__ import annotations

import datetime
import re
from pathlib import Path
from unittest import mock

import pytest
import redis
from django.conf import settings

from pedroparty.celery import app
from scoring import services
from scoring.tasks import bots_play
from tournaments import services as party_services

from .builders import make_table

BOTS = ("heuristic", "random", "heuristic", "random")

needs_redis = pytest.mark.skipif(
    settings.REDIS_URL is None, reason="REDIS_URL is not set: no broker (CI sets it)"
)


def queue_of_first_enqueue(create, capture) -> str:
    with mock.patch.object(bots_play, "apply_async") as enqueue, capture(execute=True):
        create()
    assert enqueue.call_count == 1
    return enqueue.call_args.kwargs["queue"]


@pytest.mark.django_db
def test_a_table_of_bots_only_goes_to_the_bots_queue(django_capture_on_commit_callbacks):
    queue = queue_of_first_enqueue(lambda: make_table(BOTS), django_capture_on_commit_callbacks)
    assert queue == "bots" == settings.PLAY_BOTS_QUEUE


@pytest.mark.django_db
def test_a_table_with_a_person_goes_to_the_default_queue(django_capture_on_commit_callbacks):
    kinds = ("human", "heuristic", "heuristic", "heuristic")  # seat 2, a bot, bids first
    queue = queue_of_first_enqueue(lambda: make_table(kinds), django_capture_on_commit_callbacks)
    assert queue == "celery"


@pytest.mark.django_db
def test_a_party_table_of_bots_goes_to_the_default_queue(
    django_capture_on_commit_callbacks, django_user_model
):
    host = django_user_model.objects.create_user(username="hostess", password="x")
    party = party_services.party_create(
        owner=host,
        name="Card night",
        date=datetime.date(2026, 4, 18),
        settings=party_services.PartySettings(ruleset="monterey-draw"),
    )
    ids = [party_services.player_register(party=party, name=n, user=host).pk for n in "ABCD"]
    rnd = party_services.round1_seat_manual(party=party, tables=[ids], user=host)

    def create():
        services.party_table_create(round=rnd, table=1, kinds=list(BOTS), user=host)

    assert queue_of_first_enqueue(create, django_capture_on_commit_callbacks) == "celery"


@pytest.mark.django_db
def test_on_a_worker_the_next_move_stays_on_its_queue(settings):
    settings.PLAY_BOT_DELAY_MS = 250
    table = make_table(BOTS)
    table.refresh_from_db()
    bots_play.push_request(id="task-1", is_eager=False, delivery_info={"routing_key": "bots"})
    try:
        with mock.patch.object(bots_play, "apply_async") as enqueue:
            bots_play.run(table.pk, table.version)
    finally:
        bots_play.pop_request()
    table.refresh_from_db()
    enqueue.assert_called_once_with((table.pk, table.version), countdown=0.25, queue="bots")


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("kinds", "queue"),
    [(BOTS, "bots"), (("human", "random", "random", "random"), "celery")],
)
def test_enqueued_without_a_queue_the_tables_own_is_found(kinds, queue):
    table = make_table(kinds)
    with mock.patch.object(bots_play, "apply_async") as enqueue:
        services.bots_enqueue(table.pk, table.version)
    assert enqueue.call_args.kwargs["queue"] == queue


@pytest.mark.django_db
def test_a_worker_with_no_delivery_details_finds_the_queue(settings):
    settings.PLAY_BOT_DELAY_MS = 250
    table = make_table(BOTS)
    table.refresh_from_db()
    bots_play.push_request(id="task-1", is_eager=False)
    try:
        with mock.patch.object(bots_play, "apply_async") as enqueue:
            bots_play.run(table.pk, table.version)
    finally:
        bots_play.pop_request()
    assert enqueue.call_args.kwargs["queue"] == "bots"


def test_a_worker_takes_the_default_queue_before_the_bots_queue():
    assert [queue.name for queue in app.conf.task_queues] == ["celery", "bots"]
    assert app.conf.broker_transport_options["queue_order_strategy"] == "priority"


@pytest.mark.parametrize("path", ["docker/compose.yml", "Makefile"])
def test_the_worker_commands_consume_every_queue_in_order(path):
    text = (Path(__file__).resolve().parents[2] / path).read_text()
    commands = re.findall(r"celery -A pedroparty worker -Q (\S+)", text)
    assert commands, f"no worker command in {path}"
    for queues in commands:
        assert queues.split(",") == [queue.name for queue in app.conf.task_queues]


@needs_redis
@pytest.mark.django_db(transaction=True)
def test_with_redis_a_table_of_bots_is_put_on_the_bots_queue(settings):
    """The message really lands in Redis' "bots" list, not in the default one."""
    settings.PLAY_BOT_DELAY_MS = 60_000  # no worker runs here; it would wait anyway
    broker = redis.Redis.from_url(settings.REDIS_URL)
    prefix = app.conf.broker_transport_options.get("global_keyprefix", "")
    bots, default = f"{prefix}bots", f"{prefix}celery"
    before = broker.llen(bots), broker.llen(default)
    try:
        make_table(BOTS)
        after = broker.llen(bots), broker.llen(default)
        assert after == (before[0] + 1, before[1])
    finally:
        with app.connection_for_write() as connection:
            connection.default_channel.queue_purge("bots")
