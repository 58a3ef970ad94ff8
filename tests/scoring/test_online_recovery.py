"""A table whose bots lost their task plays on: a page's poll queues it again.

In these tests (wrapped in a transaction) a task queued on commit is never
queued at all, which is what a move stored while Redis was down looks like:
the move is there, and nothing will call the bots.  The poll that notices it
is captured (``django_capture_on_commit_callbacks``) and then run as the
worker would (``run_bots``).
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring import services
from scoring.models import DealEvent

from .builders import make_idle, make_table, run_bots, seats_of, state_of

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_think")]

#: The human sits in seat 2, who bids first in deal 1: no bot is due at the start.
KINDS = ("random", "human", "heuristic", "random")
#: The pages that poll: a seat's page, its JSON, the creator's page.
POLLS = ["play:seat", "play:seat_state", "play:manage"]


@pytest.fixture
def stalled():
    """The person has bid; the bots' task was lost; the table has been still for an hour."""
    table = make_table(KINDS)
    human = seats_of(table)[1]
    assert state_of(table).to_act == human.seat
    move = state_of(table).legal_actions()[0]
    services.table_act(token=human.token, action=move, version=table.version)
    make_idle(table)
    assert state_of(table).to_act == 2 and not DealEvent.objects.filter(seat=2).exists()
    return table, human


@pytest.mark.parametrize("poll", POLLS)
def test_a_poll_queues_the_bots_again(client, stalled, poll, django_capture_on_commit_callbacks):
    table, human = stalled
    version = table.version
    token = table.creator_token if poll == "play:manage" else human.token
    with django_capture_on_commit_callbacks() as queued:
        response = client.get(reverse(poll, args=[token]))
    assert response.status_code == 200
    assert [(q.func, q.args) for q in queued] == [(services.bots_enqueue, (table.pk, version))]
    table.refresh_from_db()
    assert table.version == version  # nobody's screen changes for this

    run_bots(table)  # the queued task, as the worker runs it
    assert DealEvent.objects.filter(seat=2, by="heuristic").exists()
    assert table.version > version


def test_one_poll_queues_them_and_the_next_ones_wait(
    client, stalled, django_capture_on_commit_callbacks
):
    table, human = stalled
    url = reverse("play:seat", args=[human.token])
    with django_capture_on_commit_callbacks() as queued:
        for _ in range(3):
            client.get(url)
    assert len(queued) == 1


def test_a_person_thinking_is_left_alone(client, django_capture_on_commit_callbacks):
    """Their idle clock is not restarted, so the creator may still hand their seat to a bot."""
    table = make_table(KINDS)
    human = seats_of(table)[1]
    make_idle(table)
    before = table.turn_since
    with django_capture_on_commit_callbacks() as queued:
        client.get(reverse("play:seat", args=[seats_of(table)[0].token]))
        assert services.bots_resume(table_id=table.pk) is False
    assert queued == []
    table.refresh_from_db()
    assert table.turn_since == before
    services.seat_hand_to_bot(creator_token=table.creator_token, seat=human.seat, kind="random")


def test_bots_that_are_on_time_are_left_alone(
    stalled, settings, django_capture_on_commit_callbacks
):
    table, _ = stalled
    settings.PLAY_BOT_REQUEUE_MS = 2 * 3600 * 1000  # the hour it waited is not late yet
    with django_capture_on_commit_callbacks() as queued:
        assert services.bots_resume(table_id=table.pk) is False
    assert queued == []


def test_a_finished_table_is_left_alone(client, django_capture_on_commit_callbacks):
    table = make_table(("random", "random", "random", "random"))
    run_bots(table)
    assert state_of(table).phase == "done" and table.status == "finished"
    make_idle(table)
    with django_capture_on_commit_callbacks() as queued:
        client.get(reverse("play:seat", args=[seats_of(table)[0].token]))
    assert queued == []
