"""Spreadsheet downloads: a party's standings, all its results, a season's standings.

Who may download: a party's files need the ``organise`` capability at the
party (its owner, co-hosts, staff and its club's organisers); a season's
file an organiser of its club.  Being the organisers', they hold every
night, a party's standings and results even while its host hides them from
the players, and the season's standings with those nights counted.  A
scorer or door helper gets 404, as for a party that does not exist: the
files hold the whole night, and the helpers' pages show them only the part
of it their job needs.
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.views.decorators.http import require_safe

from .. import selectors
from ..clubs.selectors.seasons import season_table
from ..game.roles import Can
from ..models import Season
from ..views.common import club_for, party_for_host
from . import spreadsheets


def csv_response(content: bytes, filename: str) -> HttpResponse:
    """A CSV file as a download named ``filename`` (made by ``spreadsheets.csv_filename``)."""
    response = HttpResponse(content, content_type=spreadsheets.CONTENT_TYPE)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    response["Cache-Control"] = "private, no-store"
    response["X-Content-Type-Options"] = "nosniff"
    return response


@login_required
@require_safe
def export_standings(request: HttpRequest, slug: str) -> HttpResponse:
    """The party's standings as CSV, for its organisers."""
    party = party_for_host(request, slug, need=Can.ORGANISE)
    content = spreadsheets.standings_csv(selectors.party_standings(party))
    return csv_response(content, spreadsheets.csv_filename(party.slug, "standings"))


@login_required
@require_safe
def export_results(request: HttpRequest, slug: str) -> HttpResponse:
    """Every current deal of the party as CSV, for its organisers."""
    party = party_for_host(request, slug, need=Can.ORGANISE)
    content = spreadsheets.results_csv(selectors.party_history(party))
    return csv_response(content, spreadsheets.csv_filename(party.slug, "results"))


@login_required
@require_safe
def season_export(request: HttpRequest, club: str, season: int) -> HttpResponse:
    """A season's standings as CSV, for its club's organisers."""
    club_row = club_for(request, club, need=Can.ORGANISE)
    season_row = get_object_or_404(Season, club=club_row, pk=season)
    content = spreadsheets.season_csv(season_table(season_row, public=False))
    return csv_response(
        content, spreadsheets.csv_filename(club_row.slug, season_row.name, "standings")
    )
