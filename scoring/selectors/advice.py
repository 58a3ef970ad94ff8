"""The expert's advice to a person: the hint on their turn, and after a deal
the moves where the expert's choice was worth clearly more.

Both are worked out from one seat's view of the deal (``DealState.view``,
``SeatDeal.view`` in an N-seat game), never from the deck or another hand,
with the expert's budget from the settings (``PLAY_EXPERT_SAMPLES``,
``PLAY_EXPERT_BID_SAMPLES``, ``PLAY_EXPERT_TIME_MS``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.utils.formats import number_format
from django.utils.translation import gettext, pgettext_lazy

from scoring.rules import Ruleset
from scoring.rules.bots import view_ruleset
from scoring.rules.cards import SUIT_NAMES
from scoring.rules.expert import Advice
from scoring.rules.levels import make_bot

from ..models import OnlineTable
from .cards import SYMBOLS, bid_text, tile
from .tables import deal_state, table_ruleset, table_seats


def expert_budget() -> dict[str, int]:
    """The expert's search budget a decision, from the settings."""
    return {
        "samples": settings.PLAY_EXPERT_SAMPLES,
        "bid_samples": settings.PLAY_EXPERT_BID_SAMPLES,
        "time_ms": settings.PLAY_EXPERT_TIME_MS,
    }


def expert_advice(view: dict[str, Any], seed: int) -> Advice:
    """The expert's choice from ``view`` and the means it weighed: the
    four-seat expert's, or in an N-seat game the N-seat expert's."""
    return make_bot("expert", seed, view_ruleset(view), **expert_budget()).advise(view)


def hints_offered(table: OnlineTable) -> bool:
    """Hints are for casual tables, of every game: a party table's deals
    count in a party."""
    return table.mode != OnlineTable.Mode.PARTY


@dataclass(frozen=True)
class Hint:
    """The hint a seat's page shows: the action advised (one of the seat's
    legal moves, or empty) and a line of words."""

    action: str
    text: str


def seat_hint(token: str) -> Hint | None:
    """The expert's choice for seat ``token`` on its turn, from its view
    alone, with why in one line; None for an unknown seat, a seat with no
    person or a table of a party."""
    seats = table_seats(token=token)
    if not seats:
        return None
    table = seats[0].table
    me = next(seat for seat in seats if seat.token == token)
    if not me.has_person or not hints_offered(table):
        return None
    rs = table_ruleset(table)
    state = deal_state(rs, table.current)
    if (
        table.status != OnlineTable.Status.PLAYING
        or me.is_bot
        or state.phase == "done"
        or state.to_act != me.seat
    ):
        return Hint("", gettext("A hint is for your turn."))
    view = state.view(me.seat)
    advice = expert_advice(view, seed=table.current.pk * 1000 + len(state.log))
    return Hint(advice.action, hint_text(advice, rs))


def hint_text(advice: Advice, rs: Ruleset) -> str:
    """ "Hint: A♥ — average score +4.1 (next best, 9♠: +1.2)." The scores
    are the deal's points for the seat's team less the other team's (in an
    N-seat game, the seat's less the other seats' mean)."""
    choice = action_words(advice.action, rs)
    runner_up = advice.runner_up
    if advice.mean is None or runner_up is None:
        return gettext("Hint: %(choice)s.") % {"choice": choice}
    return gettext(
        "Hint: %(choice)s — average score %(mean)s (next best, %(other)s: %(other_mean)s)."
    ) % {
        "choice": choice,
        "mean": signed(advice.mean),
        "other": action_words(runner_up[0], rs),
        "other_mean": signed(runner_up[1]),
    }


def signed(points: float) -> str:
    """A mean in points, to a tenth, with its sign: "+4.1", "-0.5"."""
    text = number_format(abs(points), decimal_pos=1)
    return ("-" if points < 0 else "+") + text


def action_words(action: str, rs: Ruleset) -> str:
    """An action as short words: "A♥", "7 ♥", "pass", "trump ♥ (hearts)"."""
    verb, _, arg = action.partition(" ")
    if verb in ("pass", "bid"):
        return bid_text(action, rs)
    if verb == "trump":
        return gettext("%(suit)s %(symbol)s trump") % {
            "suit": gettext(SUIT_NAMES[arg]),
            "symbol": SYMBOLS[arg],
        }
    if verb == "call":
        face = tile(arg)
        return gettext("call %(card)s") % {"card": face.rank + face.symbol}
    if arg and verb in ("play", "lay", "discard", "take", "slide", "give"):
        face = tile(arg)
        return face.rank + face.symbol
    return str(_OTHER.get(verb, verb))


#: The moves without a card or a bid, as the hint names them.
_OTHER = {
    "keep": pgettext_lazy("a move advised", "keep your hand"),
    "concede": pgettext_lazy("a move advised", "throw in the hand"),
    "misdeal": pgettext_lazy("a move advised", "call a misdeal"),
    "fold": pgettext_lazy("a move advised", "fold"),
    "alone": pgettext_lazy("a move advised", "go alone"),
}
