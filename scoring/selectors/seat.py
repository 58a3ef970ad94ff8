"""A seat's screen: everything one seat's page shows.

Built from the engine's ``view(seat)`` of the deal in play and the table's
public facts (names, kinds of seats, scores, finished deals' records) only:
nothing here reads another seat's hand, a widow or the deck of a deal in
play.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scoring.rules import Ruleset
from scoring.rules.cards import CARD, IS_TRUMP, SUIT_NAMES, SUITS
from scoring.wording import bid_phrase, bid_words

from ..models import OnlineSeat, OnlineTable
from .cards import SYMBOLS, CardTile, bid_text, hand_order, suit_label, tile
from .state import DealLine, finished_deals, game_length, seat_etag, seat_view, team_names
from .tables import Played, table_ruleset

#: Where each seat sits on a player's screen, counted clockwise from them.
PLACES = ("me", "left", "partner", "right")
PHASE_TITLES = {
    "bid": "Bidding",
    "trump": "Naming trump",
    "discard": "Discarding",
    "fill": "Robbing the pack",
    "play": "Play",
    "done": "Deal over",
}


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
    played: CardTile | None
    laid: list[CardTile]
    widow: int | None
    team: int


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
    discards: list[CardTile]
    bids: list[tuple[str, str]]
    trump: dict | None
    contract: str
    last_trick: dict | None
    deals: list[DealLine]
    result: DealLine | None
    game_over: bool
    winner: str
    can_deal_next: bool
    error: str = ""
    #: Something the player should know about their move (it is saved, the bots are late).
    notice: str = ""


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
    card_moves = {a.split()[1]: a for a in legal if a.split()[0] in ("play", "lay", "discard")}
    hand = [tile(c, trump, card_moves.get(c)) for c in hand_order(view["hand"], trump)]
    pack = [tile(a.split()[1], trump, a) for a in legal if a.startswith("take ")]
    rs = table_ruleset(table)
    buttons = _choice_buttons(legal, rs)
    bids_by_seat: dict[int, str] = {}
    for s, action in view["bids"]:
        bids_by_seat[s] = bid_text(action, rs)
    trick = {s: tile(c, trump) for s, c in view["trick"]}
    laid: dict[int, list[CardTile]] = {}
    for s, c in view["laid"]:
        laid.setdefault(s, []).append(tile(c, trump))
    widows = view.get("widow_counts")
    boxes = []
    for k, place in enumerate(PLACES):
        s = (seat + k) % 4
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
                played=trick.get(s),
                laid=laid.get(s, []),
                widow=widows[s] if widows and widows[s] else None,
                team=s % 2,
            )
        )
    last = view["tricks"][-1] if view["tricks"] else None
    last_trick = None
    if last is not None:
        last_trick = {
            "number": len(view["tricks"]),
            "tricks": rs.tricks,
            "winner": names[last["winner"]],
            "cards": [(names[s], tile(c, trump)) for s, c in last["cards"]],
            "laid": [(names[s], tile(c, trump)) for s, c in last["laid"]],
        }
    team_labels = team_names(names)
    captured = view["captured"]
    teams = [
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
    prompt, hint = _prompt(view, names, seats, rs)
    my_turn = to_act == seat and not me.is_bot
    game_over = table.status == OnlineTable.Status.FINISHED
    result = deals[-1] if phase == "done" and deals else None
    winner = ""
    if game_over:
        winner = "A tie" if table.winner is None else f"{team_labels[table.winner]} win"
    contract = ""
    if view["bid"] is not None:
        contract = bid_phrase(names[view["bidder"]], view["bid"], rs)
    elif view["high_bid"]:
        high = next(s for s, a in reversed(view["bids"]) if a != "pass")
        contract = f"High bid {view['high_bid']} ({names[high]})"
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
        steps=_steps(view),
        my_turn=my_turn,
        card_turn=my_turn and any(c.action for c in hand),
        prompt=prompt,
        hint=hint,
        notes=_notes(view, names),
        boxes=boxes,
        hand=hand,
        buttons=buttons if my_turn else [],
        pack=pack if my_turn else [],
        discards=[tile(c, trump) for c in view["my_discards"]],
        bids=[(names[s], bid_text(a, rs)) for s, a in view["bids"]],
        trump=suit_label(trump),
        contract=contract,
        last_trick=last_trick,
        deals=deals,
        result=result,
        game_over=game_over,
        winner=winner,
        can_deal_next=phase == "done" and not game_over and not me.is_bot,
    )


def _choice_buttons(legal: list[str], rs: Ruleset) -> list[tuple[str, str, str]]:
    """(action, label, css class) for the moves that are not a card: pass,
    bids, naming trump."""
    buttons = []
    for action in legal:
        verb, _, arg = action.partition(" ")
        if verb == "pass":
            buttons.append((action, "Pass", "pass"))
        elif verb == "bid":
            label = bid_words(int(arg), rs)
            buttons.append((action, label[:1].upper() + label[1:], "bid"))
        elif verb == "trump":
            red = " red" if arg in "HD" else ""
            buttons.append((action, f"{SYMBOLS[arg]} {SUIT_NAMES[arg].capitalize()}", "suit" + red))
    return buttons


def phase_title(view: dict[str, Any], rs: Ruleset) -> str:
    phase = view["phase"]
    if phase == "discard":
        return "Widow: discarding"
    if phase == "play":
        to_act = view["to_act"]
        if not view["tricks"] and view["hand_counts"][to_act] > rs.hand_size:
            return "Laying down extra trumps"
        return f"Trick {len(view['tricks']) + 1} of {rs.tricks}"
    return PHASE_TITLES[phase]


def _steps(view: dict[str, Any]) -> list[tuple[str, bool]]:
    """The deal's steps (RULES.md 3-4), each with whether it is the current one."""
    if "widow_counts" in view:
        names = ("Bid", "Trump", "Discard", "Play", "Score")
        at = {"bid": 0, "trump": 1, "discard": 2, "play": 3, "done": 4}
    else:  # the Draw's discard and fill happen by themselves, between Trump and Rob
        names = ("Bid", "Trump", "Draw", "Rob", "Play", "Score")
        at = {"bid": 0, "trump": 1, "fill": 3, "play": 4, "done": 5}
    current = at[view["phase"]]
    return [(name, i == current) for i, name in enumerate(names)]


def _prompt(
    view: dict[str, Any], names: list[str], seats: list[OnlineSeat], rs: Ruleset
) -> tuple[str, str]:
    """The headline for this seat (whose turn, to do what) and a hint."""
    phase, to_act, seat, legal = view["phase"], view["to_act"], view["seat"], view["legal"]
    if phase == "done":
        return "The deal is over.", ""
    if to_act != seat or seats[seat].is_bot:
        who = names[to_act] + (" (bot)" if seats[to_act].is_bot else "")
        doing = {
            "bid": "to bid",
            "trump": "to name trump",
            "discard": "to discard",
            "fill": "to rob the pack",
            "play": "to play",
        }[phase]
        if phase == "play" and not view["tricks"] and view["hand_counts"][to_act] > rs.hand_size:
            doing = "to lay down extra trumps"
        return f"Waiting for {who} {doing}.", ""
    if phase == "bid":
        if "pass" not in legal:
            shoot = ", or shoot" if len(legal) > 1 else ""
            least = legal[0].split()[1]
            return "Everyone passed: you are stuck with the bid.", f"Take it for {least}{shoot}."
        if len(legal) == 1:
            return "Your bid.", "You can only pass."
        return "Your bid.", f"Pass, or bid {legal[1].split()[1]} or more."
    if phase == "trump":
        if len(legal) < 4:
            return "Name trump.", "You shot: name a suit whose ace and two you held."
        return "Name trump.", "You won the bid."
    trump = SUITS.index(view["trump"])
    hand = view["hand"]
    if phase == "discard":
        trumps = sum(1 for c in hand if IS_TRUMP[trump][CARD[c]])
        owed = len(hand) - max(rs.hand_size, trumps)
        return (
            f"Discard {owed} card{'s' if owed != 1 else ''}.",
            "You keep every trump; choose the non-trumps to let go.",
        )
    if phase == "fill":
        need = rs.hand_size - len(hand)
        source = "pack" if view["stock_count"] else "wash"
        return (
            f"Rob the pack: take {need} more card{'s' if need != 1 else ''}.",
            f"You took every trump left; choose from the {source}.",
        )
    if legal[0].startswith("lay "):
        extra = len(hand) - rs.hand_size
        return (
            f"Lay down {extra} extra trump{'s' if extra != 1 else ''}.",
            "Only non-point trumps are laid down, face up, before you play.",
        )
    if not view["trick"]:
        if not view["tricks"] and all(IS_TRUMP[trump][CARD[a[5:]]] for a in legal):
            return "Your lead.", "The bidder leads a trump to the first trick."
        return "Your lead.", ""
    return "Your play.", _follow_hint(view, trump)


def _notes(view: dict[str, Any], names: list[str]) -> list[str]:
    """What happened by itself, that a player might miss: the widow picked up,
    the Draw's discards, extra trumps laid down, players gone out."""
    seat, phase = view["seat"], view["phase"]
    notes = []
    widows = view.get("widow_counts")
    bid = any(s == seat for s, _ in view["bids"])
    if widows is not None and bid and phase in ("bid", "trump"):
        notes.append("You have picked up your widow: its cards are in your hand.")
    if widows is None and view["my_discards"] and phase in ("fill", "play") and not view["tricks"]:
        count = len(view["my_discards"])
        notes.append(f"You discarded {count} non-trump{'s' if count != 1 else ''}.")
    laid: dict[int, int] = {}
    for s, _ in view["laid"]:
        laid[s] = laid.get(s, 0) + 1
    for s, count in laid.items():
        who = "You" if s == seat else names[s]
        notes.append(f"{who} laid down {count} extra trump{'s' if count != 1 else ''}.")
    for s in view["out"]:
        who = "You are" if s == seat else f"{names[s]} is"
        notes.append(f"{who} out: no trump when trump was led.")
    return notes


def _follow_hint(view: dict[str, Any], trump: int) -> str:
    led = CARD[view["trick"][0][1]]
    if IS_TRUMP[trump][led]:
        return "Trump was led: play a trump."
    suit = SUIT_NAMES[SUITS[led // 13]]
    return f"{suit.capitalize()} led: follow suit or trump."
