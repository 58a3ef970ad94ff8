"""The keeper's pages: a new scorepad, the pad with its deal entry, the
last deal amended or deleted, the printed sheet.  The private link is the
key: whoever holds it keeps the score."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from pedroparty.clients import client_key
from pedroparty.links import absolute_url
from pedroparty.views import too_many
from scoring.rules import RULESETS

from ...errors import UserError
from ...views.common import qr_svg
from .. import selectors, services
from ..forms import AmendForm, DealForm, GameForm, ScorepadForm, new_form_token, player_counts
from ..sheet import sheet_pdf
from ..tally import Row, pad_ruleset


@require_http_methods(["GET", "POST"])
def scorepad_new(request: HttpRequest) -> HttpResponse:
    """Choose the game (and how many play), then name the players."""
    game_form = GameForm(request.GET or None)
    rs = game_form.ruleset() if "game" in request.GET else None
    kept = selectors.scorepads_kept_by(user=request.user) if request.user.is_authenticated else []
    if rs is None:
        counts = None
        if game_form.is_bound and game_form.is_valid():
            counts = player_counts(RULESETS[game_form.cleaned_data["game"]])
        context = {"game_form": game_form, "counts": counts, "kept": kept}
        return render(request, "scorepad/new.html", context)
    form = ScorepadForm(request.POST or None, ruleset=rs)
    errors: dict[str, str] = {}
    if request.method == "POST" and form.is_valid():
        try:
            pad = services.scorepad_create(
                game=rs.name,
                options=form.options(),
                names=form.names(),
                first_dealer=form.cleaned_data["first_dealer"],
                user=request.user,
                client=client_key(request),
            )
        except services.ScorepadsLimitReached as error:
            return too_many(request, "scorepad/too_many.html", error.retry_after)
        except UserError as error:
            errors = error.errors
        else:
            messages.success(request, gettext("Your scorepad is ready. Keep this page's link."))
            return redirect("scorepad:pad", token=pad.token)
    context = {
        "game_form": game_form,
        "ruleset": rs,
        "title": gettext(rs.title),
        "form": form,
        "errors": errors,
        "kept": kept,
    }
    return render(request, "scorepad/new.html", context)


def _pad_page(
    request: HttpRequest, sheet: selectors.Sheet, form: DealForm, errors: dict[str, str]
) -> HttpResponse:
    viewer = absolute_url(request, "scorepad:phone", args=[sheet.pad.view_token])
    context = {
        "sheet": sheet,
        "form": form,
        "errors": errors,
        "viewer": viewer,
        "viewer_qr": qr_svg(viewer),
        "token": sheet.pad.token,
    }
    return render(request, "scorepad/pad.html", context)


def _deal_form(sheet: selectors.Sheet, data=None, **kwargs: Any) -> DealForm:
    initial = {"number": sheet.next_number, "form_token": new_form_token()}
    return DealForm(data, initial=initial, ruleset=sheet.ruleset, names=list(sheet.names), **kwargs)


@require_GET
def scorepad_page(request: HttpRequest, token: str) -> HttpResponse:
    """The pad: a column a seat, the totals, whose deal is next, the entry."""
    sheet = selectors.scorepad_sheet(selectors.scorepad_by_token(token=token))
    return _pad_page(request, sheet, _deal_form(sheet), {})


@require_POST
def scorepad_enter(request: HttpRequest, token: str) -> HttpResponse:
    """Enter the next deal; bad input changes nothing and is named at its field."""
    pad = selectors.scorepad_by_token(token=token)
    rs = pad_ruleset(pad.ruleset)
    form = DealForm(request.POST, ruleset=rs, names=list(pad.names))
    if form.is_valid():
        try:
            deal = services.scorepad_deal_enter(
                scorepad=pad,
                number=form.cleaned_data["number"],
                entry=form.entry(),
                form_token=form.cleaned_data["form_token"] or None,
                user=request.user,
            )
        except UserError as error:
            errors = error.errors
        else:
            messages.success(request, gettext("Deal %(deal)d saved.") % {"deal": deal.number})
            return redirect("scorepad:pad", token=pad.token)
    else:
        errors = form.located_errors()
    sheet = selectors.scorepad_sheet(pad)
    return _pad_page(request, sheet, form, errors)


def _initial(row: Row, rs) -> dict[str, Any]:
    record = row.record
    initial: dict[str, Any] = {
        "number": row.number,
        "bidder": record["bidder"],
        "bid": record["bid"],
        "trump": record.get("trump") or "",
    }
    if rs.sides == "fixed":
        initial["bidding_team_points"] = record.get("bidding_team_points")
        initial["other_team_points"] = record.get("other_team_points")
    elif rs.sides == "called":
        initial["alone"] = record.get("alone") is True
        call = record.get("call") or ""
        initial.update(call_rank=call[:-1], call_suit=call[-1:], partner=record.get("partner"))
        initial["side_points"] = record["side_points"][0]
    else:
        for seat, points in enumerate(record["seat_points"]):
            initial[f"seat_points_{seat}"] = points
    return initial


@require_http_methods(["GET", "POST"])
def scorepad_amend(request: HttpRequest, token: str, deal: int) -> HttpResponse:
    """Change the last deal."""
    pad = selectors.scorepad_by_token(token=token)
    sheet = selectors.scorepad_sheet(pad)
    rows = sheet.game.rows
    if not rows or rows[-1].number != deal:
        messages.error(request, gettext("Only the last deal can be changed."))
        return redirect("scorepad:pad", token=pad.token)
    errors: dict[str, str] = {}
    names = list(pad.names)
    if request.method == "POST":
        form = AmendForm(request.POST, ruleset=sheet.ruleset, names=names)
        if form.is_valid():
            try:
                services.scorepad_deal_amend(
                    scorepad=pad, number=deal, entry=form.entry(), user=request.user
                )
            except UserError as error:
                errors = error.errors
            else:
                messages.success(request, gettext("Deal %(deal)d changed.") % {"deal": deal})
                return redirect("scorepad:pad", token=pad.token)
        else:
            errors = form.located_errors()
    else:
        initial = _initial(rows[-1], sheet.ruleset)
        form = AmendForm(initial=initial, ruleset=sheet.ruleset, names=names)
    context = {"sheet": sheet, "form": form, "errors": errors, "deal": deal, "token": pad.token}
    return render(request, "scorepad/amend.html", context)


@require_POST
def scorepad_delete(request: HttpRequest, token: str, deal: int) -> HttpResponse:
    """Delete the last deal."""
    pad = selectors.scorepad_by_token(token=token)
    try:
        services.scorepad_deal_delete(scorepad=pad, number=deal, user=request.user)
    except UserError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, gettext("Deal %(deal)d deleted.") % {"deal": deal})
    return redirect("scorepad:pad", token=pad.token)


@require_GET
def scorepad_sheet_pdf(request: HttpRequest, token: str) -> HttpResponse:
    """The score sheet to print: a column a seat, the deals so far, room for more."""
    sheet = selectors.scorepad_sheet(selectors.scorepad_by_token(token=token))
    response = HttpResponse(sheet_pdf(sheet), content_type="application/pdf")
    response["Content-Disposition"] = 'inline; filename="score-sheet.pdf"'
    return response
