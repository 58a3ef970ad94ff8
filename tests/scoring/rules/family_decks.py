"""Hand-built decks for the Pedro family's engine tests (RULES.md 11).

``family_deck`` turns "who should be dealt what" into the deck that deals it
under a game's own pattern: packets round the table from the dealer's left,
then the kitty or señorita, then the stock (top first); every card of the
game's pack named nowhere follows in pack order.
"""

from __future__ import annotations

from collections.abc import Sequence

from scoring.rules import DealState, Ruleset, new_deal
from scoring.rules.cards import ALL_CODES, PACKS


def family_deck(
    rs: Ruleset, hands: Sequence[str], rest: str = "", dealer: int = 0, fill: bool = True
) -> list[str]:
    """The deck (top first) dealing ``hands[seat]`` (codes in the order the
    seat receives them; short hands are topped up with unnamed cards when
    ``fill``) when ``dealer`` deals, followed by ``rest``."""
    pack = [ALL_CODES[card] for card in PACKS[rs.pack]]
    seats = [hand.split() for hand in hands] or [[], [], [], []]
    named = [code for hand in seats for code in hand] + rest.split()
    assert len(set(named)) == len(named), "a card is named twice"
    assert set(named) <= set(pack), f"not in the pack: {set(named) - set(pack)}"
    spare = iter(code for code in pack if code not in set(named))
    if fill:
        seats = [hand + [next(spare) for _ in range(rs.cards_dealt - len(hand))] for hand in seats]
    assert all(len(hand) == rs.cards_dealt for hand in seats)
    deck, at = [], 0
    for size in rs.deal_packets:
        for k in range(1, 5):
            deck += seats[(dealer + k) % 4][at : at + size]
        at += size
    deck += rest.split()
    deck += [code for code in pack if code not in set(deck)]
    return deck


def deal(rs: Ruleset, hands: Sequence[str], rest: str = "", dealer: int = 0) -> DealState:
    return new_deal(rs, dealer=dealer, deck=family_deck(rs, hands, rest, dealer))


def run(state: DealState, actions: str) -> DealState:
    """Apply ``actions`` written one per comma: ``"pass, bid 7, trump H"``."""
    for action in actions.split(","):
        if action.strip():
            state.apply(action.strip())
    return state


def finish(state: DealState) -> DealState:
    """Finish the deal, each player taking the first of its legal actions."""
    while state.to_act is not None:
        state.apply(state.legal_actions()[0])
    return state
