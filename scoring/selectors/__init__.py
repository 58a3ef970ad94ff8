"""Reads for online play: what each page shows and what each poll costs.

    tables.py   a table's ruleset, seats and deal in play (services read these too)
    state.py    public facts, finished deals, the polls, a seat's view and JSON
    cards.py    cards as tiles: face, order in a hand, markup
    seat.py     a seat's screen
    manage.py   the creator's screen
    replay.py   the replay of a finished deal
    advice.py   the expert's hint on a person's turn, from their view alone

Nothing here writes or imports a service.
"""

from .advice import (
    Hint,
    action_words,
    expert_advice,
    expert_budget,
    hints_offered,
    seat_hint,
    signed,
)
from .cards import SYMBOLS, CardTile, bid_text, hand_order, suit_label, tile
from .manage import ManagedSeat, ManageScreen, manage_screen
from .replay import ReplayScreen, describe, replay_screen
from .seat import SeatBox, SeatScreen, build_seat_screen, seat_screen
from .state import (
    DealLine,
    SeatPresence,
    TablePoll,
    finished_deals,
    manage_poll,
    seat_etag,
    seat_json,
    seat_poll,
    table_facts,
)
from .tables import (
    LEVEL_WORDS,
    Played,
    away_note,
    bots_overdue_since,
    deal_state,
    members_seatable,
    seat_bid_made,
    seat_game,
    seat_idle,
    seat_points,
    table_ruleset,
    table_seats,
)

__all__ = [
    "Hint",
    "action_words",
    "expert_advice",
    "expert_budget",
    "hints_offered",
    "seat_hint",
    "signed",
    "LEVEL_WORDS",
    "away_note",
    "SYMBOLS",
    "CardTile",
    "DealLine",
    "ManageScreen",
    "ManagedSeat",
    "Played",
    "ReplayScreen",
    "SeatBox",
    "SeatPresence",
    "SeatScreen",
    "TablePoll",
    "bid_text",
    "bots_overdue_since",
    "build_seat_screen",
    "deal_state",
    "describe",
    "finished_deals",
    "hand_order",
    "manage_poll",
    "manage_screen",
    "members_seatable",
    "replay_screen",
    "seat_etag",
    "seat_bid_made",
    "seat_game",
    "seat_idle",
    "seat_points",
    "seat_json",
    "seat_poll",
    "seat_screen",
    "suit_label",
    "table_facts",
    "table_ruleset",
    "table_seats",
    "tile",
]
