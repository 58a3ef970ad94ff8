"""Printables: HTML templates under ``templates/pdf/`` rendered to PDF by WeasyPrint.

* ``paper``: paper sizes, certificate designs, margins, fonts;
* ``options``: the options a host asks a document for, checked;
* ``contents``: what each kind of document holds (its builder);
* ``pages``: a document's HTML, and a certificate's preview in the browser;
* ``documents``: the ``Document`` rows a host asks for, queued and listed;
* ``rendering``: the PDF made and stored, in ``tasks.document_render``.  It
  is the one module not imported here, so that WeasyPrint is loaded only
  where PDFs are made.
"""

from .contents import BUILDERS, AwardLine, award_lines, name_size, ordinal, qr_svg
from .documents import (
    MAX_RENDER_ATTEMPTS,
    PENDING,
    SLOW_AFTER,
    STUCK_AFTER,
    DocumentLine,
    document_again,
    document_list,
    document_request,
    documents_requeue_lost,
)
from .options import ENTRY_TOKEN_SLOT, KIND_OPTIONS, document_options, options_key
from .pages import Step, build_html, certificate_preview
from .paper import (
    DEFAULT_DESIGN,
    DEFAULT_PAPER,
    DESIGNS,
    LANDSCAPE,
    MARGIN_MM,
    PAPERS,
    Paper,
    font_css,
)

__all__ = [
    "BUILDERS",
    "DEFAULT_DESIGN",
    "DEFAULT_PAPER",
    "DESIGNS",
    "ENTRY_TOKEN_SLOT",
    "KIND_OPTIONS",
    "LANDSCAPE",
    "MARGIN_MM",
    "MAX_RENDER_ATTEMPTS",
    "PAPERS",
    "PENDING",
    "SLOW_AFTER",
    "STUCK_AFTER",
    "AwardLine",
    "DocumentLine",
    "Paper",
    "Step",
    "award_lines",
    "build_html",
    "certificate_preview",
    "document_again",
    "document_list",
    "document_options",
    "document_request",
    "documents_requeue_lost",
    "font_css",
    "name_size",
    "options_key",
    "ordinal",
    "qr_svg",
]
