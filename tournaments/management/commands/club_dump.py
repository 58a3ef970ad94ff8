"""``python manage.py club_dump SLUG [-o FILE]``: write a club's file.

Writes the club file (``docs/club-file.md``) of the club with that slug as
UTF-8 JSON, indented by 2, names as typed (not escaped): to standard output,
or to FILE with ``-o``.
"""

from __future__ import annotations

import json
import sys

from django.core.management.base import BaseCommand, CommandError

from tournaments.clubfile import club_dump
from tournaments.models import Club


class Command(BaseCommand):
    help = "Write a club's file (JSON, format pedroparty-club/1)."

    def add_arguments(self, parser):
        parser.add_argument("slug", help="the club's slug, as in its address")
        parser.add_argument("-o", "--output", metavar="FILE", help="write to FILE, not stdout")

    def handle(self, *args, **options):
        club = Club.objects.filter(slug=options["slug"]).first()
        if club is None:
            raise CommandError(f"There is no club {options['slug']!r}.")
        text = json.dumps(club_dump(club), ensure_ascii=False, indent=2) + "\n"
        if options["output"]:
            try:
                with open(options["output"], "w", encoding="utf-8") as handle:
                    handle.write(text)
            except OSError as error:
                raise CommandError(f"{options['output']}: {error.strerror or error}") from None
        elif options.get("stdout") is None and hasattr(sys.stdout, "buffer"):
            # UTF-8 whatever the terminal's locale says.
            sys.stdout.flush()
            sys.stdout.buffer.write(text.encode("utf-8"))
            sys.stdout.buffer.flush()
        else:
            self.stdout.write(text, ending="")
