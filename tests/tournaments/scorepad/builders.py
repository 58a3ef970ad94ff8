"""Scorepads for the tests: made through the service, as a host makes them."""

from __future__ import annotations

from scoring.rules import RULESETS
from tournaments.scorepad import services

THREE = ["Ana", "Bea", "Cruz"]
FOUR = ["Ana", "Bea", "Cruz", "Dee"]


def individual_pad(user=None, first_dealer: int = 0, **options):
    """A scorepad of ``individual`` for three players."""
    return services.scorepad_create(
        game="individual",
        options={"players": 3, **options},
        names=THREE,
        first_dealer=first_dealer,
        user=user,
    )


def team_pad(game: str = "canadian", user=None, first_dealer: int = 0):
    return services.scorepad_create(
        game=game, options={}, names=FOUR, first_dealer=first_dealer, user=user
    )


def individual_entry(bidder: int, bid: int, points: list[int]) -> dict:
    return {"bidder": bidder, "bid": bid, "trump": "H", "seat_points": points}


def individual_rs(players: int = 3):
    return RULESETS["individual"].with_options(players=players)
