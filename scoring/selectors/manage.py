"""The creator's screen: every seat's private link, who is to act and for
how long, which seats may go to a bot."""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

from django.utils.translation import gettext

from pedroparty.qrcodes import qr_svg

from ..models import OnlineTable
from .phases import phase_title
from .state import DealLine, finished_deals, game_length, manage_etag, team_names
from .tables import away_note, deal_state, seat_game, seat_idle, table_ruleset, table_seats


@dataclass
class ManagedSeat:
    seat: int
    name: str
    kind: str
    bot: bool
    #: Whether a person holds this seat (a seat created for a bot has no
    #: link to show: nobody may see its hand).
    has_person: bool
    stand_in: bool
    url: str
    qr: str
    to_act: bool
    idle: bool
    #: "Played by a bot (normal) while Ana is away", or nothing.
    away: str = ""


@dataclass
class ManageScreen:
    table: OnlineTable
    etag: str
    length: str
    seats: list[ManagedSeat]
    teams: tuple[str, str]
    phase_title: str
    waiting_for: str
    waiting_since: datetime.datetime
    deals: list[DealLine]
    can_deal_next: bool
    game_over: bool
    winner: str
    #: An N-seat game (RULES.md 12.1): (name, running total) of each seat.
    totals: list[tuple[str, int]] = field(default_factory=list)


def manage_screen(creator_token: str, seat_url) -> ManageScreen | None:
    """The creator's page: every seat's private link (with a QR code), who is
    to act and for how long, which seats may go to a bot."""
    seats = table_seats(creator_token=creator_token)
    if not seats:
        return None
    table = seats[0].table
    rs = table_ruleset(table)
    state = deal_state(rs, table.current)
    names = [s.name for s in seats]
    view = state.view(0)
    managed = []
    for s in seats:
        url = seat_url(s.token) if s.has_person else ""
        managed.append(
            ManagedSeat(
                seat=s.seat,
                name=s.name,
                kind=s.kind,
                bot=s.is_bot,
                has_person=s.has_person,
                stand_in=s.stand_in,
                url=url,
                qr=qr_svg(url, title=url, svgclass="seat-qr") if url else "",
                to_act=state.to_act == s.seat,
                idle=seat_idle(table, state, s),
                away=away_note(s),
            )
        )
    game_over = table.status == OnlineTable.Status.FINISHED
    ring = seat_game(table)
    teams = ("", "") if ring else team_names(names)
    idle = any(m.idle for m in managed)
    if ring and table.winner is not None:
        winner = gettext("%(name)s wins") % {"name": names[table.winner]}
    elif table.winner is not None:
        winner = gettext("%(team)s win") % {"team": teams[table.winner]}
    else:
        winner = gettext("A tie")
    return ManageScreen(
        table=table,
        etag=manage_etag(table.version, idle),
        length=game_length(table),
        seats=managed,
        teams=teams,
        phase_title=phase_title(view, rs),
        waiting_for="" if state.to_act is None else names[state.to_act],
        waiting_since=table.turn_since,
        deals=finished_deals(table, names),
        can_deal_next=state.phase == "done" and not game_over,
        game_over=game_over,
        winner=winner if game_over else "",
        totals=list(zip(names, table.totals, strict=True)) if ring else [],
    )
