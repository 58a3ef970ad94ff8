"""Reads of the scorepad: one by its link, and its sheet as plain values
for the keeper's page, the players' phones and the printed sheet."""

from __future__ import annotations

import datetime
import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.http import Http404
from django.utils import timezone
from django.utils.translation import gettext

from scoring.rules import Ruleset
from scoring.rules.cards import SUIT_SYMBOLS

from ..models import Scorepad, ScorepadDeal
from .tally import Game, game_of, is_team_game, pad_ruleset


def scorepad_by_token(*, token: str) -> Scorepad:
    """The scorepad whose keeper's link is ``token``; 404 else."""
    pad = Scorepad.objects.filter(token=token).first()
    if pad is None:
        raise Http404
    return pad


def scorepad_by_view_token(*, token: str) -> Scorepad:
    """The scorepad whose players' link is ``token``; 404 else."""
    pad = Scorepad.objects.filter(view_token=token).first()
    if pad is None:
        raise Http404
    return pad


def scorepads_kept_by(*, user) -> list[Scorepad]:
    """The scorepads a signed-in host created, newest first."""
    return list(Scorepad.objects.filter(created_by=user)[:20])


def scorepad_creation_wait(*, client: str) -> int | None:
    """Seconds until ``client`` may make a scorepad, or None if it may now.

    The casual tables' limits (``PLAY_TABLES_PER_*``, 0 for none) count
    scorepads too, by the rows themselves: every web process sees the same
    numbers.  One query per limit that is on."""
    minute, hour = datetime.timedelta(minutes=1), datetime.timedelta(hours=1)
    limits = [
        (settings.PLAY_TABLES_PER_MINUTE, minute, False),
        (settings.PLAY_TABLES_PER_HOUR, hour, False),
    ]
    if client:
        limits += [
            (settings.PLAY_TABLES_PER_CLIENT_MINUTE, minute, True),
            (settings.PLAY_TABLES_PER_CLIENT_HOUR, hour, True),
        ]
    now = timezone.now()
    wait = None
    for limit, window, per_client in limits:
        if limit <= 0:
            continue
        pads = Scorepad.objects.filter(created_at__gt=now - window)
        if per_client:
            pads = pads.filter(client=client)
        times = pads.order_by("-created_at").values_list("created_at", flat=True)
        for created_at in times[limit - 1 : limit]:
            seconds = max(1, math.ceil((created_at + window - now).total_seconds()))
            wait = seconds if wait is None else max(wait, seconds)
    return wait


@dataclass(frozen=True)
class Line:
    """One deal as a row of the sheet."""

    number: int
    dealer: str
    bidder: str
    bid: int
    trump: str
    #: Who played with the bidder: the partner's name, "alone", or "".
    side: str
    scores: tuple[int, ...]
    totals: tuple[int, ...]
    made: bool
    record: Mapping[str, Any]

    @property
    def cells(self) -> tuple[tuple[int, int], ...]:
        """(the deal's score, the running total) a column."""
        return tuple(zip(self.scores, self.totals, strict=True))


@dataclass(frozen=True)
class Sheet:
    """A scorepad as its pages show it: one column a seat (a team a column
    in a four-seat game), the deals, the totals, who deals next, the winner."""

    pad: Scorepad
    ruleset: Ruleset
    title: str
    names: tuple[str, ...]
    columns: tuple[str, ...]
    lines: tuple[Line, ...]
    totals: tuple[int, ...]
    next_number: int
    next_dealer: int
    next_dealer_name: str
    winner: str | None
    team_game: bool
    game: Game


def column_names(rs: Ruleset, names: list[str]) -> tuple[str, ...]:
    """A column's heading: the seat's player, or a team's two players."""
    if not is_team_game(rs):
        return tuple(names)
    return tuple(
        gettext("%(a)s & %(b)s") % {"a": names[team], "b": names[team + 2]} for team in (0, 1)
    )


def scorepad_sheet(pad: Scorepad) -> Sheet:
    """The sheet of ``pad``: its deals in one query."""
    rs = pad_ruleset(pad.ruleset)
    deals = ScorepadDeal.objects.filter(scorepad=pad).order_by("number")
    records = list(deals.values_list("record", flat=True))
    game = game_of(rs, first_dealer=pad.first_dealer, records=records)
    names = list(pad.names)
    columns = column_names(rs, names)
    lines = []
    for row in game.rows:
        record = row.record
        if record.get("alone"):
            side = gettext("alone")
        elif record.get("partner") is not None:
            side = names[record["partner"]]
        else:
            side = ""
        lines.append(
            Line(
                number=row.number,
                dealer=names[row.dealer],
                bidder=names[record["bidder"]],
                bid=record["bid"],
                trump=SUIT_SYMBOLS.get(record.get("trump") or "", ""),
                side=side,
                scores=row.scores,
                totals=row.totals,
                made=row.made,
                record=record,
            )
        )
    winner = None if game.winner is None else columns[game.winner]
    return Sheet(
        pad=pad,
        ruleset=rs,
        title=gettext(rs.title),
        names=tuple(names),
        columns=columns,
        lines=tuple(lines),
        totals=game.totals,
        next_number=len(lines) + 1,
        next_dealer=game.next_dealer,
        next_dealer_name=names[game.next_dealer],
        winner=winner,
        team_game=is_team_game(rs),
        game=game,
    )
