"""Rulesets as plain immutable values (RULES.md section 9).

A :class:`Ruleset` holds every number and switch that one Pedro variant (with
its house options) needs.  The engine reads these values; a variant that only
changes numbers — the point table, the bids, the target — is a new value, not
new code.  :data:`RULESETS` holds the two Monterey rulesets the contract
requires, with the default house options.  ``ruleset.with_options(...)`` gives
a copy with house options changed, checked.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from .cards import POINT_ROLES, point_tables

#: Monterey point table (also the "Italian" and "California" tables): 16 a deal.
MONTEREY_POINTS = (("A", 1), ("J", 3), ("T", 1), ("P", 5), ("L", 5), ("2", 1))

DEAL_MODES = ("draw", "widow")
FIRST_LEADS = ("bidder_leads_trump", "bidder_leads_any")


def gettext_noop(text: str) -> str:
    """Mark ``text`` for the translation catalogues; callers translate it.

    The rules import nothing from Django, so labels are English here and the
    page that shows them passes them through ``gettext``."""
    return text


@dataclass(frozen=True)
class HouseOption:
    """One house option a host may change: its type, the values it takes and
    its label.  A form field is made from it (``kind`` bool: a checkbox;
    ``choices``: a choice of those values; else a whole number from
    ``minimum`` to ``maximum``)."""

    name: str  # the Ruleset field it sets
    label: str  # English, translated where it is shown
    kind: type = bool  # bool or int
    choices: tuple[int, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    help_text: str = ""

    def accepts(self, value: Any) -> bool:
        if self.kind is bool:
            return isinstance(value, bool)
        if isinstance(value, bool) or not isinstance(value, int):
            return False
        if self.choices:
            return value in self.choices
        too_low = self.minimum is not None and value < self.minimum
        too_high = self.maximum is not None and value > self.maximum
        return not (too_low or too_high)

    def expects(self) -> str:
        """What the option accepts, in words (for error messages)."""
        if self.kind is bool:
            return "true or false"
        if self.choices:
            return " or ".join(str(choice) for choice in self.choices)
        if self.maximum is None:
            return f"a whole number, at least {self.minimum}"
        return f"a whole number from {self.minimum} to {self.maximum}"


#: Monterey's house options (RULES.md section 9), in the order a form lists them.
MONTEREY_OPTIONS: tuple[HouseOption, ...] = (
    HouseOption("shoot_needs_ace_and_two", gettext_noop("A shoot needs the ace and two of a suit")),
    HouseOption("low_is_keeper", gettext_noop("The 2 of trump scores for whoever played it")),
    HouseOption("shoot_set_penalty", gettext_noop("A set shoot costs"), int, choices=(32, 16)),
    HouseOption("target", gettext_noop("Points to win a casual game"), int, minimum=1),
    HouseOption("bid_out", gettext_noop("Only the bidding team can go out")),
    HouseOption("deals_per_round", gettext_noop("Deals in a round"), int, minimum=1, maximum=12),
)

#: The house options a host may change, with what each accepts.
HOUSE_OPTIONS: dict[str, str] = {option.name: option.expects() for option in MONTEREY_OPTIONS}


class RulesetError(ValueError):
    """A ruleset or house option value that cannot be used."""


@dataclass(frozen=True)
class Ruleset:
    """One Pedro variant with its house options.  Immutable and hashable."""

    name: str
    title: str
    deal_mode: str = "draw"  # "draw" (stock, fill, dealer robs) or "widow"
    points: tuple[tuple[str, int], ...] = MONTEREY_POINTS  # (role, value) pairs
    min_bid: int = 6
    max_bid: int = 16
    shoot: bool = True  # whether "16 for 32" exists
    shoot_bid: int = 32
    shoot_needs_ace_and_two: bool = True
    shoot_set_penalty: int = 32
    first_lead: str = "bidder_leads_trump"
    low_is_keeper: bool = True
    target: int = 91
    bid_out: bool = True
    deals_per_round: int = 4
    cards_dealt: int = 9  # per player, three at a time
    hand_size: int = 6  # cards each player plays with
    house_options: tuple[HouseOption, ...] = MONTEREY_OPTIONS

    def __post_init__(self) -> None:
        if self.deal_mode not in DEAL_MODES:
            raise RulesetError(f"deal_mode must be one of {DEAL_MODES}, got {self.deal_mode!r}")
        if self.first_lead not in FIRST_LEADS:
            raise RulesetError(f"first_lead must be one of {FIRST_LEADS}, got {self.first_lead!r}")
        if {role for role, _ in self.points} - set(POINT_ROLES):
            raise RulesetError(f"point table roles must be among {POINT_ROLES}")
        if not 1 <= self.min_bid <= self.max_bid <= self.total_points:
            raise RulesetError("bids must satisfy 1 <= min_bid <= max_bid <= total points")
        for option in self.house_options:
            value = getattr(self, option.name)
            if not option.accepts(value):
                raise RulesetError(f"{option.name} must be {option.expects()}, got {value!r}")

    @property
    def total_points(self) -> int:
        return sum(value for _, value in self.points)

    @property
    def point_table(self) -> tuple[tuple[int, ...], ...]:
        """``point_table[trump][card]``: each card's value under each trump suit."""
        return _point_table(self.points)

    def legal_bid(self, bid: Any) -> bool:
        """Whether ``bid`` is a bid value of this ruleset (the shoot included)."""
        if isinstance(bid, bool) or not isinstance(bid, int):
            return False
        return self.min_bid <= bid <= self.max_bid or (self.shoot and bid == self.shoot_bid)

    def bids(self) -> tuple[int, ...]:
        """Every bid value of this ruleset, lowest first (the shoot last)."""
        plain = tuple(range(self.min_bid, self.max_bid + 1))
        return plain + ((self.shoot_bid,) if self.shoot else ())

    def bid_made(self, bid: int, bidding_team_points: int) -> bool:
        """Whether the bidding team made its bid (RULES.md section 3.9)."""
        if self.shoot and bid == self.shoot_bid:
            return bidding_team_points == self.total_points
        return bidding_team_points >= bid

    def deal_score(self, bid: int, bidding_team_points: int) -> tuple[int, int]:
        """(bidding team, other team) deal scores under RULES.md section 3.9."""
        other = self.total_points - bidding_team_points
        if self.shoot and bid == self.shoot_bid:
            if self.bid_made(bid, bidding_team_points):
                return bid, other
            return -self.shoot_set_penalty, other
        if self.bid_made(bid, bidding_team_points):
            return bidding_team_points, other
        return -bid, other

    def options(self) -> dict[str, Any]:
        """The house options of this ruleset, by name."""
        return {option.name: getattr(self, option.name) for option in self.house_options}

    def house_option(self, name: str) -> HouseOption:
        """The house option called ``name``; ``RulesetError`` if there is none."""
        for option in self.house_options:
            if option.name == name:
                return option
        known = ", ".join(option.name for option in self.house_options)
        raise RulesetError(f"unknown house option {name!r}; known: {known}")

    def with_options(self, **options: Any) -> Ruleset:
        """A copy with house options changed; unknown names or bad values raise."""
        for name, value in options.items():
            option = self.house_option(name)
            if not option.accepts(value):
                raise RulesetError(f"{name} must be {option.expects()}, got {value!r}")
        return dataclasses.replace(self, **options)

    @property
    def tricks(self) -> int:
        """Tricks in a deal: one for each card of a hand."""
        return self.hand_size

    def bid_label(self, bid: int) -> str:
        """A bid as a score sheet writes it: "8", or "16 for 32" for the shoot.

        Plain figures; the words players say ("shoot the moon") are
        ``scoring.wording``'s, translated."""
        if self.shoot and bid == self.shoot_bid:
            return f"{self.max_bid} for {self.shoot_bid}"
        return str(bid)

    def point_cards(self) -> tuple[tuple[str, int], ...]:
        """The point cards as (role, value), in the order an entry form lists
        them (the order of the point table); a role worth nothing is left out."""
        return tuple((role, value) for role, value in self.points if value)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, **self.options()}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Ruleset:
        """The ruleset ``to_json`` wrote; ``RulesetError`` for anything else."""
        if not isinstance(data, dict):
            raise RulesetError("a ruleset is written as an object with its name and options")
        data = dict(data)
        name = data.pop("name", None)
        base = RULESETS.get(name) if isinstance(name, str) else None
        if base is None:
            raise RulesetError(f"unknown ruleset {name!r}")
        return base.with_options(**data)


_POINT_TABLE_CACHE: dict[tuple, tuple[tuple[int, ...], ...]] = {}


def _point_table(points: tuple) -> tuple[tuple[int, ...], ...]:
    table = _POINT_TABLE_CACHE.get(points)
    if table is None:
        table = _POINT_TABLE_CACHE[points] = point_tables(dict(points))
    return table


MONTEREY_DRAW = Ruleset(name="monterey-draw", title="Monterey Draw Pedro", deal_mode="draw")
MONTEREY_WIDOW = Ruleset(
    name="monterey-widow", title="Monterey Pedro, The Widow", deal_mode="widow"
)

RULESETS: MappingProxyType = MappingProxyType(
    {MONTEREY_DRAW.name: MONTEREY_DRAW, MONTEREY_WIDOW.name: MONTEREY_WIDOW}
)


@dataclass(frozen=True)
class StoredBounds:
    """What a stored deal may hold under any of the rulesets: the lowest and
    highest plain bid, the top contracts above them, the most points a deal
    holds.  The database's check constraints are made from it."""

    lowest_bid: int
    highest_bid: int
    top_bids: tuple[int, ...]
    most_points: int


def stored_bounds(rulesets: Iterable[Ruleset] | None = None) -> StoredBounds:
    """The :class:`StoredBounds` covering every ruleset given (by default
    every ruleset shipped, :data:`RULESETS`)."""
    values = list(RULESETS.values() if rulesets is None else rulesets)
    highest = max(rs.max_bid for rs in values)
    tops = {rs.shoot_bid for rs in values if rs.shoot and rs.shoot_bid > highest}
    return StoredBounds(
        lowest_bid=min(rs.min_bid for rs in values),
        highest_bid=highest,
        top_bids=tuple(sorted(tops)),
        most_points=max(rs.total_points for rs in values),
    )


def game_winner(
    rs: Ruleset, totals: tuple[int, int], bidding_team: int, bid_made: bool
) -> int | None:
    """The team that has won a casual game after a deal, or None (RULES.md 3.10).

    ``totals`` are the game scores after the deal was added.  With ``bid_out``
    a team wins only on a deal it bid and made with its total at or above the
    target.  Without it the first team at or above the target wins; both there
    on the same deal: the bidding team if it made its bid, else the other team.
    """
    if rs.bid_out:
        return bidding_team if bid_made and totals[bidding_team] >= rs.target else None
    reached = [team for team in (0, 1) if totals[team] >= rs.target]
    if len(reached) == 1:
        return reached[0]
    if len(reached) == 2:
        return bidding_team if bid_made else 1 - bidding_team
    return None
