"""Helpers shared by the party's view modules: who may open a host page,
the round a URL names, a refused service call's errors on a form, and the
addresses and QR codes handed to phones."""

from __future__ import annotations

import json

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.safestring import SafeString
from django.utils.translation import gettext

from pedroparty import qrcodes
from pedroparty.links import absolute_url

from ..clubs.selectors.clubs import club_role, party_capabilities
from ..clubs.services.access import refusal
from ..errors import UserError
from ..game.roles import Can, grants
from ..models import Club, Party, Round


def party_for_host(request: HttpRequest, slug: str, need: Can | None = Can.ORGANISE) -> Party:
    """The party, if the signed-in user may do ``need`` there (:mod:`tournaments.game.roles`;
    ``need=None``: any capability at all).

    Someone with no capability at the party gets 404, so that a link does not
    tell a stranger the party exists; a helper with some capability but not
    this one gets 403 with a message saying so.  The party comes back with
    ``party.capabilities`` set to what the user may do, for the page to show
    only what they can use."""
    party = Party.objects.filter(slug=slug).first()
    capabilities = party_capabilities(user=request.user, party=party) if party else frozenset()
    if not capabilities:
        raise Http404("No such party")
    if need is not None and need not in capabilities:
        raise PermissionDenied(refusal(need))
    party.capabilities = capabilities
    return party


def party_require(party: Party, need: Can) -> None:
    """Refuse (403) unless the user :func:`party_for_host` let in may also do ``need``."""
    if need not in party.capabilities:
        raise PermissionDenied(refusal(need))


def club_for(request: HttpRequest, slug: str, need: Can | None = Can.ORGANISE) -> Club:
    """The club, if the signed-in user's role in it grants ``need`` (``None``:
    any role).  No role at all: 404; a role without ``need``: 403.  The club
    comes back with ``club.role`` set to the user's role and
    ``club.capabilities`` to what it grants."""
    club = Club.objects.filter(slug=slug).first()
    role = club_role(user=request.user, club=club) if club else None
    if role is None:
        raise Http404("No such club")
    if need is not None and need not in grants(role):
        raise PermissionDenied(
            gettext("Only the club's organisers can do this.")
            if need == Can.ORGANISE
            else gettext("Your role in this club does not reach this page.")
        )
    club.role = role
    club.capabilities = grants(role)
    return club


def party_round(party: Party, number: int) -> Round:
    """The party's round ``number``; 404 if it has none yet.  The round
    holds ``party`` itself, so a service checking the user's capability
    there reads no row again."""
    rnd = get_object_or_404(Round, party=party, number=number)
    rnd.party = party
    return rnd


#: Record fields (RULES.md 5) that the result form shows beside another field.
_SHOWN_WITH = {"tally": "tally0", "cards": "detailed"}


def apply_errors(form, error: UserError) -> None:
    """Show a refused service call's errors on the form, each by its field."""
    for field, message in error.errors.items():
        field = _SHOWN_WITH.get(field, field)
        form.add_error(field if field in form.fields else None, message)


def public_url(request: HttpRequest, token: str) -> str:
    """The absolute address of a party's players' page."""
    return absolute_url(request, "public:party", args=[token])


def table_link(request: HttpRequest, token: str) -> str:
    """The absolute address of a table's entry page (its QR code's content)."""
    return absolute_url(request, "tableside:table", args=[token])


def qr_svg(url: str) -> SafeString:
    """The link as a QR code for a screen: a scalable SVG (no size of its own),
    black on white with its quiet zone, titled with the link."""
    return qrcodes.qr_svg(url, title=url)


def qr_svg_file(url: str) -> SafeString:
    """The link as a QR code in an SVG file of its own (an image response)."""
    return qrcodes.qr_svg(url, title=url, standalone=True)


def json_download(document: dict, name: str) -> HttpResponse:
    """A party or club file as a download: UTF-8 JSON, indented by 2, names
    as typed, saved as ``<name>.json``."""
    text = json.dumps(document, ensure_ascii=False, indent=2) + "\n"
    response = HttpResponse(text.encode("utf-8"), content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{name}.json"'
    return response
