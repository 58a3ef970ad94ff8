"""Moves at an online table: a person's, a bot's, and the creator's.

Each takes the table's row lock, checks the move against the table's version
and the rules, applies it with the engine, logs it and bumps the version, in
one transaction.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop, ngettext

from scoring.rules import DealState, IllegalAction, Ruleset
from scoring.rules.cards import ANY_CARD
from scoring.rules.levels import SEAT_BOTS, make_bot
from scoring.rules.words import Text
from scoring.texts import card_name, refusal, word

from .. import watching
from ..models import DealEvent, OnlineDeal, OnlineSeat, OnlineTable
from ..selectors import Played, deal_state, expert_budget, seat_idle, table_ruleset, table_seats
from .away import away_watch, seat_back
from .common import PlayError, bot_due, bot_forced, duration_text, table_unattended
from .deals import deal_again, deal_finish, deal_next
from .scheduling import bots_enqueue, bots_queue

STALE = gettext_noop(
    "The table moved on before your move arrived, so nothing was changed. "
    "Here is the table as it is now."
)


def table_act(*, token: str, action: str, version: int) -> Played:
    """Seat ``token`` takes ``action`` ("bid 7", "play AH", ... or "next" to
    deal the next hand once a deal is over), having seen the table at
    ``version``.  Raises ``OnlineSeat.DoesNotExist`` for an unknown token (or
    a seat created for a bot) and
    :class:`PlayError` (nothing changed) for a stale screen, a move out of
    turn or a move the rules do not allow."""
    return _seat_moves(token, version, [action])


def table_discard(*, token: str, cards: Sequence[str], version: int) -> Played:
    """Seat ``token`` lets ``cards`` go ("7C", "9S", ...), chosen together
    and confirmed at once: one ``discard`` action each, in the order given, in
    one transaction.  All of them are applied or, if the rules refuse one (or
    the turn passes before the last), none, and :class:`PlayError` says which
    card and why.  Raises as :func:`table_act` does otherwise."""
    cards = list(cards)
    if not cards:
        raise PlayError(gettext("Choose the cards to discard, then confirm."))
    if len(set(cards)) < len(cards):
        raise PlayError(gettext("Nothing was discarded: a card was chosen twice."))
    return _seat_moves(token, version, [f"discard {card}" for card in cards], discards=True)


def _seat_moves(
    token: str, version: int, actions: Sequence[str], *, discards: bool = False
) -> Played:
    """Seat ``token``'s move: ``actions`` holds one action, or with
    ``discards`` the seat's chosen discards, applied in order in one
    transaction, all or none."""
    action = actions[0]
    with transaction.atomic():
        table, seats = _lock_by_seat(token, version)
        me = next(seat for seat in seats if seat.token == token)
        if not me.has_person:
            # Nobody holds a bot's seat: its link plays nothing.
            raise OnlineSeat.DoesNotExist(token)
        if table.status != OnlineTable.Status.PLAYING:
            raise PlayError(gettext(table.note) if table.note else gettext("The game is over."))
        if me.away:
            # Back from being away, with the table as it is now: the seat is
            # theirs again, and the bot's task, queued before, finds the
            # table moved on.
            seat_back(me)
        else:
            me.seen_at = timezone.now()
            me.save(update_fields=["seen_at"])
        if me.is_bot:
            raise PlayError(
                gettext(
                    "A bot is playing your seat now; the table's creator can give it back to you."
                )
            )
        rs = table_ruleset(table)
        deal = table.current
        state = deal_state(rs, deal)
        if action == "next":
            if state.phase != "done":
                raise PlayError(gettext("This deal is still being played."))
            state = deal_next(table, rs) or state
        else:
            if state.phase == "done":
                raise PlayError(gettext("This deal is over: deal the next hand to play on."))
            if state.to_act != me.seat:
                raise PlayError(
                    gettext("It is not your turn: %(name)s is %(doing)s.")
                    % {"name": seats[state.to_act].name, "doing": gettext(_DOING[state.phase])}
                )
            if discards:
                _apply_discards(deal, state, me.seat, actions)
            else:
                state = _apply(table, deal, state, seats, me.seat, action, by=DealEvent.By.HUMAN)
        queued = table_changed(table, state, seats, schedule=True)
    bots_next = bot_due(table, state, seats)
    return Played(table, seats, state, bots_next, bots_waiting=queued.failed)


def _apply_discards(deal: OnlineDeal, state: DealState, seat: int, actions: Sequence[str]) -> None:
    """Apply the seat's chosen discards in order; any refusal raises
    :class:`PlayError`, and the caller's transaction undoes those applied."""
    if state.phase != "discard":
        raise PlayError(gettext("There is nothing to discard now."))
    for done, action in enumerate(actions):
        if state.phase != "discard" or state.to_act != seat:
            raise PlayError(
                ngettext(
                    "Nothing was discarded: you may let only %(count)d card go now.",
                    "Nothing was discarded: you may let only %(count)d cards go now.",
                    done,
                )
                % {"count": done}
            )
        try:
            state.apply(action)
        except IllegalAction as exc:
            raise PlayError(_discard_refusal(exc, action.partition(" ")[2])) from None
        DealEvent.objects.create(
            deal=deal, seq=len(state.log), seat=seat, action=action, by=DealEvent.By.HUMAN
        )
    deal.log = list(state.log)
    deal.save(update_fields=["log"])


def _discard_refusal(error: IllegalAction, code: str) -> str:
    """Why one of the chosen discards was refused, naming the card."""
    message = error.args[0] if error.args else None
    reason = message.params.get("reason") if isinstance(message, Text) else None
    if code not in ANY_CARD or reason is None:
        return gettext("Nothing was discarded: %(why)s") % {"why": refusal(error, sentence=True)}
    return gettext("Nothing was discarded: %(card)s may not go (%(why)s).") % {
        "card": card_name(code),
        "why": word(reason),
    }


#: What the seat to act is doing, by phase ("Bea is bidding").
_DOING = {
    "dark": gettext_noop("calling in the dark"),
    "bid": gettext_noop("bidding"),
    "trump": gettext_noop("naming trump"),
    "discard": gettext_noop("discarding"),
    "fill": gettext_noop("robbing the pack"),
    "call": gettext_noop("calling a partner"),
    "play": gettext_noop("playing"),
}


def bot_step(*, table_id: int, version: int, stop_unwatched: bool = True) -> int | None:
    """One step of the bots, if the table is still at ``version`` and a bot
    is due: one bot's decision (a bid, a trump, a card; its several discards
    or takes together), or at a table of bots only the next hand dealt, then
    every forced step of a bot that follows (:func:`bot_forced`); or, when
    the step due is itself forced, the forced steps alone.  All of it is one
    version of the table, so pages show it as one step.  With
    ``stop_unwatched``, a table of bots only that nobody is watching stops
    instead (:func:`table_watch` lets it play on).

    Returns the table's new version when another bot step is due straight
    after (a decision, worth its thinking time), else None.  Idempotent: a
    repeated or stale call (the table has moved on, or was deleted) does
    nothing and returns None."""
    with transaction.atomic():
        locked = OnlineTable.objects.select_for_update().filter(pk=table_id, version=version)
        if not locked.values_list("pk", flat=True):
            return None
        seats = table_seats(table_id=table_id)
        table = seats[0].table
        rs = table_ruleset(table)
        state = deal_state(rs, table.current)
        if not bot_due(table, state, seats):
            return None
        if (
            stop_unwatched
            and table_unattended(table, seats)
            and not watching.watched(_tokens(table, seats))
        ):
            return None
        if state.phase == "done":
            state = deal_next(table, rs) or state
        elif not bot_forced(state, seats):
            state = _bot_decision(table, rs, state, seats)
        state = _bot_forced_steps(table, state, seats)
        table_changed(table, state, seats, schedule=False)
        return table.version if bot_due(table, state, seats) else None


#: The phases where a seat's consecutive actions are one decision: the cards
#: it lets go, the cards it takes.
_ONE_DECISION = frozenset({"discard", "fill"})


def _bot_decision(
    table: OnlineTable, rs: Ruleset, state: DealState, seats: Sequence[OnlineSeat]
) -> DealState:
    """The bot to act decides: one action, or in the discards and the fill
    every action of its turn there.  Should be called while holding the
    table's lock."""
    seat, phase, deal = state.to_act, state.phase, table.current
    kind = seats[seat].kind
    while True:
        bot = make_bot(kind, deal.pk * 1000 + len(state.log), rs, **expert_budget())
        state = _apply(table, deal, state, seats, seat, bot.choose(state), by=kind)
        more = phase in _ONE_DECISION and (state.phase, state.to_act) == (phase, seat)
        if not (more and table.status == OnlineTable.Status.PLAYING):
            return state


def _bot_forced_steps(
    table: OnlineTable, state: DealState, seats: Sequence[OnlineSeat]
) -> DealState:
    """Apply at once the bots' forced steps from here, whoever's bot is to
    act, up to a decision, a person's turn or the deal's end.  Should be
    called while holding the table's lock."""
    while table.status == OnlineTable.Status.PLAYING and bot_forced(state, seats):
        seat = seats[state.to_act]
        (action,) = state.legal
        state = _apply(table, table.current, state, seats, seat.seat, action, by=seat.kind)
    return state


def table_deal_next(*, creator_token: str, version: int) -> OnlineTable:
    """The creator deals the next hand once a deal is over."""
    with transaction.atomic():
        table, seats = _lock_by_creator(creator_token)
        if table.status != OnlineTable.Status.PLAYING:
            raise PlayError(gettext(table.note) if table.note else gettext("The game is over."))
        if version != table.version:
            raise PlayError(gettext(STALE))
        rs = table_ruleset(table)
        state = deal_state(rs, table.current)
        if state.phase != "done":
            raise PlayError(gettext("This deal is still being played."))
        state = deal_next(table, rs) or state
        table_changed(table, state, seats, schedule=True)
    return table


def seat_hand_to_bot(*, creator_token: str, seat: int, kind: str) -> OnlineTable:
    """The creator hands a person's seat to a bot, once that person has been
    thinking on their turn for longer than the table's idle time."""
    with transaction.atomic():
        table, seats = _lock_by_creator(creator_token)
        if kind not in SEAT_BOTS:
            raise PlayError({"kind": gettext("Choose the bot's level: easy, normal or expert.")})
        target = _seat_of(seats, seat)
        if target.is_bot:
            raise PlayError(gettext("A bot already plays %(name)s's seat.") % {"name": target.name})
        if table.status != OnlineTable.Status.PLAYING:
            raise PlayError(gettext("The game is over."))
        state = deal_state(table_ruleset(table), table.current)
        if not seat_idle(table, state, target):
            raise PlayError(
                gettext(
                    "%(name)s is not idle: a seat goes to a bot only after "
                    "%(duration)s of thinking on its turn."
                )
                % {"name": target.name, "duration": duration_text(table.idle_seconds)}
            )
        target.kind = kind
        target.stand_in = True
        target.away = False
        target.save(update_fields=["kind", "stand_in", "away"])
        table_changed(table, state, seats, schedule=True)
    return table


def seat_give_back(*, creator_token: str, seat: int) -> OnlineTable:
    """The creator gives a bot's seat back to a person (its link plays again)."""
    with transaction.atomic():
        table, seats = _lock_by_creator(creator_token)
        target = _seat_of(seats, seat)
        if not target.is_bot:
            raise PlayError(
                gettext("%(name)s is already played by a person.") % {"name": target.name}
            )
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
        target.away = False
        target.seen_at = timezone.now()
        target.save(update_fields=["kind", "stand_in", "away", "seen_at"])
        state = deal_state(table_ruleset(table), table.current)
        table_changed(table, state, seats, schedule=False)
    return table


def _seat_of(seats: Sequence[OnlineSeat], seat: int) -> OnlineSeat:
    if not (isinstance(seat, int) and 0 <= seat < len(seats)):
        raise PlayError(
            {"seat": gettext("This table has seats 1 to %(count)d.") % {"count": len(seats)}}
        )
    return seats[seat]


def _lock_by_seat(token: str, version: int) -> tuple[OnlineTable, list[OnlineSeat]]:
    """The table of seat ``token``, locked, and its seats, read after the
    lock; :class:`PlayError` if the table is no longer at ``version``."""
    locked = OnlineTable.objects.select_for_update(of=("self",)).filter(seats__token=token)
    row = locked.values_list("pk", "version").first()
    if row is None:
        raise OnlineSeat.DoesNotExist(token)
    if row[1] != version:
        raise PlayError(gettext(STALE))
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
) -> DealState:
    """Apply ``action`` for ``seat`` (who is to act), log it, and finish the
    deal if it was the last; the deal in play after it (a new one after a
    misdeal).  Should be called while holding the table's lock."""
    try:
        state.apply(action)
    except IllegalAction as exc:
        raise PlayError(refusal(exc, sentence=True)) from None
    DealEvent.objects.create(deal=deal, seq=len(state.log), seat=seat, action=action, by=by)
    deal.log = list(state.log)
    if getattr(state, "tn_misdeal", False):
        return deal_again(table, deal, state.rs)
    if state.phase == "done":
        deal_finish(table, deal, state, seats)
    else:
        deal.save(update_fields=["log"])
    return state


@dataclass
class _Queued:
    """Whether the bots' task failed to be queued, known once the transaction commits."""

    failed: bool = False


def table_changed(
    table: OnlineTable, state: DealState, seats: Sequence[OnlineSeat], *, schedule: bool
) -> _Queued:
    """Bump the table's version (every page's ETag) and restart the thinking
    clock; if ``schedule`` and a bot is due, enqueue the bots' task once the
    transaction commits: after their thinking time, or at once for a forced
    step."""
    table.version += 1
    table.turn_since = timezone.now()
    table.save(update_fields=_TABLE_FIELDS)
    if state.phase != "done" and state.to_act is not None:
        away_watch(table, seats[state.to_act])
    queued = _Queued()
    if schedule and bot_due(table, state, seats):
        table_id, version, queue = table.pk, table.version, bots_queue(table, seats)
        # A bot's forced step waits no thinking time (bot_step).
        think = not bot_forced(state, seats)

        def enqueue() -> None:
            queued.failed = not bots_enqueue(table_id, version, queue=queue, think=think)

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
    "totals",
    "status",
    "winner",
    "note",
]


def _tokens(table: OnlineTable, seats: Sequence[OnlineSeat]) -> list[str]:
    """Every private link of the table: the creator's and every seat's."""
    return [table.creator_token, *(seat.token for seat in seats)]
