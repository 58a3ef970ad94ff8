"""Online tables: every write happens here (RULES.md section 7).

The server is the only authority.  An action arrives as a string for one
seat, named by the seat's private token.  The service locks the table's row
(``SELECT ... FOR UPDATE``; on SQLite every transaction takes the write lock
at BEGIN), checks that the sender saw the table's current version and that it
is that seat's turn, applies the action with the engine, appends one
:class:`~scoring.models.DealEvent` and bumps the table's version, in one
transaction.  Whatever the rules refuse raises :class:`PlayError` and changes
nothing.

Bots never act inside a person's request: once the transaction commits, the
Celery task ``scoring.tasks.bots_play`` is enqueued, which calls
:func:`bot_step` for each bot's decision, after the bots' thinking time
(``PLAY_BOT_DELAY_MS``): a bid, a trump, a card, or a seat's discards or
takes together, with the bots' forced steps that follow it (one legal
action: no thinking time, and the same version of the table, so one step on
a page).  Every finished deal becomes
a hand-result record checked by ``validate_result`` with its action log; at a
party table it is then stored in the party by ``tournaments.services.result_record``.

A stored move always leads to the bots' turn: if their task is lost (Redis
did not answer when the move committed, or a worker died), the next seat
poll that finds a bot overdue queues it again (:func:`bots_resume`).

* ``common``: the errors, and how a table, its seats and its deal are read;
* ``tables``: new tables, casual or of a party round;
* ``play``: moves (a person's, a bot's, the creator's) under the table's lock;
* ``presence``: a person who left has a bot play for them until they are back
  (``away``: the pieces a move needs, giving the seat back, asking a worker to look);
* ``review``: after a deal, the people's moves the expert would have made otherwise;
* ``scheduling``: when the bots' task is queued, queued again or restarted;
* ``deals``: dealing, and a finished deal checked, counted and recorded.
"""

from ..selectors import (
    Played,
    bots_overdue_since,
    deal_state,
    seat_idle,
    table_ruleset,
    table_seats,
)
from .common import PlayError, TablesLimitReached, bot_due, duration_text, table_unattended
from .deals import deal_record
from .play import (
    STALE,
    bot_step,
    seat_give_back,
    seat_hand_to_bot,
    table_act,
    table_deal_next,
    table_discard,
)
from .presence import seat_presence, seat_return, seats_away
from .review import MARK_LOSS, deal_review
from .scheduling import bots_enqueue, bots_queue, bots_resume, table_watch
from .tables import (
    AWAY_CHOICES,
    EMPTY,
    IDLE_CHOICES,
    MAX_DEALS,
    MAX_TARGET,
    SEAT_KINDS,
    SeatSpec,
    party_table_create,
    table_create,
)

__all__ = [
    "MARK_LOSS",
    "deal_review",
    "AWAY_CHOICES",
    "IDLE_CHOICES",
    "MAX_DEALS",
    "MAX_TARGET",
    "EMPTY",
    "SEAT_KINDS",
    "STALE",
    "PlayError",
    "Played",
    "SeatSpec",
    "TablesLimitReached",
    "bot_due",
    "bot_step",
    "bots_enqueue",
    "bots_overdue_since",
    "bots_queue",
    "bots_resume",
    "deal_record",
    "deal_state",
    "duration_text",
    "party_table_create",
    "seat_give_back",
    "seat_hand_to_bot",
    "seat_idle",
    "seat_presence",
    "seat_return",
    "seats_away",
    "table_act",
    "table_create",
    "table_deal_next",
    "table_discard",
    "table_ruleset",
    "table_seats",
    "table_unattended",
    "table_watch",
]
