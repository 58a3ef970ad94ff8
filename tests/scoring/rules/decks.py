"""Hand-built decks and deals for the engine tests (RULES.md sections 3.1 and 4).

``build_deck`` turns "who should be dealt what" into the 52-card deck that
deals it: 3 cards at a time, starting left of the dealer, three times round,
then the 16 remaining cards (the Draw stock, top first; or the four Widow
packets, one per player from the dealer's left).  ``state_at_play`` builds a
deal, under either ruleset, that reaches the first trick with the hands a test
asks for.
"""

from __future__ import annotations

from collections.abc import Sequence

from scoring.rules import DealState, Ruleset, new_deal
from scoring.rules.cards import CARD, CODES, IS_TRUMP, SUITS

Cards = str | Sequence[str]


def cards(text: Cards) -> list[str]:
    """``"AH KH 5D"`` or ``["AH", "KH", "5D"]`` -> a list of codes."""
    return text.split() if isinstance(text, str) else list(text)


def build_deck(hands: Sequence[Cards], rest: Cards = (), dealer: int = 0) -> list[str]:
    """The deck (top first) that deals ``hands[seat]`` to each seat when
    ``dealer`` deals: four 9-card hands, each in the order its seat receives
    the cards.  The 16 cards left start with ``rest`` (the Draw stock from its
    top, or the Widow packets from the dealer's left); cards named nowhere
    follow in hand order (spades, hearts, diamonds, clubs; ace down)."""
    seats = [cards(hand) for hand in hands]
    assert len(seats) == 4 and all(len(hand) == 9 for hand in seats), "four 9-card hands"
    rest = cards(rest)
    named = [code for hand in seats for code in hand] + rest
    unknown = [code for code in named if code not in CARD]
    assert not unknown, f"not card codes: {unknown}"
    assert len(set(named)) == len(named), "a card is named twice"
    deck = []
    for packet in range(3):
        for k in range(1, 5):
            deck += seats[(dealer + k) % 4][3 * packet : 3 * packet + 3]
    deck += rest
    deck += [code for code in CODES if code not in set(named)]
    return deck


def widow_deck(hands: Sequence[Cards], widows: Sequence[Cards], dealer: int = 0) -> list[str]:
    """Like ``build_deck`` for the Widow: ``widows[seat]`` is the 4-card widow
    dealt face down to each seat (one packet each, from the dealer's left)."""
    packets = [cards(widow) for widow in widows]
    assert all(len(packet) == 4 for packet in packets), "four 4-card widows"
    rest = [code for k in range(1, 5) for code in packets[(dealer + k) % 4]]
    return build_deck(hands, rest, dealer)


def state_at_play(
    rs: Ruleset,
    hands: Sequence[Cards],
    trump: str,
    *,
    bidder: int,
    bid: int = 6,
    dealer: int = 0,
) -> DealState:
    """A deal under ``rs`` at the start of play with ``hands[seat]`` in each
    seat's hand: ``bidder`` bids ``bid`` and everyone else passes, the bidder
    names ``trump``, then the Draw discards, fill and robbing (or the Widow
    discards) leave each seat exactly its given cards.  As in every real deal,
    all 14 trumps must be in the hands, each hand holds 6 cards or more, and a
    hand of more than 6 is all trumps."""
    finals = [cards(hand) for hand in hands]
    is_trump = IS_TRUMP[SUITS.index(trump)]
    held = [code for hand in finals for code in hand]
    assert len(set(held)) == len(held), "a card is in two hands"
    assert sum(is_trump[CARD[code]] for code in held) == 14, "every trump must be in a hand"
    for hand in finals:
        assert len(hand) >= 6 and (len(hand) == 6 or all(is_trump[CARD[code]] for code in hand)), (
            f"{hand}: 6 cards, or more only if all trumps"
        )
    pool = iter(code for code in CODES if code not in set(held) and not is_trump[CARD[code]])
    order = [(dealer + k) % 4 for k in range(1, 5)]  # the dealer last

    if rs.deal_mode == "widow":
        thirteen = [hand + [next(pool) for _ in range(13 - len(hand))] for hand in finals]
        deck = widow_deck([h[:9] for h in thirteen], [h[9:] for h in thirteen], dealer)
    else:
        dealt, stock = [[], [], [], []], []
        for seat in order:
            trumps = [code for code in finals[seat] if is_trump[CARD[code]]]
            others = [code for code in finals[seat] if not is_trump[CARD[code]]]
            assert seat == dealer or len(trumps) <= 9, "only the dealer gets trumps from the stock"
            dealt[seat] = trumps[:9] + [next(pool) for _ in range(9 - len(trumps[:9]))]
            stock += trumps[9:] + others  # the dealer's come last: it robs after the fill
        assert len(stock) <= 16, "these hands need more cards than the stock holds"
        deck = build_deck(dealt, stock, dealer)

    state = new_deal(rs, dealer=dealer, deck=deck)
    for seat in order:
        state.apply(f"bid {bid}" if seat == bidder else "pass")
    state.apply(f"trump {trump}")
    while state.phase in ("discard", "fill"):
        # Widow: each seat discards what it is not to keep.  Draw: the dealer
        # takes the cards it is to hold.
        keep, mine = state.phase == "fill", finals[state.to_act]
        state.apply(next(a for a in state.legal_actions() if (a.split()[1] in mine) == keep))
    assert state.phase == "play", state
    assert [sorted(state.hand(seat)) for seat in range(4)] == [sorted(hand) for hand in finals]
    return state


def play_first_legal(state: DealState) -> None:
    """Finish the deal, each player taking the first of its legal actions."""
    while state.phase != "done":
        state.apply(state.legal_actions()[0])
