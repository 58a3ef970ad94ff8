"""``python manage.py club_load FILE [--owner USERNAME]``: load a club file.

Reads a club file (``docs/club-file.md``; UTF-8 JSON, ``-`` for standard
input) and creates the club it describes, its members, seasons and parties,
all or nothing (:func:`tournaments.clubs.clubfile.club_load`).  ``--owner`` becomes
the club's organiser and hosts its parties; without it, the same user as for
``party_load`` (the first superuser, else ``host``).

Prints the new club's slug as its last line of output.  A bad file prints its
error (the party, then its round, table, deal and field) to stderr and exits
non-zero.
"""

from __future__ import annotations

import os

from django.core.management.base import CommandError

from tournaments.clubs.clubfile import ClubFileError, club_load

from .party_load import Command as PartyLoadCommand
from .party_load import read_party_file


class Command(PartyLoadCommand):
    help = "Load a club file (JSON, format pedroparty-club/1) and print the new club's slug."

    def add_arguments(self, parser):
        parser.add_argument("file", help="the club file; - reads standard input")
        parser.add_argument(
            "--owner",
            metavar="USERNAME",
            help="the club's organiser (default: the first superuser, else 'host')",
        )

    def handle(self, *args, **options):
        data = read_party_file(options["file"])  # any JSON document, read the same way
        owner = self._owner(options["owner"])
        source = "-" if options["file"] == "-" else os.path.basename(options["file"])
        try:
            club = club_load(data=data, user=owner, source=source)
        except ClubFileError as error:
            raise CommandError(f"{options['file']}: {error}") from None
        self.stdout.write(
            f"Loaded {club.name}: {club.members.count()} members, "
            f"{club.seasons.count()} seasons, {club.parties.count()} parties, "
            f"organised by {owner.get_username()}."
        )
        self.stdout.write(club.slug)
