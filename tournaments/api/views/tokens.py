"""The signed-in host's API tokens: make one (shown once), list, revoke.

A token reads, through the JSON API (:mod:`tournaments.api.views.endpoints`), the standings
of every party and season its user may organise.  The page posts to itself:
a ``label`` makes a token, a ``revoke`` (a token's id) revokes one.  Its
two small forms live here, beside the one view that binds them.
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods

from pedroparty.links import absolute_url

from ...errors import UserError
from ...forms import ROW_NUMBER_MAX
from ...views.common import apply_errors
from .. import services as api_services
from ..selectors import tokens as token_selectors


class ApiTokenForm(forms.Form):
    """A new API token's label; the service checks it."""

    label = forms.CharField(
        max_length=80,
        label=_("Label"),
        help_text=_("What uses it, e.g. “the club's website”."),
    )


class ApiTokenRevokeForm(forms.Form):
    """The token to revoke, by id (the service says if it is not the user's)."""

    revoke = forms.IntegerField(min_value=1, max_value=ROW_NUMBER_MAX)


@login_required
@require_http_methods(["GET", "POST"])
def api_tokens(request: HttpRequest) -> HttpResponse:
    form = ApiTokenForm()
    new_token = ""
    status = 200
    if request.method == "POST" and "revoke" in request.POST:
        revoke = ApiTokenRevokeForm(request.POST)
        # Not a row number at all: the same answer as another user's token.
        token_id = revoke.cleaned_data["revoke"] if revoke.is_valid() else 0
        try:
            row = api_services.api_token_revoke(user=request.user, token_id=token_id)
        except UserError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, gettext("%(label)s is revoked.") % {"label": row.label})
        return redirect("host:api_tokens")
    if request.method == "POST":
        form = ApiTokenForm(request.POST)
        if form.is_valid():
            try:
                row, new_token = api_services.api_token_create(
                    user=request.user, label=form.cleaned_data["label"]
                )
            except UserError as error:
                apply_errors(form, error)
            else:
                form = ApiTokenForm()
        if form.errors:
            status = 422
    context = {
        "form": form,
        "new_token": new_token,
        "tokens": token_selectors.api_tokens_of(request.user),
        "api_root": absolute_url(request, "api:root"),
    }
    response = render(request, "api/tokens.html", context, status=status)
    # The page that shows a new token must not be kept by any cache.
    response["Cache-Control"] = "private, no-store"
    return response
