"""The database's checks on a stored deal hold every game the project ships:
each ruleset's bids and points fit them, and a value no ruleset has is refused."""

from __future__ import annotations

import dataclasses

import pytest
from django.core.exceptions import ValidationError

from scoring.rules import PARTNERSHIP_RULESETS
from scoring.rules.rulesets import stored_bounds
from tournaments.models import DealResult

pytestmark = pytest.mark.django_db

RANGE_CHECKS = ("bid_range", "bidding_points_range")


def _checks() -> list:
    return [c for c in DealResult._meta.constraints if c.name in RANGE_CHECKS]


def fits(bid: int, points: int) -> bool:
    """Whether the database's range checks accept a deal with this bid and points."""
    row = DealResult(
        table=1, deal=1, bidder=0, bid=bid, bidding_team_points=points, score0=0, score1=0
    )
    try:
        for check in _checks():
            check.validate(DealResult, row)
    except ValidationError:
        return False
    return True


def test_both_range_checks_are_found():
    assert sorted(c.name for c in _checks()) == sorted(RANGE_CHECKS)


@pytest.mark.parametrize("name", sorted(PARTNERSHIP_RULESETS))
def test_every_bid_and_every_points_of_each_shipped_ruleset_fit_the_checks(name):
    rs = PARTNERSHIP_RULESETS[name]
    assert all(fits(bid, 0) for bid in rs.bids())
    assert all(fits(rs.min_bid, points) for points in range(rs.total_points + 1))


def test_values_outside_every_shipped_ruleset_are_refused():
    bounds = stored_bounds()
    assert not fits(bounds.lowest_bid - 1, 0)
    assert not fits(bounds.lowest_bid, bounds.most_points + 1)
    past = bounds.highest_bid + 1
    if past not in bounds.top_bids:
        assert not fits(past, 0)
    assert not fits(max((bounds.highest_bid, *bounds.top_bids)) + 1, 0)


def test_the_bounds_follow_the_rulesets_given():
    draw = PARTNERSHIP_RULESETS["monterey-draw"]
    wider = dataclasses.replace(
        draw, name="wider", min_bid=2, max_bid=20, points=(("A", 10), ("J", 10)), shoot=False
    )
    bounds = stored_bounds([draw, wider])
    assert (bounds.lowest_bid, bounds.highest_bid, bounds.most_points) == (2, 20, 20)
    # The shoot is above every plain bid, so it stays a top contract.
    assert bounds.top_bids == (draw.shoot_bid,)
    assert stored_bounds([wider]).top_bids == ()
    assert stored_bounds() == stored_bounds(PARTNERSHIP_RULESETS.values())


def other_fits(other: int | None) -> bool:
    """Whether the database accepts a deal with these points for the other team."""
    row = DealResult(
        table=1, deal=1, bidder=0, bid=6, bidding_team_points=0, other_team_points=other
    )
    (check,) = [c for c in DealResult._meta.constraints if c.name == "other_points_range"]
    try:
        check.validate(DealResult, row)
    except ValidationError:
        return False
    return True


@pytest.mark.parametrize("name", sorted(PARTNERSHIP_RULESETS))
def test_the_other_teams_points_of_each_shipped_ruleset_fit_and_no_more(name):
    rs = PARTNERSHIP_RULESETS[name]
    assert other_fits(None)
    assert all(other_fits(points) for points in range(rs.total_points + 1))
    assert not other_fits(stored_bounds().most_points + 1)
