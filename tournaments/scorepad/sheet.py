"""The printed score sheet: a column a seat (a team a column in a
four-seat game), the deals entered so far and blank lines for the rest,
made with WeasyPrint as the party's printables are.

A party's printables render on a worker, as there can be a hundred pages of
them; a score sheet is one page that the person at the table waits for, so
it renders in the request, and this module loads WeasyPrint with the site."""

from __future__ import annotations

from django.template.loader import render_to_string
from django.utils import timezone

from ..printing.paper import DEFAULT_PAPER, MARGIN_MM, PAPERS, font_css
from ..printing.rendering import html_to_pdf
from .selectors import Sheet

#: Lines on a printed sheet (a page layout's number, not a game's).
SHEET_LINES = 24


def sheet_html(sheet: Sheet) -> str:
    """The sheet's HTML, as WeasyPrint prints it."""
    paper = PAPERS[DEFAULT_PAPER]
    blank = max(SHEET_LINES - len(sheet.lines), 0)
    context = {
        "sheet": sheet,
        "blank": range(len(sheet.lines) + 1, len(sheet.lines) + 1 + blank),
        "page_size": f"{paper.css} portrait",
        "margin": f"{MARGIN_MM}mm",
        "font_css": font_css(),
        "printed_at": timezone.localtime(),
    }
    return render_to_string("pdf/scorepad_sheet.html", context)


def sheet_pdf(sheet: Sheet) -> bytes:
    """The sheet as PDF bytes."""
    return html_to_pdf(sheet_html(sheet))
