"""The parties a host sees: their list, what deleting one would lose, the
names they typed before, the tables they may put online."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Exists, OuterRef, Q, QuerySet, Subquery
from django.utils.translation import gettext

from scoring.models import OnlineTable

from ..models import (
    AuditEntry,
    ClubRole,
    DealResult,
    Party,
    Player,
    PrizeAward,
    Role,
    Round,
    Seat,
)

#: The audit action of a party loaded from a party file.
PARTY_LOAD_ACTION = "party_load"


def party_names_on(*, user, date) -> list[str]:
    """The names of the parties ``user`` owns on ``date``."""
    return list(Party.objects.filter(owner=user, date=date).values_list("name", flat=True))


@dataclass(frozen=True)
class PartyLine:
    """One party in the host's list."""

    slug: str
    name: str
    date: object
    venue: str
    status: str
    status_label: str
    #: When the party was loaded from a party file, or None.
    loaded_at: object
    #: The user's club role's label when the party is theirs only through
    #: its club ("Scorer"), or "" for its owner, co-hosts and staff.
    role_label: str = ""
    #: Whether the user may delete it (its owner, a co-host, a club organiser).
    deletable: bool = True


def _hosted(user) -> QuerySet[Party]:
    """The parties ``user`` organises: as owner, co-host or organiser of the
    party's club (all of them for staff)."""
    if user.is_staff:
        return Party.objects.all()
    organised = ClubRole.objects.filter(user=user, role=Role.ORGANISER).values("club_id")
    return Party.objects.filter(
        Q(owner=user) | Q(cohosts=user) | Q(club_id__in=organised)
    ).distinct()


def _reachable(user) -> QuerySet[Party]:
    """The parties where ``user`` may do anything at all (tournaments.game.roles)."""
    if user.is_staff:
        return Party.objects.all()
    clubs = ClubRole.objects.filter(user=user).values("club_id")
    return Party.objects.filter(Q(owner=user) | Q(cohosts=user) | Q(club_id__in=clubs)).distinct()


def parties_hosted_by(user) -> list[PartyLine]:
    """The parties ``user`` hosts or helps at through a club role (all of them
    for staff), newest date first, with when each was loaded from a file and
    the user's club role where that is how they reach it, in one query."""
    loaded = AuditEntry.objects.filter(party=OuterRef("pk"), action=PARTY_LOAD_ACTION)
    role = ClubRole.objects.filter(club_id=OuterRef("club_id"), user=user)
    cohost = Party.cohosts.through.objects.filter(party_id=OuterRef("pk"), user_id=user.pk)
    rows = (
        _reachable(user)
        .annotate(
            loaded_at=Subquery(loaded.order_by("at").values("at")[:1]),
            club_role=Subquery(role.values("role")[:1]),
            cohosted=Exists(cohost),
        )
        .order_by("-date", "-id")
    )
    labels = dict(Role.choices)
    lines = []
    for p in rows:
        hosts = user.is_staff or p.owner_id == user.pk or p.cohosted
        role_label = "" if hosts else str(labels[p.club_role])
        deletable = p.owner_id == user.pk or p.cohosted or p.club_role == Role.ORGANISER
        lines.append(
            PartyLine(
                p.slug,
                p.name,
                p.date,
                p.venue,
                p.status,
                p.get_status_display(),
                p.loaded_at,
                role_label=role_label,
                deletable=bool(deletable),
            )
        )
    return lines


@dataclass(frozen=True)
class PartyContents:
    """What deleting a party would lose, counted."""

    players: int
    rounds: int
    deals: int
    prizes: int
    awards: int
    documents: int


def party_contents(party: Party) -> PartyContents:
    """The party's players, rounds, deals entered, prizes, awards and printouts, counted."""
    return PartyContents(
        players=party.players.count(),
        rounds=party.rounds.count(),
        deals=DealResult.objects.filter(round__party=party, is_current=True).count(),
        prizes=party.prizes.count(),
        awards=PrizeAward.objects.filter(prize__party=party).count(),
        documents=party.documents.count(),
    )


def earlier_player_names(user, party: Party | None, prefix: str = "") -> list[str]:
    """Names of players from the host's other parties and from the parties of
    the clubs where ``user`` holds a role (a door helper types them too), for
    type-ahead."""
    clubs = ClubRole.objects.filter(user=user).values("club_id")
    query = Player.objects.filter(Q(party__owner=user) | Q(party__club_id__in=clubs))
    if party is not None:
        query = query.exclude(party=party)
    if prefix:
        query = query.filter(name__istartswith=prefix)
    return sorted(set(query.values_list("name", flat=True)), key=str.casefold)


@dataclass(frozen=True)
class PartyTableChoice:
    """One table of an open round that a host may put online."""

    value: str
    label: str
    round_id: int
    table: int
    names: tuple[str, ...]


def party_table_choices(user) -> list[PartyTableChoice]:
    """Tables of the open rounds of parties ``user`` hosts that can still be
    played online: no deal entered yet and no online table already."""
    rounds = {
        r.pk: r
        for r in Round.objects.filter(
            party__in=_hosted(user), status=Round.Status.OPEN
        ).select_related("party")
    }
    taken = set(
        DealResult.objects.filter(round_id__in=rounds, is_current=True).values_list(
            "round_id", "table"
        )
    )
    taken |= set(
        OnlineTable.objects.filter(party_round_id__in=rounds).values_list(
            "party_round_id", "party_table"
        )
    )
    grid: dict[tuple[int, int], list[str]] = {}
    for round_id, table, name in (
        Seat.objects.filter(round_id__in=rounds)
        .order_by("round_id", "table", "seat")
        .values_list("round_id", "table", "player__name")
    ):
        grid.setdefault((round_id, table), []).append(name)
    choices = []
    for (round_id, table), names in sorted(grid.items()):
        if (round_id, table) in taken or len(names) != 4:
            continue
        rnd = rounds[round_id]
        label = gettext("%(party)s, round %(round)s, table %(table)s: %(names)s") % {
            "party": rnd.party.name,
            "round": rnd.number,
            "table": table,
            "names": ", ".join(names),
        }
        choices.append(
            PartyTableChoice(
                value=f"{round_id}:{table}",
                label=label,
                round_id=round_id,
                table=table,
                names=tuple(names),
            )
        )
    return choices
