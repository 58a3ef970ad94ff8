"""The bots' steps as a worker takes them: each bot's decision (a bid, a
trump, a card, or all of a seat's discards) waits one thinking time, and a
bot's forced step (one legal action) none, in the same version of the table
as the decision before it: one step on a page, not one poll each."""

from __future__ import annotations

from unittest import mock

import pytest

from scoring import services
from scoring.models import DealEvent, OnlineSeat
from scoring.rules import replay
from scoring.tasks import bots_play

from .builders import make_table, seats_of, state_of

pytestmark = pytest.mark.django_db

THINK_MS = 250
THINK = THINK_MS / 1000


class Worker:
    """Stands for a worker: holds the bots' tasks enqueued (``apply_async``
    patched) and runs them one at a time, in order, as a worker would, each
    with its countdown noted (not waited)."""

    def __init__(self) -> None:
        self.pending: list[tuple[tuple, dict]] = []
        #: (countdown, the table's log length before the task, after it)
        self.done: list[tuple[float, int, int]] = []

    def enqueue(self, args, **options) -> None:
        self.pending.append((args, options))

    def run(self, table) -> None:
        while self.pending:
            args, options = self.pending.pop(0)
            before = len(state_of(table).log)
            bots_play.push_request(
                id=f"task-{len(self.done)}",
                is_eager=False,
                delivery_info={"routing_key": options["queue"]},
            )
            try:
                bots_play.run(*args)
            finally:
                bots_play.pop_request()
            self.done.append((options["countdown"], before, len(state_of(table).log)))


@pytest.fixture
def worker(settings):
    settings.PLAY_BOT_DELAY_MS = THINK_MS
    worker = Worker()
    with mock.patch.object(bots_play, "apply_async", side_effect=worker.enqueue):
        yield worker


def test_a_bid_then_three_bots_discards_is_one_thinking_time_a_decision(
    worker, django_capture_on_commit_callbacks
):
    """Monterey Widow: the dealer, a person, passes after the seat on their
    left bid; that bot names trump, then it and the two others let their
    cards go, several each.  Four decisions: four tasks, each after one
    thinking time, and the person is to discard."""
    table = make_table(ruleset="monterey-widow")  # four people to set the auction up
    seats, state = seats_of(table), state_of(table)
    person = state.dealer
    bidder, *others = ((person + k) % 4 for k in (1, 2, 3))
    assert state.to_act == bidder
    bid = next(a for a in state.legal_actions() if a.startswith("bid "))
    for seat, action in ((bidder, bid), (others[0], "pass"), (others[1], "pass")):
        table.refresh_from_db()
        services.table_act(token=seats[seat].token, action=action, version=table.version)
    OnlineSeat.objects.filter(table=table).exclude(seat=person).update(kind="heuristic")
    table.refresh_from_db()
    version = table.version

    with django_capture_on_commit_callbacks(execute=True):
        services.table_act(token=seats[person].token, action="pass", version=version)
    worker.run(table)

    state = state_of(table)
    assert (state.phase, state.to_act) == ("discard", person)
    bots = list(DealEvent.objects.filter(deal=table.current).exclude(by="human").order_by("seq"))
    assert [e.action.split()[0] for e in bots[:1]] == ["trump"]
    assert {e.action.split()[0] for e in bots[1:]} == {"discard"}
    assert list(dict.fromkeys(e.seat for e in bots[1:])) == [bidder, *others]
    assert len(bots) > 1 + 3 * 2  # several discards a bot...
    assert [countdown for countdown, _, _ in worker.done] == [THINK] * 4  # ...one wait each
    assert table.version == version + 1 + 4  # the person's move, and one version a decision


def decisions(table) -> list[tuple[int, str, bool]]:
    """Each action of the table's deal as (seat, phase, forced), the deal
    replayed with the engine: whether the seat had a choice is read from the
    rules, not from the service."""
    deal = table.current
    state = replay(services.table_ruleset(table), [], deck=deal.deck, dealer=deal.dealer)
    out = []
    for action in deal.log:
        out.append((state.to_act, state.phase, len(state.legal_actions()) == 1))
        state.apply(action)
    return out


def test_forced_steps_take_no_thinking_time_and_decisions_are_not_merged(
    worker, django_capture_on_commit_callbacks
):
    """A deal of Monterey Draw, one person and three bots, the person
    playing their first legal action (a forced one too: it is never played
    for them)."""
    with django_capture_on_commit_callbacks(execute=True):
        table = make_table(("human", "heuristic", "random", "heuristic"))
    person = seats_of(table)[0]
    worker.run(table)
    while (state := state_of(table)).phase != "done":
        assert state.to_act == person.seat  # the bots are done until the person acts
        with django_capture_on_commit_callbacks(execute=True):
            services.table_act(
                token=person.token, action=state.legal_actions()[0], version=table.version
            )
        worker.run(table)

    steps = decisions(table)
    by = [e.by for e in DealEvent.objects.filter(deal=table.current).order_by("seq")]
    assert [b == "human" for b in by] == [seat == person.seat for seat, _, _ in steps]
    assert any(forced and seat != person.seat for seat, _, forced in steps)
    for countdown, before, after in worker.done:
        taken = steps[before:after]
        assert taken, "a task that did nothing"
        first_seat, first_phase, first_forced = taken[0]
        assert first_forced == (countdown == 0)  # a forced step waits no thinking time
        assert countdown in (0, THINK)
        if countdown == 0:
            assert all(forced for _, _, forced in taken)
        # After the decision, only that seat's further discards or takes, then forced steps.
        rest = taken[1:]
        if first_phase in ("discard", "fill"):
            while rest and rest[0][:2] == (first_seat, first_phase):
                rest = rest[1:]
        assert all(forced for _, _, forced in rest)
