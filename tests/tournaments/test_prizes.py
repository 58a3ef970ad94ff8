"""Prizes: picking order and special prizes (RULES.md section 6, "Prizes")."""

import dataclasses

import pytest

from scoring.rules import RULESETS
from tournaments.game.standings import (
    BidRecord,
    PrizePick,
    SpecialPrize,
    StandingRow,
    award_prizes,
    highest_bid_made,
    low_score,
    most_shoots_made,
)

MONTEREY = RULESETS["monterey-draw"]

# Standings rows as compute_standings gives them: equal players in registration order.
STANDINGS = [
    StandingRow(rank=1, player="Ana", score=90, rounds_won=5, sitouts=0),
    StandingRow(rank=2, player="Bea", score=80, rounds_won=4, sitouts=0),
    StandingRow(rank=2, player="Cruz", score=80, rounds_won=4, sitouts=1),
    StandingRow(rank=2, player="Dee", score=80, rounds_won=4, sitouts=0),
    StandingRow(rank=5, player="Eli", score=-12, rounds_won=1, sitouts=0),
    StandingRow(rank=5, player="Fay", score=-12, rounds_won=1, sitouts=1),
]


def test_winners_pick_in_rank_order_ties_in_registration_order_by_default():
    picks = award_prizes(STANDINGS, ["Lamp", "Pie", "Mug"])
    assert picks == [
        PrizePick(pick=1, player="Ana", rank=1, prize="Lamp"),
        PrizePick(pick=2, player="Bea", rank=2, prize="Pie"),
        PrizePick(pick=3, player="Cruz", rank=2, prize="Mug"),
    ]


def test_host_sets_the_order_of_tied_players():
    picks = award_prizes(STANDINGS, ["Lamp", "Pie", "Mug", "Pen"], tie_order=["Dee", "Bea"])
    # Dee, then Bea as the host listed; Cruz, not listed, follows.
    assert [(p.pick, p.player, p.rank) for p in picks] == [
        (1, "Ana", 1),
        (2, "Dee", 2),
        (3, "Bea", 2),
        (4, "Cruz", 2),
    ]


def test_tie_order_never_lifts_a_player_above_a_better_rank():
    picks = award_prizes(STANDINGS, ["a", "b"], tie_order=["Fay", "Cruz", "Ana"])
    assert [p.player for p in picks] == ["Ana", "Cruz"]


def test_more_prizes_than_players():
    picks = award_prizes(STANDINGS[:2], ["a", "b", "c"])
    assert [p.player for p in picks] == ["Ana", "Bea"]


def test_no_prizes():
    assert award_prizes(STANDINGS, []) == []


def test_tie_order_without_repeats():
    with pytest.raises(ValueError):
        award_prizes(STANDINGS, ["a"], tie_order=["Bea", "Bea"])


def test_low_score_is_shared_on_a_tie():
    assert low_score(STANDINGS) == SpecialPrize(players=("Eli", "Fay"), value=-12)
    assert low_score(STANDINGS[:5]) == SpecialPrize(players=("Eli",), value=-12)
    assert low_score([]) == SpecialPrize(players=(), value=None)


# --- most 32s made, highest bid made ---------------------------------------------

REGISTRATION = ["Ana", "Bea", "Cruz", "Dee", "Eli", "Fay", "Gus", "Hal"]
T1 = ("Ana", "Bea", "Cruz", "Dee")
T2 = ("Eli", "Fay", "Gus", "Hal")


@pytest.mark.parametrize(
    ("bid", "points", "made"),
    [(6, 6, True), (6, 5, False), (16, 16, True), (16, 15, False), (32, 16, True), (32, 15, False)],
)
def test_bid_made(bid, points, made):
    assert MONTEREY.bid_made(bid, points) is made


def test_a_made_shoot_counts_for_both_partners():
    deals = [
        BidRecord(seats=T1, bidder=1, bid=32, bidding_team_points=16),  # Bea + Dee
        BidRecord(seats=T2, bidder=0, bid=32, bidding_team_points=14),  # set: counts for nobody
    ]
    assert most_shoots_made(deals, registration=REGISTRATION, ruleset=MONTEREY) == SpecialPrize(
        ("Bea", "Dee"), 1
    )


def test_most_32s_made_ties_share():
    deals = [
        BidRecord(seats=T1, bidder=3, bid=32, bidding_team_points=16),  # Bea + Dee
        BidRecord(seats=T2, bidder=2, bid=32, bidding_team_points=16),  # Eli + Gus
        BidRecord(seats=("Bea", "Eli", "Dee", "Hal"), bidder=0, bid=32, bidding_team_points=16),
        BidRecord(seats=("Eli", "Ana", "Gus", "Bea"), bidder=2, bid=32, bidding_team_points=16),
    ]
    # Bea: 2 (deals 1, 3); Dee: 2 (deals 1, 3); Eli: 2 (deals 2, 4); Gus: 2 (deals 2, 4).
    assert most_shoots_made(deals, registration=REGISTRATION, ruleset=MONTEREY) == SpecialPrize(
        ("Bea", "Dee", "Eli", "Gus"), 2
    )


def test_no_shoot_made_no_winner():
    deals = [BidRecord(seats=T1, bidder=0, bid=16, bidding_team_points=16)]
    assert most_shoots_made(deals, registration=REGISTRATION, ruleset=MONTEREY) == SpecialPrize(
        (), None
    )
    assert most_shoots_made([], registration=REGISTRATION, ruleset=MONTEREY) == SpecialPrize(
        (), None
    )


def test_highest_bid_made_counts_for_both_partners_and_ties_share():
    deals = [
        BidRecord(seats=T1, bidder=0, bid=12, bidding_team_points=12),  # Ana + Cruz made 12
        BidRecord(seats=T1, bidder=1, bid=14, bidding_team_points=13),  # set
        BidRecord(seats=T2, bidder=3, bid=12, bidding_team_points=16),  # Fay + Hal made 12
        BidRecord(seats=T2, bidder=0, bid=9, bidding_team_points=10),
    ]
    assert highest_bid_made(deals, registration=REGISTRATION, ruleset=MONTEREY) == SpecialPrize(
        ("Ana", "Cruz", "Fay", "Hal"), 12
    )


def test_a_made_shoot_is_the_highest_bid():
    deals = [
        BidRecord(seats=T1, bidder=0, bid=16, bidding_team_points=16),
        BidRecord(seats=T2, bidder=1, bid=32, bidding_team_points=16),
        BidRecord(seats=T2, bidder=0, bid=32, bidding_team_points=15),
    ]
    assert highest_bid_made(deals, registration=REGISTRATION, ruleset=MONTEREY) == SpecialPrize(
        ("Fay", "Hal"), 32
    )


def test_no_bid_made_no_winner():
    deals = [BidRecord(seats=T1, bidder=0, bid=7, bidding_team_points=6)]
    assert highest_bid_made(deals, registration=REGISTRATION, ruleset=MONTEREY) == SpecialPrize(
        (), None
    )


def test_bid_record_checks_the_bidder_seat():
    with pytest.raises(ValueError):
        BidRecord(seats=T1, bidder=4, bid=7, bidding_team_points=6)


def test_a_game_without_a_shoot_has_no_shoot_to_count():
    no_shoot = dataclasses.replace(MONTEREY, name="no-shoot", shoot=False)
    deals = [BidRecord(seats=T1, bidder=1, bid=MONTEREY.shoot_bid, bidding_team_points=16)]
    assert most_shoots_made(deals, registration=REGISTRATION, ruleset=MONTEREY).players
    assert most_shoots_made(deals, registration=REGISTRATION, ruleset=no_shoot) == SpecialPrize(
        (), None
    )
