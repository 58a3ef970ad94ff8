"""The party file of every game keeps every house option of its game, each at
a value other than its default: dumped, loaded and dumped again, it reads the
same, and the loaded party plays under those values."""

from __future__ import annotations

import json
import random

import pytest

from scoring.rules import PARTNERSHIP_RULESETS, new_deal
from tests.tournaments.builders import make_party
from tournaments import services
from tournaments.forms import PARTY_COLUMN_OPTIONS
from tournaments.partyfile import party_dump, party_load

pytestmark = pytest.mark.django_db


def other_value(option, default):
    """A value ``option`` accepts, other than ``default``."""
    if option.kind is bool:
        return not default
    if option.choices:
        return next(choice for choice in option.choices if choice != default)
    low = option.minimum if option.minimum is not None else 0
    return low if default != low else low + 1


def changed_options(name: str) -> dict:
    """Every house option of game ``name`` kept with the party's others, changed."""
    rs = PARTNERSHIP_RULESETS[name]
    return {
        option.name: other_value(option, getattr(rs, option.name))
        for option in rs.house_options
        if option.name not in PARTY_COLUMN_OPTIONS
    }


def engine_record(rs, seed: int) -> dict:
    """The hand-result record of a deal of ``rs`` played with random legal
    actions: the first deal from ``seed`` on that is not a misdeal."""
    chooser = random.Random(seed)
    while True:
        state = new_deal(rs, dealer=seed % 4, seed=seed)
        while state.to_act is not None:
            state.apply(chooser.choice(state.legal_actions()))
        try:
            return state.record()
        except ValueError:  # a misdeal makes no record; deal again
            seed += 1


def play_round_by_engine(party, rnd, user) -> None:
    """Every deal of ``rnd`` entered as the engine played it, under the
    party's own rules."""
    rs = services.party_ruleset(party)
    for table in sorted(set(rnd.seats.values_list("table", flat=True))):
        for deal in range(1, party.deals_per_round + 1):
            record = engine_record(rs, seed=10 * table + deal)
            entry = services.DealEntry(
                bidder=record["bidder"],
                bid=record["bid"],
                trump=record["trump"],
                bidding_team_points=record["bidding_team_points"],
                tally=record["tally"],
                other_team_points=record.get("other_team_points"),
            )
            services.result_record(round=rnd, table=table, deal=deal, entry=entry, user=user)


@pytest.mark.parametrize("name", list(PARTNERSHIP_RULESETS))
def test_every_house_option_of_every_game_survives_the_party_file(host, name):
    options = changed_options(name)
    assert options, f"{name} has no house option to change"
    party = make_party(host, players=4, ruleset=name, house_options=options)
    rnd = services.round1_seat_draw(party=party, seed=5, user=host)
    play_round_by_engine(party, rnd, host)

    dumped = party_dump(party)
    assert len(dumped["rounds"][0]["deals"]) == party.deals_per_round  # one table of four
    for option, value in options.items():
        assert dumped["options"][option] == value, option
    loaded = party_load(json.loads(json.dumps(dumped)), owner=host)
    rs = services.party_ruleset(loaded)
    for option, value in options.items():
        assert getattr(rs, option) == value != getattr(PARTNERSHIP_RULESETS[name], option), option
    again = party_dump(loaded)
    assert json.dumps({**again, "name": ""}) == json.dumps({**dumped, "name": ""})
