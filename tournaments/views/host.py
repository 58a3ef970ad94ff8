"""The host's tablet pages.  Each view parses the request, calls one service
or selector, and renders; htmx requests get the page's partial.

Only the party's owner, its co-hosts and staff reach a party's pages; anyone
else gets 404, so a party's existence is not revealed.
"""

from __future__ import annotations

import secrets

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from scoring.wording import bid_words

from .. import change_selectors, selectors, services
from ..forms import (
    AmendForm,
    CallTimeForm,
    PartyForm,
    PlayerForm,
    PlayerSuggestForm,
    PrizePickForm,
    PrizeUnpickForm,
    ResultForm,
    SeatDrawForm,
    SeatingForm,
    TallyDealForm,
)
from ..models import DealResult, Party, Player, Prize, Round
from ..services import PartyError


def party_for_host(request: HttpRequest, slug: str) -> Party:
    """The party, if the signed-in user hosts it (or is staff); 404 otherwise."""
    user = request.user
    party = Party.objects.filter(slug=slug).first()
    if party is None or not (
        party.owner_id == user.pk or user.is_staff or party.cohosts.filter(pk=user.pk).exists()
    ):
        raise Http404("No such party")
    return party


def _render(request, template: str, context: dict, partial: str | None = None, status=200):
    name = f"{template}#{partial}" if partial and request.htmx else template
    response = render(request, name, context, status=status)
    response["Vary"] = "HX-Request"
    return response


#: Record fields (RULES.md 5) that the result form shows beside another field.
_SHOWN_WITH = {"tally": "tally0", "cards": "detailed"}


def _apply_errors(form, error: PartyError) -> None:
    for field, message in error.errors.items():
        field = _SHOWN_WITH.get(field, field)
        form.add_error(field if field in form.fields else None, message)


# --------------------------------------------------------------------- parties


@login_required
@require_GET
def party_list(request: HttpRequest) -> HttpResponse:
    parties = selectors.parties_hosted_by(request.user)
    return render(request, "host/party_list.html", {"parties": parties})


@login_required
@require_http_methods(["GET", "POST"])
def party_create(request: HttpRequest) -> HttpResponse:
    form = PartyForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            party = services.party_create(
                owner=request.user,
                name=data["name"],
                date=data["date"],
                venue=data["venue"],
                ruleset=data["ruleset"],
                movement=data["movement"],
                deals_per_round=data["deals_per_round"],
                sitout_credit=data["sitout_credit"],
                planned_rounds=data["planned_rounds"],
                round_minutes=data["round_minutes"],
                house_options=form.house_options(),
                prizes=form.prize_names(),
                special_prizes=form.special_prizes(),
                tableside_entry=data["tableside_entry"],
            )
        except PartyError as error:
            _apply_errors(form, error)
        else:
            return redirect("host:players", slug=party.slug)
    return render(request, "host/party_form.html", {"form": form}, status=_status(form))


def _status(form) -> int:
    return 422 if form.is_bound and form.errors else 200


@login_required
@require_GET
def party_dashboard(request: HttpRequest, slug: str) -> HttpResponse:
    party = party_for_host(request, slug)
    board = selectors.round_board(party)
    return _render(
        request,
        "host/dashboard.html",
        {"party": party, "board": board, "standings": selectors.party_standings(party)},
        partial="grid",
    )


# --------------------------------------------------------------------- players


@login_required
@require_http_methods(["GET", "POST"])
def players(request: HttpRequest, slug: str) -> HttpResponse:
    party = party_for_host(request, slug)
    form = PlayerForm(request.POST or None)
    warning = ""
    status = 200
    if request.method == "POST":
        if form.is_valid():
            name = form.cleaned_data["name"]
            lookalikes = services.similar_names(party, name)
            try:
                player = services.player_register(party=party, name=name, user=request.user)
            except PartyError as error:
                _apply_errors(form, error)
                status = 422
            else:
                if lookalikes:
                    warning = (
                        f"{player.name} looks like {', '.join(lookalikes)}, already registered. "
                        "Check it is not the same person."
                    )
                messages.success(request, f"{player.name} is registered.")
                form = PlayerForm()
        else:
            status = 422
    context = {
        "party": party,
        "form": form,
        "warning": warning,
        "roster": selectors.player_roster(party),
        "suggestions": selectors.earlier_player_names(request.user, party),
    }
    return _render(request, "host/players.html", context, partial="roster", status=status)


@login_required
@require_POST
def player_depart(request: HttpRequest, slug: str, player_id: int) -> HttpResponse:
    party = party_for_host(request, slug)
    player = get_object_or_404(Player, party=party, pk=player_id)
    if request.POST.get("undo"):
        services.player_rejoin(party=party, player=player, user=request.user)
        messages.success(request, f"{player.name} is back in the party.")
    else:
        services.player_depart(party=party, player=player, user=request.user)
        messages.success(request, f"{player.name} has left the party; the score is kept.")
    return redirect("host:players", slug=party.slug)


# --------------------------------------------------------------------- seating


@login_required
@require_http_methods(["GET", "POST"])
def seat_round1(request: HttpRequest, slug: str) -> HttpResponse:
    party = party_for_host(request, slug)
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
                else:
                    services.round1_seat_draw(
                        party=party, seed=form.cleaned_data["seed"], user=request.user
                    )
            except PartyError as exc:
                error = " ".join(exc.errors.values())
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


# --------------------------------------------------------------------- rounds


def _round(party: Party, number: int) -> Round:
    return get_object_or_404(Round, party=party, number=number)


@login_required
@require_GET
def round_view(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    party = party_for_host(request, slug)
    _round(party, number)
    board = selectors.round_board(party, number)
    context = {"party": party, "board": board, "clock_warn": selectors.CLOCK_WARN_SECONDS}
    return _render(request, "host/round.html", context, partial="grid")


@login_required
@require_http_methods(["GET", "POST"])
def table_view(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    """A table's deals so far and the entry form for its next deal."""
    party = party_for_host(request, slug)
    rnd = _round(party, number)
    rs = services.party_ruleset(party)
    # A post with its deal number needs no sheet unless it is refused: a
    # saved result redirects at once (the service refuses a missing table).
    asked = request.POST.get("deal") or request.GET.get("deal")
    sheet = None if asked else _table_sheet(party, rnd, table)
    try:
        deal = int(asked or sheet.next_deal or 0)
    except ValueError:
        deal = 0  # not a number: the service says which deals there are
    form = ResultForm(
        request.POST or None, ruleset=rs, initial={"form_token": secrets.token_urlsafe(16)}
    )
    status = 200
    stored = None
    if request.method == "POST":
        queued = _wants_json(request)
        if form.is_valid():
            try:
                result = services.result_record(
                    round=rnd,
                    table=table,
                    deal=deal,
                    user=request.user,
                    form_token=form.cleaned_data["form_token"] or None,
                    **form.service_kwargs(),
                )
            except PartyError as error:
                if queued:
                    return _entry_refused(request, party, rnd, table, deal, form, error)
                if error.result is not None:
                    # Another device entered this deal first (a double tap of
                    # this form gets its own result back, not an error): move
                    # on to the next deal rather than refuse every later save,
                    # and say what this tablet entered, so nothing is lost.
                    messages.warning(request, _not_saved(form, error, rs))
                    return redirect("host:table", slug=party.slug, number=number, table=table)
                _apply_errors(form, error)
                stored = error.result
                status = 422
            else:
                # The standings are not recomputed here: the phones read the
                # players' page's snapshot, and the host's pages compute them
                # (one changed round) when next opened; the Save does not wait.
                messages.success(
                    request,
                    gettext("Table %(table)d, deal %(deal)d saved.")
                    % {"table": table, "deal": deal},
                )
                if queued:  # the queue then loads the page, which shows the message
                    return _entry_stored(party, rnd, table, result)
                return redirect("host:table", slug=party.slug, number=number, table=table)
        else:
            if queued:
                return JsonResponse({"status": "invalid", "errors": form.errors}, status=422)
            status = 422
    sheet = sheet or _table_sheet(party, rnd, table)
    context = {
        "party": party,
        "round": rnd,
        "sheet": sheet,
        "deal": deal,
        "form": form,
        "stored": stored,
        "ruleset": rs,
        "totals_before": sheet.totals,
        **_dealer(sheet, deal),
    }
    return render(request, "host/table.html", context, status=status)


def _wants_json(request: HttpRequest) -> bool:
    """The tablet's offline queue (static/js/offline.js) sends deals itself
    and asks for JSON; a plain form post gets the page."""
    return "application/json" in request.headers.get("Accept", "")


def _result_values(result: DealResult) -> dict:
    return {
        "table": result.table,
        "deal": result.deal,
        "bidder": result.bidder,
        "bid": result.bid,
        "trump": result.trump,
        "bidding_team_points": result.bidding_team_points,
        "score": [result.score0, result.score1],
        "entered_by": result.entered_by.get_username() if result.entered_by else None,
        "entered_at": result.entered_at.isoformat(),
    }


def _entry_stored(party: Party, rnd: Round, table: int, result: DealResult) -> JsonResponse:
    """A queued deal is stored (201), or was already (200: the same token)."""
    replayed = getattr(result, "replayed", False)
    body = {
        "status": "stored",
        "replayed": replayed,
        "result": _result_values(result),
        "location": reverse("host:table", args=[party.slug, rnd.number, table]),
    }
    return JsonResponse(body, status=200 if replayed else 201)


def _entry_refused(
    request: HttpRequest, party: Party, rnd: Round, table: int, deal: int, form, error: PartyError
) -> JsonResponse:
    """A queued deal the server will not store.  Another device entered that
    deal meanwhile: 409 with both versions, for the host to compare (nothing
    is overwritten, and the queue does not send it again).  Anything else:
    422 with the errors by field."""
    if error.result is None:
        return JsonResponse({"status": "invalid", "errors": error.errors}, status=422)
    sent = {"table": table, "deal": deal, **form.service_kwargs()}
    sheet = selectors.table_sheet(party, rnd, table)
    context = {
        "party": party,
        "round": rnd,
        "players": sheet.players if sheet else [],
        "stored": error.result,
        "sent": sent,
    }
    body = {
        "status": "conflict",
        "message": "; ".join(error.errors.values()),
        "stored": _result_values(error.result),
        "sent": sent,
        "html": render_to_string("host/_deal_conflict.html", context, request=request),
    }
    return JsonResponse(body, status=409)


def _not_saved(form, error: PartyError, rs) -> str:
    """The message for a deal another device entered first: the stored one
    (the service's words) and this tablet's entry, which was not saved."""
    mine = form.cleaned_data
    ours = gettext("Not saved from this tablet: seat %(seat)d bid %(bid)s, %(points)d points.") % {
        "seat": mine["bidder"] + 1,
        "bid": bid_words(mine["bid"], rs),
        "points": mine["bidding_team_points"],
    }
    return " ".join([*error.errors.values(), ours])


@login_required
@require_http_methods(["GET", "POST"])
def table_tally(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    """A whole table's deals from its tally card, checked together, saved all or none."""
    party = party_for_host(request, slug)
    rnd = _round(party, number)
    rs = services.party_ruleset(party)
    sheet = _table_sheet(party, rnd, table)
    entered = {d.deal for d in sheet.deals}
    numbers = range(1, rs.deals_per_round + 1)
    # The deals this page offers, and on a post every deal it sent (one a
    # device entered meanwhile is refused, so nothing is half saved).
    wanted = [
        d
        for d in numbers
        if d not in entered or (request.method == "POST" and f"deal{d}-bid" in request.POST)
    ]
    forms = {d: TallyDealForm(request.POST or None, prefix=f"deal{d}", ruleset=rs) for d in wanted}
    status = 200
    if request.method == "POST":
        if not set(wanted) - entered:
            messages.info(request, gettext("All deals of this table are entered."))
            return redirect("host:table", slug=party.slug, number=number, table=table)
        if all([form.is_valid() for form in forms.values()]):
            try:
                results = services.table_results_enter(
                    round=rnd,
                    table=table,
                    deals=[{"deal": d, **form.cleaned_data} for d, form in forms.items()],
                    user=request.user,
                )
            except PartyError as error:
                for key, message in error.errors.items():
                    deal, _dot, field = key.partition(".")
                    form = forms.get(int(deal)) if deal.isdigit() else None
                    if form is None:
                        form = next(iter(forms.values()))
                    form.add_error(field if field in form.fields else None, message)
                status = 422
            else:
                selectors.party_standings(results[0].round.party)
                saved = ngettext(
                    "Table %(table)d: %(count)d deal saved.",
                    "Table %(table)d: %(count)d deals saved.",
                    len(results),
                )
                messages.success(request, saved % {"table": table, "count": len(results)})
                return redirect("host:table", slug=party.slug, number=number, table=table)
        else:
            status = 422
    context = {
        "party": party,
        "round": rnd,
        "sheet": sheet,
        "ruleset": rs,
        "deal_forms": [(d, form, _dealer(sheet, d)) for d, form in forms.items()],
        "has_errors": any(form.errors for form in forms.values()),
    }
    return render(request, "host/table_tally.html", context, status=status)


def _table_sheet(party: Party, rnd: Round, table: int):
    sheet = selectors.table_sheet(party, rnd, table)
    if sheet is None:
        raise Http404("No such table")
    return sheet


def _dealer(sheet, deal: int) -> dict:
    """Deal d of a round is dealt by seat (d - 1) mod 4 (RULES.md section 5)."""
    seat = (deal - 1) % 4 if deal else 0
    return {"dealer_seat": seat + 1, "dealer_name": sheet.players[seat]}


@login_required
@require_http_methods(["GET", "POST"])
def deal_amend(request: HttpRequest, slug: str, number: int, table: int, deal: int) -> HttpResponse:
    party = party_for_host(request, slug)
    rnd = _round(party, number)
    result = get_object_or_404(DealResult, round=rnd, table=table, deal=deal, is_current=True)
    sheet = selectors.table_sheet(party, rnd, table)
    initial = {
        "bidder": result.bidder,
        "bid": result.bid,
        "trump": result.trump,
        "bidding_team_points": result.bidding_team_points,
        "version": result.version,
    }
    rs = services.party_ruleset(party)
    form = AmendForm(request.POST or None, ruleset=rs, initial=initial)
    status = 200
    stored = None
    if request.method == "POST":
        if form.is_valid():
            try:
                _new, differing = services.result_amend(
                    result=result,
                    reason=form.cleaned_data["reason"],
                    user=request.user,
                    version=form.cleaned_data["version"],
                    **form.service_kwargs(),
                )
            except PartyError as error:
                if error.result is not None:
                    # Another tablet saved first: show what is stored now beside
                    # what this host entered; saving again replaces it knowingly.
                    stored = error.result
                    form = AmendForm({**request.POST.dict(), "version": stored.version}, ruleset=rs)
                    form.is_valid()
                    status = 409
                else:
                    status = 422
                _apply_errors(form, error)
            else:
                if differing:
                    rounds = ", ".join(str(n) for n in differing)
                    messages.warning(
                        request,
                        f"The winners of round {number} changed: the seating of round(s) "
                        f"{rounds} would now be different. Keep the seatings played, or "
                        "re-seat the current round if it has no deals yet.",
                    )
                else:
                    messages.success(request, f"Deal {deal} at table {table} amended.")
                return redirect("host:table", slug=party.slug, number=number, table=table)
        else:
            status = 422
    context = {
        "party": party,
        "round": rnd,
        "sheet": sheet,
        "deal": deal,
        "form": form,
        "result": result,
        "stored": stored,
        "ruleset": rs,
        # The preview adds the amended deal to the table's totals without it.
        "totals_before": (sheet.totals[0] - result.score0, sheet.totals[1] - result.score1),
        "amending": True,
        **_dealer(sheet, deal),
    }
    return render(request, "host/table.html", context, status=status)


@login_required
@require_POST
def table_call_time(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    party = party_for_host(request, slug)
    try:
        services.table_call_time(round=_round(party, number), table=table, user=request.user)
    except PartyError as error:
        messages.error(request, " ".join(error.errors.values()))
    else:
        messages.success(request, f"Time called on table {table}.")
    return redirect("host:round", slug=party.slug, number=number)


def _message_error(request: HttpRequest, error: PartyError) -> None:
    messages.error(request, " ".join(error.errors.values()))


@login_required
@require_POST
def round_clock_start(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    party = party_for_host(request, slug)
    try:
        services.round_clock_start(round=_round(party, number), user=request.user)
    except PartyError as error:
        _message_error(request, error)
    else:
        messages.success(
            request,
            gettext("The round clock is running: %(minutes)d minutes.")
            % {"minutes": party.round_minutes},
        )
    return redirect("host:round", slug=party.slug, number=number)


@login_required
@require_POST
def round_clock_stop(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    party = party_for_host(request, slug)
    try:
        services.round_clock_stop(round=_round(party, number), user=request.user)
    except PartyError as error:
        _message_error(request, error)
    else:
        messages.success(request, gettext("The round clock is stopped."))
    return redirect("host:round", slug=party.slug, number=number)


@login_required
@require_POST
def round_call_time(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Call time for the round, once the host has ticked the confirmation."""
    party = party_for_host(request, slug)
    rnd = _round(party, number)
    if not CallTimeForm(request.POST).is_valid():
        messages.error(request, gettext("Confirm that time is called for the whole round."))
        return redirect("host:round", slug=party.slug, number=number)
    try:
        tables = services.round_call_time(round=rnd, user=request.user)
    except PartyError as error:
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
    party = party_for_host(request, slug)
    try:
        tables = services.round_call_time_undo(round=_round(party, number), user=request.user)
    except PartyError as error:
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
    party = party_for_host(request, slug)
    team = request.POST.get("team", "")
    try:
        differing = services.table_record_cut(
            round=_round(party, number),
            table=table,
            team=int(team) if team in ("0", "1") else -1,
            user=request.user,
        )
    except PartyError as error:
        messages.error(request, " ".join(error.errors.values()))
    else:
        messages.success(request, f"Cut recorded for table {table}.")
        if differing:
            messages.warning(
                request,
                f"The seating of round(s) {', '.join(map(str, differing))} would now differ.",
            )
    return redirect("host:round", slug=party.slug, number=number)


@login_required
@require_POST
def round_close(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    party = party_for_host(request, slug)
    seat_next = request.POST.get("finish") != "1"
    try:
        nxt = services.round_close(
            round=_round(party, number), user=request.user, seat_next=seat_next
        )
    except PartyError as error:
        messages.error(request, " ".join(error.errors.values()))
        return redirect("host:round", slug=party.slug, number=number)
    if nxt is None:
        services.party_finish(party=party, user=request.user)
        return redirect("host:prizes", slug=party.slug)
    messages.success(request, f"Round {number} closed. Here is where everyone moves.")
    return redirect("host:moves", slug=party.slug, number=nxt.number)


@login_required
@require_GET
def round_moves(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    party = party_for_host(request, slug)
    _round(party, number)
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
    party = party_for_host(request, slug)
    rnd = _round(party, number)
    board = selectors.round_board(party, number)
    error = ""
    if request.method == "POST":
        form = SeatingForm(request.POST, tables=len(board.tables))
        if not form.is_valid():
            error = form.error_text()
        else:
            try:
                services.round_override_seating(round=rnd, tables=form.tables(), user=request.user)
            except PartyError as exc:
                error = " ".join(exc.errors.values())
            else:
                messages.success(request, f"Round {number} re-seated as you set it.")
                return redirect("host:round", slug=party.slug, number=number)
    present = [p for p in party.players.order_by("order") if p.present_in(number)]
    context = {"party": party, "board": board, "players": present, "error": error}
    return render(request, "host/override.html", context, status=422 if error else 200)


@login_required
@require_POST
def round_reseat(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    party = party_for_host(request, slug)
    try:
        services.round_reseat(round=_round(party, number), user=request.user)
    except PartyError as error:
        messages.error(request, " ".join(error.errors.values()))
    else:
        messages.success(request, f"Round {number} re-seated from the amended results.")
    return redirect("host:moves", slug=party.slug, number=number)


# --------------------------------------------------------------------- the end


@login_required
@require_GET
def audit(request: HttpRequest, slug: str) -> HttpResponse:
    party = party_for_host(request, slug)
    entries = change_selectors.party_changes(party, ruleset=services.party_ruleset(party))
    return render(request, "host/audit.html", {"party": party, "entries": entries})


@login_required
@require_POST
def party_finish(request: HttpRequest, slug: str) -> HttpResponse:
    party = party_for_host(request, slug)
    try:
        services.party_finish(party=party, user=request.user)
    except PartyError as error:
        messages.error(request, " ".join(error.errors.values()))
        return redirect("host:dashboard", slug=party.slug)
    return redirect("host:prizes", slug=party.slug)


@login_required
@require_http_methods(["GET", "POST"])
def prizes(request: HttpRequest, slug: str) -> HttpResponse:
    """Standings and prizes.  A pick is asked for twice: the first tap shows
    what will be awarded, the second (``confirm=yes``) awards it."""
    party = party_for_host(request, slug)
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
                error = " ".join(exc.errors.values())
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
    party = party_for_host(request, slug)
    form = PrizeUnpickForm(request.POST, party=party)
    if not form.is_valid():
        messages.error(request, form.error_text())
        return redirect("host:prizes", slug=party.slug)
    try:
        services.prize_unpick(party=party, prize=form.cleaned_data["prize"], user=request.user)
    except PartyError as error:
        messages.error(request, " ".join(error.errors.values()))
    return redirect("host:prizes", slug=party.slug)


@login_required
@require_GET
def player_suggest(request: HttpRequest) -> JsonResponse:
    """Names from the host's earlier parties starting with ``q`` (type-ahead)."""
    form = PlayerSuggestForm(request.GET)
    if not form.is_valid():
        return JsonResponse({"names": [], "errors": form.errors.get_json_data()}, status=400)
    query = form.cleaned_data["q"]
    names = selectors.earlier_player_names(request.user, None, prefix=query)[:20]
    return JsonResponse({"names": names})


# --------------------------------------------------------------------- the party file

#: Larger uploads are refused: a 25-table, 10-round night is about 250 kB.
PARTY_FILE_MAX_BYTES = 5 * 1024 * 1024


@login_required
@require_GET
def party_file(request: HttpRequest, slug: str) -> HttpResponse:
    """The party file (RULES.md section 10) as a JSON download, for the party's hosts."""
    import json

    from ..partyfile import party_dump

    party = party_for_host(request, slug)
    text = json.dumps(party_dump(party), ensure_ascii=False, indent=2) + "\n"
    response = HttpResponse(text.encode("utf-8"), content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{party.slug}.json"'
    return response


@login_required
@require_http_methods(["GET", "POST"])
def party_upload(request: HttpRequest) -> HttpResponse:
    """Create a party from an uploaded party file, owned by the signed-in host.

    A bad file, whatever it holds, is shown on the form with what is wrong,
    and creates nothing."""
    from ..forms import PartyFileForm
    from ..partyfile import PartyFileError, party_file_parse, party_load

    form = PartyFileForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        try:
            if upload.size > PARTY_FILE_MAX_BYTES:
                raise PartyFileError(
                    gettext("The file is too large for a party file (over %(size)d MB).")
                    % {"size": PARTY_FILE_MAX_BYTES // (1024 * 1024)}
                )
            data = party_file_parse(upload.read())
            party = party_load(data, owner=request.user, source=upload.name or "")
        except PartyFileError as error:
            form.add_error("file", str(error))
        else:
            messages.success(
                request, gettext("%(name)s is loaded from the file.") % {"name": party.name}
            )
            return redirect("host:dashboard", slug=party.slug)
    return render(request, "host/upload.html", {"form": form}, status=_status(form))


@login_required
@require_http_methods(["GET", "POST"])
def party_delete(request: HttpRequest, slug: str) -> HttpResponse:
    """Delete the party, after a page that names it and what will be lost.
    Only its owner or a co-host may (anyone else: 404, staff: 403)."""
    party = party_for_host(request, slug)
    error = ""
    if request.method == "POST":
        try:
            name = services.party_delete(party=party, user=request.user)
        except PartyError as exc:
            error = " ".join(exc.errors.values())
        else:
            messages.success(request, gettext("%(name)s is deleted.") % {"name": name})
            return redirect("host:party_list")
    context = {"party": party, "contents": selectors.party_contents(party), "error": error}
    return render(request, "host/party_delete.html", context, status=403 if error else 200)
