"""The host's printables: ask for a PDF, watch it being made, download it.

The PDFs are made in the background (``tournaments.tasks``); the page polls
its list with htmx every second while one is queued or rendering, and works
as plain forms and links without JavaScript.  Only the party's hosts reach
these pages; anyone else gets 404, as for the other host pages.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.http import content_disposition_header, urlencode
from django.utils.translation import gettext as _
from django.views.decorators.clickjacking import xframe_options_sameorigin
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from pedroparty.htmx import render_page

from .. import printing
from ..errors import UserError
from ..forms import CertificatePreviewForm, DocumentAgainForm
from ..game.roles import Can
from ..models import Document
from .common import party_for_host, public_url, table_link

#: Request fields passed to ``printing.document_options`` as they are.
_OPTION_FIELDS = ("paper", "design", "round")


@login_required
@require_http_methods(["GET", "POST"])
def documents(request: HttpRequest, slug: str) -> HttpResponse:
    """The printables page: a form per kind, and the documents made so far."""
    party = party_for_host(request, slug, need=Can.ORGANISE)
    errors: dict[str, str] = {}
    failed_kind = ""
    if request.method == "POST":
        kind = ""
        try:
            kind, options = _asked_for(request, party)
            if kind == Document.Kind.TABLE_CARDS:
                options["public_url"] = public_url(request, party.public_token)
                if party.tableside_entry:
                    options["entry_url"] = table_link(request, printing.ENTRY_TOKEN_SLOT)
            document = printing.document_request(
                party=party, kind=kind, options=options, user=request.user
            )
        except UserError as error:
            errors, failed_kind = error.errors, kind
        else:
            _report(request, document)
            return redirect("host:documents", slug=party.slug)
    else:
        # A document whose worker died is queued again while the host watches.
        printing.documents_requeue_lost(party=party)
    lines = printing.document_list(party)
    context = {
        "party": party,
        "lines": lines,
        "pending": any(line.pending for line in lines),
        "awards": printing.award_lines(party),
        "rounds": list(party.rounds.order_by("number").values_list("number", flat=True)),
        "papers": printing.PAPERS.values(),
        "designs": printing.DESIGNS.items(),
        "errors": errors,
        "failed_kind": failed_kind,
        "kinds": Document.Kind,
    }
    return render_page(
        request, "host/documents.html", context, partial="documents", status=422 if errors else 200
    )


def _asked_for(request: HttpRequest, party) -> tuple[str, dict]:
    """The kind and options posted: a new document's, or an earlier one's to make again."""
    if "again" in request.POST:
        form = DocumentAgainForm(request.POST, party=party)
        if not form.is_valid():
            raise UserError({"again": " ".join(form.errors["again"])})
        earlier = form.cleaned_data["again"]
        return earlier.kind, dict(earlier.options)
    options = {name: request.POST[name] for name in _OPTION_FIELDS if name in request.POST}
    if request.POST.get("awards_listed"):
        options["awards"] = request.POST.getlist("awards")
    return request.POST.get("kind", ""), options


@login_required
@require_POST
def document_again(request: HttpRequest, slug: str, document_id: int) -> HttpResponse:
    """The "Make again" button: render the document afresh (stuck, failed or out of date)."""
    party = party_for_host(request, slug, need=Can.ORGANISE)
    try:
        document = printing.document_again(party=party, document_id=document_id, user=request.user)
    except UserError as error:
        messages.error(request, error.message)
    else:
        _report(request, document)
    return redirect("host:documents", slug=party.slug)


def _report(request: HttpRequest, document: Document) -> None:
    """Tell the host the document asked for is ready, or being made."""
    document.refresh_from_db(fields=["status"])  # made already, if tasks run eagerly
    what = document.get_kind_display()
    if document.status == Document.Status.READY:
        messages.success(request, _("%(what)s: ready to download.") % {"what": what})
    else:
        messages.success(request, _("%(what)s: being made.") % {"what": what})


@login_required
@require_GET
def document_download(request: HttpRequest, slug: str, document_id: int) -> HttpResponse:
    """The stored PDF, as an attachment; 404 until it is ready."""
    party = party_for_host(request, slug, need=Can.ORGANISE)
    document = get_object_or_404(
        Document, party=party, pk=document_id, status=Document.Status.READY
    )
    response = HttpResponse(bytes(document.content), content_type="application/pdf")
    response["Content-Disposition"] = content_disposition_header(True, document.filename)
    response["Cache-Control"] = "private, no-store"
    return response


@login_required
@require_GET
@xframe_options_sameorigin
def certificate_preview(request: HttpRequest, slug: str) -> HttpResponse:
    """One certificate as HTML, from the template the PDF is made from.

    ``award`` picks the winner (default: the first); ``design`` and ``paper``
    as for the PDF.  Before any prize is awarded it shows a sample.
    """
    party = party_for_host(request, slug, need=Can.ORGANISE)
    form = CertificatePreviewForm(
        {
            "design": request.GET.get("design", printing.DEFAULT_DESIGN),
            "paper": request.GET.get("paper", printing.DEFAULT_PAPER),
            "award": request.GET.get("award", ""),
        },
        designs=printing.DESIGNS,
        papers=printing.PAPERS,
    )
    if not form.is_valid():
        raise Http404("No such design, paper or award")
    design, paper = form.cleaned_data["design"], form.cleaned_data["paper"]
    award_id = form.cleaned_data["award"]
    chosen = {} if award_id is None else {"award": str(award_id)}
    here = reverse("host:certificate_preview", kwargs={"slug": party.slug})

    def link(**changes: str) -> str:
        query = {"design": design, "paper": paper, **chosen}
        return f"{here}?{urlencode({**query, **changes})}"

    switches = [
        (label, link(design=code), code == design) for code, label in printing.DESIGNS.items()
    ] + [(p.label, link(paper=p.code), p.code == paper) for p in printing.PAPERS.values()]
    html = printing.certificate_preview(
        party, award_id=award_id, design=design, paper=paper, switches=switches
    )
    if html is None:
        raise Http404("No such award")
    return HttpResponse(html)
