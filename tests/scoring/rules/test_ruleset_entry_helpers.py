"""The Ruleset's read-only helpers the entry pages use: its bids, made or set."""

from __future__ import annotations

import dataclasses

import pytest

from scoring.rules.rulesets import RULESETS

MONTEREY = ("monterey-draw", "monterey-widow")


@pytest.mark.parametrize("name", MONTEREY)
def test_bids_are_every_legal_bid_in_order(name):
    rs = RULESETS[name]
    everything = range(-1, rs.shoot_bid + 2)
    assert list(rs.bids()) == [bid for bid in everything if rs.legal_bid(bid)]
    assert rs.bids()[-1] == rs.shoot_bid


def test_without_the_shoot_the_bids_stop_at_the_highest():
    rs = dataclasses.replace(RULESETS["monterey-draw"], shoot=False)
    assert rs.bids() == tuple(range(rs.min_bid, rs.max_bid + 1))


@pytest.mark.parametrize("name", MONTEREY)
def test_bid_made_agrees_with_the_deal_score(name):
    rs = RULESETS[name]
    for bid in rs.bids():
        for took in range(rs.total_points + 1):
            mine, _ = rs.deal_score(bid, took)
            assert rs.bid_made(bid, took) == (mine > 0 or (mine == 0 and took >= bid))


def test_the_shoot_is_made_only_with_every_point():
    rs = RULESETS["monterey-draw"]
    assert rs.bid_made(rs.shoot_bid, rs.total_points)
    assert not rs.bid_made(rs.shoot_bid, rs.total_points - 1)
    assert rs.bid_made(rs.max_bid, rs.total_points)
    assert not rs.bid_made(rs.max_bid, rs.max_bid - 1)
