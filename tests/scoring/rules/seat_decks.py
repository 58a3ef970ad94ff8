"""Hand-built decks for the N-seat games (RULES.md 12): ``seat_deck`` turns
"who should be dealt what" into the deck that deals it, packets round the
table from the dealer's left, then the spares or the stock (top first);
every card of the pack named nowhere follows in pack order."""

from __future__ import annotations

from collections.abc import Sequence

from scoring.rules import Ruleset, new_deal
from scoring.rules.cards import ALL_CODES, PACKS


def seat_deck(rs: Ruleset, hands: Sequence[str], rest: str = "", dealer: int = 0) -> list[str]:
    """The deck (top first) dealing ``hands[seat]`` (short hands topped up
    with unnamed cards) when ``dealer`` deals, then ``rest``."""
    n = rs.players
    pack = [ALL_CODES[card] for card in PACKS[rs.pack]]
    seats = [hand.split() for hand in hands]
    assert len(seats) == n
    named = [code for hand in seats for code in hand] + rest.split()
    assert len(set(named)) == len(named), "a card is named twice"
    spare = iter(code for code in pack if code not in set(named))
    seats = [hand + [next(spare) for _ in range(rs.cards_dealt - len(hand))] for hand in seats]
    deck, at = [], 0
    for size in rs.deal_packets:
        for k in range(1, n + 1):
            deck += seats[(dealer + k) % n][at : at + size]
        at += size
    deck += rest.split()
    deck += [code for code in pack if code not in set(deck)]
    return deck


def seat_deal(rs: Ruleset, hands: Sequence[str], rest: str = "", dealer: int = 0):
    return new_deal(rs, dealer=dealer, deck=seat_deck(rs, hands, rest, dealer))


def run(state, actions: str):
    """Apply ``actions`` written one per comma."""
    for action in actions.split(","):
        if action.strip():
            state.apply(action.strip())
    return state
