"""The words a seat's screen gives each phase of a deal, for every game of
RULES.md 3, 4 and 11: the deal's steps, the phase's title, the prompt and
hint for the seat to act, and the notes on what happened by itself.

Every number comes from the table's :class:`Ruleset` or the seat's view."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from scoring.rules import Ruleset
from scoring.rules.cards import ANY_CARD, SUIT_NAMES, SUITS

from ..models import OnlineSeat
from .cards import SYMBOLS, bid_text


def _phases(rs: Ruleset) -> list[tuple[str, str]]:
    """(phase, step name) of the deal's steps in this game, in order.

    The names carry the context "deal step": "Draw" and "Play" are also
    buttons elsewhere, which other languages word differently."""
    steps = [("dark", pgettext("deal step", "Dark"))] if rs.dark else []
    steps.append(("bid", pgettext("deal step", "Bid")))
    if not rs.suit_bids:
        steps.append(("trump", pgettext("deal step", "Trump")))
    if rs.exchange == "widow":
        steps.append(("discard", pgettext("deal step", "Discard")))
    elif rs.exchange == "draw":  # the Draw's discard and fill happen by themselves
        steps += [("draw", pgettext("deal step", "Draw")), ("fill", pgettext("deal step", "Rob"))]
    elif rs.exchange in ("draw-choice", "maker-fill"):
        steps += [
            ("discard", pgettext("deal step", "Discard")),
            ("fill", pgettext("deal step", "Rob")),
        ]
    elif rs.exchange != "none":
        steps.append(("discard", pgettext("deal step", "Discard")))
    if rs.sides == "called":
        steps.append(("call", pgettext("deal step", "Call")))
    return [
        *steps,
        ("play", pgettext("deal step", "Play")),
        ("done", pgettext("deal step", "Score")),
    ]


def deal_steps(view: dict[str, Any], rs: Ruleset) -> list[tuple[str, bool]]:
    """The deal's steps, each with whether it is the current one."""
    return [(name, phase == view["phase"]) for phase, name in _phases(rs)]


def _laying(view: dict[str, Any], rs: Ruleset) -> bool:
    to_act = view["to_act"]
    return (
        view["phase"] == "play"
        and not view["tricks"]
        and to_act is not None
        and view["hand_counts"][to_act] > rs.hand_size
    )


def phase_title(view: dict[str, Any], rs: Ruleset) -> str:
    phase = view["phase"]
    if phase == "play":
        if _laying(view, rs) and rs.exchange != "five-hand":
            return _("Laying down extra trumps")
        return _("Trick %(number)d of %(tricks)d") % {
            "number": len(view["tricks"]) + 1,
            "tricks": rs.tricks,
        }
    if phase == "discard" and rs.exchange == "widow":
        return _("Widow: discarding")
    return {
        "dark": _("Bidding in the dark"),
        "bid": _("Bidding"),
        "trump": _("Naming trump"),
        "discard": _("Discarding"),
        "fill": _("Robbing the pack"),
        "call": _("Calling a partner"),
        "done": _("Deal over"),
    }[phase]


def prompt(
    view: dict[str, Any], names: list[str], seats: list[OnlineSeat], rs: Ruleset
) -> tuple[str, str]:
    """The headline for this seat (whose turn, to do what) and a hint."""
    phase, to_act, seat, legal = view["phase"], view["to_act"], view["seat"], view["legal"]
    if phase == "done":
        return _("The deal is over."), ""
    if to_act != seat or seats[seat].is_bot:
        return _waiting(view, names[to_act], seats[to_act].is_bot, rs), ""
    if phase == "dark":
        calls = ", ".join(bid_text(a, rs) for a in legal if a != "pass")
        return _("Bid in the dark, or pass."), _(
            "Nobody has seen a card yet. A dark bid: %(calls)s."
        ) % {"calls": calls}
    if phase == "bid":
        title, hint = _bid_prompt([a for a in legal if a != "misdeal"], rs)
        if "misdeal" in legal:
            hint += " " + _("You hold no card that can score: you may call a misdeal.")
        return title, hint
    if phase == "call":
        return _call_prompt(legal)
    if phase == "trump":
        if len(legal) < len(SUITS):
            return _("Name trump."), _("You shot: name a suit whose ace and two you held.")
        return _("Name trump."), _("You won the bid.")
    hand = view["hand"]
    trump = SUITS.index(view["trump"])
    is_trump = rs.tables.is_trump[trump]
    if phase == "discard":
        if rs.exchange == "five-hand":
            trumps = sum(1 for c in hand if is_trump[ANY_CARD[c]])
            owed = len(hand) - max(rs.hand_size, trumps)
            return (
                ngettext("Discard %(count)d card.", "Discard %(count)d cards.", owed)
                % {"count": owed},
                _("You keep every trump; your discards are face down and nobody sees them."),
            )
        if rs.exchange == "widow":
            trumps = sum(1 for c in hand if is_trump[ANY_CARD[c]])
            owed = len(hand) - max(rs.hand_size, trumps)
            return (
                ngettext("Discard %(count)d card.", "Discard %(count)d cards.", owed)
                % {"count": owed},
                _("You keep every trump; choose the non-trumps to let go."),
            )
        if rs.exchange == "tennessee":
            return _tennessee_prompt(view, legal, rs)
        return _choice_prompt(view, legal, rs)
    if phase == "fill":
        need = rs.hand_size - len(hand)
        source = _("pack") if view["stock_count"] else _("wash")
        title = ngettext(
            "Rob the pack: take %(count)d more card.",
            "Rob the pack: take %(count)d more cards.",
            need,
        ) % {"count": need}
        if rs.exchange == "draw":
            return title, _("You took every trump left; choose from the %(source)s.") % {
                "source": source
            }
        return title, _("Take any card from the %(source)s.") % {"source": source}
    if "concede" in legal:
        return _("Throw in the hand, or play on?"), ngettext(
            "Throwing in gives the bidders all %(total)d point; no card is played.",
            "Throwing in gives the bidders all %(total)d points; no card is played.",
            rs.total_points,
        ) % {"total": rs.total_points}
    if legal[0].startswith("lay ") and rs.exchange == "five-hand":
        return _("Lay down one extra trump."), _(
            "You hold more cards than tricks are left: lay one down face up, then play your card."
        )
    if legal[0].startswith("lay "):
        extra = len(hand) - rs.hand_size
        return (
            ngettext("Lay down %(count)d extra trump.", "Lay down %(count)d extra trumps.", extra)
            % {"count": extra},
            _("Only non-point trumps are laid down, face up, before you play."),
        )
    if not view["trick"]:
        leads_trump = all(is_trump[ANY_CARD[a.split()[1]]] for a in legal)
        if not view["tricks"] and leads_trump:
            return _("Your lead."), _("The bidder leads a trump to the first trick.")
        return _("Your lead."), ""
    return _("Your play."), _follow_hint(view, is_trump, rs)


def _waiting(view: dict[str, Any], name: str, bot: bool, rs: Ruleset) -> str:
    who = _("%(name)s (bot)") % {"name": name} if bot else name
    phase = view["phase"]
    if phase == "play" and view.get("throw_in"):
        return _("Waiting for %(who)s to throw in the hand or play on.") % {"who": who}
    if phase == "play" and _laying(view, rs) and rs.exchange != "five-hand":
        return _("Waiting for %(who)s to lay down extra trumps.") % {"who": who}
    doing = {
        "dark": _("Waiting for %(who)s to call in the dark."),
        "bid": _("Waiting for %(who)s to bid."),
        "trump": _("Waiting for %(who)s to name trump."),
        "discard": _("Waiting for %(who)s to discard."),
        "fill": _("Waiting for %(who)s to rob the pack."),
        "call": _("Waiting for %(who)s to call a partner."),
        "play": _("Waiting for %(who)s to play."),
    }[phase]
    return doing % {"who": who}


def _call_prompt(legal: list[str]) -> tuple[str, str]:
    """The bidder calls a card (its holder is their partner) or goes alone."""
    if legal == ["alone"]:
        return _("You hold every trump: you go alone."), _(
            "Alone, you play against everyone else, and the deal counts double."
        )
    if "alone" in legal:
        return _("Call a trump for your partner, or go alone."), _(
            "Whoever holds the card you call is your partner for this deal; nobody knows who "
            "until it is played. Alone, the deal counts double."
        )
    return _("Call a card for your partner."), _(
        "Whoever holds the card you call is your partner for this deal; nobody knows who "
        "until it is played. If nobody holds it, you play alone."
    )


def seat_game_notes(view: dict[str, Any], names: list[str]) -> list[str]:
    """An N-seat game (RULES.md 12.1.7): the call, going alone and the
    partner, as far as this seat's view tells them."""
    bidder, seat = view["bidder"], view["seat"]
    if bidder is None:
        return []
    mine = bidder == seat
    if view.get("alone"):
        if mine:
            return [_("You went alone.")]
        return [_("%(name)s went alone.") % {"name": names[bidder]}]
    call = view.get("call")
    if not call:
        return []
    if mine:
        found = [_("You called %(card)s.") % {"card": _card(call)}]
    else:
        found = [_("%(name)s called %(card)s.") % {"name": names[bidder], "card": _card(call)}]
    partner = view.get("partner")
    if partner == "none":
        found.append(_("Nobody held %(card)s: no partner this deal.") % {"card": _card(call)})
    elif isinstance(partner, int) and partner == seat:
        found.append(
            _("You hold %(card)s: you are the partner. Nobody else knows until you play it.")
            % {"card": _card(call)}
        )
    elif isinstance(partner, int):
        found.append(
            _("%(card)s is played: %(name)s is the partner.")
            % {"name": names[partner], "card": _card(call)}
        )
    return found


def _card(code: str) -> str:
    """A card as the page writes it: rank and suit symbol."""
    rank = "10" if code[0] == "T" else code[0]
    return f"{rank}{SYMBOLS[code[1]]}"


def _bid_prompt(legal: list[str], rs: Ruleset) -> tuple[str, str]:
    bids = [a for a in legal if a != "pass"]
    if "pass" not in legal:
        least = bids[0].split()[1]
        tops = [a for a in bids if int(a.split()[1]) in rs.top_contracts]
        if rs.shoot:
            more = _(", or shoot") if tops else ""
        else:
            more = "".join(_(", or bid %(bid)s") % {"bid": a.split()[1]} for a in tops)
        return _("Everyone passed: you are stuck with the bid."), _(
            "Take it for %(bid)s%(more)s."
        ) % {"bid": least, "more": more}
    if not bids:
        return _("Your bid."), _("You can only pass.")
    hint = _("Pass, or bid %(bid)s or more.") % {"bid": bids[0].split()[1]}
    if rs.suit_bids:
        hint += " " + _("Your bid names trump.")
    return _("Your bid."), hint


def _choice_prompt(view: dict[str, Any], legal: list[str], rs: Ruleset) -> tuple[str, str]:
    """Choice discards (RULES.md 11.1): ``discard X`` one at a time, then ``keep``."""
    count = len(view["hand"])
    owed = max(count - rs.hand_size, 0)
    can_discard = any(a.startswith("discard ") for a in legal)
    if "keep" in legal:
        if not can_discard:
            return _("Keep your hand."), _("You have discarded all you may.")
        return _("Discard, or keep your hand."), _(
            "You may let more cards go face up, or keep the %(count)d you hold."
        ) % {"count": count}
    title = ngettext(
        "Discard at least %(count)d card.", "Discard at least %(count)d cards.", owed
    ) % {"count": owed}
    if rs.exchange == "senorita":
        return title, _("Your discards leave play face down and count for nobody.")
    return title, _("Your discards are face up for everyone to see.")


def _tennessee_prompt(view: dict[str, Any], legal: list[str], rs: Ruleset) -> tuple[str, str]:
    """Tennessee's exchange (RULES.md 11.3): discard, slide, give or keep,
    one card at a time."""
    owed = max(len(view["hand"]) - rs.hand_size, 0)
    if "keep" in legal:
        return _("Slide cards to your partner, or keep your hand."), _(
            "You were dealt more trumps than a hand holds: the ones you keep are laid "
            "down on the first trick."
        )
    if legal[0].startswith("give "):
        return ngettext(
            "Give %(count)d trump to the opponent on your right.",
            "Give %(count)d trumps to the opponent on your right.",
            owed,
        ) % {"count": owed}, _("You hold only trumps: choose the ones to give.")
    title = ngettext(
        "Get down to %(size)d cards: %(count)d more to go.",
        "Get down to %(size)d cards: %(count)d more to go.",
        owed,
    ) % {"size": rs.hand_size, "count": owed}
    if any(a.startswith("slide ") for a in legal):
        return title, ngettext(
            "Discard non-trumps face down, or slide any card to your partner while you "
            "hold %(size)d trump or more.",
            "Discard non-trumps face down, or slide any card to your partner while you "
            "hold %(size)d trumps or more.",
            rs.hand_size,
        ) % {"size": rs.hand_size}
    return title, _("Only non-trumps are discarded, face down; nobody else sees them.")


def _follow_hint(view: dict[str, Any], is_trump, rs: Ruleset) -> str:
    led = view["trick"][0][1]
    if is_trump[ANY_CARD[led]]:
        return _("Trump was led: play a trump.")
    suit = SUIT_NAMES[led[1]]
    if rs.play_rule in ("no-rank", "no-rank-down") or rs.cut_throat:
        return _("%(suit)s led: play any card; a trump wins it.") % {"suit": _(suit).capitalize()}
    return _("%(suit)s led: follow suit or trump.") % {"suit": _(suit).capitalize()}


def notes(view: dict[str, Any], names: list[str], rs: Ruleset) -> list[str]:
    """What happened by itself, that a player might miss: the widow, kitty or
    señorita picked up, extra cards dealt, the Draw's discards, extra trumps
    laid down, players gone out."""
    seat, phase = view["seat"], view["phase"]
    found = []
    widows = view.get("widow_counts")
    bid = any(s == seat for s, _a in view["bids"])
    if widows is not None and bid and phase in ("bid", "trump"):
        found.append(_("You have picked up your widow: its cards are in your hand."))
    before_play = phase in ("discard", "fill") or (phase == "play" and not view["tricks"])
    if rs.exchange == "draw" and view["my_discards"] and before_play:
        count = len(view["my_discards"])
        found.append(
            ngettext(
                "You discarded %(count)d non-trump.", "You discarded %(count)d non-trumps.", count
            )
            % {"count": count}
        )
    if rs.extra_cards and phase in ("trump", "discard"):
        found.append(
            ngettext(
                "Everyone was dealt %(count)d more card.",
                "Everyone was dealt %(count)d more cards.",
                rs.extra_cards,
            )
            % {"count": rs.extra_cards}
        )
    if rs.kitty_size and view["bidder"] is not None and phase in ("discard", "fill"):
        who = _("You") if view["bidder"] == seat else names[view["bidder"]]
        found.append(
            ngettext(
                "%(who)s picked up the %(count)d face-down card.",
                "%(who)s picked up the %(count)d face-down cards.",
                rs.kitty_size,
            )
            % {"who": who, "count": rs.kitty_size}
        )
    laid: dict[int, int] = {}
    for s, _c in view["laid"]:
        laid[s] = laid.get(s, 0) + 1
    for s, count in laid.items():
        who = _("You") if s == seat else names[s]
        found.append(
            ngettext(
                "%(who)s laid down %(count)d extra trump.",
                "%(who)s laid down %(count)d extra trumps.",
                count,
            )
            % {"who": who, "count": count}
        )
    if rs.exchange == "tennessee":
        found += _tennessee_notes(view, names)
    for s in view["out"]:
        if rs.play_rule in ("monterey", "no-rank"):
            text = _("%(who)s out: no trump when trump was led.")
        else:
            text = _("%(who)s out: no trump to play.")
        who = _("You are") if s == seat else _("%(name)s is") % {"name": names[s]}
        found.append(text % {"who": who})
    return found


def _tennessee_notes(view: dict[str, Any], names: list[str]) -> list[str]:
    """Tennessee (RULES.md 11.3, 11.4.18): cards slid and given, counted and
    never named; a throw-in; a misdeal."""
    seat, found = view["seat"], []
    counts: dict[tuple[int, int | None, str], int] = {}
    for src, dst, what in view.get("moves", ()):
        counts[src, dst, what] = counts.get((src, dst, what), 0) + 1
    for (src, dst, what), count in counts.items():
        who = _("You") if src == seat else names[src]
        if what == "concede":
            found.append(
                _("%(who)s threw in the hand: the bidders take every point.") % {"who": who}
            )
            continue
        if what == "pass":
            continue
        whom = _("you") if dst == seat else names[dst]
        if what == "slide":
            text = ngettext(
                "%(who)s slid %(count)d card to %(whom)s.",
                "%(who)s slid %(count)d cards to %(whom)s.",
                count,
            )
        else:
            text = ngettext(
                "%(who)s gave %(count)d trump to %(whom)s.",
                "%(who)s gave %(count)d trumps to %(whom)s.",
                count,
            )
        found.append(text % {"who": who, "count": count, "whom": whom})
    if view.get("misdeal"):
        found.append(_("A misdeal: nobody scores, and the same dealer deals again."))
    return found
