"""``python manage.py compile_catalogues [--force]``: build the ``.mo`` files.

Compiles each ``locale/<lang>/LC_MESSAGES/*.po`` of ``LOCALE_PATHS`` whose
``.mo`` is missing or older than it, with polib (no GNU gettext needed).
Fuzzy and untranslated entries are left out and show in English; the
completeness test (tests/pedroparty/test_catalogues.py) is what refuses them.
"""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from pedroparty.catalogues import compile_catalogues


class Command(BaseCommand):
    help = "Compile the translation catalogues (.po) that changed into .mo files."
    requires_system_checks = []

    def add_arguments(self, parser):
        parser.add_argument(
            "--force", action="store_true", help="compile every catalogue, even up to date"
        )

    def handle(self, *args, **options):
        try:
            compiled = compile_catalogues(
                [Path(path) for path in settings.LOCALE_PATHS], force=options["force"]
            )
        except OSError as error:
            # polib reports a malformed catalogue as an OSError naming the line.
            raise CommandError(f"Cannot compile the catalogues: {error}") from None
        for po in compiled:
            self.stdout.write(f"Compiled {po}")
        if not compiled and options["verbosity"] > 1:
            self.stdout.write("The catalogues are up to date.")
