"""The end of the night: finishing the party, the standings and the prize picks."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_POST

from .. import selectors, services
from ..errors import UserError
from ..forms import PrizePickForm, PrizeUnpickForm
from ..game.roles import Can
from ..models import Party, Prize
from .common import party_for_host


@login_required
@require_POST
def party_finish(request: HttpRequest, slug: str) -> HttpResponse:
    party = party_for_host(request, slug, need=Can.ORGANISE)
    try:
        services.party_finish(party=party, user=request.user)
    except UserError as error:
        messages.error(request, error.message)
        return redirect("host:dashboard", slug=party.slug)
    return redirect("host:prizes", slug=party.slug)


def _to_picks(party) -> HttpResponse:
    """Back to the prizes page, opened at the picks (below a long standings
    table): the next picker and their prizes in view."""
    return redirect(reverse("host:prizes", args=[party.slug]) + "#picks")


@login_required
@require_http_methods(["GET", "POST"])
def prizes(request: HttpRequest, slug: str) -> HttpResponse:
    """Standings and prizes.  A pick is asked for twice: the first tap shows
    what will be awarded, the second (``confirm=yes``) awards it.  "Undo
    this pick" (``?undo=<pick>``) asks before the pick is put back."""
    party = party_for_host(request, slug, need=Can.ORGANISE)
    error = ""
    confirm = None
    if request.method == "POST":
        form = PrizePickForm(request.POST, party=party)
        if not form.is_valid():
            error = form.error_text()
        elif request.POST.get("confirm") != "yes":
            confirm = {"prize": form.cleaned_data["prize"], "player": form.cleaned_data["player"]}
        else:
            try:
                services.prize_pick(
                    party=party,
                    player=form.cleaned_data["player"],
                    prize=form.cleaned_data["prize"],
                    user=request.user,
                )
            except UserError as exc:
                error = exc.message
            else:
                return _to_picks(party)
    board = selectors.prize_board(party)
    latest = selectors.prize_latest_pick(party)
    undo = PrizeUnpickForm(request.GET) if "undo" in request.GET else None
    asked = (
        undo is not None
        and undo.is_valid()
        and latest is not None
        and undo.cleaned_data["undo"] == latest.pick
        and party.status == Party.Status.FINISHED
    )
    context = {
        "party": party,
        "standings": selectors.party_standings(party),
        "board": board,
        "place_prizes": any(prize.kind == Prize.Kind.PLACE for prize in board),
        "turn": selectors.prize_turn(party),
        "latest": latest,
        "confirm": confirm,
        "undo": latest if asked else None,
        "error": error,
    }
    return render(request, "host/prizes.html", context, status=422 if error else 200)


@login_required
@require_POST
def prize_unpick(request: HttpRequest, slug: str) -> HttpResponse:
    """Put back the latest place prize picked, named by the confirmation's
    form: that player picks again.  Sent again, it changes nothing more."""
    party = party_for_host(request, slug, need=Can.ORGANISE)
    form = PrizeUnpickForm(request.POST)
    if not form.is_valid():
        messages.error(request, form.error_text())
        return _to_picks(party)
    try:
        award = services.prize_unpick(
            party=party, pick=form.cleaned_data["undo"], user=request.user
        )
    except UserError as error:
        messages.error(request, error.message)
    else:
        if award is None:
            messages.info(request, gettext("That pick is already put back."))
        else:
            messages.success(
                request,
                gettext("%(prize)s is back: %(name)s picks again.")
                % {"prize": award.prize.name, "name": award.player.name},
            )
    return _to_picks(party)
