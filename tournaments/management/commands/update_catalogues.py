"""``python manage.py update_catalogues`` (``make messages``): extract the strings.

Runs Django's ``makemessages`` for every language of ``settings.LANGUAGES``
but the source language, with the options of ``pedroparty.catalogues``:
new messages arrive untranslated, changed ones fuzzy, and messages gone from
the source are dropped. The completeness test runs this same command on a
copy of the project, so the two always agree. Needs GNU gettext's xgettext.
"""

from __future__ import annotations

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand
from django.core.management.commands import makemessages
from django.utils.translation import to_locale

from pedroparty.catalogues import XGETTEXT_OPTIONS, makemessages_arguments


class MakeMessages(makemessages.Command):
    """Django's ``makemessages``, with the project's xgettext options."""

    xgettext_options = [*makemessages.Command.xgettext_options, *XGETTEXT_OPTIONS]


def translated_locales() -> list[str]:
    """The locale names (``es``, ``pt_BR``) of every language but the source."""
    return [to_locale(code) for code, _name in settings.LANGUAGES if code != settings.LANGUAGE_CODE]


class Command(BaseCommand):
    help = "Update the translation catalogues from the source (makemessages)."
    requires_system_checks = []

    def handle(self, *args, **options):
        call_command(
            MakeMessages(),
            *makemessages_arguments(translated_locales()),
            verbosity=options["verbosity"],
        )
