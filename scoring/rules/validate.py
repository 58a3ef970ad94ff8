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

from .cards import ANY_CARD, PACKS, SUIT_NAMES, SUITS
from .deal import NOT_ALLOWED, DealState, IllegalAction, new_deal
from .rulesets import Ruleset
from .seats import seat_scores
from .tennessee import cut_old_exchange
from .words import Plural, Text, TextList, gettext_noop, ngettext_noop

__all__ = ["FieldError", "ReplayError", "replay", "validate_result"]


class FieldError(str):
    """One reason a record is refused.

    The string itself is the sentence in English, as stored and logged;
    ``.message`` is the same sentence and ``.field`` the record key it
    concerns (``"bid"``, ``"tally"``, ...; ``"round"`` and ``"table"`` for the
    context checks, ``"record"`` when the record is not a dict at all).

    ``.template`` is the sentence with ``%(name)s`` placeholders, marked for
    translation, and ``.params`` the values that fill them: ``template %
    params`` is the sentence.  A sentence with a plural (:class:`Plural`)
    keeps both forms in ``.forms``; ``.template`` is the English form said.
    A page shows the error in its own language with
    ``scoring.texts.translated(error)``.
    """

    field: str
    message: str
    template: str
    params: dict[str, Any]
    forms: Plural | None

    def __new__(
        cls,
        field: str,
        message: str,
        template: str | None = None,
        params: dict[str, Any] | None = None,
        forms: Plural | None = None,
    ) -> FieldError:
        self = super().__new__(cls, message)
        self.field = field
        self.message = message
        self.template = message if template is None else template
        self.params = dict(params or {})
        self.forms = forms
        return self

    @classmethod
    def of(cls, field: str, template: str | Plural, /, **params: Any) -> FieldError:
        """The error whose sentence is ``template % params`` (a plural's form
        chosen by its count)."""
        text = Text(template, params)
        return cls(field, str(text), text.template, params, text.forms)

    def __getnewargs__(self) -> tuple[Any, ...]:  # pickling keeps all
        return self.field, self.message, self.template, self.params, self.forms

    def __repr__(self) -> str:
        return f"FieldError({self.field!r}, {self.message!r})"


class ReplayError(IllegalAction):
    """An action log that breaks the rules: ``.index`` (0-based) of the first
    illegal action, the ``.action`` itself and the ``.reason`` it is refused.
    The message numbers actions from 1, as people count."""

    def __init__(self, index: int, action: Any, reason: str) -> None:
        super().__init__(
            Text(
                gettext_noop("action %(number)s (%(action)s): %(reason)s"),
                {"number": index + 1, "action": repr(action), "reason": reason},
            )
        )
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
    A Tennessee log of the old exchange resumes at the present exchange
    (:func:`~.tennessee.cut_old_exchange`).
    """
    state = new_deal(rs, dealer, deck=deck)
    apply = state.apply
    actions = list(actions) if rs.exchange == "tennessee" else actions
    for index, action in enumerate(actions):
        try:
            apply(action)
        except IllegalAction as exc:
            cut = cut_old_exchange(rs, actions) if rs.exchange == "tennessee" else None
            if cut is not None:
                return replay(rs, cut, deck=deck, dealer=dealer)
            # The reason alone, without "'bid 5' is not allowed: " before it.
            message = exc.args[0]
            refused = getattr(message, "template", None) == NOT_ALLOWED
            reason = message.params["reason"] if refused else message
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
    role_set: frozenset[str]  # the same, for telling a card that is not a point role
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
        frozenset(roles),
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
_TEAM_SEATS = (Text(gettext_noop("seats 1 and 3")), Text(gettext_noop("seats 2 and 4")))
#: The point cards by role, as a sentence names them.
ROLE_NAMES = {
    "A": Text(gettext_noop("the ace of trump (high)")),
    "K": Text(gettext_noop("the king of trump")),
    "Q": Text(gettext_noop("the queen of trump")),
    "J": Text(gettext_noop("the jack of trump")),
    "OJ": Text(gettext_noop("the off-jack")),
    "T": Text(gettext_noop("the ten of trump (game)")),
    "9": Text(gettext_noop("the nine of trump")),
    "P": Text(gettext_noop("the right pedro")),
    "L": Text(gettext_noop("the left pedro")),
    "3": Text(gettext_noop("the three of trump")),
    "2": Text(gettext_noop("the two of trump (low)")),
    "X1": Text(gettext_noop("the joker")),
    "X2": Text(gettext_noop("the off joker")),
}
_ROLE_NAMES = ROLE_NAMES
#: What the seat to act does next, by phase.
PHASE_NEXT = {
    "dark": Text(gettext_noop("to call in the dark")),
    "bid": Text(gettext_noop("to bid or pass")),
    "trump": Text(gettext_noop("to name trump")),
    "discard": Text(gettext_noop("to discard")),
    "fill": Text(gettext_noop("to take cards")),
    "play": Text(gettext_noop("to play a card")),
}
_PHASE_NEXT = PHASE_NEXT


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

    Each field has its named check below, in the order of the errors.  This
    function runs for every record of a party file and every deal played
    online, so a value that is plainly right (an int in range, a known suit)
    is accepted here without a call; the check runs for anything else.
    """
    if not isinstance(record, dict):
        return [
            FieldError.of(
                "record", gettext_noop("This is not a hand result: expected its fields by name.")
            )
        ]
    if rs.sides != "fixed":
        return _validate_seat_result(rs, record)
    checks = _checks_for(rs)
    _, max_deal, bids, reachable, total, _, _, _, _, leave = checks
    errors: dict[str, FieldError] = {}
    get = record.get

    is_open, exists = get("round_open"), get("table_exists")
    if is_open is not None and is_open is not True or exists is not None and exists is not True:
        _check_context(is_open, exists, errors)

    deal = get("deal")
    if type(deal) is not int or not 0 < deal <= max_deal:
        deal = _checked_deal(deal, max_deal, errors)
    amending, recorded = get("amending"), get("recorded_deals")
    if amending is not None or recorded is not None:
        _check_amending(deal, amending, recorded, errors)

    players = get("players")
    names = None if players is None else _checked_names(players, errors)
    dealer = get("dealer")
    if dealer is not None and (type(dealer) is not int or deal is None or dealer != (deal - 1) % 4):
        dealer = _check_dealer(dealer, deal, names, errors)
    bidder = get("bidder")
    if type(bidder) is not int or not 0 <= bidder <= 3 or names is not None and not names[bidder]:
        bidder = _checked_bidder(bidder, names, errors)

    bid = get("bid")
    if type(bid) is not int or bid not in bids:
        bid = _checked_bid(rs, bid, bids, errors)
    trump = get("trump")
    if trump is not None and (type(trump) is not str or trump not in _SUIT_LETTERS):
        errors["trump"] = _trump_error(trump)
        trump = None
    elif trump is None and rs.suit_bids:
        errors["trump"] = _trump_error(None)

    points, cards, card_split = _checked_points(
        checks, get("bidding_team_points"), get("cards"), bidder, errors
    )
    other = get("other_team_points")
    if leave:
        other = _other_points(other, points, card_split, bidder, reachable, total, errors)
    elif other is not None:
        _check_other_points(other, points, total, errors)

    tally = get("tally")
    if tally is not None:
        tally = _checked_tally(checks, tally, bidder, bid, points, other, errors)

    log = get("log")
    if log is not None:
        known = {"deal": deal, "dealer": dealer, "bidder": bidder, "bid": bid, "trump": trump}
        typed = points if get("bidding_team_points") is not None else None
        typed_other = other if get("other_team_points") is not None and leave else None
        known.update(bidding_team_points=typed, cards=cards, tally=tally)
        known.update(other_team_points=typed_other)
        _check_log(rs, log, known, names, errors)

    return list(errors.values()) if errors else []


# --------------------------------------------------------------------- field by field


def _check_context(is_open: Any, exists: Any, errors: dict) -> None:
    """The round is open and the table exists, as far as the caller says."""
    if is_open is not None and is_open is not True:
        if is_open is False:
            errors["round"] = FieldError.of(
                "round", gettext_noop("This round is closed: no more results for it.")
            )
        else:
            errors["round_open"] = _not_a_flag("round_open", is_open)
    if exists is not None and exists is not True:
        if exists is False:
            errors["table"] = FieldError.of(
                "table", gettext_noop("There is no such table in this round.")
            )
        else:
            errors["table_exists"] = _not_a_flag("table_exists", exists)


def _checked_deal(value: Any, max_deal: int, errors: dict) -> int | None:
    """The deal number, 1..``max_deal``; None (and an error) if it is not one."""
    deal = _whole(value)
    if deal is None or not 0 < deal <= max_deal:
        errors["deal"] = _deal_error(value, max_deal)
        return None
    return deal


def _check_amending(deal: int | None, amending: Any, recorded: Any, errors: dict) -> None:
    """The amending flag is a flag; with the recorded deals, a new deal is not
    among them and an amended one is."""
    if amending is not None and amending is not True and amending is not False:
        errors["amending"] = _not_a_flag("amending", amending)
    elif recorded is not None and deal is not None:
        _check_recorded(deal, recorded, amending is True, errors)


def _checked_names(players: Any, errors: dict) -> tuple[str, ...] | None:
    """The four seats' names, or None (and an error) if ``players`` is not that."""
    names = _seat_names(players)
    if names is None:
        errors["players"] = FieldError.of(
            "players",
            gettext_noop(
                "List the players of the four seats, seat 1 first, each named once "
                "(leave an empty seat blank)."
            ),
        )
    return names


def _checked_bidder(value: Any, names: tuple[str, ...] | None, errors: dict) -> int | None:
    """The bidder's seat, 0..3 and not empty; None (and an error) otherwise."""
    bidder = _whole(value)
    if bidder is None or not 0 <= bidder <= 3:
        errors["bidder"] = _seat_error("bidder", value)
        return None
    if names is not None and not names[bidder]:
        errors["bidder"] = FieldError.of(
            "bidder",
            gettext_noop("Seat %(seat)s is empty, so nobody there could have bid."),
            seat=bidder + 1,
        )
        return None
    return bidder


def _checked_bid(rs: Ruleset, value: Any, bids: frozenset[int], errors: dict) -> int | None:
    """A bid of ``rs``; None (and an error) if ``value`` is not one."""
    bid = _whole(value)
    if bid not in bids:
        errors["bid"] = _bid_error(rs, value)
        return None
    return bid


def _trump_error(value: Any) -> FieldError:
    """What is wrong with a trump that is not a suit letter, or with none
    (``value`` None) where the bid names trump."""
    if value is None:
        return FieldError.of(
            "trump",
            gettext_noop("In this game the bid names trump: enter the bid's suit (S, H, D or C)."),
        )
    return FieldError.of(
        "trump",
        gettext_noop(
            "Trump must be S, H, D or C (spades, hearts, diamonds, clubs), or left blank; "
            "not %(value)s."
        ),
        value=_shown(value),
    )


def _checked_points(
    checks: _Checks, points: Any, cards: Any, bidder: int | None, errors: dict
) -> tuple[int | None, Any, tuple[int, int] | None]:
    """The bidding team's points, typed or from detailed entry (``cards``), the
    two agreeing where both are given: (points, cards, card split), each None
    where unknown; the split (team 0, team 1) only where cards can leave play."""
    total = checks.total
    card_points = None  # team 0's points by the cards
    card_split = None  # (team 0, team 1) by the cards, where cards can leave play
    if cards is not None:
        if checks.leave:
            card_split = _split_from_cards(cards, checks.points, checks.role_set)
            card_points = None if card_split is None else card_split[0]
        else:
            card_points = _team0_from_cards(cards, checks.points)
        if card_points is None:
            errors["cards"] = _cards_error(cards, checks.roles)
            cards = None
    typed = points
    if points is not None and (type(points) is not int or points not in checks.reachable):
        points = _whole(points)
        if points not in checks.reachable:
            errors["bidding_team_points"] = _points_error(typed, total)
            return None, cards, card_split
    by_cards = None
    if card_split is not None and bidder is not None:
        by_cards = card_split[bidder & 1]
    elif card_points is not None and bidder is not None:
        by_cards = card_points if bidder & 1 == 0 else total - card_points
    if points is None:
        if cards is None and "cards" not in errors:
            errors["bidding_team_points"] = FieldError.of(
                "bidding_team_points",
                gettext_noop(
                    "Enter the points the bidding team took (0 to %(total)s), "
                    "or which team took each point card."
                ),
                total=total,
            )
        return by_cards, cards, card_split
    if by_cards is not None and points != by_cards:
        errors["bidding_team_points"] = FieldError.of(
            "bidding_team_points",
            ngettext_noop(
                "The point cards give the bidding team %(cards)s point, not %(points)s.",
                "The point cards give the bidding team %(cards)s points, not %(points)s.",
                "cards",
            ),
            cards=by_cards,
            points=points,
        )
        return None, cards, card_split
    return points, cards, card_split


def _checked_tally(
    checks: _Checks,
    tally: Any,
    bidder: int | None,
    bid: int | None,
    points: int | None,
    other: int | None,
    errors: dict,
) -> list[int] | None:
    """The tally, two whole numbers equal to the deal's scores where the
    bidder, bid and points are known; None (and an error) if it is not that."""
    if not (
        type(tally) is list and len(tally) == 2 and type(tally[0]) is int and type(tally[1]) is int
    ):
        tally = _score_pair(tally)
    if tally is None:
        errors["tally"] = FieldError.of(
            "tally",
            gettext_noop(
                "The tally is the two scores written on the table's tally, "
                "seats 1 and 3 first, then seats 2 and 4 — two whole numbers."
            ),
        )
    elif bidder is not None and bid is not None and points is not None:
        if not checks.leave:
            expected = checks.tallies[bidder & 1][bid][points]
        elif other is not None:
            mine, theirs = checks.rs.deal_score(bid, points, other)
            expected = [mine, theirs] if bidder & 1 == 0 else [theirs, mine]
        else:
            expected = None
        if expected is not None and tally != expected:
            errors["tally"] = _tally_error(checks.rs, bid, points, expected, tally)
    return tally


def _whole(value: Any) -> int | None:
    """``value`` as an int if it is a whole number (an int, not a bool), else None."""
    if isinstance(value, int) and not isinstance(value, bool):
        return int(value)
    return None


def _shown(value: Any) -> str:
    """``value`` as a short quote for a message."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _seat(seat: int, names: tuple[str, ...] | None) -> Text:
    if names and names[seat]:
        return Text(
            gettext_noop("seat %(seat)s (%(name)s)"), {"seat": seat + 1, "name": names[seat]}
        )
    return Text(gettext_noop("seat %(seat)s"), {"seat": seat + 1})


def _not_a_flag(field: str, value: Any) -> FieldError:
    return FieldError.of(
        field,
        gettext_noop("The %(field)s flag must be true or false, not %(value)s."),
        field=field,
        value=_shown(value),
    )


def _deal_error(value: Any, max_deal: int) -> FieldError:
    if value is None:
        return FieldError.of(
            "deal", gettext_noop("Enter the deal number, 1 to %(max)s."), max=max_deal
        )
    return FieldError.of(
        "deal",
        gettext_noop("The deal number must be 1 to %(max)s, not %(value)s."),
        max=max_deal,
        value=_shown(value),
    )


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
        errors["recorded_deals"] = FieldError.of(
            "recorded_deals",
            gettext_noop(
                "The deals already recorded must be a list of deal numbers, not %(value)s."
            ),
            value=_shown(recorded),
        )
    elif already and not amending:
        errors["deal"] = FieldError.of(
            "deal",
            gettext_noop(
                "Deal %(deal)s is already recorded for this table in this round; "
                "amend it instead of entering it again."
            ),
            deal=deal,
        )
    elif amending and not already:
        errors["deal"] = FieldError.of(
            "deal",
            gettext_noop(
                "Deal %(deal)s has not been recorded for this table in this round, "
                "so there is nothing to amend."
            ),
            deal=deal,
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


_SEAT_ERRORS = {
    "bidder": (
        gettext_noop("Enter the bidder's seat."),
        gettext_noop(
            "The bidder must be a seat: 0, 1, 2 or 3 in the record (seats 1 to 4 at the table), "
            "not %(value)s."
        ),
    ),
    "dealer": (
        gettext_noop("Enter the dealer's seat."),
        gettext_noop(
            "The dealer must be a seat: 0, 1, 2 or 3 in the record (seats 1 to 4 at the table), "
            "not %(value)s."
        ),
    ),
}


def _seat_error(field: str, value: Any) -> FieldError:
    missing, wrong = _SEAT_ERRORS[field]
    if value is None:
        return FieldError.of(field, missing)
    return FieldError.of(field, wrong, value=_shown(value))


def _check_dealer(value: Any, deal: int | None, names: Any, errors: dict) -> int | None:
    dealer = _whole(value)
    if dealer is None or not 0 <= dealer <= 3:
        errors["dealer"] = _seat_error("dealer", value)
        return None
    if deal is not None and dealer != (deal - 1) % 4:
        errors["dealer"] = FieldError.of(
            "dealer",
            gettext_noop("Deal %(deal)s is dealt by %(seat)s, not %(given)s."),
            deal=deal,
            seat=_seat((deal - 1) % 4, names),
            given=_seat(dealer, names),
        )
        return None
    return dealer


def _bid_error(rs: Ruleset, value: Any) -> FieldError:
    span = {"low": rs.min_bid, "high": rs.max_bid}
    if rs.shoot and not rs.top_bids:
        allowed = TextList(
            [
                Text(
                    gettext_noop("%(low)s to %(high)s, or %(shoot)s to shoot"),
                    {**span, "shoot": rs.shoot_bid},
                )
            ],
            "",
        )
    else:
        parts = [Text(gettext_noop("%(low)s to %(high)s"), span)]
        if rs.dealer_stuck_bid < rs.min_bid:
            parts.append(
                Text(gettext_noop(" (%(bid)s for a stuck dealer)"), {"bid": rs.dealer_stuck_bid})
            )
        parts.extend(Text(gettext_noop(", or %(bid)s"), {"bid": top}) for top in rs.top_contracts)
        allowed = TextList(parts, "")
    if value is None:
        return FieldError.of("bid", gettext_noop("Enter the bid: %(allowed)s."), allowed=allowed)
    if not rs.top_contracts and _whole(value) == rs.shoot_bid and rs.max_bid < rs.shoot_bid:
        return FieldError.of(
            "bid",
            gettext_noop(
                "The bid must be %(allowed)s: this game is played without the shoot "
                "(%(high)s for %(shoot)s)."
            ),
            allowed=allowed,
            high=rs.max_bid,
            shoot=rs.shoot_bid,
        )
    return FieldError.of(
        "bid",
        gettext_noop("The bid must be %(allowed)s (not %(value)s)."),
        allowed=allowed,
        value=_shown(value),
    )


def _no_split(field: str, points: int) -> FieldError:
    return FieldError.of(
        field,
        ngettext_noop(
            "No split of the point cards gives a team %(points)s point.",
            "No split of the point cards gives a team %(points)s points.",
            "points",
        ),
        points=points,
    )


def _points_error(value: Any, total: int) -> FieldError:
    points = _whole(value)
    if points is not None and 0 <= points <= total:
        return _no_split("bidding_team_points", points)
    return FieldError.of(
        "bidding_team_points",
        gettext_noop(
            "The bidding team's points must be a whole number from 0 to %(total)s, not %(value)s."
        ),
        total=total,
        value=_shown(value),
    )


def _other_range_error(value: Any, total: int) -> FieldError:
    return FieldError.of(
        "other_team_points",
        gettext_noop(
            "The other team's points must be a whole number from 0 to %(total)s, not %(value)s."
        ),
        total=total,
        value=_shown(value),
    )


def _check_other_points(value: Any, points: int | None, total: int, errors: dict) -> None:
    other = _whole(value)
    if other is None or not 0 <= other <= total:
        errors["other_team_points"] = _other_range_error(value, total)
    elif points is not None and points + other != total:
        errors["other_team_points"] = FieldError.of(
            "other_team_points",
            gettext_noop(
                "The two teams' points must add up to %(total)s: %(points)s + %(other)s is %(sum)s."
            ),
            total=total,
            points=points,
            other=other,
            sum=points + other,
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
            errors["other_team_points"] = FieldError.of(
                "other_team_points",
                gettext_noop(
                    "In this game point cards can leave play: enter the other team's points "
                    "too (0 to %(total)s), or which team took each point card."
                ),
                total=total,
            )
        return by_cards
    other = _whole(value)
    if other is None or other not in reachable:
        if other is not None and 0 <= other <= total:
            errors["other_team_points"] = _no_split("other_team_points", other)
        else:
            errors["other_team_points"] = _other_range_error(value, total)
        return None
    if by_cards is not None and other != by_cards:
        errors["other_team_points"] = FieldError.of(
            "other_team_points",
            ngettext_noop(
                "The point cards give the other team %(cards)s point, not %(other)s.",
                "The point cards give the other team %(cards)s points, not %(other)s.",
                "cards",
            ),
            cards=by_cards,
            other=other,
        )
        return None
    if points is not None and (points + other > total or points + other not in reachable):
        errors["other_team_points"] = FieldError.of(
            "other_team_points",
            ngettext_noop(
                "The two teams took %(points)s + %(other)s = %(sum)s point; "
                "a deal has %(total)s at most, some of them perhaps out of play.",
                "The two teams took %(points)s + %(other)s = %(sum)s points; "
                "a deal has %(total)s at most, some of them perhaps out of play.",
                "sum",
            ),
            points=points,
            other=other,
            sum=points + other,
            total=total,
        )
        return None
    return other


def _split_from_cards(
    cards: Any, role_values: tuple[tuple[str, int], ...], roles: frozenset[str]
) -> tuple[int, int] | None:
    """(team 0, team 1) points by detailed entry where cards can leave play: a
    point card is given to team 0 or 1, or left out (None or absent) when it
    left play; None if ``cards`` is not that."""
    if not isinstance(cards, dict) or not cards.keys() <= roles:
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


_CARDS_SHAPE = gettext_noop("Detailed entry says which team, 0 or 1, took each point card.")


def _cards_error(cards: Any, roles: tuple[str, ...]) -> FieldError:
    if not isinstance(cards, dict):
        return FieldError.of("cards", _CARDS_SHAPE)
    unknown = [key for key in cards if key not in roles]
    if unknown:
        return FieldError.of(
            "cards",
            gettext_noop("There is no point card %(value)s; the point cards are %(roles)s."),
            value=_shown(unknown[0]),
            roles=", ".join(roles),
        )
    missing = [role for role in roles if role not in cards]
    if missing:
        return FieldError.of(
            "cards",
            gettext_noop("Say which team took %(cards)s."),
            cards=TextList(_ROLE_NAMES[role] for role in missing),
        )
    for role in roles:
        team = cards.get(role)
        if team is None:
            continue
        if type(team) is not int or team not in (0, 1):
            return FieldError.of(
                "cards",
                gettext_noop(
                    "%(card)s goes to team 0 (seats 1 and 3) or "
                    "team 1 (seats 2 and 4), not %(value)s."
                ),
                card=_ROLE_NAMES[role].capitalized(),
                value=_shown(team),
            )
    return FieldError.of("cards", _CARDS_SHAPE)


def _score_pair(value: Any) -> list[int] | None:
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        return None
    pair = [_whole(score) for score in value]
    return None if None in pair else pair


def _tally_error(rs: Ruleset, bid: int, points: int, expected: list, tally: list) -> FieldError:
    said = {"bid": bid, "points": points}
    if rs.shoot and not rs.top_bids and bid == rs.shoot_bid:
        if points == rs.total_points:
            why = Text(gettext_noop("the shoot made: +%(bid)s"), said)
        else:
            why = Text(
                ngettext_noop(
                    "the shoot failed with %(points)s point: -%(penalty)s",
                    "the shoot failed with %(points)s points: -%(penalty)s",
                    "points",
                ),
                {**said, "penalty": rs.shoot_set_penalty},
            )
    elif bid in rs.top_contracts:
        if points == rs.total_points:
            why = Text(gettext_noop("%(bid)s made with every point"), said)
        else:
            why = Text(
                ngettext_noop(
                    "%(bid)s set with %(points)s point",
                    "%(bid)s set with %(points)s points",
                    "points",
                ),
                said,
            )
    elif points >= bid:
        why = Text(
            ngettext_noop(
                "bid %(bid)s made with %(points)s point",
                "bid %(bid)s made with %(points)s points",
                "points",
            ),
            said,
        )
    else:
        why = Text(
            ngettext_noop(
                "bid %(bid)s set with %(points)s point: -%(bid)s",
                "bid %(bid)s set with %(points)s points: -%(bid)s",
                "points",
            ),
            said,
        )
    return FieldError.of(
        "tally",
        gettext_noop(
            "By this result the tally should read %(first)s for seats 1 and 3 and "
            "%(second)s for seats 2 and 4 (%(why)s), not %(given_first)s and %(given_second)s."
        ),
        first=expected[0],
        second=expected[1],
        why=why,
        given_first=tally[0],
        given_second=tally[1],
    )


# --------------------------------------------------------------------- the log


def _as_it_is(value: Any) -> Any:
    """A number said as it is (a plural's count stays a number)."""
    return value


def _check_log(rs: Ruleset, log: Any, known: dict, names: Any, errors: dict) -> None:
    """Replay ``log`` and compare the finished deal with the record's fields
    that passed their own checks (``known``; None where unknown)."""
    problem: FieldError | None = None
    if not isinstance(log, dict):
        problem = FieldError.of(
            "log", gettext_noop("The deal log must give the dealer, the deck and the actions.")
        )
    else:
        dealer, deck, actions = log.get("dealer"), log.get("deck"), log.get("actions")
        if _whole(dealer) is None or not 0 <= dealer <= 3:
            problem = FieldError.of(
                "log", gettext_noop("The deal log's dealer must be a seat, 0 to 3.")
            )
        elif not isinstance(deck, (list, tuple)):
            problem = FieldError.of(
                "log",
                ngettext_noop(
                    "The deal log's deck must be the %(count)s card, top card first.",
                    "The deal log's deck must be the %(count)s cards, top card first.",
                    "count",
                ),
                count=rs.pack_size,
            )
        elif not isinstance(actions, (list, tuple)):
            problem = FieldError.of(
                "log", gettext_noop("The deal log's actions must be a list of actions.")
            )
    if problem is None:
        try:
            state = replay(rs, actions, deck=deck, dealer=dealer)
        except ReplayError as exc:
            # Translators: the reason is the rules engine's own sentence, translated.
            problem = FieldError.of(
                "log",
                gettext_noop("The deal log breaks at action %(number)s (%(action)s): %(reason)s."),
                number=exc.index + 1,
                action=_shown(exc.action),
                reason=exc.reason,
            )
        except ValueError as exc:
            problem = FieldError.of(
                "log", gettext_noop("The deal log cannot be dealt: %(reason)s."), reason=str(exc)
            )
        else:
            if state.phase != "done":
                problem = FieldError.of(
                    "log",
                    ngettext_noop(
                        "The deal log stops after %(count)s action, before the deal "
                        "is over (next: seat %(seat)s %(next)s).",
                        "The deal log stops after %(count)s actions, before the deal "
                        "is over (next: seat %(seat)s %(next)s).",
                        "count",
                    ),
                    count=len(actions),
                    seat=state.to_act + 1,
                    next=_PHASE_NEXT[state.phase],
                )
    if problem is not None:
        errors["log"] = problem
        return
    made = state.record()
    deal = known["deal"]
    if known["dealer"] is not None and known["dealer"] != dealer:
        errors.setdefault(
            "dealer",
            FieldError.of(
                "dealer",
                gettext_noop("The deal log was dealt by %(seat)s, not %(given)s."),
                seat=_seat(dealer, names),
                given=_seat(known["dealer"], names),
            ),
        )
    elif deal is not None and dealer != (deal - 1) % 4:
        errors.setdefault(
            "log",
            FieldError.of(
                "log",
                gettext_noop(
                    "The deal log was dealt by %(seat)s, but deal %(deal)s is dealt by %(dealer)s."
                ),
                seat=_seat(dealer, names),
                deal=deal,
                dealer=_seat((deal - 1) % 4, names),
            ),
        )
    says = {
        "bidder": (
            made["bidder"],
            lambda seat: _seat(seat, names),
            gettext_noop("The deal log says %(truth)s won the bid, not %(value)s."),
        ),
        "bid": (
            made["bid"],
            str,
            gettext_noop("The deal log says %(truth)s was the bid, not %(value)s."),
        ),
        "trump": (
            made["trump"],
            lambda suit: Text(SUIT_NAMES[suit]),
            gettext_noop("The deal log says %(truth)s was trump, not %(value)s."),
        ),
        "bidding_team_points": (
            made["bidding_team_points"],
            _as_it_is,
            ngettext_noop(
                "The deal log says %(truth)s point went to the bidders, not %(value)s.",
                "The deal log says %(truth)s points went to the bidders, not %(value)s.",
                "truth",
            ),
        ),
        "other_team_points": (
            made.get("other_team_points"),
            _as_it_is,
            ngettext_noop(
                "The deal log says %(truth)s point went to the other team, not %(value)s.",
                "The deal log says %(truth)s points went to the other team, not %(value)s.",
                "truth",
            ),
        ),
        "tally": (
            made["tally"],
            lambda t: Text(
                gettext_noop("%(first)s to %(second)s"), {"first": t[0], "second": t[1]}
            ),
            gettext_noop("The deal log says %(truth)s is the tally, not %(value)s."),
        ),
    }
    for field, (truth, show, template) in says.items():
        value = known[field]
        if value is not None and value != truth:
            errors.setdefault(
                field, FieldError.of(field, template, truth=show(truth), value=show(value))
            )
    cards = known["cards"]
    if cards is not None:
        leave = rs.cards_can_leave_play
        for role, _ in rs.points:
            taker = made["cards"].get(role)
            if role in cards and cards[role] != taker and (taker is not None or leave):
                if taker is None:
                    template = gettext_noop(
                        "The deal log says %(card)s left play, not team %(team)s."
                    )
                    seats = None
                else:
                    template = gettext_noop(
                        "The deal log says %(card)s went to team %(taker)s (%(seats)s), "
                        "not team %(team)s."
                    )
                    seats = _TEAM_SEATS[taker]
                params = {"card": _ROLE_NAMES[role], "team": cards[role]}
                if seats is not None:
                    params.update(taker=taker, seats=seats)
                errors.setdefault("cards", FieldError.of("cards", template, **params))
                break


# --------------------------------------------------------------------- N-seat records


def _validate_seat_result(rs: Ruleset, record: dict) -> list[FieldError]:
    """The N-seat record of RULES.md 12.1.8: ``seats``, ``deal``, ``dealer``
    (with ``first_dealer`` given, the seat that deals that deal), ``bidder``,
    ``bid``, ``trump`` (optional); called partner: ``call`` or ``alone``,
    ``partner``, ``side_points`` [B, O] adding up to the deal's total;
    individual: ``seat_points``, one a seat, adding up to at most the total;
    ``tally`` (optional): the seat scores the record yields."""
    n = rs.players
    errors: dict[str, FieldError] = {}
    get = record.get
    seats = get("seats")
    if seats is not None and seats != n:
        errors["seats"] = FieldError.of(
            "seats",
            ngettext_noop(
                "This game is played by %(count)s player, not %(value)s.",
                "This game is played by %(count)s players, not %(value)s.",
                "count",
            ),
            count=n,
            value=_shown(seats),
        )
    deal = _whole(get("deal"))
    if get("deal") is not None and (deal is None or deal < 1):
        errors["deal"] = FieldError.of(
            "deal",
            gettext_noop("The deal number must be a whole number from 1, not %(value)s."),
            value=_shown(get("deal")),
        )
        deal = None

    def seat_of(field: str, required: bool) -> int | None:
        value = get(field)
        seat = _whole(value)
        if seat is not None and 0 <= seat < n:
            return seat
        if value is not None or required:
            errors[field] = FieldError.of(
                field,
                gettext_noop("The %(field)s must be a seat from 1 to %(count)s, not %(value)s."),
                field=field,
                count=n,
                value=_shown(value),
            )
        return None

    dealer = seat_of("dealer", False)
    first = seat_of("first_dealer", False)
    if None not in (dealer, first, deal) and dealer != (first + deal - 1) % n:
        errors["dealer"] = FieldError.of(
            "dealer",
            gettext_noop("Deal %(deal)s is dealt by seat %(seat)s."),
            deal=deal,
            seat=(first + deal - 1) % n + 1,
        )
    bidder = seat_of("bidder", True)
    bid = get("bid")
    if not rs.legal_bid(bid):
        errors["bid"] = FieldError.of(
            "bid",
            gettext_noop("The bid must be %(min)s to %(max)s, not %(value)s."),
            min=rs.bids()[0],
            max=rs.bids()[-1],
            value=_shown(bid),
        )
        bid = None
    trump = get("trump")
    if trump is not None and not (isinstance(trump, str) and trump in _SUIT_LETTERS):
        errors["trump"] = FieldError.of(
            "trump", gettext_noop("Trump is S, H, D or C, not %(value)s."), value=_shown(trump)
        )
        trump = None
    partner, alone = None, get("alone") is True
    if rs.sides == "called":
        partner, points = _check_call(rs, record, bidder, trump, errors)
    else:
        points = _seat_points(rs, get("seat_points"), errors)
    tally = get("tally")
    # The tally is checked only against a record whose other fields stand.
    sound = not {"bidder", "bid", "partner", "alone", "call"} & set(errors)
    if tally is not None and points is not None and sound:
        if rs.sides == "called":
            b, o = points
            share = [0] * n
            # Any split of O among the other seats gives the same scores.
            share[bidder] = b
            others = [s for s in range(n) if s not in (bidder, partner)]
            share[others[0]] = o
            points = share
        wanted = list(seat_scores(rs, bid=bid, bidder=bidder, partner=partner, alone=alone,
                                  points=points))  # fmt: skip
        if tally != wanted:
            errors["tally"] = FieldError.of(
                "tally",
                gettext_noop("The scores of this deal are %(wanted)s, not %(value)s."),
                wanted=", ".join(str(score) for score in wanted),
                value=_shown(tally),
            )
    return list(errors.values())


def _check_call(
    rs: Ruleset, record: dict, bidder: int | None, trump: str | None, errors: dict
) -> tuple[int | None, tuple[int, int] | None]:
    """A called-partner record's call, partner and side points."""
    get, n = record.get, rs.players
    alone, call, partner = get("alone"), get("call"), get("partner")
    if alone is not None and alone is not True and alone is not False:
        errors["alone"] = _not_a_flag("alone", alone)
    if alone is True:
        if not rs.alone:
            errors["alone"] = FieldError.of(
                "alone", gettext_noop("Nobody goes alone in this game: a card is called.")
            )
        elif call is not None or partner is not None:
            errors["alone"] = FieldError.of(
                "alone", gettext_noop("A bidder going alone calls no card and has no partner.")
            )
        partner = None
    else:
        card = ANY_CARD.get(call) if isinstance(call, str) else None
        if card is None or card not in PACKS[rs.pack]:
            errors["call"] = FieldError.of(
                "call",
                gettext_noop("Enter the card the bidder called (as AS, TD, 5H), not %(value)s."),
                value=_shown(call),
            )
        elif rs.call == "trump" and trump is not None and not _is_trump(rs, call, trump):
            errors["call"] = FieldError.of(
                "call",
                gettext_noop("The called card must be a trump, not %(value)s."),
                value=_shown(call),
            )
        seat = _whole(partner)
        if partner is None and rs.call == "trump":
            errors["partner"] = FieldError.of(
                "partner", gettext_noop("Enter the seat that held the called card.")
            )
        elif partner is not None and (seat is None or not 0 <= seat < n or seat == bidder):
            errors["partner"] = FieldError.of(
                "partner",
                gettext_noop(
                    "The partner is a seat from 1 to %(count)s other than the bidder's, "
                    "not %(value)s."
                ),
                count=n,
                value=_shown(partner),
            )
            partner = None
        else:
            partner = seat
    sides = get("side_points")
    total = rs.total_points
    if (
        not isinstance(sides, list)
        or len(sides) != 2
        or any(_whole(v) is None or v < 0 for v in sides)
        or sum(sides) != total
    ):
        errors["side_points"] = FieldError.of(
            "side_points",
            gettext_noop(
                "Enter the points of the bidding side and of the others, adding up to %(total)s."
            ),
            total=total,
        )
        return partner, None
    return partner, (sides[0], sides[1])


def _is_trump(rs: Ruleset, code: str, trump: str) -> bool:
    """Whether ``code`` is a trump of ``rs`` when ``trump`` is named."""
    return rs.tables.is_trump[SUITS.index(trump)][ANY_CARD[code]]


def _seat_points(rs: Ruleset, value: Any, errors: dict) -> list[int] | None:
    """An individual record's points, one a seat, adding up to at most the total."""
    n, total = rs.players, rs.total_points
    if (
        not isinstance(value, list)
        or len(value) != n
        or any(_whole(v) is None or v < 0 for v in value)
        or sum(value) > total
    ):
        errors["seat_points"] = FieldError.of(
            "seat_points",
            ngettext_noop(
                "Enter the points the %(count)s seat took, at most %(total)s.",
                "Enter the points each of the %(count)s seats took, at most %(total)s in all.",
                "count",
            ),
            count=n,
            total=total,
        )
        return None
    return list(value)
