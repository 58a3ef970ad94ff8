"""Reads: turn a party's rows into plain values for pages, printouts and files.

Every function takes named values and returns dataclasses; none writes, and
none imports a service.

    history.py   party_history: the whole party in six queries
    boards.py    a round's tables, one table's sheet, roster, moves, the clock
    results.py   standings, cached per party version
    member_history.py   a club member's parties, ranks, prizes and deal statistics
    prizes.py    special prizes, who picks next, who has what
    parties.py   the parties a user hosts, their tables that may go online
    members.py   a club's members list, type-ahead, look-alikes, last party
    clubs.py     who holds which role, a club's page, the clubs a user helps
    seasons.py   a season's table, cached per season version, and its page's state
    api_tokens.py  a host's API tokens, and whose a presented token is
"""

from .api_tokens import ApiTokenLine, ApiTokenUse, api_token_holder, api_tokens_of
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
from .clubs import (
    ClubLine,
    ClubPage,
    club_page,
    club_role,
    club_role_held,
    clubs_of,
    clubs_organised_by,
    party_capabilities,
    party_deletable_by,
    seasons_of_clubs,
)
from .history import DealInfo, PartyHistory, PlayerInfo, RoundInfo, party_history
from .member_history import DealStats, MemberHistory, MemberNight, member_history
from .members import (
    MemberChoice,
    MemberLine,
    MemberSuggestions,
    club_members,
    member_lookalikes,
    member_suggestions,
    previous_club_party,
)
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
    PrizeLine,
    PrizeTurn,
    prize_board,
    prize_latest_pick,
    prize_order,
    prize_turn,
    special_prize_winners,
)
from .results import StandingLine, Standings, party_standings, round_results, standings_from_history
from .seasons import (
    SeasonLine,
    SeasonParty,
    SeasonState,
    SeasonTable,
    season_state,
    season_table,
    season_table_at,
    seasons_of_club,
)

__all__ = [
    "ClubLine",
    "ClubPage",
    "club_page",
    "club_role",
    "club_role_held",
    "clubs_of",
    "clubs_organised_by",
    "party_capabilities",
    "party_deletable_by",
    "seasons_of_clubs",
    "CLOCK_WARN_SECONDS",
    "PARTY_LOAD_ACTION",
    "ApiTokenLine",
    "ApiTokenUse",
    "DealInfo",
    "DealStats",
    "MemberHistory",
    "MemberNight",
    "MemberChoice",
    "MemberLine",
    "MemberSuggestions",
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
    "SeasonLine",
    "SeasonParty",
    "SeasonState",
    "SeasonTable",
    "StandingLine",
    "Standings",
    "TableLine",
    "api_token_holder",
    "api_tokens_of",
    "board_from_history",
    "club_members",
    "earlier_player_names",
    "member_history",
    "member_lookalikes",
    "member_suggestions",
    "parties_hosted_by",
    "party_contents",
    "party_history",
    "party_names_on",
    "party_nav_clock",
    "party_standings",
    "party_table_choices",
    "player_roster",
    "previous_club_party",
    "prize_board",
    "prize_latest_pick",
    "prize_order",
    "prize_turn",
    "round_board",
    "round_moves",
    "round_results",
    "round_tie_breaks",
    "season_state",
    "season_table",
    "season_table_at",
    "seasons_of_club",
    "special_prize_winners",
    "standings_from_history",
    "table_sheet",
    "utc_instant",
]
