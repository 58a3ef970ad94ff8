"""Every stored deal's event log replays through the engine to the stored result."""

from __future__ import annotations

import random

import pytest

from scoring import services
from scoring.models import OnlineDeal
from scoring.rules import replay, validate_result

from .builders import act, make_table, run_bots, seats_of, state_of

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_think")]


def play_out(table, rng: random.Random) -> None:
    while True:
        run_bots(table)
        if table.status == "finished":
            return
        state = state_of(table)
        act(table, "next" if state.phase == "done" else rng.choice(state.legal_actions()))


@pytest.mark.parametrize("ruleset", ["monterey-draw", "monterey-widow"])
def test_every_stored_log_replays_to_its_stored_result(ruleset):
    rng = random.Random(ruleset)
    tables = [
        make_table(("human", "human", "human", "human"), ruleset=ruleset, deals=4),
        make_table(("human", "heuristic", "random", "heuristic"), ruleset=ruleset, deals=4),
        make_table(("heuristic",) * 4, ruleset=ruleset, target=61),
    ]
    for table in tables:
        play_out(table, rng)
    deals = OnlineDeal.objects.filter(status="done").select_related("table")
    assert deals.count() >= 12
    for deal in deals:
        table = deal.table
        events = list(deal.events.order_by("seq").values_list("seq", "action"))
        actions = [action for _, action in events]
        assert [seq for seq, _ in events] == list(range(1, len(events) + 1))
        assert deal.log == actions  # the row's copy agrees with the event log
        state = replay(services.table_ruleset(table), actions, deck=deal.deck, dealer=deal.dealer)
        assert state.phase == "done"
        assert state.record() | {"deal": deal.number} == deal.record
        assert (deal.score0, deal.score1) == state.score()
        assert deal.dealer == (deal.number - 1) % 4
        check_rs, record = services.deal_record(table, deal, state, seats_of(table))
        assert validate_result(check_rs, record) == []
    for table in tables:
        table.refresh_from_db()
        done = table.deals.filter(status="done")
        assert table.score0 == sum(d.score0 for d in done)
        assert table.score1 == sum(d.score1 for d in done)


def test_a_tampered_log_fails_the_validator():
    """The check above is not vacuous: one action changed, and the record is refused."""
    table = make_table(("heuristic",) * 4, deals=1)
    run_bots(table)
    deal = OnlineDeal.objects.get(table=table)
    check_rs, record = services.deal_record(table, deal, state_of(table), seats_of(table))
    assert validate_result(check_rs, record) == []
    actions = record["log"]["actions"]
    actions[0] = "bid 16" if actions[0] != "bid 16" else "pass"
    assert validate_result(check_rs, record) != []
