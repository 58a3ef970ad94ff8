"""The translation catalogues: how they are extracted, checked and compiled.

``locale/<lang>/LC_MESSAGES/django.po`` holds each language's translations.
``manage.py update_catalogues`` (``make messages``) extracts every marked
string of the project into them with Django's ``makemessages`` and the
options below; ``manage.py compile_catalogues`` turns them into the ``.mo``
files Django reads, with polib, so no GNU gettext is needed to serve.
:func:`catalogue_problems` is what the completeness test asks of a catalogue:
every extracted message present, translated, not fuzzy, nothing obsolete, and
the same placeholders in a translation as in its original.
"""

from __future__ import annotations

import os
import re
import tempfile
from collections.abc import Iterable, Iterator
from pathlib import Path

import polib

#: Folders whose strings are never shown by the site: left out of extraction.
IGNORED = (".venv", "tests", "bench", "docs", "staticfiles", "media", "build", "dist")

#: ``makemessages`` options besides the languages. Locations name the file
#: only, so moving code within a file leaves the catalogues alone.
MAKEMESSAGES_OPTIONS = (
    *(f"--ignore={folder}" for folder in IGNORED),
    "--add-location=file",
    "--no-obsolete",
)

CATALOGUE_NAMES = ("django.po", "djangojs.po")

#: Options ``makemessages`` passes on to xgettext besides its own: the
#: plain-Python rules mark a message with a plural with ``ngettext_noop``
#: (``scoring.rules.words``), singular and plural.
XGETTEXT_OPTIONS = ("--keyword=ngettext_noop:1,2",)


def makemessages_arguments(languages: Iterable[str]) -> list[str]:
    """The command line of ``makemessages`` for these locale names."""
    return [*(f"--locale={language}" for language in languages), *MAKEMESSAGES_OPTIONS]


# --- Placeholders -------------------------------------------------------------

# printf-style, as Python's % operator reads it: %(name)s, %s, %5.2f, %%.
# A space flag is not accepted, so "50 % off" reads as text, not as "% o".
_PERCENT = re.compile(
    r"%(?:\((?P<name>[^)]*)\))?[#0+\-]*(?:\*|\d+)?(?:\.(?:\*|\d+))?[hlL]?"
    r"(?P<type>[diouxXeEfFgGcrsa%])"
)
# str.format fields: {name}, {0}, {}, {name!r:>5}; "{{" and "}}" are braces.
_BRACE = re.compile(r"\{\{|\}\}|\{(?P<field>[^{}]*)\}")
_BRACE_FIELD = re.compile(r"(?:[A-Za-z_]\w*|\d+)?(?:[.\[][^!:]*)?(?:![rsa])?(?::[^{}]*)?")


def placeholders(text: str) -> list[str]:
    """The placeholders of ``text`` in order, each as written.

    ``%%``, ``{{`` and ``}}`` stand for a character and are left out, and so
    are braces around anything that is not a format field.
    """
    found: list[tuple[int, str]] = []
    for match in _PERCENT.finditer(text):
        if match["type"] != "%" or match["name"] is not None:
            found.append((match.start(), match[0]))
    for match in _BRACE.finditer(text):
        field = match["field"]
        if field is not None and _BRACE_FIELD.fullmatch(field):
            found.append((match.start(), match[0]))
    return [written for _, written in sorted(found)]


def _is_positional(placeholder: str) -> bool:
    return placeholder in ("{}",) or (
        placeholder.startswith("%") and not placeholder.startswith("%(")
    )


def _shape(text: str) -> tuple[list[str], set[str]]:
    """Positional placeholders in order (their order is their meaning), and
    named ones as a set (a translation may move or repeat them)."""
    found = placeholders(text)
    return [p for p in found if _is_positional(p)], {p for p in found if not _is_positional(p)}


def same_placeholders(original: str, translation: str) -> bool:
    return _shape(original) == _shape(translation)


# --- Completeness -------------------------------------------------------------

Key = tuple[str | None, str]


def _key(entry: polib.POEntry) -> Key:
    return (entry.msgctxt or None, entry.msgid)


def describe(entry: polib.POEntry) -> str:
    context = f" (context {entry.msgctxt!r})" if entry.msgctxt else ""
    return f"msgid {entry.msgid!r}{context}"


def _plural_count(catalogue: polib.POFile) -> int | None:
    match = re.search(r"nplurals\s*=\s*(\d+)", catalogue.metadata.get("Plural-Forms", ""))
    return int(match[1]) if match else None


def _translation_problems(entry: polib.POEntry, forms: int | None) -> Iterator[str]:
    if entry.fuzzy:
        yield "is fuzzy: check the translation and remove the fuzzy flag"
        return
    if not entry.msgid_plural:
        if not entry.msgstr:
            yield "is not translated"
        elif not same_placeholders(entry.msgid, entry.msgstr):
            yield (
                f"has placeholders {placeholders(entry.msgstr)} in its translation, "
                f"not {placeholders(entry.msgid)}"
            )
        return
    translated = entry.msgstr_plural or {}
    expected = range(forms) if forms is not None else sorted(translated)
    for index in expected:
        text = translated.get(index, "")
        if not text:
            yield f"has no translation for plural form {index}"
        elif not (
            same_placeholders(entry.msgid, text) or same_placeholders(entry.msgid_plural, text)
        ):
            yield (
                f"has placeholders {placeholders(text)} in plural form {index}, "
                f"not those of the singular {placeholders(entry.msgid)} "
                f"or the plural {placeholders(entry.msgid_plural)}"
            )


def catalogue_problems(
    language: str, extracted: polib.POFile, committed: polib.POFile
) -> list[str]:
    """What keeps ``committed`` from serving ``language`` every message that
    ``extracted`` (a fresh ``makemessages`` of the source) holds, one line
    each, naming the language and the message."""
    problems: list[str] = []
    wanted = {_key(entry): entry for entry in extracted if not entry.obsolete and entry.msgid}
    present = {}
    for entry in committed:
        if not entry.msgid:
            continue  # the header
        if entry.obsolete:
            problems.append(f"{language}: {describe(entry)} is obsolete (#~): run make messages")
            continue
        present[_key(entry)] = entry
    forms = _plural_count(committed)
    for key, source in wanted.items():
        entry = present.get(key)
        if entry is None:
            problems.append(f"{language}: {describe(source)} is missing: run make messages")
            continue
        if (entry.msgid_plural or None) != (source.msgid_plural or None):
            problems.append(
                f"{language}: {describe(source)} has the plural {source.msgid_plural!r} in the "
                f"source, {entry.msgid_plural!r} in the catalogue: run make messages"
            )
            continue
        problems.extend(
            f"{language}: {describe(entry)} {problem}"
            for problem in _translation_problems(entry, forms)
        )
    for key, entry in present.items():
        if key not in wanted:
            problems.append(
                f"{language}: {describe(entry)} is no longer in the source: run make messages"
            )
    return problems


# --- Compiling ----------------------------------------------------------------


def catalogue_files(locale_dirs: Iterable[Path]) -> list[Path]:
    """Every ``<dir>/<lang>/LC_MESSAGES/{django,djangojs}.po``."""
    found = []
    for directory in locale_dirs:
        for name in CATALOGUE_NAMES:
            found.extend(sorted(Path(directory).glob(f"*/LC_MESSAGES/{name}")))
    return found


def is_stale(po: Path) -> bool:
    mo = po.with_suffix(".mo")
    return not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime


def compile_catalogue(po: Path) -> Path:
    """Write ``po``'s ``.mo`` beside it; like msgfmt, fuzzy and untranslated
    entries are left out (those messages show in English). The file is
    written under another name and renamed, so a reader never sees half of it."""
    mo = po.with_suffix(".mo")
    catalogue = polib.pofile(str(po))
    handle, partial = tempfile.mkstemp(dir=po.parent, prefix=".django-", suffix=".mo")
    os.close(handle)
    try:
        catalogue.save_as_mofile(partial)
        os.replace(partial, mo)
    finally:
        if os.path.exists(partial):
            os.unlink(partial)
    return mo


def compile_catalogues(locale_dirs: Iterable[Path], *, force: bool = False) -> list[Path]:
    """Compile each catalogue whose ``.mo`` is missing or older; the ``.po``
    files compiled."""
    compiled = []
    for po in catalogue_files(locale_dirs):
        if force or is_stale(po):
            compile_catalogue(po)
            compiled.append(po)
    return compiled
