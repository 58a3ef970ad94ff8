"""Rulesets as plain immutable values (RULES.md sections 9 and 11).

A :class:`Ruleset` holds every number and switch that one Pedro game (with
its house options) needs: pack, trump order, point table, deal pattern, bids,
exchange, play rule, low rule, scoring method and game end.  The engine reads
these values; a game that only changes numbers — the point table, the bids,
the target — is a new value, not new code.  :data:`RULESETS` holds every game
with its default house options: :data:`PARTNERSHIP_RULESETS` the two Monterey
games, the Pedro family of RULES.md 11.2 and the partnership rows of 12.2;
:data:`SEAT_RULESETS` the N-seat games of 12.2.  ``ruleset.with_options(...)``
gives a copy with house options changed, checked.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Iterable
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from .cards import PACK_RANKS, PACKS, ROLES, TrumpTables, point_tables, trump_order, trump_tables
from .words import Text, gettext_noop, one_of

#: Monterey point table (also the "Italian" and "California" tables): 16 a deal.
MONTEREY_POINTS = (("A", 1), ("J", 3), ("T", 1), ("P", 5), ("L", 5), ("2", 1))

DEAL_MODES = ("draw", "widow")
FIRST_LEADS = ("bidder_leads_trump", "bidder_leads_any")
#: How cards change hands between the auction and play (RULES.md 3, 4, 11.3).
EXCHANGES = (
    "draw",
    "widow",
    "draw-choice",
    "maker-fill",
    "extra-4",
    "kitty",
    "senorita",
    "pede",
    "none",
    "tennessee",
    "five-hand",
)
#: How a trick is played (RULES.md 3.8 and 11.3).
PLAY_RULES = ("monterey", "follow-or-trump", "trumps-only", "no-rank", "no-rank-down")
#: How a deal is scored (RULES.md 11.1).
SCORINGS = ("monterey", "difference", "captured-minus")
#: Who wins when both teams reach the target on one deal (RULES.md 3.10, 11.2).
TIE_RULES = ("bidders-if-made", "higher", "bidders")
#: Where the auction starts: the dealer's left, clockwise, or (California's
#: house option) the dealer's right, counter-clockwise (RULES.md 11.4.4).
BIDDING_STARTS = ("left", "right")
#: Who robs the stock in a draw-choice game (RULES.md 11.4.7).
ROBBERS = ("dealer", "bidder")
#: Who plays with whom (RULES.md 12.1.3): two fixed partnerships, a partner
#: called for one deal, or every seat for itself.
SIDES = ("fixed", "called", "individual")
#: What a called-partner bidder may call (RULES.md 12.3): any card he has not
#: held (five-hand), a trump he lacks (Railroad); "" where nobody calls.
CALLS = ("", "any", "trump")
#: The point tables of the original Pedro's ``table`` option (RULES.md 12.2).
ORIGINAL_TABLES = ("sancho", "dom", "snoozer")
#: Suit bids rank spades, hearts, clubs, diamonds, high to low (RULES.md 11.3).
SUIT_BID_RANK = {"S": 3, "H": 2, "C": 1, "D": 0}


@dataclass(frozen=True)
class HouseOption:
    """One house option a host may change: its type, the values it takes and
    its label.  A form field is made from it (``kind`` bool: a checkbox;
    ``choices``: a choice of those values, each shown with its entry of
    ``choice_labels`` when it has them; else a whole number from ``minimum``
    to ``maximum``).  A ``str`` option always has its ``choices``."""

    name: str  # the Ruleset field it sets
    label: str  # English, translated where it is shown
    kind: type = bool  # bool, int or str
    choices: tuple[int, ...] | tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    help_text: str = ""
    choice_labels: tuple[str, ...] = ()  # English, one a choice, translated where shown

    def accepts(self, value: Any) -> bool:
        if self.kind is bool:
            return isinstance(value, bool)
        if self.kind is str:
            return isinstance(value, str) and value in self.choices
        if isinstance(value, bool) or not isinstance(value, int):
            return False
        if self.choices:
            return value in self.choices
        too_low = self.minimum is not None and value < self.minimum
        too_high = self.maximum is not None and value > self.maximum
        return not (too_low or too_high)

    def expects(self) -> str:
        """What the option accepts, in words (for error messages): a
        :class:`~.words.Text`, or the lone figure when only one value fits."""
        if self.kind is bool:
            return Text(gettext_noop("true or false"))
        if self.choices:
            return one_of(str(choice) for choice in self.choices)
        if self.maximum is None:
            return Text(gettext_noop("a whole number, at least %(min)s"), {"min": self.minimum})
        return Text(
            gettext_noop("a whole number from %(min)s to %(max)s"),
            {"min": self.minimum, "max": self.maximum},
        )


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
    """A ruleset or house option value that cannot be used.

    Its message (``args[0]``) is a :class:`~.words.Text`: ``str(exc)`` is the
    English sentence, and ``scoring.texts`` says it in the reader's language."""


#: A value outside the ones a field or house option takes.
MUST_BE = gettext_noop("%(name)s must be %(expects)s, got %(value)s")
#: A value outside a list of codes.
NOT_AMONG = gettext_noop("%(name)s must be one of %(known)s, got %(value)s")


def _refused(template: str, **params: Any) -> RulesetError:
    return RulesetError(Text(template, params))


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
    # With ``low_is_keeper``: the 2 of trump scores for the team of the seat
    # it was dealt to, or the trick's winner when nobody was dealt it (RULES.md
    # 11.4.16); else for the team that played it (section 3.8).
    keeper_by_deal: bool = False
    target: int = 91
    bid_out: bool = True
    deals_per_round: int = 4
    cards_dealt: int = 9  # per player, three at a time
    hand_size: int = 6  # cards each player plays with
    house_options: tuple[HouseOption, ...] = MONTEREY_OPTIONS
    # --- RULES.md section 11: what the Pedro family varies (Monterey defaults).
    pack: str = "52"  # "52", "53" (+X1), "54" (+X1 X2) or "32"
    off_jack: bool = False  # the same-colour jack is a trump, just below the J
    left_pedro: bool = True  # the same-colour five is a trump (RULES.md 12.4.21, 24: not in Pitch)
    joker_rank: str = "high"  # jokers below the J (Tennessee) or X1 the lowest trump
    packets: tuple[int, ...] = ()  # cards per packet when dealing; () = threes
    kitty_size: int = 0  # face-down cards the bidder takes (kitty, senorita)
    extra_cards: int = 0  # cards each player gets after the auction (extra-4)
    stuck_bid: int = 0  # what a stuck dealer bids; 0 = min_bid
    top_bids: tuple[int, ...] = ()  # top contracts beyond the shoot (Louisiana 28, 56)
    made_max_scores: int = 0  # a made bid of max_bid scores this (California 32)
    suit_bids: bool = False  # "bid 7 H": the bid names trump (Oregon)
    open_auction: bool = False  # round and round until three pass after a bid
    dark: bool = False  # Louisiana's dark phase before the auction
    bidding_start: str = "left"  # one of BIDDING_STARTS (California's house option)
    exchange: str = ""  # one of EXCHANGES; "" = the deal_mode's own
    robber: str = "dealer"  # who robs the stock in draw-choice
    play_rule: str = "monterey"  # one of PLAY_RULES
    cut_throat: bool = False  # a non-trump lead may be answered with any card
    scoring: str = "monterey"  # one of SCORINGS
    simple: bool = False  # Pedro's house option: a difference game scores both sides
    set_loses_bid: bool = False  # difference scoring, set: bidders -bid, others +O (Pedro)
    cinch_credit: bool = False  # opponents' discarded point trumps count for the bidders
    bicycle: bool = False  # Cinch's house option: a set scores the others total + bid - B
    tie_rule: str = "bidders-if-made"  # one of TIE_RULES
    lock_at: int = 0  # Isle Madame's lock (200); 0 = none
    lose_at: int = 0  # King Pedro: at or below this a team loses (-105); 0 = none
    joker: bool = False  # Sixty-Three's house option: the 53-card pack
    joker_takes: str = ""  # the role whose value the joker takes when ``joker`` is on
    show_folded: bool = False  # a player who is out shows their cards (Pidro)
    # Tennessee's house options (RULES.md 11.4.18).
    throw_in: bool = False  # the non-bidders may concede before the first card
    shoot_the_moon: bool = False  # a made bid of max_bid wins the game at once
    misdeal_no_points: bool = False  # a hand with no card that can score may call a misdeal
    fold_when_void: bool = False  # Isle Madame's house option: "fold" when holding no trump
    # --- RULES.md section 12: N seats, called partners, every seat for itself.
    players: int = 4  # seats at the table (a house option where the game lets it vary)
    sides: str = "fixed"  # one of SIDES
    call: str = ""  # one of CALLS
    alone: bool = False  # the bidder may go alone instead of calling (Railroad)
    extras_each_trick: bool = False  # five-hand: extra trumps laid one a trick, scoring
    # (players at most, cards dealt) pairs, the first that fits: the deal size
    # changing with the number of players (RULES.md 12.4.19); () = cards_dealt.
    deal_sizes: tuple[tuple[int, int], ...] = ()
    rob_from_players: int = 0  # draw-choice: nobody robs below this many players
    table: str = ""  # the original Pedro's point table, one of ORIGINAL_TABLES

    def __post_init__(self) -> None:
        if not self.exchange:
            object.__setattr__(self, "exchange", self.deal_mode)
        if self.deal_mode not in DEAL_MODES:
            raise _refused(
                NOT_AMONG, name="deal_mode", known=str(DEAL_MODES), value=repr(self.deal_mode)
            )
        if self.first_lead not in FIRST_LEADS:
            raise _refused(
                NOT_AMONG, name="first_lead", known=str(FIRST_LEADS), value=repr(self.first_lead)
            )
        for field, value, known in (
            ("pack", self.pack, tuple(PACKS)),
            ("joker_rank", self.joker_rank, ("high", "low")),
            ("exchange", self.exchange, EXCHANGES),
            ("robber", self.robber, ROBBERS),
            ("bidding_start", self.bidding_start, BIDDING_STARTS),
            ("play_rule", self.play_rule, PLAY_RULES),
            ("scoring", self.scoring, SCORINGS),
            ("tie_rule", self.tie_rule, TIE_RULES),
            ("sides", self.sides, SIDES),
            ("call", self.call, CALLS),
        ):
            if value not in known:
                raise _refused(NOT_AMONG, name=field, known=str(known), value=repr(value))
        if {role for role, _ in self.points} - set(ROLES):
            raise _refused(
                gettext_noop("point table roles must be among %(roles)s"), roles=str(ROLES)
            )
        if not 1 <= self.min_bid <= self.max_bid <= self.total_points:
            raise _refused(
                gettext_noop("bids must satisfy 1 <= min_bid <= max_bid <= total points")
            )
        if sum(self.deal_packets) != self.cards_dealt:
            raise _refused(gettext_noop("the deal's packets must add up to the cards dealt"))
        if self.stock_size < 0:
            raise _refused(gettext_noop("the pack is too small for this deal"))
        for option in self.house_options:
            value = getattr(self, option.name)
            if not option.accepts(value):
                raise _refused(
                    MUST_BE, name=option.name, expects=option.expects(), value=repr(value)
                )

    @functools.cached_property
    def total_points(self) -> int:
        """The points of one deal: the sum of the point table."""
        return sum(value for _, value in self.points)

    @functools.cached_property
    def point_table(self) -> tuple[tuple[int, ...], ...]:
        """``point_table[trump][card]``: each card's value under each trump suit."""
        return _point_table(self.points, self.off_jack, self.joker_rank, self.left_pedro)

    @functools.cached_property
    def tables(self) -> TrumpTables:
        """The trump tables of this game's trump order (off-jack, jokers, left pedro)."""
        return trump_tables(self.off_jack, self.joker_rank, self.left_pedro)

    @functools.cached_property
    def plain_tables(self) -> bool:
        """Whether this game's trumps are Monterey's (no off-jack, no joker, the
        left pedro a trump), so the 52-card tables of ``cards`` serve."""
        return not self.off_jack and self.left_pedro and self.pack not in ("53", "54")

    @functools.cached_property
    def trump_order(self) -> tuple[str, ...]:
        """Trump roles high to low, as far as this game's pack has them."""
        ranks = PACK_RANKS[self.pack]
        jokers = {"52": (), "53": ("X1",), "54": ("X1", "X2"), "32": ()}[self.pack]
        return tuple(
            role
            for role in trump_order(self.off_jack, self.joker_rank, self.left_pedro)
            if role in jokers
            or role in ("P", "L", "OJ")
            and ("5" if role != "OJ" else "J") in ranks
            or role in ranks
        )

    @functools.cached_property
    def deal_packets(self) -> tuple[int, ...]:
        """Cards each player gets in each round of the deal (threes by default)."""
        return self.packets or (3,) * (self.cards_dealt // 3)

    @functools.cached_property
    def pack_size(self) -> int:
        return len(PACKS[self.pack])

    @functools.cached_property
    def stock_size(self) -> int:
        """Cards left after the deal and the kitty (Monterey: the stock or the widows)."""
        return self.pack_size - self.players * self.cards_dealt - self.kitty_size

    @functools.cached_property
    def tricks(self) -> int:
        """Tricks in a deal: one per card of the playing hand."""
        return self.hand_size

    @functools.cached_property
    def dealer_stuck_bid(self) -> int:
        """The bid a stuck dealer makes (RULES.md 11.4.1)."""
        return self.stuck_bid or self.min_bid

    @functools.cached_property
    def top_contracts(self) -> tuple[int, ...]:
        """Bids made only with every point of the deal: the shoot (32),
        Louisiana's 28 and 56; none in most games."""
        return self.top_bids or ((self.shoot_bid,) if self.shoot else ())

    @functools.cached_property
    def score_method(self) -> str:
        """The scoring method in play: ``simple`` turns difference scoring into
        both sides keeping what they took (RULES.md 11.2, Pedro)."""
        return "captured-minus" if self.simple and self.scoring == "difference" else self.scoring

    @functools.cached_property
    def cards_can_leave_play(self) -> bool:
        """Whether point cards can leave play, so that B + O may fall short of
        the total and the host enters both teams' points (RULES.md 11.5)."""
        if self.exchange not in ("draw", "widow", "five-hand"):
            return True
        # Extra trumps are laid non-point first (11.4.10): only a game with more
        # point trumps than cards in a hand can lay a point card.
        return len(self.points) > self.hand_size

    def legal_bid(self, bid: Any) -> bool:
        """Whether ``bid`` is a bid value of this ruleset (the shoot included)."""
        if isinstance(bid, bool) or not isinstance(bid, int):
            return False
        return bid in self.bids()

    def bids(self) -> tuple[int, ...]:
        """Every bid value of this ruleset, lowest first (the top contracts last);
        a stuck dealer's bid below the minimum is one of them."""
        return _bids(self.min_bid, self.max_bid, self.dealer_stuck_bid, self.top_contracts)

    def bid_made(self, bid: int, bidding_team_points: int) -> bool:
        """Whether the bidding team made its bid (RULES.md 3.9, 11.4.12)."""
        if bid in self.top_contracts:
            return bidding_team_points == self.total_points
        return bidding_team_points >= bid

    def deal_score(
        self, bid: int, bidding_team_points: int, other_team_points: int | None = None
    ) -> tuple[int, int]:
        """(bidding team, other team) deal scores (RULES.md 3.9 and 11.1).

        ``other_team_points`` defaults to the rest of the deal's points; games
        whose cards can leave play give it.  Top contracts score the bid when
        made with every point, else lose it (the shoot: ``shoot_set_penalty``);
        California's made 16 scores 32; difference scoring pays the team with
        more points the difference, or the other team O + bid when the bid is set
        (Pedro of 62 points and its kin: the bidders lose the bid, the others
        score O).
        """
        taken = bidding_team_points
        other = self.total_points - taken if other_team_points is None else other_team_points
        made = self.bid_made(bid, taken)
        if bid in self.top_contracts:
            if made:
                return bid, other
            return -(self.shoot_set_penalty if bid == self.shoot_bid else bid), other
        if self.score_method == "difference":
            if not made and self.bicycle:
                # Cinch's bicycle (RULES.md 11.4.12): the others score what the
                # bidders did not take of the deal, plus the bid.
                return 0, self.total_points + bid - taken
            if not made:
                return (-bid, other) if self.set_loses_bid else (0, other + bid)
            return (taken - other, 0) if taken >= other else (0, other - taken)
        if not made:
            return -bid, other
        if self.made_max_scores and bid == self.max_bid:
            return self.made_max_scores, other
        return taken, other

    def game_add(
        self, totals: tuple[int, int], score: tuple[int, int], bidding_team: int
    ) -> tuple[int, int]:
        """The game totals after a deal scored ``score`` (team 0, team 1).

        Isle Madame's lock (RULES.md 11.3, 11.4.13): a team at ``lock_at`` or
        more before the deal scores nothing unless it is the bidding team."""
        added = list(score)
        if self.lock_at:
            for team in (0, 1):
                if team != bidding_team and totals[team] >= self.lock_at:
                    added[team] = 0
        return totals[0] + added[0], totals[1] + added[1]

    def options(self) -> dict[str, Any]:
        """The house options of this ruleset, by name."""
        return {option.name: getattr(self, option.name) for option in self.house_options}

    def house_option(self, name: str) -> HouseOption:
        """The house option called ``name``; ``RulesetError`` if there is none."""
        for option in self.house_options:
            if option.name == name:
                return option
        known = ", ".join(option.name for option in self.house_options)
        raise _refused(
            gettext_noop("unknown house option %(name)s; known: %(known)s"),
            name=repr(name),
            known=known,
        )

    def with_options(self, **options: Any) -> Ruleset:
        """A copy with house options changed; unknown names or bad values raise.

        Sixty-Three's and Eighty-Three's ``joker`` also changes the pack (52 ->
        53) and gives the joker the value of ``joker_takes`` (the 3's 15), and
        back; Eighty-Three's kitty takes the extra card (4 -> 5).  ``players``
        also sets the cards dealt where the game's deal size depends on it,
        and the original Pedro's ``table`` its point table and pack (RULES.md
        12.2, 12.4.19)."""
        for name, value in options.items():
            option = self.house_option(name)
            if not option.accepts(value):
                raise _refused(MUST_BE, name=name, expects=option.expects(), value=repr(value))
        if "players" in options and self.deal_sizes:
            size = next(cards for most, cards in self.deal_sizes if options["players"] <= most)
            options["cards_dealt"] = size
            options["packets"] = (3,) * (size // 3)
        if "table" in options:
            options.update(_original_table(options["table"]))
        if "joker" in options and options["joker"] != self.joker:
            points = dict(self.points)
            if options["joker"]:
                points["X1"] = points.pop(self.joker_takes)
            else:
                points[self.joker_takes] = points.pop("X1")
            options["points"] = _canonical(points)
            options["pack"] = "53" if options["joker"] else "52"
            if self.exchange == "kitty":
                options["kitty_size"] = self.kitty_size + (1 if options["joker"] else -1)
        return dataclasses.replace(self, **options)

    def bid_label(self, bid: int) -> str:
        """A bid as a score sheet writes it: "8", or "16 for 32" for the shoot.

        Plain figures; the words players say ("shoot the moon") are
        ``scoring.wording``'s, translated."""
        if self.shoot and bid == self.shoot_bid:
            return f"{self.max_bid} for {self.shoot_bid}"
        return str(bid)

    def point_cards(self) -> tuple[tuple[str, int], ...]:
        """The point cards as (role, value), in the order a detailed entry lists
        them (the point table's order, RULES.md 11.5: ``A K Q J OJ T 9 P L 3 2
        X1 X2``); a role worth nothing is left out."""
        return tuple((role, value) for role, value in self.points if value)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, **self.options()}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Ruleset:
        """The ruleset ``to_json`` wrote; ``RulesetError`` for anything else."""
        if not isinstance(data, dict):
            raise _refused(
                gettext_noop("a ruleset is written as an object with its name and options")
            )
        data = dict(data)
        name = data.pop("name", None)
        base = RULESETS.get(name) if isinstance(name, str) else None
        if base is None:
            raise _refused(gettext_noop("unknown ruleset %(name)s"), name=repr(name))
        return base.with_options(**data)


_POINT_TABLE_CACHE: dict[tuple, tuple[tuple[int, ...], ...]] = {}


def _point_table(
    points: tuple, off_jack: bool, joker_rank: str, left_pedro: bool
) -> tuple[tuple[int, ...], ...]:
    key = (points, off_jack, joker_rank, left_pedro)
    table = _POINT_TABLE_CACHE.get(key)
    if table is None:
        table = _POINT_TABLE_CACHE[key] = point_tables(
            dict(points), off_jack, joker_rank, left_pedro
        )
    return table


@functools.cache
def _bids(low: int, high: int, stuck: int, tops: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(sorted({stuck, *range(low, high + 1), *tops}))


def _original_table(table: str) -> dict[str, Any]:
    """The original Pedro's point table and pack for its ``table`` option
    (RULES.md 12.2, 12.4.21-22): Sancho's 18, Dom's 21, Snoozer's 36."""
    points = {"A": 1, "J": 1, "T": 1, "9": 9, "P": 5, "2": 1}
    if table in ("dom", "snoozer"):
        points["3"] = 3
    if table == "snoozer":
        points["X1"] = 15
    return {
        "points": _canonical(points),
        "pack": "53" if table == "snoozer" else "52",
        "max_bid": sum(points.values()),
    }


def _canonical(points: dict[str, int]) -> tuple[tuple[str, int], ...]:
    """A point table in entry order, roles worth nothing left out."""
    return tuple((role, points[role]) for role in ROLES if points.get(role))


MONTEREY_DRAW = Ruleset(
    name="monterey-draw", title=gettext_noop("Monterey Draw Pedro"), deal_mode="draw"
)
# Not derived from MONTEREY_DRAW: its exchange, filled in from its deal mode,
# would carry over and give the widow game the draw's exchange.
MONTEREY_WIDOW = Ruleset(
    name="monterey-widow", title=gettext_noop("Monterey Pedro, The Widow"), deal_mode="widow"
)

# ------------------------------------------------------------ the Pedro family
# RULES.md 11.2, one value a game.  Labels are English; pages translate them.

_TARGET = HouseOption("target", gettext_noop("Points to win a casual game"), int, minimum=1)
_DEALS = MONTEREY_OPTIONS[-1]
_LOW_KEEPER = MONTEREY_OPTIONS[1]
_BID_OUT = MONTEREY_OPTIONS[4]
#: The lowest bid of Cinch and of the seed's Pedro: 1, or the house rules' 6 or 7.
_PEDRO_MIN_BID = HouseOption("min_bid", gettext_noop("Lowest bid"), int, choices=(1, 6, 7))
_PEDRO_TARGET = HouseOption(
    "target", gettext_noop("Points to win a casual game"), int, choices=(62, 52, 21, 100)
)
_SIMPLE = HouseOption(
    "simple", gettext_noop("Both teams keep the points they take (no difference scoring)")
)
_KEEPER_BY_DEAL = HouseOption(
    "low_is_keeper", gettext_noop("The 2 of trump scores for the pair it was dealt to")
)
_PEDRO_OPTIONS = (_PEDRO_MIN_BID, _KEEPER_BY_DEAL, _SIMPLE, _PEDRO_TARGET, _DEALS)
_BICYCLE = HouseOption(
    "bicycle",
    gettext_noop("Bicycle: a set bid scores the other team the points missed plus the bid"),
)
_BIDDING_START = HouseOption(
    "bidding_start",
    gettext_noop("Bidding starts"),
    str,
    choices=BIDDING_STARTS,
    choice_labels=(
        gettext_noop("left of the dealer, clockwise"),
        gettext_noop("right of the dealer, counter-clockwise"),
    ),
)
_JOKER = HouseOption(
    "joker", gettext_noop("Play with a joker, the lowest trump, worth the 3's points")
)
_FOLD_WHEN_VOID = HouseOption(
    "fold_when_void", gettext_noop("A player with no trump may fold at any turn")
)

#: Most of the family's games, and the N-seat ones: no shoot, and no bidding
#: out (a game ends at its target, whoever bids).
_NO_SHOOT: dict[str, Any] = {"shoot": False, "bid_out": False}
#: Cinch's play, which Sixty-Three, King Pedro and the original Pedro share:
#: follow suit or trump, the bidder leads any card, and the 2 of trump is not
#: a keeper (``low_is_keeper``).
_CINCH_PLAY: dict[str, Any] = {
    "play_rule": "follow-or-trump",
    "first_lead": "bidder_leads_any",
    "low_is_keeper": False,
}

#: Foster's table (Cinch, Pedro, Louisiana, Pidro): high, jack, game, the
#: two pedros and low; 14 a deal.
FOSTER_POINTS = (("A", 1), ("J", 1), ("T", 1), ("P", 5), ("L", 5), ("2", 1))


def _foster_and(extra: dict[str, int]) -> tuple[tuple[str, int], ...]:
    """Foster's table with the point cards of ``extra`` added, in entry order."""
    return _canonical({**dict(FOSTER_POINTS), **extra})


#: California Pedro is Monterey Draw Pedro without the shoot, a made 16 worth 32.
CALIFORNIA = dataclasses.replace(
    MONTEREY_DRAW,
    name="california",
    title=gettext_noop("California Pedro"),
    shoot=False,
    made_max_scores=32,
    target=52,
    house_options=(_BIDDING_START, _LOW_KEEPER, _TARGET, _BID_OUT, _DEALS),
)
CINCH = Ruleset(
    name="cinch",
    title=gettext_noop("Cinch (Double Pedro)"),
    points=FOSTER_POINTS,
    min_bid=1,
    max_bid=14,
    **_NO_SHOOT,
    exchange="draw-choice",
    **_CINCH_PLAY,
    scoring="difference",
    cinch_credit=True,
    target=51,
    house_options=(_PEDRO_MIN_BID, _BICYCLE, _TARGET, _DEALS),
)
PEDRO_62 = dataclasses.replace(
    CINCH,
    name="pedro-62",
    title=gettext_noop("Pedro (62 points)"),
    exchange="maker-fill",
    robber="bidder",
    keeper_by_deal=True,
    cinch_credit=False,
    set_loses_bid=True,
    target=62,
    house_options=_PEDRO_OPTIONS,
)
LOUISIANA = Ruleset(
    name="louisiana",
    title=gettext_noop("Louisiana Pedro"),
    points=FOSTER_POINTS,
    min_bid=7,
    max_bid=14,
    stuck_bid=6,
    shoot_bid=28,
    shoot_set_penalty=28,
    top_bids=(28, 56),
    dark=True,
    target=62,
    bid_out=False,
    house_options=(
        HouseOption("stuck_bid", gettext_noop("A stuck dealer bids"), int, choices=(6, 7)),
        HouseOption("dark", gettext_noop("28 and 56 may be bid in the dark")),
        HouseOption(
            "shoot_needs_ace_and_two", gettext_noop("28 and 56 need the ace and two of a suit")
        ),
        HouseOption(
            "cut_throat", gettext_noop("Cut-throat: any card may answer a lead of another suit")
        ),
        _TARGET,
        _DEALS,
    ),
)
PIDRO = dataclasses.replace(
    CINCH,
    name="pidro",
    title=gettext_noop("Pidro (Finnish)"),
    play_rule="trumps-only",
    first_lead="bidder_leads_trump",
    cinch_credit=False,
    show_folded=True,
    house_options=(_TARGET, _DEALS),
)
OREGON = Ruleset(
    name="oregon",
    title=gettext_noop("Oregon Bidding Pedro"),
    points=_foster_and({"OJ": 1}),
    off_jack=True,
    min_bid=6,
    max_bid=15,
    stuck_bid=5,
    **_NO_SHOOT,
    suit_bids=True,
    open_auction=True,
    play_rule="no-rank",
    first_lead="bidder_leads_any",
    low_is_keeper=False,
    scoring="captured-minus",
    target=63,
    tie_rule="higher",
    house_options=(_TARGET, _DEALS),
)
TENNESSEE = Ruleset(
    name="tennessee",
    title=gettext_noop("Tennessee Pedro"),
    pack="54",
    off_jack=True,
    points=_foster_and({"OJ": 1, "X1": 1, "X2": 1}),
    min_bid=9,
    max_bid=17,
    **_NO_SHOOT,
    exchange="tennessee",
    play_rule="no-rank-down",
    low_is_keeper=False,
    scoring="captured-minus",
    target=52,
    tie_rule="bidders",
    throw_in=True,
    house_options=(
        HouseOption("min_bid", gettext_noop("Lowest bid"), int, choices=(9, 10)),
        HouseOption(
            "throw_in", gettext_noop("The non-bidding team may throw in its hand before play")
        ),
        HouseOption(
            "shoot_the_moon",
            gettext_noop("Shoot the moon: a bid of every point, made, wins the game"),
        ),
        HouseOption(
            "misdeal_no_points",
            gettext_noop("A player dealt no card that can score may call a misdeal"),
        ),
        _TARGET,
        _DEALS,
    ),
)
SIXTY_THREE = Ruleset(
    name="sixty-three",
    title=gettext_noop("Sixty-Three"),
    points=_foster_and({"K": 25, "9": 9, "3": 15}),
    joker_rank="low",
    joker_takes="3",
    min_bid=1,
    max_bid=63,
    **_NO_SHOOT,
    open_auction=True,
    extra_cards=4,
    exchange="extra-4",
    **_CINCH_PLAY,
    target=152,
    house_options=(_JOKER, _TARGET, _DEALS),
)
EIGHTY_THREE = dataclasses.replace(
    SIXTY_THREE,
    name="eighty-three",
    title=gettext_noop("Eighty-Three"),
    points=_canonical({**dict(SIXTY_THREE.points), "Q": 20}),
    cards_dealt=12,
    kitty_size=4,
    extra_cards=0,
    min_bid=30,
    max_bid=83,
    open_auction=False,
    exchange="kitty",
)
ISLE_MADAME = Ruleset(
    name="isle-madame",
    title=gettext_noop("Pede (Isle Madame)"),
    points=_foster_and({"K": 25}),
    min_bid=25,
    max_bid=39,
    **_NO_SHOOT,
    exchange="pede",
    target=221,
    lock_at=200,
    house_options=(_FOLD_WHEN_VOID, _TARGET, _DEALS),
)
KING_PEDRO = Ruleset(
    name="king-pedro",
    title=gettext_noop("King Pedro"),
    pack="32",
    off_jack=True,
    points=_foster_and({"K": 20, "OJ": 1}),
    cards_dealt=7,
    packets=(3, 4),
    hand_size=7,
    kitty_size=4,
    min_bid=15,
    max_bid=35,
    **_NO_SHOOT,
    exchange="senorita",
    **_CINCH_PLAY,
    scoring="captured-minus",
    target=105,
    lose_at=-105,
    house_options=(_TARGET, _DEALS),
)
SANCHO = dataclasses.replace(
    PEDRO_62,
    name="sancho",
    title=gettext_noop("Pedro Sancho"),
    points=_foster_and({"9": 9}),
    max_bid=23,
)
SIX_CARD = dataclasses.replace(
    PEDRO_62,
    name="six-card",
    title=gettext_noop("Six-Card Pedro"),
    cards_dealt=6,
    exchange="none",
    robber="dealer",
)


# ------------------------------------------------- the last partnership tables
# RULES.md 12.2: four seats, two partnerships, section 11 in every respect.

#: "Lowest bid" of Dom Pedro and Snoozer: pedro-62's choices, 6 by default.
DOM_PEDRO = dataclasses.replace(
    SANCHO,
    name="dom-pedro",
    title=gettext_noop("Dom Pedro"),
    points=_canonical({**dict(SANCHO.points), "3": 3}),
    min_bid=6,
    max_bid=26,
)
SNOOZER = dataclasses.replace(
    DOM_PEDRO,
    name="snoozer",
    title=gettext_noop("Snoozer"),
    pack="53",
    joker_rank="low",
    points=_canonical({**dict(DOM_PEDRO.points), "X1": 15}),
    max_bid=41,
)
#: The Canadian table (RULES.md 12.4.23): the King's 25 and the 9's 9 on §3's
#: deal, exchange and keeper 2, no-rank play; 48 a deal.
CANADIAN = Ruleset(
    name="canadian",
    title=gettext_noop("Canadian Pedro"),
    points=_foster_and({"K": 25, "9": 9}),
    min_bid=25,
    max_bid=48,
    **_NO_SHOOT,
    play_rule="no-rank",
    first_lead="bidder_leads_any",
    target=152,
    tie_rule="bidders",
    house_options=(
        _LOW_KEEPER,
        HouseOption(
            "target", gettext_noop("Points to win a casual game"), int, choices=(152, 91, 221)
        ),
        _DEALS,
    ),
)
#: No-Pedro Pitch (RULES.md 12.4.24): pedro-62 without either pedro; high,
#: low, jack and game, 4 a deal.
PITCH = dataclasses.replace(
    PEDRO_62,
    name="pitch",
    title=gettext_noop("No-Pedro Pitch"),
    points=(("A", 1), ("J", 1), ("T", 1), ("2", 1)),
    left_pedro=False,
    min_bid=1,
    max_bid=4,
    target=21,
    house_options=(
        _KEEPER_BY_DEAL,
        _SIMPLE,
        HouseOption(
            "target", gettext_noop("Points to win a casual game"), int, choices=(21, 52, 62)
        ),
        _DEALS,
    ),
)

#: The four-seat partnership games, by id: the two Monterey games first,
#: then RULES.md 11.2's order, then the partnership rows of 12.2.  Parties,
#: whose movement needs fixed pairs at four-seat tables, play only these.
PARTNERSHIP_RULESETS: MappingProxyType = MappingProxyType(
    {
        rs.name: rs
        for rs in (
            MONTEREY_DRAW,
            MONTEREY_WIDOW,
            CALIFORNIA,
            CINCH,
            PEDRO_62,
            LOUISIANA,
            PIDRO,
            OREGON,
            TENNESSEE,
            SIXTY_THREE,
            EIGHTY_THREE,
            ISLE_MADAME,
            KING_PEDRO,
            SANCHO,
            SIX_CARD,
            DOM_PEDRO,
            SNOOZER,
            CANADIAN,
            PITCH,
        )
    }
)

# ------------------------------------------------------------- N-seat games
# RULES.md 12.1-12.4: five players with a called partner, every seat for
# itself.  Played by the N-seat engine (``seats.py``).

_KEEPER_PLAYED = HouseOption(
    "low_is_keeper", gettext_noop("The 2 of trump scores for whoever played it")
)
FIVE_HAND = Ruleset(
    name="five-hand",
    title=gettext_noop("Five-Hand Pedro"),
    players=5,
    sides="called",
    call="any",
    cards_dealt=10,
    packets=(3, 3, 4),
    kitty_size=2,
    **_NO_SHOOT,
    exchange="five-hand",
    extras_each_trick=True,
    target=104,
    house_options=(_KEEPER_PLAYED, _TARGET),
)
RAILROAD = Ruleset(
    name="railroad",
    title=gettext_noop("Railroad Pedro"),
    players=5,
    sides="called",
    call="trump",
    alone=True,
    cards_dealt=6,
    **_NO_SHOOT,
    target=62,
    house_options=(_KEEPER_PLAYED, _TARGET),
)
INDIVIDUAL = dataclasses.replace(
    PEDRO_62,
    name="individual",
    title=gettext_noop("Pedro for 2 to 6 players"),
    players=3,
    sides="individual",
    exchange="draw-choice",
    robber="dealer",
    min_bid=6,
    deal_sizes=((4, 9), (6, 6)),
    rob_from_players=4,
    house_options=(
        HouseOption("players", gettext_noop("Players"), int, minimum=2, maximum=6),
        _PEDRO_MIN_BID,
        _KEEPER_BY_DEAL,
        _PEDRO_TARGET,
    ),
)
ORIGINAL = Ruleset(
    name="original",
    title=gettext_noop("The original Pedro"),
    players=4,
    sides="individual",
    table="sancho",
    **_original_table("sancho"),
    left_pedro=False,
    joker_rank="low",
    cards_dealt=6,
    min_bid=1,
    **_NO_SHOOT,
    exchange="none",
    **_CINCH_PLAY,
    target=50,
    house_options=(
        HouseOption("players", gettext_noop("Players"), int, minimum=4, maximum=7),
        HouseOption(
            "table",
            gettext_noop("Point table"),
            str,
            choices=ORIGINAL_TABLES,
            choice_labels=(
                gettext_noop("Sancho: the nine of trump counts"),
                gettext_noop("Dom: the three of trump counts too"),
                gettext_noop("Snoozer: the three and the joker, the lowest trump, count too"),
            ),
        ),
        HouseOption("target", gettext_noop("Points to win a casual game"), int, choices=(50, 100)),
    ),
)

#: The N-seat games of RULES.md 12.2, by id.
SEAT_RULESETS: MappingProxyType = MappingProxyType(
    {rs.name: rs for rs in (FIVE_HAND, RAILROAD, INDIVIDUAL, ORIGINAL)}
)

#: Every game, by id (RULES.md 12.5): the partnership games, then the
#: N-seat games.
RULESETS: MappingProxyType = MappingProxyType({**PARTNERSHIP_RULESETS, **SEAT_RULESETS})

#: The four-seat games of RULES.md 11.2 and 12.2 other than Monterey's two.
FAMILY: tuple[str, ...] = tuple(PARTNERSHIP_RULESETS)[2:]


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
    every game a party may play, :data:`PARTNERSHIP_RULESETS`)."""
    values = list(PARTNERSHIP_RULESETS.values() if rulesets is None else rulesets)
    highest = max(rs.max_bid for rs in values)
    tops = {rs.shoot_bid for rs in values if rs.shoot and rs.shoot_bid > highest}
    return StoredBounds(
        lowest_bid=min(rs.min_bid for rs in values),
        highest_bid=highest,
        top_bids=tuple(sorted(tops)),
        most_points=max(rs.total_points for rs in values),
    )


def game_winner(
    rs: Ruleset,
    totals: tuple[int, int],
    bidding_team: int,
    bid_made: bool,
    *,
    before: tuple[int, int] | None = None,
    bid: int | None = None,
) -> int | None:
    """The team that has won a casual game after a deal, or None (RULES.md 3.10, 11.1).

    ``totals`` are the game scores after the deal was added (``game_add``).
    With ``bid_out`` a team wins only on a deal it bid and made with its total
    at or above the target.  Without it the first team at or above the target
    wins; both there on the same deal: the game's tie rule (the bidding team if
    it made its bid, else the other team; Oregon the higher total, equal the
    bidders; Tennessee the bidders).  King Pedro: a team at or below
    ``lose_at`` loses at once, checked first.  Isle Madame: a team locked
    before the deal (``before``) that sets the bid wins at once (RULES.md 11.4.13).
    Tennessee's ``shoot_the_moon``: a made ``bid`` of every point wins at
    once, checked first (RULES.md 11.4.18).
    """
    if rs.shoot_the_moon and bid_made and bid == rs.total_points:
        return bidding_team
    if rs.lose_at:
        lost = [team for team in (0, 1) if totals[team] <= rs.lose_at]
        if len(lost) == 1:
            return 1 - lost[0]
        if lost:
            return 0 if totals[0] > totals[1] else 1
    locked = rs.lock_at and before is not None and before[1 - bidding_team] >= rs.lock_at
    if locked and not bid_made:
        return 1 - bidding_team
    if rs.bid_out:
        return bidding_team if bid_made and totals[bidding_team] >= rs.target else None
    reached = [team for team in (0, 1) if totals[team] >= rs.target]
    if len(reached) == 1:
        return reached[0]
    if len(reached) == 2:
        if rs.tie_rule == "bidders":
            return bidding_team
        if rs.tie_rule == "higher" and totals[0] != totals[1]:
            return 0 if totals[0] > totals[1] else 1
        if rs.tie_rule == "higher":
            return bidding_team
        return bidding_team if bid_made else 1 - bidding_team
    return None
