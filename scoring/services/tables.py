"""New online tables: a casual game, or one table of an open party round."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring.rules import RULESETS, Ruleset, RulesetError
from scoring.rules.levels import LEVELS, SEAT_BOTS, plays_seats
from scoring.texts import refusal, word
from tournaments.clubs.selectors.clubs import club_role
from tournaments.clubs.services.access import party_action
from tournaments.game.roles import Can, grants
from tournaments.models import DealResult, Member, Round
from tournaments.services import party_ruleset

from .. import limits, watching
from ..models import OnlineSeat, OnlineTable
from .common import PlayError, TablesLimitReached
from .deals import deal_start
from .play import table_changed

#: How long a person may think before the creator may hand the seat to a bot.
IDLE_CHOICES = (30, 60, 120, 300, 600)
#: How long a person's link may stay silent before a bot plays for them.
AWAY_CHOICES = (30, 60, 120, 300, 600)
SEAT_KINDS = (OnlineSeat.Kind.HUMAN, *SEAT_BOTS)
#: A seat nobody has taken: a normal bot sits there when the table starts
#: (RULES.md 12.5, ours).
EMPTY = "empty"
MAX_TARGET = 500
MAX_DEALS = 100


@dataclass(frozen=True)
class SeatSpec:
    """Who sits in one seat of a new table: a name and ``human`` or a bot
    kind; for a person, the club member they are, if the game is to count
    in the member's rating, and the bot level that plays while they are away."""

    name: str
    kind: str
    # Named at every call, so that neither is taken for the other.
    member: Member | None = field(default=None, kw_only=True)
    away_kind: str = field(default=OnlineSeat.Kind.HEURISTIC, kw_only=True)


def table_create(
    *,
    seats: Sequence[SeatSpec],
    ruleset: str = "monterey-draw",
    options: dict[str, Any] | None = None,
    target: int | None = None,
    deals: int | None = None,
    idle_seconds: int = 120,
    away_seconds: int = 60,
    user=None,
    client: str | None = None,
) -> OnlineTable:
    """A casual table of any game of ``RULESETS`` with its house ``options``:
    play to ``target`` points (RULES.md 3.10, 11.1, 12.3) or a fixed number
    of ``deals``; ``seats`` are the table's seats, seat 1 first: four for a
    partnership game, the ruleset's number for an N-seat game (5, or the
    ``players`` option; RULES.md 12.5).  A seat whose kind is ``EMPTY`` is
    still free when the table starts: a normal bot takes it.

    ``client`` is the web client asking (``pedroparty.clients.client_key``):
    then the creation limits apply (:class:`TablesLimitReached`, nothing
    created).  Code that creates tables itself passes None.

    A person's seat may name a club ``member`` (its name is the member's):
    ``user`` must be signed in and score or organise for the member's club;
    the finished game then moves the members' ratings."""
    errors: dict[str, str] = {}
    base = RULESETS.get(ruleset)
    if base is None:
        errors["ruleset"] = _("There is no ruleset called %(name)s.") % {"name": repr(ruleset)}
    if (target is None) == (deals is None):
        errors["target"] = _("Play to a target score or for a number of deals: choose one.")
    elif target is not None and not (isinstance(target, int) and 1 <= target <= MAX_TARGET):
        errors["target"] = _("The target is a score from 1 to %(max)s.") % {"max": MAX_TARGET}
    elif deals is not None and not (isinstance(deals, int) and 1 <= deals <= MAX_DEALS):
        errors["deals"] = ngettext(
            "Play 1 to %(max)s deal.", "Play 1 to %(max)s deals.", MAX_DEALS
        ) % {"max": MAX_DEALS}
    _check_idle(idle_seconds, errors)
    _check_away(away_seconds, errors)
    rs = None
    if base is not None and "target" not in errors and "deals" not in errors:
        rs, problems = _ruleset(base, options or {}, target)
        errors.update(problems)
    count = rs.players if plays_seats(rs) else 4
    specs = _check_seats(seats, errors, count=count)
    _check_members(specs, user, errors, seat_game=plays_seats(rs))
    if errors:
        raise PlayError(errors)
    with transaction.atomic():
        if client is not None:
            wait = limits.table_creation_wait(client=client)
            if wait is not None:
                raise TablesLimitReached(wait)
        table = OnlineTable.objects.create(
            ruleset=rs.to_json(),
            mode=OnlineTable.Mode.TARGET if target is not None else OnlineTable.Mode.DEALS,
            deals_total=deals,
            created_by=user if getattr(user, "is_authenticated", False) else None,
            client=client or "",
            # An N-seat game keeps a running total a seat (RULES.md 12.5).
            totals=[0] * count if plays_seats(rs) else [],
            turn_since=timezone.now(),
            idle_seconds=idle_seconds,
            away_seconds=away_seconds,
        )
        now = timezone.now()
        OnlineSeat.objects.bulk_create(
            OnlineSeat(
                table=table,
                seat=seat,
                name=spec.name,
                kind=spec.kind,
                member=spec.member,
                away_kind=spec.away_kind,
                # The people have the away time to open their links.
                seen_at=now,
            )
            for seat, spec in enumerate(specs)
        )
        # The creator goes straight to the table's page: it is watched.
        watching.watch_mark(table.creator_token)
        _started(table, rs)
    return table


@party_action
def party_table_create(
    *,
    round: Round,
    table: int,
    kinds: Sequence[str],
    away_kinds: Sequence[str] | None = None,
    idle_seconds: int = 120,
    away_seconds: int = 60,
    user,
) -> OnlineTable:
    """One table of an open party round, played online: the four players
    seated there take its four seats (each a person or a bot, ``kinds``;
    ``away_kinds`` the bot level that plays a person's seat while they are
    away, the normal bot where not given),
    it plays the party's ruleset for the round's deals, and each deal's
    result counts in the party as if the host had entered it.

    The caller checks that ``user`` hosts the party."""
    errors: dict[str, str] = {}
    _check_idle(idle_seconds, errors)
    _check_away(away_seconds, errors)
    if len(kinds) != 4 or any(kind not in SEAT_KINDS for kind in kinds):
        errors["kinds"] = _("Say for each of the four seats whether a person or a bot plays it.")
    if away_kinds is None:
        away_kinds = [OnlineSeat.Kind.HEURISTIC] * 4
    if len(away_kinds) != 4 or any(kind not in LEVELS for kind in away_kinds):
        errors["away_kinds"] = _("Choose the bot's level: easy, normal or expert.")
    if errors:
        raise PlayError(errors)
    with transaction.atomic():
        rnd = Round.objects.select_for_update().select_related("party").get(pk=round.pk)
        party = rnd.party
        if rnd.status != Round.Status.OPEN:
            raise PlayError({"table": _("Round %(round)s is closed.") % {"round": rnd.number}})
        seated = list(rnd.seats.filter(table=table).select_related("player").order_by("seat"))
        if len(seated) != 4:
            raise PlayError(
                {
                    "table": _("Round %(round)s has no table %(table)s.")
                    % {"round": rnd.number, "table": table}
                }
            )
        if DealResult.objects.filter(round=rnd, table=table, is_current=True).exists():
            raise PlayError(
                {
                    "table": _("Table %(table)s already has deals entered in round %(round)s.")
                    % {"table": table, "round": rnd.number}
                }
            )
        if OnlineTable.objects.filter(party_round=rnd, party_table=table).exists():
            raise PlayError(
                {
                    "table": _("Table %(table)s of round %(round)s is already played online.")
                    % {"table": table, "round": rnd.number}
                }
            )
        rs = party_ruleset(party)
        online = OnlineTable.objects.create(
            ruleset=rs.to_json(),
            mode=OnlineTable.Mode.PARTY,
            deals_total=party.deals_per_round,
            party_round=rnd,
            party_table=table,
            created_by=user if getattr(user, "is_authenticated", False) else None,
            turn_since=timezone.now(),
            idle_seconds=idle_seconds,
            away_seconds=away_seconds,
        )
        now = timezone.now()
        OnlineSeat.objects.bulk_create(
            OnlineSeat(
                table=online,
                seat=s.seat,
                name=s.player.name[:40],
                kind=kind,
                away_kind=away_kind,
                player=s.player,
                seen_at=now,
            )
            for s, kind, away_kind in zip(seated, kinds, away_kinds, strict=True)
        )
        _started(online, rs)
    return online


def _ruleset(
    base: Ruleset, options: dict[str, Any], target: int | None
) -> tuple[Ruleset, dict[str, str]]:
    """The game with its house options and target, or what is wrong with them."""
    if target is not None:
        known = {o.name: o for o in base.house_options}
        if "target" in known and not known["target"].accepts(target):
            expects = known["target"].expects()
            return base, {
                "target": _("This game is played to %(expects)s.") % {"expects": word(expects)}
            }
        options = {**options, "target": target}
    try:
        return base.with_options(**options), {}
    except RulesetError as error:
        return base, {"options": refusal(error)}


def _check_idle(idle_seconds: int, errors: dict[str, str]) -> None:
    if idle_seconds not in IDLE_CHOICES:
        choices = ", ".join(str(s) for s in IDLE_CHOICES)
        errors["idle_seconds"] = _("The thinking time, in seconds, is one of %(choices)s.") % {
            "choices": choices
        }


def _check_away(away_seconds: int, errors: dict[str, str]) -> None:
    if away_seconds not in AWAY_CHOICES:
        choices = ", ".join(str(s) for s in AWAY_CHOICES)
        errors["away_seconds"] = _("The time away, in seconds, is one of %(choices)s.") % {
            "choices": choices
        }


def _check_seats(
    seats: Sequence[SeatSpec], errors: dict[str, str], *, count: int = 4
) -> list[SeatSpec]:
    """The ``count`` seats with blank names filled in ("Seat 1", "Bot 2",
    ...) and the empty ones given a normal bot."""
    if len(seats) != count:
        errors["seats"] = ngettext(
            "This game's table has %(count)d seat.", "This game's table has %(count)d seats.", count
        ) % {"count": count}
        return []
    specs = []
    for number, spec in enumerate(seats, start=1):
        if spec.kind == EMPTY:
            spec = SeatSpec("", OnlineSeat.Kind.HEURISTIC, away_kind=spec.away_kind)
        if spec.kind not in SEAT_KINDS:
            errors[f"kind{number}"] = _("Choose a person or a bot.")
        if spec.away_kind not in LEVELS:
            errors[f"away{number}"] = _("Choose the bot's level: easy, normal or expert.")
        typed = spec.member.name if spec.member is not None else spec.name
        name = " ".join((typed or "").split())[:40]
        if not name:
            name = f"Seat {number}" if spec.kind == OnlineSeat.Kind.HUMAN else f"Bot {number}"
        specs.append(SeatSpec(name, spec.kind, member=spec.member, away_kind=spec.away_kind))
    folded = [spec.name.casefold() for spec in specs]
    for number, name in enumerate(folded, start=1):
        if folded.index(name) != number - 1:
            errors[f"name{number}"] = _("Each seat needs a different name.")
    return specs


def _check_members(
    specs: Sequence[SeatSpec], user, errors: dict[str, str], *, seat_game: bool = False
) -> None:
    """A member's seat: a person's, one seat a member, chosen by someone who
    scores or organises for the member's club.  Ratings are of partnership
    games: an N-seat game seats no member."""
    seen: set[int] = set()
    for number, spec in enumerate(specs, start=1):
        if spec.member is None:
            continue
        if seat_game:
            errors[f"member{number}"] = _(
                "Club ratings count partnership games only: this game seats no member."
            )
        elif spec.kind != OnlineSeat.Kind.HUMAN:
            errors[f"member{number}"] = _("Only a person's seat can be a club member's.")
        elif spec.member.pk in seen:
            errors[f"member{number}"] = _("A member can sit in only one seat.")
        elif user is None or Can.SCORE not in grants(
            club_role(user=user, club=spec.member.club_id)
        ):
            errors[f"member{number}"] = _(
                "Only the club's organisers and scorers can seat its members."
            )
        seen.add(spec.member.pk)


def _started(table: OnlineTable, rs: Ruleset) -> None:
    """Deal the first hand of a new table and let its bots start."""
    _, state = deal_start(table, rs)
    table_changed(table, state, list(table.seats.order_by("seat")), schedule=True)
