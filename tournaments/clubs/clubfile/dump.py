"""Dumping a club file: the club's members, seasons and every party."""

from __future__ import annotations

from typing import Any

from ...models import Club, Player
from ...partyfile import party_dump
from .parse import FORMAT, MEMBER_NAME_MAX


def club_dump(club: Club) -> dict[str, Any]:
    """The club file of ``club``, JSON-ready: its members by name, its seasons
    in the order they were made, and its parties oldest first, each its party
    file (:func:`party_dump`), its season and each player's member.

    A player of a club's party who is no member is written as a member of the
    player's own name (added to ``members`` when the club has none of that
    name), so every file the dump writes loads back."""
    members = list(club.members.order_by("name", "id").values_list("name", flat=True))
    listed = set(members)
    seasons = list(club.seasons.order_by("created_at", "id").values("id", "name", "best_of"))
    season_names = {season["id"]: season["name"] for season in seasons}
    parties = list(club.parties.order_by("date", "id"))
    players: dict[int, list[tuple[str, str | None]]] = {}
    rows = (
        Player.objects.filter(party__club=club)
        .order_by("party_id", "order")
        .values_list("party_id", "name", "member__name")
    )
    for party_id, name, member in rows:
        players.setdefault(party_id, []).append((name, member))
    entries = []
    for party in parties:
        mapping: dict[str, str] = {}
        taken = {member for _, member in players.get(party.pk, []) if member is not None}
        for name, member in players.get(party.pk, []):
            if member is None:
                member = _stand_in(name, taken)
                taken.add(member)
                if member not in listed:
                    listed.add(member)
                    members.append(member)
            mapping[name] = member
        entries.append(
            {
                "season": season_names.get(party.season_id),
                "members": mapping,
                "party": party_dump(party),
            }
        )
    return {
        "format": FORMAT,
        "name": club.name,
        "members": members,
        "seasons": [{"name": s["name"], "best_of": s["best_of"]} for s in seasons],
        "parties": entries,
    }


def _stand_in(name: str, taken: set[str]) -> str:
    """The member a player who is no member is written as: their own name,
    or "name (2)", "name (3)"... when another player of the party is that member."""
    if name not in taken:
        return name
    number = 2
    while True:
        suffix = f" ({number})"
        candidate = name[: MEMBER_NAME_MAX - len(suffix)].rstrip() + suffix
        if candidate not in taken:
            return candidate
        number += 1
