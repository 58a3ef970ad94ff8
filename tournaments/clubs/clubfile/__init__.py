"""The club file: a club's data, whole, as one JSON document.

The format (``docs/club-file.md`` says the same for people)::

    {"format": "pedroparty-club/1",
     "name": "Thursday Pedro Club",
     "members": ["Ana", "Bea Cruz", ...],
     "seasons": [{"name": "Autumn 2026", "best_of": 8}],
     "parties": [{"season": "Autumn 2026",
                  "members": {"Ana": "Ana", "B. Cruz": "Bea Cruz"},
                  "party": {...one party file, RULES.md section 10...}}]}

- ``members`` lists the club's members by name (a name once).
- ``seasons`` lists the seasons, each its ``name`` (once) and ``best_of``:
  how many of each member's best nights count, or null for every night.
- ``parties`` lists the club's parties, each with ``party``, its party file
  exactly as :mod:`tournaments.partyfile` reads and writes it; ``season``,
  null (or absent) or the name of a listed season; and ``members``, which
  maps each of the party's players (its ``players`` and every round's
  ``arrivals``, by either spelling the party file accepts) to the listed
  member they are.  Every player maps to a member, and a member is at most
  one player of a party.
- Unknown fields (at the top, in a season, in a party's entry) are errors,
  as in the party file.

Three steps, as for the party file:

- ``parse.club_file_read(data)`` (plain Python, no database) reads the whole
  file into frozen values, every party through the party file's own parser,
  and raises :class:`~.parse.ClubFileProblem` for the first problem.
- ``club_load(data=..., user=...)`` creates the club, with ``user`` as its
  organiser, its members and seasons, then loads each party in the file's
  order with :func:`tournaments.partyfile.party_load` (the tablet's services
  and validator), owned by ``user``, and joins it to the club, its season,
  and each player to their member.  One ``transaction.atomic()`` holds it
  all: the first problem raises :class:`ClubFileError`, naming the party by
  its position and name and, for a party's problem, giving the party file's
  own message (round, table, deal, field), and nothing is saved.  What the
  party services leave for after the commit (``transaction.on_commit``:
  the players' pages' cached state) runs only if the whole club commits;
  the standings a failed load cached are keyed by its parties' random public
  tokens, so nothing ever reads them.
- ``club_dump(club)`` writes the file: the members by name, the seasons in
  the order they were made, and the parties oldest first (by date, then in
  the order they were made), each with its party file
  (:func:`tournaments.partyfile.party_dump`).  Loading a dump gives the same
  club: members, seasons, parties and their standings.

Rules chosen where nothing else says:

- Names are kept with spaces trimmed and inner spaces single, as players'
  names are; the file may use either spelling.
- A load keeps the file's order of parties; a party of the same name and date
  as one the loading user already hosts is named "Name (2)", as a party
  file's load names it.
- A player of a club's party who is no member (a party joined to the club
  before its players were members) is dumped as a member of the player's own
  name, added to ``members``, so every file the dump writes loads.
"""

from .dump import club_dump
from .load import ClubFileError, club_load
from .parse import FORMAT, ClubFile, ClubFileProblem, club_file_read

__all__ = [
    "FORMAT",
    "ClubFile",
    "ClubFileError",
    "ClubFileProblem",
    "club_dump",
    "club_file_read",
    "club_load",
]
