"""A party round's table of a family game played online: each finished deal
is recorded in the party through ``result_record`` with the deal's entry."""

from __future__ import annotations

import datetime

import pytest

from scoring import services
from scoring.models import OnlineDeal
from scoring.rules import PARTNERSHIP_RULESETS, new_deal
from scoring.rules.bots import BOTS, play_deal
from scoring.services.deals import party_entry
from tournaments import services as party_services
from tournaments.models import DealResult

from .builders import run_bots

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_think")]

NAMES = ["Ana", "Bea", "Cruz", "Dee"]
#: Games where point cards can leave play: the entry carries both teams' points.
LEAVING = [name for name, rs in PARTNERSHIP_RULESETS.items() if rs.cards_can_leave_play]


def party_round(host, game: str):
    party = party_services.party_create(
        owner=host,
        name="Card night",
        date=datetime.date(2026, 4, 18),
        settings=party_services.PartySettings(ruleset=game),
    )
    ids = [party_services.player_register(party=party, name=n, user=host).pk for n in NAMES]
    return party_services.round1_seat_manual(party=party, tables=[ids], user=host)


@pytest.fixture
def host(django_user_model):
    return django_user_model.objects.create_user(username="hostess", password="cards-1-wine")


@pytest.mark.parametrize("game", list(PARTNERSHIP_RULESETS))
def test_a_party_table_of_every_game_records_every_deal_in_the_party(host, game):
    rnd = party_round(host, game)
    table = services.party_table_create(round=rnd, table=1, kinds=["heuristic"] * 4, user=host)
    assert services.table_ruleset(table).name == game
    run_bots(table)
    table.refresh_from_db()
    assert table.status == "finished"
    deals = list(OnlineDeal.objects.filter(table=table).order_by("number"))
    results = list(DealResult.objects.filter(round=rnd, table=1, is_current=True).order_by("deal"))
    assert [d.party_error for d in deals] == [""] * len(deals)
    assert [(r.bid, r.bidder) for r in results] == [
        (d.record["bid"], d.record["bidder"]) for d in deals
    ]


@pytest.mark.parametrize("game", LEAVING)
def test_the_party_entry_of_a_deal_where_cards_leave_play_has_both_teams_points(game):
    rs = PARTNERSHIP_RULESETS[game]
    state = play_deal(new_deal(rs, dealer=0, seed=3), [BOTS["heuristic"]() for _ in range(4)])
    record = state.record()
    entry = party_entry(record)
    assert (entry.bid, entry.bidding_team_points, list(entry.tally)) == (
        record["bid"],
        record["bidding_team_points"],
        record["tally"],
    )
    if hasattr(entry, "other_team_points"):
        assert entry.other_team_points == record["other_team_points"]
