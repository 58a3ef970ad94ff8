"""The club file's pages: an organiser's download, and the upload that makes
a new club of a file."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET, require_http_methods

from ..clubfile import ClubFileError, club_dump, club_load
from ..partyfile import PartyFileError, party_file_parse
from ..roles import Can
from .common import club_for, json_download


class ClubFileForm(forms.Form):
    # Kept beside its one view: tournaments/forms.py is at its size limit.
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
    """Create a club from an uploaded club file; the signed-in user organises it.

    A bad file, whatever it holds, is shown on the form with what is wrong,
    and creates nothing."""
    form = ClubFileForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        try:
            if upload.size > CLUB_FILE_MAX_BYTES:
                raise ClubFileError(
                    gettext("The file is too large for a club file (over %(size)d MB).")
                    % {"size": CLUB_FILE_MAX_BYTES // (1024 * 1024)}
                )
            data = _json(upload.read())
            club = club_load(data=data, user=request.user, source=upload.name or "")
        except ClubFileError as error:
            form.add_error("file", str(error))
        else:
            messages.success(
                request, gettext("%(name)s is loaded from the file.") % {"name": club.name}
            )
            return redirect("host:party_list")
    status = 422 if form.is_bound and form.errors else 200
    return render(request, "host/club_upload.html", {"form": form}, status=status)


def _json(content: bytes):
    """The JSON document uploaded, read as a party file is (UTF-8, a byte-order
    mark allowed); :class:`ClubFileError` saying what is wrong with it."""
    try:
        return party_file_parse(content)
    except PartyFileError as error:
        raise ClubFileError(str(error)) from None
