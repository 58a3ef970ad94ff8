"""A club's members pages, for the club's organisers: the members list with
its look-alike flags, renaming a member, and merging two into one.

Scorers and door helpers do not reach them (404, like a stranger): at the
door the players page's type-ahead is what they need of the members.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods

from ...errors import UserError
from ...game.roles import Can
from ...models import Club, Member
from ...views.common import apply_errors, club_for
from .. import selectors as club_selectors
from ..forms.members import MemberMergeForm, MemberPickForm, MemberRenameForm
from ..services import members as member_services


def _member(club: Club, pk: int) -> Member:
    return get_object_or_404(Member, club=club, pk=pk)


@login_required
@require_GET
def members(request: HttpRequest, club: str) -> HttpResponse:
    club = club_for(request, club, need=Can.ORGANISE)
    lines = club_selectors.club_members(club=club)
    return render(
        request,
        "clubs/members.html",
        {"club": club, "members": lines, "flagged": sum(1 for line in lines if line.lookalikes)},
    )


@login_required
@require_http_methods(["GET", "POST"])
def member_rename(request: HttpRequest, club: str) -> HttpResponse:
    """GET ``?member=<id>``: the form; POST: rename, back to the list."""
    club = club_for(request, club, need=Can.ORGANISE)
    if request.method == "POST":
        form = MemberRenameForm(request.POST)
        if form.is_valid():
            member = _member(club, form.cleaned_data["member"])
            try:
                member_services.member_rename(
                    club=club, member=member, name=form.cleaned_data["name"], user=request.user
                )
            except UserError as error:
                apply_errors(form, error)
            else:
                messages.success(
                    request, gettext("The member is now called %(name)s.") % {"name": member.name}
                )
                return redirect("club:members", club=club.slug)
        status = 422
        member_id = form.cleaned_data.get("member")
        member = Member.objects.filter(club=club, pk=member_id).first() if member_id else None
    else:
        pick = MemberPickForm(request.GET)
        if not pick.is_valid():
            return redirect("club:members", club=club.slug)
        member = _member(club, pick.cleaned_data["member"])
        form = MemberRenameForm(initial={"member": member.pk, "name": member.name})
        status = 200
    if member is None:
        return redirect("club:members", club=club.slug)
    return render(
        request,
        "clubs/member_rename.html",
        {"club": club, "member": member, "form": form},
        status=status,
    )


@login_required
@require_http_methods(["GET", "POST"])
def member_merge(request: HttpRequest, club: str) -> HttpResponse:
    """GET ``?keep=<id>&other=<id>``: the two members and what a merge does;
    POST the same: merge, back to the list."""
    club = club_for(request, club, need=Can.ORGANISE)
    data = request.POST if request.method == "POST" else request.GET
    form = MemberMergeForm(data if data else None)
    keep = other = None
    status = 200
    if form.is_valid():
        keep = _member(club, form.cleaned_data["keep"])
        other = _member(club, form.cleaned_data["other"])
        if request.method == "POST":
            try:
                member_services.member_merge(club=club, keep=keep, other=other, user=request.user)
            except UserError as error:
                apply_errors(form, error)
                status = 422
            else:
                messages.success(
                    request,
                    gettext("%(other)s is merged into %(keep)s.")
                    % {"other": other.name, "keep": keep.name},
                )
                return redirect("club:members", club=club.slug)
    elif form.is_bound:
        status = 422
    lines = club_selectors.club_members(club=club)
    by_id = {line.id: line for line in lines}
    context = {
        "club": club,
        "form": form,
        "members": lines,
        "keep": by_id.get(keep.pk) if keep else None,
        "other": by_id.get(other.pk) if other else None,
    }
    return render(request, "clubs/member_merge.html", context, status=status)
