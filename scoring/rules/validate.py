"""Hand-result records: the validator and the replay of deal logs (RULES.md sections 5 and 8).

``validate_result(rs, record)`` checks one hand-result record — what a host
types at the end of a deal, a deal of a party file (section 10), or the record
an online deal produced — and returns a list of :class:`FieldError`: empty when
the record is accepted, otherwise one error per failing field, each a sentence
a host can act on.  It never raises on bad input, whatever its shape.

``replay(rs, actions, deck=..., dealer=...)`` runs an action log through the
engine and raises :class:`ReplayError` at the first illegal action.

The record is a plain dict (section 5)::

    {"deal": 3, "dealer": 2, "players": ["Ana", "Bea", "Cruz", "Dee"],
     "bidder": 1, "bid": 8, "trump": "H", "bidding_team_points": 10,
     "cards": {"A": 1, "J": 1, "T": 0, "P": 1, "L": 0, "2": 1},
     "tally": [6, 10]}

Required: ``deal``, ``bidder``, ``bid`` and ``bidding_team_points`` (which
detailed entry, ``cards``, may replace).  Optional: ``dealer``, ``players``,
``trump``, ``other_team_points``, ``cards``, ``tally``, ``log``.  A key holding
None counts as absent.  Keys the validator does not know (``table``,
``score``, ...) are ignored.  What the caller knows about the party goes in
the same dict: ``recorded_deals`` (deal numbers already recorded for that
table and round), ``amending`` (true when the record replaces a recorded
deal), ``round_open`` and ``table_exists`` (both true when absent).  Without
``recorded_deals`` neither duplicates nor amendments can be checked, and are
not.

Seats are 0..3 in records and 1..4 in messages, as people number them; team 0
is seats 1 and 3, team 1 seats 2 and 4.

Every game of RULES.md section 11 is checked with its own ruleset (11.5): its
bids (a stuck dealer's, the top contracts), its point cards and its total.
Where point cards can leave play the record carries both teams' points
(``other_team_points``, or detailed entry naming the cards each team took, a
card out of play left out) and B + O may fall short of the total; where the
bid names trump (Oregon) the record must say which suit.
"""

from __future__ import annotations

import functools
from itertools import combinations
from typing import Any, NamedTuple

from .cards import SUIT_NAMES, SUITS
from .deal import DealState, IllegalAction, new_deal
from .rulesets import Ruleset

__all__ = ["FieldError", "ReplayError", "replay", "validate_result"]


class FieldError(str):
    """One reason a record is refused.

    The string itself is the sentence shown to the host; ``.message`` is the
    same sentence and ``.field`` the record key it concerns (``"bid"``,
    ``"tally"``, ...; ``"round"`` and ``"table"`` for the context checks,
    ``"record"`` when the record is not a dict at all).
    """

    field: str
    message: str

    def __new__(cls, field: str, message: str) -> FieldError:
        self = super().__new__(cls, message)
        self.field = field
        self.message = message
        return self

    def __getnewargs__(self) -> tuple[str, str]:  # pickling keeps the field
        return self.field, self.message

    def __repr__(self) -> str:
        return f"FieldError({self.field!r}, {self.message!r})"


class ReplayError(IllegalAction):
    """An action log that breaks the rules: ``.index`` (0-based) of the first
    illegal action, the ``.action`` itself and the ``.reason`` it is refused.
    The message numbers actions from 1, as people count."""

    def __init__(self, index: int, action: Any, reason: str) -> None:
        super().__init__(f"action {index + 1} ({action!r}): {reason}")
        self.index = index
        self.action = action
        self.reason = reason

    def __reduce__(self) -> tuple[type, tuple[int, Any, str]]:
        return type(self), (self.index, self.action, self.reason)


def replay(rs: Ruleset, actions: Any, *, deck: Any, dealer: int = 0) -> DealState:
    """The deal that ``actions`` (an iterable of action strings) leave behind,
    starting from ``new_deal(rs, dealer, deck=deck)``.

    Raises :class:`ReplayError` at the first action the rules do not allow, and
    ``ValueError`` (from ``new_deal``) for a bad deck or dealer.  The deal need
    not be finished: a log that stops early gives a state still in play.
    """
    state = new_deal(rs, dealer, deck=deck)
    apply = state.apply
    for index, action in enumerate(actions):
        try:
            apply(action)
        except IllegalAction as exc:
            message = str(exc)
            prefix = f"{action!r} is not allowed: "
            reason = message[len(prefix) :] if message.startswith(prefix) else message
            raise ReplayError(index, action, reason) from None
    return state


# --------------------------------------------------------------------- per-ruleset data


class _Checks(NamedTuple):
    """Everything the validator needs from one ruleset, computed once."""

    rs: Ruleset
    max_deal: int
    bids: frozenset[int]
    reachable: frozenset[int]  # bidding-team point totals some split of the cards gives
    total: int
    roles: tuple[str, ...]  # the point roles of the ruleset, in its point-table order
    points: tuple[tuple[str, int], ...]  # (role, value) for each point role
    tallies: tuple[tuple[tuple[list[int], ...] | None, ...], ...]  # [team][bid][points]
    leave: bool  # point cards can leave play: both teams' points are entered


@functools.lru_cache(maxsize=64)
def _checks_of(rs: Ruleset) -> _Checks:
    total = rs.total_points
    roles = tuple(role for role, _ in rs.points)
    values = tuple(value for _, value in rs.points)
    reachable = frozenset(
        sum(chosen) for n in range(len(values) + 1) for chosen in combinations(values, n)
    )
    bids = frozenset(rs.bids())
    tallies = []
    for team in (0, 1):
        by_bid: list[tuple[list[int], ...] | None] = [None] * (max(bids) + 1)
        for bid in bids:
            row = []
            for points in range(total + 1):
                mine, theirs = rs.deal_score(bid, points)
                row.append([mine, theirs] if team == 0 else [theirs, mine])
            by_bid[bid] = tuple(row)
        tallies.append(tuple(by_bid))
    return _Checks(
        rs,
        rs.deals_per_round,
        bids,
        reachable,
        total,
        roles,
        rs.points,
        tuple(tallies),
        rs.cards_can_leave_play,
    )


_BY_ID: dict[int, _Checks] = {}


def _checks_for(rs: Ruleset) -> _Checks:
    """``_checks_of(rs)`` without hashing the ruleset on every call: the entry
    holds ``rs`` itself, so its id cannot be reused while it is cached."""
    checks = _BY_ID.get(id(rs))
    if checks is None or checks.rs is not rs:
        checks = _checks_of(rs)
        if len(_BY_ID) >= 64:
            _BY_ID.clear()
        _BY_ID[id(rs)] = checks
    return checks


# --------------------------------------------------------------------- the validator

_SUIT_LETTERS = frozenset(SUITS)
_TEAM_SEATS = ("seats 1 and 3", "seats 2 and 4")
_ROLE_NAMES = {
    "A": "the ace of trump (high)",
    "K": "the king of trump",
    "Q": "the queen of trump",
    "J": "the jack of trump",
    "OJ": "the off-jack",
    "T": "the ten of trump (game)",
    "9": "the nine of trump",
    "P": "the right pedro",
    "L": "the left pedro",
    "3": "the three of trump",
    "2": "the two of trump (low)",
    "X1": "the joker",
    "X2": "the off joker",
}
_PHASE_NEXT = {
    "dark": "to call in the dark",
    "bid": "to bid or pass",
    "trump": "to name trump",
    "discard": "to discard",
    "fill": "to take cards",
    "play": "to play a card",
}


def validate_result(rs: Ruleset, record: Any) -> list[FieldError]:
    """The reasons ``record`` (a hand-result record, RULES.md section 5; keys
    in the module docstring) cannot be accepted under ruleset ``rs``: an empty
    list when it can, otherwise at most one :class:`FieldError` per field.

    Checks: the round is open and the table exists; ``deal`` is
    1..deals-per-round and not already recorded (unless amending, when it must
    be); ``dealer`` is the seat that deals that deal; the bidder's seat is
    occupied; ``bid`` is a legal bid of ``rs``; ``trump`` is S, H, D or C; the
    points are whole numbers a deal can give, the two teams' points add up to
    the deal's total, and detailed entry gives each point card to team 0 or 1
    and agrees with the points; the ``tally`` equals the scores of section 3.9;
    a ``log`` replays without an illegal action to a finished deal that agrees
    with the record.  Never raises, whatever ``record`` holds.
    """
    if not isinstance(record, dict):
        return [FieldError("record", "This is not a hand result: expected its fields by name.")]
    _, max_deal, bids, reachable, total, roles, role_values, tallies, leave = _checks_for(rs)
    errors: dict[str, FieldError] = {}
    get = record.get

    # -- the context the caller knows
    is_open = get("round_open")
    if is_open is not None and is_open is not True:
        if is_open is False:
            errors["round"] = FieldError("round", "This round is closed: no more results for it.")
        else:
            errors["round_open"] = _not_a_flag("round_open", is_open)
    exists = get("table_exists")
    if exists is not None and exists is not True:
        if exists is False:
            errors["table"] = FieldError("table", "There is no such table in this round.")
        else:
            errors["table_exists"] = _not_a_flag("table_exists", exists)

    # -- deal number, duplicates and amendments
    deal = get("deal")
    if type(deal) is not int or not 0 < deal <= max_deal:
        deal = _whole(deal)
        if deal is None or not 0 < deal <= max_deal:
            errors["deal"] = _deal_error(get("deal"), max_deal)
            deal = None
    amending = get("amending")
    if amending is not None and amending is not True and amending is not False:
        errors["amending"] = _not_a_flag("amending", amending)
    recorded = get("recorded_deals")
    if recorded is not None and deal is not None and "amending" not in errors:
        _check_recorded(deal, recorded, amending is True, errors)

    # -- players and seats
    players = get("players")
    names = None
    if players is not None:
        names = _seat_names(players)
        if names is None:
            errors["players"] = FieldError(
                "players",
                "List the players of the four seats, seat 1 first, each named once "
                "(leave an empty seat blank).",
            )
    dealer = get("dealer")
    if dealer is not None and (type(dealer) is not int or deal is None or dealer != (deal - 1) % 4):
        dealer = _check_dealer(dealer, deal, names, errors)
    bidder = get("bidder")
    if type(bidder) is not int or not 0 <= bidder <= 3:
        bidder = _whole(bidder)
        if bidder is None or not 0 <= bidder <= 3:
            errors["bidder"] = _seat_error("bidder", "The bidder", get("bidder"))
            bidder = None
    if bidder is not None and names is not None and not names[bidder]:
        errors["bidder"] = FieldError(
            "bidder", f"Seat {bidder + 1} is empty, so nobody there could have bid."
        )
        bidder = None

    # -- the bid and trump
    bid = get("bid")
    if type(bid) is not int or bid not in bids:
        bid = _whole(bid)
        if bid not in bids:
            errors["bid"] = _bid_error(rs, get("bid"))
            bid = None
    trump = get("trump")
    if trump is not None and (type(trump) is not str or trump not in _SUIT_LETTERS):
        errors["trump"] = FieldError(
            "trump",
            "Trump must be S, H, D or C (spades, hearts, diamonds, clubs), or left blank; "
            f"not {_shown(trump)}.",
        )
        trump = None
    if trump is None and rs.suit_bids and "trump" not in errors:
        errors["trump"] = FieldError(
            "trump", "In this game the bid names trump: enter the bid's suit (S, H, D or C)."
        )

    # -- points: typed, from the cards, or both
    cards = get("cards")
    card_points = None  # team 0's points by the cards
    card_split = None  # (team 0, team 1) by the cards, where cards can leave play
    if cards is not None:
        if leave:
            card_split = _split_from_cards(cards, role_values)
            card_points = None if card_split is None else card_split[0]
        else:
            card_points = _team0_from_cards(cards, role_values)
        if card_points is None:
            errors["cards"] = _cards_error(cards, roles)
            cards = None
    points = get("bidding_team_points")
    if points is not None and (type(points) is not int or points not in reachable):
        points = _whole(points)
        if points not in reachable:
            errors["bidding_team_points"] = _points_error(get("bidding_team_points"), total)
            points = None
    by_cards = None
    if card_split is not None and bidder is not None:
        by_cards = card_split[bidder & 1]
    elif card_points is not None and bidder is not None:
        by_cards = card_points if bidder & 1 == 0 else total - card_points
    if "bidding_team_points" in errors:
        pass
    elif points is None:
        if cards is None and "cards" not in errors:
            errors["bidding_team_points"] = FieldError(
                "bidding_team_points",
                f"Enter the points the bidding team took (0 to {total}), "
                "or which team took each point card.",
            )
        points = by_cards
    elif by_cards is not None and points != by_cards:
        errors["bidding_team_points"] = FieldError(
            "bidding_team_points",
            f"The point cards give the bidding team {by_cards} points, not {points}.",
        )
        points = None
    other = get("other_team_points")
    if leave:
        other = _other_points(other, points, card_split, bidder, reachable, total, errors)
    elif other is not None:
        _check_other_points(other, points, total, errors)

    # -- the tally written on the table
    tally = get("tally")
    if tally is not None:
        if not (
            type(tally) is list
            and len(tally) == 2
            and type(tally[0]) is int
            and type(tally[1]) is int
        ):
            tally = _score_pair(tally)
        if tally is None:
            errors["tally"] = FieldError(
                "tally",
                "The tally is the two scores written on the table's tally, "
                "seats 1 and 3 first, then seats 2 and 4 — two whole numbers.",
            )
        elif bidder is not None and bid is not None and points is not None:
            if not leave:
                expected = tallies[bidder & 1][bid][points]
            elif other is not None:
                mine, theirs = rs.deal_score(bid, points, other)
                expected = [mine, theirs] if bidder & 1 == 0 else [theirs, mine]
            else:
                expected = None
            if expected is not None and tally != expected:
                errors["tally"] = _tally_error(rs, bid, points, expected, tally)

    # -- an online deal's log
    log = get("log")
    if log is not None:
        typed = points if get("bidding_team_points") is not None else None
        known = {"deal": deal, "dealer": dealer, "bidder": bidder, "bid": bid, "trump": trump}
        typed_other = other if get("other_team_points") is not None else None
        known.update(bidding_team_points=typed, cards=cards, tally=tally)
        known.update(other_team_points=typed_other if leave else None)
        _check_log(rs, log, known, names, errors)

    return list(errors.values()) if errors else []


# --------------------------------------------------------------------- field by field


def _whole(value: Any) -> int | None:
    """``value`` as an int if it is a whole number (an int, not a bool), else None."""
    if isinstance(value, int) and not isinstance(value, bool):
        return int(value)
    return None


def _shown(value: Any) -> str:
    """``value`` as a short quote for a message."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _seat(seat: int, names: tuple[str, ...] | None) -> str:
    if names and names[seat]:
        return f"seat {seat + 1} ({names[seat]})"
    return f"seat {seat + 1}"


def _not_a_flag(field: str, value: Any) -> FieldError:
    return FieldError(field, f"The {field} flag must be true or false, not {_shown(value)}.")


def _deal_error(value: Any, max_deal: int) -> FieldError:
    if value is None:
        return FieldError("deal", f"Enter the deal number, 1 to {max_deal}.")
    return FieldError("deal", f"The deal number must be 1 to {max_deal}, not {_shown(value)}.")


def _check_recorded(deal: int, recorded: Any, amending: bool, errors: dict) -> None:
    """A new deal must not be recorded yet; an amended one must be."""
    if isinstance(recorded, (str, bytes)):
        already = None
    else:
        try:
            already = deal in recorded
        except TypeError:
            already = None
    if already is None:
        errors["recorded_deals"] = FieldError(
            "recorded_deals",
            f"The deals already recorded must be a list of deal numbers, not {_shown(recorded)}.",
        )
    elif already and not amending:
        errors["deal"] = FieldError(
            "deal",
            f"Deal {deal} is already recorded for this table in this round; "
            "amend it instead of entering it again.",
        )
    elif amending and not already:
        errors["deal"] = FieldError(
            "deal",
            f"Deal {deal} has not been recorded for this table in this round, "
            "so there is nothing to amend.",
        )


def _seat_names(players: Any) -> tuple[str, ...] | None:
    """The four seats' names ("" for an empty seat), or None if ``players`` is
    not four names (or blanks) with no name twice."""
    if not isinstance(players, (list, tuple)) or len(players) != 4:
        return None
    names = []
    for player in players:
        if player is None:
            player = ""
        elif not isinstance(player, str):
            return None
        names.append(player.strip())
    seated = [name for name in names if name]
    if len(set(seated)) != len(seated):
        return None
    return tuple(names)


def _seat_error(field: str, who: str, value: Any) -> FieldError:
    if value is None:
        return FieldError(field, f"Enter {who.lower()}'s seat.")
    return FieldError(
        field,
        f"{who} must be a seat: 0, 1, 2 or 3 in the record (seats 1 to 4 at the table), "
        f"not {_shown(value)}.",
    )


def _check_dealer(value: Any, deal: int | None, names: Any, errors: dict) -> int | None:
    dealer = _whole(value)
    if dealer is None or not 0 <= dealer <= 3:
        errors["dealer"] = _seat_error("dealer", "The dealer", value)
        return None
    if deal is not None and dealer != (deal - 1) % 4:
        errors["dealer"] = FieldError(
            "dealer",
            f"Deal {deal} is dealt by {_seat((deal - 1) % 4, names)}, not {_seat(dealer, names)}.",
        )
        return None
    return dealer


def _bid_error(rs: Ruleset, value: Any) -> FieldError:
    if rs.shoot and not rs.top_bids:
        allowed = f"{rs.min_bid} to {rs.max_bid}, or {rs.shoot_bid} to shoot"
    else:
        allowed = f"{rs.min_bid} to {rs.max_bid}"
        if rs.dealer_stuck_bid < rs.min_bid:
            allowed += f" ({rs.dealer_stuck_bid} for a stuck dealer)"
        allowed += "".join(f", or {top}" for top in rs.top_contracts)
    if value is None:
        return FieldError("bid", f"Enter the bid: {allowed}.")
    if not rs.top_contracts and _whole(value) == rs.shoot_bid and rs.max_bid < rs.shoot_bid:
        return FieldError(
            "bid",
            f"The bid must be {allowed}: this game is played without the shoot "
            f"({rs.max_bid} for {rs.shoot_bid}).",
        )
    return FieldError("bid", f"The bid must be {allowed} (not {_shown(value)}).")


def _points_error(value: Any, total: int) -> FieldError:
    points = _whole(value)
    if points is not None and 0 <= points <= total:
        return FieldError(
            "bidding_team_points", f"No split of the point cards gives a team {points} points."
        )
    return FieldError(
        "bidding_team_points",
        f"The bidding team's points must be a whole number from 0 to {total}, not {_shown(value)}.",
    )


def _check_other_points(value: Any, points: int | None, total: int, errors: dict) -> None:
    other = _whole(value)
    if other is None or not 0 <= other <= total:
        errors["other_team_points"] = FieldError(
            "other_team_points",
            f"The other team's points must be a whole number from 0 to {total}, "
            f"not {_shown(value)}.",
        )
    elif points is not None and points + other != total:
        errors["other_team_points"] = FieldError(
            "other_team_points",
            f"The two teams' points must add up to {total}: {points} + {other} "
            f"is {points + other}.",
        )


def _other_points(
    value: Any,
    points: int | None,
    card_split: tuple[int, int] | None,
    bidder: int | None,
    reachable: frozenset[int],
    total: int,
    errors: dict,
) -> int | None:
    """The other team's points where cards can leave play (RULES.md 11.5):
    typed, or from the cards; B + O at most the total."""
    by_cards = None
    if card_split is not None and bidder is not None:
        by_cards = card_split[1 - (bidder & 1)]
    if value is None:
        if by_cards is None and "cards" not in errors and "bidding_team_points" not in errors:
            errors["other_team_points"] = FieldError(
                "other_team_points",
                f"In this game point cards can leave play: enter the other team's points "
                f"too (0 to {total}), or which team took each point card.",
            )
        return by_cards
    other = _whole(value)
    if other is None or other not in reachable:
        if other is not None and 0 <= other <= total:
            message = f"No split of the point cards gives a team {other} points."
        else:
            message = (
                f"The other team's points must be a whole number from 0 to {total}, "
                f"not {_shown(value)}."
            )
        errors["other_team_points"] = FieldError("other_team_points", message)
        return None
    if by_cards is not None and other != by_cards:
        errors["other_team_points"] = FieldError(
            "other_team_points",
            f"The point cards give the other team {by_cards} points, not {other}.",
        )
        return None
    if points is not None and (points + other > total or points + other not in reachable):
        errors["other_team_points"] = FieldError(
            "other_team_points",
            f"The two teams took {points} + {other} = {points + other} points; "
            f"a deal has {total} at most, some of them perhaps out of play.",
        )
        return None
    return other


def _split_from_cards(
    cards: Any, role_values: tuple[tuple[str, int], ...]
) -> tuple[int, int] | None:
    """(team 0, team 1) points by detailed entry where cards can leave play: a
    point card is given to team 0 or 1, or left out (None or absent) when it
    left play; None if ``cards`` is not that."""
    if not isinstance(cards, dict) or set(cards) - {role for role, _ in role_values}:
        return None
    split = [0, 0]
    for role, value in role_values:
        team = cards.get(role)
        if team is None:
            continue
        if type(team) is not int or team not in (0, 1):
            return None
        split[team] += value
    return split[0], split[1]


def _team0_from_cards(cards: Any, role_values: tuple[tuple[str, int], ...]) -> int | None:
    """Team 0's points by detailed entry, or None if ``cards`` is not exactly
    one team (the int 0 or 1) for each point role of the ruleset."""
    if not isinstance(cards, dict) or len(cards) != len(role_values):
        return None
    points = 0
    get = cards.get
    for role, value in role_values:
        team = get(role)
        if team == 0:
            if type(team) is not int:
                return None
            points += value
        elif team != 1 or type(team) is not int:
            return None
    return points


def _cards_error(cards: Any, roles: tuple[str, ...]) -> FieldError:
    if not isinstance(cards, dict):
        return FieldError("cards", "Detailed entry says which team, 0 or 1, took each point card.")
    unknown = [key for key in cards if key not in roles]
    if unknown:
        return FieldError(
            "cards",
            f"There is no point card {_shown(unknown[0])}; the point cards are {', '.join(roles)}.",
        )
    missing = [role for role in roles if role not in cards]
    if missing:
        return FieldError(
            "cards",
            f"Say which team took {', '.join(_ROLE_NAMES[role] for role in missing)}.",
        )
    for role in roles:
        team = cards.get(role)
        if team is None:
            continue
        if type(team) is not int or team not in (0, 1):
            return FieldError(
                "cards",
                f"{_ROLE_NAMES[role].capitalize()} goes to team 0 (seats 1 and 3) or "
                f"team 1 (seats 2 and 4), not {_shown(team)}.",
            )
    return FieldError("cards", "Detailed entry says which team, 0 or 1, took each point card.")


def _score_pair(value: Any) -> list[int] | None:
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        return None
    pair = [_whole(score) for score in value]
    return None if None in pair else pair


def _tally_error(rs: Ruleset, bid: int, points: int, expected: list, tally: list) -> FieldError:
    if rs.shoot and not rs.top_bids and bid == rs.shoot_bid:
        if points == rs.total_points:
            why = f"the shoot made: +{bid}"
        else:
            why = f"the shoot failed with {points} points: -{rs.shoot_set_penalty}"
    elif bid in rs.top_contracts:
        made = points == rs.total_points
        why = f"{bid} made with every point" if made else f"{bid} set with {points} points"
    elif points >= bid:
        why = f"bid {bid} made with {points} points"
    else:
        why = f"bid {bid} set with {points} points: -{bid}"
    return FieldError(
        "tally",
        f"By this result the tally should read {expected[0]} for seats 1 and 3 and "
        f"{expected[1]} for seats 2 and 4 ({why}), not {tally[0]} and {tally[1]}.",
    )


# --------------------------------------------------------------------- the log


def _check_log(rs: Ruleset, log: Any, known: dict, names: Any, errors: dict) -> None:
    """Replay ``log`` and compare the finished deal with the record's fields
    that passed their own checks (``known``; None where unknown)."""
    problem = None
    if not isinstance(log, dict):
        problem = "The deal log must give the dealer, the deck and the actions."
    else:
        dealer, deck, actions = log.get("dealer"), log.get("deck"), log.get("actions")
        if _whole(dealer) is None or not 0 <= dealer <= 3:
            problem = "The deal log's dealer must be a seat, 0 to 3."
        elif not isinstance(deck, (list, tuple)):
            problem = f"The deal log's deck must be the {rs.pack_size} cards, top card first."
        elif not isinstance(actions, (list, tuple)):
            problem = "The deal log's actions must be a list of actions."
    if problem is None:
        try:
            state = replay(rs, actions, deck=deck, dealer=dealer)
        except ReplayError as exc:
            problem = (
                f"The deal log breaks at action {exc.index + 1} "
                f"({_shown(exc.action)}): {exc.reason}."
            )
        except ValueError as exc:
            problem = f"The deal log cannot be dealt: {exc}."
        else:
            if state.phase != "done":
                problem = (
                    f"The deal log stops after {len(actions)} actions, before the deal "
                    f"is over (next: seat {state.to_act + 1} {_PHASE_NEXT[state.phase]})."
                )
    if problem is not None:
        errors["log"] = FieldError("log", problem)
        return
    made = state.record()
    deal = known["deal"]
    if known["dealer"] is not None and known["dealer"] != dealer:
        errors.setdefault(
            "dealer",
            FieldError(
                "dealer",
                f"The deal log was dealt by {_seat(dealer, names)}, "
                f"not {_seat(known['dealer'], names)}.",
            ),
        )
    elif deal is not None and dealer != (deal - 1) % 4:
        errors.setdefault(
            "log",
            FieldError(
                "log",
                f"The deal log was dealt by {_seat(dealer, names)}, but deal {deal} "
                f"is dealt by {_seat((deal - 1) % 4, names)}.",
            ),
        )
    says = {
        "bidder": (made["bidder"], lambda seat: _seat(seat, names), "won the bid"),
        "bid": (made["bid"], str, "was the bid"),
        "trump": (made["trump"], lambda suit: SUIT_NAMES[suit], "was trump"),
        "bidding_team_points": (made["bidding_team_points"], str, "points went to the bidders"),
        "other_team_points": (
            made.get("other_team_points"),
            str,
            "points went to the other team",
        ),
        "tally": (made["tally"], lambda t: f"{t[0]} to {t[1]}", "is the tally"),
    }
    for field, (truth, show, what) in says.items():
        value = known[field]
        if value is not None and value != truth:
            errors.setdefault(
                field,
                FieldError(field, f"The deal log says {show(truth)} {what}, not {show(value)}."),
            )
    cards = known["cards"]
    if cards is not None:
        leave = rs.cards_can_leave_play
        for role, _ in rs.points:
            taker = made["cards"].get(role)
            if role in cards and cards[role] != taker and (taker is not None or leave):
                went = "left play" if taker is None else f"went to team {taker} "
                if taker is not None:
                    went += f"({_TEAM_SEATS[taker]})"
                errors.setdefault(
                    "cards",
                    FieldError(
                        "cards",
                        f"The deal log says {_ROLE_NAMES[role]} {went}, not team {cards[role]}.",
                    ),
                )
                break
