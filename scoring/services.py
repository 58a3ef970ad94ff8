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
:func:`bot_step` for each consecutive bot turn.  Every finished deal becomes
a hand-result record checked by ``validate_result`` with its action log; at a
party table it is then stored in the party by ``tournaments.services.result_record``.

A stored move always leads to the bots' turn: if their task is lost (Redis
did not answer when the move committed, or a worker died), the next seat
poll that finds a bot overdue queues it again (:func:`bots_resume`).
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Sequence
from dataclasses import dataclass

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from pedroparty.outage import REDIS_ERRORS
from scoring.rules import (
    RULESETS,
    DealState,
    IllegalAction,
    Ruleset,
    game_winner,
    new_deal,
    validate_result,
)
from scoring.rules.bots import BOTS
from tournaments.models import DealResult, Round, TableRound
from tournaments.services import DealEntry, PartyError, party_ruleset, result_record

from . import limits, watching
from .models import DealEvent, OnlineDeal, OnlineSeat, OnlineTable
from .selectors import (
    Played,
    bots_overdue_since,
    deal_state,
    seat_idle,
    table_ruleset,
    table_seats,
)

logger = logging.getLogger(__name__)

#: How long a person may think before the creator may hand the seat to a bot.
IDLE_CHOICES = (30, 60, 120, 300, 600)
SEAT_KINDS = (OnlineSeat.Kind.HUMAN, *BOTS)
MAX_TARGET = 500
MAX_DEALS = 100
#: The validator numbers deals 1..deals-per-round (at most 12) and checks the
#: dealer of deal d is seat (d - 1) mod 4; a casual game's deal n is checked
#: as deal ((n - 1) mod 12) + 1 of a 12-deal round, which has the same dealer.
_CASUAL_CYCLE = 12
STALE = (
    "The table moved on before your move arrived, so nothing was changed. "
    "Here is the table as it is now."
)


class PlayError(Exception):
    """A move or a request the rules or the table refuse; nothing changed.

    ``errors`` maps form fields to sentences (``"__all__"`` for the rest);
    ``message`` is all of them in one sentence for a player's screen."""

    def __init__(self, errors: dict[str, str] | str) -> None:
        if isinstance(errors, str):
            errors = {"__all__": errors}
        self.errors = errors
        super().__init__(self.message)

    @property
    def message(self) -> str:
        return " ".join(self.errors.values())


class TablesLimitReached(PlayError):
    """Too many tables were created lately; ``retry_after`` seconds until one may be."""

    def __init__(self, retry_after: int) -> None:
        self.retry_after = retry_after
        super().__init__(gettext("Too many tables were created just now. Please try again later."))


@dataclass(frozen=True)
class SeatSpec:
    """Who sits in one seat of a new table: a name and ``human`` or a bot kind."""

    name: str
    kind: str


# --------------------------------------------------------------------- reading helpers


def bot_due(table: OnlineTable, state: DealState, seats: Sequence[OnlineSeat]) -> bool:
    """Whether a bot has something to do: its seat is to act, or the deal is
    over at a table of bots only (who deal the next hand themselves)."""
    if table.status != OnlineTable.Status.PLAYING:
        return False
    if state.phase == "done":
        return all(seat.is_bot for seat in seats)
    return seats[state.to_act].is_bot


def table_unattended(table: OnlineTable, seats: Sequence[OnlineSeat]) -> bool:
    """A casual table with no person seated.  Its bots wait on the low-priority
    queue and stop while none of its pages is open; a party table's deals
    count in a party, so it is never one."""
    return table.mode != OnlineTable.Mode.PARTY and all(seat.is_bot for seat in seats)


def bots_queue(table: OnlineTable, seats: Sequence[OnlineSeat]) -> str:
    """The Celery queue of the table's bots (the queues are in settings)."""
    if table_unattended(table, seats):
        return settings.PLAY_BOTS_QUEUE
    return settings.CELERY_TASK_DEFAULT_QUEUE


def _tokens(table: OnlineTable, seats: Sequence[OnlineSeat]) -> list[str]:
    """Every private link of the table: the creator's and the four seats'."""
    return [table.creator_token, *(seat.token for seat in seats)]


# --------------------------------------------------------------------- creating tables


def table_create(
    *,
    seats: Sequence[SeatSpec],
    ruleset: str = "monterey-draw",
    target: int | None = None,
    deals: int | None = None,
    idle_seconds: int = 120,
    user=None,
    client: str | None = None,
) -> OnlineTable:
    """A casual table: play to ``target`` points (RULES.md 3.10) or a fixed
    number of ``deals``; ``seats`` are the four seats, seat 1 first.

    ``client`` is the web client asking (``pedroparty.clients.client_key``):
    then the creation limits apply (:class:`TablesLimitReached`, nothing
    created).  Code that creates tables itself passes None."""
    errors: dict[str, str] = {}
    base = RULESETS.get(ruleset)
    if base is None:
        errors["ruleset"] = f"There is no ruleset called {ruleset!r}."
    if (target is None) == (deals is None):
        errors["target"] = "Play to a target score or for a number of deals: choose one."
    elif target is not None and not (isinstance(target, int) and 1 <= target <= MAX_TARGET):
        errors["target"] = f"The target is a score from 1 to {MAX_TARGET}."
    elif deals is not None and not (isinstance(deals, int) and 1 <= deals <= MAX_DEALS):
        errors["deals"] = f"Play 1 to {MAX_DEALS} deals."
    _check_idle(idle_seconds, errors)
    specs = _check_seats(seats, errors)
    if errors:
        raise PlayError(errors)
    rs = base.with_options(target=target) if target is not None else base
    with transaction.atomic():
        if client is not None:
            wait = limits.table_creation_wait(client=client)
            if wait is not None:
                raise TablesLimitReached(wait)
        table = OnlineTable.objects.create(
            ruleset=rs.to_json(),
            mode=OnlineTable.Mode.TARGET if target is not None else OnlineTable.Mode.DEALS,
            deals_total=deals,
            created_by=user if getattr(user, "is_authenticated", False) else None,
            client=client or "",
            turn_since=timezone.now(),
            idle_seconds=idle_seconds,
        )
        OnlineSeat.objects.bulk_create(
            OnlineSeat(table=table, seat=seat, name=spec.name, kind=spec.kind)
            for seat, spec in enumerate(specs)
        )
        # The creator goes straight to the table's page: it is watched.
        watching.watch_mark(table.creator_token)
        _started(table, rs)
    return table


def party_table_create(
    *, round: Round, table: int, kinds: Sequence[str], idle_seconds: int = 120, user
) -> OnlineTable:
    """One table of an open party round, played online: the four players
    seated there take its four seats (each a person or a bot, ``kinds``),
    it plays the party's ruleset for the round's deals, and each deal's
    result counts in the party as if the host had entered it.

    The caller checks that ``user`` hosts the party."""
    errors: dict[str, str] = {}
    _check_idle(idle_seconds, errors)
    if len(kinds) != 4 or any(kind not in SEAT_KINDS for kind in kinds):
        errors["kinds"] = "Say for each of the four seats whether a person or a bot plays it."
    if errors:
        raise PlayError(errors)
    with transaction.atomic():
        rnd = Round.objects.select_for_update().select_related("party").get(pk=round.pk)
        party = rnd.party
        if rnd.status != Round.Status.OPEN:
            raise PlayError({"table": f"Round {rnd.number} is closed."})
        seated = list(rnd.seats.filter(table=table).select_related("player").order_by("seat"))
        if len(seated) != 4:
            raise PlayError({"table": f"Round {rnd.number} has no table {table}."})
        if DealResult.objects.filter(round=rnd, table=table, is_current=True).exists():
            raise PlayError(
                {"table": f"Table {table} already has deals entered in round {rnd.number}."}
            )
        if OnlineTable.objects.filter(party_round=rnd, party_table=table).exists():
            raise PlayError(
                {"table": f"Table {table} of round {rnd.number} is already played online."}
            )
        rs = party_ruleset(party)
        online = OnlineTable.objects.create(
            ruleset=rs.to_json(),
            mode=OnlineTable.Mode.PARTY,
            deals_total=party.deals_per_round,
            party_round=rnd,
            party_table=table,
            created_by=user if getattr(user, "is_authenticated", False) else None,
            turn_since=timezone.now(),
            idle_seconds=idle_seconds,
        )
        OnlineSeat.objects.bulk_create(
            OnlineSeat(
                table=online, seat=s.seat, name=s.player.name[:40], kind=kind, player=s.player
            )
            for s, kind in zip(seated, kinds, strict=True)
        )
        _started(online, rs)
    return online


def _check_idle(idle_seconds: int, errors: dict[str, str]) -> None:
    if idle_seconds not in IDLE_CHOICES:
        choices = ", ".join(str(s) for s in IDLE_CHOICES)
        errors["idle_seconds"] = f"The thinking time is one of {choices} seconds."


def _check_seats(seats: Sequence[SeatSpec], errors: dict[str, str]) -> list[SeatSpec]:
    """The four seats with blank names filled in ("Seat 1", "Bot 2", ...)."""
    if len(seats) != 4:
        errors["seats"] = "A table has four seats."
        return []
    specs = []
    for number, spec in enumerate(seats, start=1):
        if spec.kind not in SEAT_KINDS:
            errors[f"kind{number}"] = "Choose a person or a bot."
        name = " ".join((spec.name or "").split())[:40]
        if not name:
            name = f"Seat {number}" if spec.kind == OnlineSeat.Kind.HUMAN else f"Bot {number}"
        specs.append(SeatSpec(name, spec.kind))
    folded = [spec.name.casefold() for spec in specs]
    for number, name in enumerate(folded, start=1):
        if folded.index(name) != number - 1:
            errors[f"name{number}"] = "Each seat needs a different name."
    return specs


def _started(table: OnlineTable, rs: Ruleset) -> None:
    """Deal the first hand of a new table and let its bots start."""
    _, state = _deal_start(table, rs)
    _changed(table, state, list(table.seats.order_by("seat")), schedule=True)


# --------------------------------------------------------------------- playing


def table_act(*, token: str, action: str, version: int) -> Played:
    """Seat ``token`` takes ``action`` ("bid 7", "play AH", ... or "next" to
    deal the next hand once a deal is over), having seen the table at
    ``version``.  Raises ``OnlineSeat.DoesNotExist`` for an unknown token (or
    a seat created for a bot) and
    :class:`PlayError` (nothing changed) for a stale screen, a move out of
    turn or a move the rules do not allow."""
    with transaction.atomic():
        table, seats = _lock_by_seat(token, version)
        me = next(seat for seat in seats if seat.token == token)
        if not me.has_person:
            # Nobody holds a bot's seat: its link plays nothing.
            raise OnlineSeat.DoesNotExist(token)
        if table.status != OnlineTable.Status.PLAYING:
            raise PlayError(table.note or "The game is over.")
        if me.is_bot:
            raise PlayError(
                "A bot is playing your seat now; the table's creator can give it back to you."
            )
        rs = table_ruleset(table)
        deal = table.current
        state = deal_state(rs, deal)
        if action == "next":
            if state.phase != "done":
                raise PlayError("This deal is still being played.")
            state = _deal_next(table, rs) or state
        else:
            if state.phase == "done":
                raise PlayError("This deal is over: deal the next hand to play on.")
            if state.to_act != me.seat:
                raise PlayError(
                    f"It is not your turn: {seats[state.to_act].name} is {_DOING[state.phase]}."
                )
            _apply(table, deal, state, seats, me.seat, action, by=DealEvent.By.HUMAN)
        queued = _changed(table, state, seats, schedule=True)
    bots_next = bot_due(table, state, seats)
    return Played(table, seats, state, bots_next, bots_waiting=queued.failed)


_DOING = {
    "bid": "bidding",
    "trump": "naming trump",
    "discard": "discarding",
    "fill": "robbing the pack",
    "play": "playing",
}


def bot_step(*, table_id: int, version: int, stop_unwatched: bool = True) -> int | None:
    """One bot move (or, at a table of bots only, dealing the next hand) if
    the table is still at ``version`` and a bot is due.  With
    ``stop_unwatched``, a table of bots only that nobody is watching stops
    instead (:func:`table_watch` lets it play on).

    Returns the table's new version when another bot step is due straight
    after, else None.  Idempotent: a repeated or stale call (the table has
    moved on, or was deleted) does nothing and returns None."""
    with transaction.atomic():
        locked = OnlineTable.objects.select_for_update().filter(pk=table_id, version=version)
        if not locked.values_list("pk", flat=True):
            return None
        seats = table_seats(table_id=table_id)
        table = seats[0].table
        rs = table_ruleset(table)
        deal = table.current
        state = deal_state(rs, deal)
        if not bot_due(table, state, seats):
            return None
        if (
            stop_unwatched
            and table_unattended(table, seats)
            and not watching.watched(_tokens(table, seats))
        ):
            return None
        if state.phase == "done":
            state = _deal_next(table, rs) or state
        else:
            seat = seats[state.to_act]
            bot = BOTS[seat.kind](seed=deal.pk * 1000 + len(state.log))
            _apply(table, deal, state, seats, seat.seat, bot.choose(state), by=seat.kind)
        _changed(table, state, seats, schedule=False)
        return table.version if bot_due(table, state, seats) else None


def table_deal_next(*, creator_token: str, version: int) -> OnlineTable:
    """The creator deals the next hand once a deal is over."""
    with transaction.atomic():
        table, seats = _lock_by_creator(creator_token)
        if table.status != OnlineTable.Status.PLAYING:
            raise PlayError(table.note or "The game is over.")
        if version != table.version:
            raise PlayError(STALE)
        rs = table_ruleset(table)
        state = deal_state(rs, table.current)
        if state.phase != "done":
            raise PlayError("This deal is still being played.")
        state = _deal_next(table, rs) or state
        _changed(table, state, seats, schedule=True)
    return table


def seat_hand_to_bot(*, creator_token: str, seat: int, kind: str) -> OnlineTable:
    """The creator hands a person's seat to a bot, once that person has been
    thinking on their turn for longer than the table's idle time."""
    with transaction.atomic():
        table, seats = _lock_by_creator(creator_token)
        if kind not in BOTS:
            raise PlayError({"kind": "Choose the random or the heuristic bot."})
        target = _seat_of(seats, seat)
        if target.is_bot:
            raise PlayError(f"A bot already plays {target.name}'s seat.")
        if table.status != OnlineTable.Status.PLAYING:
            raise PlayError("The game is over.")
        state = deal_state(table_ruleset(table), table.current)
        if not seat_idle(table, state, target):
            raise PlayError(
                f"{target.name} is not idle: a seat goes to a bot only after "
                f"{duration_text(table.idle_seconds)} of thinking on its turn."
            )
        target.kind = kind
        target.stand_in = True
        target.save(update_fields=["kind", "stand_in"])
        _changed(table, state, seats, schedule=True)
    return table


def seat_give_back(*, creator_token: str, seat: int) -> OnlineTable:
    """The creator gives a bot's seat back to a person (its link plays again)."""
    with transaction.atomic():
        table, seats = _lock_by_creator(creator_token)
        target = _seat_of(seats, seat)
        if not target.is_bot:
            raise PlayError(f"{target.name} is already played by a person.")
        if not target.stand_in:
            # Nobody holds the link of a seat created for a bot: a person who
            # took it over mid-deal would see the bot's hand.
            raise PlayError(
                gettext(
                    "%(name)s's seat was set up for a bot: it has no person to give it back to."
                )
                % {"name": target.name}
            )
        target.kind = OnlineSeat.Kind.HUMAN
        target.stand_in = False
        target.save(update_fields=["kind", "stand_in"])
        state = deal_state(table_ruleset(table), table.current)
        _changed(table, state, seats, schedule=False)
    return table


def duration_text(seconds: int) -> str:
    """``30 seconds``, ``1 minute``, ``5 minutes``."""
    if seconds < 60:
        return f"{seconds} seconds"
    minutes = seconds // 60
    return f"{minutes} minute{'s' if minutes != 1 else ''}"


def _seat_of(seats: Sequence[OnlineSeat], seat: int) -> OnlineSeat:
    if not (isinstance(seat, int) and 0 <= seat <= 3):
        raise PlayError({"seat": "A table has seats 1 to 4."})
    return seats[seat]


def _lock_by_seat(token: str, version: int) -> tuple[OnlineTable, list[OnlineSeat]]:
    """The table of seat ``token``, locked, and its four seats, read after the
    lock; :class:`PlayError` if the table is no longer at ``version``."""
    locked = OnlineTable.objects.select_for_update(of=("self",)).filter(seats__token=token)
    row = locked.values_list("pk", "version").first()
    if row is None:
        raise OnlineSeat.DoesNotExist(token)
    if row[1] != version:
        raise PlayError(STALE)
    seats = table_seats(table_id=row[0])
    return seats[0].table, seats


def _lock_by_creator(creator_token: str) -> tuple[OnlineTable, list[OnlineSeat]]:
    locked = OnlineTable.objects.select_for_update().filter(creator_token=creator_token)
    table_id = locked.values_list("pk", flat=True).first()
    if table_id is None:
        raise OnlineTable.DoesNotExist(creator_token)
    seats = table_seats(table_id=table_id)
    return seats[0].table, seats


def _apply(
    table: OnlineTable,
    deal: OnlineDeal,
    state: DealState,
    seats: Sequence[OnlineSeat],
    seat: int,
    action: str,
    *,
    by: str,
) -> None:
    """Apply ``action`` for ``seat`` (who is to act), log it, and finish the
    deal if it was the last.  Should be called while holding the table's lock."""
    try:
        state.apply(action)
    except IllegalAction as exc:
        message = str(exc)
        raise PlayError(message[:1].upper() + message[1:] + ".") from None
    DealEvent.objects.create(deal=deal, seq=len(state.log), seat=seat, action=action, by=by)
    deal.log = list(state.log)
    if state.phase == "done":
        _deal_finish(table, deal, state, seats)
    else:
        deal.save(update_fields=["log"])


@dataclass
class _Queued:
    """Whether the bots' task failed to be queued, known once the transaction commits."""

    failed: bool = False


def _changed(
    table: OnlineTable, state: DealState, seats: Sequence[OnlineSeat], *, schedule: bool
) -> _Queued:
    """Bump the table's version (every page's ETag) and restart the thinking
    clock; if ``schedule`` and a bot is due, enqueue the bots' task once the
    transaction commits."""
    table.version += 1
    table.turn_since = timezone.now()
    table.save(update_fields=_TABLE_FIELDS)
    queued = _Queued()
    if schedule and bot_due(table, state, seats):
        table_id, version, queue = table.pk, table.version, bots_queue(table, seats)

        def enqueue() -> None:
            queued.failed = not bots_enqueue(table_id, version, queue=queue)

        transaction.on_commit(enqueue)
    return queued


#: The table's columns that play changes.
_TABLE_FIELDS = [
    "version",
    "turn_since",
    "deal_number",
    "current",
    "score0",
    "score1",
    "status",
    "winner",
    "note",
]


def bots_enqueue(table_id: int, version: int, *, queue: str | None = None) -> bool:
    """Let the bots play at ``table_id`` after their thinking time, from
    ``queue`` (:func:`bots_queue`; looked up with one query if None).

    Returns False, having changed nothing, when the queue does not answer:
    the table's moves are stored, and :func:`bots_resume` queues the bots
    again once a seat's poll finds them overdue."""
    from .tasks import bots_play  # tasks imports this module

    if queue is None:
        seats = table_seats(table_id=table_id)
        queue = bots_queue(seats[0].table, seats) if seats else settings.CELERY_TASK_DEFAULT_QUEUE
    try:
        bots_play.apply_async(
            (table_id, version), countdown=settings.PLAY_BOT_DELAY_MS / 1000, queue=queue
        )
    except REDIS_ERRORS as error:
        logger.warning("Bots of online table %s not queued: %s", table_id, error)
        return False
    return True


def bots_resume(*, table_id: int) -> bool:
    """Queue the bots' turn again at ``table_id`` if a bot is due there and
    the table has not changed since :func:`bots_overdue_since` (its task was
    lost, or could not be queued).  Returns whether it queued.

    Safe to call on every poll: a table where a person is to act costs one
    read and no lock; a stalled one is queued once per ``PLAY_BOT_REQUEUE_MS``,
    because the claim restarts the table's clock under its row lock, and the
    task itself does nothing if the table has moved on."""
    seats = table_seats(table_id=table_id)
    if not seats or not _bots_stalled(seats):
        return False
    with transaction.atomic():
        claimed = OnlineTable.objects.select_for_update().filter(
            pk=table_id, turn_since__lte=bots_overdue_since()
        )
        if not claimed.values_list("pk", flat=True):
            return False  # another poll claimed it, or the table moved on
        seats = table_seats(table_id=table_id)
        if not _bots_stalled(seats):
            return False
        table = seats[0].table
        table.turn_since = timezone.now()
        table.save(update_fields=["turn_since"])
        version = table.version
        transaction.on_commit(functools.partial(bots_enqueue, table_id, version))
    return True


def _bots_stalled(seats: Sequence[OnlineSeat]) -> bool:
    table = seats[0].table
    if table.status != OnlineTable.Status.PLAYING or table.turn_since > bots_overdue_since():
        return False
    return bot_due(table, deal_state(table_ruleset(table), table.current), seats)


def table_watch(*, token: str) -> None:
    """A page of the table behind ``token`` (a seat's or the creator's link)
    is open.  If none had been lately and it is a table of bots only, its
    bots, stopped by :func:`bot_step`, play on."""
    if not watching.watch_mark(token):
        return
    seats = table_seats(token=token) or table_seats(creator_token=token)
    if not seats:
        return
    table = seats[0].table
    if table.status == OnlineTable.Status.PLAYING and table_unattended(table, seats):
        table_id, version = table.pk, table.version
        queue = settings.PLAY_BOTS_QUEUE
        # bot_step does nothing unless a bot is due at this very version.
        transaction.on_commit(lambda: bots_enqueue(table_id, version, queue=queue))


# --------------------------------------------------------------------- deals


def _deal_start(table: OnlineTable, rs: Ruleset) -> tuple[OnlineDeal, DealState]:
    """Shuffle and deal the table's next hand: deal d is dealt by seat (d - 1) mod 4."""
    number = table.deal_number + 1
    state = new_deal(rs, dealer=(number - 1) % 4)
    deal = OnlineDeal.objects.create(
        table=table, number=number, dealer=state.dealer, deck=state.to_json()["deck"]
    )
    table.deal_number = number
    table.current = deal
    return deal, state


def _deal_next(table: OnlineTable, rs: Ruleset) -> DealState | None:
    """Deal the next hand; or, if the party round has moved on without this
    table (closed, or time called), finish the table and return None."""
    if table.mode == OnlineTable.Mode.PARTY:
        stopped = _party_stop_reason(table)
        if stopped:
            _table_finish(table, winner=_leader(table), note=stopped)
            return None
    return _deal_start(table, rs)[1]


def _party_stop_reason(table: OnlineTable) -> str:
    if Round.objects.filter(pk=table.party_round_id, status=Round.Status.CLOSED).exists():
        return "The host has closed this round, so the table stops here."
    if TableRound.objects.filter(
        round_id=table.party_round_id, table=table.party_table, time_called=True
    ).exists():
        return "The host has called time on this table, so it stops here."
    return ""


def _leader(table: OnlineTable) -> int | None:
    if table.score0 == table.score1:
        return None
    return 0 if table.score0 > table.score1 else 1


def _table_finish(table: OnlineTable, *, winner: int | None, note: str = "") -> None:
    """Should be called while holding the table's lock; saved by ``_changed``."""
    table.status = OnlineTable.Status.FINISHED
    table.winner = winner
    table.note = note[:240]


def deal_record(
    table: OnlineTable, deal: OnlineDeal, state: DealState, seats: Sequence[OnlineSeat]
) -> tuple[Ruleset, dict]:
    """The ruleset to check with and the hand-result record (RULES.md 5) of a
    finished deal, with its ``log`` so that the validator replays it."""
    rs = table_ruleset(table)
    number = deal.number
    if table.mode != OnlineTable.Mode.PARTY:
        rs = rs.with_options(deals_per_round=_CASUAL_CYCLE)
        number = (deal.number - 1) % _CASUAL_CYCLE + 1
    record = state.record()
    record.update(
        deal=number,
        players=[seat.name for seat in seats],
        log={"dealer": deal.dealer, "deck": list(deal.deck), "actions": list(state.log)},
    )
    return rs, record


def _deal_finish(
    table: OnlineTable, deal: OnlineDeal, state: DealState, seats: Sequence[OnlineSeat]
) -> None:
    """Check the finished deal's record, store it, count it in the game and,
    at a party table, in the party.  Should be called while holding the
    table's lock."""
    check_rs, record = deal_record(table, deal, state, seats)
    errors = validate_result(check_rs, record)
    if errors:  # the engine and the validator disagree: a bug, never a player's fault
        raise AssertionError(f"online deal {deal.pk} fails the validator: {errors}")
    score0, score1 = record["tally"]
    deal.status = OnlineDeal.Status.DONE
    deal.record = state.record() | {"deal": deal.number}
    deal.score0, deal.score1 = score0, score1
    deal.finished_at = timezone.now()
    table.score0 += score0
    table.score1 += score1
    if table.mode == OnlineTable.Mode.PARTY:
        _party_record(table, deal, record)
    deal.save()
    if table.status != OnlineTable.Status.PLAYING:
        return
    if table.mode == OnlineTable.Mode.TARGET:
        team = record["bidder"] % 2
        # A made bid scores its points (at least the minimum bid); a set one loses.
        made = record["tally"][team] > 0
        winner = game_winner(table_ruleset(table), (table.score0, table.score1), team, made)
        if winner is not None:
            _table_finish(table, winner=winner)
    elif deal.number >= table.deals_total:
        _table_finish(table, winner=_leader(table))


def _party_record(table: OnlineTable, deal: OnlineDeal, record: dict) -> None:
    """Store the deal in the party's round exactly as a host's entry would be."""
    try:
        deal.result = result_record(
            round=table.party_round,
            table=table.party_table,
            deal=deal.number,
            entry=DealEntry(
                bidder=record["bidder"],
                bid=record["bid"],
                bidding_team_points=record["bidding_team_points"],
                trump=record["trump"],
                cards=record["cards"],
                tally=record["tally"],
            ),
            user=None,
            source=DealResult.Source.ONLINE,
        )
    except PartyError as exc:
        deal.party_error = exc.message[:240]
        stopped = _party_stop_reason(table)
        if stopped:
            _table_finish(table, winner=_leader(table), note=stopped)
