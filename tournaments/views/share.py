"""The host's "Players' page" screen: the link and its big QR code to show
around, and the two switches (page open or hidden, standings shown or not).

Guarded like every host page: signed in, and a host of the party (else 404).
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from pedroparty.links import absolute_url

from .. import services
from .host import party_for_host
from .public import public_url, qr_svg


@login_required
@require_GET
def share(request: HttpRequest, slug: str) -> HttpResponse:
    party = party_for_host(request, slug)
    url = public_url(request, party.public_token)
    context = {
        "party": party,
        "url": url,
        "qr": qr_svg(url),
        "board_url": absolute_url(request, "public:board", args=[party.public_token]),
    }
    return render(request, "host/share.html", context)


def _switch(value: str | None, current: bool) -> bool:
    """A switch's posted value ("1" or "0"); anything else leaves it as it is."""
    return {"1": True, "0": False}.get(value or "", current)


@login_required
@require_POST
def share_set(request: HttpRequest, slug: str) -> HttpResponse:
    party = party_for_host(request, slug)
    is_open = _switch(request.POST.get("open"), party.public_open)
    standings = _switch(request.POST.get("standings"), party.public_standings)
    services.party_public_set(party=party, open=is_open, standings=standings, user=request.user)
    shown = "open" if is_open else "hidden"
    table = "with the standings" if standings else "without the standings"
    messages.success(request, f"The players' page is {shown}, {table}.")
    return redirect("host:share", slug=party.slug)
