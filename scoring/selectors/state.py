"""What a table's pages poll and what its JSON says: the table's public
facts, its finished deals, the polls' ETags, one seat's view of the deal in
play."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from django.db.models import Q
from django.utils import timezone
from django.utils.translation import get_language, gettext, ngettext

from pedroparty.memo import LocalMemo
from scoring.wording import bid_words

from ..models import OnlineDeal, OnlineSeat, OnlineTable
from .cards import suit_label
from .tables import (
    Played,
    bots_overdue_since,
    deal_state,
    seat_bid_made,
    seat_points,
    table_ruleset,
    table_seats,
)


@dataclass(frozen=True)
class DealLine:
    """A finished deal as everyone may see it once it is over."""

    number: int
    dealer: str
    bidder: str
    bidder_seat: int
    bid: int
    #: The bid as players say it ("8", "shoot the moon").
    bid_label: str
    trump: dict | None
    points: int
    made: bool
    #: The deal's score: (team 0, team 1), or one a seat in an N-seat game.
    score: tuple[int, ...]
    party_error: str
    #: An N-seat game: "Ana 5 · Bea −6 · …", each seat's deal score.
    seat_line: str = ""


#: A table's finished deals never change, so their lines are kept in memory
#: by table and number of finished deals.  The key is the creator's token, not
#: the table's id: ids come back when a database is re-created, tokens do not.
#: The lines hold words (the bid, the trump's name), so the language is in the key.
_finished = LocalMemo(size=4096)


def finished_deals(table: OnlineTable, names: list[str]) -> list[DealLine]:
    """The table's finished deals, first first."""
    done = table.deal_number - (table.current.status != OnlineDeal.Status.DONE)
    if done <= 0:
        return []
    key = (table.creator_token, done, get_language())
    lines = _finished.get(key)
    if lines is None:
        lines = _finished_lines(table, names)
        _finished.set(key, lines)
    return lines


def _finished_lines(table: OnlineTable, names: list[str]) -> list[DealLine]:
    rs = table_ruleset(table)
    lines = []
    for number, dealer, record, s0, s1, scores, error in (
        OnlineDeal.objects.filter(table=table, status=OnlineDeal.Status.DONE)
        .order_by("number")
        .values_list("number", "dealer", "record", "score0", "score1", "scores", "party_error")
    ):
        bidder = record["bidder"]
        if scores is not None:  # an N-seat game (RULES.md 12.1.8)
            points, made, score = seat_points(record), seat_bid_made(record), tuple(scores)
            seat_line = " · ".join(
                f"{name} {value:+d}" for name, value in zip(names, scores, strict=True)
            )
        else:
            points = record["bidding_team_points"]
            made = rs.bid_made(record["bid"], points)
            score, seat_line = (s0, s1), ""
        lines.append(
            DealLine(
                number=number,
                dealer=names[dealer],
                bidder=names[bidder],
                bidder_seat=bidder,
                bid=record["bid"],
                bid_label=bid_words(record["bid"], rs),
                trump=suit_label(record["trump"]),
                points=points,
                made=made,
                score=score,
                party_error=error,
                seat_line=seat_line,
            )
        )
    return lines


def table_facts(
    table: OnlineTable, seats: list[OnlineSeat], deals: list[DealLine]
) -> dict[str, Any]:
    """The table's public facts as JSON: names, kinds, scores, finished deals."""
    rs = table_ruleset(table)
    return {
        "version": table.version,
        "status": table.status,
        "mode": table.mode,
        "ruleset": rs.to_json(),
        "target": rs.target if table.mode == OnlineTable.Mode.TARGET else None,
        "deals_total": table.deals_total,
        "deal_number": table.deal_number,
        "seats": [{"seat": s.seat, "name": s.name, "kind": s.kind, "away": s.away} for s in seats],
        # A seat's running total in an N-seat game, else a team's.
        "score": list(table.totals) or [table.score0, table.score1],
        "winner": table.winner,
        "note": table.note,
        "deals": [
            {
                "number": d.number,
                "bidder": d.bidder_seat,
                "bid": d.bid,
                "trump": d.trump["letter"] if d.trump else None,
                # The bidding side's points (the bidder's own in an individual game).
                "bidding_team_points": d.points,
                "score": list(d.score),
            }
            for d in deals
        ],
    }


def game_length(table: OnlineTable) -> str:
    if table.mode == OnlineTable.Mode.TARGET:
        return gettext("Game to %(target)s") % {"target": table_ruleset(table).target}
    if table.mode == OnlineTable.Mode.PARTY:
        return gettext("Round %(round)s, table %(table)s") % {
            "round": table.party_round.number,
            "table": table.party_table,
        }
    return ngettext("%(count)d deal", "%(count)d deals", table.deals_total) % {
        "count": table.deals_total
    }


def team_names(names: list[str]) -> tuple[str, str]:
    # Translators: a team, by its two players' names.
    pair = gettext("%(first)s & %(second)s")
    return (
        pair % {"first": names[0], "second": names[2]},
        pair % {"first": names[1], "second": names[3]},
    )


def seat_etag(version: int) -> str:
    """The ETag of a seat's pages at a table version (views add the variant)."""
    return f"seat-{version}"


def manage_etag(version: int, idle: bool) -> str:
    """The ETag of the creator's page: the table version, and whether a seat is idle."""
    return f"manage-{version}-{int(idle)}"


@dataclass(frozen=True)
class SeatPresence:
    """What a seat's poll read of who is at the table: the seat's row, when
    its link was last seen, whether a bot plays it while its person is away,
    and whether another person's link has been silent for the away time."""

    table_id: int
    seat_id: int
    seen_at: datetime.datetime | None
    away: bool
    others_gone: bool


@dataclass(frozen=True)
class TablePoll:
    """What a page's poll needs: the table, the page's ETag, and whether the
    table has been still for so long that a due bot may have lost its task;
    for a seat's page, who is at the table; for the creator's page, whether
    a person's link has been silent for the away time (``gone``)."""

    table_id: int
    etag: str
    still: bool
    presence: SeatPresence | None = None
    gone: bool = False


def _still(status: str, turn_since: datetime.datetime, bots: bool) -> bool:
    """Still for so long that a due bot may have lost its task; a table of
    four people has no bot to resume."""
    return bots and status == OnlineTable.Status.PLAYING and turn_since <= bots_overdue_since()


def seat_poll(token: str) -> TablePoll | None:
    """The table seat ``token`` sits at, as its poll sees it (one query, one
    row per seat of the table), or None for an unknown token or a seat
    created for a bot."""
    rows = (
        OnlineSeat.objects.filter(table__seats__token=token)
        .values_list(
            "token",
            "kind",
            "stand_in",
            "table_id",
            "table__version",
            "table__status",
            "table__turn_since",
            "id",
            "seen_at",
            "away",
            "table__away_seconds",
        )
        .order_by()  # no ORDER BY to build: the rows are only looked through
    )
    seats = {row[0]: row for row in rows}
    if token not in seats:
        return None
    _, kind, stand_in, table_id, version, status, turn_since, seat_id, seen_at, away, wait = seats[
        token
    ]
    if kind != OnlineSeat.Kind.HUMAN and not stand_in:
        return None
    bots = any(row[1] != OnlineSeat.Kind.HUMAN for row in seats.values())
    since = timezone.now() - datetime.timedelta(seconds=wait)
    gone = status == OnlineTable.Status.PLAYING and any(
        row[1] == OnlineSeat.Kind.HUMAN and (row[8] is None or row[8] < since)
        for other, row in seats.items()
        if other != token
    )
    presence = SeatPresence(table_id, seat_id, seen_at, away, gone)
    return TablePoll(table_id, seat_etag(version), _still(status, turn_since, bots), presence)


#: A seat's view of the deal in play: the table, its seats, that seat, the view.
SeatView = tuple[OnlineTable, list[OnlineSeat], OnlineSeat, dict[str, Any]]


def _seat_view_read(token: str) -> SeatView | None:
    """The table, its seats, seat ``token`` and that seat's view of the deal
    in play (one query), or None for an unknown token.  A seat created for a
    bot has no person to show its hand to: None too."""
    seats = table_seats(token=token)
    if not seats:
        return None
    table = seats[0].table
    me = next(seat for seat in seats if seat.token == token)
    if not me.has_person:
        return None
    view = deal_state(table_ruleset(table), table.current).view(me.seat)
    return table, seats, me, view


def seat_view(token: str, played: Played | None = None) -> SeatView | None:
    """Seat ``token``'s view from a move just made, while it is still the
    table's state (no bot has played since), else from the database."""
    if played is None or played.bots_next:
        return _seat_view_read(token)
    me = next(seat for seat in played.seats if seat.token == token)
    return played.table, played.seats, me, played.state.view(me.seat)


def seat_json(token: str, played: Played | None = None) -> dict[str, Any] | None:
    """Seat ``token``'s view of the deal in play and the table's public facts."""
    found = seat_view(token, played)
    if found is None:
        return None
    table, seats, me, view = found
    deals = finished_deals(table, [s.name for s in seats])
    return {"table": table_facts(table, seats, deals), "seat": me.seat, "view": view}


def manage_poll(creator_token: str) -> TablePoll | None:
    """The creator page's poll (one query): its ETag is the version, and
    whether a seat is idle now."""
    table = OnlineTable.objects.filter(creator_token=creator_token).first()
    if table is None:
        return None
    idle = gone = False
    if table.status == OnlineTable.Status.PLAYING:
        now = timezone.now()
        idle = now - table.turn_since >= datetime.timedelta(seconds=table.idle_seconds)
        # The creator's page notices a person gone as a seat's page does, so
        # that a table whose other seats are bots still hands the seat over.
        since = now - datetime.timedelta(seconds=table.away_seconds)
        gone = (
            OnlineSeat.objects.filter(table=table, kind=OnlineSeat.Kind.HUMAN)
            .filter(Q(seen_at__isnull=True) | Q(seen_at__lt=since))
            .exists()
        )
    etag = manage_etag(table.version, idle)
    # A bot to resume is looked for only once the table has been still for long.
    still = _still(table.status, table.turn_since, True) and (
        OnlineSeat.objects.filter(table=table).exclude(kind=OnlineSeat.Kind.HUMAN).exists()
    )
    return TablePoll(table.pk, etag, still, gone=gone)
