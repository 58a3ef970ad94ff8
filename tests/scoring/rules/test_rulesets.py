"""Rulesets as values, deal scores and the casual game's winner
(RULES.md sections 3.2, 3.9, 3.10 and 9)."""

import dataclasses
import random

import pytest

from scoring.rules import RULESETS, Ruleset, RulesetError, game_winner, new_deal

DRAW = RULESETS["monterey-draw"]
WIDOW = RULESETS["monterey-widow"]


def test_section_9_the_two_monterey_rulesets_with_default_house_options():
    assert {"monterey-draw", "monterey-widow"} <= set(RULESETS)
    assert (DRAW.deal_mode, WIDOW.deal_mode) == ("draw", "widow")
    for rs in (DRAW, WIDOW):
        assert rs.options() == {
            "shoot_needs_ace_and_two": True,
            "low_is_keeper": True,
            "shoot_set_penalty": 32,
            "target": 91,
            "bid_out": True,
            "deals_per_round": 4,
        }
        assert (rs.min_bid, rs.max_bid, rs.shoot, rs.shoot_bid) == (6, 16, True, 32)
        assert rs.total_points == 16
        assert rs.first_lead == "bidder_leads_trump"


def test_section_9_a_ruleset_is_an_immutable_value():
    with pytest.raises(dataclasses.FrozenInstanceError):
        DRAW.target = 50
    with pytest.raises(TypeError):
        RULESETS["mine"] = DRAW
    assert hash(DRAW) == hash(DRAW.with_options())
    assert DRAW.with_options() == DRAW and WIDOW != DRAW


def test_section_9_house_options_give_a_new_value_and_leave_the_original():
    changed = DRAW.with_options(target=52, bid_out=False, shoot_set_penalty=16)
    assert (changed.target, changed.bid_out, changed.shoot_set_penalty) == (52, False, 16)
    assert (DRAW.target, DRAW.bid_out, DRAW.shoot_set_penalty) == (91, True, 32)


@pytest.mark.parametrize(
    "options",
    [
        {"colour": "red"},
        {"bid_out": 1},
        {"low_is_keeper": "yes"},
        {"target": True},
        {"target": 0},
        {"target": 91.5},
        {"shoot_set_penalty": 20},
        {"deals_per_round": 0},
        {"deals_per_round": 13},
    ],
)
def test_section_9_unknown_or_bad_house_options_are_refused(options):
    with pytest.raises(RulesetError):
        DRAW.with_options(**options)


def test_section_9_a_ruleset_round_trips_through_json():
    for rs in (DRAW, WIDOW.with_options(low_is_keeper=False, target=121)):
        assert Ruleset.from_json(rs.to_json()) == rs
    for bad in ({"name": "whist"}, {}, {"name": ["monterey-draw"]}, "monterey-draw", None):
        with pytest.raises(RulesetError):
            Ruleset.from_json(bad)


def test_section_3_2_bid_values_are_6_to_16_and_32():
    assert [n for n in range(0, 40) if DRAW.legal_bid(n)] == [*range(6, 17), 32]
    assert not DRAW.legal_bid(True) and not DRAW.legal_bid("7") and not DRAW.legal_bid(7.0)
    no_shoot = dataclasses.replace(DRAW, shoot=False)
    assert [n for n in range(0, 40) if no_shoot.legal_bid(n)] == list(range(6, 17))


@pytest.mark.parametrize(
    ("bid", "points", "expected"),
    [
        (6, 6, (6, 10)),  # made exactly
        (7, 12, (12, 4)),  # made: the bidding team scores what it took
        (9, 8, (-9, 8)),  # set: minus the bid; the others still score theirs
        (16, 16, (16, 0)),  # a made 16 scores 16, not doubled
        (16, 15, (-16, 1)),
        (32, 16, (32, 0)),  # the shoot made
        (32, 15, (-32, 1)),  # the shoot set
        (32, 0, (-32, 16)),
    ],
)
def test_section_3_9_deal_score(bid, points, expected):
    assert DRAW.deal_score(bid, points) == expected
    assert WIDOW.deal_score(bid, points) == expected


def test_section_3_9_shoot_set_penalty_16_house_option():
    rs = DRAW.with_options(shoot_set_penalty=16)
    assert rs.deal_score(32, 12) == (-16, 4)
    assert rs.deal_score(32, 16) == (32, 0)
    assert rs.deal_score(16, 12) == (-16, 4)  # a plain bid of 16 is set for 16 anyway


class TestSection310GameWinner:
    """RULES.md section 3.10: game_winner(rs, totals after the deal, bidding team, made)."""

    def test_bid_out_the_bidding_team_wins_by_making_its_bid_at_the_target(self):
        assert game_winner(DRAW, (91, 40), 0, True) == 0
        assert game_winner(DRAW, (40, 95), 1, True) == 1

    def test_bid_out_below_the_target_or_set_nobody_wins(self):
        assert game_winner(DRAW, (90, 40), 0, True) is None
        assert game_winner(DRAW, (91, 40), 0, False) is None

    def test_bid_out_the_other_team_over_the_target_does_not_win(self):
        assert game_winner(DRAW, (60, 100), 0, True) is None
        assert game_winner(DRAW, (60, 100), 0, False) is None

    def test_bid_out_both_over_the_target_the_bidder_who_made_it_wins(self):
        assert game_winner(DRAW, (95, 100), 0, True) == 0
        assert game_winner(DRAW, (95, 100), 0, False) is None

    def test_without_bid_out_the_first_team_at_the_target_wins(self):
        rs = DRAW.with_options(bid_out=False)
        assert game_winner(rs, (91, 40), 1, False) == 0
        assert game_winner(rs, (40, 91), 0, True) == 1
        assert game_winner(rs, (90, 90), 0, True) is None

    def test_without_bid_out_both_at_the_target_made_bid_wins_else_the_others(self):
        rs = DRAW.with_options(bid_out=False)
        assert game_winner(rs, (95, 100), 0, True) == 0
        assert game_winner(rs, (95, 100), 0, False) == 1
        assert game_winner(rs, (100, 95), 1, True) == 1
        assert game_winner(rs, (100, 95), 1, False) == 0

    def test_the_target_is_a_house_option(self):
        rs = DRAW.with_options(target=52)
        assert game_winner(rs, (52, 0), 0, True) == 0
        assert game_winner(DRAW, (52, 0), 0, True) is None


def test_section_9_a_variant_point_table_is_data_the_engine_plays_as_is():
    """Double Pedro / Cinch: high, low, jack, game 1 each, two pedros 5 each = 14."""
    cinch = Ruleset(
        name="cinch",
        title="Cinch",
        points=(("A", 1), ("J", 1), ("T", 1), ("P", 5), ("L", 5), ("2", 1)),
        max_bid=14,
    )
    assert cinch.total_points == 14
    assert cinch.deal_score(7, 9) == (9, 5)
    rng = random.Random(3)
    for seed in range(40):
        state = new_deal(cinch, dealer=seed % 4, seed=seed)
        while state.phase != "done":
            state.apply(rng.choice(state.legal_actions()))
        assert sum(state.captured()) == 14


def test_a_bid_label_is_the_figure_and_the_shoot_reads_max_for_shoot():
    assert DRAW.bid_label(DRAW.min_bid) == str(DRAW.min_bid)
    assert DRAW.bid_label(DRAW.shoot_bid) == f"{DRAW.max_bid} for {DRAW.shoot_bid}"
    no_shoot = dataclasses.replace(DRAW, name="no-shoot", shoot=False)
    assert no_shoot.bid_label(DRAW.shoot_bid) == str(DRAW.shoot_bid)


def test_point_cards_follow_the_point_table_and_leave_out_a_card_worth_nothing():
    assert DRAW.point_cards() == DRAW.points
    assert sum(value for _, value in DRAW.point_cards()) == DRAW.total_points
    other = dataclasses.replace(
        DRAW, name="other", points=(("T", 4), ("A", 0), ("2", 3)), min_bid=1, max_bid=7
    )
    assert other.point_cards() == (("T", 4), ("2", 3))


def test_a_deal_has_a_trick_for_each_card_of_a_hand():
    assert DRAW.tricks == DRAW.hand_size
    assert dataclasses.replace(DRAW, name="seven", hand_size=7).tricks == 7


def test_section_12_5_every_game_is_in_rulesets_and_parties_get_the_partnership_ones():
    from scoring.rules import PARTNERSHIP_RULESETS
    from scoring.rules.rulesets import SEAT_RULESETS

    n_seat = {"five-hand", "railroad", "individual", "original"}
    partnership = {"dom-pedro", "snoozer", "canadian", "pitch"}
    assert n_seat | partnership <= set(RULESETS)
    assert set(SEAT_RULESETS) == n_seat
    assert set(RULESETS) == set(PARTNERSHIP_RULESETS) | n_seat
    assert partnership <= set(PARTNERSHIP_RULESETS) and not n_seat & set(PARTNERSHIP_RULESETS)
    assert all(rs.players == 4 and rs.sides == "fixed" for rs in PARTNERSHIP_RULESETS.values())
    three = RULESETS["individual"].with_options(players=3)
    assert new_deal(three, dealer=2, seed=1).seats == 3
    assert Ruleset.from_json(three.to_json()) == three
