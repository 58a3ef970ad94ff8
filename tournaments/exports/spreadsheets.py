"""Spreadsheet files (CSV) of a party's standings, of all its results and of
a season's standings.

The writing is plain Python over the selectors' dataclasses; the views only
read the rows and hand the bytes over.  Who may download which file is
decided in the views (:mod:`tournaments.exports.views`): a party's files
need the ``organise`` capability, a season's an organiser of its club.

Two things keep the files safe and readable in any spreadsheet:

* **Formula injection.**  A text cell that begins with ``=``, ``+``, ``-``,
  ``@``, a tab or a carriage return would be run as a formula by Excel,
  LibreOffice or Google Sheets (a player registered as ``=HYPERLINK(...)``).
  Such a cell is written with a leading ``'``, as OWASP advises, which the
  spreadsheet shows as text.  Numbers are written from ``int`` values and
  are never escaped, so a score of -105 stays the number -105.
* **Accents.**  The file is UTF-8 with a byte order mark, which is what tells
  Excel it is not in the machine's legacy code page.

The header row is in the active language (the host's); the cells hold names
as entered and numbers.
"""

from __future__ import annotations

import csv
import datetime
import io
import re
from collections.abc import Iterable, Sequence
from decimal import ROUND_HALF_UP, Decimal

from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext

from scoring.rules.cards import SUIT_NAMES

from ..clubs.selectors.seasons import SeasonTable
from ..models import DealResult
from ..selectors import PartyHistory, Standings

#: What a text cell may not begin with (OWASP, "CSV Injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
#: The byte order mark that tells a spreadsheet the file is UTF-8.
BOM = "\ufeff"
#: The media type of every file written here.
CONTENT_TYPE = "text/csv; charset=utf-8"

Cell = str | int | Decimal | None


def csv_cell(value: Cell) -> str | int | Decimal:
    """One cell as written: numbers as they are, ``None`` as an empty cell,
    text escaped where a spreadsheet would read it as a formula."""
    if value is None:
        return ""
    if isinstance(value, bool):  # a bool is an int to Python, never to a reader
        raise TypeError("a CSV cell is text or a number, not a bool")
    if isinstance(value, int | Decimal):
        return value
    text = str(value)
    if text.startswith(FORMULA_STARTS):
        return "'" + text
    return text


def csv_bytes(header: Sequence[str], rows: Iterable[Sequence[Cell]]) -> bytes:
    """The whole file: a BOM, the header row, then ``rows``, each cell through
    :func:`csv_cell`, lines ended with CRLF as RFC 4180 says."""
    out = io.StringIO()
    out.write(BOM)
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow([csv_cell(title) for title in header])
    for row in rows:
        writer.writerow([csv_cell(value) for value in row])
    return out.getvalue().encode("utf-8")


_UNSAFE = re.compile(r"[^A-Za-z0-9_-]+")


def csv_filename(*parts: str) -> str:
    """A file name for ``Content-Disposition`` made of ``parts`` (slugs and
    names): ASCII letters, digits, ``-`` and ``_`` only, so no quote, slash or
    line break can reach the header."""
    words = [_UNSAFE.sub("", slugify(part)) for part in parts]
    return "-".join(word for word in words if word)[:120] + ".csv"


# --------------------------------------------------------------------- a party


def standings_header() -> list[str]:
    return [
        gettext("Rank"),
        gettext("Player"),
        gettext("Score"),
        gettext("Rounds won"),
        gettext("Sit-outs"),
    ]


def standings_rows(standings: Standings) -> list[list[Cell]]:
    """One line per player, in standings order (equal players share a rank)."""
    return [[row.rank, row.name, row.score, row.rounds_won, row.sitouts] for row in standings.rows]


def standings_csv(standings: Standings) -> bytes:
    """A party's standings as a CSV file."""
    return csv_bytes(standings_header(), standings_rows(standings))


def results_header() -> list[str]:
    return [
        gettext("Round"),
        gettext("Table"),
        gettext("Deal"),
        gettext("Seat 1"),
        gettext("Seat 2"),
        gettext("Seat 3"),
        gettext("Seat 4"),
        gettext("Bidder"),
        gettext("Bid"),
        gettext("Trump"),
        gettext("Bidding team's points"),
        gettext("Other team's points"),
        gettext("Score, seats 1 and 3"),
        gettext("Score, seats 2 and 4"),
        gettext("Entered from"),
        gettext("Entered at"),
    ]


def _suit(code: str) -> str:
    return gettext(SUIT_NAMES[code]) if code in SUIT_NAMES else ""


def _source(code: str) -> str:
    return str(DealResult.Source(code).label) if code in DealResult.Source.values else code


def _when(at: datetime.datetime | None) -> str:
    """A moment as spreadsheets read a date and time, in the site's time zone."""
    if at is None:
        return ""
    return timezone.localtime(at).strftime("%Y-%m-%d %H:%M:%S")


def results_rows(history: PartyHistory) -> list[list[Cell]]:
    """Every current deal of the party, round by round, table by table, deal
    by deal: who sat where, the bid and its result, the two teams' scores.

    Seats are numbered 1 to 4 as the table cards print them; seats 1 and 3
    are one team, seats 2 and 4 the other.  The other team's points are
    empty where the game does not write them (they are the rest of the
    deal's points)."""
    names = history.names()
    rows: list[list[Cell]] = []
    for info in history.rounds:
        for number, deals in enumerate(info.deals, start=1):
            seated = [names.get(pid, "") for pid in info.tables[number - 1]]
            for deal in deals:
                rows.append(
                    [
                        info.number,
                        deal.table,
                        deal.deal,
                        *seated,
                        seated[deal.bidder],
                        deal.bid,
                        _suit(deal.trump),
                        deal.bidding_team_points,
                        deal.other_team_points,
                        deal.score[0],
                        deal.score[1],
                        _source(deal.source),
                        _when(deal.entered_at),
                    ]
                )
    return rows


def results_csv(history: PartyHistory) -> bytes:
    """All the party's results as a CSV file (``history`` with its details)."""
    return csv_bytes(results_header(), results_rows(history))


# --------------------------------------------------------------------- a season


def one_decimal(value: Decimal | int | float) -> Decimal:
    """An average or a rating as the season table shows it: one decimal, halves up."""
    return Decimal(value).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)


def season_header() -> list[str]:
    return [
        gettext("Rank"),
        gettext("Member"),
        gettext("Total"),
        gettext("Parties"),
        gettext("Average per party"),
        gettext("Rounds won"),
        gettext("Nights counted"),
        gettext("Rating"),
        gettext("Rated rounds"),
    ]


def season_rows(table: SeasonTable) -> list[list[Cell]]:
    """One line per member of a season's table, in standings order; the
    average is written with one decimal, as a number."""
    return [
        [
            row.rank,
            row.name,
            row.total,
            row.parties,
            one_decimal(row.average),
            row.rounds_won,
            row.nights_counted,
            "" if row.rating is None else one_decimal(row.rating),
            row.rating_rounds,
        ]
        for row in table.rows
    ]


def season_csv(table: SeasonTable) -> bytes:
    """A season's standings as a CSV file."""
    return csv_bytes(season_header(), season_rows(table))
