"""The club file's pages: an organiser's download, and the upload that makes
a new club of a file."""

from __future__ import annotations

from django import forms
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET, require_http_methods

from ...game.roles import Can
from ...models import Upload
from ...uploads.views import upload_form_take
from ...views.common import club_for, json_download
from ..clubfile import club_dump


class ClubFileForm(forms.Form):
    # Kept beside its one view: tournaments/forms/__init__.py is at its size limit.
    file = forms.FileField(
        label=_("File"), help_text=_("A club file (JSON, format pedroparty-club/1).")
    )


#: Larger uploads are refused: a club's year of 25-table nights is about 3 MB.
CLUB_FILE_MAX_BYTES = 20 * 1024 * 1024


@login_required
@require_GET
def club_file(request: HttpRequest, club: str) -> HttpResponse:
    """The club file as a JSON download, for the club's organisers (anyone else: 404)."""
    found = club_for(request, club, need=Can.ORGANISE)
    return json_download(club_dump(found), found.slug)


@login_required
@require_http_methods(["GET", "POST"])
def club_upload(request: HttpRequest) -> HttpResponse:
    """Take a club file to make a new club of; the signed-in user organises it.

    The file is loaded in the background and the host follows the load on
    the upload's page.  A file that is not JSON, or asks for more than one
    upload may, is shown on the form with what is wrong, and creates nothing."""
    form = ClubFileForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        answer = upload_form_take(
            request,
            form,
            kind=Upload.Kind.CLUB,
            max_bytes=CLUB_FILE_MAX_BYTES,
            too_large=gettext("The file is too large for a club file (over %(size)d MB)."),
        )
        if answer is not None:
            return answer
    status = 422 if form.is_bound and form.errors else 200
    return render(request, "clubs/upload.html", {"form": form}, status=status)
