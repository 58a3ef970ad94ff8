"""Bots act through the Celery task ``scoring.tasks.bots_play``: never in a
person's request, eagerly with no broker, on a worker with Redis."""

from __future__ import annotations

import inspect
from unittest import mock

import pytest
from django.conf import settings

from scoring import services
from scoring.models import DealEvent, OnlineDeal
from scoring.tasks import bots_play

from .builders import celery_worker, make_table, run_bots, seats_of, state_of, wait_for

needs_redis = pytest.mark.skipif(
    settings.REDIS_URL is None, reason="REDIS_URL is not set: no broker (CI sets it)"
)


@pytest.mark.django_db
@pytest.mark.usefixtures("no_think")
def test_one_task_plays_a_whole_game_of_bots_without_recursing():
    """Every bot step is taken at the same depth of the stack: the task loops
    over the turns and deals rather than calling itself (which, eager, would
    run out of stack in a long game)."""
    depths = []
    step = services.bot_step

    def spy(**kwargs):
        frame, depth = inspect.currentframe(), 0
        while frame is not None:
            frame, depth = frame.f_back, depth + 1
        depths.append(depth)
        return step(**kwargs)

    # Heuristic bots finish a game to 31 in a few deals; random partners
    # rarely make a bid, and could play on for a hundred.
    table = make_table(("heuristic",) * 4, target=31)
    with mock.patch.object(services, "bot_step", spy):
        bots_play(table.pk, table.version)  # inline: loops over every bot turn and deal
    table.refresh_from_db()
    assert table.status == "finished" and table.winner in (0, 1)
    assert OnlineDeal.objects.filter(table=table).count() == table.deal_number > 1
    # A step is a decision with the forced steps after it: fewer steps than actions.
    assert table.deal_number < len(depths) < DealEvent.objects.count()
    assert len(set(depths)) == 1
    print(f"{table.deal_number} deals, {len(depths)} bot steps")


@pytest.mark.django_db
@pytest.mark.usefixtures("no_think")
def test_a_late_task_does_nothing():
    table = make_table(("heuristic", "human", "human", "human"))
    table.refresh_from_db()
    bots_play(table.pk, table.version - 1)
    bots_play(10**9, 1)
    assert DealEvent.objects.count() == 0


@pytest.mark.django_db
def test_a_persons_move_enqueues_the_bots_after_commit_with_their_thinking_time(
    settings, django_capture_on_commit_callbacks
):
    settings.PLAY_BOT_DELAY_MS = 600
    with mock.patch.object(bots_play, "apply_async") as enqueue:
        with django_capture_on_commit_callbacks(execute=True):
            table = make_table(("human", "human", "heuristic", "human"))
        assert enqueue.call_count == 0  # seat 2, a person, bids first
        bea = seats_of(table)[1]
        with django_capture_on_commit_callbacks(execute=False) as callbacks:
            services.table_act(token=bea.token, action="pass", version=table.version)
        assert enqueue.call_count == 0  # not before the move is committed
        for callback in callbacks:
            callback()
        table.refresh_from_db()
        enqueue.assert_called_once_with((table.pk, table.version), countdown=0.6, queue="celery")
        assert DealEvent.objects.count() == 1  # the bot has not played in the request


@pytest.mark.django_db
def test_on_a_worker_each_further_move_waits_its_thinking_time(settings):
    settings.PLAY_BOT_DELAY_MS = 250
    table = make_table(("human", "heuristic", "random", "human"))
    table.refresh_from_db()
    bots_play.push_request(id="task-1", is_eager=False)  # as a worker runs it
    try:
        with mock.patch.object(bots_play, "apply_async") as enqueue:
            bots_play.run(table.pk, table.version)
    finally:
        bots_play.pop_request()
    assert DealEvent.objects.count() == 1  # one move, then the next is enqueued
    table.refresh_from_db()
    enqueue.assert_called_once_with((table.pk, table.version), countdown=0.25, queue="celery")


@pytest.fixture
def eager_tasks():
    """Tasks run in-process, as with no REDIS_URL (whatever this run has)."""
    from pedroparty.celery import app

    saved = app.conf.task_always_eager, app.conf.task_eager_propagates
    app.conf.task_always_eager = app.conf.task_eager_propagates = True
    yield
    app.conf.task_always_eager, app.conf.task_eager_propagates = saved


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("no_think", "eager_tasks")
def test_without_a_broker_bots_act_as_the_move_commits():
    table = make_table(("human", "heuristic", "random", "heuristic"))
    assert state_of(table).to_act == 0
    assert [e.seat for e in DealEvent.objects.order_by("seq")] == [1, 2, 3]
    first = state_of(table).legal_actions()[0]  # pass, or a stuck dealer's 6
    services.table_act(token=seats_of(table)[0].token, action=first, version=table.version)
    state = state_of(table)  # the bidder named trump, and the bots played to a person's turn
    assert state.phase != "bid" and (state.phase == "done" or state.to_act == 0)


@needs_redis
@pytest.mark.django_db(transaction=True)
def test_with_redis_a_worker_plays_the_bots(settings):
    settings.PLAY_BOT_DELAY_MS = 10
    with celery_worker():
        table = make_table(("human", "heuristic", "random", "heuristic"))
        assert DealEvent.objects.count() == 0 or state_of(table).to_act == 0
        wait_for(lambda: state_of(table).to_act == 0, timeout=30)
        assert DealEvent.objects.count() == 3
        first = state_of(table).legal_actions()[0]
        services.table_act(token=seats_of(table)[0].token, action=first, version=table.version)
        wait_for(lambda: state_of(table).phase != "bid" and state_of(table).to_act in (0, None))
        bots = make_table(("heuristic", "random", "heuristic", "random"), deals=3)
        wait_for(lambda: bots.refresh_from_db() or bots.status == "finished", timeout=60)
    assert OnlineDeal.objects.filter(table=bots, status="done").count() == 3


@pytest.mark.django_db
@pytest.mark.usefixtures("no_think")
def test_run_bots_leaves_the_table_to_the_person():
    table = make_table(("random", "random", "human", "random"), deals=2)
    run_bots(table)
    assert state_of(table).to_act == 2
