"""Printables: HTML templates under ``templates/pdf/`` rendered to PDF by WeasyPrint.

A host asks for a document with :func:`document_request`; it is made in the
background by ``tournaments.tasks.document_render``, which calls
:func:`document_render` with the document's id.  The PDF is stored in the
``Document`` row with the party version it was made from:

* a request for the same kind and options at the party's current version
  returns the stored document (made, or still being made);
* a party change bumps ``Party.version``, so the stored PDFs become *stale*
  and the next request makes a new one.  When the new one is ready, the
  stale copies of the same kind and options are deleted.

Each kind is built from the selectors as a list of *items* (a certificate, a
table card, a player's tally card ...).  Items are rendered one by one from
their template's ``page`` partial, so progress can be reported as the HTML is
built; the whole document then goes through WeasyPrint in one call, which is
much faster than one call per page.

Fonts: the ``@font-face`` rules point at the DejaVu fonts where the system has
them (Debian's fonts-dejavu-core), otherwise the generic family is used.
WeasyPrint embeds (a subset of) whatever font it used, so the PDF prints the
same anywhere.
"""

from __future__ import annotations

import hashlib
import json
import logging
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import timedelta
from functools import lru_cache, partial
from pathlib import Path
from typing import Any

import segno
from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F, Q
from django.template.loader import get_template
from django.utils import timezone
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from . import selectors
from .models import Document, Party, Prize, PrizeAward, TableRound
from .services import PartyError
from .wifi import wifi_payload

logger = logging.getLogger(__name__)

Kind = Document.Kind
Status = Document.Status

# --------------------------------------------------------------------- paper and fonts


@dataclass(frozen=True)
class Paper:
    code: str
    label: str
    css: str  # the CSS page size name
    width_mm: float  # portrait
    height_mm: float


PAPERS = {
    "letter": Paper("letter", "US Letter", "letter", 215.9, 279.4),
    "a4": Paper("a4", "A4", "A4", 210.0, 297.0),
}
DEFAULT_PAPER = "letter"  # Monterey, California

#: Certificate designs: code -> label.  The first is the default.
DESIGNS = {"classic": "Classic (serif, double border)", "modern": "Modern (sans, colour band)"}
DEFAULT_DESIGN = "classic"

#: Landscape kinds; the others are portrait.
LANDSCAPE = {Kind.CERTIFICATES, Kind.TABLE_CARDS}

#: The page margin of every printable, in mm.
MARGIN_MM = 12.0

#: Directories searched for font files, first match wins.
FONT_DIRS = (
    "/usr/share/fonts/truetype/dejavu",  # Debian, Ubuntu
    "/usr/share/fonts/dejavu",  # Fedora
    "/usr/share/fonts/TTF",  # Arch
    "/usr/local/share/fonts",
)
#: family used in the CSS -> (weight, style) -> candidate file names
FONT_FACES = {
    "Pedro Serif": {
        ("normal", "normal"): ("DejaVuSerif.ttf",),
        ("bold", "normal"): ("DejaVuSerif-Bold.ttf",),
        ("normal", "italic"): ("DejaVuSerif-Italic.ttf",),
        ("bold", "italic"): ("DejaVuSerif-BoldItalic.ttf",),
    },
    "Pedro Sans": {
        ("normal", "normal"): ("DejaVuSans.ttf",),
        ("bold", "normal"): ("DejaVuSans-Bold.ttf",),
        ("normal", "italic"): ("DejaVuSans-Oblique.ttf",),
        ("bold", "italic"): ("DejaVuSans-BoldOblique.ttf",),
    },
}


def _find_font(names: tuple[str, ...], dirs: tuple[str, ...]) -> Path | None:
    for directory in dirs:
        for name in names:
            path = Path(directory) / name
            if path.is_file():
                return path
    return None


@lru_cache(maxsize=1)
def font_css(dirs: tuple[str, ...] = FONT_DIRS) -> SafeString:
    """``@font-face`` rules for the faces whose files this machine has.

    A face that is missing is left out: the CSS then falls back to the next
    family in its list (the generic ``serif``/``sans-serif``), and a missing
    italic is slanted from the regular face.
    """
    rules = []
    for family, faces in FONT_FACES.items():
        for (weight, style), names in faces.items():
            path = _find_font(names, dirs)
            if path is not None:
                rules.append(
                    f'@font-face {{ font-family: "{family}"; font-weight: {weight}; '
                    f'font-style: {style}; src: url("{path.as_uri()}"); }}'
                )
    return mark_safe("\n".join(rules))  # built from constants and file paths


# --------------------------------------------------------------------- options


#: Where a table's own token goes in the table-side entry link of the table
#: cards (``entry_url``); a token's letters, so ``reverse()`` accepts it.
ENTRY_TOKEN_SLOT = "TABLETOKENSLOT"

#: The options each kind takes.
KIND_OPTIONS: dict[str, tuple[str, ...]] = {
    Kind.CERTIFICATES: ("paper", "design", "awards"),
    Kind.TABLE_CARDS: ("paper", "round", "public_url", "entry_url"),
    Kind.STANDINGS: ("paper",),
    Kind.MOVEMENT: ("paper", "round"),
    Kind.TALLY_CARDS: ("paper",),
    Kind.SCORE_SHEETS: ("paper", "round"),
}


def document_options(party: Party, kind: str, raw: Mapping[str, Any]) -> dict[str, Any]:
    """The canonical options of a request, or PartyError naming what is wrong.

    ``awards`` is "all" or a sorted list of award ids (all of them selected is
    "all" too, so the two requests share one document); ``round`` is a round
    number, or None for the current round (the largest, for table cards).
    """
    if kind not in KIND_OPTIONS:
        raise PartyError({"kind": "Choose what to print."})
    options: dict[str, Any] = {}
    names = KIND_OPTIONS[kind]
    paper = raw.get("paper") or DEFAULT_PAPER
    if paper not in PAPERS:
        raise PartyError({"paper": "Paper is US Letter or A4."})
    options["paper"] = paper
    if "design" in names:
        design = raw.get("design") or DEFAULT_DESIGN
        if design not in DESIGNS:
            raise PartyError({"design": "Choose one of the certificate designs."})
        options["design"] = design
    if "awards" in names:
        options["awards"] = _awards_option(party, raw.get("awards"))
    if "round" in names:
        options["round"] = _round_option(party, kind, raw.get("round"))
    if "public_url" in names:
        url = str(raw.get("public_url") or "")
        if not url.startswith(("http://", "https://")) or len(url) > 300:
            raise PartyError({"public_url": "The players' page link must be an http(s) URL."})
        options["public_url"] = url
    if "entry_url" in names and raw.get("entry_url"):
        url = str(raw["entry_url"])
        if (
            not url.startswith(("http://", "https://"))
            or len(url) > 300
            or url.count(ENTRY_TOKEN_SLOT) != 1
        ):
            raise PartyError({"entry_url": "The table-side entry link must be an http(s) URL."})
        options["entry_url"] = url
    return options


def _awards_option(party: Party, raw: Any) -> str | list[int]:
    every = set(PrizeAward.objects.filter(prize__party=party).values_list("pk", flat=True))
    if not every:
        raise PartyError({"awards": "No prizes have been awarded yet."})
    if raw in (None, "", "all"):
        return "all"
    try:
        chosen = {int(value) for value in raw}
    except (TypeError, ValueError):
        raise PartyError({"awards": "Choose the prize winners from the list."}) from None
    if not chosen:
        raise PartyError({"awards": "Tick at least one prize winner."})
    if chosen - every:
        raise PartyError({"awards": "Choose the prize winners from the list."})
    return "all" if chosen == every else sorted(chosen)


def _round_option(party: Party, kind: str, raw: Any) -> int | None:
    numbers = set(party.rounds.values_list("number", flat=True))
    if raw in (None, ""):
        if not numbers and kind != Kind.TABLE_CARDS:
            raise PartyError({"round": "Seat round 1 first."})
        return None
    try:
        number = int(raw)
    except (TypeError, ValueError):
        number = 0
    if number not in numbers:
        raise PartyError({"round": "Choose one of the party's rounds."})
    return number


def options_key(options: Mapping[str, Any]) -> str:
    """A digest of the canonical options: equal options, equal key."""
    text = json.dumps(options, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


# --------------------------------------------------------------------- requests


#: A document queued, or rendering without a sign of progress, for longer than
#: this is taken as lost (its worker died): a task may claim it again and the
#: host's documents page queues it again (``documents_requeue_lost``).
STUCK_AFTER = timedelta(seconds=settings.DOCUMENT_STUCK_SECONDS)

#: A pending document with no sign of life for this long is shown as stuck,
#: with a "Make again" button, before it is queued again by itself.
SLOW_AFTER = STUCK_AFTER / 3

#: Renders of one document started since the host asked for it: past this,
#: a document whose render keeps dying with its worker (one that runs out of
#: memory, say) is marked failed instead of being handed out for ever.
MAX_RENDER_ATTEMPTS = 3

PENDING = (Status.QUEUED, Status.RENDERING)


def _quiet_since(cutoff) -> Q:
    """Pending documents with no sign of life since ``cutoff``: queued before
    it, or claimed (or last showing progress) before it."""
    return Q(status=Status.QUEUED, created_at__lt=cutoff) | Q(
        Q(claimed_at__lt=cutoff) | Q(claimed_at__isnull=True, created_at__lt=cutoff),
        status=Status.RENDERING,
    )


def _is_quiet(status: str, created_at, claimed_at, cutoff) -> bool:
    """``_quiet_since`` for one row's values."""
    if status == Status.QUEUED:
        return created_at < cutoff
    if status == Status.RENDERING:
        return (claimed_at or created_at) < cutoff
    return False


#: The fields that put a document back in the queue.
_REQUEUE = {
    "status": Status.QUEUED,
    "progress_done": 0,
    "progress_total": 0,
    "error": "",
    "claimed_by": "",
    "claimed_at": None,
}


def document_request(*, party: Party, kind: str, options: Mapping[str, Any], user) -> Document:
    """The document of ``kind`` and ``options`` for the party as it is now.

    Returns the stored one when there is one at the current party version
    (ready, or still being made); otherwise queues a new one, rendered by a
    task enqueued when the transaction commits.  A failed or lost document is
    queued again.  Raises PartyError for options the host can fix.
    """
    clean = document_options(party, kind, options)
    key = options_key(clean)
    with transaction.atomic():
        version = Party.objects.values_list("version", flat=True).get(pk=party.pk)
        lookup = {"party_id": party.pk, "kind": kind, "options_key": key, "party_version": version}
        document = Document.objects.defer("content").filter(**lookup).first()
        if document is None:
            try:
                with transaction.atomic():
                    document = Document.objects.create(
                        **lookup,
                        options=clean,
                        requested_by=user if getattr(user, "is_authenticated", False) else None,
                        filename=_filename(party, kind, version),
                    )
            except IntegrityError:  # a second tablet asked at the same moment
                return Document.objects.defer("content").get(**lookup)
        elif document.status == Status.FAILED or _is_quiet(
            document.status, document.created_at, document.claimed_at, timezone.now() - STUCK_AFTER
        ):
            _requeue(document)
        else:
            return document
        transaction.on_commit(partial(_enqueue, document.pk))
    return document


def document_again(*, party: Party, document_id: int, user) -> Document:
    """Make the party's document ``document_id`` again, from scratch.

    One made from an older party version is asked for as the party is now (a
    new document, see ``document_request``); one made from this version is
    returned as it is.  Otherwise the document is queued again and a new task
    enqueued, however recent its claim, so a stuck or failed one is really
    rendered again; should its first render still be alive, the
    first of the two to finish stores the PDF.  Raises PartyError when the
    document is not the party's (any more).
    """
    with transaction.atomic():
        document = (
            Document.objects.defer("content")
            .select_for_update()
            .filter(party_id=party.pk, pk=document_id)
            .first()
        )
        if document is None:
            raise PartyError({"again": gettext("That document is gone: ask for it again below.")})
        version = Party.objects.values_list("version", flat=True).get(pk=party.pk)
        if document.party_version < version:
            return document_request(
                party=party, kind=document.kind, options=dict(document.options), user=user
            )
        if document.status == Status.READY:
            return document  # made meanwhile: nothing to make again
        _requeue(document)
        transaction.on_commit(partial(_enqueue, document.pk))
    return document


def documents_requeue_lost(*, party: Party) -> list[int]:
    """Queue again the party's documents left queued or rendering with no sign
    of life for ``STUCK_AFTER`` (their task or worker was lost); their ids.

    Safe to call on every look at the list: a document queued again looks
    fresh, and two callers at once queue it once (the update re-checks).
    """
    cutoff = timezone.now() - STUCK_AFTER
    quiet = _quiet_since(cutoff)
    lost = list(Document.objects.filter(quiet, party_id=party.pk).values_list("pk", flat=True))
    requeued = []
    for pk in lost:
        with transaction.atomic():
            if Document.objects.filter(quiet, pk=pk).update(**_REQUEUE, created_at=timezone.now()):
                logger.warning("Document %s was lost by its worker: queued again", pk)
                requeued.append(pk)
                transaction.on_commit(partial(_enqueue, pk))
    return requeued


def _requeue(document: Document) -> None:
    """Put ``document`` back in the queue, as asked for afresh (the caller
    enqueues its task on commit)."""
    Document.objects.filter(pk=document.pk).update(
        **_REQUEUE, created_at=timezone.now(), render_attempts=0
    )
    document.refresh_from_db(fields=[*_REQUEUE, "created_at", "render_attempts"])


def _enqueue(document_id: int) -> None:
    from .tasks import document_render as task

    task.delay(document_id)


def _filename(party: Party, kind: str, version: int) -> str:
    return f"{party.slug}-{kind.replace('_', '-')}-v{version}.pdf"


# --------------------------------------------------------------------- rendering


class _Progress:
    """Writes ``progress_done`` as items are built, at most every ``every`` seconds.

    Each write also renews the render's claim, while the claim is still this
    task's (not taken over as lost).
    """

    def __init__(self, document_id: int, claim: str, total: int, every: float = 0.25):
        self.rows = Document.objects.filter(pk=document_id, claimed_by=claim)
        self.total = total
        self.every = every
        self.last = time.monotonic()
        self.rows.update(progress_done=0, progress_total=total, claimed_at=timezone.now())

    def __call__(self, done: int, force: bool = False) -> None:
        now = time.monotonic()
        if force or now - self.last >= self.every or done >= self.total:
            self.rows.update(progress_done=done, claimed_at=timezone.now())
            self.last = now


def document_render(*, document_id: int, task_id: str = "") -> None:
    """Make the PDF of a queued document and store it (the task's body).

    Idempotent: the document is claimed first (status queued -> rendering,
    with ``task_id``), and left alone when it cannot be: already made, being
    made by a live task, or deleted.  A claim may be taken over when it is
    lost: not renewed for ``STUCK_AFTER`` (its worker died), or held by this
    same task id (the broker handed the task out again because the worker
    running it died).  After ``MAX_RENDER_ATTEMPTS`` renders that all died,
    the document is marked failed instead.  The status goes queued ->
    rendering (progress n of m: m items built, then the PDF written) ->
    ready, or failed with a message for the host.  The first render to
    finish stores its PDF.
    """
    now = timezone.now()
    claimable = Q(status=Status.QUEUED) | Q(
        Q(claimed_at__lt=now - STUCK_AFTER)
        | Q(claimed_at__isnull=True, created_at__lt=now - STUCK_AFTER),
        status=Status.RENDERING,
    )
    if task_id:
        claimable |= Q(status=Status.RENDERING, claimed_by=task_id)
    claimed = Document.objects.filter(
        claimable, pk=document_id, render_attempts__lt=MAX_RENDER_ATTEMPTS
    ).update(
        status=Status.RENDERING,
        progress_done=0,
        error="",
        claimed_by=task_id,
        claimed_at=now,
        render_attempts=F("render_attempts") + 1,
    )
    if not claimed:
        given_up = Document.objects.filter(claimable, pk=document_id).update(
            status=Status.FAILED,
            error=gettext("Could not make the PDF: its worker stopped each time it tried."),
            finished_at=now,
        )
        if given_up:
            logger.error("Document %s: every render died with its worker", document_id)
        return
    document = Document.objects.defer("content").select_related("party").get(pk=document_id)
    try:
        pdf = build_pdf(document, progress=partial(_Progress, document_id, task_id))
    except Exception as exc:
        logger.exception("Document %s failed to render", document_id)
        reason = " ".join(exc.errors.values()) if isinstance(exc, PartyError) else str(exc)
        message = f"Could not make the PDF: {reason}"[:240]
        # Only while the claim is still this task's: a render that took over
        # from this one may yet succeed.
        Document.objects.filter(pk=document_id, status=Status.RENDERING, claimed_by=task_id).update(
            status=Status.FAILED, error=message, finished_at=timezone.now()
        )
        return
    with transaction.atomic():
        stored = Document.objects.filter(pk=document_id, status__in=PENDING).update(
            status=Status.READY,
            content=pdf,
            progress_done=F("progress_total"),
            finished_at=timezone.now(),
        )
        if not stored:
            return  # another render of it finished first, or it was deleted
        # The stale copies of the same document are replaced by this one.
        Document.objects.filter(
            party_id=document.party_id,
            kind=document.kind,
            options_key=document.options_key,
            party_version__lt=document.party_version,
            status__in=(Status.READY, Status.FAILED),
        ).delete()


#: ``step(done, force=False)``: report ``done`` steps (written at most every
#: quarter of a second unless forced or done).
Step = Callable[..., None]


def build_pdf(document: Document, progress: Callable[[int], Step]) -> bytes:
    """The PDF bytes of ``document`` as the party is now.

    ``progress(total)`` is called once with the number of steps and returns
    the function called with the steps done so far.
    """
    html, step, total = build_html(
        document.party, document.kind, document.options, progress=progress
    )
    pdf = html_to_pdf(html)
    step(total)
    return pdf


def html_to_pdf(html: str) -> bytes:
    from weasyprint import HTML

    return HTML(string=html, base_url=str(settings.BASE_DIR)).write_pdf()


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
    """
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


# --------------------------------------------------------------------- the kinds' contents


def ordinal(number: int) -> str:
    """1st, 2nd, 3rd, 4th ... 11th, 12th, 13th ... 21st."""
    if 10 <= number % 100 <= 20:
        suffix = "th"
    else:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


@dataclass(frozen=True)
class AwardLine:
    """One prize winner, as a certificate and the host's checklist show them."""

    id: int
    place: str  # "1st place", "=2nd place", or a special prize's name
    rank_label: str  # "1st", "=2nd"; "" for a special prize
    prize: str  # the prize's name, or the special prize's kind ("Low score")
    special: bool
    name: str
    rank: int
    score: int


def award_lines(party: Party) -> list[AwardLine]:
    """Every award of the party: place prizes in rank order, then special prizes."""
    table = selectors.party_standings(party)
    ranks = [row.rank for row in table.rows]
    awards = PrizeAward.objects.filter(prize__party=party).values_list(
        "pk",
        "prize__name",
        "prize__kind",
        "prize__position",
        "player__name",
        "player__order",
        "rank",
        "score",
    )
    kinds = dict(Prize.Kind.choices)
    lines = []
    for pk, prize, kind, position, name, order, rank, score in awards:
        special = kind != Prize.Kind.PLACE
        if special:
            label, place, what = "", prize, kinds[kind]
            sort = (1, position, order)
        else:
            label = ("=" if ranks.count(rank) > 1 else "") + ordinal(rank)
            place, what = f"{label} place", prize
            sort = (0, rank, position)
        lines.append((sort, AwardLine(pk, place, label, what, special, name, rank, score)))
    return [line for _sort, line in sorted(lines, key=lambda pair: pair[0])]


def _certificates(party: Party, options: Mapping[str, Any]) -> tuple[dict, list[dict]]:
    lines = award_lines(party)
    chosen = options.get("awards", "all")
    if chosen != "all":
        wanted = set(chosen)
        lines = [line for line in lines if line.id in wanted]
    if not lines:
        raise PartyError({"awards": "None of these prizes is awarded any more."})
    design = options.get("design", DEFAULT_DESIGN)
    return {"design": design, "title": "Prize certificates"}, [
        _certificate_item(line, design) for line in lines
    ]


def _certificate_item(line: AwardLine, design: str) -> dict[str, Any]:
    return {
        "award": line,
        "name_size": name_size(line.name, design),
        "rank_size": _fitting_size(line.rank_label, room_mm=66.0, largest=66.0),
    }


def _fitting_size(text: str, *, room_mm: float, largest: float, smallest: float = 14.0) -> float:
    """Points at which ``text`` in DejaVu bold fits ``room_mm`` on one line.

    DejaVu's bold letters and digits average at most about 0.68 em wide.
    """
    fits = room_mm / (max(len(text), 1) * 0.68 * 0.3528)  # 0.3528 mm to the point
    return round(min(largest, max(fits, smallest)), 1)


def name_size(name: str, design: str) -> float:
    """The winner's name in points: as large as fits on one line of the certificate."""
    if design == "classic":
        return _fitting_size(name, room_mm=205.0, largest=40.0)
    return _fitting_size(name, room_mm=155.0, largest=36.0)


def certificate_preview(
    party: Party, *, award_id: int | None, design: str, paper: str, switches=()
) -> str | None:
    """The HTML of one certificate, as the PDF prints it, for the browser.

    The first award when ``award_id`` is None, a sample before any prize is
    awarded; None when the party has no such award.
    """
    lines = award_lines(party)
    if award_id is not None:
        lines = [line for line in lines if line.id == award_id]
        if not lines:
            return None
    note = ""
    if not lines:
        first = party.prizes.filter(kind=Prize.Kind.PLACE).order_by("position").first()
        prize = first.name if first is not None else "The first prize"
        lines = [AwardLine(0, "1st place", "1st", prize, False, "Winner’s Name", 1, 0)]
        note = "A sample: no prize has been awarded yet."
    options = {"paper": paper, "design": design, "awards": [lines[0].id]}
    line = lines[0]
    built = (
        {"design": design, "title": "Prize certificate"},
        [_certificate_item(line, design)],
    )
    preview = {"note": note, "switches": list(switches)}
    html, _step, _total = build_html(
        party, Kind.CERTIFICATES, options, preview=preview, built=built
    )
    return html


def _round_info(history: selectors.PartyHistory, number: int | None, *, largest: bool = False):
    """The round ``number``, the latest one, or (``largest``) the one with most tables."""
    if not history.rounds:
        return None
    if number is not None:
        return history.rounds[number - 1]
    if largest:
        return max(reversed(history.rounds), key=lambda info: len(info.tables))
    return history.rounds[-1]


def qr_svg(url: str) -> SafeString:
    """The QR code of ``url`` as an inline, scalable SVG element."""
    code = segno.make(url, error="m", micro=False)
    svg = code.svg_inline(scale=1, border=0, omitsize=True, dark="#1b1b1b", svgclass="qr")
    return mark_safe(svg)  # segno's own markup, no user text


def _table_cards(party: Party, options: Mapping[str, Any]) -> tuple[dict, list[dict]]:
    history = selectors.party_history(party)
    info = _round_info(history, options.get("round"), largest=True)
    if info is not None:
        count = len(info.tables)
    else:
        count = sum(1 for p in history.players if p.present_in(1)) // 4
    count = max(count, 1)
    url = options.get("public_url", "")
    # The party's Wi-Fi, read as it is now: setting it bumps the party's
    # version, so cards printed before it are stale and made again.
    wifi = wifi_payload(party.wifi_name, party.wifi_password) if party.wifi_name else ""
    context = {
        "title": "Table cards",
        "qr": qr_svg(url) if url else "",
        "public_url": url,
        "wifi_qr": qr_svg(wifi) if wifi else "",
        "sides": ("top", "bottom"),
        # Each half of the landscape page, less its 9 mm padding above and below.
        "half_height": f"{(PAPERS[options['paper']].width_mm - 2 * MARGIN_MM) / 2 - 18:.1f}mm",
    }
    items = [
        {
            "table": t,
            "role": "Head table" if t == 1 else "Foot table" if t == count and count > 1 else "",
        }
        for t in range(1, count + 1)
    ]
    entry_url = options.get("entry_url", "")
    if entry_url and party.tableside_entry and info is not None and not info.closed:
        # Each table's link changes every round: only an open round's cards
        # carry it (the host's "Table QR codes" page shows every round's).
        tokens = dict(
            TableRound.objects.filter(round_id=info.id).values_list("table", "entry_token")
        )
        context["entry_round"] = info.number
        for item in items:
            token = tokens.get(item["table"])
            if token:
                item["entry_url"] = entry_url.replace(ENTRY_TOKEN_SLOT, token)
                item["entry_qr"] = qr_svg(item["entry_url"])
    return context, items


def _standings(party: Party, options: Mapping[str, Any]) -> tuple[dict, list[dict]]:
    table = selectors.party_standings(party)
    rounds = party.rounds.count()
    finished = party.status == Party.Status.FINISHED
    title = "Final standings" if finished else f"Standings after {rounds} round(s)"
    return {"title": title}, [{"rows": table.rows}]


def _round_number(party: Party, options: Mapping[str, Any]) -> int:
    """The round asked for (the latest when none was), which must still exist:
    a round can be dropped after the request (finishing drops an empty one)."""
    numbers = list(party.rounds.order_by("number").values_list("number", flat=True))
    number = options.get("round") or (numbers[-1] if numbers else None)
    if number not in numbers:
        raise PartyError({"round": "That round is not in the party any more."})
    return number


def _movement(party: Party, options: Mapping[str, Any]) -> tuple[dict, list[dict]]:
    number = _round_number(party, options)
    moves = selectors.round_moves(party, number)
    return {"title": f"Round {number}: where to sit", "number": number}, [{"moves": moves}]


def _tally_cards(party: Party, options: Mapping[str, Any]) -> tuple[dict, list[dict]]:
    history = selectors.party_history(party)
    names = history.names()
    played = len(history.rounds)
    lines = max(party.planned_rounds, played)
    items = []
    for player in history.players:
        rows = []
        for number in range(1, lines + 1):
            table = partner = ""
            if number <= played:
                info = history.rounds[number - 1]
                if player.id in info.sitting_out:
                    table = "Sits out"
                for t, seats in enumerate(info.tables, start=1):
                    if player.id in seats:
                        seat = seats.index(player.id)
                        table, partner = str(t), names[seats[(seat + 2) % 4]]
            rows.append({"number": number, "table": table, "partner": partner})
        items.append({"player": player.name, "rows": rows})
    # Two cards to a portrait page: each row as tall as fits, 10 mm at most.
    paper = PAPERS[options.get("paper", DEFAULT_PAPER)]
    room = (paper.height_mm - 2 * MARGIN_MM) / 2 - 42  # less the card's padding and heading
    row_height = f"{min(10.0, room / (lines + 2)):.1f}mm"
    return {"title": "Tally cards", "row_height": row_height}, items


def _score_sheets(party: Party, options: Mapping[str, Any]) -> tuple[dict, list[dict]]:
    board = selectors.round_board(party, _round_number(party, options))
    deals = range(1, party.deals_per_round + 1)
    items = []
    for line in board.tables:
        items.append(
            {
                "table": line.number,
                "players": line.players,
                "team_a": f"{line.players[0]} & {line.players[2]}",
                "team_b": f"{line.players[1]} & {line.players[3]}",
                "deals": [{"deal": d, "dealer": line.players[(d - 1) % 4]} for d in deals],
            }
        )
    return {"title": f"Round {board.number} score sheets", "number": board.number}, items


BUILDERS: dict[str, Callable[[Party, Mapping[str, Any]], tuple[dict, list[dict]]]] = {
    Kind.CERTIFICATES: _certificates,
    Kind.TABLE_CARDS: _table_cards,
    Kind.STANDINGS: _standings,
    Kind.MOVEMENT: _movement,
    Kind.TALLY_CARDS: _tally_cards,
    Kind.SCORE_SHEETS: _score_sheets,
}


# --------------------------------------------------------------------- the host's list


@dataclass(frozen=True)
class DocumentLine:
    id: int
    kind: str
    label: str
    summary: str
    status: str
    status_label: str
    progress_done: int
    progress_total: int
    error: str
    filename: str
    party_version: int
    stale: bool
    created_at: object
    #: Pending with no sign of life for ``SLOW_AFTER``: its worker may be lost.
    stuck: bool = False

    @property
    def pending(self) -> bool:
        return self.status in (Status.QUEUED, Status.RENDERING)

    @property
    def ready(self) -> bool:
        return self.status == Status.READY


def document_list(party: Party, limit: int = 30) -> list[DocumentLine]:
    """The party's latest documents, newest first, without their bytes."""
    version = Party.objects.values_list("version", flat=True).get(pk=party.pk)
    rows = (
        Document.objects.filter(party=party)
        .order_by("-created_at", "-id")
        .values(
            "id",
            "kind",
            "options",
            "status",
            "progress_done",
            "progress_total",
            "error",
            "filename",
            "party_version",
            "created_at",
            "claimed_at",
        )[:limit]
    )
    slow = timezone.now() - SLOW_AFTER
    kinds = dict(Kind.choices)
    statuses = dict(Status.choices)
    return [
        DocumentLine(
            id=row["id"],
            kind=row["kind"],
            label=kinds.get(row["kind"], row["kind"]),
            summary=_summary(row["options"]),
            status=row["status"],
            status_label=statuses.get(row["status"], row["status"]),
            progress_done=row["progress_done"],
            progress_total=row["progress_total"],
            error=row["error"],
            filename=row["filename"],
            party_version=row["party_version"],
            stale=row["party_version"] < version,
            created_at=row["created_at"],
            stuck=_is_quiet(row["status"], row["created_at"], row["claimed_at"], slow),
        )
        for row in rows
    ]


def _summary(options: Mapping[str, Any]) -> str:
    parts = []
    if "paper" in options:
        parts.append(PAPERS[options["paper"]].label if options["paper"] in PAPERS else "")
    if "design" in options:
        parts.append(options["design"].capitalize())
    awards = options.get("awards")
    if awards is not None:
        parts.append("all winners" if awards == "all" else f"{len(awards)} winner(s)")
    if "round" in options:
        parts.append(f"round {options['round']}" if options["round"] else "current round")
    return ", ".join(p for p in parts if p)
