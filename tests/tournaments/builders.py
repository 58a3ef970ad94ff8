"""Parties made through the services, and their rounds played with random legal results."""

from __future__ import annotations

import datetime
import random

from tournaments import services
from tournaments.models import Party

NAMES = ["Élodie", "Beñat", "Núñez", "O'Brien", "Zoë", "Ana", "Bea", "Cruz", "Dee", "Eli"]


def make_party(owner, players: int = 8, **options) -> Party:
    """A party hosted by ``owner`` with ``players`` registered, named from ``NAMES`` first."""
    party = services.party_create(
        owner=owner,
        name="Spring Card Party",
        date=datetime.date(2026, 4, 18),
        venue="Parish hall",
        prizes=["Wine", "Chocolates", "Deck of cards"],
        **options,
    )
    for i in range(players):
        name = NAMES[i] if i < len(NAMES) else f"Player {i + 1}"
        services.player_register(party=party, name=name, user=owner)
    party.refresh_from_db()
    return party


def play_round(party: Party, rnd, user, rng: random.Random) -> None:
    """Enter every deal of every table of ``rnd`` with random legal results."""
    rs = services.party_ruleset(party)
    for table in sorted(set(rnd.seats.values_list("table", flat=True))):
        for deal in range(1, party.deals_per_round + 1):
            services.result_record(
                round=rnd,
                table=table,
                deal=deal,
                entry=services.DealEntry(
                    bidder=rng.randrange(4),
                    bid=rng.randrange(rs.min_bid, rs.max_bid + 1),
                    bidding_team_points=rng.randrange(rs.total_points + 1),
                ),
                user=user,
            )
