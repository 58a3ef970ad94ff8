"""A club's members as the host's pages read them: the members list with its
look-alike flags, the type-ahead, and the club's party before this one."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db.models import Count, Exists, Max, OuterRef, Q

from ...game.lookalike import fold as _fold
from ...game.lookalike import lookalike_pairs, looks_like
from ...models import Club, Member, Party, Player


@dataclass(frozen=True)
class MemberLine:
    """One member on the members list."""

    id: int
    name: str
    nights: int
    last_night: datetime.date | None
    #: Other members whose names look like this one's: (id, name) pairs.
    lookalikes: tuple[tuple[int, str], ...]


def club_members(*, club: Club) -> list[MemberLine]:
    """The club's members by name, each with the nights played, the last
    night, and the members whose names look alike; in one query."""
    rows = list(
        Member.objects.filter(club=club)
        .annotate(nights=Count("players"), last_night=Max("players__party__date"))
        .order_by("name", "id")
        .values_list("id", "name", "nights", "last_night")
    )
    alike: dict[int, list[tuple[int, str]]] = {}
    for i, j in lookalike_pairs([row[1] for row in rows]):
        alike.setdefault(i, []).append(rows[j][:2])
        alike.setdefault(j, []).append(rows[i][:2])
    return [
        MemberLine(pk, name, nights, last_night, tuple(alike.get(index, ())))
        for index, (pk, name, nights, last_night) in enumerate(rows)
    ]


@dataclass(frozen=True)
class MemberChoice:
    id: int
    name: str


def _not_playing(party: Party):
    return Member.objects.filter(club_id=party.club_id).exclude(players__party=party)


@dataclass(frozen=True)
class MemberSuggestions:
    #: Members not yet playing whose name matches, those whose name starts
    #: with the prefix first, then those with a later word starting with it.
    names: list[str]
    #: Every member's name, folded (case and accents aside), playing or not.
    known: frozenset[str]


def member_suggestions(*, party: Party, prefix: str = "") -> MemberSuggestions:
    """The type-ahead's members for ``party``: those of its club not yet
    playing in it whose name, or one of its words, starts with ``prefix``
    (case and accents aside); in one query.  None for a party without a club."""
    if party.club_id is None:
        return MemberSuggestions([], frozenset())
    playing = Player.objects.filter(party=party, member=OuterRef("pk"))
    rows = (
        Member.objects.filter(club_id=party.club_id)
        .annotate(playing=Exists(playing))
        .values_list("name", "playing")
    )
    wanted = _fold(prefix)
    starts, inside, known = [], [], set()
    for name, is_playing in rows:
        folded = _fold(name)
        known.add(folded)
        if is_playing:
            continue
        if folded.startswith(wanted):
            starts.append((folded, name))
        elif any(word.startswith(wanted) for word in folded.split()):
            inside.append((folded, name))
    names = [name for _, name in sorted(starts)] + [name for _, name in sorted(inside)]
    return MemberSuggestions(names, frozenset(known))


def member_lookalikes(*, party: Party, name: str) -> list[MemberChoice]:
    """Members of ``party``'s club not yet playing in it whose names look
    like ``name`` but are not it (:mod:`tournaments.game.lookalike`); in one query."""
    if party.club_id is None:
        return []
    folded = _fold(name)
    rows = [
        (pk, other)
        for pk, other in _not_playing(party).order_by("name", "id").values_list("id", "name")
        if _fold(other) != folded
    ]
    alike = set(looks_like(name, [other for _, other in rows]))
    return [MemberChoice(pk, other) for pk, other in rows if other in alike]


def previous_club_party(*, party: Party) -> Party | None:
    """The club's most recent party before ``party`` (by date, then by when
    it was made), whose players "Copy last night's players" copies; in one
    query.  None for a party without a club, or the club's first."""
    if party.club_id is None:
        return None
    earlier = Q(date__lt=party.date) | Q(date=party.date, id__lt=party.pk)
    return Party.objects.filter(earlier, club_id=party.club_id).order_by("-date", "-id").first()
