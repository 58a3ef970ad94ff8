"""The translation catalogues are complete, and compile to what Django serves.

The completeness test extracts the project's messages afresh, with the same
command as ``make messages`` run on a copy of the project (the committed
catalogues are never touched), and holds each committed catalogue to it:
every message present, translated, not fuzzy, nothing obsolete, the same
placeholders in a translation as in its original.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import override_settings
from django.utils import translation

from pedroparty.catalogues import (
    IGNORED,
    catalogue_files,
    catalogue_problems,
    compile_catalogues,
    placeholders,
    same_placeholders,
)
from tournaments.management.commands.update_catalogues import translated_locales

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "locale"

#: Not copied for the extraction: version control, caches, local data.
_NOT_COPIED = {
    ".git",
    ".venv",
    "__pycache__",
    ".pytest_cache",
    ".ruff_cache",
    ".hypothesis",
    "staticfiles",
    "media",
    "db.sqlite3",
}


def committed(locale: str) -> Path:
    return LOCALE / locale / "LC_MESSAGES" / "django.po"


def _copy_project(target: Path) -> None:
    """The project without its catalogues (the glossary stays): makemessages
    then writes fresh ones, holding every message with no translation."""

    def skip(directory: str, names: list[str]) -> set[str]:
        if Path(directory) == LOCALE:
            return {name for name in names if (LOCALE / name).is_dir()}
        return {name for name in names if name in _NOT_COPIED}

    shutil.copytree(ROOT, target, symlinks=True, ignore=skip)


@pytest.fixture(scope="module")
def extracted(tmp_path_factory) -> dict[str, polib.POFile]:
    """Each translated locale's messages, as ``make messages`` extracts them."""
    copy = tmp_path_factory.mktemp("extraction") / "project"
    _copy_project(copy)
    result = subprocess.run(
        [sys.executable, "manage.py", "update_catalogues", "--verbosity", "0"],
        cwd=copy,
        env={**os.environ, "DJANGO_DEBUG": "true", "DJANGO_SETTINGS_MODULE": "pedroparty.settings"},
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert result.returncode == 0, (
        "makemessages failed (it needs GNU gettext's xgettext, Debian's gettext package):\n"
        + result.stdout
        + result.stderr
    )
    catalogues = {}
    for locale in translated_locales():
        path = copy / "locale" / locale / "LC_MESSAGES" / "django.po"
        assert path.exists(), f"makemessages wrote no catalogue for {locale} in the copy"
        catalogues[locale] = polib.pofile(str(path))
    return catalogues


# --- The committed catalogues -------------------------------------------------


def test_every_language_but_english_has_a_catalogue():
    locales = translated_locales()
    assert "es" in locales and "fr" in locales and "en" not in locales
    missing = [locale for locale in locales if not committed(locale).exists()]
    assert not missing, (
        f"no catalogue for {', '.join(missing)} (settings.LANGUAGES): run make messages"
    )


def test_the_extraction_reads_the_project_and_leaves_out_the_rest(extracted):
    files = {
        occurrence.partition(":")[0]
        for catalogue in extracted.values()
        for entry in catalogue
        for occurrence, _line in entry.occurrences
    }
    assert any(name.startswith("templates/") for name in files)
    assert "scoring/rules/rulesets.py" in files  # the engine's gettext_noop strings
    assert "pedroparty/settings.py" in files  # the languages' names
    outside = sorted(name for name in files if name.split("/")[0] in IGNORED)
    assert not outside, f"extracted from folders left out of extraction: {outside}"


@pytest.mark.parametrize("locale", translated_locales())
def test_the_catalogue_is_complete(locale, extracted):
    path = committed(locale)
    assert path.exists(), f"{locale}: no catalogue at {path.relative_to(ROOT)}: run make messages"
    problems = catalogue_problems(locale, extracted[locale], polib.pofile(str(path)))
    shown = problems[:60]
    more = f"\n… and {len(problems) - len(shown)} more" if len(problems) > len(shown) else ""
    assert not problems, (
        f"{len(problems)} problems in {path.relative_to(ROOT)}:\n" + "\n".join(shown) + more
    )


def _first_translated(catalogue: polib.POFile) -> polib.POEntry | None:
    for entry in catalogue.translated_entries():
        if entry.msgid and not entry.msgid_plural and entry.msgstr != entry.msgid:
            return entry
    return None


def test_a_translated_message_is_served_in_spanish(tmp_path):
    source = committed("es")
    entry = _first_translated(polib.pofile(str(source)))
    assert entry is not None, (
        f"{source.relative_to(ROOT)} has no translated message yet, so nothing "
        "shows that Spanish is served: translate it (make messages, then the msgstr lines)"
    )
    target = tmp_path / "es" / "LC_MESSAGES"
    target.mkdir(parents=True)
    shutil.copy(source, target / "django.po")
    assert compile_catalogues([tmp_path]) == [target / "django.po"]
    with override_settings(LOCALE_PATHS=[tmp_path]), translation.override("es"):
        if entry.msgctxt:
            served = translation.pgettext(entry.msgctxt, entry.msgid)
        else:
            served = translation.gettext(entry.msgid)
    assert served == entry.msgstr, f"es: {entry.msgid!r} is served as {served!r}"


# --- Compiling ----------------------------------------------------------------


def _write_catalogue(path: Path, entries: list[polib.POEntry], plurals: str = "") -> Path:
    catalogue = polib.POFile()
    catalogue.metadata = {
        "Content-Type": "text/plain; charset=UTF-8",
        "Plural-Forms": plurals or "nplurals=2; plural=(n != 1);",
    }
    for entry in entries:
        catalogue.append(entry)
    path.parent.mkdir(parents=True, exist_ok=True)
    catalogue.save(str(path))
    return path


def test_compiling_writes_each_stale_catalogue_once(tmp_path):
    po = _write_catalogue(
        tmp_path / "es" / "LC_MESSAGES" / "django.po",
        [polib.POEntry(msgid="Deal", msgstr="Reparto")],
    )
    assert compile_catalogues([tmp_path]) == [po]
    assert compile_catalogues([tmp_path]) == []
    mo = po.with_suffix(".mo")
    later = mo.stat().st_mtime + 10
    os.utime(po, (later, later))
    assert compile_catalogues([tmp_path]) == [po]
    assert compile_catalogues([tmp_path], force=True) == [po]
    assert not [p.name for p in po.parent.iterdir() if p.name.startswith(".django-")]


def test_fuzzy_and_untranslated_entries_are_left_out_of_the_compiled_file(tmp_path):
    po = _write_catalogue(
        tmp_path / "fr" / "LC_MESSAGES" / "django.po",
        [
            polib.POEntry(msgid="Deal", msgstr="Donne"),
            polib.POEntry(msgid="Bid", msgstr="Enchère", flags=["fuzzy"]),
            polib.POEntry(msgid="Trump", msgstr=""),
        ],
    )
    compile_catalogues([tmp_path])
    served = {entry.msgid: entry.msgstr for entry in polib.mofile(str(po.with_suffix(".mo")))}
    assert served.get("Deal") == "Donne"
    assert "Bid" not in served and "Trump" not in served


def test_the_command_compiles_what_django_then_serves(tmp_path):
    _write_catalogue(
        tmp_path / "es" / "LC_MESSAGES" / "django.po",
        [
            polib.POEntry(msgid="Catalogue probe", msgstr="Sonda del catálogo"),
            polib.POEntry(msgctxt="bid", msgid="Probe set", msgstr="Sonda fallada"),
            polib.POEntry(
                msgid="%(count)s probe",
                msgid_plural="%(count)s probes",
                msgstr_plural={0: "%(count)s sonda", 1: "%(count)s sondas"},
            ),
        ],
    )
    with override_settings(LOCALE_PATHS=[tmp_path]):
        call_command("compile_catalogues", verbosity=0)
        assert [p.with_suffix(".mo").exists() for p in catalogue_files([tmp_path])] == [True]
        with translation.override("es"):
            assert translation.gettext("Catalogue probe") == "Sonda del catálogo"
            assert translation.pgettext("bid", "Probe set") == "Sonda fallada"
            assert translation.ngettext("%(count)s probe", "%(count)s probes", 3) == (
                "%(count)s sondas"
            )
        with translation.override("en"):
            assert translation.gettext("Catalogue probe") == "Catalogue probe"


def test_a_malformed_catalogue_stops_the_command_with_its_name(tmp_path):
    po = tmp_path / "fr" / "LC_MESSAGES" / "django.po"
    po.parent.mkdir(parents=True)
    po.write_text('msgid "Deal"\nmsgstr "Donne"\nnot a catalogue line\n', encoding="utf-8")
    with override_settings(LOCALE_PATHS=[tmp_path]), pytest.raises(CommandError) as error:
        call_command("compile_catalogues", verbosity=0)
    assert str(po) in str(error.value) and "line 3" in str(error.value)
    assert not po.with_suffix(".mo").exists()


def test_the_committed_catalogues_are_what_the_command_compiles():
    names = {p.relative_to(LOCALE).as_posix() for p in catalogue_files(settings.LOCALE_PATHS)}
    assert {f"{locale}/LC_MESSAGES/django.po" for locale in translated_locales()} <= names


# --- Placeholders -------------------------------------------------------------


def test_placeholders_named_positional_and_brace():
    assert placeholders("%(name)s bid %(bid)d") == ["%(name)s", "%(bid)d"]
    assert placeholders("%s of %d, %5.2f%%") == ["%s", "%d", "%5.2f"]
    assert placeholders("{name} and {0} and {} and {points:>3}") == [
        "{name}",
        "{0}",
        "{}",
        "{points:>3}",
    ]
    assert placeholders("%(team)s: {count}") == ["%(team)s", "{count}"]


def test_placeholders_leave_out_escapes_and_plain_text():
    assert placeholders("100%% sure") == []
    assert placeholders("%%(name)s") == []
    assert placeholders("{{name}} and }}") == []
    assert placeholders("50 % off, { not a field }") == []
    assert placeholders("No placeholders here.") == []


def test_same_placeholders_lets_named_ones_move_but_not_positional_ones():
    assert same_placeholders("%(a)s beat %(b)s", "%(b)s perdió ante %(a)s")
    assert same_placeholders("%(team)s made %(team)s's bid", "%(team)s a fait son contrat")
    assert not same_placeholders("%(bid)d points", "%(bid)s points")
    assert not same_placeholders("%(bid)d points", "points")
    assert not same_placeholders("%(bid)d points", "%(bid)d points %(extra)s")
    assert same_placeholders("%s of %d", "%s de %d")
    assert not same_placeholders("%s of %d", "%d de %s")
    assert not same_placeholders("{name}", "{nom}")
    assert not same_placeholders("100%% made", "100% made %s")


# --- What the completeness test reports ---------------------------------------


def _catalogue(*entries: polib.POEntry, plurals: str = "nplurals=2; plural=(n > 1);"):
    catalogue = polib.POFile()
    catalogue.metadata = {"Plural-Forms": plurals}
    for entry in entries:
        catalogue.append(entry)
    return catalogue


def test_a_complete_catalogue_has_no_problems():
    source = _catalogue(
        polib.POEntry(msgid="Deal"),
        polib.POEntry(msgctxt="bid", msgid="set"),
        polib.POEntry(msgid="%(n)s deal", msgid_plural="%(n)s deals", msgstr_plural={0: "", 1: ""}),
    )
    done = _catalogue(
        polib.POEntry(msgid="Deal", msgstr="Donne"),
        polib.POEntry(msgctxt="bid", msgid="set", msgstr="chute"),
        polib.POEntry(
            msgid="%(n)s deal",
            msgid_plural="%(n)s deals",
            msgstr_plural={0: "%(n)s donne", 1: "%(n)s donnes"},
        ),
    )
    assert catalogue_problems("fr", source, done) == []


def test_each_kind_of_problem_names_the_language_and_the_message():
    source = _catalogue(
        polib.POEntry(msgid="Missing"),
        polib.POEntry(msgctxt="bid", msgid="set"),
        polib.POEntry(msgid="Fuzzy"),
        polib.POEntry(msgid="Empty"),
        polib.POEntry(msgid="%(points)d points"),
        polib.POEntry(msgid="One deal", msgid_plural="%(n)s deals"),
        polib.POEntry(msgid="%(n)s table", msgid_plural="%(n)s tables"),
        polib.POEntry(msgid="Plural changed", msgid_plural="Plurals changed"),
    )
    committed = _catalogue(
        polib.POEntry(msgid="set", msgstr="ensemble"),  # the context is missing
        polib.POEntry(msgid="Fuzzy", msgstr="Flou", flags=["fuzzy"]),
        polib.POEntry(msgid="Empty", msgstr=""),
        polib.POEntry(msgid="%(points)d points", msgstr="%(points)s points"),
        polib.POEntry(
            msgid="One deal",
            msgid_plural="%(n)s deals",
            msgstr_plural={0: "Une donne", 1: "%(n)s donnes"},
        ),
        polib.POEntry(
            msgid="%(n)s table", msgid_plural="%(n)s tables", msgstr_plural={0: "%(n)s table"}
        ),
        polib.POEntry(
            msgid="Plural changed", msgid_plural="Plural", msgstr_plural={0: "a", 1: "b"}
        ),
        polib.POEntry(msgid="Gone", msgstr="Parti", obsolete=True),
    )
    problems = catalogue_problems("fr", source, committed)
    assert all(problem.startswith("fr: msgid ") for problem in problems), problems
    expected = [
        "'Gone' is obsolete (#~)",
        "'Missing' is missing",
        "'set' (context 'bid') is missing",
        "'Fuzzy' is fuzzy",
        "'Empty' is not translated",
        "'%(points)d points' has placeholders ['%(points)s']",
        "'%(n)s table' has no translation for plural form 1",
        "'Plural changed' has the plural 'Plurals changed' in the source",
        "'set' is no longer in the source",
    ]
    for text in expected:
        assert any(text in problem for problem in problems), (text, problems)
    assert len(problems) == len(expected), problems


def test_a_plural_form_with_placeholders_of_neither_original_is_reported():
    source = _catalogue(polib.POEntry(msgid="%(n)s deal", msgid_plural="%(n)s deals"))
    wrong = _catalogue(
        polib.POEntry(
            msgid="%(n)s deal",
            msgid_plural="%(n)s deals",
            msgstr_plural={0: "%(n)s donne", 1: "%(count)s donnes"},
        )
    )
    problems = catalogue_problems("es", source, wrong)
    assert len(problems) == 1 and "plural form 1" in problems[0] and "%(count)s" in problems[0]
