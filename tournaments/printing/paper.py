"""The printed page: paper sizes, certificate designs, margins and fonts.

Fonts: the ``@font-face`` rules point at the DejaVu fonts where the system has
them (Debian's fonts-dejavu-core), otherwise the generic family is used.
WeasyPrint embeds (a subset of) whatever font it used, so the PDF prints the
same anywhere.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext_lazy as _

from ..checks import FONT_DIRS, FONT_FACES, find_font
from ..models import Document

Kind = Document.Kind


@dataclass(frozen=True)
class Paper:
    code: str
    label: str
    css: str  # the CSS page size name
    width_mm: float  # portrait
    height_mm: float


PAPERS = {
    "letter": Paper("letter", _("US Letter"), "letter", 215.9, 279.4),
    "a4": Paper("a4", "A4", "A4", 210.0, 297.0),
}
DEFAULT_PAPER = "letter"  # Monterey, California

#: Certificate designs: code -> label.  The first is the default.
DESIGNS = {
    "classic": _("Classic (serif, double border)"),
    "modern": _("Modern (sans, colour band)"),
}
DEFAULT_DESIGN = "classic"

#: Landscape kinds; the others are portrait.
LANDSCAPE = {Kind.CERTIFICATES, Kind.TABLE_CARDS}

#: The page margin of every printable, in mm.
MARGIN_MM = 12.0


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
            path = find_font(names, dirs)
            if path is not None:
                rules.append(
                    f'@font-face {{ font-family: "{family}"; font-weight: {weight}; '
                    f'font-style: {style}; src: url("{path.as_uri()}"); }}'
                )
    return mark_safe("\n".join(rules))  # built from constants and file paths
