"""What each kind of document holds, read from the selectors.

A builder takes the party and the document's options and returns the
context shared by every page and the list of *items* (a certificate, a
table card, a player's tally card ...), each rendered from its template's
``item`` partial.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.safestring import SafeString
from django.utils.translation import get_language, gettext, ngettext

from pedroparty import qrcodes
from scoring import wording
from scoring.rules.rulesets import PARTNERSHIP_RULESETS, Ruleset

from .. import selectors, services
from ..choices import POINT_CARD_NAMES
from ..errors import UserError
from ..game.wifi import wifi_payload
from ..models import Document, Party, Prize, PrizeAward, TableRound
from .options import ENTRY_TOKEN_SLOT
from .paper import DEFAULT_DESIGN, DEFAULT_PAPER, MARGIN_MM, PAPERS

Kind = Document.Kind


def ordinal(number: int) -> str:
    """The ordinal of a place, the active language's way: 1st, 2nd, 3rd, 4th
    ... 11th, 12th, 13th ... 21st; in Spanish 1.º, 2.º (a "puesto"); in
    French 1re, 2e ("place" is feminine)."""
    language = (get_language() or "en").split("-")[0]
    if language == "es":
        return f"{number}.º"
    if language == "fr":
        return f"{number}re" if number == 1 else f"{number}e"
    if 10 <= number % 100 <= 20:
        suffix = "th"
    else:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


@dataclass(frozen=True)
class AwardLine:
    """One prize winner, as a certificate and the host's checklist show them."""

    id: int
    place: str  # "1st place", "=2nd place", or a special prize's name
    rank_label: str  # "1st", "=2nd"; "" for a special prize
    prize: str  # the prize's name, or the special prize's kind ("Low score")
    special: bool
    name: str
    rank: int
    score: int


def award_lines(party: Party) -> list[AwardLine]:
    """Every award of the party: place prizes in rank order, then special prizes."""
    table = selectors.party_standings(party)
    ranks = [row.rank for row in table.rows]
    awards = PrizeAward.objects.filter(prize__party=party).values_list(
        "pk",
        "prize__name",
        "prize__kind",
        "prize__position",
        "player__name",
        "player__order",
        "rank",
        "score",
    )
    ruleset = PARTNERSHIP_RULESETS[party.ruleset]
    lines = []
    for pk, prize, kind, position, name, order, rank, score in awards:
        special = kind != Prize.Kind.PLACE
        if special:
            label, place, what = "", prize, selectors.prize_kind_label(kind, ruleset)
            sort = (1, position, order)
        else:
            label = ("=" if ranks.count(rank) > 1 else "") + ordinal(rank)
            place, what = gettext("%(ordinal)s place") % {"ordinal": label}, prize
            sort = (0, rank, position)
        lines.append((sort, AwardLine(pk, place, label, what, special, name, rank, score)))
    return [line for _sort, line in sorted(lines, key=lambda pair: pair[0])]


def _certificates(party: Party, options: Mapping[str, Any]) -> tuple[dict, list[dict]]:
    lines = award_lines(party)
    chosen = options.get("awards", "all")
    if chosen != "all":
        wanted = set(chosen)
        lines = [line for line in lines if line.id in wanted]
    if not lines:
        raise UserError({"awards": gettext("None of these prizes is awarded any more.")})
    design = options.get("design", DEFAULT_DESIGN)
    return {"design": design, "title": gettext("Prize certificates")}, [
        certificate_item(line, design) for line in lines
    ]


def certificate_item(line: AwardLine, design: str) -> dict[str, Any]:
    """One certificate's page: the award and the sizes its name and rank fit."""
    return {
        "award": line,
        "name_size": name_size(line.name, design),
        "rank_size": _fitting_size(line.rank_label, room_mm=66.0, largest=66.0),
    }


def _fitting_size(text: str, *, room_mm: float, largest: float, smallest: float = 14.0) -> float:
    """Points at which ``text`` in DejaVu bold fits ``room_mm`` on one line.

    DejaVu's bold letters and digits average at most about 0.68 em wide.
    """
    fits = room_mm / (max(len(text), 1) * 0.68 * 0.3528)  # 0.3528 mm to the point
    return round(min(largest, max(fits, smallest)), 1)


def name_size(name: str, design: str) -> float:
    """The winner's name in points: as large as fits on one line of the certificate."""
    if design == "classic":
        return _fitting_size(name, room_mm=205.0, largest=40.0)
    return _fitting_size(name, room_mm=155.0, largest=36.0)


def _round_info(history: selectors.PartyHistory, number: int | None, *, largest: bool = False):
    """The round ``number``, the latest one, or (``largest``) the one with most tables."""
    if not history.rounds:
        return None
    if number is not None:
        return history.rounds[number - 1]
    if largest:
        return max(reversed(history.rounds), key=lambda info: len(info.tables))
    return history.rounds[-1]


def qr_svg(data: str) -> SafeString:
    """``data`` as a QR code to print: its quiet zone included, and
    ``qrcodes.PRINT_MODULE_MM`` a module, which a phone reads at arm's length."""
    return qrcodes.qr_svg(data, module_mm=qrcodes.PRINT_MODULE_MM)


def _table_cards(party: Party, options: Mapping[str, Any]) -> tuple[dict, list[dict]]:
    history = selectors.party_history(party)
    info = _round_info(history, options.get("round"), largest=True)
    if info is not None:
        count = len(info.tables)
    else:
        count = sum(1 for p in history.players if p.present_in(1)) // 4
    count = max(count, 1)
    url = options.get("public_url", "")
    # The party's Wi-Fi, read as it is now: setting it bumps the party's
    # version, so cards printed before it are stale and made again.
    wifi = wifi_payload(party.wifi_name, party.wifi_password) if party.wifi_name else ""
    context = {
        "title": gettext("Table cards"),
        "qr": qr_svg(url) if url else "",
        "public_url": url,
        "wifi_qr": qr_svg(wifi) if wifi else "",
        "sides": ("top", "bottom"),
        # Each half of the landscape page, less its 9 mm padding above and below.
        "half_height": f"{(PAPERS[options['paper']].width_mm - 2 * MARGIN_MM) / 2 - 18:.1f}mm",
    }
    items = [
        {
            "table": t,
            "role": gettext("Head table")
            if t == 1
            else gettext("Foot table")
            if t == count and count > 1
            else "",
        }
        for t in range(1, count + 1)
    ]
    entry_url = options.get("entry_url", "")
    if entry_url and party.tableside_entry and info is not None and not info.closed:
        # Each table's link changes every round: only an open round's cards
        # carry it (the host's "Table QR codes" page shows every round's).
        tokens = dict(
            TableRound.objects.filter(round_id=info.id).values_list("table", "entry_token")
        )
        context["entry_round"] = info.number
        for item in items:
            token = tokens.get(item["table"])
            if token:
                item["entry_url"] = entry_url.replace(ENTRY_TOKEN_SLOT, token)
                item["entry_qr"] = qr_svg(item["entry_url"])
    return context, items


def _standings(party: Party, options: Mapping[str, Any]) -> tuple[dict, list[dict]]:
    table = selectors.party_standings(party)
    rounds = party.rounds.count()
    finished = party.status == Party.Status.FINISHED
    title = (
        gettext("Final standings")
        if finished
        else ngettext(
            "Standings after %(rounds)d round", "Standings after %(rounds)d rounds", rounds
        )
        % {"rounds": rounds}
    )
    return {"title": title}, [{"rows": table.rows}]


def _round_number(party: Party, options: Mapping[str, Any]) -> int:
    """The round asked for (the latest when none was), which must still exist:
    a round can be dropped after the request (finishing drops an empty one)."""
    numbers = list(party.rounds.order_by("number").values_list("number", flat=True))
    number = options.get("round") or (numbers[-1] if numbers else None)
    if number not in numbers:
        raise UserError({"round": gettext("That round is not in the party any more.")})
    return number


def _movement(party: Party, options: Mapping[str, Any]) -> tuple[dict, list[dict]]:
    number = _round_number(party, options)
    moves = selectors.round_moves(party, number)
    title = gettext("Round %(number)d: where to sit") % {"number": number}
    return {"title": title, "number": number}, [{"moves": moves}]


def _tally_cards(party: Party, options: Mapping[str, Any]) -> tuple[dict, list[dict]]:
    history = selectors.party_history(party)
    names = history.names()
    played = len(history.rounds)
    lines = max(party.planned_rounds, played)
    items = []
    for player in history.players:
        rows = []
        for number in range(1, lines + 1):
            table = partner = ""
            if number <= played:
                info = history.rounds[number - 1]
                if player.id in info.sitting_out:
                    table = gettext("Sits out")
                for t, seats in enumerate(info.tables, start=1):
                    if player.id in seats:
                        seat = seats.index(player.id)
                        table, partner = str(t), names[seats[(seat + 2) % 4]]
            rows.append({"number": number, "table": table, "partner": partner})
        items.append({"player": player.name, "rows": rows})
    # Two cards to a portrait page: each row as tall as fits, 10 mm at most.
    paper = PAPERS[options.get("paper", DEFAULT_PAPER)]
    # Less the card's padding, its heading and the game's line.
    room = (paper.height_mm - 2 * MARGIN_MM) / 2 - 48
    row_height = f"{min(10.0, room / (lines + 2)):.1f}mm"
    context = {
        "title": gettext("Tally cards"),
        "row_height": row_height,
        "game": game_line(services.party_ruleset(party)),
    }
    return context, items


def _score_sheets(party: Party, options: Mapping[str, Any]) -> tuple[dict, list[dict]]:
    board = selectors.round_board(party, _round_number(party, options))
    deals = range(1, party.deals_per_round + 1)
    items = []
    for line in board.tables:
        items.append(
            {
                "table": line.number,
                "players": line.players,
                "team_a": f"{line.players[0]} & {line.players[2]}",
                "team_b": f"{line.players[1]} & {line.players[3]}",
                "deals": [{"deal": d, "dealer": line.players[(d - 1) % 4]} for d in deals],
            }
        )
    return {
        "title": gettext("Round %(number)d score sheets") % {"number": board.number},
        "number": board.number,
        "game": game_line(services.party_ruleset(party)),
    }, items


def game_line(rs: Ruleset) -> dict[str, Any]:
    """What a score sheet and a tally card say of the party's game: its title, its bids
    (lowest to highest, then any top contract), its point cards with their
    values, and whether both teams' points are written down."""
    plain = [bid for bid in rs.bids() if bid not in rs.top_contracts]
    return {
        "title": gettext(rs.title),
        "low": wording.bid_words(plain[0], rs),
        "high": wording.bid_words(plain[-1], rs),
        "tops": [wording.bid_words(bid, rs) for bid in rs.top_contracts],
        "point_cards": [
            f"{POINT_CARD_NAMES.get(role, role)} {value}" for role, value in rs.point_cards()
        ],
        "both_teams": rs.cards_can_leave_play,
    }


BUILDERS: dict[str, Callable[[Party, Mapping[str, Any]], tuple[dict, list[dict]]]] = {
    Kind.CERTIFICATES: _certificates,
    Kind.TABLE_CARDS: _table_cards,
    Kind.STANDINGS: _standings,
    Kind.MOVEMENT: _movement,
    Kind.TALLY_CARDS: _tally_cards,
    Kind.SCORE_SHEETS: _score_sheets,
}
