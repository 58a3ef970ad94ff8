"""After a deal, its replay marks the people's moves where the expert's
choice, from the same view, was worth more than a point on average; the
marks are stored on the deal, worked out once, in the background."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring import services
from scoring.models import DealEvent, OnlineDeal
from scoring.rules.bots import HeuristicBot
from scoring.rules.expert import Advice
from scoring.services import review

from .builders import make_table, run_bots, seats_of, state_of

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_think")]


@pytest.fixture(autouse=True)
def small_budget(settings):
    settings.PLAY_EXPERT_SAMPLES = settings.PLAY_EXPERT_BID_SAMPLES = 2
    settings.PLAY_EXPERT_TIME_MS = 30


def finish_deal(table) -> OnlineDeal:
    """Play the deal in play to its end: people by the heuristic, bots by theirs."""
    bot = HeuristicBot(seed=4)
    deal = table.current
    run_bots(table)
    while state_of(table).phase != "done":
        state = state_of(table)
        seat = seats_of(table)[state.to_act]
        services.table_act(token=seat.token, action=bot.choose(state), version=table.version)
        run_bots(table)
    deal.refresh_from_db()
    return deal


def the_expert_prefers_the_first_legal_move(monkeypatch, calls=None):
    """Advice that finds every move but the first legal one 2.5 points worse."""

    def advice(view, seed):
        if calls is not None:
            calls.append(view["seat"])
        best = view["legal"][0]
        return Advice(best, {a: (3.0 if a == best else 0.5) for a in view["legal"]})

    monkeypatch.setattr(review, "expert_advice", advice)


def test_the_peoples_moves_off_the_experts_choice_are_marked(monkeypatch):
    table = make_table(("human", "heuristic", "human", "heuristic"))
    deal = finish_deal(table)
    the_expert_prefers_the_first_legal_move(monkeypatch)

    marks = services.deal_review(deal_id=deal.pk)

    people = set(DealEvent.objects.filter(deal=deal, by="human").values_list("seq", flat=True))
    assert marks
    assert {m["seq"] for m in marks} <= people  # a bot's move is never marked
    assert {m["seat"] for m in marks} <= {0, 2}
    assert all(m["loss"] == 2.5 and m["best"] != m["action"] for m in marks)
    deal.refresh_from_db()
    assert deal.review == marks


def test_a_move_within_a_point_is_not_marked(monkeypatch):
    table = make_table()
    deal = finish_deal(table)

    def close(view, seed):
        return Advice(
            view["legal"][0], {a: 1.0 if a == view["legal"][0] else 0.1 for a in view["legal"]}
        )

    monkeypatch.setattr(review, "expert_advice", close)

    assert services.deal_review(deal_id=deal.pk) == []


def test_the_review_is_worked_out_once(monkeypatch):
    table = make_table()
    deal = finish_deal(table)
    calls: list[int] = []
    the_expert_prefers_the_first_legal_move(monkeypatch, calls)

    first = services.deal_review(deal_id=deal.pk)
    asked = len(calls)
    again = services.deal_review(deal_id=deal.pk)

    assert again == first
    assert asked > 0 and len(calls) == asked


def test_the_real_expert_marks_only_clear_losses():
    table = make_table()
    deal = finish_deal(table)

    marks = services.deal_review(deal_id=deal.pk)

    assert isinstance(marks, list)
    assert all(m["loss"] > review.MARK_LOSS for m in marks)


def test_a_deal_in_play_is_not_reviewed():
    table = make_table()
    assert services.deal_review(deal_id=table.current.pk) is None


def test_a_finished_deal_queues_its_review(monkeypatch, django_capture_on_commit_callbacks):
    queued = []
    monkeypatch.setattr(services.deals.deal_review_task, "delay", queued.append)
    table = make_table()
    with django_capture_on_commit_callbacks(execute=True):
        deal = finish_deal(table)

    assert queued == [deal.pk]


def test_the_replay_shows_the_marks(client, monkeypatch):
    table = make_table()
    deal = finish_deal(table)
    the_expert_prefers_the_first_legal_move(monkeypatch)
    marks = services.deal_review(deal_id=deal.pk)
    me = seats_of(table)[0]

    page = client.get(reverse("play:seat_replay", args=[me.token, deal.number])).text

    assert "Where the expert would have chosen otherwise" in page
    assert page.count("the expert&#x27;s choice, ") == len(marks)
    assert page.count('class="marked"') == len(marks)


def test_a_replay_with_no_mark_says_so(client):
    table = make_table()
    deal = finish_deal(table)
    OnlineDeal.objects.filter(pk=deal.pk).update(review=[])
    me = seats_of(table)[0]

    page = client.get(reverse("play:seat_replay", args=[me.token, deal.number])).text

    assert "within a point of the expert" in page
