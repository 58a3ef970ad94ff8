"""What a seat may see of a deal: the parts every engine shows alike.

``DealState.view`` (four seats, two partnerships) and ``SeatDeal.view`` (N
seats) each add their own fields (the team, the called card, the widows, ...)
around these two runs, in the order a view has always listed them: the
auction's (``auction_view``), then the cards' (``cards_view``).
"""

from __future__ import annotations

from typing import Any

from .cards import ALL_CODES, SUITS


def auction_view(deal: Any, seat: int, *, after_auction: bool) -> dict[str, Any]:
    """The dealer, the phase and the seat to act (with its legal actions
    when that is ``seat``), the bids so far, and once the auction is over
    (``after_auction``) the bidder, the bid and trump."""
    return {
        "dealer": deal.dealer,
        "phase": deal.phase,
        "to_act": deal.to_act,
        "legal": deal.legal_actions() if deal.to_act == seat else [],
        "bids": [[s, a] for s, a in deal.bids],
        "high_bid": deal.high_bid or None,
        "bidder": deal.bidder if after_auction else None,
        "bid": deal.high_bid if after_auction else None,
        "trump": None if deal.trump is None else SUITS[deal.trump],
    }


def cards_view(deal: Any, seat: int, hand: list[int]) -> dict[str, Any]:
    """``hand`` (the cards of ``seat`` it may see, sorted) and its own
    discards; counts of every hand, the stock and the wash; the cards laid,
    the trick on the table and every trick played; who is out, the points
    captured, and the score once the deal is done."""
    codes = ALL_CODES
    return {
        "hand": [codes[c] for c in hand],
        "hand_counts": [len(h) for h in deal.hands],
        "my_discards": [codes[c] for c in deal.discards[seat]],
        "stock_count": len(deal.stock),
        "wash_count": len(deal.wash),
        "laid": [[s, codes[c]] for s, c in deal.laid],
        "trick": [[s, codes[c]] for s, c in deal.trick],
        "leader": deal.leader,
        "tricks": [
            {
                "leader": leader,
                "cards": [[s, codes[c]] for s, c in plays],
                "laid": [[s, codes[c]] for s, c in laid],
                "winner": winner,
            }
            for leader, plays, laid, winner in deal.tricks
        ],
        "out": [s for s, out in enumerate(deal.out) if out],
        "captured": list(deal.captured()),
        "score": list(deal.score()) if deal.phase == "done" else None,
    }
