"""The hand-result validator (RULES.md section 5, with the scores of 3.9 and the
party-file records of section 10).  Pure Python: no Django, no database."""

from __future__ import annotations

import pickle
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.rules import RULESETS, FieldError, new_deal, validate_result
from scoring.rules.cards import CODES, POINT_ROLES
from scoring.rules.validate import ReplayError

DRAW = RULESETS["monterey-draw"]
WIDOW = RULESETS["monterey-widow"]

#: Deal 2 of a round (dealt by seat 1): seat 1 bid 8 in hearts, and the
#: bidding team (team 1) took 10 points.
MADE = {
    "deal": 2,
    "dealer": 1,
    "players": ["Ana", "Bea", "Cruz", "Dee"],
    "bidder": 1,
    "bid": 8,
    "trump": "H",
    "bidding_team_points": 10,
}
#: Detailed entry for MADE: team 1 took the ace, jack, right pedro and low.
MADE_CARDS = {"A": 1, "J": 1, "T": 0, "P": 1, "L": 0, "2": 1}


def play_out(rs, seed: int, dealer: int):
    """A finished deal played with uniformly random legal actions."""
    state = new_deal(rs, dealer, seed=seed)
    rng = random.Random(seed)
    while state.phase != "done":
        state.apply(rng.choice(state.legal_actions()))
    return state


def engine_record(rs, seed: int, deal: int = 1):
    """The record of a random deal played as ``deal`` of its round, and its state."""
    state = play_out(rs, seed, (deal - 1) % 4)
    record = state.record()
    record["deal"] = deal
    return record, state


def log_of(state) -> dict:
    return {"dealer": state.dealer, "deck": [CODES[c] for c in state.deck], "actions": state.log}


def fields(errors) -> list[str]:
    return [error.field for error in errors]


# ----------------------------------------------------------------- accepted records


def test_made_bid_is_accepted_section_5():
    """RULES.md 5: a complete, consistent record gives no errors."""
    assert validate_result(DRAW, MADE) == []


def test_minimal_record_is_accepted_section_5():
    """RULES.md 5: deal, bidder, bid and points are all a host must enter."""
    record = {"deal": 1, "bidder": 0, "bid": 6, "bidding_team_points": 9}
    assert validate_result(DRAW, record) == []
    assert validate_result(WIDOW, record) == []


@pytest.mark.parametrize(
    ("bidder", "bid", "points", "tally"),
    [
        (1, 8, 10, [6, 10]),  # made: bidders +B, others +O
        (0, 8, 8, [8, 8]),  # made exactly
        (1, 16, 16, [0, 16]),  # a made 16 scores 16, not 32
        (1, 12, 10, [6, -12]),  # set: bidders -bid
        (0, 6, 0, [-6, 16]),
        (2, 32, 16, [32, 0]),  # shoot made: +32
        (3, 32, 15, [1, -32]),  # shoot set: -32
        (0, 32, 0, [-32, 16]),
    ],
    ids=["made", "made-exact", "made-16", "set", "set-to-zero", "shoot", "shoot-set", "shoot-0"],
)
def test_tally_of_made_set_and_shoot_is_accepted_section_3_9(bidder, bid, points, tally):
    """RULES.md 3.9 and 5: the tally of made bids, sets and shoots is accepted."""
    record = {"deal": 1, "bidder": bidder, "bid": bid, "bidding_team_points": points}
    assert validate_result(DRAW, {**record, "tally": tally}) == []
    assert validate_result(DRAW, {**record, "tally": tuple(tally)}) == []


def test_shoot_set_penalty_16_section_3_9():
    """RULES.md 3.9: with house option shoot_set_penalty=16 a failed shoot costs 16."""
    rs = DRAW.with_options(shoot_set_penalty=16)
    record = {"deal": 4, "bidder": 1, "bid": 32, "bidding_team_points": 12}
    assert validate_result(rs, {**record, "tally": [4, -16]}) == []
    [error] = validate_result(rs, {**record, "tally": [4, -32]})
    assert error.field == "tally"
    assert "-16 for seats 2 and 4" in error


def test_detailed_entry_alone_is_accepted_section_5():
    """RULES.md 5: in detailed entry the points follow from the card values."""
    record = {**MADE, "cards": MADE_CARDS, "tally": [6, 10]}
    del record["bidding_team_points"]
    assert validate_result(DRAW, record) == []


def test_detailed_entry_with_matching_points_is_accepted_section_5():
    """RULES.md 5: typed points that agree with the cards are accepted."""
    assert validate_result(DRAW, {**MADE, "cards": MADE_CARDS}) == []


def test_other_team_points_that_add_up_are_accepted_section_5():
    """RULES.md 5: the two teams' points add up to 16."""
    assert validate_result(DRAW, {**MADE, "other_team_points": 6}) == []


def test_amending_a_recorded_deal_is_accepted_section_5():
    """RULES.md 5: an amendment replaces a recorded deal explicitly."""
    record = {**MADE, "recorded_deals": {1, 2, 3}, "amending": True}
    assert validate_result(DRAW, record) == []


def test_new_deal_not_yet_recorded_is_accepted_section_5():
    """RULES.md 5: a deal number not recorded yet for the table and round."""
    assert validate_result(DRAW, {**MADE, "recorded_deals": [1, 3]}) == []
    assert validate_result(DRAW, {**MADE, "recorded_deals": set(), "amending": False}) == []


def test_blank_trump_and_none_optionals_are_accepted_section_5():
    """RULES.md 5: trump is optional; an optional field holding None is absent."""
    record = {**MADE, "trump": None, "dealer": None, "players": None, "tally": None}
    assert validate_result(DRAW, record) == []


def test_empty_seat_that_is_not_the_bidder_is_accepted_section_5():
    """RULES.md 5: only the bidder's seat must be occupied."""
    assert validate_result(DRAW, {**MADE, "players": ["Ana", "Bea", "", None]}) == []


def test_later_deals_of_a_longer_round_section_5():
    """RULES.md 5 and 6: deal numbers run to deals_per_round; deal d is dealt
    by seat (d-1) mod 4."""
    rs = DRAW.with_options(deals_per_round=8)
    assert validate_result(rs, {**MADE, "deal": 7, "dealer": 2}) == []
    assert fields(validate_result(rs, {**MADE, "deal": 7, "dealer": 3})) == ["dealer"]
    assert fields(validate_result(rs, {**MADE, "deal": 9, "dealer": None})) == ["deal"]


def test_unknown_keys_are_ignored_section_10():
    """RULES.md 10: party-file records carry table and (from party_dump) score."""
    assert validate_result(DRAW, {**MADE, "table": 3, "score": [6, 10]}) == []


# ----------------------------------------------------------------- refused records

BAD_RECORDS = [
    # (id, changes to MADE, the one field named)
    ("deal-missing", {"deal": None}, "deal"),
    ("deal-0", {"deal": 0}, "deal"),
    ("deal-5", {"deal": 5}, "deal"),
    ("deal-negative", {"deal": -1}, "deal"),
    ("deal-string", {"deal": "2"}, "deal"),
    ("deal-bool", {"deal": True}, "deal"),
    ("deal-float", {"deal": 2.0}, "deal"),
    ("duplicate-deal", {"recorded_deals": {1, 2}}, "deal"),
    ("duplicate-deal-list", {"recorded_deals": [2]}, "deal"),
    ("amending-unrecorded", {"recorded_deals": {1, 3}, "amending": True}, "deal"),
    ("amending-not-bool", {"recorded_deals": {2}, "amending": "yes"}, "amending"),
    ("recorded-deals-not-collection", {"recorded_deals": 2}, "recorded_deals"),
    ("recorded-deals-string", {"recorded_deals": "12"}, "recorded_deals"),
    ("dealer-mismatch", {"dealer": 0}, "dealer"),
    ("dealer-4", {"dealer": 4}, "dealer"),
    ("dealer-string", {"dealer": "1"}, "dealer"),
    ("dealer-bool", {"dealer": True}, "dealer"),
    ("round-closed", {"round_open": False}, "round"),
    ("round-open-not-bool", {"round_open": "no"}, "round_open"),
    ("no-such-table", {"table_exists": False}, "table"),
    ("table-exists-not-bool", {"table_exists": 1}, "table_exists"),
    ("bidder-seat-none", {"players": ["Ana", None, "Cruz", "Dee"]}, "bidder"),
    ("bidder-seat-blank", {"players": ["Ana", "", "Cruz", "Dee"]}, "bidder"),
    ("players-three", {"players": ["Ana", "Bea", "Cruz"]}, "players"),
    ("players-not-names", {"players": ["Ana", 2, "Cruz", "Dee"]}, "players"),
    ("players-twice", {"players": ["Ana", "Bea", "Ana", "Dee"]}, "players"),
    ("players-string", {"players": "Ana Bea Cruz Dee"}, "players"),
    ("bidder-missing", {"bidder": None}, "bidder"),
    ("bidder-4", {"bidder": 4}, "bidder"),
    ("bidder-negative", {"bidder": -1}, "bidder"),
    ("bidder-string", {"bidder": "1"}, "bidder"),
    ("bidder-bool", {"bidder": True}, "bidder"),
    ("bid-missing", {"bid": None}, "bid"),
    ("bid-5", {"bid": 5}, "bid"),
    ("bid-17", {"bid": 17}, "bid"),
    ("bid-31", {"bid": 31}, "bid"),
    ("bid-33", {"bid": 33}, "bid"),
    ("bid-0", {"bid": 0}, "bid"),
    ("bid-string", {"bid": "8"}, "bid"),
    ("bid-bool", {"bid": True}, "bid"),
    ("bid-float", {"bid": 8.0}, "bid"),
    ("bid-list", {"bid": [8]}, "bid"),
    ("trump-lowercase", {"trump": "h"}, "trump"),
    ("trump-word", {"trump": "hearts"}, "trump"),
    ("trump-letter", {"trump": "X"}, "trump"),
    ("trump-int", {"trump": 1}, "trump"),
    ("points-missing", {"bidding_team_points": None}, "bidding_team_points"),
    ("points-17", {"bidding_team_points": 17}, "bidding_team_points"),
    ("points-negative", {"bidding_team_points": -1}, "bidding_team_points"),
    ("points-string", {"bidding_team_points": "10"}, "bidding_team_points"),
    ("points-float", {"bidding_team_points": 10.5}, "bidding_team_points"),
    ("points-bool", {"bidding_team_points": False}, "bidding_team_points"),
    ("other-points-dont-add-up", {"other_team_points": 7}, "other_team_points"),
    ("other-points-out-of-range", {"other_team_points": 17}, "other_team_points"),
    ("other-points-string", {"other_team_points": "6"}, "other_team_points"),
    ("cards-not-dict", {"cards": [1, 1, 0, 1, 0, 0]}, "cards"),
    ("cards-missing-role", {"cards": {"A": 1, "J": 1, "T": 0, "P": 1, "L": 0}}, "cards"),
    ("cards-unknown-role", {"cards": {**MADE_CARDS, "Q": 0}}, "cards"),
    ("cards-team-2", {"cards": {**MADE_CARDS, "L": 2}}, "cards"),
    ("cards-team-bool", {"cards": {**MADE_CARDS, "A": True}}, "cards"),
    ("cards-team-string", {"cards": {**MADE_CARDS, "J": "1"}}, "cards"),
    ("cards-team-float", {"cards": {**MADE_CARDS, "A": 1.0}}, "cards"),
    ("cards-team-none", {"cards": {**MADE_CARDS, "T": None}}, "cards"),
    ("cards-team-list", {"cards": {**MADE_CARDS, "P": [1]}}, "cards"),
    ("cards-disagree-with-points", {"cards": {**MADE_CARDS, "L": 1}}, "bidding_team_points"),
    ("tally-made-wrong", {"tally": [10, 6]}, "tally"),
    ("tally-set-not-applied", {"bid": 12, "tally": [6, 10]}, "tally"),
    ("tally-shoot-set-wrong", {"bid": 32, "tally": [6, -16]}, "tally"),
    ("tally-shoot-made-wrong", {"bid": 32, "bidding_team_points": 16, "tally": [0, 16]}, "tally"),
    ("tally-one-number", {"tally": [6]}, "tally"),
    ("tally-strings", {"tally": ["6", "10"]}, "tally"),
    ("tally-bool", {"tally": [6, True]}, "tally"),
    ("tally-float", {"tally": [6.0, 10]}, "tally"),
    ("tally-number", {"tally": 16}, "tally"),
    ("log-not-dict", {"log": ["pass"]}, "log"),
]


@pytest.mark.parametrize(
    ("changes", "field"), [c[1:] for c in BAD_RECORDS], ids=[c[0] for c in BAD_RECORDS]
)
def test_bad_record_names_the_field_section_5(changes, field):
    """RULES.md 5: each kind of bad record is refused with one error naming its field."""
    errors = validate_result(DRAW, {**MADE, **changes})
    assert fields(errors) == [field]
    [error] = errors
    assert isinstance(error, FieldError)
    assert error == error.message
    assert error.message.endswith(".")
    assert error[0].isupper()


def test_32_refused_where_the_shoot_is_not_played_section_5():
    """RULES.md 5: 32 only where the ruleset allows the shoot."""
    from dataclasses import replace

    no_shoot = replace(DRAW, name="no-shoot", shoot=False)
    [error] = validate_result(no_shoot, {**MADE, "bid": 32})
    assert error.field == "bid"
    assert "without the shoot" in error
    assert validate_result(DRAW, {**MADE, "bid": 32}) == []


def test_non_dict_record_is_refused_section_5():
    """RULES.md 5: something that is not a record at all is one error, not an exception."""
    for junk in (None, [], "deal 1", 42, ("deal", 1), {"deal"}):
        assert fields(validate_result(DRAW, junk)) == ["record"]


def test_each_bad_field_gives_one_error_section_5():
    """RULES.md 5: the validator names each failing field, once."""
    record = {
        "deal": 9,
        "dealer": "x",
        "players": ["Ana"],
        "bidder": 7,
        "bid": 5,
        "trump": "Z",
        "bidding_team_points": 20,
        "other_team_points": -3,
        "cards": {"A": 3},
        "tally": "6-10",
        "round_open": False,
        "table_exists": False,
        "log": "no",
    }
    errors = validate_result(DRAW, record)
    assert sorted(fields(errors)) == sorted(
        ["deal", "dealer", "players", "bidder", "bid", "trump", "bidding_team_points"]
        + ["other_team_points", "cards", "tally", "round", "table", "log"]
    )


def test_messages_speak_of_seats_as_people_number_them_section_1():
    """RULES.md 1: seats are 0..3 in code and 1..4 to people."""
    [error] = validate_result(DRAW, {**MADE, "deal": 3})
    assert error == "Deal 3 is dealt by seat 3 (Cruz), not seat 2 (Bea)."
    [error] = validate_result(DRAW, {**MADE, "players": ["Ana", None, "Cruz", "Dee"]})
    assert error == "Seat 2 is empty, so nobody there could have bid."


def test_card_total_is_named_when_points_disagree_section_5():
    """RULES.md 5: in detailed entry the totals follow from the card values."""
    [error] = validate_result(DRAW, {**MADE, "cards": {**MADE_CARDS, "T": 1}})
    assert error.field == "bidding_team_points"
    assert "11 points" in error


def test_tally_error_states_the_right_scores_section_3_9():
    """RULES.md 3.9: the tally message gives the scores the record yields."""
    [error] = validate_result(DRAW, {**MADE, "bid": 12, "tally": [6, 10]})
    assert error == (
        "By this result the tally should read 6 for seats 1 and 3 and -12 for seats 2 and 4 "
        "(bid 12 set with 10 points: -12), not 6 and 10."
    )


def test_field_error_is_a_picklable_string_section_5():
    """RULES.md 5: errors are sentences for the host that carry their field."""
    error = FieldError("bid", "The bid must be 6 to 16, or 32 to shoot.")
    assert isinstance(error, str)
    assert str(error) == error.message == "The bid must be 6 to 16, or 32 to shoot."
    copy = pickle.loads(pickle.dumps(error))
    assert (copy, copy.field, copy.message) == (error, "bid", error.message)
    assert "bid" in repr(error)


# ----------------------------------------------------------------- engine-made records


@pytest.mark.parametrize("rs", [DRAW, WIDOW], ids=lambda rs: rs.name)
def test_every_engine_record_is_accepted_section_7(rs):
    """RULES.md 7 and 5: every finished deal's record passes the validator, with
    its cards, tally and action log."""
    for seed in range(300):
        deal = seed % 4 + 1
        record, state = engine_record(rs, seed, deal)
        assert validate_result(rs, record) == [], record
        bare = {k: v for k, v in record.items() if k not in ("cards", "tally")}
        assert validate_result(rs, bare) == []
        if seed % 5 == 0:
            assert validate_result(rs, {**record, "log": log_of(state)}) == []


@pytest.mark.parametrize("rs", [DRAW, WIDOW], ids=lambda rs: rs.name)
def test_engine_cards_alone_give_the_points_section_5(rs):
    """RULES.md 5: detailed entry from the engine, without typed points, is accepted
    and yields the engine's tally."""
    for seed in range(100):
        record, _ = engine_record(rs, seed)
        del record["bidding_team_points"]
        assert validate_result(rs, record) == []


def test_engine_record_with_a_wrong_tally_is_refused_section_3_9():
    """RULES.md 3.9: a tally off by one point on either side is refused."""
    for seed in range(50):
        record, _ = engine_record(DRAW, seed)
        for side in (0, 1):
            tally = list(record["tally"])
            tally[side] += 1
            assert fields(validate_result(DRAW, {**record, "tally": tally})) == ["tally"]


# ----------------------------------------------------------------- the action log


def test_log_disagreeing_with_the_record_names_the_field_section_5():
    """RULES.md 5: a replayed log must agree with the record it comes with."""
    record, state = engine_record(DRAW, 11)
    record["log"] = log_of(state)
    other_bid = 6 if record["bid"] != 6 else 7
    other_suit = "S" if record["trump"] != "S" else "H"
    points = record["bidding_team_points"]
    role = "A"
    flipped = {**record["cards"], role: 1 - record["cards"][role]}
    cases = [
        ({"bidder": (record["bidder"] + 2) % 4}, "bidder"),
        ({"bid": other_bid, "tally": None}, "bid"),
        ({"trump": other_suit}, "trump"),
        (
            {"bidding_team_points": (points + 1) % 17, "cards": None, "tally": None},
            "bidding_team_points",
        ),
        ({"cards": flipped, "bidding_team_points": None, "tally": None}, "cards"),
    ]
    for changes, field in cases:
        errors = validate_result(DRAW, {**record, **changes})
        assert field in fields(errors), (changes, errors)
        assert len(set(fields(errors))) == len(errors)
        [error] = [e for e in errors if e.field == field]
        assert "deal log says" in error


def test_log_dealt_by_the_wrong_seat_section_5():
    """RULES.md 5: deal d is dealt by seat (d-1) mod 4, in the log too."""
    record, state = engine_record(DRAW, 12, deal=1)
    record = {**record, "log": log_of(state), "deal": 2}
    del record["dealer"]
    assert fields(validate_result(DRAW, record)) == ["log"]
    assert fields(validate_result(DRAW, {**record, "dealer": 1})) == ["dealer"]


def test_tampered_log_is_refused_at_that_action_section_5():
    """RULES.md 5: the replay rejects the first illegal action, numbered from 1."""
    rng = random.Random(5)
    for seed in range(40):
        rs = (DRAW, WIDOW)[seed % 2]
        record, state = engine_record(rs, seed)
        log = log_of(state)
        index = rng.randrange(len(log["actions"]))
        before = new_deal(rs, state.dealer, deck=log["deck"])
        for action in log["actions"][:index]:
            before.apply(action)
        bad = rng.choice([a for a in ALL_ACTIONS if a not in before.legal_actions()])
        actions = list(log["actions"])
        actions[index] = bad
        errors = validate_result(rs, {**record, "log": {**log, "actions": actions}})
        assert fields(errors) == ["log"]
        assert f"at action {index + 1} ('{bad}')" in errors[0]


def test_truncated_log_is_not_a_result_section_5():
    """RULES.md 5: an unfinished deal has no result to record."""
    record, state = engine_record(DRAW, 3)
    log = log_of(state)
    for keep in (0, 1, len(log["actions"]) // 2, len(log["actions"]) - 1):
        truncated = {**log, "actions": log["actions"][:keep]}
        [error] = validate_result(DRAW, {**record, "log": truncated})
        assert error.field == "log"
        said = "1 action," if keep == 1 else f"{keep} actions,"
        assert f"stops after {said}" in error


def test_log_after_the_end_is_refused_section_5():
    """RULES.md 5: actions after the deal is over are illegal."""
    record, state = engine_record(DRAW, 4)
    log = log_of(state)
    longer = {**log, "actions": [*log["actions"], "pass"]}
    [error] = validate_result(DRAW, {**record, "log": longer})
    assert error.field == "log"
    assert "over" in error


@pytest.mark.parametrize(
    "log",
    [
        {"deck": [], "actions": []},
        {"dealer": 0, "deck": None, "actions": []},
        {"dealer": 0, "deck": ["AS"] * 52, "actions": []},
        {"dealer": True, "deck": [], "actions": []},
        {"dealer": 0, "deck": list(CODES), "actions": "pass"},
        {"dealer": 0, "deck": list(CODES), "actions": [["pass"], {"bid": 7}, 7, None]},
        "pass pass pass bid 6",
        42,
    ],
    ids=["no-dealer", "no-deck", "bad-deck", "bool-dealer", "string-actions", "junk-actions"]
    + ["string", "number"],
)
def test_malformed_log_is_a_log_error_section_5(log):
    """RULES.md 5: a log that cannot be replayed is an error on the log, not an exception."""
    record = {"deal": 1, "bidder": 0, "bid": 6, "bidding_team_points": 9, "log": log}
    assert fields(validate_result(DRAW, record)) == ["log"]


def test_replay_error_is_an_illegal_action_section_8():
    """RULES.md 8: a bad log is refused like an illegal action."""
    error = ReplayError(12, "play 7C", "hearts were led: play a heart or a trump (spades)")
    assert str(error) == "action 13 ('play 7C'): hearts were led: play a heart or a trump (spades)"
    copy = pickle.loads(pickle.dumps(error))
    assert (copy.index, copy.action, copy.reason, str(copy)) == (
        12,
        "play 7C",
        error.reason,
        str(error),
    )


# ----------------------------------------------------------------- never raises

ALL_ACTIONS = (
    ["pass"]
    + [f"bid {n}" for n in range(1, 33)]
    + [f"trump {s}" for s in "SHDC"]
    + [f"{verb} {code}" for verb in ("discard", "take", "lay", "play") for code in CODES]
)

junk = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=True)
    | st.text(max_size=8)
    | st.sampled_from(["S", "H", "D", "C", "", "A", "2", *ALL_ACTIONS[:40], *CODES[:5]])
    | st.sampled_from([0, 1, 2, 3, 4, 6, 16, 32, -32]),
    lambda inner: (
        st.lists(inner, max_size=6)
        | st.tuples(inner, inner)
        | st.dictionaries(st.sampled_from([*POINT_ROLES, "dealer", "deck", "actions", "x"]), inner)
        | st.frozensets(st.integers(0, 5))
    ),
    max_leaves=12,
)
KEYS = [
    "deal",
    "dealer",
    "players",
    "bidder",
    "bid",
    "trump",
    "bidding_team_points",
    "other_team_points",
    "cards",
    "tally",
    "recorded_deals",
    "amending",
    "round_open",
    "table_exists",
    "log",
]


@settings(max_examples=400, deadline=None, database=None)
@given(changes=st.dictionaries(st.sampled_from(KEYS), junk, max_size=6))
def test_junk_fields_never_raise_section_5(changes):
    """RULES.md 5: whatever a field holds, the answer is a list of field errors,
    at most one per field."""
    for base in ({**MADE, "cards": MADE_CARDS, "tally": [6, 10]}, {}):
        errors = validate_result(DRAW, {**base, **changes})
        assert isinstance(errors, list)
        assert all(isinstance(e, FieldError) and isinstance(e.field, str) for e in errors)
        assert all(e.message and e == e.message for e in errors)
        assert len(set(fields(errors))) == len(errors)
        unchanged = set(KEYS) - set(changes) - {"bidding_team_points", "tally", "log"}
        if base:
            # A field left as it was is never blamed (points, tally and a
            # log depend on other fields).
            assert not set(fields(errors)) & (unchanged - {"dealer", "bidder", "deal"})


@settings(
    max_examples=200, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(record=junk)
def test_junk_records_never_raise_section_5(record):
    """RULES.md 5: not even a record of the wrong shape makes the validator raise."""
    errors = validate_result(WIDOW, record)
    assert isinstance(errors, list)
    assert all(isinstance(e, FieldError) for e in errors)
    assert len(set(fields(errors))) == len(errors)


def rules_3_9(bid: int, points: int, penalty: int = 32) -> tuple[int, int]:
    """(bidding team, other team) written straight from RULES.md 3.9."""
    other = 16 - points
    if bid == 32:
        return (32 if points == 16 else -penalty), other
    return (points if points >= bid else -bid), other


@settings(max_examples=300, deadline=None, database=None)
@given(
    bidder=st.integers(0, 3),
    bid=st.sampled_from([*range(6, 17), 32]),
    points=st.integers(0, 16),
    tally=st.tuples(st.integers(-40, 40), st.integers(-40, 40)),
    penalty=st.sampled_from([32, 16]),
)
def test_tally_accepted_exactly_when_it_is_the_section_3_9_score(
    bidder, bid, points, tally, penalty
):
    """RULES.md 3.9 and 5: a typed tally is accepted if and only if it is the deal's score."""
    rs = DRAW.with_options(shoot_set_penalty=penalty)
    mine, theirs = rules_3_9(bid, points, penalty)
    right = [mine, theirs] if bidder % 2 == 0 else [theirs, mine]
    record = {"deal": 1, "bidder": bidder, "bid": bid, "bidding_team_points": points}
    assert validate_result(rs, {**record, "tally": right}) == []
    errors = validate_result(rs, {**record, "tally": list(tally)})
    assert fields(errors) == ([] if list(tally) == right else ["tally"])


@settings(max_examples=300, deadline=None, database=None)
@given(
    bidder=st.integers(0, 3),
    teams=st.tuples(*[st.integers(0, 1)] * 6),
    points=st.integers(0, 16),
)
def test_cards_agree_with_points_exactly_section_5(bidder, teams, points):
    """RULES.md 2 and 5: detailed entry gives the bidding team the Monterey values
    of its cards (A 1, J 3, T 1, P 5, L 5, 2 1); typed points must match."""
    cards = dict(zip(POINT_ROLES, teams, strict=True))
    values = {"A": 1, "J": 3, "T": 1, "P": 5, "L": 5, "2": 1}
    by_cards = sum(values[role] for role, team in cards.items() if team == bidder % 2)
    record = {"deal": 1, "bidder": bidder, "bid": 6, "cards": cards}
    assert validate_result(DRAW, record) == []
    errors = validate_result(DRAW, {**record, "bidding_team_points": points})
    assert fields(errors) == ([] if points == by_cards else ["bidding_team_points"])
