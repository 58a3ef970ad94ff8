"""The host's round pages: seating round 1, the round's grid, its clock and
calling time, the cut at a tied table, closing the round and the moves to
the next one, and re-seating a round by hand or from amended results."""

from __future__ import annotations

import secrets

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from pedroparty.htmx import render_page

from .. import selectors, services
from ..errors import UserError
from ..forms import CallTimeForm, CutForm, SeatDrawForm, SeatingForm
from ..game.roles import Can
from .common import party_for_host, party_round


@login_required
@require_http_methods(["GET", "POST"])
def seat_round1(request: HttpRequest, slug: str) -> HttpResponse:
    party = party_for_host(request, slug, need=Can.ORGANISE)
    if party.rounds.exists():
        return redirect("host:dashboard", slug=party.slug)
    present = list(party.players.order_by("order"))
    error = ""
    if request.method == "POST":
        manual = request.POST.get("mode") == "manual"
        if manual:
            form = SeatingForm(request.POST, tables=len(present) // 4)
        else:
            form = SeatDrawForm(request.POST)
        if not form.is_valid():
            error = form.error_text()
        else:
            try:
                if manual:
                    services.round1_seat_manual(
                        party=party, tables=form.tables(), user=request.user
                    )
                elif form.cleaned_data["by_rating"]:
                    services.round1_seat_rated(
                        party=party, seed=form.cleaned_data["seed"], user=request.user
                    )
                else:
                    services.round1_seat_draw(
                        party=party, seed=form.cleaned_data["seed"], user=request.user
                    )
            except UserError as exc:
                error = exc.message
            else:
                return redirect("host:round", slug=party.slug, number=1)
    context = {
        "party": party,
        "players": present,
        "table_numbers": range(1, len(present) // 4 + 1),
        "seats": range(4),
        "error": error,
        "suggested_seed": secrets.randbelow(10**6),
    }
    return render(request, "host/seat_round1.html", context, status=422 if error else 200)


@login_required
@require_GET
def round_view(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    party = party_for_host(request, slug, need=Can.SCORE)
    party_round(party, number)
    board = selectors.round_board(party, number)
    context = {
        "party": party,
        "board": board,
        "ruleset": services.party_ruleset(party),
        "clock_warn": selectors.CLOCK_WARN_SECONDS,
    }
    return render_page(request, "host/round.html", context, partial="grid")


@login_required
@require_http_methods(["GET", "POST"])
def table_call_time(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    """Call time at one table: a page asks first, and the call is made once
    the host has ticked the confirmation (a tap on the round page alone
    changes nothing)."""
    party = party_for_host(request, slug, need=Can.SCORE)
    rnd = party_round(party, number)
    back = redirect("host:round", slug=party.slug, number=number)
    if request.method == "POST":
        if not CallTimeForm(request.POST).is_valid():
            messages.error(
                request,
                gettext("Tick the box to call time at table %(table)d.") % {"table": table},
            )
            return back
        try:
            services.table_call_time(round=rnd, table=table, user=request.user)
        except UserError as error:
            messages.error(request, error.message)
        else:
            messages.success(
                request,
                gettext("Time called at table %(table)d. You can undo it until the round closes.")
                % {"table": table},
            )
        return back
    board = selectors.round_board(party, number)
    line = next((t for t in board.tables if t.number == table), None)
    if line is None:
        messages.error(
            request, gettext("There is no table %(table)d in this round.") % {"table": table}
        )
        return back
    if board.closed or not line.deals or line.complete:
        messages.info(
            request, gettext("Time cannot be called at table %(table)d now.") % {"table": table}
        )
        return back
    context = {"party": party, "board": board, "t": line}
    return render(request, "host/table_time.html", context)


@login_required
@require_POST
def table_call_time_undo(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    """Undo a table's own call of time: the table plays on."""
    party = party_for_host(request, slug, need=Can.SCORE)
    try:
        services.table_call_time_undo(
            round=party_round(party, number), table=table, user=request.user
        )
    except UserError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request,
            gettext("Time is no longer called at table %(table)d: it plays on.") % {"table": table},
        )
    return redirect("host:round", slug=party.slug, number=number)


def _message_error(request: HttpRequest, error: UserError) -> None:
    messages.error(request, error.message)


@login_required
@require_POST
def round_clock_start(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    party = party_for_host(request, slug, need=Can.SCORE)
    try:
        services.round_clock_start(round=party_round(party, number), user=request.user)
    except UserError as error:
        _message_error(request, error)
    else:
        messages.success(
            request,
            ngettext(
                "The round clock is running: %(minutes)d minute.",
                "The round clock is running: %(minutes)d minutes.",
                party.round_minutes,
            )
            % {"minutes": party.round_minutes},
        )
    return redirect("host:round", slug=party.slug, number=number)


@login_required
@require_POST
def round_clock_stop(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    party = party_for_host(request, slug, need=Can.SCORE)
    try:
        services.round_clock_stop(round=party_round(party, number), user=request.user)
    except UserError as error:
        _message_error(request, error)
    else:
        messages.success(request, gettext("The round clock is stopped."))
    return redirect("host:round", slug=party.slug, number=number)


@login_required
@require_POST
def round_call_time(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Call time for the round, once the host has ticked the confirmation."""
    party = party_for_host(request, slug, need=Can.SCORE)
    rnd = party_round(party, number)
    if not CallTimeForm(request.POST).is_valid():
        messages.error(request, gettext("Confirm that time is called for the whole round."))
        return redirect("host:round", slug=party.slug, number=number)
    try:
        tables = services.round_call_time(round=rnd, user=request.user)
    except UserError as error:
        _message_error(request, error)
    else:
        messages.success(
            request,
            gettext("Time called at tables %(tables)s. You can undo it until the round closes.")
            % {"tables": ", ".join(map(str, tables))},
        )
    return redirect("host:round", slug=party.slug, number=number)


@login_required
@require_POST
def round_call_time_undo(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    party = party_for_host(request, slug, need=Can.SCORE)
    try:
        tables = services.round_call_time_undo(round=party_round(party, number), user=request.user)
    except UserError as error:
        _message_error(request, error)
    else:
        messages.success(
            request,
            gettext("Time is no longer called: tables %(tables)s play on.")
            % {"tables": ", ".join(map(str, tables))},
        )
    return redirect("host:round", slug=party.slug, number=number)


@login_required
@require_POST
def table_cut(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    party = party_for_host(request, slug, need=Can.SCORE)
    try:
        differing = services.table_record_cut(
            round=party_round(party, number),
            table=table,
            team=CutForm(request.POST).winner(),
            user=request.user,
        )
    except UserError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, gettext("Cut recorded for table %(table)d.") % {"table": table})
        if differing:
            messages.warning(
                request,
                ngettext(
                    "The seating of round %(rounds)s would now differ.",
                    "The seating of rounds %(rounds)s would now differ.",
                    len(differing),
                )
                % {"rounds": ", ".join(map(str, differing))},
            )
    return redirect("host:round", slug=party.slug, number=number)


@login_required
@require_POST
def round_close(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Close the round and seat the next; with ``finish=1``, close it and
    finish the party instead (an organiser's action, checked as such)."""
    party = party_for_host(request, slug, need=Can.SCORE)
    rnd = party_round(party, number)
    finish = request.POST.get("finish") == "1"
    try:
        if finish:
            services.party_finish(party=party, user=request.user, close=rnd)
        else:
            nxt = services.round_close(round=rnd, user=request.user)
    except UserError as error:
        messages.error(request, error.message)
        return redirect("host:round", slug=party.slug, number=number)
    if finish:
        return redirect("host:prizes", slug=party.slug)
    messages.success(
        request,
        gettext("Round %(number)d closed. Here is where everyone moves.") % {"number": number},
    )
    return redirect("host:moves", slug=party.slug, number=nxt.number)


@login_required
@require_GET
def round_moves(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    party = party_for_host(request, slug, need=Can.SCORE)
    party_round(party, number)
    moves = selectors.round_moves(party, number)
    context = {
        "party": party,
        "moves": moves,
        "number": number,
        # Why the winners moved as they did, where a tie was broken on a deal.
        "tie_breaks": selectors.round_tie_breaks(party, number - 1) if number > 1 else [],
        "sitting_out": any(m.moved == "sits out" for m in moves),
    }
    return render(request, "host/moves.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def round_override(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    party = party_for_host(request, slug, need=Can.ORGANISE)
    rnd = party_round(party, number)
    board = selectors.round_board(party, number)
    error = ""
    if request.method == "POST":
        form = SeatingForm(request.POST, tables=len(board.tables))
        if not form.is_valid():
            error = form.error_text()
        else:
            try:
                services.round_override_seating(round=rnd, tables=form.tables(), user=request.user)
            except UserError as exc:
                error = exc.message
            else:
                messages.success(
                    request,
                    gettext("Round %(number)d re-seated as you set it.") % {"number": number},
                )
                return redirect("host:round", slug=party.slug, number=number)
    present = [p for p in party.players.order_by("order") if p.present_in(number)]
    context = {"party": party, "board": board, "players": present, "error": error}
    return render(request, "host/override.html", context, status=422 if error else 200)


@login_required
@require_POST
def round_reseat(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    party = party_for_host(request, slug, need=Can.ORGANISE)
    try:
        services.round_reseat(round=party_round(party, number), user=request.user)
    except UserError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request,
            gettext("Round %(number)d re-seated from the amended results.") % {"number": number},
        )
    return redirect("host:moves", slug=party.slug, number=number)
