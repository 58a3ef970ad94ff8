"""What the machine must have for the printables, said when it is missing.

WeasyPrint draws the PDFs with Pango and subsets the fonts it embeds with
HarfBuzz; the printables use the DejaVu fonts.  None of them comes from PyPI.
Without Pango no PDF can be made at all; without HarfBuzz's subsetter or the
fonts, PDFs are made but larger or in a fallback face.  The rest of the site
works either way, so each is a warning of Django's system checks (shown by
``runserver``, ``migrate`` and ``manage.py check``) that names the Debian
package to install.

The fonts the printables use, and where a machine keeps them, are here
too: the printables (``printing.paper``) read them from this module, which
the app imports before its models are ready.
"""

from __future__ import annotations

import ctypes.util
from collections.abc import Callable
from pathlib import Path

from django.core import checks

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


def find_font(names: tuple[str, ...], dirs: tuple[str, ...]) -> Path | None:
    """The first of the font files ``names`` found in ``dirs``, else None."""
    for directory in dirs:
        for name in names:
            path = Path(directory) / name
            if path.is_file():
                return path
    return None


#: (shared library, what it is for, Debian package): the libraries WeasyPrint loads.
LIBRARIES = (
    ("pango-1.0", "no certificate, table card or tally card can be printed", "libpango-1.0-0"),
    (
        "pangoft2-1.0",
        "no certificate, table card or tally card can be printed",
        "libpangoft2-1.0-0",
    ),
    ("harfbuzz-subset", "PDFs embed whole fonts and are much larger", "libharfbuzz-subset0"),
)
FONT_PACKAGE = "fonts-dejavu-core"


def missing_packages(
    find_library: Callable[[str], str | None] = ctypes.util.find_library,
    font_dirs: tuple[str, ...] = FONT_DIRS,
) -> list[tuple[str, str]]:
    """(Debian package, what goes wrong without it) for each thing missing."""
    missing = [
        (package, effect) for name, effect, package in LIBRARIES if find_library(name) is None
    ]
    regular = FONT_FACES["Pedro Serif"][("normal", "normal")]
    if find_font(regular, font_dirs) is None:
        missing.append((FONT_PACKAGE, "printables use a fallback typeface"))
    return missing


@checks.register()
def printing_libraries(app_configs=None, **kwargs) -> list[checks.CheckMessage]:
    return [
        checks.Warning(
            f"{package} is not installed: {effect}.",
            hint=f"On Debian or Ubuntu: sudo apt-get install {package}",
            id="printing.W001",
        )
        for package, effect in missing_packages()
    ]
