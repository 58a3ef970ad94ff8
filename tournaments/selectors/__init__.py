"""Reads: turn a party's rows into plain values for pages, printouts and files.

Every function takes named values and returns dataclasses; none writes, and
none imports a service.

    history.py   party_history: the whole party in six queries
    boards.py    a round's tables, one table's sheet, roster, moves, the clock
    results.py   standings, cached per party version
    prizes.py    special prizes, who picks next, who has what
    parties.py   the parties a user hosts, their tables that may go online
"""

from .boards import (
    CLOCK_WARN_SECONDS,
    Move,
    NavClock,
    RosterLine,
    RoundBoard,
    TableLine,
    board_from_history,
    party_nav_clock,
    player_roster,
    round_board,
    round_moves,
    round_tie_breaks,
    table_sheet,
    utc_instant,
)
from .history import DealInfo, PartyHistory, PlayerInfo, RoundInfo, party_history
from .parties import (
    PARTY_LOAD_ACTION,
    PartyContents,
    PartyLine,
    PartyTableChoice,
    earlier_player_names,
    parties_hosted_by,
    party_contents,
    party_names_on,
    party_table_choices,
)
from .prizes import (
    LatestPick,
    PrizeLine,
    PrizeTurn,
    prize_board,
    prize_kind_label,
    prize_latest_pick,
    prize_order,
    prize_turn,
    special_prize_winners,
)
from .results import StandingLine, Standings, party_standings, round_results, standings_from_history

__all__ = [
    "CLOCK_WARN_SECONDS",
    "PARTY_LOAD_ACTION",
    "DealInfo",
    "LatestPick",
    "Move",
    "NavClock",
    "PartyContents",
    "PartyHistory",
    "PartyLine",
    "PartyTableChoice",
    "PlayerInfo",
    "PrizeLine",
    "PrizeTurn",
    "RosterLine",
    "RoundBoard",
    "RoundInfo",
    "StandingLine",
    "Standings",
    "TableLine",
    "board_from_history",
    "earlier_player_names",
    "parties_hosted_by",
    "party_contents",
    "party_history",
    "party_names_on",
    "party_nav_clock",
    "party_standings",
    "party_table_choices",
    "player_roster",
    "prize_board",
    "prize_kind_label",
    "prize_latest_pick",
    "prize_order",
    "prize_turn",
    "round_board",
    "round_moves",
    "round_results",
    "round_tie_breaks",
    "special_prize_winners",
    "standings_from_history",
    "table_sheet",
    "utc_instant",
]
