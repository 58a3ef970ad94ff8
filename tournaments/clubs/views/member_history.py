"""A club member's history: the organisers' page, and the member's own link.

The organisers' page (``club:member``) is for a club's organisers only (404
to anyone else) and shows every party.  The member's own page
(``member_public:member``, at ``/m/<token>/``) needs no sign-in: its
unguessable token is the key, and it shows the member's own results only,
never another member's, and only the parties whose host shows their
standings (``club_selectors.member_history``).
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.formats import date_format, number_format
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views.decorators.http import require_safe

from pedroparty.links import absolute_url

from ...game.charts import Chart, ChartPoint, score_chart
from ...game.roles import Can
from ...models import Member
from ...views.common import club_for, qr_svg
from ..selectors import GameRating, MemberHistory, member_history, member_rating


def history_chart(history: MemberHistory) -> tuple[Chart, str]:
    """The score-per-night chart, oldest night first, and the sentence that
    says it all for a screen reader."""
    nights = history.nights[::-1]
    # Translators: a Django date format (j day, M or b or N short month): a
    # night's date under its bar of the score chart, as "13 Nov".
    short = pgettext("date format under a chart's bar", "j M")
    chart = score_chart([ChartPoint(date_format(n.date, short), n.score) for n in nights])
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


def rating_chart(rating: GameRating) -> tuple[Chart, str]:
    """The rating after each night (to the nearest whole number; the list
    under the chart has it to a tenth), and the sentence for a screen reader."""
    short = pgettext("date format under a chart's bar", "j M")
    chart = score_chart(
        [ChartPoint(date_format(n.date, short), round(n.after)) for n in rating.nights]
    )
    listed = "; ".join(
        _("%(date)s, %(party)s: %(rating)s (%(change)s)")
        % {
            "date": date_format(n.date, "DATE_FORMAT"),
            "party": n.party,
            "rating": number_format(n.after, 1),
            "change": ("+" if n.change >= 0 else "") + number_format(n.change, 1),
        }
        for n in rating.nights
    )
    return chart, _("Rating after each night. %(nights)s.") % {"nights": listed}


def _history_context(history: MemberHistory, member: Member, *, public: bool) -> dict:
    chart, description = history_chart(history)
    rating = member_rating(member, public=public)
    games = []
    for game in rating.games:
        game_chart, game_description = rating_chart(game)
        games.append({"rating": game, "chart": game_chart, "description": game_description})
    return {
        "history": history,
        "chart": chart,
        "chart_description": description,
        "rating": rating,
        "rating_games": games,
    }


@login_required
@require_safe
def member(request: HttpRequest, club: str, member: int) -> HttpResponse:
    """A member's parties, ranks, prizes and statistics, with the link and
    QR code of their own page."""
    club_row = club_for(request, club, need=Can.ORGANISE)
    row = get_object_or_404(Member.objects.select_related("club"), club=club_row, pk=member)
    url = absolute_url(request, "member_public:member", args=[row.public_token])
    context = _history_context(member_history(row, public=False), row, public=False)
    context.update({"club": club_row, "member": row, "url": url, "qr": qr_svg(url)})
    return render(request, "clubs/member.html", context)


@require_safe
def member_public(request: HttpRequest, token: str) -> HttpResponse:
    """The member's own page: their parties and results, nobody else's, and
    only those whose host shows their standings."""
    row = get_object_or_404(Member.objects.select_related("club"), public_token=token)
    context = _history_context(member_history(row, public=True), row, public=True)
    context["token"] = token
    response = render(request, "clubs/member_public.html", context)
    # A private link: kept out of shared caches and search engines.
    response.headers["Cache-Control"] = "private, no-cache"
    response.headers["X-Robots-Tag"] = "noindex"
    return response
