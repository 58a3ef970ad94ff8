"""Every write to a party happens here, inside a transaction.

Service functions are keyword-only and named ``<thing>_<verb>``.  A rules or
input problem a host can fix raises :class:`PartyError`, whose ``errors`` map
each field to a sentence (``message``: all of them as one text); the view
shows them beside the fields.  Anything else that goes wrong is a bug and is
allowed to fail loudly.

Where two tablets can race (entering results, closing a round) the service
first locks the round's row with ``SELECT ... FOR UPDATE``; the database's
unique constraints back that up, so a race can never double-count a deal.

One module per reason to change: ``clubs`` (a club, its roles and
invitations), ``parties``, ``players``, ``members`` (a club's), ``seating``,
``results`` (a deal's entry), ``amend``, ``rounds`` (time, clock, cut,
close), ``finish`` (the end and its prizes), ``seasons`` (a club's seasons
and their bump), ``api_tokens`` (a host's keys to the JSON API), and
``common`` for what they share.  Callers import from here:
``services.result_record``.
"""

from .amend import result_amend
from .api_tokens import api_token_create, api_token_revoke, api_token_used
from .clubs import (
    INVITATION_DAYS,
    club_create,
    club_role_remove,
    invitation_accept,
    invitation_accept_new_user,
    invitation_create,
    invitation_refusal,
    invitation_withdraw,
)
from .common import (
    RULESET_OPTION_NAMES,
    SPECIAL_PRIZE_POSITION,
    PartyError,
    party_ruleset,
    seating_problem_text,
)
from .finish import party_finish, prize_pick, prize_unpick
from .members import member_for_name, member_merge, member_rename
from .parties import (
    party_admin_change,
    party_create,
    party_delete,
    party_language_set,
    party_load_record,
    party_public_set,
    party_wifi_set,
    prizes_set,
)
from .players import (
    player_depart,
    player_register,
    player_rejoin,
    player_relink,
    roster_copy,
    similar_names,
)
from .results import DealEntry, result_record, results_entry, table_results_enter
from .rounds import (
    round_call_time,
    round_call_time_undo,
    round_clock_start,
    round_clock_stop,
    round_close,
    table_call_time,
    table_record_cut,
)
from .seasons import (
    season_best_of_set,
    season_bump,
    season_create,
    season_party_add,
    season_party_remove,
    season_public_set,
)
from .seating import (
    round1_seat_draw,
    round1_seat_manual,
    round_override_seating,
    round_reseat,
)

__all__ = [
    "INVITATION_DAYS",
    "RULESET_OPTION_NAMES",
    "SPECIAL_PRIZE_POSITION",
    "DealEntry",
    "PartyError",
    "api_token_create",
    "api_token_revoke",
    "api_token_used",
    "club_create",
    "club_role_remove",
    "invitation_accept",
    "invitation_accept_new_user",
    "invitation_create",
    "invitation_refusal",
    "invitation_withdraw",
    "member_for_name",
    "member_merge",
    "member_rename",
    "party_admin_change",
    "party_create",
    "party_delete",
    "party_finish",
    "party_load_record",
    "party_language_set",
    "party_public_set",
    "party_ruleset",
    "party_wifi_set",
    "player_depart",
    "player_register",
    "player_rejoin",
    "player_relink",
    "prize_pick",
    "prize_unpick",
    "prizes_set",
    "result_amend",
    "result_record",
    "results_entry",
    "roster_copy",
    "round1_seat_draw",
    "round1_seat_manual",
    "round_call_time",
    "round_call_time_undo",
    "round_clock_start",
    "round_clock_stop",
    "round_close",
    "round_override_seating",
    "round_reseat",
    "season_best_of_set",
    "season_bump",
    "season_create",
    "season_party_add",
    "season_party_remove",
    "season_public_set",
    "seating_problem_text",
    "similar_names",
    "table_call_time",
    "table_record_cut",
    "table_results_enter",
]
