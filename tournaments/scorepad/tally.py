"""A scorepad's arithmetic, in plain Python (no Django): the record of one
deal as the validator reads it, what the deal scores, and the game so far.

Every game of ``RULESETS`` is kept here.  An N-seat game (RULES.md 12.1) has
one column a seat; a four-seat partnership game (section 5, 11.1) one
column a team, team 0 being seats 1 and 3.  Whose deal it is, the scores,
the running totals and the winner all come from the ruleset and the records
stored, in order: nothing here is remembered between calls.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scoring.rules import RULESETS, Ruleset, game_winner
from scoring.rules.seats import seat_game_winner, seat_scores

#: The record keys a scorepad's entry may give, by kind of game.
CALLED_KEYS = ("bidder", "bid", "trump", "call", "alone", "partner", "side_points", "tally")
INDIVIDUAL_KEYS = ("bidder", "bid", "trump", "seat_points", "tally")
TEAM_KEYS = ("bidder", "bid", "trump", "bidding_team_points", "other_team_points", "tally")


def pad_ruleset(ruleset: Mapping[str, Any]) -> Ruleset:
    """The ruleset a scorepad stored (``Ruleset.to_json()``), its options set."""
    options = {key: value for key, value in ruleset.items() if key != "name"}
    return RULESETS[ruleset["name"]].with_options(**options)


def is_team_game(rs: Ruleset) -> bool:
    """Whether the game is kept a team a column (four seats, fixed partners)."""
    return rs.sides == "fixed"


def columns(rs: Ruleset) -> int:
    """How many score columns the pad has: one a seat, or one a team."""
    return 2 if is_team_game(rs) else rs.players


def dealer_of(rs: Ruleset, first_dealer: int, number: int) -> int:
    """The seat that deals deal ``number`` (from 1): the deal passes left."""
    return (first_dealer + number - 1) % rs.players


def entry_keys(rs: Ruleset) -> tuple[str, ...]:
    """The record keys this game's entry gives."""
    if is_team_game(rs):
        return TEAM_KEYS
    return CALLED_KEYS if rs.sides == "called" else INDIVIDUAL_KEYS


def deal_record(
    rs: Ruleset, *, names: Sequence[str], first_dealer: int, number: int, entry: Mapping
) -> tuple[Ruleset, dict[str, Any]]:
    """The ruleset to check with and the record of deal ``number`` made of
    ``entry`` (the values the host gave, unchecked), for ``validate_result``.

    A four-seat game's deal is checked as the deal of a four-deal round that
    its dealer deals (section 5 numbers deals within a round); an N-seat
    game's carries its number and the first dealer (12.1.8)."""
    record: dict[str, Any] = {key: entry[key] for key in entry_keys(rs) if key in entry}
    dealer = dealer_of(rs, first_dealer, number)
    if is_team_game(rs):
        check = dataclasses.replace(rs, deals_per_round=rs.players)
        record.update(deal=dealer + 1, dealer=dealer, players=list(names))
        return check, record
    record.update(seats=rs.players, deal=number, dealer=dealer, first_dealer=first_dealer)
    return rs, record


def deal_scores(rs: Ruleset, record: Mapping[str, Any]) -> tuple[int, ...]:
    """What a valid record scores, one number a column (RULES.md 3.9, 11.1,
    12.3), before any rule of adding it to the game."""
    bid, bidder = record["bid"], record["bidder"]
    if is_team_game(rs):
        other = record.get("other_team_points") if rs.cards_can_leave_play else None
        mine, theirs = rs.deal_score(bid, record["bidding_team_points"], other)
        return (mine, theirs) if bidder % 2 == 0 else (theirs, mine)
    return seat_scores(
        rs,
        bid=bid,
        bidder=bidder,
        partner=record.get("partner"),
        alone=record.get("alone") is True,
        points=seat_points(rs, record),
    )


def seat_points(rs: Ruleset, record: Mapping[str, Any]) -> list[int]:
    """Points a seat as ``seat_scores`` reads them: an individual record's
    own, or a called-partner record's sides put on the bidder and on one
    seat of the other side (any split of the others' points scores alike)."""
    if rs.sides == "individual":
        return list(record["seat_points"])
    b, o = record["side_points"]
    bidder, partner = record["bidder"], record.get("partner")
    points = [0] * rs.players
    points[bidder] = b
    others = [s for s in range(rs.players) if s not in (bidder, partner)]
    points[others[0]] += o
    return points


def bid_made(rs: Ruleset, record: Mapping[str, Any]) -> bool:
    """Whether the bidder (his side, his team) made the bid."""
    if is_team_game(rs):
        return rs.bid_made(record["bid"], record["bidding_team_points"])
    if rs.sides == "individual":
        return record["seat_points"][record["bidder"]] >= record["bid"]
    return rs.bid_made(record["bid"], record["side_points"][0])


@dataclass(frozen=True)
class Row:
    """One deal as the pad shows it."""

    number: int
    dealer: int
    record: Mapping[str, Any]
    scores: tuple[int, ...]
    totals: tuple[int, ...]
    made: bool


@dataclass(frozen=True)
class Game:
    """The game so far: its rows, the totals, whose deal is next and the
    winner (a seat, or a team in a four-seat game; None while it goes on)."""

    rows: tuple[Row, ...]
    totals: tuple[int, ...]
    next_dealer: int
    winner: int | None
    #: The deal after which the game ended (None while it goes on).
    ended_after: int | None


def game_of(rs: Ruleset, *, first_dealer: int, records: Sequence[Mapping[str, Any]]) -> Game:
    """The game that ``records`` (valid, deal 1 first) make: each deal added
    by the game's rule, the winner by 11.1 (teams) or 12.3 (seats).  A deal
    after the winner is named does not count (the pad takes none)."""
    totals = (0,) * columns(rs)
    rows: list[Row] = []
    winner: int | None = None
    ended = None
    for number, record in enumerate(records, start=1):
        if winner is not None:
            break
        scores = deal_scores(rs, record)
        made = bid_made(rs, record)
        before = totals
        if is_team_game(rs):
            team = record["bidder"] % 2
            totals = rs.game_add(before, scores, team)
            winner = game_winner(rs, totals, team, made, before=before, bid=record["bid"])
        else:
            totals = tuple(t + s for t, s in zip(totals, scores, strict=True))
            winner = seat_game_winner(
                totals,
                rs.target,
                bidder=record["bidder"],
                partner=record.get("partner"),
                bid_made=made,
            )
        dealer = dealer_of(rs, first_dealer, number)
        rows.append(Row(number, dealer, record, scores, totals, made))
        if winner is not None:
            ended = number
    next_dealer = dealer_of(rs, first_dealer, len(rows) + 1)
    return Game(tuple(rows), totals, next_dealer, winner, ended)
