"""The host's result pages: a table's deals and the entry form for its next
one (also the tablet's offline queue, which asks for JSON), a whole table
from its tally card, and amending a deal."""

from __future__ import annotations

import dataclasses
import datetime
import secrets

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_http_methods

from scoring.wording import bid_words

from .. import selectors, services
from ..errors import UserError
from ..forms import AmendForm, DealNumberForm, ResultForm, TallyDealForm
from ..game.roles import Can
from ..models import DealResult, Party, Round
from ..tableside import selectors as tableside_selectors
from .common import apply_errors, party_for_host, party_require, party_round


@login_required
@require_http_methods(["GET", "POST"])
def table_view(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    """A table's deals so far and the entry form for its next deal."""
    party = party_for_host(request, slug, need=Can.SCORE)
    rnd = party_round(party, number)
    rs = services.party_ruleset(party)
    # A post with its deal number needs no sheet unless it is refused: a
    # saved result redirects at once (the service refuses a missing table).
    asked = request.POST.get("deal") or request.GET.get("deal")
    sheet = None if asked else _table_sheet(party, rnd, table)
    deal = DealNumberForm({"deal": asked}).number() if asked else sheet.next_deal or 0
    # The host's "Correct" of a deal a table entered: the form holds the entry.
    pending = None
    if request.method == "GET" and asked and party.tableside_entry:
        pending = tableside_selectors.table_open_entry(round_id=rnd.pk, table=table, deal=deal)
    form = ResultForm(
        request.POST or None,
        ruleset=rs,
        initial={"form_token": secrets.token_urlsafe(16), **_entry_initial(pending)},
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
                    entry=form.deal_entry(),
                    waited=datetime.timedelta(milliseconds=form.cleaned_data["waited_ms"] or 0),
                )
            except UserError as error:
                if queued:
                    return _entry_refused(request, party, rnd, table, deal, form, error)
                if error.differs:
                    # This form's token was used for something else: the same
                    # entry again, with a token of its own, saves it.
                    data = request.POST.copy()
                    data["form_token"] = secrets.token_urlsafe(16)
                    form = ResultForm(data, ruleset=rs)
                    form.is_valid()
                    status = 409
                    apply_errors(form, error)
                elif error.result is not None:
                    # Another device entered this deal first (a double tap of
                    # this form gets its own result back, not an error): move
                    # on to the next deal rather than refuse every later save,
                    # and say what this tablet entered, so nothing is lost.
                    messages.warning(request, _not_saved(form, error, rs))
                    return redirect("host:table", slug=party.slug, number=number, table=table)
                else:
                    apply_errors(form, error)
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
        "pending": pending,
        "ruleset": rs,
        "totals_before": sheet.totals,
        **_dealer(sheet, deal),
    }
    return render(request, "host/table.html", context, status=status)


def _entry_initial(entry) -> dict:
    """The entry form's values for a deal a table entered (none for no entry)."""
    if entry is None:
        return {}
    return {
        "bidder": entry.bidder,
        "bid": entry.bid,
        "trump": entry.trump,
        "bidding_team_points": entry.bidding_team_points,
        "other_team_points": entry.other_team_points,
    }


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
        "other_team_points": result.other_team_points,
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
    request: HttpRequest, party: Party, rnd: Round, table: int, deal: int, form, error: UserError
) -> JsonResponse:
    """A queued deal the server will not store.  Another device entered that
    deal meanwhile: 409 with both versions, for the host to compare (nothing
    is overwritten, and the queue does not send it again).  Its form token
    was used for something else: 409 naming what differs, with what was
    sent and nothing of what the token stored.  Anything else: 422 with the
    errors by field."""
    if error.result is None and not error.differs:
        return JsonResponse({"status": "invalid", "errors": error.errors}, status=422)
    sent = {"table": table, "deal": deal, **dataclasses.asdict(form.deal_entry())}
    sheet = selectors.table_sheet(party, rnd, table)
    if error.differs:
        context = {
            "party": party,
            "round": rnd,
            "players": sheet.players if sheet else [],
            "sent": sent,
            "message": error.message,
        }
        body = {
            "status": "conflict",
            "differs": list(error.differs),
            "message": error.message,
            "sent": sent,
            "html": render_to_string("host/_token_conflict.html", context, request=request),
        }
        return JsonResponse(body, status=409)
    context = {
        "party": party,
        "round": rnd,
        "players": sheet.players if sheet else [],
        "ruleset": services.party_ruleset(party),
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


def _not_saved(form, error: UserError, rs) -> str:
    """The message for a deal another device entered first: the stored one
    (the service's words) and this tablet's entry, which was not saved."""
    mine = form.cleaned_data
    ours = ngettext(
        "Not saved from this tablet: seat %(seat)d bid %(bid)s, %(points)d point.",
        "Not saved from this tablet: seat %(seat)d bid %(bid)s, %(points)d points.",
        mine["bidding_team_points"],
    ) % {
        "seat": mine["bidder"] + 1,
        "bid": bid_words(mine["bid"], rs),
        "points": mine["bidding_team_points"],
    }
    return " ".join([error.message, ours])


@login_required
@require_http_methods(["GET", "POST"])
def table_tally(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    """A whole table's deals from its tally card, checked together, saved all or none."""
    party = party_for_host(request, slug, need=Can.SCORE)
    rnd = party_round(party, number)
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
                    deals={d: form.deal_entry() for d, form in forms.items()},
                    user=request.user,
                )
            except UserError as error:
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
    """Amend a recorded deal, with a reason; a round whose winners change says
    which seatings would now be different."""
    party = party_for_host(request, slug, need=Can.SCORE)
    rnd = party_round(party, number)
    if rnd.status == Round.Status.CLOSED:
        # Amending a closed round can change its winners and so the seatings.
        party_require(party, Can.ORGANISE)
    result = get_object_or_404(DealResult, round=rnd, table=table, deal=deal, is_current=True)
    sheet = selectors.table_sheet(party, rnd, table)
    rs = services.party_ruleset(party)
    initial = {**_entry_initial(result), "version": result.version}
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
                    entry=form.deal_entry(),
                )
            except UserError as error:
                form, stored, status = _amend_refused(request, rs, form, error)
            else:
                messages.add_message(request, *_amended(number, table, deal, differing))
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


def _amend_refused(
    request: HttpRequest, rs, form: AmendForm, error: UserError
) -> tuple[AmendForm, DealResult | None, int]:
    """The form to show again, the deal as stored and the status, for an
    amendment the service refused.  Where another tablet saved first, the
    stored deal is shown beside what this host entered, and saving again
    replaces it knowingly."""
    stored = error.result
    if stored is not None:
        form = AmendForm({**request.POST.dict(), "version": stored.version}, ruleset=rs)
        form.is_valid()
    apply_errors(form, error)
    return form, stored, 422 if stored is None else 409


def _amended(number: int, table: int, deal: int, differing: list[int]) -> tuple[int, str]:
    """The message level and words for an amended deal: a warning naming the
    rounds whose seating would now be different, if any."""
    if not differing:
        return messages.SUCCESS, gettext("Deal %(deal)d at table %(table)d amended.") % {
            "deal": deal,
            "table": table,
        }
    rounds = ", ".join(str(n) for n in differing)
    return messages.WARNING, ngettext(
        "The winners of round %(number)d changed: the seating of round "
        "%(rounds)s would now be different. Keep the seatings played, or "
        "re-seat the current round if it has no deals yet.",
        "The winners of round %(number)d changed: the seating of rounds "
        "%(rounds)s would now be different. Keep the seatings played, or "
        "re-seat the current round if it has no deals yet.",
        len(differing),
    ) % {"number": number, "rounds": rounds}
