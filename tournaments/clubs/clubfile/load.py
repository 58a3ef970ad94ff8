"""Loading a club file: the club, its members and seasons, then each party
through the party file's loader, all in one transaction."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db import transaction
from django.utils.translation import gettext

from scoring.rules.words import Text
from scoring.texts import word

from ...models import Club, Member, Party, Player, Season
from ...partyfile import PartyFileError, party_load
from ...partyfile.common import from_problem
from ..services.clubs import club_create
from .parse import ClubFile, ClubFileProblem, ClubParty, club_file_read


class ClubFileError(ValueError):
    """A club file that cannot be loaded.

    ``str(error)`` is the whole message, located: "party 2 (Harvest night):
    round 2, table 1, deal 3: bid: The bid must be ...".  ``party`` is the
    party's position in the file (1 first) and ``party_name`` its name, None
    when the problem is in the club's own fields; ``path`` says where in the
    JSON document, when the file itself is at fault, else None.
    """

    def __init__(
        self,
        message: str,
        *,
        party: int | None = None,
        party_name: str | None = None,
        path: str | None = None,
    ):
        self.message = message
        self.party = party
        self.party_name = party_name
        self.path = path
        where = ""
        if party is not None:
            where = gettext("party %(number)d") % {"number": party}
            if party_name:
                shown = party_name if len(party_name) <= 60 else party_name[:57] + "..."
                where = gettext("party %(number)d (%(name)s)") % {"number": party, "name": shown}
        # A problem with the file's own fields names where it is.
        field = path if party is None and path else ""
        super().__init__(": ".join(part for part in (where, field, message) if part))


def from_club_problem(problem: ClubFileProblem) -> ClubFileError:
    """The parser's problem, translated for people."""
    if problem.party_problem is not None:
        message = str(from_problem(problem.party_problem))
    else:
        message = word(problem.message)
        if not isinstance(problem.message, Text):
            message = gettext(message)
            if problem.params:
                message = message % problem.params
    return ClubFileError(
        message, party=problem.party, party_name=problem.party_name, path=problem.path
    )


def club_load(
    *, data: Any, user, source: str = "", progress: Callable[[int, int], None] | None = None
) -> Club:
    """Create the club a club file describes, all or nothing; ``user`` is its organiser.

    The whole file is read and checked first (every party with the party
    file's parser), then the club, its members and seasons are created and
    each party is loaded in the file's order by :func:`party_load` (the
    tablet's services and validator), owned by ``user``, joined to the club
    and its season, each player to their member.  Raises
    :class:`ClubFileError` for the first problem, naming the party (its
    position and name) and, for a party's problem, the party file's own
    message; then nothing has been saved.  ``progress``, when given, is
    called with (parties loaded, parties in the file) once the file is read
    and after each party.
    """
    try:
        file = club_file_read(data)
    except ClubFileProblem as problem:
        raise from_club_problem(problem) from None
    with transaction.atomic():
        return _load(file, user, source, progress or (lambda done, total: None))


def _load(file: ClubFile, user, source: str, progress: Callable[[int, int], None]) -> Club:
    """Should be called inside ``transaction.atomic()``: a party's problem
    raises and rolls back everything created before it."""
    club = club_create(name=file.name, user=user)  # its file's name was checked
    members = {
        member.name: member
        for member in Member.objects.bulk_create(
            [Member(club=club, name=name) for name in file.members]
        )
    }
    seasons = {
        record.name: Season.objects.create(club=club, name=record.name, best_of=record.best_of)
        for record in file.seasons
    }
    progress(0, len(file.parties))
    for entry in file.parties:
        _party_load(entry, club=club, members=members, seasons=seasons, user=user, source=source)
        progress(entry.position, len(file.parties))
    return club


def _party_load(
    entry: ClubParty,
    *,
    club: Club,
    members: dict[str, Member],
    seasons: dict[str, Season],
    user,
    source: str,
) -> Party:
    label = f"{source}, " if source else ""
    try:
        party = party_load(
            entry.data,
            owner=user,
            source=label + gettext("party %(number)d") % {"number": entry.position},
        )
    except PartyFileError as error:
        raise ClubFileError(str(error), party=entry.position, party_name=entry.name) from None
    season = seasons[entry.season] if entry.season is not None else None
    Party.objects.filter(pk=party.pk).update(club=club, season=season)
    party.club, party.season = club, season
    players = list(party.players.all())
    for player in players:
        player.member = members[entry.members[player.name]]
    Player.objects.bulk_update(players, ["member"])
    return party
