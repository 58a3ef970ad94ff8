"""A club's season pages for its organisers: a new season, and the season's
page (its table, its parties, how many nights count, its public page).

Guarded like every club page: signed in, and an organiser of the club;
a season of another club, or none, is 404.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST

from pedroparty.links import absolute_url

from ...errors import UserError
from ...game.roles import Can
from ...models import Club, Party, Season
from ...views.common import apply_errors, club_for, qr_svg
from .. import selectors as club_selectors
from ..forms.seasons import SeasonBestOfForm, SeasonForm, SeasonPartyForm, SeasonPublicForm
from ..services import seasons as season_services


def _season(club: Club, season_id: int) -> Season:
    return get_object_or_404(Season, pk=season_id, club=club)


def season_public_url(request: HttpRequest, season: Season) -> str:
    """The absolute address of the public season page (its QR code's content)."""
    return absolute_url(request, "season_public:page", args=[season.public_token])


@login_required
@require_http_methods(["GET", "POST"])
def season_create(request: HttpRequest, club: str) -> HttpResponse:
    club_row = club_for(request, club, need=Can.ORGANISE)
    form = SeasonForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            season = season_services.season_create(
                club=club_row,
                name=form.cleaned_data["name"],
                best_of=form.cleaned_data["best_of"],
                user=request.user,
            )
        except UserError as error:
            apply_errors(form, error)
        else:
            messages.success(request, _("The season is ready: add its parties."))
            return redirect("club:season", club=club_row.slug, season=season.pk)
    status = 422 if form.errors else 200
    context = {
        "club": club_row,
        "form": form,
        "seasons": club_selectors.seasons_of_club(club_id=club_row.pk),
    }
    return render(request, "clubs/season_form.html", context, status=status)


def _season_page(
    request: HttpRequest,
    club: Club,
    season: Season,
    *,
    best_of_form: SeasonBestOfForm | None = None,
    party_form: SeasonPartyForm | None = None,
    status: int = 200,
) -> HttpResponse:
    url = season_public_url(request, season)
    table = club_selectors.season_table(season, public=False)
    context = {
        "club": club,
        "season": season,
        "table": table,
        "held_back_names": ", ".join(party.name for party in table.held_back),
        "best_of_form": best_of_form or SeasonBestOfForm(initial={"best_of": season.best_of}),
        "party_form": party_form or SeasonPartyForm(season=season),
        "url": url,
        "qr": qr_svg(url),
    }
    return render(request, "clubs/season.html", context, status=status)


@login_required
@require_http_methods(["GET"])
def season_page(request: HttpRequest, club: str, season: int) -> HttpResponse:
    club_row = club_for(request, club, need=Can.ORGANISE)
    return _season_page(request, club_row, _season(club_row, season))


@login_required
@require_POST
def season_best_of(request: HttpRequest, club: str, season: int) -> HttpResponse:
    club_row = club_for(request, club, need=Can.ORGANISE)
    season_row = _season(club_row, season)
    form = SeasonBestOfForm(request.POST)
    if form.is_valid():
        try:
            season_services.season_best_of_set(
                season=season_row, best_of=form.cleaned_data["best_of"], user=request.user
            )
        except UserError as error:
            apply_errors(form, error)
        else:
            messages.success(request, _("The season counts the nights as set."))
            return redirect("club:season", club=club_row.slug, season=season_row.pk)
    return _season_page(request, club_row, season_row, best_of_form=form, status=422)


@login_required
@require_POST
def season_party_add(request: HttpRequest, club: str, season: int) -> HttpResponse:
    club_row = club_for(request, club, need=Can.ORGANISE)
    season_row = _season(club_row, season)
    form = SeasonPartyForm(request.POST, season=season_row)
    if form.is_valid():
        try:
            season_services.season_party_add(
                season=season_row, party=form.cleaned_data["party"], user=request.user
            )
        except UserError as error:
            apply_errors(form, error)
        else:
            messages.success(request, _("The party counts in the season."))
            return redirect("club:season", club=club_row.slug, season=season_row.pk)
    return _season_page(request, club_row, season_row, party_form=form, status=422)


@login_required
@require_POST
def season_party_remove(request: HttpRequest, club: str, season: int, party: str) -> HttpResponse:
    club_row = club_for(request, club, need=Can.ORGANISE)
    season_row = _season(club_row, season)
    party_row = get_object_or_404(Party, slug=party, club=club_row)
    try:
        season_services.season_party_remove(season=season_row, party=party_row, user=request.user)
    except UserError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("The party no longer counts in the season."))
    return redirect("club:season", club=club_row.slug, season=season_row.pk)


@login_required
@require_POST
def season_public(request: HttpRequest, club: str, season: int) -> HttpResponse:
    club_row = club_for(request, club, need=Can.ORGANISE)
    season_row = _season(club_row, season)
    form = SeasonPublicForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose whether the season's page is open or closed."))
    else:
        is_open = form.cleaned_data["open"]
        try:
            season_services.season_public_set(season=season_row, open=is_open, user=request.user)
        except UserError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, _SEASON_PAGE_STATES[is_open])
    return redirect("club:season", club=club_row.slug, season=season_row.pk)


#: What the organiser reads after opening or closing the season's page.
_SEASON_PAGE_STATES = {
    True: gettext_lazy("The season's page is open to anyone with the link."),
    False: gettext_lazy("The season's page is closed: its link shows “not found”."),
}
