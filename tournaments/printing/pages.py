"""A document's HTML: its kind's items rendered one by one, then the whole.

Items are rendered from their template's ``item`` partial, so progress can be
reported as the HTML is built; the whole document then goes through
WeasyPrint in one call (``rendering``), which is much faster than one call
per page.  The same HTML, with a preview's context, shows a certificate in
the browser.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.template.loader import get_template
from django.utils import timezone, translation
from django.utils.translation import gettext

from ..models import Document, Party, Prize
from .contents import BUILDERS, AwardLine, award_lines, certificate_item, ordinal
from .paper import DEFAULT_PAPER, LANDSCAPE, MARGIN_MM, PAPERS, font_css

Kind = Document.Kind

#: ``step(done, force=False)``: report ``done`` steps (written at most every
#: quarter of a second unless forced or done).
Step = Callable[..., None]


def build_html(
    party: Party,
    kind: str,
    options: Mapping[str, Any],
    *,
    progress: Callable[[int], Step] | None = None,
    preview: dict[str, Any] | None = None,
    built: tuple[dict, list[dict]] | None = None,
) -> tuple[str, Step, int]:
    """The document's HTML, the progress function and its total steps.

    Steps are the items (one per certificate, card, sheet ...) and one more
    for writing the PDF.  ``preview`` (extra context) makes the HTML for a
    browser, which shows each page as a sheet of paper; ``built`` replaces
    the kind's own context and items.

    Everything is written in the party's language, whoever asked for it.
    """
    with translation.override(party.language):
        return _build_html(party, kind, options, progress=progress, preview=preview, built=built)


def _build_html(
    party: Party,
    kind: str,
    options: Mapping[str, Any],
    *,
    progress: Callable[[int], Step] | None,
    preview: dict[str, Any] | None,
    built: tuple[dict, list[dict]] | None,
) -> tuple[str, Step, int]:
    context, items = built if built is not None else BUILDERS[kind](party, options)
    total = len(items) + 1
    step = progress(total) if progress is not None else (lambda done, force=False: None)
    paper = PAPERS[options.get("paper", DEFAULT_PAPER)]
    landscape = kind in LANDSCAPE
    width, height = (
        (paper.height_mm, paper.width_mm) if landscape else (paper.width_mm, paper.height_mm)
    )
    common = {
        "party": party,
        "kind": kind,
        "options": options,
        "paper": paper,
        "page_size": f"{paper.css} {'landscape' if landscape else 'portrait'}",
        "page_width": f"{width}mm",
        "page_height": f"{height}mm",
        "margin": f"{MARGIN_MM}mm",
        "inner_width": f"{width - 2 * MARGIN_MM}mm",
        "inner_height": f"{height - 2 * MARGIN_MM}mm",
        "font_css": font_css(),
        "preview": preview or {},
        "printed_at": timezone.localtime(),
        **context,
    }
    template_name = f"pdf/{kind}.html"
    item_template = get_template(f"{template_name}#item")
    rendered = []
    for done, item in enumerate(items, start=1):
        rendered.append(item_template.render({**common, **item}))
        step(done)
    step(len(items), True)  # every item built; the PDF is next
    html = get_template(template_name).render({**common, "items": rendered})
    return html, step, total


def certificate_preview(
    party: Party, *, award_id: int | None, design: str, paper: str, switches=()
) -> str | None:
    """The HTML of one certificate, as the PDF prints it, for the browser.

    The first award when ``award_id`` is None, a sample before any prize is
    awarded; None when the party has no such award.
    """
    with translation.override(party.language):
        return _certificate_preview(
            party, award_id=award_id, design=design, paper=paper, switches=switches
        )


def _certificate_preview(
    party: Party, *, award_id: int | None, design: str, paper: str, switches
) -> str | None:
    lines = award_lines(party)
    if award_id is not None:
        lines = [line for line in lines if line.id == award_id]
        if not lines:
            return None
    note = ""
    if not lines:
        first = party.prizes.filter(kind=Prize.Kind.PLACE).order_by("position").first()
        prize = first.name if first is not None else gettext("The first prize")
        first_place = gettext("%(ordinal)s place") % {"ordinal": ordinal(1)}
        lines = [
            AwardLine(0, first_place, ordinal(1), prize, False, gettext("Winner’s Name"), 1, 0)
        ]
        note = gettext("A sample: no prize has been awarded yet.")
    options = {"paper": paper, "design": design, "awards": [lines[0].id]}
    line = lines[0]
    built = (
        {"design": design, "title": gettext("Prize certificate")},
        [certificate_item(line, design)],
    )
    preview = {"note": note, "switches": list(switches)}
    html, _step, _total = build_html(
        party, Kind.CERTIFICATES, options, preview=preview, built=built
    )
    return html
