"""Write the golden playthroughs in this folder (run by hand, then review the diff).

    .venv/bin/python tests/golden/make_golden.py            # rewrite the files
    .venv/bin/python tests/golden/make_golden.py --search   # list seeds per situation

Each file is one seeded deal played to the end by bots, written for people:
header, deck, hands as dealt, every action numbered with its seat, notes for
the steps the engine takes by itself (discards, fills, the dealer's trumps,
picking up a widow, a player going out), trick winners, points and the score.
The games of RULES.md section 11 are written the same way (``render_family``):
their notes say what each step changed in the hands, the face-up discards and
the cards that left play.
The notes are read off the engine's public surface (``hand``, ``view``,
``captured``) before and after each action; nothing here re-implements a rule,
except that the stock and widows listed under the deal are cut from the deck
as RULES.md 3.1 and 4 say (the notes then show what the engine did with them).

``render`` is also what ``test_golden.py`` calls to check the files.
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

from scoring.rules import RULESETS, new_deal  # noqa: E402
from scoring.rules.bots import BOTS, RandomBot  # noqa: E402
from scoring.rules.cards import ALL_CODES as _ALL_CODES  # noqa: E402
from scoring.rules.cards import ANY_CARD as _ANY_CARD  # noqa: E402
from scoring.rules.seat_bots import SeatHeuristicBot  # noqa: E402

#: The golden deals: (file stem, ruleset, seed, dealer, bots for seats 0..3).
#: Chosen with ``--search``; README.md says what each one shows.
H, R = "heuristic", "random"
D, W = "monterey-draw", "monterey-widow"
GOLDEN: list[tuple[str, str, int | None, int, tuple[str, ...]]] = [
    ("draw_01", D, 17, 2, (H, R, H, R)),
    ("draw_02", D, 0, 0, (R, H, R, H)),
    ("draw_03", D, 10, 3, (H, H, H, H)),
    ("draw_04", D, 343, 0, (R, R, R, R)),
    ("draw_05", D, 1, 1, (H, H, H, H)),
    ("draw_06", D, 56, 0, (H, H, H, H)),
    ("draw_07", D, 136, 1, (H, R, H, R)),
    ("draw_08", D, 5, 2, (R, R, R, R)),
    ("draw_09", D, 9, 3, (R, H, R, H)),
    ("draw_10", D, 12, 2, (H, H, H, H)),
    ("draw_11_fill_from_wash", D, None, 3, (H, H, H, H)),
    ("widow_01", W, 17, 0, (H, H, H, H)),
    ("widow_02", W, 1073, 0, (H, H, H, H)),
    ("widow_03", W, 57, 1, (R, H, R, H)),
    ("widow_04", W, 343, 0, (R, R, R, R)),
    ("widow_05", W, 26, 2, (H, H, H, H)),
    ("widow_06", W, 0, 3, (H, R, H, R)),
    ("widow_07", W, 4, 1, (H, H, H, H)),
    ("widow_08", W, 8, 2, (R, H, R, H)),
    ("widow_09", W, 11, 3, (R, R, R, R)),
    ("widow_10", W, 21, 0, (H, R, H, R)),
]

#: The family of RULES.md 11.2: three deals a game, one with four heuristic
#: bots, one heuristic pair against a random pair, one of four random bots.
FAMILY_GOLDEN: list[tuple[str, str, int | None, int, tuple[str, ...]]] = [
    (f"{name.replace('-', '_')}_0{n + 1}", name, seed, dealer, bots)
    for name in (
        "california",
        "cinch",
        "pedro-62",
        "louisiana",
        "pidro",
        "oregon",
        "tennessee",
        "sixty-three",
        "eighty-three",
        "isle-madame",
        "king-pedro",
        "sancho",
        "six-card",
        "dom-pedro",
        "snoozer",
        "canadian",
        "pitch",
    )
    for n, (seed, dealer, bots) in enumerate(
        [(1, 0, (H, H, H, H)), (2, 1, (H, R, H, R)), (3, 2, (R, R, R, R))]
    )
]
GOLDEN += FAMILY_GOLDEN
MONTEREY = (D, W)

#: The N-seat games of RULES.md section 12: three deals a game, with their
#: house options (``players`` where the game has it): (file stem, ruleset,
#: seed, dealer, bots for seats 0..N-1, options).
SEAT_GOLDEN: list[tuple[str, str, int, int, tuple[str, ...], dict]] = [
    ("five_hand_01", "five-hand", 54, 4, (H,) * 5, {}),
    ("five_hand_02", "five-hand", 4, 4, (H, R, H, R, R), {}),
    ("five_hand_03", "five-hand", 3, 4, (R,) * 5, {}),
    ("railroad_01", "railroad", 1, 0, (H,) * 5, {}),
    ("railroad_02", "railroad", 2, 2, (H, R, H, R, R), {}),
    ("railroad_03", "railroad", 3, 4, (R,) * 5, {}),
    ("individual_01", "individual", 1, 0, (H, H, H), {"players": 3}),
    ("individual_02", "individual", 2, 1, (H, R, H, R), {"players": 4}),
    ("individual_03", "individual", 3, 5, (R,) * 6, {"players": 6}),
    ("original_01", "original", 1, 0, (H,) * 6, {"players": 6}),
    ("original_02", "original", 2, 1, (H, R, H, R), {"players": 4}),
    ("original_03", "original", 3, 6, (R,) * 7, {"players": 7, "table": "snoozer"}),
]
#: The players of the N-seat games, by the names the header gives them.
SEAT_BOTS: dict[str, type] = {"heuristic": SeatHeuristicBot, "random": RandomBot}


def game_rules(ruleset: str, options: dict | None = None):
    """The ruleset named ``ruleset`` (four-seat or N-seat), with ``options``."""
    rs = RULESETS[ruleset]
    return rs.with_options(**options) if options else rs


def options_text(options: dict) -> str:
    return ", ".join(f"{key}={value}" for key, value in options.items()) or "none"


def parse_options(text: str) -> dict:
    """``options_text`` backwards: numbers as int, the rest as text."""
    if text == "none":
        return {}
    pairs = (part.split("=", 1) for part in text.split(", "))
    return {key: int(value) if value.isdigit() else value for key, value in pairs}


#: Hand-made decks (top first) for situations no seed up to a few thousand
#: shows, keyed by file stem; their GOLDEN entry has seed None.
DECKS: dict[str, list[str]] = {}


def hand_made_deck(dealer: int, hands: dict[int, str], rest: str) -> list[str]:
    """The deck that deals ``hands`` (seat -> 9 codes, in the order received)
    and leaves ``rest`` (16 codes) as stock or widows: RULES.md 3.1 backwards."""
    deck = [""] * 36
    for k in range(4):
        cards = hands[(dealer + 1 + k) % 4].split()
        for r in range(3):
            deck[12 * r + 3 * k : 12 * r + 3 * k + 3] = cards[3 * r : 3 * r + 3]
    return deck + rest.split()


# Only the dealer holds spades: the three others fill 18 cards from a stock of
# 16, so the last of them takes 2 from the top of the wash; the dealer, with 9
# trumps and none left in the stock, lays down 3 on the first trick.
DECKS["draw_11_fill_from_wash"] = hand_made_deck(
    3,
    {
        0: "2H 3D 4C 6H 7D 8C 9H TD JC",
        1: "2D 3C 4H 6D 7C 8H 9D TC JH",
        2: "2C 3H 4D 6C 7H 8D 9C TH JD",
        3: "AS KS QS JS TS 9S 8S 7S 6S",
    },
    "5S QH KH AH 5H QD 5C KD AD 4S QC KC 3S AC 2S 5D",
)


POINT_NAMES = {
    "A": "A (high)",
    "J": "J (jack)",
    "T": "T (game)",
    "P": "right pedro",
    "L": "left pedro",
    "2": "2 (low)",
}
SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
HEADER_FIRST_LINE = "Pedro golden playthrough (tests/golden/make_golden.py writes it; do not edit)"


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` for the deal with ``seed``."""
    return 4 * seed + seat


def file_name(stem: str, seed: int | None) -> str:
    return f"{stem}.txt" if seed is None else f"{stem}_seed{seed}.txt"


def _cards(codes) -> str:
    return " ".join(codes) if codes else "-"


def _point_roles(trump: str) -> dict[str, str]:
    """Point card code -> role letter under ``trump`` (the left pedro included)."""
    same_colour = {"S": "C", "C": "S", "H": "D", "D": "H"}[trump]
    return {
        "A" + trump: "A",
        "J" + trump: "J",
        "T" + trump: "T",
        "5" + trump: "P",
        "5" + same_colour: "L",
        "2" + trump: "2",
    }


class _Snapshot:
    """The public facts the notes compare before and after an action."""

    def __init__(self, state) -> None:
        self.hands = [state.hand(seat) for seat in range(4)]
        self.discards = [state.view(seat)["my_discards"] for seat in range(4)]
        view = state.view(0)
        self.phase = view["phase"]
        self.tricks = view["tricks"]
        self.out = view["out"]
        self.stock_count = view["stock_count"]
        self.wash_count = view["wash_count"]
        self.captured = state.captured()


def render(
    ruleset: str,
    seed: int | None,
    dealer: int,
    bots: tuple[str, ...],
    deck: list[str] | None = None,
    options: dict | None = None,
) -> str:
    """The golden text of deal ``seed`` (or of ``deck``, with ``seed`` None)
    of ``ruleset`` dealt by ``dealer`` and played by the named bots (seat 0
    first), each seeded with ``bot_seed`` (deal seed 0 for a hand-made deck)."""
    if game_rules(ruleset).sides != "fixed":
        return render_seats(ruleset, seed, dealer, bots, options or {})
    if ruleset not in MONTEREY:
        return render_family(ruleset, seed, dealer, bots, deck)
    rs = RULESETS[ruleset]
    state = new_deal(rs, dealer=dealer, seed=seed, deck=deck)
    players = [BOTS[name](bot_seed(seed or 0, seat)) for seat, name in enumerate(bots)]
    deck = state.to_json()["deck"]
    order = [(dealer + k) % 4 for k in range(1, 5)]
    out = [
        HEADER_FIRST_LINE,
        f"ruleset: {ruleset}",
        f"seed: {'none (a hand-made deck)' if seed is None else seed}",
        f"dealer: seat {dealer}",
        "bots: " + ", ".join(f"seat {seat} {name}" for seat, name in enumerate(bots)),
        "(bot seeds: 4 * seed + seat; seats 0-3 clockwise, teams 0 = seats 0+2, 1 = seats 1+3)",
        "",
        "deck (top first):",
    ]
    out += [f"  {i + 1:2}-{i + 13:2}: {_cards(deck[i : i + 13])}" for i in range(0, 52, 13)]
    out += ["", "dealt, 3 at a time from the dealer's left (cards in the order received):"]
    out += [f"  seat {seat}: {_cards(state.hand(seat))}" for seat in order]
    if rs.deal_mode == "widow":
        out.append("widows (face down, 4 each from the dealer's left):")
        out += [
            f"  seat {seat}: {_cards(deck[36 + 4 * k : 40 + 4 * k])}"
            for k, seat in enumerate(order)
        ]
    else:
        out.append(f"stock (top first): {_cards(deck[36:])}")
    out += _played(state, players, order, _Snapshot, _notes)
    out += _result(state)
    return "\n".join(out) + "\n"


def _played(state, players, order, snapshot, notes) -> list[str]:
    """Every action to the deal's end, numbered, each with the notes of what
    it changed (``snapshot`` reads a state, ``notes`` tells the change)."""
    out = ["", "bidding:"]
    number = 0
    while state.to_act is not None:
        seat = state.to_act
        before = snapshot(state)
        action = players[seat].choose(state)
        state.apply(action)
        number += 1
        after = snapshot(state)
        out.append(f"  {number:2}. seat {seat}: {action}")
        out += notes(state, before, after, seat, action, order)
    return out


def _notes(state, before, after, seat, action, order) -> list[str]:
    notes: list[str] = []
    note = notes.append
    if before.phase == "bid" and len(after.hands[seat]) > len(before.hands[seat]):
        widow = after.hands[seat][len(before.hands[seat]) :]
        note(f"      seat {seat} picks up the widow: {_cards(widow)}")
    if action.startswith("trump") and before.phase == "trump":
        trump = action[-1]
        left = next(code for code, role in _point_roles(trump).items() if role == "L")
        note(f"      trumps are {SUIT_WORDS[trump]}; the left pedro {left} is a trump too")
        if state.rs.deal_mode == "draw":
            notes += _draw_notes(state, before, after, order)
    if action.startswith("take"):
        source = "stock" if after.stock_count < before.stock_count else "wash"
        note(f"      (from the {source}; dealer now holds {len(after.hands[seat])})")
    for gone in sorted(set(after.out) - set(before.out)):
        note(
            f"      seat {gone} holds no trump and trump was led: out, folds "
            f"{len(before.hands[gone])} card(s) ({_cards(before.hands[gone])})"
        )
    if len(after.tricks) > len(before.tricks):
        notes += _trick_notes(state, after, before)
    if before.phase != "play" and after.phase == "play":
        notes += _play_start_notes(state, after, order)
    return notes


def _draw_notes(state, before, after, order) -> list[str]:
    dealer = order[-1]
    deck = state.to_json()["deck"]
    stock = deck[36:]
    notes = ["      discards to the wash, from the dealer's left:"]
    for seat in order:
        notes.append(f"        seat {seat}: {_cards(after.discards[seat])}")
    wash = [card for seat in order for card in after.discards[seat]]
    notes.append("      fill to 6, from the top of the stock (then the wash):")
    for seat in order[:3]:
        got = [c for c in after.hands[seat] if c not in before.hands[seat]]
        from_stock = sorted((c for c in got if c in stock), key=stock.index)
        from_wash = sorted((c for c in got if c not in stock), key=wash.index)
        text = _cards(from_stock)
        if from_wash:
            text += f" + from the wash: {_cards(from_wash)}"
        notes.append(f"        seat {seat}: {text}")
    got = [c for c in after.hands[dealer] if c not in before.hands[dealer]]
    notes.append(
        f"      dealer (seat {dealer}) takes every trump left in the stock: "
        f"{_cards(sorted(got, key=stock.index))}"
    )
    notes.append(
        f"      stock left: {after.stock_count}, wash: {after.wash_count}; "
        f"dealer holds {len(after.hands[dealer])}"
    )
    return notes


def _play_start_notes(state, after, order, extra: str = "extra trump(s) to lay down") -> list[str]:
    """Each hand as play starts, with the cards over the hand size (``extra``
    says what they are)."""
    notes = ["", "hands at the start of play:"]
    size = state.rs.hand_size
    for seat in order:
        hand = after.hands[seat]
        over = f"  ({len(hand) - size} {extra})" if len(hand) > size else ""
        notes.append(f"  seat {seat}: {_cards(hand)}{over}")
    notes += ["", "play:"]
    return notes


def _trick_notes(state, after, before) -> list[str]:
    trick = after.tricks[-1]
    trump = state.view(0)["trump"]
    roles = _point_roles(trump)
    points = [
        f"{POINT_NAMES[roles[code]]} {code} (seat {seat})"
        for seat, code in trick["cards"]
        if code in roles
    ]
    return _pair_trick_lines(after, before, points)


def _pair_trick_lines(after, before, points: list[str]) -> list[str]:
    """A trick's line (its winner, the point cards in it) and, if it took
    points, the teams' gains and totals."""
    trick = after.tricks[-1]
    gained = [after.captured[t] - before.captured[t] for t in (0, 1)]
    lines = [
        f"      trick {len(after.tricks)} to seat {trick['winner']} "
        f"(team {trick['winner'] % 2}); points: {', '.join(points) or 'none'}"
    ]
    if any(gained):
        lines.append(
            f"      points team 0 +{gained[0]}, team 1 +{gained[1]}; "
            f"so far {after.captured[0]}-{after.captured[1]}"
        )
    return lines


def _result(state) -> list[str]:
    view = state.view(0)
    bidder, bid, trump = view["bidder"], view["bid"], view["trump"]
    team = bidder % 2
    captured = state.captured()
    score = state.score()
    made = score[team] > 0
    return [
        "",
        f"result: seat {bidder} (team {team}) bid {bid} in {SUIT_WORDS[trump]}; "
        f"captured team 0 {captured[0]}, team 1 {captured[1]}; "
        f"bid {'made' if made else 'set'}",
        f"score: team 0 {score[0]:+d}, team 1 {score[1]:+d}",
    ]


# ----------------------------------------------------------------- the family


def _deck_lines(deck: list[str]) -> list[str]:
    """The deck in four lines (13 cards each for 52)."""
    size = -(-len(deck) // 4)
    return [
        f"  {i + 1:2}-{min(i + size, len(deck)):2}: {_cards(deck[i : i + size])}"
        for i in range(0, len(deck), size)
    ]


def _family_roles(state) -> dict[str, str]:
    """Point card code -> role under the deal's trump, for the game's table."""
    roles = state._roles
    points = dict(state.rs.points)
    return {
        code: roles[card]
        for card, code in enumerate(_ALL_CODES)
        if card < len(roles) and roles[card] in points
    }


def render_family(
    ruleset: str,
    seed: int | None,
    dealer: int,
    bots: tuple[str, ...],
    deck: list[str] | None = None,
) -> str:
    """The golden text of a deal of a family game (RULES.md section 11)."""
    rs = RULESETS[ruleset]
    state = new_deal(rs, dealer=dealer, seed=seed, deck=deck)
    players = [BOTS[name](bot_seed(seed or 0, seat)) for seat, name in enumerate(bots)]
    deck = state.to_json()["deck"]
    order = [(dealer + k) % 4 for k in range(1, 5)]
    dealt = 4 * rs.cards_dealt
    packets = "+".join(str(size) for size in rs.deal_packets)
    out = [
        HEADER_FIRST_LINE,
        f"ruleset: {ruleset}",
        f"seed: {'none (a hand-made deck)' if seed is None else seed}",
        f"dealer: seat {dealer}",
        "bots: " + ", ".join(f"seat {seat} {name}" for seat, name in enumerate(bots)),
        "(bot seeds: 4 * seed + seat; seats 0-3 clockwise, teams 0 = seats 0+2, 1 = seats 1+3)",
        "",
        f"{rs.title}: pack {rs.pack}, {rs.total_points} points a deal, "
        f"exchange {rs.exchange}, play {rs.play_rule}, scoring {rs.score_method}",
        "deck (top first):",
    ]
    out += _deck_lines(deck)
    out += ["", f"dealt, {packets} at a time from the dealer's left (in the order received):"]
    out += [f"  seat {seat}: {_cards(state.hand(seat))}" for seat in order]
    rest = deck[dealt:]
    if rs.kitty_size:
        name = "senorita" if rs.exchange == "senorita" else "kitty"
        out.append(f"{name} (face down): {_cards(rest[: rs.kitty_size])}")
        rest = rest[rs.kitty_size :]
    if rs.exchange == "none":
        out.append(f"out of play: {_cards(rest)}")
    elif rest:
        out.append(f"stock (top first): {_cards(rest)}")
    out += ["", "bidding:"]
    number = 0
    while state.to_act is not None:
        seat = state.to_act
        before = _Snapshot(state)
        faceup = state.view(0).get("discards")
        action = players[seat].choose(state)
        state.apply(action)
        number += 1
        after = _Snapshot(state)
        out.append(f"  {number:2}. seat {seat}: {action}")
        out += _family_notes(state, before, after, seat, action, order, faceup)
    out += _family_result(state)
    return "\n".join(out) + "\n"


def _family_notes(state, before, after, seat, action, order, faceup) -> list[str]:
    notes: list[str] = []
    note = notes.append
    verb, _, card = action.partition(" ")
    if before.phase == "dark" and after.phase != "dark":
        note("      the dark is over: " + ("to trump" if after.phase == "trump" else "the auction"))
    if before.phase in ("dark", "bid") and after.phase not in ("dark", "bid"):
        bidder = state.bidder
        note(f"      seat {bidder} wins the auction with {state.high_bid}")
    if (
        after.phase != before.phase
        and state.trump is not None
        and before.phase
        in (
            "bid",
            "trump",
        )
    ):
        note(f"      trumps are {SUIT_WORDS['SHDC'[state.trump]]}")
    for other in order:
        gone = [c for c in before.hands[other] if c not in after.hands[other]]
        got = [c for c in after.hands[other] if c not in before.hands[other]]
        if other == seat and verb in ("discard", "take", "lay", "play", "slide", "give"):
            gone = [c for c in gone if c != card]
            got = [c for c in got if c != card]
        if other in after.out and other not in before.out:
            note(f"      seat {other} is out: {_cards(before.hands[other])} fold")
            continue
        if gone and after.phase != "done":
            note(f"      seat {other} lets go of {_cards(gone)}")
        if got:
            note(f"      seat {other} gets {_cards(got)} (now {len(after.hands[other])})")
    view = state.view(0)
    if view.get("stock_trumps") and before.phase != "play" and after.phase == "play":
        note(f"      stock trumps leave play, shown: {_cards(view['stock_trumps'])}")
    if after.captured != before.captured and len(after.tricks) == len(before.tricks):
        note(f"      points before play: {after.captured[0]}-{after.captured[1]} (credit)")
    if len(after.tricks) > len(before.tricks):
        notes += _family_trick_notes(state, after, before)
    if before.phase != "play" and after.phase == "play":
        notes += _play_start_notes(state, after, order)
    if after.phase == "done" and len(after.tricks) < state.rs.tricks:
        note("      nobody still in holds a trump: the deal ends")
    return notes


def _family_trick_notes(state, after, before) -> list[str]:
    trick = after.tricks[-1]
    roles = _family_roles(state)
    points = [
        f"{roles[code]} {code} (seat {seat})" for seat, code in trick["cards"] if code in roles
    ]
    return _pair_trick_lines(after, before, points)


def _family_result(state) -> list[str]:
    bidder, bid, trump = state.bidder, state.high_bid, "SHDC"[state.trump]
    team = bidder % 2
    captured = state.captured()
    score = state.score()
    made = state.rs.bid_made(bid, captured[team])
    out = state.rs.total_points - sum(captured)
    return [
        "",
        f"result: seat {bidder} (team {team}) bid {bid} in {SUIT_WORDS[trump]}; "
        f"captured team 0 {captured[0]}, team 1 {captured[1]}"
        + (f", out of play {out}" if out else "")
        + f"; bid {'made' if made else 'set'}",
        f"score: team 0 {score[0]:+d}, team 1 {score[1]:+d}",
    ]


# ------------------------------------------------------------ N-seat games

SEAT_HEADER_NOTE = (
    "(bot seeds: seats * seed + seat; seats 0..N-1 clockwise; the sides are "
    "fixed each deal: the bidder and the partner against the others, or every "
    "seat for itself)"
)


def seat_bot_seed(seats: int, seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` of an N-seat deal with ``seed``."""
    return seats * seed + seat


class _SeatSnapshot:
    """The facts the notes of an N-seat deal compare before and after an action."""

    def __init__(self, state) -> None:
        seats = range(state.seats)
        self.hands = [state.hand(seat) for seat in seats]
        self.discards = [state.view(seat)["my_discards"] for seat in seats]
        view = state.view(0)
        self.phase = view["phase"]
        self.tricks = view["tricks"]
        self.out = view["out"]
        self.captured = state.captured()
        self.partner = [state.view(seat)["partner"] for seat in seats]


def _points_of(state, code: str) -> int:
    """The points ``code`` is worth under the deal's trump (0 before trump)."""
    values = state._pts
    return values[_ANY_CARD[code]] if values else 0


def render_seats(ruleset: str, seed: int, dealer: int, bots: tuple[str, ...], options: dict) -> str:
    """The golden text of a deal of an N-seat game (RULES.md section 12)."""
    rs = game_rules(ruleset, options)
    state = new_deal(rs, dealer=dealer, seed=seed)
    n = state.seats
    assert len(bots) == n, f"{ruleset}: {n} seats, {len(bots)} bots"
    players = [SEAT_BOTS[name](seat_bot_seed(n, seed, seat)) for seat, name in enumerate(bots)]
    deck = state.to_json()["deck"]
    order = [(dealer + k) % n for k in range(1, n + 1)]
    packets = "+".join(str(size) for size in rs.deal_packets)
    sides = {"called": "a called partner", "individual": "every seat for itself"}[rs.sides]
    out = [
        HEADER_FIRST_LINE,
        f"ruleset: {ruleset}",
        f"seed: {seed}",
        f"dealer: seat {dealer}",
        "bots: " + ", ".join(f"seat {seat} {name}" for seat, name in enumerate(bots)),
        f"options: {options_text(options)}",
        SEAT_HEADER_NOTE,
        "",
        f"{rs.title}: {n} seats, {sides}; pack {rs.pack}, {rs.total_points} points a deal, "
        f"exchange {rs.exchange}, play {rs.play_rule}, target {rs.target}",
        "deck (top first):",
    ]
    out += _deck_lines(deck)
    out += ["", f"dealt, {packets} at a time from the dealer's left (in the order received):"]
    out += [f"  seat {seat}: {_cards(state.hand(seat))}" for seat in order]
    rest = deck[n * rs.cards_dealt :]
    if rs.kitty_size:
        out.append(f"spares (face down): {_cards(rest[: rs.kitty_size])}")
        rest = rest[rs.kitty_size :]
    if rs.exchange == "none":
        out.append(f"out of play: {_cards(rest)}")
    elif rest:
        out.append(f"stock (top first): {_cards(rest)}")
    out += _played(state, players, order, _SeatSnapshot, _seat_notes)
    out += _seat_result(state)
    return "\n".join(out) + "\n"


def _seat_notes(state, before, after, seat, action, order) -> list[str]:
    notes: list[str] = []
    note = notes.append
    verb, _, card = action.partition(" ")
    if before.phase == "bid" and after.phase != "bid":
        note(f"      seat {state.bidder} wins the auction with {state.high_bid}")
    if before.phase == "trump" and after.phase != "trump":
        note(f"      trumps are {SUIT_WORDS['SHDC'[state.trump]]}")
    for other in order:
        gone = [c for c in before.hands[other] if c not in after.hands[other]]
        got = [c for c in after.hands[other] if c not in before.hands[other]]
        if other == seat and verb in ("discard", "take", "lay", "play"):
            gone = [c for c in gone if c != card]
            got = [c for c in got if c != card]
        if other in after.out and other not in before.out:
            note(f"      seat {other} is out: {_cards(before.hands[other])} fold")
            continue
        if gone and after.phase != "done":
            note(f"      seat {other} lets go of {_cards(gone)}")
        if got:
            note(f"      seat {other} gets {_cards(got)} (now {len(after.hands[other])})")
    if verb == "call":
        if state.partner is None:
            owner = next(s for s in order if card in after.discards[s])
            note(f"      nobody holds {card} (seat {owner} let it go): no partner")
        else:
            note(f"      seat {state.partner} holds {card}: the partner (only that seat knows)")
    if verb == "alone":
        note(f"      seat {seat} goes alone against the {state.seats - 1} others")
    bidder = state.bidder
    if bidder is not None and before.partner[bidder] is None and after.partner[bidder] is not None:
        shown = after.partner[bidder]
        told = "no partner" if shown == "none" else f"seat {shown} is the partner"
        note(f"      now public: {told}")
    if len(after.tricks) > len(before.tricks):
        notes += _seat_trick_notes(state, after, before)
    if before.phase != "play" and after.phase == "play":
        notes += _seat_play_start(state, after, order)
    return notes


def _seat_play_start(state, after, order) -> list[str]:
    notes = _play_start_notes(state, after, order, "extra card(s) to lay")[:-2]
    if state.rs.sides == "called":
        sides = [seat for seat in order if state.team(seat) == 0]
        notes.append(f"  bidding side: {', '.join(f'seat {s}' for s in sides)}")
    notes += ["", "play:"]
    return notes


def _seat_trick_notes(state, after, before) -> list[str]:
    trick = after.tricks[-1]
    cards = [(seat, code, "") for seat, code in trick["cards"]]
    cards += [(seat, code, " laid") for seat, code in trick["laid"]]
    points = [
        f"{code}{how} (seat {seat}) {_points_of(state, code)}"
        for seat, code, how in cards
        if _points_of(state, code)
    ]
    lines = [f"      trick {len(after.tricks)} to seat {trick['winner']}; points: "
             + (", ".join(points) or "none")]  # fmt: skip
    gained = [a - b for a, b in zip(after.captured, before.captured, strict=True)]
    if any(gained):
        lines.append(
            "      taken "
            + ", ".join(f"seat {s} +{g}" for s, g in enumerate(gained) if g)
            + "; so far "
            + "-".join(str(p) for p in after.captured)
        )
    return lines


def seat_score_line(score) -> str:
    return "score: " + ", ".join(f"seat {seat} {value:+d}" for seat, value in enumerate(score))


def _seat_result(state) -> list[str]:
    record = state.record()
    bidder, bid, trump = record["bidder"], record["bid"], SUIT_WORDS[record["trump"]]
    lines = ["", f"result: seat {bidder} bid {bid} in {trump}"]
    if state.rs.sides == "called":
        if record.get("alone"):
            lines.append("  alone")
        else:
            partner = record["partner"]
            who = "nobody" if partner is None else f"seat {partner}"
            lines.append(f"  called {record['call']}, partner {who}")
        b, o = record["side_points"]
        made = state.rs.bid_made(bid, b)
        result = "made" if made else "set"
        lines.append(f"  side points: bidding side {b}, the others {o}; bid {result}")
    else:
        taken = record["seat_points"]
        out = state.rs.total_points - sum(taken)
        made = state.rs.bid_made(bid, taken[bidder])
        lines.append(
            "  points taken: "
            + ", ".join(f"seat {s} {p}" for s, p in enumerate(taken))
            + (f"; out of play {out}" if out else "")
            + f"; bid {'made' if made else 'set'}"
        )
    lines.append(seat_score_line(state.score()))
    return lines


# ----------------------------------------------------------------- search


def situations(ruleset: str, seed: int, dealer: int, bots: tuple[str, ...]) -> set[str]:
    """Tags for what a deal shows: shoot, set, stuck (dealer), outbid-partner,
    fill-wash (a player filled from the wash), take, take-wash (the dealer
    took cards, from the wash), lay (extra trumps laid down), out."""
    state = new_deal(RULESETS[ruleset], dealer=dealer, seed=seed)
    players = [BOTS[name](bot_seed(seed, seat)) for seat, name in enumerate(bots)]
    stock = set(state.to_json()["deck"][36:])
    dealt = [set(state.hand(seat)) for seat in range(4)]
    tags: set[str] = set()
    while state.to_act is not None:
        seat = state.to_act
        view = state.view(seat)
        action = players[seat].choose(state)
        state.apply(action)
        high = view["high_bid"]
        if action == f"bid {state.rs.shoot_bid}":
            tags.add("shoot")
        if action.startswith("bid") and high and [(seat + 2) % 4, f"bid {high}"] in view["bids"]:
            tags.add("outbid-partner")
        if action.startswith("bid") and seat == dealer and not high:
            tags.add("stuck")
        if action.startswith("take"):
            tags.add("take" if view["stock_count"] else "take-wash")
        if action.startswith("lay"):
            tags.add("lay")
        if state.view(0)["out"]:
            tags.add("out")
        if action.startswith("trump") and state.rs.deal_mode == "draw":
            for other in range(4):
                if other != dealer and set(state.hand(other)) - stock - dealt[other]:
                    tags.add("fill-wash")
    if state.score()[state.view(0)["bidder"] % 2] < 0:
        tags.add("set")
    return tags


def search(limit: int = 400) -> None:
    combos = [(H, H, H, H), (H, R, H, R), (R, H, R, H), (R, R, R, R)]
    for ruleset in MONTEREY:
        print(ruleset)
        found: dict[str, list] = {}
        for seed in range(limit):
            for dealer in range(4):
                for bots in combos:
                    for tag in situations(ruleset, seed, dealer, bots):
                        found.setdefault(tag, []).append(
                            (seed, dealer, "".join(b[0] for b in bots))
                        )
        for tag, hits in sorted(found.items()):
            print(f"  {tag:15} {len(hits):5}  first: {hits[:6]}")


def main() -> None:
    if "--search" in sys.argv:
        search()
        return
    for stem, ruleset, seed, dealer, bots in GOLDEN:
        path = HERE / file_name(stem, seed)
        path.write_text(render(ruleset, seed, dealer, bots, DECKS.get(stem)))
        print(f"wrote {path.relative_to(HERE.parent.parent)}")
    for stem, ruleset, seed, dealer, bots, options in SEAT_GOLDEN:
        path = HERE / file_name(stem, seed)
        path.write_text(render(ruleset, seed, dealer, bots, options=options))
        print(f"wrote {path.relative_to(HERE.parent.parent)}")
    SUMS.write_text(sums_text())
    print(f"wrote {SUMS.relative_to(HERE.parent.parent)}")


#: Each golden file's SHA-256, so a commit's diff of this one file names the
#: games whose playthroughs changed (and a test fails on any file that
#: changed without it).
SUMS = HERE / "SHA256SUMS"


def sums_text() -> str:
    """``sha256sum``'s format: one ``<hash>  <file>`` line a golden file."""
    return "".join(
        f"{hashlib.sha256(path.read_bytes()).hexdigest()}  {path.name}\n"
        for path in sorted(HERE.glob("*.txt"))
    )


if __name__ == "__main__":
    main()
