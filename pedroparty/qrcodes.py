"""QR codes: every code the site shows, prints or announces is made here.

A phone's decoder finds a code by the white around it, so each code carries
its quiet zone of :data:`QUIET_ZONE` modules (ISO/IEC 18004) drawn white as
part of its own image: no page layout, table cell or coloured background can
crowd or tint it.

Size: a phone held at arm's length reads a module of about a millimetre
(:data:`PRINT_MODULE_MM` on paper; a screen code is at least
:data:`SCREEN_MODULE_PX` CSS pixels a module, which the page's CSS sees to).
"""

from __future__ import annotations

import io
from typing import TextIO

import segno
from django.utils.safestring import SafeString, mark_safe

#: The white border every code keeps, in modules (the standard's minimum).
QUIET_ZONE = 4

#: A printed module's side: about 3 pixels of a phone camera's 1080p preview
#: with the page half a metre away.
PRINT_MODULE_MM = 1.1

#: A module on a screen, in CSS pixels, at the least (about a millimetre).
SCREEN_MODULE_PX = 4

#: Error correction: "m" restores 15% of a smudged or folded code.
ERROR_LEVEL = "m"


def qr_code(data: str) -> segno.QRCode:
    """The QR code (never a Micro QR) of ``data``."""
    return segno.make(data, error=ERROR_LEVEL, micro=False)


def qr_width(data: str) -> int:
    """The code's side in modules, its quiet zone included."""
    return qr_code(data).symbol_size(border=QUIET_ZONE)[0]


def qr_svg(
    data: str,
    *,
    title: str | None = None,
    svgclass: str = "qr",
    module_mm: float | None = None,
    standalone: bool = False,
) -> SafeString:
    """``data`` as an inline SVG QR code, black on white, its quiet zone included.

    Without ``module_mm`` the SVG has no size of its own (the page's CSS
    gives it one); with it, it prints ``module_mm`` millimetres a module.
    ``title`` (escaped) names it for screen readers. ``standalone`` makes an
    SVG file of its own (an ``image/svg+xml`` response), which names the SVG
    namespace: without it a browser shows no picture."""
    code = qr_code(data)
    out = io.BytesIO()
    code.save(
        out,
        kind="svg",
        xmldecl=False,
        svgns=standalone,
        nl=False,
        border=QUIET_ZONE,
        dark="#000",
        light="#fff",
        omitsize=True,
        svgclass=svgclass,
        title=title,
    )
    svg = out.getvalue().decode()
    if module_mm is not None:
        side = f"{code.symbol_size(border=QUIET_ZONE)[0] * module_mm:.2f}mm"
        svg = svg.replace("<svg ", f'<svg width="{side}" height="{side}" ', 1)
    return mark_safe(svg)  # segno's own markup; it escapes the title


def qr_terminal(data: str, *, out: TextIO) -> None:
    """``data`` as a QR code drawn in a terminal, with its quiet zone."""
    qr_code(data).terminal(out=out, border=QUIET_ZONE, compact=True)
