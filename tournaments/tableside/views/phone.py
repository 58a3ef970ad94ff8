"""Table-side entry on players' phones, at /t/<table token>/: no sign-in.

The link is the key: it opens one table of one round, is 404 for any other
table, round or party (and while the party's option is off), and 410 once
the round is closed.  The seat a phone's player chose is kept in the session,
per link, for entering deals.

An entry is confirmed (or rejected) on its check screen only, whichever
phone shows it: the screen names the entering team and the deal's values,
and the other team's players tap their own name.  Its form carries a
signed mark of the entry it showed (:func:`entry_check`); an answer without
it (the entering phone posting an opponent's seat) or with another entry's
is sent to the check screen, and the seat a phone chose earlier never
answers for anyone.
"""

from __future__ import annotations

import functools
import hashlib
from pathlib import Path

from django import forms
from django.conf import settings
from django.contrib import messages
from django.core import signing
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.cache import get_conditional_response
from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET, require_POST

from pedroparty.htmx import render_page, vary_on_htmx

from ...choices import SEAT_CHOICES
from ...errors import UserError
from ...models import Round, TableRound
from ...selectors.public import public_state_latest
from ...services import party_ruleset
from .. import selectors as tableside_selectors
from ..forms import TableEntryForm, TableSeatForm
from ..services import table_entry_confirm, table_entry_reject, table_entry_submit

#: How long a check screen's mark stays good: a phone handed over and
#: answered, with time to read the deal.
CHECK_MAX_AGE = 15 * 60
_CHECK_SALT = "tournaments.tableside.check"


def entry_check(entry_id: int) -> str:
    """The mark a check screen's forms carry: the entry it showed, signed."""
    return signing.dumps(entry_id, salt=_CHECK_SALT)


class TableAnswerForm(forms.Form):
    """The other team's answer to a deal entered at the table, from its check
    screen.  (Kept beside its one view: tournaments/forms/__init__.py is at its size limit.)"""

    seat = forms.TypedChoiceField(
        choices=SEAT_CHOICES,
        coerce=int,
        error_messages={
            key: _("Choose your name.") for key in ("required", "invalid_choice", "invalid")
        },
    )
    reason = forms.CharField(required=False, max_length=240, label=_("What is wrong?"))
    check = forms.CharField(required=False, max_length=200, widget=forms.HiddenInput)

    def clean_check(self) -> int | None:
        """The entry the screen showed; None for no mark, a forged one or an old one."""
        try:
            entry_id = signing.loads(
                self.cleaned_data["check"], salt=_CHECK_SALT, max_age=CHECK_MAX_AGE
            )
        except signing.BadSignature:
            return None
        return entry_id if isinstance(entry_id, int) else None


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


def _errors(error: UserError) -> str:
    return error.message


#: Seconds between two polls of a table's page: an entry shows on the other
#: phones within this (and a poll that finds nothing new costs no query).
POLL_SECONDS = 1


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
        "poll": f"every {POLL_SECONDS}s, refresh, online from:window",
        "live_etag": _live_etag(request, token) if status == 200 else None,
    }
    if hand is not None:
        context["check"] = entry_check(context["hand"].entry_id)
        return render_page(request, "tableside/hand.html", context, status=status)
    # The poll gets the live part; a refused entry, the whole page with its form.
    partial = "live" if status == 200 else None
    return render_page(request, "tableside/table.html", context, partial=partial, status=status)


def _revision() -> str:
    base = Path(settings.BASE_DIR)
    digest = hashlib.sha256()
    for path in sorted((base / "templates" / "tableside").glob("*.html")):
        digest.update(path.read_bytes())
    return digest.hexdigest()[:10]


_cached_revision = functools.cache(_revision)


def _live_etag(request: HttpRequest, token: str) -> str | None:
    """The polled part's ETag: the party's version as last published, the
    phone's seat, the language and these templates; from the cache and the
    session alone (no database query once known), None for no such link."""
    party = tableside_selectors.table_party_token(token=token)
    state = public_state_latest(party) if party is not None else None
    if state is None:
        return None
    revision = _revision() if settings.DEBUG else _cached_revision()
    me = _my_seat(request, token)
    return f'"{state.version}-{me}-{get_language()}-{revision}"'


def _polled(response: HttpResponse, tag: str | None) -> HttpResponse:
    if tag is not None:
        response.headers["ETag"] = tag
        response.headers["Cache-Control"] = "no-cache"
    return vary_on_htmx(response)


@require_GET
def table_page(request: HttpRequest, token: str) -> HttpResponse:
    """The table's players, its scored deals, the entries waiting, the entry form.

    To the page's poll (htmx), the live part, or 304 while the party has not
    changed: every entry, answer or result bumps the party's version, so the
    other phones see it at their next poll, which costs no query until then."""
    tag = _live_etag(request, token) if request.htmx else None
    if tag is not None:
        unchanged = get_conditional_response(request, etag=tag)
        if unchanged is not None:
            return _polled(unchanged, tag)
    table_round = _table(token)
    response = _gone(request, table_round) or _page(request, token, table_round)
    return _polled(response, tag if response.status_code == 200 else None)


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
    except UserError as error:
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
    """The deal's check screen, on an opponent's phone or one handed to them:
    who entered the deal and its values; the other team's players confirm
    or reject it by tapping their own name."""
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
    where = {
        "round": table_round.round,
        "table": table_round.table,
        "deal": deal,
        "seat": form.cleaned_data["seat"],
        "entry_id": form.cleaned_data["check"],
    }
    try:
        if confirm:
            table_entry_confirm(**where)
        else:
            table_entry_reject(reason=form.cleaned_data["reason"], **where)
    except UserError as error:
        messages.error(request, _errors(error))
        if "check" in error.errors:
            return redirect("tableside:hand", token=token, deal=deal)
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
