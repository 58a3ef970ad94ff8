"""Dumping a party file: the whole party, at any moment of the night."""

from __future__ import annotations

from collections import Counter
from typing import Any

from scoring.rules.cards import ROLES

from .. import selectors
from ..game import movement
from ..game.standings import needs_cut
from ..models import DealResult, Party, Prize, PrizeAward, Round
from .values import FORMAT, RECORD_FIELDS


def party_dump(party: Party) -> dict[str, Any]:
    """The party file of ``party`` (RULES.md section 10 and the fields that keep
    the rest of the party), JSON-ready.

    Reads the party in a fixed number of queries, whatever its size.
    """
    history = selectors.party_history(party)
    names = history.names()
    details, amendments = _deal_versions(party)
    last = len(history.rounds)

    def listed_in(number: int | None) -> int | None:
        """The round whose arrivals/departures list a change effective from round
        ``number``; None for round 1 (the ``players`` list) or no change."""
        if number is None or number < 2 or not last:
            return None
        return min(number - 1, last)

    rounds = []
    for info in history.rounds:
        entry: dict[str, Any] = {}
        if not info.closed:
            entry["open"] = True
        played = [[names[pid] for pid in table] for table in info.tables]
        if info.number > 1 and _overridden(history, info):
            entry["seating_override"] = played
        entry["deals"] = [
            _deal_json(
                deal,
                *details.get(deal.id, (None, None, None)),
                amendments.get((info.id, deal.table, deal.deal), []),
            )
            for table in info.deals
            for deal in table
        ]
        entry["time_called"] = [t for t, called in enumerate(info.time_called, 1) if called]
        entry["tiebreaks"] = {
            str(t): cut
            for t, cut in enumerate(info.cuts, 1)
            if cut is not None
            and info.deals[t - 1]
            and needs_cut([d.score for d in info.deals[t - 1]])
        }
        entry["arrivals"] = [
            p.name for p in history.players if listed_in(p.arrives_round) == info.number
        ]
        entry["departures"] = [
            p.name for p in history.players if listed_in(p.leaves_round) == info.number
        ]
        entry["tables"] = played
        entry["sitting_out"] = [names[pid] for pid in info.sitting_out]
        entry["winners"] = list(info.winners)
        rounds.append(entry)

    table = selectors.standings_from_history(history)
    options = {
        "movement": party.movement,
        "deals_per_round": party.deals_per_round,
        "sitout_credit": party.sitout_credit,
        **party.house_options,
    }
    first = history.rounds[0] if history.rounds else None
    place: dict[int, str] = {}  # place prizes, first pick first
    specials: dict[str, str] = {}
    for prize_id, name, kind in party.prizes.order_by("position").values_list("id", "name", "kind"):
        if kind == Prize.Kind.PLACE:
            place[prize_id] = name
        else:
            specials[kind] = name
    number = {prize_id: n for n, prize_id in enumerate(place, start=1)}
    picks = (
        PrizeAward.objects.filter(prize__party=party, prize__kind=Prize.Kind.PLACE)
        .order_by("id")
        .values_list("player_id", "prize_id")
    )
    data = {
        "format": FORMAT,
        "name": party.name,
        "date": party.date.isoformat(),
        "venue": party.venue,
        "ruleset": party.ruleset,
        "options": options,
        "planned_rounds": party.planned_rounds,
        "round_minutes": party.round_minutes,
        "public": {"open": party.public_open, "standings": party.public_standings},
        # Written only when on, so a party without it dumps as before.
        **({"tableside_entry": True} if party.tableside_entry else {}),
        "players": [p.name for p in history.players if listed_in(p.arrives_round) is None],
        "seating": [[names[pid] for pid in t] for t in first.tables] if first else [],
        "rounds": rounds,
        "prizes": list(place.values()),
        "special_prizes": specials,
        "prize_picks": [
            {"player": names[player_id], "prize": number[prize_id]} for player_id, prize_id in picks
        ],
        "standings": [
            {
                "rank": row.rank,
                "player": row.name,
                "score": row.score,
                "rounds_won": row.rounds_won,
                "sitouts": row.sitouts,
            }
            for row in table.rows
        ],
    }
    if party.wifi_name:  # only when set: the file of a party without it is unchanged
        data["wifi"] = {"name": party.wifi_name, "password": party.wifi_password}
    return data


def _deal_versions(
    party: Party,
) -> tuple[dict[int, tuple[Any, Any, Any]], dict[tuple, list[dict]]]:
    """In one query: the cards, tally and other team's points of each current
    result (by id), and each amended deal's earlier versions, oldest first,
    each with the reason given when it was replaced (keyed by round id, table
    and deal)."""
    details: dict[int, tuple[Any, Any, Any]] = {}
    versions: dict[tuple, list[tuple]] = {}
    rows = (
        DealResult.objects.filter(round__party=party)
        .order_by("round_id", "table", "deal", "version")
        .values_list("id", "round_id", "table", "deal", "is_current", "reason", *RECORD_FIELDS)
    )
    # The record's fields in RECORD_FIELDS order: ..., other team's points,
    # trump, tally, cards.
    for pk, round_id, table, deal, current, reason, *record in rows:
        record[-1] = _in_role_order(record[-1])
        if current:
            details[pk] = (record[-1], record[-2], record[3])
        versions.setdefault((round_id, table, deal), []).append((reason, record))
    amendments = {}
    for key, rows_of_deal in versions.items():
        if len(rows_of_deal) < 2:
            continue
        earlier = []
        for (_, record), (reason, _) in zip(rows_of_deal, rows_of_deal[1:], strict=False):
            values = dict(zip(RECORD_FIELDS, record, strict=True))
            version = {name: value for name, value in values.items() if value not in (None, "")}
            version["reason"] = reason
            earlier.append(version)
        amendments[key] = earlier
    return details, amendments


def _in_role_order(cards: dict[str, int] | None) -> dict[str, int] | None:
    """The point cards in the order RULES.md 11.5 lists them, whatever order
    the database keeps a JSON object's keys in (PostgreSQL's jsonb sorts them)."""
    if cards is None:
        return None
    rank = {role: n for n, role in enumerate(ROLES)}
    return {role: cards[role] for role in sorted(cards, key=lambda r: rank.get(r, len(rank)))}


def _deal_json(
    deal: selectors.DealInfo, cards: Any, tally: Any, other: Any, amendments: list[dict]
) -> dict[str, Any]:
    record: dict[str, Any] = {
        "table": deal.table,
        "deal": deal.deal,
        "bidder": deal.bidder,
        "bid": deal.bid,
        "bidding_team_points": deal.bidding_team_points,
    }
    if other is not None:
        record["other_team_points"] = other
    if deal.trump:
        record["trump"] = deal.trump
    if tally is not None:
        record["tally"] = tally
    if cards is not None:
        record["cards"] = cards
    if amendments:
        record["amendments"] = amendments
    record["score"] = list(deal.score)
    return record


def _overridden(history: selectors.PartyHistory, info: selectors.RoundInfo) -> bool:
    """Whether round ``info`` was not seated by movement from the round before it
    as played: a host override, or a seating kept after an amendment."""
    if info.seating == Round.Seating.OVERRIDE:
        return True
    before = history.rounds[info.number - 2]
    if not before.closed or any(winner is None for winner in before.winners):
        return True
    sitouts = Counter(pid for r in history.rounds[: info.number - 1] for pid in r.sitting_out)
    try:
        expected = movement.seat_next_round(
            movement.Seating(tables=before.tables, sitting_out=before.sitting_out),
            before.winners,
            style=history.movement,
            present=[p.id for p in history.players if p.present_in(info.number)],
            sitouts_so_far=sitouts,
            registration=history.registration,
        )
    except movement.SeatingProblem:
        return True
    played = movement.Seating(tables=info.tables, sitting_out=info.sitting_out)
    return expected.tables != played.tables or set(expected.sitting_out) != set(played.sitting_out)
