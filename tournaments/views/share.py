"""The host's "Players' page" screen: the link and its big QR code to show
around, the two switches (page open or hidden, standings shown or not), the
hall's Wi-Fi and the party's language.

Guarded like every host page: signed in, and a host of the party (else 404).
"""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_POST

from pedroparty import qrcodes
from pedroparty.links import absolute_url

from .. import services
from ..errors import UserError
from ..forms import PartyLanguageForm, WifiForm
from ..game.roles import Can
from ..game.wifi import wifi_payload
from .common import party_for_host, public_url, qr_svg


def wifi_qr_svg(payload: str) -> SafeString:
    """The join-the-Wi-Fi QR code: a scalable SVG, titled for screen readers."""
    return qrcodes.qr_svg(payload, title=_("Join the Wi-Fi"), svgclass="qr-wifi")


def _share_page(
    request: HttpRequest, party, wifi_form: WifiForm | None = None, status: int = 200
) -> HttpResponse:
    url = public_url(request, party.public_token)
    if wifi_form is None:
        wifi_form = WifiForm(
            initial={"wifi_name": party.wifi_name, "wifi_password": party.wifi_password}
        )
    wifi = wifi_payload(party.wifi_name, party.wifi_password) if party.wifi_name else ""
    context = {
        "party": party,
        "url": url,
        "qr": qr_svg(url),
        "board_url": absolute_url(request, "public:board", args=[party.public_token]),
        "wifi_form": wifi_form,
        "wifi_qr": wifi_qr_svg(wifi) if wifi else "",
        "language_form": PartyLanguageForm(initial={"language": party.language}),
        **_hall_trust(request),
    }
    return render(request, "host/share.html", context, status=status)


def _hall_trust(request: HttpRequest) -> dict:
    """Where a tablet installs the hall's authority, when the hall is served
    over HTTPS (``make party``): its plain http address and QR code."""
    if not settings.PEDROPARTY_HALL_CA:
        return {}
    url = absolute_url(request, "hall_ca")
    return {"hall_ca_url": url, "hall_ca_qr": qr_svg(url)}


@login_required
@require_GET
def share(request: HttpRequest, slug: str) -> HttpResponse:
    return _share_page(request, party_for_host(request, slug, need=Can.ORGANISE))


@login_required
@require_POST
def share_wifi(request: HttpRequest, slug: str) -> HttpResponse:
    """The hall's Wi-Fi for the join-the-Wi-Fi QR code (host screen, table cards)."""
    party = party_for_host(request, slug, need=Can.ORGANISE)
    form = WifiForm(request.POST)
    if form.is_valid():
        try:
            services.party_wifi_set(
                party=party,
                name=form.cleaned_data["wifi_name"],
                password=form.cleaned_data["wifi_password"],
                user=request.user,
            )
        except UserError as error:
            for field, message in error.errors.items():
                form.add_error(field if field in form.fields else None, message)
        else:
            messages.success(request, _("The hall Wi-Fi is saved."))
            return redirect("host:share", slug=party.slug)
    return _share_page(request, party, form, status=400)


def _switch(value: str | None, current: bool) -> bool:
    """A switch's posted value ("1" or "0"); anything else leaves it as it is."""
    return {"1": True, "0": False}.get(value or "", current)


@login_required
@require_POST
def share_set(request: HttpRequest, slug: str) -> HttpResponse:
    party = party_for_host(request, slug, need=Can.ORGANISE)
    is_open = _switch(request.POST.get("open"), party.public_open)
    standings = _switch(request.POST.get("standings"), party.public_standings)
    services.party_public_set(party=party, open=is_open, standings=standings, user=request.user)
    messages.success(request, _SHARE_STATES[is_open, standings])
    return redirect("host:share", slug=party.slug)


#: What the host reads after setting the players' page's switches.
_SHARE_STATES = {
    (True, True): gettext_lazy("The players' page is open, with the standings."),
    (True, False): gettext_lazy("The players' page is open, without the standings."),
    (False, True): gettext_lazy("The players' page is hidden, with the standings."),
    (False, False): gettext_lazy("The players' page is hidden, without the standings."),
}


@login_required
@require_POST
def share_language(request: HttpRequest, slug: str) -> HttpResponse:
    """The party's language: the printouts' and, by default, the board's."""
    party = party_for_host(request, slug, need=Can.ORGANISE)
    form = PartyLanguageForm(request.POST)
    if not form.is_valid():
        messages.error(request, " ".join(form.errors.get("language", [])))
        return redirect("host:share", slug=party.slug)
    try:
        services.party_language_set(
            party=party, language=form.cleaned_data["language"], user=request.user
        )
    except UserError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("The party's language is saved."))
    return redirect("host:share", slug=party.slug)
