"""Every write to a party happens here, inside a transaction.

Service functions are keyword-only and named ``<thing>_<verb>``.  A rules or
input problem a host can fix raises :class:`tournaments.errors.UserError`,
whose ``errors`` map each field to a sentence (``message``: all of them as
one text); the view shows them beside the fields.  Anything else that goes
wrong is a bug and is allowed to fail loudly.

Where two tablets can race (entering results, closing a round) the service
first locks the round's row with ``SELECT ... FOR UPDATE``; the database's
unique constraints back that up, so a race can never double-count a deal.

One module per reason to change: ``parties``, ``players``, ``seating``,
``results`` (a deal's entry), ``amend``, ``rounds`` (time, clock, cut,
close), ``finish`` (the end and its prizes), and ``common`` for what they
share.  Callers import from here: ``services.result_record``.  Who may do
each action, a club's members, ratings and seasons are the club's
(:mod:`tournaments.clubs.services`); host accounts are
:mod:`tournaments.accounts`.
"""

from .amend import result_amend
from .common import (
    RULESET_OPTION_NAMES,
    SPECIAL_PRIZE_POSITION,
    party_ruleset,
    seating_problem_text,
)
from .finish import party_finish, prize_pick, prize_unpick
from .parties import (
    PartySettings,
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
    NameLookalike,
    player_depart,
    player_register,
    player_rejoin,
    player_relink,
    roster_copy,
)
from .results import DealEntry, result_record, results_entry, table_results_enter
from .rounds import (
    round_call_time,
    round_call_time_undo,
    round_clock_start,
    round_clock_stop,
    round_close,
    table_call_time,
    table_call_time_undo,
    table_record_cut,
)
from .seating import (
    round1_seat_draw,
    round1_seat_manual,
    round1_seat_rated,
    round_override_seating,
    round_reseat,
)

__all__ = [
    "RULESET_OPTION_NAMES",
    "SPECIAL_PRIZE_POSITION",
    "DealEntry",
    "PartySettings",
    "NameLookalike",
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
    "round1_seat_rated",
    "round_call_time",
    "round_call_time_undo",
    "round_clock_start",
    "round_clock_stop",
    "round_close",
    "round_override_seating",
    "round_reseat",
    "seating_problem_text",
    "table_call_time",
    "table_call_time_undo",
    "table_record_cut",
    "table_results_enter",
]
