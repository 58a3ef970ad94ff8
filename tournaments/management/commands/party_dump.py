"""``python manage.py party_dump SLUG [-o FILE]``: write a party's file.

Writes the party file (RULES.md section 10) of the party with that slug as
UTF-8 JSON, indented by 2, names as typed (not escaped): to standard output,
or to FILE with ``-o``.
"""

from __future__ import annotations

import json
import sys

from django.core.management.base import BaseCommand, CommandError

from tournaments.models import Party
from tournaments.partyfile import party_dump


class Command(BaseCommand):
    help = "Write a party's file (JSON, format pedroparty/1)."

    def add_arguments(self, parser):
        parser.add_argument("slug", help="the party's slug, as in its address")
        parser.add_argument("-o", "--output", metavar="FILE", help="write to FILE, not stdout")

    def handle(self, *args, **options):
        party = Party.objects.filter(slug=options["slug"]).first()
        if party is None:
            raise CommandError(f"There is no party {options['slug']!r}.")
        text = json.dumps(party_dump(party), ensure_ascii=False, indent=2) + "\n"
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
