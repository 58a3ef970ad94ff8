"""Host accounts: the sign-up pages (a sign-up link's, and the open one
while ``HOST_SIGNUP_OPEN`` is on), the new-password page of a reset link,
and the owner's page that hands out both links.

The new-account form of a link's page, its lockout check and the sign-in
that follows are :func:`new_account_form`, which a club's invitation page
uses too.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import urlencode

from axes.handlers.proxy import AxesProxyHandler
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_POST

from pedroparty.links import absolute_url
from pedroparty.views import login_locked_out

from ..errors import UserError
from ..views.common import apply_errors, qr_svg
from . import selectors as account_selectors
from . import services as account_services
from .forms import AccountForm, NewPasswordForm, PasswordLinkForm, SignupLinkForm


@dataclass
class NewAccount:
    """What became of a link page's new-account form: the form to show
    again, the user made and signed in, or the link's problem found while
    making it (the page then shows it without the form); ``response`` is
    the answer to send as it is (an address locked out of signing in)."""

    form: AccountForm
    user: object | None = None
    problem: str | None = None
    response: HttpResponse | None = None


def new_account_form(
    request: HttpRequest, *, problem: str | None, make: Callable[[str, str], object]
) -> NewAccount:
    """Bind and act on the new-account form of a link's page (a sign-up
    link, open sign-up, a club's invitation): ``make(username, password)``
    makes the account (and whatever the link grants) in one transaction, or
    raises :class:`UserError`.  Nothing is bound while the link has a
    ``problem``.  An address locked out of signing in (django-axes) makes no
    account: a new account's sign-in would clear its failed attempts.  The
    account made is signed in."""
    if request.method == "POST" and not AxesProxyHandler.is_allowed(request):
        return NewAccount(AccountForm(), response=login_locked_out(request))
    form = AccountForm(request.POST if request.method == "POST" and not problem else None)
    if not (form.is_bound and form.is_valid()):
        return NewAccount(form)
    try:
        user = make(form.cleaned_data["username"], form.cleaned_data["password1"])
    except UserError as error:
        if set(error.errors) == {"__all__"}:
            # The link itself turned bad meanwhile: the page says so, with no form.
            return NewAccount(form, problem=error.message)
        apply_errors(form, error)
        return NewAccount(form)
    login(request, user, backend="django.contrib.auth.backends.ModelBackend")
    return NewAccount(form, user=user)


def _no_store(response: HttpResponse) -> HttpResponse:
    """A page that shows a link's secret address, or its form, is kept by no cache."""
    response["Cache-Control"] = "private, no-store"
    return response


# --------------------------------------------------------------------- signing up


def _signup_page(request: HttpRequest, *, token: str | None, problem: str | None):
    status = 410 if problem else 200
    context = {
        "problem": problem,
        "sign_in": f"{reverse('login')}?{urlencode({'next': reverse('host:party_list')})}",
    }
    if request.user.is_authenticated:
        # One account at a time: this one is signed in already.
        return _no_store(render(request, "accounts/signup.html", context, status=status))
    outcome = new_account_form(
        request,
        problem=problem,
        make=lambda username, password: account_services.host_signup(
            token=token, username=username, password=password
        ),
    )
    if outcome.response is not None:
        return outcome.response
    if outcome.user is not None:
        messages.success(
            request,
            gettext("Welcome, %(name)s: your host account is ready.")
            % {"name": outcome.user.get_username()},
        )
        return redirect("host:party_list")
    if outcome.problem:
        context["problem"], status = outcome.problem, 409
    elif outcome.form.errors:
        status = 422
    context["form"] = outcome.form
    return _no_store(render(request, "accounts/signup.html", context, status=status))


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    """Open sign-up: anyone makes an ordinary host account, while the site's
    owner has ``HOST_SIGNUP_OPEN`` on; otherwise there is no such page."""
    if not settings.HOST_SIGNUP_OPEN:
        raise Http404("Sign-up is by link only")
    return _signup_page(request, token=None, problem=None)


@require_http_methods(["GET", "POST"])
def signup_link(request: HttpRequest, token: str) -> HttpResponse:
    """A sign-up link: one ordinary host account, then the link is used up."""
    link = account_selectors.signup_link_of(token=token)
    if link is None:
        raise Http404("No such link")
    problem = account_services.signup_link_refusal(link, now=timezone.now())
    return _signup_page(request, token=token, problem=problem)


# --------------------------------------------------------------------- a new password


@require_http_methods(["GET", "POST"])
def password_set(request: HttpRequest, token: str) -> HttpResponse:
    """A password link: its user's new password, typed twice.  The user then
    signs in with it (the sign-in page's lockout applies as ever); every
    session they had is signed out."""
    link = account_selectors.password_reset_link_of(token=token)
    if link is None:
        raise Http404("No such link")
    problem = account_services.password_reset_refusal(link, now=timezone.now())
    status = 410 if problem else 200
    if request.method == "POST" and not problem and not AxesProxyHandler.is_allowed(request):
        return login_locked_out(request)
    form = NewPasswordForm(
        link.user, request.POST if request.method == "POST" and not problem else None
    )
    if form.is_bound and form.is_valid():
        try:
            account_services.password_reset(
                token=token, password=form.cleaned_data["new_password1"]
            )
        except UserError as error:
            if set(error.errors) == {"__all__"}:
                problem, status = error.message, 409
            else:
                apply_errors(form, error)
        else:
            messages.success(
                request,
                gettext("The new password of %(name)s is set: sign in with it.")
                % {"name": link.user.get_username()},
            )
            return redirect("login")
    if not problem and form.is_bound and form.errors:
        status = 422
    context = {"username": link.user.get_username(), "problem": problem, "form": form}
    return _no_store(render(request, "accounts/password.html", context, status=status))


# --------------------------------------------------------------------- the owner's page


@login_required
@require_http_methods(["GET", "POST"])
def owner_accounts(request: HttpRequest) -> HttpResponse:
    """The owner's page: make a sign-up link or a password link (each shown
    once, with its QR code), and see and withdraw those still pending."""
    account_services.owner_allow(user=request.user)
    signup_form, reset_form = SignupLinkForm(), PasswordLinkForm()
    made = None
    status = 200
    if request.method == "POST":
        try:
            if "username" in request.POST:
                reset_form = PasswordLinkForm(request.POST)
                if reset_form.is_valid():
                    link, token = account_services.password_reset_link_create(
                        user=request.user, username=reset_form.cleaned_data["username"]
                    )
                    url = absolute_url(request, "account:password", args=[token])
                    made = {"kind": "password", "for": link.user.get_username()}
                    reset_form = PasswordLinkForm()
            else:
                signup_form = SignupLinkForm(request.POST)
                if signup_form.is_valid():
                    link, token = account_services.signup_link_create(
                        user=request.user, note=signup_form.cleaned_data["note"]
                    )
                    url = absolute_url(request, "account:signup_link", args=[token])
                    made = {"kind": "signup", "for": link.note}
                    signup_form = SignupLinkForm()
        except UserError as error:
            apply_errors(reset_form if "username" in request.POST else signup_form, error)
        if made is not None:
            made.update(url=url, qr=qr_svg(url), expires_at=link.expires_at)
        elif reset_form.errors or signup_form.errors:
            status = 422
    context = {
        "signup_form": signup_form,
        "reset_form": reset_form,
        "made": made,
        "links": account_selectors.account_links_pending(now=timezone.now()),
        "signup_open": settings.HOST_SIGNUP_OPEN,
        "signup_days": account_services.SIGNUP_LINK_DAYS,
        "reset_hours": account_services.RESET_LINK_HOURS,
    }
    return _no_store(render(request, "accounts/owner.html", context, status=status))


@login_required
@require_POST
def signup_link_withdraw(request: HttpRequest, link_id: int) -> HttpResponse:
    account_services.owner_allow(user=request.user)
    try:
        account_services.signup_link_withdraw(user=request.user, link_id=link_id)
    except UserError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, gettext("The sign-up link is withdrawn: it no longer works."))
    return redirect("owner:accounts")


@login_required
@require_POST
def password_link_withdraw(request: HttpRequest, link_id: int) -> HttpResponse:
    account_services.owner_allow(user=request.user)
    try:
        account_services.password_reset_link_withdraw(user=request.user, link_id=link_id)
    except UserError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, gettext("The password link is withdrawn: it no longer works."))
    return redirect("owner:accounts")
