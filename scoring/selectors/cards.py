"""Cards as tiles on a page: their face, their order in a hand, their markup."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.html import format_html
from django.utils.safestring import SafeString

from scoring.rules import Ruleset
from scoring.rules.cards import CARD, IS_TRUMP, POWER, SUIT_NAMES, SUITS
from scoring.wording import bid_words

SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
#: A card's face inside its tile (a ``format_html`` pattern: rank, then suit).
_FACE = '<span class="rank">{}</span><span class="suit">{}</span>'


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
            'aria-label="{} {}{}">' + _FACE + "</button>",
            self.action,
            self._classes(" " + verb),
            self.code,
            verb.capitalize(),
            self.rank,
            self.symbol,
            self.rank,
            self.symbol,
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
