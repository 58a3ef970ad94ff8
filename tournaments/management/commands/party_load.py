"""``python manage.py party_load FILE [--owner USERNAME]``: load a party file.

Reads a party file (RULES.md section 10; UTF-8 JSON, ``-`` for standard
input) and creates the party it describes through the services, all or
nothing (:func:`tournaments.partyfile.party_load`).  The party is owned by
``--owner``; without it, by the first superuser (lowest id), or, when there is
none, by the user ``host``, created with an unusable password if it does not
exist (set one with ``manage.py changepassword host``).

Prints the new party's slug as its last line of output.  A bad file prints
its error (round, table, deal and field) to stderr and exits non-zero.
"""

from __future__ import annotations

import os
import sys

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from tournaments.partyfile import PartyFileError, party_file_parse, party_load

DEFAULT_OWNER = "host"


class Command(BaseCommand):
    help = "Load a party file (JSON, format pedroparty/1) and print the new party's slug."

    def add_arguments(self, parser):
        parser.add_argument("file", help="the party file; - reads standard input")
        parser.add_argument(
            "--owner",
            metavar="USERNAME",
            help="the host who owns the party (default: the first superuser, else 'host')",
        )

    def handle(self, *args, **options):
        data = read_party_file(options["file"])
        owner = self._owner(options["owner"])
        source = "-" if options["file"] == "-" else os.path.basename(options["file"])
        try:
            party = party_load(data, owner=owner, source=source)
        except PartyFileError as error:
            raise CommandError(f"{options['file']}: {error}") from None
        rounds = party.rounds.count()
        self.stdout.write(
            f"Loaded {party.name} ({party.date.isoformat()}): {party.players.count()} players, "
            f"{rounds} round{'s' if rounds != 1 else ''}, owned by {owner.get_username()}."
        )
        self.stdout.write(party.slug)

    def _owner(self, username: str | None):
        users = get_user_model()
        if username:
            owner = users.objects.filter(**{users.USERNAME_FIELD: username}).first()
            if owner is None:
                raise CommandError(f"There is no user {username!r}.")
            return owner
        owner = users.objects.filter(is_superuser=True).order_by("pk").first()
        if owner is None:
            owner = users.objects.filter(**{users.USERNAME_FIELD: DEFAULT_OWNER}).first()
        if owner is None:
            owner = users.objects.create_user(**{users.USERNAME_FIELD: DEFAULT_OWNER})
            owner.set_unusable_password()
            owner.save(update_fields=["password"])
        return owner


def read_party_file(path: str):
    """The JSON document in ``path`` (``-``: standard input), or CommandError."""
    try:
        if path == "-":
            content = sys.stdin.buffer.read()
        else:
            with open(path, "rb") as handle:
                content = handle.read()
    except OSError as error:
        raise CommandError(f"{path}: cannot read the file: {error.strerror or error}") from None
    try:
        return party_file_parse(content)
    except PartyFileError as error:
        raise CommandError(f"{path}: {error}") from None
