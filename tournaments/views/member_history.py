"""A club member's history: the organisers' page, and the member's own link.

The organisers' page (``club:member``) is for a club's organisers only (404
to anyone else).  The member's own page (``member_public:member``, at
``/m/<token>/``) needs no sign-in: its unguessable token is the key, and it
shows the member's own results only, never another member's.
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from pedroparty.links import absolute_url

from ..charts import Chart, ChartPoint, score_chart
from ..models import Member
from ..roles import Can
from ..selectors import MemberHistory, member_history
from .common import club_for, qr_svg


def history_chart(history: MemberHistory) -> tuple[Chart, str]:
    """The score-per-night chart, oldest night first, and the sentence that
    says it all for a screen reader."""
    nights = history.nights[::-1]
    chart = score_chart([ChartPoint(date_format(n.date, "j M"), n.score) for n in nights])
    if not nights:
        return chart, _("No party played yet.")
    listed = "; ".join(
        _("%(date)s, %(party)s: %(score)d")
        % {
            "date": date_format(n.date, "DATE_FORMAT"),
            "party": n.name,
            "score": n.score,
        }
        for n in nights
    )
    return chart, _("%(name)s's score per night. %(nights)s.") % {
        "name": history.name,
        "nights": listed,
    }


def _history_context(history: MemberHistory) -> dict:
    chart, description = history_chart(history)
    return {"history": history, "chart": chart, "chart_description": description}


@login_required
@require_safe
def member(request: HttpRequest, club: str, member: int) -> HttpResponse:
    """A member's parties, ranks, prizes and statistics, with the link and
    QR code of their own page."""
    club_row = club_for(request, club, need=Can.ORGANISE)
    row = get_object_or_404(Member.objects.select_related("club"), club=club_row, pk=member)
    url = absolute_url(request, "member_public:member", args=[row.public_token])
    context = _history_context(member_history(row))
    context.update({"club": club_row, "member": row, "url": url, "qr": qr_svg(url)})
    return render(request, "clubs/member.html", context)


@require_safe
def member_public(request: HttpRequest, token: str) -> HttpResponse:
    """The member's own page: their parties and results, nobody else's."""
    row = get_object_or_404(Member.objects.select_related("club"), public_token=token)
    context = _history_context(member_history(row))
    context["token"] = token
    response = render(request, "public/member.html", context)
    # A private link: kept out of shared caches and search engines.
    response.headers["Cache-Control"] = "private, no-cache"
    response.headers["X-Robots-Tag"] = "noindex"
    return response
