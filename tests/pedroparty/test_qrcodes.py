"""pedroparty/qrcodes.py makes every QR code, each with its white quiet zone.

No database, no browser: the SVG and terminal forms are read as they are
made. Pages, screens and printables are read as pictures in
tests/e2e/test_qr_screens.py and tests/tournaments/printing/test_table_card_codes.py.
"""

from __future__ import annotations

import ast
import io
import re
from pathlib import Path

from pedroparty import qrcodes

ROOT = Path(__file__).resolve().parents[2]
URL = "http://192.168.1.23:8000/p/PNhwBq8F3CVG/"


def test_only_the_helper_makes_qr_codes():
    """segno is imported by qrcodes.py alone, so no code can skip its quiet zone."""
    importers = []
    for package in ("tournaments", "scoring", "pedroparty"):
        for path in sorted((ROOT / package).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                names = []
                if isinstance(node, ast.Import):
                    names = [alias.name for alias in node.names]
                elif isinstance(node, ast.ImportFrom):
                    names = [node.module or ""]
                if any(name.split(".")[0] == "segno" for name in names):
                    importers.append(path.relative_to(ROOT).as_posix())
    assert importers == ["pedroparty/qrcodes.py"]


def test_the_svg_paints_its_quiet_zone_white():
    """The white square under the code is the whole picture: the code plus
    four modules on each side, so no page background shows through it."""
    svg = str(qrcodes.qr_svg(URL))
    side = qrcodes.qr_code(URL).symbol_size(border=0)[0] + 2 * qrcodes.QUIET_ZONE
    assert f'viewBox="0 0 {side} {side}"' in svg
    assert f'<path fill="#fff" d="M0 0h{side}v{side}h-{side}z"/>' in svg
    assert re.search(r'd="M4 4\.5h', svg)  # the first dark module is 4 modules in
    assert "width=" not in svg  # the page's CSS sizes a screen's code


def test_a_printed_code_is_sized_by_its_modules():
    svg = str(qrcodes.qr_svg(URL, module_mm=qrcodes.PRINT_MODULE_MM))
    modules = qrcodes.qr_width(URL)
    side = f"{modules * qrcodes.PRINT_MODULE_MM:.2f}mm"
    assert svg.startswith(f'<svg width="{side}" height="{side}" viewBox="0 0 {modules} {modules}"')


def test_an_svg_file_names_its_namespace_and_escapes_its_title():
    svg = str(qrcodes.qr_svg(URL, title="<Join & play>", standalone=True))
    assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg"')
    assert "<title>&lt;Join &amp; play&gt;</title>" in svg
    assert "xmlns" not in str(qrcodes.qr_svg(URL))  # inline in a page, it needs none


def test_the_terminal_code_keeps_its_quiet_zone():
    """Four modules of light (a block on a dark terminal) on every side; each
    character holds two modules, one above the other."""
    halves = {"█": (1, 1), "▀": (1, 0), "▄": (0, 1), " ": (0, 0)}
    out = io.StringIO()
    qrcodes.qr_terminal(URL, out=out)
    rows = []
    for line in out.getvalue().splitlines():
        rows += [[halves[c][0] for c in line], [halves[c][1] for c in line]]
    side = qrcodes.qr_width(URL)
    rows = rows[:side]  # the last character row may have an empty lower half
    zone = qrcodes.QUIET_ZONE
    assert len(rows) == side and all(len(row) == side for row in rows)
    assert all(all(row) for row in rows[:zone] + rows[-zone:])
    assert all(all(row[:zone]) and all(row[-zone:]) for row in rows)
    assert not all(rows[zone])  # the code itself starts there
