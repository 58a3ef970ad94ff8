"""The replay of a finished deal: every hand shown, step by step, and only
of a deal that is over."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.formats import number_format
from django.utils.translation import gettext, gettext_noop

from scoring.rules import Ruleset
from scoring.rules.cards import ALL_CODES, SUIT_NAMES
from scoring.wording import bid_phrase, is_shoot

from ..models import OnlineDeal, OnlineTable
from .advice import action_words
from .cards import SYMBOLS, CardTile, bid_text, hand_order, suit_label, tile
from .state import DealLine, finished_deals, team_names
from .tables import deal_state, seat_game, table_ruleset


@dataclass
class ReplayScreen:
    table: OnlineTable
    number: int
    step: int
    steps: int
    names: list[str]
    current: str
    hands: list[dict[str, Any]]
    trump: dict | None
    contract: str
    bids: list[tuple[str, str]]
    trick: list[tuple[str, CardTile]]
    laid: list[tuple[str, CardTile]]
    last_trick: dict | None
    captured: list[int]
    teams: tuple[str, str]
    actions: list[dict[str, Any]]
    result: DealLine | None
    stock: int
    #: The people's moves where the expert's choice was worth clearly more
    #: (``{"step", "text"}``); None until the deal's review is worked out.
    marks: list[dict[str, Any]] | None = None
    #: An N-seat game (RULES.md 12.1): (name, points taken) of each seat.
    seat_captured: list[tuple[str, int]] | None = None


def replay_screen(table: OnlineTable, number: int, step: int | None) -> ReplayScreen | None:
    """A finished deal after ``step`` of its actions (none when None: a
    replay opens on the deal), every hand shown; None if deal ``number`` is
    not finished."""
    deal = OnlineDeal.objects.filter(
        table=table, number=number, status=OnlineDeal.Status.DONE
    ).first()
    if deal is None:
        return None
    names = list(table.seats.order_by("seat").values_list("name", flat=True))
    events = list(deal.events.order_by("seq").values_list("seat", "action"))
    step = 0 if step is None else max(0, min(step, len(events)))
    rs = table_ruleset(table)
    state = deal_state(rs, deal, upto=step)
    view = state.view(0)
    trump = view["trump"]
    widows = getattr(state, "widows", None)
    hands = []
    ring = seat_game(table)
    for s in range(len(names)):
        hands.append(
            {
                "seat": s,
                "name": names[s],
                "cards": [tile(c, trump, rs=rs) for c in hand_order(state.hand(s), trump, rs)],
                "widow": [tile(ALL_CODES[c], trump, rs=rs) for c in (widows[s] if widows else [])],
                "to_act": state.to_act == s,
                "dealer": s == deal.dealer,
                "out": s in view["out"],
            }
        )
    last = view["tricks"][-1] if view["tricks"] else None
    deals = finished_deals(table, names)
    marks = None if deal.review is None else [mark_text(m, names, rs) for m in deal.review]
    marked = {m["step"] for m in marks or ()}
    contract = ""
    if view["bid"] is not None:
        contract = bid_phrase(names[view["bidder"]], view["bid"], rs)
    return ReplayScreen(
        table=table,
        number=number,
        step=step,
        steps=len(events),
        names=names,
        current=(
            describe(names[events[step - 1][0]], events[step - 1][1], rs)
            if step
            else gettext("The deal.")
        ),
        hands=hands,
        trump=suit_label(trump),
        contract=contract,
        bids=[(names[s], bid_text(a, rs)) for s, a in view["bids"]],
        trick=[(names[s], tile(c, trump, rs=rs)) for s, c in view["trick"]],
        laid=[(names[s], tile(c, trump, rs=rs)) for s, c in view["laid"]],
        last_trick=(
            {
                "winner": names[last["winner"]],
                "cards": [(names[s], tile(c, trump, rs=rs)) for s, c in last["cards"]],
            }
            if last
            else None
        ),
        captured=view["captured"],
        teams=("", "") if ring else team_names(names),
        actions=[
            {"step": k, "text": describe(names[s], a, rs), "marked": k in marked}
            for k, (s, a) in enumerate(events, start=1)
        ],
        result=next((d for d in deals if d.number == number), None),
        stock=view["stock_count"],
        marks=marks,
        seat_captured=list(zip(names, view["captured"], strict=True)) if ring else None,
    )


def mark_text(mark: dict[str, Any], names: list[str], rs: Ruleset) -> dict[str, Any]:
    """A marked move in words: "Ana plays 9♠ — the expert's choice, A♥,
    scored 2.3 more on average." """
    text = gettext("%(move)s — the expert's choice, %(best)s, scored %(loss)s more on average.") % {
        "move": describe(names[mark["seat"]], mark["action"], rs),
        "best": action_words(mark["best"], rs),
        "loss": number_format(mark["loss"], decimal_pos=1),
    }
    return {"step": mark["seq"], "text": text}


def describe(name: str, action: str, rs: Ruleset) -> str:
    """An action in words: "Bea bids 8", "Cruz plays A♥"."""
    verb, _, arg = action.partition(" ")
    if verb == "pass":
        return gettext("%(name)s passes") % {"name": name}
    if verb == "keep":
        return gettext("%(name)s keeps their hand") % {"name": name}
    if verb == "concede":
        return gettext("%(name)s throws in the hand") % {"name": name}
    if verb == "misdeal":
        return gettext("%(name)s calls a misdeal") % {"name": name}
    if verb == "fold":
        return gettext("%(name)s folds") % {"name": name}
    if verb == "bid":
        number, _, suit = arg.partition(" ")
        if is_shoot(int(number), rs):
            return gettext("%(name)s shoots the moon") % {"name": name}
        if suit:
            return gettext("%(name)s bids %(bid)s %(suit)s") % {
                "name": name,
                "bid": number,
                "suit": SYMBOLS[suit],
            }
        return gettext("%(name)s bids %(bid)s") % {"name": name, "bid": arg}
    if verb == "alone":
        return gettext("%(name)s goes alone") % {"name": name}
    if verb == "call":
        face = tile(arg)
        return gettext("%(name)s calls %(card)s") % {"name": name, "card": face.rank + face.symbol}
    if verb == "trump":
        return gettext("%(name)s names %(suit)s %(symbol)s trump") % {
            "name": name,
            "suit": gettext(SUIT_NAMES[arg]),
            "symbol": SYMBOLS[arg],
        }
    face = tile(arg)
    card = face.rank + face.symbol
    return gettext(_DOES[verb]) % {"name": name, "card": card}


#: A card move in words, by its verb.
_DOES = {
    "discard": gettext_noop("%(name)s discards %(card)s"),
    "take": gettext_noop("%(name)s takes %(card)s"),
    "lay": gettext_noop("%(name)s lays down %(card)s"),
    "play": gettext_noop("%(name)s plays %(card)s"),
    "slide": gettext_noop("%(name)s slides %(card)s to their partner"),
    "give": gettext_noop("%(name)s gives %(card)s to the opponent on their right"),
}
