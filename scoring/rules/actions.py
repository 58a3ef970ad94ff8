"""Action strings, parsed once (RULES.md section 8).

Every action the engine knows — ``pass``, ``bid 7``, ``bid 7 H``, ``trump H``,
``discard 7C``, ``keep``, ``take 9S``, ``lay 6H``, ``play AH``, ``fold``, jokers written
``X1`` and ``X2`` — maps to a (kind, argument) pair, and every legal-action list
is built from the prebuilt strings below, so the hot path never formats text.
"""

from __future__ import annotations

from .cards import ALL_CODES, SUITS
from .rulesets import SUIT_BID_RANK


class IllegalAction(ValueError):
    """An action the rules do not allow now.  The state is left unchanged.

    Its message (``args[0]``) is a :class:`~.words.Text`: ``str(exc)`` is the
    English sentence, and ``scoring.texts`` says it in the reader's language."""


# Action kinds.
PASS, BID, TRUMP, DISCARD, TAKE, LAY, PLAY, KEEP, SUIT_BID = range(9)

#: Isle Madame's ``fold`` (a house option, RULES.md 11.4.19): a kind of its
#: own, apart from the numbered ones above.
FOLD = 24
FOLD_STR = "fold"

#: The highest number a bid action may carry (Eighty-Three bids up to 83).
MAX_BID_NUMBER = 99

#: Every action string the engine knows: action -> (kind, argument).  A suit
#: bid's argument is ``4 * number + rank of the suit`` (RULES.md 11.3: S > H > C > D).
ACTIONS: dict[str, tuple[int, int]] = {
    "pass": (PASS, 0),
    "keep": (KEEP, 0),
    FOLD_STR: (FOLD, 0),
}
ACTIONS.update({f"bid {n}": (BID, n) for n in range(1, MAX_BID_NUMBER + 1)})
ACTIONS.update(
    {
        f"bid {n} {suit}": (SUIT_BID, 4 * n + rank)
        for n in range(1, MAX_BID_NUMBER + 1)
        for suit, rank in SUIT_BID_RANK.items()
    }
)
ACTIONS.update({f"trump {s}": (TRUMP, i) for i, s in enumerate(SUITS)})
for _verb, _kind in (("discard", DISCARD), ("take", TAKE), ("lay", LAY), ("play", PLAY)):
    ACTIONS.update({f"{_verb} {code}": (_kind, card) for card, code in enumerate(ALL_CODES)})

BID_STR = {n: f"bid {n}" for n in range(1, MAX_BID_NUMBER + 1)}
#: SUIT_BID_STR[4 * number + rank] -> "bid 7 H".
SUIT_BID_STR = {
    4 * n + rank: f"bid {n} {suit}"
    for n in range(1, MAX_BID_NUMBER + 1)
    for suit, rank in SUIT_BID_RANK.items()
}
#: The trump suit index (S H D C) of a suit bid's rank.
SUIT_OF_BID_RANK = {rank: SUITS.index(suit) for suit, rank in SUIT_BID_RANK.items()}
TRUMP_STR = tuple(f"trump {s}" for s in SUITS)
DISCARD_STR = tuple(f"discard {c}" for c in ALL_CODES)
TAKE_STR = tuple(f"take {c}" for c in ALL_CODES)
LAY_STR = tuple(f"lay {c}" for c in ALL_CODES)
PLAY_STR = tuple(f"play {c}" for c in ALL_CODES)

# Tennessee's actions (RULES.md 11.3, 11.4.17-18): a card slid to the
# partner, a trump given to the opponent on the right, a throw-in and a misdeal.
SLIDE, GIVE, CONCEDE, MISDEAL = range(20, 24)
ACTIONS.update({"concede": (CONCEDE, 0), "misdeal": (MISDEAL, 0)})
for _verb, _kind in (("slide", SLIDE), ("give", GIVE)):
    ACTIONS.update({f"{_verb} {code}": (_kind, card) for card, code in enumerate(ALL_CODES)})
SLIDE_STR = tuple(f"slide {c}" for c in ALL_CODES)
GIVE_STR = tuple(f"give {c}" for c in ALL_CODES)
