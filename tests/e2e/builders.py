"""Parties and online tables made through the services, for browser tests
that only need to visit pages."""

from __future__ import annotations

import datetime
import random

from scoring import services as play
from scoring.models import OnlineTable
from scoring.services import SeatSpec
from tournaments import services
from tournaments.models import Party, Round

PLAYERS = ["Élodie", "Siobhán", "José", "Rosa", "Tony", "Connie", "Walt", "Dolores", "Frank"]
PEOPLE = ("Ana", "Bea", "Cruz", "Dee")


def played_party(host) -> Party:
    """Nine players; round 1 played and closed, round 2 drawn."""
    party = services.party_create(
        owner=host,
        name="Friday Pedro",
        date=datetime.date(2026, 5, 8),
        venue="Parish hall",
        settings=services.PartySettings(prizes=["Wine", "Chocolates"]),
    )
    for name in PLAYERS:
        services.player_register(party=party, name=name, user=host)
    rnd = services.round1_seat_draw(party=party, seed=17, user=host)
    rs = services.party_ruleset(party)
    rng = random.Random(5)
    with services.results_entry(round=rnd, user=host) as enter:
        for table in (1, 2):
            for deal in range(1, party.deals_per_round + 1):
                enter(
                    table=table,
                    deal=deal,
                    entry=services.DealEntry(
                        bidder=rng.randrange(4),
                        bid=rng.randrange(rs.min_bid, rs.max_bid + 1),
                        bidding_team_points=rng.randrange(rs.total_points + 1),
                    ),
                )
    services.round_close(round=Round.objects.get(pk=rnd.pk), user=host)
    party.refresh_from_db()
    return party


def online_table(phase: str) -> OnlineTable:
    """Four people at one deal, played with each seat's first legal move until
    the deal reaches ``phase`` ("bid", "play" or "done")."""
    table = play.table_create(seats=[SeatSpec(name, "human") for name in PEOPLE], deals=1)
    for _ in range(200):
        table.refresh_from_db()
        state = play.deal_state(play.table_ruleset(table), table.current)
        if state.phase == phase:
            return table
        seat = table.seats.get(seat=state.to_act)
        play.table_act(token=seat.token, action=state.legal_actions()[0], version=table.version)
    raise AssertionError(f"the deal never reached {phase!r}")
