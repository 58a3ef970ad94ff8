"""A seat's screen: everything one seat's page shows.

Built from the engine's ``view(seat)`` of the deal in play and the table's
public facts (names, kinds of seats, scores, finished deals' records) only:
nothing here reads another seat's hand, a widow or the deck of a deal in
play.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from scoring.rules import Ruleset
from scoring.rules.cards import SUIT_NAMES
from scoring.wording import bid_phrase, bid_words

from ..models import OnlineSeat, OnlineTable
from .advice import hints_offered
from .cards import SYMBOLS, CardTile, bid_text, hand_order, suit_label, tile
from .phases import deal_steps, notes, phase_title, prompt, seat_game_notes
from .state import DealLine, finished_deals, game_length, seat_etag, seat_view, team_names
from .tables import Played, away_note, seat_game, table_ruleset

#: Where each seat sits on a player's screen, counted clockwise from them.
PLACES = ("me", "left", "partner", "right")


@dataclass
class SeatBox:
    """One seat around the table, as another seat sees it."""

    seat: int
    place: str
    name: str
    bot: bool
    cards: int
    dealer: bool
    to_act: bool
    out: bool
    bid: str
    passed: bool
    played: CardTile | None
    laid: list[CardTile]
    widow: int | None
    team: int
    #: Cards this seat let go face up (choice discards, RULES.md 11.1).
    faceup: list[CardTile]
    #: Pidro: a player who is out shows their hand (RULES.md 11.4.14).
    folded: list[CardTile]
    #: "Played by a bot (normal) while Ana is away", or nothing.
    away: str = ""
    #: An N-seat game (RULES.md 12.1): "bidder" or "partner" as this seat's
    #: view tells it (the partner only once the view reveals them), else "".
    role: str = ""
    #: An N-seat game: the points this seat has taken this deal, and its
    #: running total; None at a four-seat table.
    captured: int | None = None
    total: int | None = None


@dataclass
class SeatScreen:
    """What one seat's page shows, all of it from that seat's view and public facts."""

    table: OnlineTable
    me: OnlineSeat
    version: int
    etag: str
    view: dict[str, Any]
    teams: list[dict[str, Any]]
    length: str
    deal_number: int
    dealer: str
    phase: str
    phase_title: str
    steps: list[tuple[str, bool]]
    my_turn: bool
    card_turn: bool
    prompt: str
    hint: str
    notes: list[str]
    boxes: list[SeatBox]
    hand: list[CardTile]
    buttons: list[tuple[str, str, str]]
    pack: list[CardTile]
    #: Tennessee: the cards this seat may slide to its partner now.
    slides: list[CardTile]
    discards: list[CardTile]
    bids: list[tuple[str, str]]
    trump: dict | None
    contract: str
    last_trick: dict | None
    deals: list[DealLine]
    result: DealLine | None
    #: The deal's points (all the point cards) and what wins the game.
    total_points: int
    target: int | None
    #: Face-down cards waiting for the bidder (kitty, señorita), or None.
    kitty: int | None
    #: Stock trumps shown to all as they leave play after a rob.
    stock_trumps: list[CardTile]
    #: Trumps the bidder took openly from the stock (maker's fill), shown to
    #: all until played.
    open_cards: list[CardTile]
    game_over: bool
    winner: str
    can_deal_next: bool
    #: The hint button is offered: a casual table, this seat's turn.
    hints: bool = False
    #: The hint asked for, shown until the table changes.
    hint_line: str = ""
    error: str = ""
    #: Something the player should know about their move (it is saved, the bots are late).
    notice: str = ""
    #: An N-seat game (RULES.md 12.1): the seats' running totals and points
    #: this deal, seat 1 first; empty at a four-seat table.
    seat_scores: list[dict[str, Any]] = field(default_factory=list)
    #: The cards the bidder may call now (RULES.md 12.3 "call").
    calls: list[CardTile] = field(default_factory=list)
    #: The called card once called, and what the view says of the partner.
    called: CardTile | None = None
    alone: bool = False
    partner: str = ""

    @property
    def ring(self) -> bool:
        """An N-seat table: the other seats sit in a row from the left round
        to the right, above the centre."""
        return bool(self.seat_scores)

    @property
    def others(self) -> list[SeatBox]:
        return self.boxes[1:]

    @property
    def choosing_discards(self) -> bool:
        """This seat's turn to choose cards to discard: the page lets several
        be chosen, then sends them together."""
        return self.card_turn and self.phase == "discard"


def seat_screen(token: str, played: Played | None = None) -> SeatScreen | None:
    """Everything seat ``token``'s page shows, or None for an unknown token.
    ``played``: the move this seat just made, if any (saves reading it back)."""
    found = seat_view(token, played)
    return None if found is None else build_seat_screen(*found)


def build_seat_screen(
    table: OnlineTable, seats: list[OnlineSeat], me: OnlineSeat, view: dict[str, Any]
) -> SeatScreen:
    """A seat's screen from its ``view`` and the table's public facts only."""
    names = [s.name for s in seats]
    deals = finished_deals(table, names)
    seat, phase, to_act = view["seat"], view["phase"], view["to_act"]
    trump = view["trump"]
    legal = view["legal"]
    rs = table_ruleset(table)
    card_moves = {
        a.split()[1]: a for a in legal if a.split()[0] in ("play", "lay", "discard", "give")
    }
    hand = [tile(c, trump, card_moves.get(c), rs) for c in hand_order(view["hand"], trump, rs)]
    pack = [tile(a.split()[1], trump, a, rs) for a in legal if a.startswith("take ")]
    # Tennessee: a card may be discarded or slid; the slides are a fan of their own.
    slides = [tile(a.split()[1], trump, a, rs) for a in legal if a.startswith("slide ")]
    buttons = _choice_buttons(legal, rs)
    bids_by_seat: dict[int, str] = {}
    passed: dict[int, bool] = {}
    for s, action in view["bids"]:
        bids_by_seat[s] = bid_text(action, rs)
        passed[s] = action == "pass"
    trick = {s: tile(c, trump, rs=rs) for s, c in view["trick"]}
    laid: dict[int, list[CardTile]] = {}
    for s, c in view["laid"]:
        laid.setdefault(s, []).append(tile(c, trump, rs=rs))
    widows = view.get("widow_counts")
    count = len(seats)
    ring = seat_game(table)
    faceup = view.get("discards") or [[] for _s in range(count)]
    folded = view.get("folded") or [[] for _s in range(count)]
    roles = _roles(view) if ring else {}
    totals = list(table.totals)
    boxes = []
    for k in range(count):
        s = (seat + k) % count
        place = ("me" if k == 0 else "ring") if ring else PLACES[k]
        boxes.append(
            SeatBox(
                seat=s,
                place=place,
                name=names[s],
                bot=seats[s].is_bot,
                cards=view["hand_counts"][s],
                dealer=s == view["dealer"],
                to_act=s == to_act,
                out=s in view["out"],
                bid=bids_by_seat.get(s, ""),
                passed=passed.get(s, False),
                played=trick.get(s),
                laid=laid.get(s, []),
                widow=widows[s] if widows and widows[s] else None,
                team=s % 2,
                faceup=[tile(c, trump, rs=rs) for c in faceup[s]],
                folded=[tile(c, trump, rs=rs) for c in folded[s]],
                away=away_note(seats[s]),
                role=roles.get(s, ""),
                captured=view["captured"][s] if ring else None,
                total=totals[s] if ring and totals else None,
            )
        )
    last = view["tricks"][-1] if view["tricks"] else None
    last_trick = None
    if last is not None:
        last_trick = {
            "number": len(view["tricks"]),
            "tricks": rs.tricks,
            "winner": names[last["winner"]],
            "cards": [(names[s], tile(c, trump, rs=rs)) for s, c in last["cards"]],
            "laid": [(names[s], tile(c, trump, rs=rs)) for s, c in last["laid"]],
        }
    team_labels = team_names(names) if not ring else ("", "")
    captured = view["captured"]
    teams = (
        []
        if ring
        else [
            {
                "team": t,
                "names": team_labels[t],
                "score": (table.score0, table.score1)[t],
                "captured": captured[t],
                "mine": t == view["team"],
                "bidding": view["bidder"] is not None and view["bidder"] % 2 == t,
            }
            for t in (0, 1)
        ]
    )
    headline, hint = prompt(view, names, seats, rs)
    extra_notes = seat_game_notes(view, names) if ring else []
    my_turn = to_act == seat and not me.is_bot
    game_over = table.status == OnlineTable.Status.FINISHED
    result = deals[-1] if phase == "done" and deals else None
    winner = ""
    if game_over and ring:
        winner = (
            _("A tie")
            if table.winner is None
            else _("%(name)s wins") % {"name": names[table.winner]}
        )
    elif game_over:
        winner = (
            _("A tie")
            if table.winner is None
            else _("%(team)s win") % {"team": team_labels[table.winner]}
        )
    contract = ""
    if view["bid"] is not None:
        contract = bid_phrase(names[view["bidder"]], view["bid"], rs)
    elif view["high_bid"]:
        high, action = next((s, a) for s, a in reversed(view["bids"]) if a != "pass")
        contract = _("High bid %(bid)s (%(name)s)") % {
            "bid": bid_text(action, rs),
            "name": names[high],
        }
    return SeatScreen(
        table=table,
        me=me,
        version=table.version,
        etag=seat_etag(table.version),
        view=view,
        teams=teams,
        length=game_length(table),
        deal_number=table.deal_number,
        dealer=names[view["dealer"]],
        phase=phase,
        phase_title=phase_title(view, rs),
        steps=deal_steps(view, rs),
        my_turn=my_turn,
        card_turn=my_turn and any(c.action for c in hand),
        prompt=headline,
        hint=hint,
        notes=extra_notes + notes(view, names, rs),
        boxes=boxes,
        hand=hand,
        buttons=buttons if my_turn else [],
        pack=pack if my_turn else [],
        slides=slides if my_turn else [],
        discards=[tile(c, trump, rs=rs) for c in view["my_discards"]],
        bids=[(names[s], bid_text(a, rs)) for s, a in view["bids"]],
        trump=suit_label(trump),
        contract=contract,
        last_trick=last_trick,
        deals=deals,
        result=result,
        total_points=rs.total_points,
        target=rs.target if table.mode == OnlineTable.Mode.TARGET else None,
        kitty=view.get("kitty_count") or view.get("spare_count") or None,
        stock_trumps=[tile(c, trump, rs=rs) for c in view.get("stock_trumps", [])],
        open_cards=[tile(c, trump, rs=rs) for c in view.get("open_cards", [])],
        game_over=game_over,
        winner=winner,
        can_deal_next=phase == "done" and not game_over and not me.is_bot,
        hints=my_turn and phase != "done" and hints_offered(table),
        seat_scores=[
            {
                "seat": s,
                "name": names[s],
                "total": totals[s] if totals else 0,
                "captured": captured[s],
                "mine": s == seat,
                "role": roles.get(s, ""),
            }
            for s in range(count)
        ]
        if ring
        else [],
        calls=[tile(a[5:], trump, a, rs) for a in legal if a.startswith("call ")]
        if my_turn
        else [],
        called=tile(view["call"], trump, rs=rs) if ring and view.get("call") else None,
        alone=bool(view.get("alone")),
        partner=_partner_words(view, names) if ring else "",
    )


def _roles(view: dict[str, Any]) -> dict[int, str]:
    """The bidder, and the partner only where this seat's view names them."""
    roles: dict[int, str] = {}
    if view["bidder"] is not None:
        roles[view["bidder"]] = "bidder"
    if isinstance(view.get("partner"), int) and view["partner"] != view["bidder"]:
        roles[view["partner"]] = "partner"
    return roles


def _partner_words(view: dict[str, Any], names: list[str]) -> str:
    """Who the bidder's partner is, as far as this seat may know (RULES.md 12.1.7)."""
    if view.get("alone"):
        return _("The bidder plays alone.")
    partner = view.get("partner")
    if partner == "none":
        return _("Nobody held the called card: the bidder plays alone.")
    if isinstance(partner, int):
        if partner == view["seat"]:
            return _("You hold the called card: you are the bidder's partner.")
        return _("Partner: %(name)s.") % {"name": names[partner]}
    if view.get("call"):
        return _("The partner is whoever holds the called card.")
    return ""


def _choice_buttons(legal: list[str], rs: Ruleset) -> list[tuple[str, str, str]]:
    """(action, label, css class) for the moves that are not a card: pass,
    bids (with their suit where the bid names trump), naming trump, keeping
    a hand after choice discards."""
    buttons = []
    for action in legal:
        verb, _sep, arg = action.partition(" ")
        if verb == "pass" and "concede" in legal:
            buttons.append((action, _("Play on"), "pass"))
        elif verb == "pass":
            buttons.append((action, _("Pass"), "pass"))
        elif verb == "keep":
            buttons.append((action, _("Keep my hand"), "keep"))
        elif verb == "concede":
            buttons.append((action, _("Throw in the hand"), "concede"))
        elif verb == "misdeal":
            buttons.append((action, _("Call a misdeal"), "misdeal"))
        elif verb == "fold":
            buttons.append((action, _("Fold my hand"), "pass"))
        elif verb == "bid":
            number, _sep, suit = arg.partition(" ")
            label = bid_words(int(number), rs)
            label = label[:1].upper() + label[1:]
            if suit:
                red = " red" if suit in "HD" else ""
                buttons.append((action, f"{label} {SYMBOLS[suit]}", "bid" + red))
            else:
                buttons.append((action, label, "bid"))
        elif verb == "alone":
            buttons.append((action, _("Go alone"), "bid"))
        elif verb == "trump":
            red = " red" if arg in "HD" else ""
            name = _(SUIT_NAMES[arg]).capitalize()
            buttons.append((action, f"{SYMBOLS[arg]} {name}", "suit" + red))
    return buttons
