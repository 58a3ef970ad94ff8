"""Card codes and the per-trump lookup tables the engine plays from.

A card is written rank + suit (``AS``, ``TD``, ``5H``, ``2C``; RULES.md section 1).
Inside the engine a card is a small int chosen so that sorting ints sorts cards
the way a player fans a hand: spades, hearts, diamonds, clubs, each from the ace
down to the two.  Everything the play logic asks about a card under a given
trump suit (is it a trump, how strong is it, which suit does it follow, which
point-card role does it have) is answered by indexing a precomputed tuple, so
the hot path does no parsing and no branching on ranks.
"""

from __future__ import annotations

import functools

from .words import gettext_noop

SUITS = "SHDC"
RANKS = "AKQJT98765432"  # high to low, the order cards sort in
#: Suit names, English (pages translate them).
SUIT_NAMES = {
    "S": gettext_noop("spades"),
    "H": gettext_noop("hearts"),
    "D": gettext_noop("diamonds"),
    "C": gettext_noop("clubs"),
}
#: How a suit is written beside a bid or a card.
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}

#: Same-colour partner suit: spades<->clubs, hearts<->diamonds.
SAME_COLOUR = {0: 3, 3: 0, 1: 2, 2: 1}

CODES: tuple[str, ...] = tuple(rank + suit for suit in SUITS for rank in RANKS)
CARD: dict[str, int] = {code: index for index, code in enumerate(CODES)}
DECK: tuple[int, ...] = tuple(range(52))

SUIT_OF: tuple[int, ...] = tuple(card // 13 for card in DECK)
RANK_OF: tuple[str, ...] = tuple(CODES[card][0] for card in DECK)

#: Point-card roles (RULES.md sections 2 and 10): high, jack, game, right pedro,
#: left pedro, low.  A ruleset's point table gives each role its value.
POINT_ROLES = ("A", "J", "T", "P", "L", "2")

# Trump order, high to low: A K Q J T 9 8 7 6 5(right) 5(left) 4 3 2.
_TRUMP_ORDER = ("A", "K", "Q", "J", "T", "9", "8", "7", "6", "P", "L", "4", "3", "2")


def card_code(card: int) -> str:
    return CODES[card]


def parse_card(code: str) -> int:
    """The int for a card code; ``ValueError`` naming the code if it is not one."""
    try:
        return CARD[code]
    except (KeyError, TypeError):
        raise ValueError(f"{code!r} is not a card (write rank + suit, like AS, TD, 5H)") from None


def parse_suit(letter: str) -> int:
    index = SUITS.find(letter) if isinstance(letter, str) and len(letter) == 1 else -1
    if index < 0:
        raise ValueError(f"{letter!r} is not a suit (S, H, D or C)")
    return index


def role(card: int, trump: int) -> str | None:
    """The trump role of ``card`` when ``trump`` is trumps, or None for a non-trump.

    Roles are the rank letters, except that the two fives are ``P`` (the right
    pedro, five of trump) and ``L`` (the left pedro, five of the same colour).
    """
    suit, rank = SUIT_OF[card], RANK_OF[card]
    if suit == trump:
        return "P" if rank == "5" else rank
    if rank == "5" and suit == SAME_COLOUR[trump]:
        return "L"
    return None


def _tables_for(trump: int) -> tuple[tuple[bool, ...], tuple[int, ...], tuple[int, ...]]:
    is_trump, power, follows = [], [], []
    for card in DECK:
        card_role = role(card, trump)
        if card_role is None:
            is_trump.append(False)
            # Non-trumps rank inside their own suit only: 12 for the ace .. 0 for the 2.
            power.append(12 - RANKS.index(RANK_OF[card]))
            follows.append(SUIT_OF[card])
        else:
            is_trump.append(True)
            power.append(100 + len(_TRUMP_ORDER) - _TRUMP_ORDER.index(card_role))
            follows.append(trump)
    return tuple(is_trump), tuple(power), tuple(follows)


_TABLES = [_tables_for(trump) for trump in range(4)]
#: IS_TRUMP[trump][card]: the card is a trump (the left pedro included).
IS_TRUMP: tuple[tuple[bool, ...], ...] = tuple(t[0] for t in _TABLES)
#: POWER[trump][card]: trumps 101..114 (2 lowest, ace highest), others 0..12.
POWER: tuple[tuple[int, ...], ...] = tuple(t[1] for t in _TABLES)
#: FOLLOWS[trump][card]: the suit the card counts as (the left pedro follows trump).
FOLLOWS: tuple[tuple[int, ...], ...] = tuple(t[2] for t in _TABLES)
#: ROLE[trump][card]: the card's trump role, or None.
ROLE: tuple[tuple[str | None, ...], ...] = tuple(
    tuple(role(card, trump) for card in DECK) for trump in range(4)
)
#: POINT_CARD[trump][role] -> card, for the six point roles.
POINT_CARD: tuple[dict[str, int], ...] = tuple(
    {r: card for card in DECK if (r := role(card, trump)) in POINT_ROLES} for trump in range(4)
)


def point_tables(
    points: dict[str, int],
    off_jack: bool = False,
    joker_rank: str = "high",
    left_pedro: bool = True,
) -> tuple[tuple[int, ...], ...]:
    """Per-trump tuples of each card's point value under a point table.

    Without an off-jack or jokers in the table the tuples have 52 entries, as
    they always had; a family table (RULES.md 11.1) has one for each of the 54
    cards of ``ALL_CODES``."""
    if not off_jack and left_pedro and not {"X1", "X2"} & set(points):
        return tuple(tuple(points.get(ROLE[t][c] or "", 0) for c in DECK) for t in range(4))
    roles = trump_tables(off_jack, joker_rank, left_pedro).role
    return tuple(tuple(points.get(roles[t][c] or "", 0) for c in ALL_CARDS) for t in range(4))


# ------------------------------------------------------------ the Pedro family
# RULES.md 11.1: packs with jokers and the 32-card pack, the off-jack, and
# jokers in the trump order.  Jokers are the ints 52 (X1, the main joker) and
# 53 (X2, the off joker); they sort after every suit.

JOKERS = ("X1", "X2")
ALL_CODES: tuple[str, ...] = CODES + JOKERS
ANY_CARD: dict[str, int] = {code: index for index, code in enumerate(ALL_CODES)}
ALL_CARDS: tuple[int, ...] = tuple(range(len(ALL_CODES)))
X1, X2 = ANY_CARD["X1"], ANY_CARD["X2"]

#: Every point-card role a family point table may name, in the order a
#: detailed entry lists them (RULES.md 11.5): P the right pedro, L the left,
#: OJ the off-jack, X1 and X2 the jokers.
ROLES = ("A", "K", "Q", "J", "OJ", "T", "9", "P", "L", "3", "2", "X1", "X2")

#: The packs (RULES.md 11.1), each a tuple of card ints in the order a fresh
#: pack is ordered before the shuffle.
PACKS: dict[str, tuple[int, ...]] = {
    "52": DECK,
    "53": DECK + (X1,),
    "54": DECK + (X1, X2),
    "32": tuple(card for card in DECK if RANK_OF[card] in "AKQJT952"),
}

#: Ranks a pack holds (jokers apart).
PACK_RANKS = {"52": RANKS, "53": RANKS, "54": RANKS, "32": "AKQJT952"}


def family_role(
    card: int, trump: int, off_jack: bool = False, left_pedro: bool = True
) -> str | None:
    """The trump role of ``card`` (an int of ``ALL_CARDS``): as :func:`role`,
    plus ``OJ`` for the off-jack where the game has one and ``X1``/``X2`` for
    the jokers, which are always trumps.  Without ``left_pedro`` (Pitch, the
    original Pedro: RULES.md 12.4.21, 24) the five of the same colour is a
    plain card of its own suit."""
    if card >= 52:
        return ALL_CODES[card]
    if off_jack and RANK_OF[card] == "J" and SUIT_OF[card] == SAME_COLOUR[trump]:
        return "OJ"
    found = role(card, trump)
    if found == "L" and not left_pedro:
        return None
    return found


def trump_order(
    off_jack: bool = False, joker_rank: str = "high", left_pedro: bool = True
) -> tuple[str, ...]:
    """Trump roles high to low (RULES.md 11.1): A K Q J [OJ] [X1 X2 where the
    jokers rank high] T 9 8 7 6 P [L] 4 3 2 [X1 where the joker is lowest]."""
    top = ("A", "K", "Q", "J") + (("OJ",) if off_jack else ())
    high_jokers = JOKERS if joker_rank == "high" else ()
    low_joker = ("X1",) if joker_rank == "low" else ()
    middle = tuple(r for r in _TRUMP_ORDER[4:] if left_pedro or r != "L")
    return top + high_jokers + middle + low_joker


class TrumpTables:
    """Per-trump lookup tables over the 54 cards for one trump order.

    ``is_trump[t][c]``, ``power[t][c]`` (trumps 101 and up, others 0..12
    inside their suit), ``follows[t][c]`` (the suit the card counts as),
    ``role[t][c]`` (its trump role or None) and ``point_card[t]`` (role -> card).
    """

    __slots__ = ("follows", "is_trump", "point_card", "power", "role")

    def __init__(self, off_jack: bool, joker_rank: str, left_pedro: bool = True) -> None:
        order = trump_order(off_jack, joker_rank, left_pedro)
        is_trump, power, follows, roles, point_card = [], [], [], [], []
        for trump in range(4):
            ist, pow_, fol, rol, cards = [], [], [], [], {}
            for card in ALL_CARDS:
                card_role = family_role(card, trump, off_jack, left_pedro)
                rol.append(card_role)
                if card_role is None:
                    ist.append(False)
                    pow_.append(12 - RANKS.index(RANK_OF[card]))
                    fol.append(SUIT_OF[card])
                else:
                    cards[card_role] = card
                    ist.append(True)
                    rank = order.index(card_role) if card_role in order else len(order)
                    pow_.append(100 + len(order) - rank)
                    fol.append(trump)
            is_trump.append(tuple(ist))
            power.append(tuple(pow_))
            follows.append(tuple(fol))
            roles.append(tuple(rol))
            point_card.append(cards)
        self.is_trump = tuple(is_trump)
        self.power = tuple(power)
        self.follows = tuple(follows)
        self.role = tuple(roles)
        self.point_card = tuple(point_card)


@functools.cache
def trump_tables(
    off_jack: bool = False, joker_rank: str = "high", left_pedro: bool = True
) -> TrumpTables:
    """The :class:`TrumpTables` of a trump order, computed once."""
    return TrumpTables(off_jack, joker_rank, left_pedro)


def sort_codes(codes) -> list[str]:
    """Card codes in hand order (spades, hearts, diamonds, clubs; ace down;
    the jokers last)."""
    return [ALL_CODES[c] for c in sorted(ANY_CARD[code] for code in codes)]
