"""The host's side of table-side entry: the switch, the tables' QR codes,
and confirming a deal a table entered."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST

from ...errors import UserError
from ...game.roles import Can
from ...models import TableRound
from ...views.common import party_for_host, party_round, qr_svg, table_link
from ..forms import TablesideSwitchForm
from ..services import party_tableside_set, table_entry_confirm


@login_required
@require_GET
def table_codes(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Every table's QR code for this round, to show or print at the start of it."""
    party = party_for_host(request, slug, need=Can.SCORE)
    rnd = party_round(party, number)
    codes = []
    if party.tableside_entry:
        for table, token in TableRound.objects.filter(round=rnd).values_list(
            "table", "entry_token"
        ):
            url = table_link(request, token)
            codes.append({"table": table, "url": url, "qr": qr_svg(url)})
    context = {"party": party, "round": rnd, "codes": codes, "form": TablesideSwitchForm()}
    return render(request, "tableside/codes.html", context)


@login_required
@require_POST
def tableside_set(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Switch table-side entry on or off."""
    party = party_for_host(request, slug, need=Can.ORGANISE)
    party_round(party, number)
    form = TablesideSwitchForm(request.POST)
    if form.is_valid():
        on = form.cleaned_data["on"]
        party_tableside_set(party=party, on=on, user=request.user)
        if on:
            messages.success(request, gettext("Tables can now enter their deals."))
        else:
            messages.success(request, gettext("Table-side entry is off."))
    else:
        messages.error(request, gettext("Choose on or off."))
    return redirect("host:table_codes", slug=party.slug, number=number)


@login_required
@require_POST
def entry_confirm(request: HttpRequest, slug: str, number: int, table: int, deal: int):
    """The host confirms a deal a table entered: it is scored as entered."""
    party = party_for_host(request, slug, need=Can.SCORE)
    try:
        table_entry_confirm(
            round=party_round(party, number), table=table, deal=deal, user=request.user
        )
    except UserError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request,
            gettext("Table %(table)d, deal %(deal)d confirmed.") % {"table": table, "deal": deal},
        )
    return redirect("host:round", slug=party.slug, number=number)
