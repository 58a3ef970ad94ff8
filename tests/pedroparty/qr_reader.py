"""Reading QR codes as a phone does: from a picture of the whole page or
screen, with a real decoder (zxing-cpp), never from the SVG's source.

A code is *readable* here when the decoder finds it in the picture, its
quiet zone (``qrcodes.QUIET_ZONE`` modules on every side) is white in that
picture, and its modules are large enough: on paper at least a millimetre
(``qrcodes.PRINT_MODULE_MM`` less the rendering's rounding), on a screen
``qrcodes.SCREEN_MODULE_PX`` CSS pixels.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pypdfium2
import zxingcpp
from PIL import Image
from weasyprint import HTML

from pedroparty import qrcodes

#: Brightest grey a quiet zone's pixel may be darker than (0 black, 255 white).
LIGHT = 200

#: A phone camera's 1080p preview of a page half a metre away (a 70 degree
#: lens sees about 70 cm across 1920 pixels): about 70 pixels an inch.
ARMS_LENGTH_DPI = 72

#: Fine enough to measure a module and its quiet zone to a tenth of a millimetre.
MEASURE_DPI = 200


@dataclass(frozen=True)
class ReadCode:
    """A QR code the decoder found: its text and where it lies, in pixels."""

    text: str
    left: int
    top: int
    right: int  # the first pixel past the symbol
    bottom: int
    modules: int  # the symbol's side in modules, quiet zone not included

    @property
    def module_px(self) -> float:
        return ((self.right - self.left) + (self.bottom - self.top)) / 2 / self.modules


def read_codes(image: Image.Image) -> list[ReadCode]:
    """Every QR code the decoder finds in ``image``, top to bottom."""
    found = []
    for code in zxingcpp.read_barcodes(image.convert("L"), formats=zxingcpp.BarcodeFormat.QRCode):
        corners = code.position
        xs = [p.x for p in (corners.top_left, corners.top_right, corners.bottom_left)]
        xs.append(corners.bottom_right.x)
        ys = [p.y for p in (corners.top_left, corners.top_right, corners.bottom_left)]
        ys.append(corners.bottom_right.y)
        version = int(code.extra["Version"])
        found.append(
            ReadCode(code.text, min(xs), min(ys), max(xs), max(ys), modules=17 + 4 * version)
        )
    # A low-resolution picture can make the decoder see a small code in the
    # pattern of a real one: it lies inside that code, and is no code at all.
    found = [code for code in found if not any(_inside(code, other) for other in found)]
    return sorted(found, key=lambda code: (code.top, code.left))


def _inside(code: ReadCode, other: ReadCode) -> bool:
    """Whether ``code``'s centre lies in ``other``, a larger code."""
    x, y = (code.left + code.right) / 2, (code.top + code.bottom) / 2
    larger = (other.right - other.left) > (code.right - code.left)
    return larger and other.left <= x <= other.right and other.top <= y <= other.bottom


def quiet_zone_problem(image: Image.Image, code: ReadCode) -> str | None:
    """What is wrong with the white around ``code`` in ``image``, or None.

    Each side's band, ``QUIET_ZONE`` modules wide, must lie inside the picture
    and be light; a pixel at each end is left to the rendering's smoothing."""
    grey = image.convert("L")
    zone = round(qrcodes.QUIET_ZONE * code.module_px)
    left, top, right, bottom = code.left, code.top, code.right, code.bottom
    bands = {
        "left": (left - zone + 1, top, left - 1, bottom),
        "right": (right + 1, top, right + zone - 1, bottom),
        "top": (left, top - zone + 1, right, top - 1),
        "bottom": (left, bottom + 1, right, bottom + zone - 1),
    }
    for side, box in bands.items():
        x0, y0, x1, y1 = box
        if x0 < 0 or y0 < 0 or x1 > grey.width or y1 > grey.height:
            return f"{code.text!r}: its {side} quiet zone is cut off by the edge of the picture"
        darkest, _lightest = grey.crop(box).getextrema()
        if darkest < LIGHT:
            return f"{code.text!r}: something dark in its {side} quiet zone ({darkest}/255)"
    return None


def pdf_pictures(pdf: bytes, *, dpi: int) -> list[Image.Image]:
    """Every page of ``pdf`` as a picture at ``dpi`` pixels an inch."""
    document = pypdfium2.PdfDocument(pdf)
    try:
        return [page.render(scale=dpi / 72).to_pil() for page in document]
    finally:
        document.close()


def module_mm(code: ReadCode, *, dpi: int) -> float:
    """A module's side on paper, read from a picture made at ``dpi``."""
    return code.module_px / dpi * 25.4


def unreadable_on_paper(pdf: bytes, expected: list[list[str]]) -> list[str]:
    """Why the codes of ``pdf`` would not scan, page by page: each page must
    hold exactly the codes ``expected`` lists for it (in any order), each
    found at arm's length, with its quiet zone, at least a millimetre a module."""
    problems = []
    far = pdf_pictures(pdf, dpi=ARMS_LENGTH_DPI)
    near = pdf_pictures(pdf, dpi=MEASURE_DPI)
    if len(far) != len(expected):
        return [f"{len(far)} pages, not {len(expected)}"]
    for number, (picture, close_up, wanted) in enumerate(
        zip(far, near, expected, strict=True), start=1
    ):
        at_arms_length = sorted(code.text for code in read_codes(picture))
        if at_arms_length != sorted(wanted):
            problems.append(
                f"page {number} at arm's length reads {at_arms_length}, not {sorted(wanted)}"
            )
        for code in read_codes(close_up):
            problem = quiet_zone_problem(close_up, code)
            if problem:
                problems.append(f"page {number}: {problem}")
            size = module_mm(code, dpi=MEASURE_DPI)
            if size < 1.0:
                problems.append(f"page {number}: {code.text!r} prints {size:.2f} mm a module")
    return problems


#: An inline SVG element, as a page or an image response holds one.
_SVG = re.compile(r"<svg\b.*?</svg>", re.S)


def svg_codes(markup: str) -> list[str]:
    """What every QR code drawn as an inline SVG in ``markup`` (a page or an
    SVG image) says, read from a picture of each: an SVG that is no QR code
    reads as nothing."""
    svgs = _SVG.findall(markup)
    if not svgs:
        return []
    cells = "".join(
        f'<div style="width:80mm;height:80mm;margin:10mm;break-after:page">{svg}</div>'
        for svg in svgs
    )
    style = "@page{size:100mm 100mm;margin:0} svg{width:80mm;height:80mm}"
    pdf = HTML(string=f"<style>{style}</style>{cells}").write_pdf()
    return [code.text for picture in pdf_pictures(pdf, dpi=150) for code in read_codes(picture)]
