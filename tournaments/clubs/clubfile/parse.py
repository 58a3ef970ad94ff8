"""Reading a club file into plain values, with no database.

``club_file_read(data)`` checks a decoded club file whole and returns a
:class:`ClubFile`, or raises :class:`ClubFileProblem` for the first problem
found.  Each party is read by the party file's own parser
(:func:`tournaments.partyfile.parse.party_file_read`), so a deal the rules
refuse is found before anything is created; the club's part (its members,
seasons and which member each player is) is checked here.

Plain Python, like the party file's parser: messages are English, marked with
:func:`gettext_noop`, and translated once by the loader.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from scoring.rules.words import Text, ngettext_noop

from ...partyfile.check import gettext_noop, is_int, shown
from ...partyfile.document import values_check
from ...partyfile.parse import party_file_read
from ...partyfile.values import PartyFile, PartyFileProblem

FORMAT = "pedroparty-club/1"
TOP_FIELDS = ("format", "name", "members", "seasons", "parties")
SEASON_FIELDS = ("name", "best_of")
PARTY_FIELDS = ("season", "members", "party")
#: Longest texts a club keeps (the models' fields).
CLUB_NAME_MAX, MEMBER_NAME_MAX, SEASON_NAME_MAX = 120, 80, 120
#: The most nights a season may count (the model's small integer).
BEST_OF_MAX = 32767


def collapsed(name: str) -> str:
    """A name as the club keeps it: no spaces around, inner spaces single."""
    return " ".join(name.split())


class ClubFileProblem(Exception):
    """What is wrong with a club file, and where.

    ``path`` is where in the JSON document (``parties[1].members.Ana``; "" for
    the document itself).  ``party`` is the party's position in ``parties``
    (1 first) and ``party_name`` its name, when the problem is in a party.
    ``message`` is English and marked for translation, its placeholders filled
    from ``params``.  A problem the party file's parser found is kept whole
    as ``party_problem`` (its own path is within the party file).
    """

    def __init__(
        self,
        message: str,
        params: Mapping[str, Any] | None = None,
        *,
        path: str = "",
        party: int | None = None,
        party_name: str | None = None,
        party_problem: PartyFileProblem | None = None,
    ):
        self.message = message
        self.params = params or {}
        self.path = path
        self.party = party
        self.party_name = party_name
        self.party_problem = party_problem
        super().__init__(f"{path or '(file)'}: {self.text()}")

    def text(self) -> str:
        """The message in English, placeholders filled."""
        if self.party_problem is not None:
            return self.party_problem.text()
        return self.message % self.params if self.params else self.message


@dataclass(frozen=True)
class SeasonRecord:
    name: str  # as the club keeps it
    best_of: int | None


@dataclass(frozen=True)
class ClubParty:
    """One party of the club file, checked."""

    position: int  # in ``parties``, 1 first
    name: str  # the party file's name
    season: str | None  # the season's name as the club keeps it
    #: Each player's name as the party registers it -> the member's name as
    #: the club keeps it.
    members: Mapping[str, str]
    #: The party file as written, for the party file's loader.
    data: Mapping[str, Any]
    file: PartyFile


@dataclass(frozen=True)
class ClubFile:
    name: str
    members: tuple[str, ...]  # as the club keeps them, in the file's order
    seasons: tuple[SeasonRecord, ...]
    parties: tuple[ClubParty, ...]


def club_file_read(data: Any) -> ClubFile:
    """The club file ``data`` (decoded JSON) as plain values, all checked that
    the file alone can check; :class:`ClubFileProblem` for the first problem."""
    # The club's own fields here; each party's are its parser's, which says
    # where in the party a bad value is.
    _values_check(
        {key: value for key, value in data.items() if key != "parties"}
        if isinstance(data, dict)
        else data,
        path="",
    )
    if not isinstance(data, dict):
        raise ClubFileProblem(gettext_noop("A club file is a JSON object with the club's fields."))
    if data.get("format") != FORMAT:
        raise ClubFileProblem(
            gettext_noop("This is not a %(format)s club file (format is %(value)s)."),
            {"format": FORMAT, "value": shown(data.get("format"))},
            path="format",
        )
    _fields(data, TOP_FIELDS, path="")
    name = data.get("name")
    if not isinstance(name, str) or not 0 < len(collapsed(name)) <= CLUB_NAME_MAX:
        raise ClubFileProblem(
            Text(
                ngettext_noop(
                    "Give the club's name (at most %(max)d character).",
                    "Give the club's name (at most %(max)d characters).",
                    "max",
                ),
                {"max": CLUB_NAME_MAX},
            ),
            path="name",
        )
    members = _members(data.get("members"))
    seasons = _seasons(data.get("seasons", []))
    parties = data.get("parties", [])
    if not isinstance(parties, list):
        raise ClubFileProblem(
            gettext_noop("The parties are a list, each with its season, members and party."),
            path="parties",
        )
    season_names = {season.name for season in seasons}
    read = tuple(
        _party(entry, index, members=members, seasons=season_names)
        for index, entry in enumerate(parties)
    )
    return ClubFile(
        name=collapsed(name),
        members=tuple(dict.fromkeys(members.values())),
        seasons=seasons,
        parties=read,
    )


def _values_check(data: Any, *, path: str, **where: Any) -> None:
    """Refuse what no field can hold (:func:`values_check`), located from ``path``."""
    try:
        values_check(data)
    except PartyFileProblem as problem:
        inner = problem.path
        located = f"{path}.{inner}" if path and inner else path or inner
        raise ClubFileProblem(problem.message, problem.params, path=located, **where) from None


def _fields(data: Mapping, known: tuple[str, ...], *, path: str, **where: Any) -> None:
    for key in data:
        if key not in known:
            raise ClubFileProblem(
                gettext_noop("Unknown field %(value)s; the fields here are %(fields)s."),
                {"value": shown(key), "fields": ", ".join(known)},
                path=f"{path}.{key}" if path else str(key),
                **where,
            )


def _members(members: Any) -> dict[str, str]:
    """Each spelling a file may use (as written, or as kept) -> the name as kept."""
    if not isinstance(members, list):
        raise ClubFileProblem(
            gettext_noop("members lists the club's members' names."), path="members"
        )
    spellings: dict[str, str] = {}
    kept: set[str] = set()
    for index, member in enumerate(members):
        path = f"members[{index}]"
        if not isinstance(member, str) or not collapsed(member):
            raise ClubFileProblem(
                gettext_noop("A member is a name, not %(value)s."),
                {"value": shown(member)},
                path=path,
            )
        name = collapsed(member)
        if len(name) > MEMBER_NAME_MAX:
            raise ClubFileProblem(
                Text(
                    ngettext_noop(
                        "A member's name is at most %(max)d character.",
                        "A member's name is at most %(max)d characters.",
                        "max",
                    ),
                    {"max": MEMBER_NAME_MAX},
                ),
                path=path,
            )
        if name in kept:
            raise ClubFileProblem(
                gettext_noop("%(name)s is listed twice; a club's members have different names."),
                {"name": name},
                path=path,
            )
        kept.add(name)
        spellings[member] = name
    for name in kept:
        spellings.setdefault(name, name)
    return spellings


def _seasons(seasons: Any) -> tuple[SeasonRecord, ...]:
    if not isinstance(seasons, list):
        raise ClubFileProblem(
            gettext_noop('seasons lists the seasons, each {"name": ..., "best_of": ...}.'),
            path="seasons",
        )
    read: list[SeasonRecord] = []
    for index, season in enumerate(seasons):
        path = f"seasons[{index}]"
        if not isinstance(season, dict):
            raise ClubFileProblem(
                gettext_noop('A season is {"name": its name, "best_of": null or a number}.'),
                path=path,
            )
        _fields(season, SEASON_FIELDS, path=path)
        name = season.get("name")
        if (
            not isinstance(name, str)
            or not collapsed(name)
            or len(collapsed(name)) > SEASON_NAME_MAX
        ):
            raise ClubFileProblem(
                Text(
                    ngettext_noop(
                        "Give the season's name (at most %(max)d character).",
                        "Give the season's name (at most %(max)d characters).",
                        "max",
                    ),
                    {"max": SEASON_NAME_MAX},
                ),
                path=f"{path}.name",
            )
        name = collapsed(name)
        if any(other.name == name for other in read):
            raise ClubFileProblem(
                gettext_noop("The season %(name)s is listed twice."), {"name": name}, path=path
            )
        best_of = season.get("best_of")
        if best_of is not None and not (is_int(best_of) and 1 <= best_of <= BEST_OF_MAX):
            raise ClubFileProblem(
                gettext_noop(
                    "best_of is null (every night counts) or how many of each member's best "
                    "nights count, a whole number from 1, not %(value)s."
                ),
                {"value": shown(best_of)},
                path=f"{path}.best_of",
            )
        read.append(SeasonRecord(name=name, best_of=best_of))
    return tuple(read)


def _party(entry: Any, index: int, *, members: Mapping[str, str], seasons: set[str]) -> ClubParty:
    path = f"parties[{index}]"
    position = index + 1
    raw = entry.get("party") if isinstance(entry, dict) else None
    raw_name = raw.get("name") if isinstance(raw, dict) else None
    where = {"party": position, "party_name": raw_name if isinstance(raw_name, str) else None}
    if not isinstance(entry, dict):
        raise ClubFileProblem(
            gettext_noop(
                'A party is {"season": a season\'s name or null, "members": each player\'s '
                'member, "party": its party file}.'
            ),
            path=path,
            **where,
        )
    _fields(entry, PARTY_FIELDS, path=path, **where)
    _values_check(
        {key: value for key, value in entry.items() if key != "party"}, path=path, **where
    )
    if "party" not in entry:
        raise ClubFileProblem(
            gettext_noop("Give the party's party file in party."), path=f"{path}.party", **where
        )
    try:
        file = party_file_read(raw)
    except PartyFileProblem as problem:
        raise ClubFileProblem(
            problem.message,
            problem.params,
            path=f"{path}.party.{problem.path}" if problem.path else f"{path}.party",
            party_problem=problem,
            **where,
        ) from None
    where["party_name"] = file.name
    season = entry.get("season")
    if season is not None:
        if not isinstance(season, str) or collapsed(season) not in seasons:
            raise ClubFileProblem(
                gettext_noop("%(value)s is not one of the seasons listed in seasons."),
                {"value": shown(season)},
                path=f"{path}.season",
                **where,
            )
        season = collapsed(season)
    return ClubParty(
        position=position,
        name=file.name,
        season=season,
        members=_mapping(entry.get("members"), file, members, path=f"{path}.members", **where),
        data=raw,
        file=file,
    )


def _mapping(
    mapping: Any, file: PartyFile, members: Mapping[str, str], *, path: str, **where: Any
) -> Mapping[str, str]:
    """Each player's name as the party registers it -> their member's name."""
    if not isinstance(mapping, dict):
        raise ClubFileProblem(
            gettext_noop("members maps each of the party's players to the member they are."),
            path=path,
            **where,
        )
    players = [*file.players, *(name for r in file.rounds for name in r.arrivals)]
    registered = {collapsed(name): collapsed(name) for name in players}
    registered.update({name: collapsed(name) for name in players})
    result: dict[str, str] = {}
    whose: dict[str, str] = {}  # member -> the player who is them
    for player, member in mapping.items():
        at = f"{path}.{player}"
        name = registered.get(player)
        if name is None:
            raise ClubFileProblem(
                gettext_noop("%(name)s is not one of the party's players."),
                {"name": shown(player)},
                path=at,
                **where,
            )
        if name in result:
            raise ClubFileProblem(
                gettext_noop("%(name)s is given a member twice."), {"name": name}, path=at, **where
            )
        kept = members.get(member) if isinstance(member, str) else None
        if kept is None:
            raise ClubFileProblem(
                gettext_noop("%(value)s is not one of the members listed in members."),
                {"value": shown(member)},
                path=at,
                **where,
            )
        if kept in whose:
            raise ClubFileProblem(
                gettext_noop(
                    "%(player)s and %(other)s are both the member %(member)s; a member "
                    "plays at most once in a party."
                ),
                {"player": name, "other": whose[kept], "member": kept},
                path=at,
                **where,
            )
        result[name] = kept
        whose[kept] = name
    for player in players:
        if collapsed(player) not in result:
            raise ClubFileProblem(
                gettext_noop("Say which member %(name)s is: every player is one of the members."),
                {"name": collapsed(player)},
                path=path,
                **where,
            )
    return MappingProxyType(result)
