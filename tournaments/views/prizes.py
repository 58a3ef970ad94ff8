"""The end of the night: finishing the party, the standings and the prize picks."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from .. import selectors, services
from ..forms import PrizePickForm, PrizeUnpickForm
from ..models import Prize
from ..roles import Can
from ..services import PartyError
from .common import party_for_host


@login_required
@require_POST
def party_finish(request: HttpRequest, slug: str) -> HttpResponse:
    party = party_for_host(request, slug, need=Can.ORGANISE)
    try:
        services.party_finish(party=party, user=request.user)
    except PartyError as error:
        messages.error(request, error.message)
        return redirect("host:dashboard", slug=party.slug)
    return redirect("host:prizes", slug=party.slug)


@login_required
@require_http_methods(["GET", "POST"])
def prizes(request: HttpRequest, slug: str) -> HttpResponse:
    """Standings and prizes.  A pick is asked for twice: the first tap shows
    what will be awarded, the second (``confirm=yes``) awards it."""
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
            except PartyError as exc:
                error = exc.message
            else:
                return redirect("host:prizes", slug=party.slug)
    board = selectors.prize_board(party)
    context = {
        "party": party,
        "standings": selectors.party_standings(party),
        "board": board,
        "place_prizes": any(prize.kind == Prize.Kind.PLACE for prize in board),
        "turn": selectors.prize_turn(party),
        "latest": selectors.prize_latest_pick(party),
        "confirm": confirm,
        "error": error,
    }
    return render(request, "host/prizes.html", context, status=422 if error else 200)


@login_required
@require_POST
def prize_unpick(request: HttpRequest, slug: str) -> HttpResponse:
    """Put back the latest place prize picked: that player picks again."""
    party = party_for_host(request, slug, need=Can.ORGANISE)
    form = PrizeUnpickForm(request.POST, party=party)
    if not form.is_valid():
        messages.error(request, form.error_text())
        return redirect("host:prizes", slug=party.slug)
    try:
        services.prize_unpick(party=party, prize=form.cleaned_data["prize"], user=request.user)
    except PartyError as error:
        messages.error(request, error.message)
    return redirect("host:prizes", slug=party.slug)
