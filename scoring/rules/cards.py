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

SUITS = "SHDC"
RANKS = "AKQJT98765432"  # high to low, the order cards sort in
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}

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


def point_tables(points: dict[str, int]) -> tuple[tuple[int, ...], ...]:
    """Per-trump tuples of each card's point value under a point table."""
    return tuple(tuple(points.get(ROLE[t][c] or "", 0) for c in DECK) for t in range(4))


def sort_codes(codes) -> list[str]:
    """Card codes in hand order (spades, hearts, diamonds, clubs; ace down)."""
    return [CODES[c] for c in sorted(CARD[code] for code in codes)]
