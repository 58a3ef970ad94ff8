"""The upload's page: the load followed while it runs, then its result.

The page polls its status part with htmx every second while the file waits
or loads, and refreshes itself every few seconds without JavaScript (with a
plain link to do so at once).  Only the uploader and staff see it; anyone
else gets 404, as for a party's pages.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext
from django.views.decorators.http import require_GET

from pedroparty.htmx import render_page

from ..errors import UserError
from ..models import Upload
from .selectors import upload_status
from .services import upload_receive, uploads_requeue_lost


@login_required
@require_GET
def upload_page(request: HttpRequest, upload_id: int) -> HttpResponse:
    shown = upload_status(upload_id=upload_id, user=request.user)
    if shown is None:
        raise Http404("No such upload")
    # A load whose worker was lost is queued again while its uploader watches.
    if shown.pending and uploads_requeue_lost(user_id=shown.user_id):
        shown = upload_status(upload_id=upload_id, user=request.user)
    return render_page(request, "host/upload_progress.html", {"upload": shown}, partial="status")


def upload_answer(request: HttpRequest, upload: Upload) -> HttpResponse | None:
    """Where an upload form sends its host once ``upload_receive`` took the
    file: to the new club or party when it is loaded already, else to the
    upload's page to follow the load.  None when it failed at once: the form
    shows ``upload.error``."""
    if upload.status == Upload.Status.FAILED:
        return None
    if upload.status != Upload.Status.DONE:
        return redirect("host:upload", upload_id=upload.pk)
    made = upload.party or upload.club
    messages.success(request, gettext("%(name)s is loaded from the file.") % {"name": made.name})
    if upload.party is not None:
        return redirect("host:dashboard", slug=upload.party.slug)
    return redirect("club:detail", club=upload.club.slug)


def upload_form_take(
    request: HttpRequest, form, *, kind: str, max_bytes: int, too_large: str
) -> HttpResponse | None:
    """The club or party file of a valid upload ``form``: received as an
    :class:`Upload` of ``kind`` and answered as :func:`upload_answer` does;
    None with the problem on the form's file field (``too_large``, with
    ``%(size)d`` megabytes, when it is over ``max_bytes``)."""
    upload = form.cleaned_data["file"]
    if upload.size > max_bytes:
        form.add_error("file", too_large % {"size": max_bytes // (1024 * 1024)})
        return None
    try:
        received = upload_receive(
            kind=kind,
            content=upload.read(),
            filename=upload.name or "",
            user=request.user,
            language=request.LANGUAGE_CODE,
        )
    except UserError as error:
        form.add_error("file", error.message)
        return None
    answer = upload_answer(request, received)
    if answer is None:
        form.add_error("file", received.error)
    return answer
