"""Cards as tiles on a page: their face, their order in a hand, their markup."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext, gettext_noop, pgettext

from scoring.rules import Ruleset
from scoring.rules.cards import ANY_CARD, SUIT_NAMES, SUITS, trump_tables
from scoring.texts import card_name
from scoring.wording import bid_words

SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
#: A card's face inside its tile (a ``format_html`` pattern: rank, then suit).
_FACE = '<span class="rank">{}</span><span class="suit">{}</span>'
#: A card button's name for screen readers, by its move's verb.
_MOVES = {
    "play": gettext_noop("Play %(card)s"),
    "lay": gettext_noop("Lay down %(card)s"),
    "discard": gettext_noop("Discard %(card)s"),
    "take": gettext_noop("Take %(card)s"),
    "slide": gettext_noop("Slide %(card)s to your partner"),
    "give": gettext_noop("Give %(card)s to the opponent on your right"),
}


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

    def _span(self, extra: str) -> SafeString:
        return format_html(
            '<span class="{}" data-card="{}">' + _FACE + "</span>",
            self._classes(extra),
            self.code,
            self.rank,
            self.symbol,
        )

    def html(self) -> SafeString:
        """The card face: ``<span class="pcard ..." data-card="AH">``."""
        return self._span("")

    def small(self) -> SafeString:
        return self._span(" small")

    def dim(self) -> SafeString:
        return self._span(" dim")

    def button(self) -> SafeString:
        """The card as a move: a submit button whose value is the action."""
        verb = self.verb
        return format_html(
            '<button type="submit" name="action" value="{}" class="{}" data-card="{}" '
            'aria-label="{}">' + _FACE + "</button>",
            self.action,
            self._classes(" " + verb),
            self.code,
            gettext(_MOVES[verb]) % {"card": card_name(self.code)}
            if verb in _MOVES
            else card_name(self.code),
            self.rank,
            self.symbol,
        )


#: The jokers' faces (RULES.md 11.1: X1 the main joker, X2 the off joker).
JOKER_FACES = {"X1": ("★", "1"), "X2": ("★", "2")}


def _tables(rs: Ruleset | None):
    return rs.tables if rs is not None else trump_tables()


def tile(
    code: str, trump: str | None = None, action: str | None = None, rs: Ruleset | None = None
) -> CardTile:
    """A card's tile; ``rs`` says which cards are trumps (the off-jack, the jokers)."""
    if code in JOKER_FACES:
        rank, symbol = JOKER_FACES[code]
        red = code == "X1"
    else:
        rank, suit = code[0], code[1]
        rank, symbol, red = "10" if rank == "T" else rank, SYMBOLS[suit], suit in "HD"
    is_trump = trump is not None and _tables(rs).is_trump[SUITS.index(trump)][ANY_CARD[code]]
    return CardTile(
        code=code,
        rank=rank,
        symbol=symbol,
        red=red,
        trump=is_trump,
        action=action,
    )


def hand_order(codes: list[str], trump: str | None, rs: Ruleset | None = None) -> list[str]:
    """Cards as a player fans them: once trump is named, trumps first from the
    highest (the left pedro, an off-jack, the jokers among them), then the
    other suits ace down."""
    if trump is None:
        return sorted(codes, key=ANY_CARD.__getitem__)
    t = SUITS.index(trump)
    tables = _tables(rs)
    is_trump, power = tables.is_trump[t], tables.power[t]

    def place(code: str) -> tuple[int, int]:
        card = ANY_CARD[code]
        return (0, -power[card]) if is_trump[card] else (1, card)

    return sorted(codes, key=place)


def suit_label(suit: str | None) -> dict[str, Any] | None:
    if suit is None:
        return None
    red = suit in "HD"
    return {
        "letter": suit,
        "symbol": SYMBOLS[suit],
        "name": gettext(SUIT_NAMES[suit]),
        "red": red,
        # The symbol as a sentence shows it, coloured.
        "mark": format_html('<span class="{}">{}</span>', "red" if red else "", SYMBOLS[suit]),
    }


def bid_text(action: str, rs: Ruleset) -> str:
    """``"pass"``, the number bid ("7", with its suit "7 ♥"), or "shoot the moon"."""
    if action == "pass":
        return pgettext("bid", "pass")
    parts = action.split()
    words = bid_words(int(parts[1]), rs)
    return f"{words} {SYMBOLS[parts[2]]}" if len(parts) == 3 else words
