"""The games' rules pages on the site: ``/rules/`` and ``/rules/<game>/``.

Each page is a Markdown file of ``RULES_PAGES_DIR`` (``docs/rules/``): the
English one at the top, a translation under the language's folder
(``docs/rules/es/cinch.md``).  A page is read in the reader's language, or in
English with a note when that language has no translation of it yet.

The Markdown is ours, but it is rendered as untrusted text all the same: raw
HTML in it is shown as text, and a link may only go to another rules page or
to a web address.  The only memory kept is a pure function of a file's path
and modification time, so an edited file shows at once.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from xml.etree.ElementTree import Element

import markdown
from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, get_language_info
from django.views.decorators.http import require_safe
from markdown.treeprocessors import Treeprocessor

from scoring.rules import RULESETS

#: The language the pages are written in; the others are translations.
SOURCE_LANGUAGE = "en"
#: The index page's file, in every language's folder.
INDEX_FILE = "README.md"
#: Every game with a rules page, by id: the four-seat games and the N-seat ones.
GAMES = frozenset(RULESETS)
_PAGE_LINK = re.compile(r"^(?P<name>[\w-]+)\.md(?P<anchor>#[\w-]*)?$")
_WEB_LINK = re.compile(r"^(https?:|#)", re.I)


def rules_dir() -> Path:
    return Path(settings.RULES_PAGES_DIR)


def page_url(name: str) -> str:
    """The site's address of a page file's stem: a game, or the index."""
    if name == Path(INDEX_FILE).stem:
        return reverse("rules:index")
    return reverse("rules:page", args=[name])


class _SiteLinks(Treeprocessor):
    """Links between the pages go to their addresses on the site; a link to
    anything else that is not a web address becomes its plain text."""

    def run(self, root: Element) -> None:
        for parent in root.iter():
            for child in list(parent):
                if child.tag != "a":
                    continue
                href = child.get("href", "")
                match = _PAGE_LINK.match(href)
                if match and (match["name"] in GAMES or match["name"] == "README"):
                    child.set("href", page_url(match["name"]) + (match["anchor"] or ""))
                elif not _WEB_LINK.match(href):
                    child.tag = "span"
                    child.attrib.clear()


def to_html(text: str) -> str:
    """The Markdown ``text`` as HTML, tables included, with any raw HTML in it
    escaped rather than passed through."""
    md = markdown.Markdown(
        extensions=["tables"],
        extension_configs={"tables": {"use_align_attribute": True}},
        output_format="html",
    )
    md.preprocessors.deregister("html_block")
    md.inlinePatterns.deregister("html")
    md.treeprocessors.register(_SiteLinks(md), "site_links", 0)
    return md.convert(text)


@lru_cache(maxsize=256)
def _rendered(path: str, mtime_ns: int) -> tuple[str, str]:
    """The page's title (its first line, without the Markdown) and its HTML,
    for the file as it was at ``mtime_ns``."""
    text = Path(path).read_text(encoding="utf-8")
    first = text.lstrip().splitlines()[0] if text.strip() else ""
    title = re.sub(r"[`*_]", "", first.lstrip("#")).strip()
    return title, to_html(text)


@dataclass(frozen=True)
class RulesPage:
    title: str
    html: SafeString
    #: The language the page is written in: the reader's, or English.
    language: str
    #: The reader's language, when the page has no translation into it.
    missing: str = ""


def page_file(filename: str, language: str) -> Path:
    base = rules_dir()
    return base / filename if language == SOURCE_LANGUAGE else base / language / filename


def rules_page(filename: str, language: str) -> RulesPage | None:
    """The page ``filename`` in ``language``, or in English when it has no
    translation; None when there is no such page at all."""
    missing = ""
    path = page_file(filename, language)
    if language != SOURCE_LANGUAGE and not path.is_file():
        missing, language = language, SOURCE_LANGUAGE
        path = page_file(filename, language)
    try:
        mtime = path.stat().st_mtime_ns
    except FileNotFoundError:
        return None
    title, html = _rendered(str(path), mtime)
    return RulesPage(title=title, html=mark_safe(html), language=language, missing=missing)


def reader_language() -> str:
    return (get_language() or SOURCE_LANGUAGE).split("-")[0]


def _answer(request: HttpRequest, filename: str, game: str | None) -> HttpResponse:
    language = reader_language()
    page = rules_page(filename, language)
    if page is None:
        raise Http404
    context = {
        "page": page,
        "game": game,
        "missing_name": get_language_info(page.missing)["name_translated"] if page.missing else "",
    }
    return render(request, "rules/page.html", context)


@require_safe
def index(request: HttpRequest) -> HttpResponse:
    """Every game with a line about it, and where the rules come from."""
    return _answer(request, INDEX_FILE, None)


@require_safe
def page(request: HttpRequest, game: str) -> HttpResponse:
    """One game's rules in plain words."""
    if game not in GAMES:
        raise Http404
    return _answer(request, f"{game}.md", game)
