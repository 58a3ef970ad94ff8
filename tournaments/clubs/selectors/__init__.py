"""Reads of a club: who holds which role, its members, each member's
history and rating, its seasons.  Plain values out, as every selector.

    clubs.py           who holds which role, a club's page, the clubs a user helps
    members.py         a club's members list, type-ahead, look-alikes, last party
    member_history.py  a club member's parties, ranks, prizes and deal statistics
    ratings.py         a member's rating, night by night, partners and opponents; a season's
    seasons.py         a season's table, cached per season version, and its page's state
"""

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
from .ratings import (
    GameRating,
    MemberRating,
    PairLine,
    RatingNight,
    SeasonRating,
    member_rating,
    ratings_now,
    ratings_recomputing,
    season_ratings,
)
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
    "DealStats",
    "GameRating",
    "MemberChoice",
    "MemberHistory",
    "MemberLine",
    "MemberNight",
    "MemberRating",
    "MemberSuggestions",
    "PairLine",
    "RatingNight",
    "SeasonLine",
    "SeasonParty",
    "SeasonRating",
    "SeasonState",
    "SeasonTable",
    "club_members",
    "club_page",
    "club_role",
    "club_role_held",
    "clubs_of",
    "clubs_organised_by",
    "member_history",
    "member_lookalikes",
    "member_rating",
    "member_suggestions",
    "party_capabilities",
    "party_deletable_by",
    "previous_club_party",
    "ratings_now",
    "ratings_recomputing",
    "season_ratings",
    "season_state",
    "season_table",
    "season_table_at",
    "seasons_of_club",
    "seasons_of_clubs",
]
