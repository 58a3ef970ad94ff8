"""A club's pages: the user's clubs, a new club, a club's page with its
helpers, inviting a helper with a one-time link, and accepting one (a
new helper makes their account there, with the sign-up pages' form:
``views.accounts.new_account_form``).

An organiser does everything here; a scorer or door helper sees the club's
page read-only (its parties and seasons); anyone else gets 404.
"""

from __future__ import annotations

from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from pedroparty.links import absolute_url

from ...accounts.views import new_account_form
from ...errors import UserError
from ...game.roles import Can
from ...models import Invitation, Role
from ...views.common import apply_errors, club_for, qr_svg
from .. import selectors as club_selectors
from ..forms.clubs import ClubForm, InvitationForm, RatingsForm
from ..services import clubs as club_services
from ..services import ratings as rating_services


@login_required
@require_GET
def club_list(request: HttpRequest) -> HttpResponse:
    clubs = club_selectors.clubs_of(user=request.user)
    return render(request, "clubs/list.html", {"clubs": clubs})


@login_required
@require_http_methods(["GET", "POST"])
def club_create(request: HttpRequest) -> HttpResponse:
    form = ClubForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            club = club_services.club_create(name=form.cleaned_data["name"], user=request.user)
        except UserError as error:
            apply_errors(form, error)
        else:
            return redirect("club:detail", club=club.slug)
    status = 422 if form.is_bound and form.errors else 200
    return render(request, "clubs/create.html", {"form": form}, status=status)


@login_required
@require_GET
def club_detail(request: HttpRequest, club: str) -> HttpResponse:
    club = club_for(request, club, need=None)
    organiser = Can.ORGANISE in club.capabilities
    page = club_selectors.club_page(club=club, organiser=organiser)
    context = {
        "club": club,
        "page": page,
        "organiser": organiser,
        "role_label": Role(club.role).label,
        "ratings_form": RatingsForm(initial={"per_game": "1" if club.rating_per_game else "0"}),
    }
    return render(request, "clubs/detail.html", context)


@login_required
@require_POST
def club_ratings(request: HttpRequest, club: str) -> HttpResponse:
    """One rating for all the club's games, or one a game."""
    club = club_for(request, club)
    form = RatingsForm(request.POST)
    if form.is_valid():
        try:
            changed = rating_services.club_ratings_set(
                club=club, per_game=form.cleaned_data["per_game"], user=request.user
            )
        except UserError as error:
            messages.error(request, error.message)
        else:
            if changed:
                messages.success(
                    request, gettext("Saved: the members' ratings are being recomputed.")
                )
    return redirect("club:detail", club=club.slug)


@login_required
@require_http_methods(["GET", "POST"])
def club_invite(request: HttpRequest, club: str) -> HttpResponse:
    club = club_for(request, club)
    form = InvitationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            invitation = club_services.invitation_create(
                club=club, role=form.cleaned_data["role"], user=request.user
            )
        except UserError as error:
            apply_errors(form, error)
        else:
            return redirect("club:invitation", club=club.slug, invitation_id=invitation.pk)
    status = 422 if form.is_bound and form.errors else 200
    context = {"club": club, "form": form, "invitation_days": club_services.INVITATION_DAYS}
    return render(request, "clubs/invite.html", context, status=status)


@login_required
@require_GET
def club_invitation(request: HttpRequest, club: str, invitation_id: int) -> HttpResponse:
    """An invitation's link and QR code, to show or send to the helper."""
    club = club_for(request, club)
    invitation = Invitation.objects.filter(club=club, pk=invitation_id).first()
    if invitation is None:
        raise Http404("No such invitation")
    url = absolute_url(request, "invite:accept", args=[invitation.token])
    context = {
        "club": club,
        "invitation": invitation,
        "url": url,
        "qr": qr_svg(url),
        "problem": club_services.invitation_refusal(invitation, now=timezone.now()),
    }
    return render(request, "clubs/invitation.html", context)


@login_required
@require_POST
def invitation_withdraw(request: HttpRequest, club: str, invitation_id: int) -> HttpResponse:
    club = club_for(request, club)
    try:
        club_services.invitation_withdraw(club=club, invitation_id=invitation_id, user=request.user)
    except UserError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, gettext("The invitation is withdrawn: its link no longer works."))
    return redirect("club:detail", club=club.slug)


@login_required
@require_POST
def role_remove(request: HttpRequest, club: str, role_id: int) -> HttpResponse:
    club = club_for(request, club)
    try:
        club_services.club_role_remove(club=club, role_id=role_id, user=request.user)
    except UserError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, gettext("The role is taken away."))
        if club_selectors.club_role(user=request.user, club=club) is None:
            # An organiser who took their own role away no longer sees the club.
            return redirect("club:list")
    return redirect("club:detail", club=club.slug)


# --------------------------------------------------------------------- accepting


@require_http_methods(["GET", "POST"])
def invitation_accept(request: HttpRequest, token: str) -> HttpResponse:
    """GET: which club and role the link grants; signed in, an Accept button,
    otherwise a way to sign in and the form of a new account.
    POST: the role is granted, to the signed-in user or to a new account made
    here (or the problem is shown, nothing changed)."""
    invitation = Invitation.objects.select_related("club").filter(token=token).first()
    if invitation is None:
        raise Http404("No such invitation")
    problem = club_services.invitation_refusal(invitation, now=timezone.now())
    status = 410 if problem else 200
    if not request.user.is_authenticated:
        return _invitation_new_user(request, invitation, problem, status)
    if request.method == "POST" and not problem:
        try:
            club_services.invitation_accept(token=token, user=request.user)
        except UserError as error:
            problem, status = error.message, 409
        else:
            return _invitation_accepted(request, invitation)
    context = {"invitation": invitation, "club": invitation.club, "problem": problem}
    return render(request, "clubs/accept.html", context, status=status)


def _invitation_new_user(
    request: HttpRequest, invitation: Invitation, problem: str | None, status: int
) -> HttpResponse:
    """The invitation page for a visitor who is not signed in: the link to
    sign in (coming back here) and the new account's form."""
    outcome = new_account_form(
        request,
        problem=problem,
        make=lambda username, password: club_services.invitation_accept_new_user(
            token=invitation.token, username=username, password=password
        ),
    )
    if outcome.response is not None:
        return outcome.response
    if outcome.user is not None:
        return _invitation_accepted(request, invitation)
    form = outcome.form
    if outcome.problem:
        problem, status = outcome.problem, 409
    elif form.errors:
        status = 422
    context = {
        "invitation": invitation,
        "club": invitation.club,
        "problem": problem,
        "form": form,
        "sign_in": f"{reverse('login')}?{urlencode({'next': request.get_full_path()})}",
    }
    return render(request, "clubs/accept.html", context, status=status)


def _invitation_accepted(request: HttpRequest, invitation: Invitation) -> HttpResponse:
    messages.success(
        request,
        gettext("You now help %(club)s as %(role)s.")
        % {"club": invitation.club.name, "role": invitation.get_role_display()},
    )
    return redirect("club:detail", club=invitation.club.slug)
