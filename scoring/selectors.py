"""Reads for online play: what each page shows.

A seat's page (:func:`seat_screen`) and its JSON (:func:`seat_json`) are built
from the engine's ``view(seat)`` of the deal in play and the table's public
facts (names, kinds of seats, scores, finished deals' records) only: nothing
here reads another seat's hand, a widow or the deck of a deal in play.  The
replay (:func:`replay_screen`) shows every hand, and only of a finished deal.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

import segno
from django.db.models import Q
from django.utils import timezone
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from scoring.rules import Ruleset
from scoring.rules.cards import CARD, IS_TRUMP, POWER, SUIT_NAMES, SUITS
from scoring.wording import bid_phrase, bid_words, is_shoot
from tournaments.models import DealResult, Party, Round, Seat

from .models import OnlineDeal, OnlineSeat, OnlineTable
from .services import (
    Played,
    bots_overdue_since,
    deal_state,
    seat_idle,
    table_ruleset,
    table_seats,
)

SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
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


# --------------------------------------------------------------------- cards


@dataclass(frozen=True)
class CardTile:
    """One card as a tile: ``code`` goes into ``data-card``; ``action`` is the
    move that plays it, when it is a legal move now."""

    code: str
    rank: str
    symbol: str
    red: bool
    trump: bool = False
    action: str | None = None

    @property
    def verb(self) -> str:
        """The move's verb ("play", "lay", "discard", "take"), or ""."""
        return self.action.split()[0] if self.action else ""

    def _classes(self, extra: str) -> str:
        return "pcard" + extra + (" red" if self.red else "") + (" trump" if self.trump else "")

    def _face(self) -> str:
        return f'<span class="rank">{self.rank}</span><span class="suit">{self.symbol}</span>'

    def html(self) -> SafeString:
        """The card face: ``<span class="card ..." data-card="AH">``."""
        return mark_safe(
            f'<span class="{self._classes("")}" data-card="{self.code}">{self._face()}</span>'
        )

    def small(self) -> SafeString:
        return mark_safe(
            f'<span class="{self._classes(" small")}" data-card="{self.code}">{self._face()}</span>'
        )

    def dim(self) -> SafeString:
        return mark_safe(
            f'<span class="{self._classes(" dim")}" data-card="{self.code}">{self._face()}</span>'
        )

    def button(self) -> SafeString:
        """The card as a move: a submit button whose value is the action."""
        verb = self.verb
        return mark_safe(
            f'<button type="submit" name="action" value="{self.action}" '
            f'class="{self._classes(" " + verb)}" data-card="{self.code}" '
            f'aria-label="{verb.capitalize()} {self.rank}{self.symbol}">{self._face()}</button>'
        )


def tile(code: str, trump: str | None = None, action: str | None = None) -> CardTile:
    rank, suit = code[0], code[1]
    is_trump = trump is not None and IS_TRUMP[SUITS.index(trump)][CARD[code]]
    return CardTile(
        code=code,
        rank="10" if rank == "T" else rank,
        symbol=SYMBOLS[suit],
        red=suit in "HD",
        trump=is_trump,
        action=action,
    )


def hand_order(codes: list[str], trump: str | None) -> list[str]:
    """Cards as a player fans them: once trump is named, trumps first from the
    highest (the left pedro among them), then the other suits ace down."""
    if trump is None:
        return sorted(codes, key=CARD.__getitem__)
    t = SUITS.index(trump)
    return sorted(
        codes,
        key=lambda code: (0, -POWER[t][CARD[code]]) if IS_TRUMP[t][CARD[code]] else (1, CARD[code]),
    )


def suit_label(suit: str | None) -> dict[str, Any] | None:
    if suit is None:
        return None
    return {"letter": suit, "symbol": SYMBOLS[suit], "name": SUIT_NAMES[suit], "red": suit in "HD"}


def bid_text(action: str, rs: Ruleset) -> str:
    """``"pass"``, the number bid, or "shoot the moon"."""
    return "pass" if action == "pass" else bid_words(int(action.split()[1]), rs)


# --------------------------------------------------------------------- table facts


@dataclass(frozen=True)
class DealLine:
    """A finished deal as everyone may see it once it is over."""

    number: int
    dealer: str
    bidder: str
    bidder_seat: int
    bid: int
    #: The bid as players say it ("8", "shoot the moon").
    bid_label: str
    trump: dict | None
    points: int
    made: bool
    score: tuple[int, int]
    party_error: str


#: A table's finished deals never change, so their lines are kept in memory
#: by table and number of finished deals.  The key is the creator's token, not
#: the table's id: ids come back when a database is re-created, tokens do not.
_FINISHED: dict[tuple[str, int], list[DealLine]] = {}


def finished_deals(table: OnlineTable, names: list[str]) -> list[DealLine]:
    """The table's finished deals, first first."""
    done = table.deal_number - (table.current.status != OnlineDeal.Status.DONE)
    if done <= 0:
        return []
    key = (table.creator_token, done)
    lines = _FINISHED.get(key)
    if lines is None:
        if len(_FINISHED) >= 4096:
            _FINISHED.clear()
        lines = _FINISHED[key] = _finished_lines(table, names)
    return lines


def _finished_lines(table: OnlineTable, names: list[str]) -> list[DealLine]:
    rs = table_ruleset(table)
    lines = []
    for number, dealer, record, s0, s1, error in (
        OnlineDeal.objects.filter(table=table, status=OnlineDeal.Status.DONE)
        .order_by("number")
        .values_list("number", "dealer", "record", "score0", "score1", "party_error")
    ):
        bidder = record["bidder"]
        lines.append(
            DealLine(
                number=number,
                dealer=names[dealer],
                bidder=names[bidder],
                bidder_seat=bidder,
                bid=record["bid"],
                bid_label=bid_words(record["bid"], rs),
                trump=suit_label(record["trump"]),
                points=record["bidding_team_points"],
                made=(s0, s1)[bidder % 2] > 0,
                score=(s0, s1),
                party_error=error,
            )
        )
    return lines


def table_facts(
    table: OnlineTable, seats: list[OnlineSeat], deals: list[DealLine]
) -> dict[str, Any]:
    """The table's public facts as JSON: names, kinds, scores, finished deals."""
    rs = table_ruleset(table)
    return {
        "version": table.version,
        "status": table.status,
        "mode": table.mode,
        "ruleset": rs.to_json(),
        "target": rs.target if table.mode == OnlineTable.Mode.TARGET else None,
        "deals_total": table.deals_total,
        "deal_number": table.deal_number,
        "seats": [{"seat": s.seat, "name": s.name, "kind": s.kind} for s in seats],
        "score": [table.score0, table.score1],
        "winner": table.winner,
        "note": table.note,
        "deals": [
            {
                "number": d.number,
                "bidder": d.bidder_seat,
                "bid": d.bid,
                "trump": d.trump["letter"] if d.trump else None,
                "bidding_team_points": d.points,
                "score": list(d.score),
            }
            for d in deals
        ],
    }


def game_length(table: OnlineTable) -> str:
    if table.mode == OnlineTable.Mode.TARGET:
        return f"Game to {table_ruleset(table).target}"
    if table.mode == OnlineTable.Mode.PARTY:
        return f"Round {table.party_round.number}, table {table.party_table}"
    return f"{table.deals_total} deal{'s' if table.deals_total != 1 else ''}"


def team_names(names: list[str]) -> tuple[str, str]:
    return f"{names[0]} & {names[2]}", f"{names[1]} & {names[3]}"


# --------------------------------------------------------------------- a seat's screen


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


def seat_etag(version: int) -> str:
    """The ETag of a seat's pages at a table version (views add the variant)."""
    return f"seat-{version}"


@dataclass(frozen=True)
class TablePoll:
    """What a page's poll needs: the table, the page's ETag, and whether the
    table has been still for so long that a due bot may have lost its task."""

    table_id: int
    etag: str
    still: bool


def _still(status: str, turn_since: datetime.datetime, bots: bool) -> bool:
    """Still for so long that a due bot may have lost its task; a table of
    four people has no bot to resume."""
    return bots and status == OnlineTable.Status.PLAYING and turn_since <= bots_overdue_since()


def seat_poll(token: str) -> TablePoll | None:
    """The table seat ``token`` sits at, as its poll sees it (one query, one
    row per seat of the table), or None for an unknown token or a seat
    created for a bot."""
    rows = (
        OnlineSeat.objects.filter(table__seats__token=token)
        .values_list(
            "token",
            "kind",
            "stand_in",
            "table_id",
            "table__version",
            "table__status",
            "table__turn_since",
        )
        .order_by()  # no ORDER BY to build: the rows are only looked through
    )
    seats = {row[0]: row for row in rows}
    if token not in seats:
        return None
    _, kind, stand_in, table_id, version, status, turn_since = seats[token]
    if kind != OnlineSeat.Kind.HUMAN and not stand_in:
        return None
    bots = any(row[1] != OnlineSeat.Kind.HUMAN for row in seats.values())
    return TablePoll(table_id, seat_etag(version), _still(status, turn_since, bots))


def _seat_view(token: str) -> tuple[OnlineTable, list[OnlineSeat], OnlineSeat, dict] | None:
    """The table, its seats, seat ``token`` and that seat's view of the deal
    in play (one query), or None for an unknown token.  A seat created for a
    bot has no person to show its hand to: None too."""
    seats = table_seats({"table__seats__token": token})
    if not seats:
        return None
    table = seats[0].table
    me = next(seat for seat in seats if seat.token == token)
    if not me.has_person:
        return None
    view = deal_state(table_ruleset(table), table.current).view(me.seat)
    return table, seats, me, view


def _played_view(token: str, played: Played | None):
    """Seat ``token``'s view from a move just made, while it is still the
    table's state (no bot has played since), else from the database."""
    if played is None or played.bots_next:
        return _seat_view(token)
    me = next(seat for seat in played.seats if seat.token == token)
    return played.table, played.seats, me, played.state.view(me.seat)


def seat_screen(token: str, played: Played | None = None) -> SeatScreen | None:
    """Everything seat ``token``'s page shows, or None for an unknown token.
    ``played``: the move this seat just made, if any (saves reading it back)."""
    found = _played_view(token, played)
    return None if found is None else build_seat_screen(*found)


def seat_json(token: str, played: Played | None = None) -> dict[str, Any] | None:
    """Seat ``token``'s view of the deal in play and the table's public facts."""
    found = _played_view(token, played)
    if found is None:
        return None
    table, seats, me, view = found
    deals = finished_deals(table, [s.name for s in seats])
    return {"table": table_facts(table, seats, deals), "seat": me.seat, "view": view}


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
        phase_title=_phase_title(view, rs),
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


def _phase_title(view: dict[str, Any], rs: Ruleset) -> str:
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


# --------------------------------------------------------------------- the creator's screen


@dataclass
class ManagedSeat:
    seat: int
    name: str
    kind: str
    bot: bool
    #: Whether a person holds this seat (a seat created for a bot has no
    #: link to show: nobody may see its hand).
    has_person: bool
    stand_in: bool
    url: str
    qr: str
    to_act: bool
    idle: bool


@dataclass
class ManageScreen:
    table: OnlineTable
    etag: str
    length: str
    seats: list[ManagedSeat]
    teams: tuple[str, str]
    phase_title: str
    waiting_for: str
    waiting_since: datetime.datetime
    deals: list[DealLine]
    can_deal_next: bool
    game_over: bool
    winner: str


def manage_screen(creator_token: str, seat_url) -> ManageScreen | None:
    """The creator's page: every seat's private link (with a QR code), who is
    to act and for how long, which seats may go to a bot."""
    seats = table_seats({"table__creator_token": creator_token})
    if not seats:
        return None
    table = seats[0].table
    rs = table_ruleset(table)
    state = deal_state(rs, table.current)
    names = [s.name for s in seats]
    view = state.view(0)
    managed = []
    for s in seats:
        url = seat_url(s.token) if s.has_person else ""
        managed.append(
            ManagedSeat(
                seat=s.seat,
                name=s.name,
                kind=s.kind,
                bot=s.is_bot,
                has_person=s.has_person,
                stand_in=s.stand_in,
                url=url,
                qr=segno.make(url, error="m").svg_inline(scale=3, border=2) if url else "",
                to_act=state.to_act == s.seat,
                idle=seat_idle(table, state, s),
            )
        )
    game_over = table.status == OnlineTable.Status.FINISHED
    teams = team_names(names)
    idle = any(m.idle for m in managed)
    return ManageScreen(
        table=table,
        etag=f"manage-{table.version}-{int(idle)}",
        length=game_length(table),
        seats=managed,
        teams=teams,
        phase_title=_phase_title(view, rs),
        waiting_for="" if state.to_act is None else names[state.to_act],
        waiting_since=table.turn_since,
        deals=finished_deals(table, names),
        can_deal_next=state.phase == "done" and not game_over,
        game_over=game_over,
        winner=(
            ("A tie" if table.winner is None else f"{teams[table.winner]} win") if game_over else ""
        ),
    )


def manage_poll(creator_token: str) -> TablePoll | None:
    """The creator page's poll (one query): its ETag is the version, and
    whether a seat is idle now."""
    table = OnlineTable.objects.filter(creator_token=creator_token).first()
    if table is None:
        return None
    idle = False
    if table.status == OnlineTable.Status.PLAYING:
        waited = timezone.now() - table.turn_since
        idle = waited >= datetime.timedelta(seconds=table.idle_seconds)
    etag = f"manage-{table.version}-{int(idle)}"
    # A bot to resume is looked for only once the table has been still for long.
    still = _still(table.status, table.turn_since, True) and (
        OnlineSeat.objects.filter(table=table).exclude(kind=OnlineSeat.Kind.HUMAN).exists()
    )
    return TablePoll(table.pk, etag, still)


# --------------------------------------------------------------------- replay


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
    for s in range(4):
        hands.append(
            {
                "seat": s,
                "name": names[s],
                "cards": [tile(c, trump) for c in hand_order(state.hand(s), trump)],
                "widow": [tile(c, trump) for c in widows[s]] if widows and widows[s] else [],
                "to_act": state.to_act == s,
                "dealer": s == deal.dealer,
                "out": s in view["out"],
            }
        )
    last = view["tricks"][-1] if view["tricks"] else None
    deals = finished_deals(table, names)
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
            describe(names[events[step - 1][0]], events[step - 1][1], rs) if step else "The deal."
        ),
        hands=hands,
        trump=suit_label(trump),
        contract=contract,
        bids=[(names[s], bid_text(a, rs)) for s, a in view["bids"]],
        trick=[(names[s], tile(c, trump)) for s, c in view["trick"]],
        laid=[(names[s], tile(c, trump)) for s, c in view["laid"]],
        last_trick=(
            {
                "winner": names[last["winner"]],
                "cards": [(names[s], tile(c, trump)) for s, c in last["cards"]],
            }
            if last
            else None
        ),
        captured=view["captured"],
        teams=team_names(names),
        actions=[
            {"step": k, "text": describe(names[s], a, rs)}
            for k, (s, a) in enumerate(events, start=1)
        ],
        result=next((d for d in deals if d.number == number), None),
        stock=view["stock_count"],
    )


def describe(name: str, action: str, rs: Ruleset) -> str:
    """An action in words: "Bea bids 8", "Cruz plays A♥"."""
    verb, _, arg = action.partition(" ")
    if verb == "pass":
        return f"{name} passes"
    if verb == "bid":
        if is_shoot(int(arg), rs):
            return gettext("%(name)s shoots the moon") % {"name": name}
        return f"{name} bids {arg}"
    if verb == "trump":
        return f"{name} names {SUIT_NAMES[arg]} {SYMBOLS[arg]} trump"
    card = ("10" if arg[0] == "T" else arg[0]) + SYMBOLS[arg[1]]
    words = {"discard": "discards", "take": "takes", "lay": "lays down", "play": "plays"}
    return f"{name} {words[verb]} {card}"


# --------------------------------------------------------------------- party tables


@dataclass(frozen=True)
class PartyTableChoice:
    value: str
    label: str
    round_id: int
    table: int
    names: tuple[str, ...]


def party_table_choices(user) -> list[PartyTableChoice]:
    """Tables of the open rounds of parties ``user`` hosts that can still be
    played online: no deal entered yet and no online table already."""
    parties = Party.objects.all()
    if not user.is_staff:
        parties = parties.filter(Q(owner=user) | Q(cohosts=user)).distinct()
    rounds = {
        r.pk: r
        for r in Round.objects.filter(party__in=parties, status=Round.Status.OPEN).select_related(
            "party"
        )
    }
    taken = set(
        DealResult.objects.filter(round_id__in=rounds, is_current=True).values_list(
            "round_id", "table"
        )
    )
    taken |= set(
        OnlineTable.objects.filter(party_round_id__in=rounds).values_list(
            "party_round_id", "party_table"
        )
    )
    grid: dict[tuple[int, int], list[str]] = {}
    for round_id, table, name in (
        Seat.objects.filter(round_id__in=rounds)
        .order_by("round_id", "table", "seat")
        .values_list("round_id", "table", "player__name")
    ):
        grid.setdefault((round_id, table), []).append(name)
    choices = []
    for (round_id, table), names in sorted(grid.items()):
        if (round_id, table) in taken or len(names) != 4:
            continue
        rnd = rounds[round_id]
        choices.append(
            PartyTableChoice(
                value=f"{round_id}:{table}",
                label=f"{rnd.party.name}, round {rnd.number}, table {table}: {', '.join(names)}",
                round_id=round_id,
                table=table,
                names=tuple(names),
            )
        )
    return choices
