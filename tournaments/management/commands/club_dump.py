"""``python manage.py club_dump SLUG [-o FILE]``: write a club's file.

Writes the club file (``docs/club-file.md``) of the club with that slug as
UTF-8 JSON, indented by 2, names as typed (not escaped): to standard output,
or to FILE with ``-o``.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from tournaments.clubs.clubfile import club_dump
from tournaments.management.documents import write_document
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
        write_document(self, club_dump(club), options)
