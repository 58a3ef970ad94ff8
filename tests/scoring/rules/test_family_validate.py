"""The validator and the replay under every game of the family (RULES.md 5, 11.5)."""

from __future__ import annotations

import random

import pytest

from scoring.rules import RULESETS, new_deal, replay, validate_result
from scoring.rules.rulesets import FAMILY


def finished(rs, seed: int):
    chooser = random.Random(seed)
    state = new_deal(rs, dealer=seed % 4, seed=seed)
    while state.to_act is not None:
        state.apply(chooser.choice(state.legal_actions()))
    return state


def record_of(state, deal: int | None = None) -> dict:
    record = state.record()
    record["deal"] = deal or state.dealer + 1
    return record


def fields(errors) -> set[str]:
    return {error.field for error in errors}


@pytest.mark.parametrize("name", FAMILY)
def test_section_11_5_engine_records_and_their_logs_are_accepted(name):
    rs = RULESETS[name]
    for seed in range(25):
        state = finished(rs, seed)
        record = record_of(state)
        assert validate_result(rs, record) == [], record
        log = {"dealer": state.dealer, "deck": state.to_json()["deck"], "actions": state.log}
        assert validate_result(rs, {**record, "log": log}) == []
        typed = {key: value for key, value in record.items() if key != "cards"}
        assert validate_result(rs, typed) == []
        again = replay(rs, state.log, deck=log["deck"], dealer=state.dealer)
        assert again.score() == state.score()


@pytest.mark.parametrize("name", FAMILY)
def test_section_11_5_bids_come_from_the_game(name):
    rs = RULESETS[name]
    state = finished(rs, 3)
    record = record_of(state)
    for bid in (min(rs.bids()) - 1, max(rs.bids()) + 1, 0):
        assert "bid" in fields(validate_result(rs, {**record, "bid": bid, "tally": None}))


def test_section_11_5_sixty_three_bids_up_to_63_and_enters_both_teams_points():
    rs = RULESETS["sixty-three"]
    base = {"deal": 1, "bidder": 1, "bid": 63, "trump": "H"}
    assert validate_result(rs, {**base, "bidding_team_points": 63, "other_team_points": 0}) == []
    missing = validate_result(rs, {**base, "bidding_team_points": 40})
    assert fields(missing) == {"other_team_points"}
    too_many = validate_result(rs, {**base, "bidding_team_points": 40, "other_team_points": 30})
    assert fields(too_many) == {"other_team_points"}
    # Points out of play: B + O below the total is fine.
    short = {**base, "bid": 30, "bidding_team_points": 40, "other_team_points": 8}
    assert validate_result(rs, short) == []
    assert validate_result(rs, {**short, "tally": [-40, 8]}) != []
    assert validate_result(rs, {**short, "tally": [8, 40]}) == []


def test_section_11_5_oregon_needs_the_bids_suit():
    rs = RULESETS["oregon"]
    base = {"deal": 1, "bidder": 1, "bid": 7, "bidding_team_points": 8, "other_team_points": 7}
    assert fields(validate_result(rs, base)) == {"trump"}
    assert validate_result(rs, {**base, "trump": "S"}) == []
    assert validate_result(rs, {**base, "trump": "S", "bid": 5}) == []  # a stuck dealer's 5


def test_section_11_5_louisiana_offers_28_and_56_and_a_stuck_6():
    rs = RULESETS["louisiana"]
    base = {"deal": 1, "bidder": 0, "bidding_team_points": 14}
    for bid in (6, 7, 14, 28, 56):
        assert validate_result(rs, {**base, "bid": bid}) == []
    for bid in (5, 15, 27, 32):
        errors = validate_result(rs, {**base, "bid": bid})
        assert fields(errors) == {"bid"} and "28" in errors[0] and "56" in errors[0]
    assert validate_result(rs, {**base, "bid": 28, "tally": [28, 0]}) == []
    set_28 = {"deal": 1, "bidder": 0, "bid": 28, "bidding_team_points": 13, "tally": [-28, 1]}
    assert validate_result(rs, set_28) == []


def test_section_11_5_detailed_entry_lists_the_games_point_cards():
    rs = RULESETS["king-pedro"]
    cards = {"A": 0, "K": 0, "J": 1, "OJ": 1, "T": 0, "P": 0, "L": 1}  # the 2 left play
    record = {"deal": 1, "bidder": 0, "bid": 20, "trump": "S", "cards": cards}
    assert validate_result(rs, record) == []
    typed = {**record, "bidding_team_points": 27, "other_team_points": 7}
    assert validate_result(rs, typed) == []
    wrong = {**record, "bidding_team_points": 30}
    assert fields(validate_result(rs, wrong)) == {"bidding_team_points"}
    unknown = {**record, "cards": {**cards, "Q": 1}}
    assert fields(validate_result(rs, unknown)) == {"cards"}
    # In a game whose cards all stay in play every card is named.
    cinchless = {"A": 0, "J": 1, "T": 0, "P": 0, "L": 1}
    assert "cards" in fields(
        validate_result(
            RULESETS["california"], {"deal": 1, "bidder": 0, "bid": 6, "cards": cinchless}
        )
    )


def test_section_11_5_california_has_no_shoot_and_a_made_16_tallies_32():
    rs = RULESETS["california"]
    base = {"deal": 1, "bidder": 0, "bidding_team_points": 16}
    assert fields(validate_result(rs, {**base, "bid": 32})) == {"bid"}
    assert validate_result(rs, {**base, "bid": 16, "tally": [32, 0]}) == []
    assert fields(validate_result(rs, {**base, "bid": 16, "tally": [16, 0]})) == {"tally"}


#: The house options the seeds name, each with a value other than its default.
SEED_OPTIONS = [
    ("pedro-62", {"min_bid": 7, "low_is_keeper": True, "target": 100}),
    ("sancho", {"low_is_keeper": True}),
    ("six-card", {"min_bid": 6, "low_is_keeper": True}),
    ("cinch", {"min_bid": 6, "bicycle": True}),
    ("california", {"bidding_start": "right"}),
    ("eighty-three", {"joker": True}),
    ("isle-madame", {"fold_when_void": True}),
]


@pytest.mark.parametrize(("name", "options"), SEED_OPTIONS)
def test_records_and_logs_of_the_seeds_options_are_accepted(name, options):
    rs = RULESETS[name].with_options(**options)
    for seed in range(25):
        state = finished(rs, seed)
        record = record_of(state)
        log = {"dealer": state.dealer, "deck": state.to_json()["deck"], "actions": state.log}
        assert validate_result(rs, {**record, "log": log}) == [], record


def test_a_cinch_bicycle_set_is_checked_by_the_bicycles_tally():
    rs = RULESETS["cinch"].with_options(bicycle=True)
    base = {"deal": 1, "bidder": 1, "bid": 8, "bidding_team_points": 6, "other_team_points": 5}
    assert validate_result(rs, {**base, "tally": [16, 0]}) == []
    plain = validate_result(RULESETS["cinch"], {**base, "tally": [16, 0]})
    assert fields(plain) == {"tally"}
    assert fields(validate_result(rs, {**base, "tally": [13, 0]})) == {"tally"}


def test_pedro_records_a_bid_of_1_by_default():
    base = {"deal": 1, "bidder": 2, "bid": 1, "bidding_team_points": 8, "other_team_points": 6}
    assert validate_result(RULESETS["pedro-62"], base) == []
    raised = RULESETS["pedro-62"].with_options(min_bid=6)
    assert fields(validate_result(raised, base)) == {"bid"}
