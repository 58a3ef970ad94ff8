"""``python manage.py party_dump SLUG [-o FILE]``: write a party's file.

Writes the party file (RULES.md section 10) of the party with that slug as
UTF-8 JSON, indented by 2, names as typed (not escaped): to standard output,
or to FILE with ``-o``.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from tournaments.management.documents import write_document
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
        write_document(self, party_dump(party), options)
