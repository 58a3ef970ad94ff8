"""The scorepad's arithmetic without a database: records, scores, game end."""

from __future__ import annotations

from scoring.rules import RULESETS, validate_result
from tournaments.scorepad.tally import deal_record, deal_scores, dealer_of, game_of

from .builders import THREE, individual_rs


def test_the_deal_passes_left_round_n_seats():
    rs = RULESETS["original"].with_options(players=6)
    assert [dealer_of(rs, 4, d) for d in range(1, 9)] == [4, 5, 0, 1, 2, 3, 4, 5]


def test_an_individual_record_is_checked_and_scored_a_seat():
    rs = individual_rs()
    bid = rs.bids()[0]
    entry = {"bidder": 1, "bid": bid, "seat_points": [2, bid - 1, 3]}
    check, record = deal_record(rs, names=THREE, first_dealer=2, number=2, entry=entry)
    assert validate_result(check, record) == []
    assert record["dealer"] == 0
    # The bidder took less than his bid: he loses it; the others keep theirs.
    assert deal_scores(rs, record) == (2, -bid, 3)


def test_a_four_seat_record_is_checked_as_its_dealer_deals():
    rs = RULESETS["canadian"]
    bid = rs.bids()[0]
    entry = {"bidder": 3, "bid": bid, "bidding_team_points": bid, "other_team_points": 10}
    check, record = deal_record(rs, names=list("ABCD"), first_dealer=1, number=7, entry=entry)
    assert record["dealer"] == (1 + 6) % 4
    assert validate_result(check, record) == []
    # Seat 4 bid: team 1 (seats 2 and 4) made it.
    assert deal_scores(rs, record) == (10, bid)


def test_a_called_partner_record_scores_the_side():
    rs = RULESETS["railroad"]
    bid = rs.bids()[2]
    total = rs.total_points
    entry = {"bidder": 0, "bid": bid, "trump": "S", "call": "AS", "partner": 3,
             "side_points": [bid, total - bid]}  # fmt: skip
    check, record = deal_record(rs, names=list("ABCDE"), first_dealer=0, number=1, entry=entry)
    assert validate_result(check, record) == []
    assert deal_scores(rs, record) == (bid, total - bid, total - bid, bid, total - bid)


def test_the_individual_game_ends_with_the_made_bidder_over_the_target():
    rs = individual_rs()
    target, bid = rs.target, rs.bids()[0]
    first = {"bidder": 0, "bid": bid, "seat_points": [target - 1, 0, 0]}
    # Deal 2: seat 2 and seat 1 both pass the target; seat 2 bid and made it.
    second = {"bidder": 1, "bid": bid, "seat_points": [1, target, 0]}
    game = game_of(rs, first_dealer=0, records=[first, second])
    assert game.totals == (target, target, 0)
    assert game.winner == 1 and game.ended_after == 2


def test_a_tie_over_the_target_plays_on():
    rs = individual_rs()
    target, bid = rs.target, rs.bids()[-1]
    first = {"bidder": 2, "bid": bid, "seat_points": [target - 1, target - 1, 0]}
    # The bidder is set; the two seats over the target are equal: nobody yet.
    second = {"bidder": 2, "bid": bid, "seat_points": [1, 1, 0]}
    game = game_of(rs, first_dealer=0, records=[first, second])
    assert game.winner is None
    third = {"bidder": 0, "bid": bid, "seat_points": [bid, 0, 0]}
    assert game_of(rs, first_dealer=0, records=[first, second, third]).winner == 0


def test_a_four_seat_game_ends_by_its_own_rule():
    rs = RULESETS["canadian"]
    bid, total, target = rs.bids()[0], rs.total_points, rs.target
    deal = {"bidder": 0, "bid": bid, "bidding_team_points": total, "other_team_points": 0}
    deals = [deal] * -(-target // total)
    game = game_of(rs, first_dealer=0, records=deals)
    assert game.winner == 0 and game.ended_after == len(deals)
    assert game_of(rs, first_dealer=0, records=deals[:-1]).winner is None
