"""Table-side entry on players' phones, at /t/<table token>/: no sign-in.

The link is the key: it opens one table of one round, is 404 for any other
table, round or party (and while the party's option is off), and 410 once
the round is closed.  The seat a phone's player chose is kept in the session,
per link, so a phone handed round the table can answer for another seat.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST

from pedroparty.htmx import render_page

from .. import tableside_selectors
from ..forms import TableAnswerForm, TableEntryForm, TableSeatForm
from ..models import Round, TableRound
from ..services import PartyError, party_ruleset
from ..tableside_services import table_entry_confirm, table_entry_reject, table_entry_submit


def _table(token: str) -> TableRound:
    """The table the link opens, or the page that refuses it."""
    table_round = tableside_selectors.table_by_token(token=token)
    if table_round is None or not table_round.round.party.tableside_entry:
        raise Http404("No such table")
    return table_round


def _gone(request: HttpRequest, table_round: TableRound) -> HttpResponse | None:
    if table_round.round.status == Round.Status.OPEN:
        return None
    return render(request, "tableside/gone.html", {"table_round": table_round}, status=410)


def _key(token: str) -> str:
    return f"tableside-seat-{token}"


def _my_seat(request: HttpRequest, token: str) -> int | None:
    seat = request.session.get(_key(token))
    return seat if isinstance(seat, int) and 0 <= seat <= 3 else None


def _errors(error: PartyError) -> str:
    return error.message


def _page(request, token, table_round, *, form=None, status=200, hand=None) -> HttpResponse:
    page = tableside_selectors.table_page(table_round=table_round)
    me = _my_seat(request, token)
    ruleset = party_ruleset(table_round.round.party)
    deal = page.next_deal
    if form is None and deal is not None:
        form = TableEntryForm(initial={"deal": deal}, ruleset=ruleset, players=page.players)
    context = {
        "token": token,
        "page": page,
        "party": table_round.round.party,
        "ruleset": ruleset,
        "me": me,
        "my_name": page.players[me] if me is not None else "",
        "form": form,
        "hand": page.entry(hand) if hand is not None else None,
    }
    if hand is not None:
        return render_page(request, "tableside/hand.html", context, status=status)
    # The poll gets the live part; a refused entry, the whole page with its form.
    partial = "live" if status == 200 else None
    return render_page(request, "tableside/table.html", context, partial=partial, status=status)


@require_GET
def table_page(request: HttpRequest, token: str) -> HttpResponse:
    """The table's players, its scored deals, the entries waiting, the entry form."""
    table_round = _table(token)
    return _gone(request, table_round) or _page(request, token, table_round)


@require_POST
def table_me(request: HttpRequest, token: str) -> HttpResponse:
    """The player at this phone says which seat they are."""
    table_round = _table(token)
    gone = _gone(request, table_round)
    if gone:
        return gone
    form = TableSeatForm(request.POST)
    if form.is_valid():
        request.session[_key(token)] = form.cleaned_data["seat"]
    else:
        messages.error(request, " ".join(form.errors.get("seat", [])))
    return redirect("tableside:table", token=token)


@require_POST
def table_enter(request: HttpRequest, token: str) -> HttpResponse:
    """Enter a deal; it waits for the other team's confirmation."""
    table_round = _table(token)
    gone = _gone(request, table_round)
    if gone:
        return gone
    me = _my_seat(request, token)
    if me is None:
        messages.error(request, gettext("Say who you are before entering a deal."))
        return redirect("tableside:table", token=token)
    page = tableside_selectors.table_page(table_round=table_round)
    form = TableEntryForm(
        request.POST, ruleset=party_ruleset(table_round.round.party), players=page.players
    )
    if not form.is_valid():
        return _page(request, token, table_round, form=form, status=422)
    try:
        table_entry_submit(table_round=table_round, seat=me, **form.cleaned_data)
    except PartyError as error:
        for field, message in error.errors.items():
            form.add_error(field if field in form.fields else None, message)
        return _page(request, token, table_round, form=form, status=422)
    deal = form.cleaned_data["deal"]
    messages.success(
        request,
        gettext("Deal %(deal)d entered. A player of the other team must confirm it.")
        % {"deal": deal},
    )
    return redirect("tableside:table", token=token)


@require_GET
def table_hand(request: HttpRequest, token: str, deal: int) -> HttpResponse:
    """The screen for an opponent handed this phone: check the deal, confirm or reject."""
    table_round = _table(token)
    gone = _gone(request, table_round)
    if gone:
        return gone
    entry = tableside_selectors.table_page(table_round=table_round).entry(deal)
    if entry is None or entry.rejected:
        raise Http404("No entry waits for confirmation")
    return _page(request, token, table_round, hand=deal)


def _answer(request: HttpRequest, token: str, deal: int, *, confirm: bool) -> HttpResponse:
    table_round = _table(token)
    gone = _gone(request, table_round)
    if gone:
        return gone
    form = TableAnswerForm(request.POST)
    if not form.is_valid():
        messages.error(request, " ".join(e for errors in form.errors.values() for e in errors))
        return redirect("tableside:table", token=token)
    seat = form.cleaned_data["seat"]
    where = {"round": table_round.round, "table": table_round.table, "deal": deal}
    try:
        if confirm:
            table_entry_confirm(seat=seat, **where)
        else:
            table_entry_reject(seat=seat, reason=form.cleaned_data["reason"], **where)
    except PartyError as error:
        messages.error(request, _errors(error))
    else:
        if confirm:
            message = gettext("Deal %(deal)d confirmed and scored.")
        else:
            message = gettext("Deal %(deal)d sent back to be entered again.")
        messages.success(request, message % {"deal": deal})
    return redirect("tableside:table", token=token)


@require_POST
def table_confirm(request: HttpRequest, token: str, deal: int) -> HttpResponse:
    """A player of the other team confirms the deal: it is scored."""
    return _answer(request, token, deal, confirm=True)


@require_POST
def table_reject(request: HttpRequest, token: str, deal: int) -> HttpResponse:
    """A player of the other team rejects the deal, saying why."""
    return _answer(request, token, deal, confirm=False)
