"""Helpers shared by the party's view modules: who may open a host page,
the round a URL names, a refused service call's errors on a form, and the
addresses and QR codes handed to phones."""

from __future__ import annotations

import io

import segno
from django.http import Http404, HttpRequest
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe

from pedroparty.links import absolute_url

from ..models import Club, Party, Round
from ..roles import Can, grants
from ..selectors.clubs import club_role, party_capabilities
from ..services import PartyError


def party_for_host(request: HttpRequest, slug: str, need: Can = Can.ORGANISE) -> Party:
    """The party, if the signed-in user may do ``need`` there (:mod:`tournaments.roles`);
    404 otherwise, so that a link does not tell a stranger the party exists."""
    party = Party.objects.filter(slug=slug).first()
    if party is None or need not in party_capabilities(user=request.user, party=party):
        raise Http404("No such party")
    return party


def club_for(request: HttpRequest, slug: str, need: Can = Can.ORGANISE) -> Club:
    """The club, if the signed-in user's role in it grants ``need``; 404 otherwise."""
    club = Club.objects.filter(slug=slug).first()
    if club is None or need not in grants(club_role(user=request.user, club=club)):
        raise Http404("No such club")
    return club


def party_round(party: Party, number: int) -> Round:
    """The party's round ``number``; 404 if it has none yet."""
    return get_object_or_404(Round, party=party, number=number)


#: Record fields (RULES.md 5) that the result form shows beside another field.
_SHOWN_WITH = {"tally": "tally0", "cards": "detailed"}


def apply_errors(form, error: PartyError) -> None:
    """Show a refused service call's errors on the form, each by its field."""
    for field, message in error.errors.items():
        field = _SHOWN_WITH.get(field, field)
        form.add_error(field if field in form.fields else None, message)


def public_url(request: HttpRequest, token: str) -> str:
    """The absolute address of a party's players' page."""
    return absolute_url(request, "public:party", args=[token])


def table_link(request: HttpRequest, token: str) -> str:
    """The absolute address of a table's entry page (its QR code's content)."""
    return request.build_absolute_uri(reverse("tableside:table", args=[token]))


def qr_svg(url: str) -> SafeString:
    """The link as a QR code: a scalable SVG (no size of its own), black on white."""
    out = io.BytesIO()
    segno.make(url, error="m").save(
        out, kind="svg", border=4, xmldecl=False, omitsize=True, svgclass="qr", title=url
    )
    # segno escapes the title; the rest is its own markup.
    return mark_safe(out.getvalue().decode())
