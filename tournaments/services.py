"""Every write to a party happens here, inside a transaction.

Service functions are keyword-only and named ``<thing>_<verb>``.  A rules or
input problem a host can fix raises :class:`PartyError`, whose ``errors`` map
each field to a sentence; the view shows them beside the fields.  Anything
else that goes wrong is a bug and is allowed to fail loudly.

Where two tablets can race (entering results, closing a round) the service
first locks the round's row with ``SELECT ... FOR UPDATE``; the database's
unique constraints back that up, so a race can never double-count a deal.
"""

from __future__ import annotations

import contextlib
import datetime
import secrets
import unicodedata
from collections.abc import Sequence
from functools import partial
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext

from scoring.rules import RULESETS, validate_result
from scoring.rules.rulesets import HOUSE_OPTIONS, Ruleset, RulesetError
from scoring.wording import bid_words

from . import movement
from .models import (
    ROUND_MINUTES_DEFAULT,
    ROUND_MINUTES_MAX,
    ROUND_MINUTES_MIN,
    AuditEntry,
    DealResult,
    Party,
    Player,
    Prize,
    PrizeAward,
    Round,
    Seat,
    SitOut,
    TableEntry,
    TableRound,
)
from .public_selectors import public_state_forget
from .selectors import PARTY_LOAD_ACTION
from .standings import table_round_winner
from .wifi import NAME_MAX_BYTES as WIFI_NAME_MAX_BYTES
from .wifi import PASSWORD_MAX as WIFI_PASSWORD_MAX
from .wifi import PASSWORD_MIN as WIFI_PASSWORD_MIN
from .wifi import WifiProblem, wifi_check


class PartyError(Exception):
    """A problem the host can fix.  ``errors`` maps field names to sentences;
    ``"__all__"`` holds errors that belong to no single field."""

    def __init__(self, errors: dict[str, str] | str, *, result: DealResult | None = None):
        if isinstance(errors, str):
            errors = {"__all__": errors}
        self.errors = errors
        #: For a stale or duplicate entry: the result that is already stored.
        self.result = result
        super().__init__("; ".join(f"{k}: {v}" for k, v in errors.items()))


#: Special prizes are listed after the place prizes, from this position on.
SPECIAL_PRIZE_POSITION = 900

RULESET_OPTION_NAMES = tuple(name for name in HOUSE_OPTIONS if name != "deals_per_round")


def party_ruleset(party: Party) -> Ruleset:
    """The party's ruleset with its house options applied."""
    return RULESETS[party.ruleset].with_options(
        deals_per_round=party.deals_per_round, **party.house_options
    )


def _audit(party: Party, user, action: str, summary: str, **fields: Any) -> None:
    AuditEntry.objects.create(party=party, user=user, action=action, summary=summary, **fields)


def _bump(party: Party, rnd: Round | None = None) -> None:
    """Mark the party (and ``rnd``, whose results or tables changed) changed:
    standings caches, ETags and printouts key on these versions.

    Once the change commits, the players' page's cached state (its version and
    switches) is replaced, so phones see it at their next poll."""
    from .public_selectors import PublicState, public_state_store

    if rnd is not None:
        Round.objects.filter(pk=rnd.pk).update(version=F("version") + 1)
    Party.objects.filter(pk=party.pk).update(version=F("version") + 1)
    party.refresh_from_db(fields=["version", "public_token", "public_open", "public_standings"])
    state = PublicState.of(party)
    transaction.on_commit(lambda: public_state_store(state), robust=True)


# --------------------------------------------------------------------- parties


def party_create(
    *,
    owner,
    name: str,
    date: datetime.date,
    venue: str = "",
    ruleset: str = "monterey-draw",
    movement: str = "up_down",
    deals_per_round: int = 4,
    sitout_credit: str = "average",
    planned_rounds: int = 6,
    round_minutes: int = ROUND_MINUTES_DEFAULT,
    house_options: dict[str, Any] | None = None,
    prizes: Sequence[str] = (),
    special_prizes: dict[str, str] | None = None,
    tableside_entry: bool = False,
) -> Party:
    """Create a party hosted by ``owner``, with its place prizes in order and
    optional special prizes (kind -> prize name: ``low_score``,
    ``most_shoots``, ``highest_bid``; RULES.md section 6), awarded when the
    party finishes."""
    errors: dict[str, str] = {}
    special_prizes = {k: v.strip() for k, v in (special_prizes or {}).items() if v.strip()}
    special_kinds = [kind for kind in Prize.Kind.values if kind != Prize.Kind.PLACE]
    if set(special_prizes) - set(special_kinds):
        errors["special_prizes"] = f"Special prizes are {', '.join(special_kinds)}."
    name = (name or "").strip()
    if not name:
        errors["name"] = "Give the party a name."
    prizes = [p.strip() for p in prizes if p.strip()]
    if len(prizes) >= SPECIAL_PRIZE_POSITION:
        errors["prizes"] = _too_many_prizes()
    if ruleset not in RULESETS:
        errors["ruleset"] = f"Unknown ruleset {ruleset!r}."
    if movement not in ("up_down", "winners_up"):
        errors["movement"] = "Movement is 'up_down' or 'winners_up'."
    if sitout_credit not in ("average", "zero"):
        errors["sitout_credit"] = "Sit-out credit is 'average' or 'zero'."
    if not isinstance(deals_per_round, int) or not 1 <= deals_per_round <= 12:
        errors["deals_per_round"] = "Deals per round must be 1 to 12."
    if not isinstance(planned_rounds, int) or not 1 <= planned_rounds <= 50:
        errors["planned_rounds"] = "Planned rounds must be 1 to 50."
    if not isinstance(round_minutes, int) or not ROUND_MINUTES_MIN <= round_minutes <= (
        ROUND_MINUTES_MAX
    ):
        errors["round_minutes"] = gettext("The round clock runs %(min)d to %(max)d minutes.") % {
            "min": ROUND_MINUTES_MIN,
            "max": ROUND_MINUTES_MAX,
        }
    house_options = dict(house_options or {})
    unknown = set(house_options) - set(RULESET_OPTION_NAMES)
    if unknown:
        errors["house_options"] = f"Unknown house option(s): {', '.join(sorted(unknown))}."
    elif ruleset in RULESETS:
        try:
            RULESETS[ruleset].with_options(**house_options)
        except RulesetError as exc:
            errors["house_options"] = str(exc)
    if errors:
        raise PartyError(errors)
    with transaction.atomic():
        party = Party.objects.create(
            slug=_unique_slug(name),
            name=name,
            date=date,
            venue=(venue or "").strip(),
            ruleset=ruleset,
            movement=movement,
            deals_per_round=deals_per_round,
            sitout_credit=sitout_credit,
            planned_rounds=planned_rounds,
            round_minutes=round_minutes,
            house_options=house_options,
            owner=owner,
            tableside_entry=tableside_entry,
        )
        for position, prize in enumerate(prizes, start=1):
            Prize.objects.create(party=party, position=position, name=prize)
        for offset, kind in enumerate(special_kinds):
            if kind in special_prizes:
                Prize.objects.create(
                    party=party,
                    position=SPECIAL_PRIZE_POSITION + offset,
                    name=special_prizes[kind],
                    kind=kind,
                )
        _audit(party, owner, "party_create", f"Created the party {name}")
    return party


def _too_many_prizes() -> str:
    # Place prizes take positions 1, 2, ...; special prizes sit from
    # SPECIAL_PRIZE_POSITION on, so the place prizes must end before it.
    return gettext("A party has at most %(most)d place prizes.") % {
        "most": SPECIAL_PRIZE_POSITION - 1
    }


def _unique_slug(name: str) -> str:
    base = slugify(name)[:60] or "party"
    return f"{base}-{secrets.token_hex(3)}"


def prizes_set(*, party: Party, names: Sequence[str], user) -> None:
    """Replace the party's place prizes (before any is awarded)."""
    names = [n.strip() for n in names if n.strip()]
    if len(names) >= SPECIAL_PRIZE_POSITION:
        raise PartyError({"prizes": _too_many_prizes()})
    with transaction.atomic():
        if PrizeAward.objects.filter(prize__party=party).exists():
            raise PartyError({"prizes": "Prizes have already been awarded."})
        party.prizes.filter(kind=Prize.Kind.PLACE).delete()
        for position, prize in enumerate(names, start=1):
            Prize.objects.create(party=party, position=position, name=prize)
        _bump(party)


def party_public_set(*, party: Party, open: bool, standings: bool, user) -> None:
    """Open or hide the players' page (hidden, every public URL is 404) and show
    or hide its standings (seats are always shown).  Audited; a change of
    either switch bumps the version, so open phones follow at their next poll."""
    with transaction.atomic():
        party = Party.objects.select_for_update().get(pk=party.pk)
        before = {"open": party.public_open, "standings": party.public_standings}
        after = {"open": bool(open), "standings": bool(standings)}
        if after == before:
            return
        changes = []
        if after["open"] != before["open"]:
            changes.append("opened the players' page" if open else "hid the players' page")
        if after["standings"] != before["standings"]:
            changes.append("showed its standings" if standings else "hid its standings")
        Party.objects.filter(pk=party.pk).update(
            public_open=after["open"], public_standings=after["standings"]
        )
        summary = " and ".join(changes)
        summary = summary[0].upper() + summary[1:]
        _audit(party, user, "party_public_set", summary, before=before, after=after)
        _bump(party)


def _wifi_problem_text(problem: WifiProblem) -> str:
    return {
        "no_name": gettext("A password needs the network's name."),
        "name_long": gettext("A network name is at most %(max)d bytes.")
        % {"max": WIFI_NAME_MAX_BYTES},
        "name_unprintable": gettext("The network name has a character that cannot be typed."),
        "password_length": gettext("A Wi-Fi password is %(min)d to %(max)d characters.")
        % {"min": WIFI_PASSWORD_MIN, "max": WIFI_PASSWORD_MAX},
        "password_characters": gettext(
            "A Wi-Fi password has only letters, digits, spaces and the signs on a keyboard."
        ),
    }[problem.code]


def party_wifi_set(*, party: Party, name: str, password: str, user) -> None:
    """Set the hall's Wi-Fi (both empty: none) for the join-the-Wi-Fi QR code
    on the share screen and the table cards. Audited without the password;
    bumps the version, so the table cards are made again with it."""
    try:
        wifi_check(name, password)
    except WifiProblem as problem:
        raise PartyError({problem.field: _wifi_problem_text(problem)}) from None
    with transaction.atomic():
        party = Party.objects.select_for_update().get(pk=party.pk)
        before = {"name": party.wifi_name, "password_set": bool(party.wifi_password)}
        after = {"name": name, "password_set": bool(password)}
        if (party.wifi_name, party.wifi_password) == (name, password):
            return
        Party.objects.filter(pk=party.pk).update(wifi_name=name, wifi_password=password)
        if name:
            summary = gettext("Set the hall Wi-Fi to %(name)s") % {"name": name}
        else:
            summary = gettext("Removed the hall Wi-Fi")
        _audit(party, user, "party_wifi_set", summary, before=before, after=after)
        _bump(party)


def party_load_record(*, party: Party, user, source: str = "") -> None:
    """Note in a new party's audit trail that it was loaded from a party file
    (``source``: the file's name, if known); the party list shows when."""
    source = "".join(char for char in source if char.isprintable())[:120]
    summary = gettext("Loaded from the party file %(file)s") % {"file": source}
    if not source:
        summary = gettext("Loaded from a party file")
    _audit(party, user, PARTY_LOAD_ACTION, summary)


def party_delete(*, party: Party, user) -> str:
    """Delete the party for good, with everything in it: players, rounds,
    results, prizes, printouts and its audit trail.  Only its owner or a
    co-host may.  Returns the party's name, for the message that confirms it."""
    with transaction.atomic():
        party = Party.objects.select_for_update().get(pk=party.pk)
        if party.owner_id != user.pk and not party.cohosts.filter(pk=user.pk).exists():
            raise PartyError(gettext("Only the party's host or a co-host can delete it."))
        name, token = party.name, party.public_token
        # A seat or sit-out protects its player: the rounds go first, taking
        # their seats, sit-outs, results and online tables with them.
        Round.objects.filter(party=party).delete()
        party.delete()
        transaction.on_commit(partial(public_state_forget, token), robust=True)
    return name


def party_admin_change(*, party: Party, user, summary: str) -> None:
    """Record a change made in the Django admin (a name, a date, a switch, a
    prize) and bump the party's version, so the players' page, the board and
    the printouts made before show it or are marked out of date."""
    with transaction.atomic():
        party = Party.objects.select_for_update().get(pk=party.pk)
        _audit(
            party, user, "admin_change", summary[: AuditEntry._meta.get_field("summary").max_length]
        )
        _bump(party)


# --------------------------------------------------------------------- players


def _fold(name: str) -> str:
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    return " ".join("".join(c for c in decomposed if not unicodedata.combining(c)).split())


def similar_names(party: Party, name: str) -> list[str]:
    """Registered names that look like ``name`` (case, accents and spaces aside)."""
    folded = _fold(name)
    return [n for n in party.players.values_list("name", flat=True) if _fold(n) == folded]


def player_register(*, party: Party, name: str, user) -> Player:
    """Register a player, kept exactly as typed (accents, apostrophes).

    Before round 1 is seated the player plays from round 1; later arrivals
    are present from the round after the current one (RULES.md section 6).
    An identical name is refused; a look-alike is allowed (the view warns).
    """
    name = " ".join((name or "").split())
    if not name:
        raise PartyError({"name": "Type the player's name."})
    if len(name) > 80:
        raise PartyError({"name": "Names are at most 80 characters."})
    if party.status == Party.Status.FINISHED:
        raise PartyError({"name": "The party is finished."})
    with transaction.atomic():
        party = Party.objects.select_for_update().get(pk=party.pk)
        if party.players.filter(name=name).exists():
            raise PartyError({"name": f"{name} is already registered."})
        current = party.rounds.order_by("-number").first()
        arrives = 1 if current is None else current.number + 1
        order = (party.players.order_by("-order").values_list("order", flat=True).first() or 0) + 1
        player = Player.objects.create(party=party, name=name, order=order, arrives_round=arrives)
        _audit(party, user, "player_register", f"Registered {name}", after={"name": name})
        _bump(party)
    return player


def player_depart(*, party: Party, player: Player, user) -> None:
    """The player leaves: absent from the round after the current one, score kept."""
    with transaction.atomic():
        party = Party.objects.select_for_update().get(pk=party.pk)
        current = party.rounds.order_by("-number").first()
        if current is None:
            player.seats.all().delete()
            player.delete()
            _audit(party, user, "player_remove", f"Removed {player.name} before round 1")
        else:
            player.leaves_round = current.number + 1
            player.save(update_fields=["leaves_round"])
            _audit(party, user, "player_depart", f"{player.name} left after round {current.number}")
        _bump(party)


def player_rejoin(*, party: Party, player: Player, user) -> None:
    """Undo a departure: present again from the next round."""
    with transaction.atomic():
        party = Party.objects.select_for_update().get(pk=party.pk)
        player.leaves_round = None
        player.save(update_fields=["leaves_round"])
        _audit(party, user, "player_rejoin", f"{player.name} is back")
        _bump(party)


def _present(party: Party, round_number: int) -> list[Player]:
    return [p for p in party.players.order_by("order") if p.present_in(round_number)]


# --------------------------------------------------------------------- seating


def round1_seat_draw(*, party: Party, seed: int | None, user) -> Round:
    """Seat round 1 by the recorded seeded draw of RULES.md section 6."""
    if seed is None:
        seed = secrets.randbelow(10**9)
    with transaction.atomic():
        party = _lock_party_for_seating(party)
        players = _present(party, 1)
        try:
            draw = movement.seeded_draw([p.pk for p in players], seed)
        except movement.SeatingProblem as exc:
            raise PartyError({"seating": str(exc)}) from None
        return _round_create(
            party, 1, draw.tables, Round.Seating.DRAW, user, seed=seed, players=players
        )


def round1_seat_manual(*, party: Party, tables: Sequence[Sequence[int]], user) -> Round:
    """Seat round 1 as the host tapped it: tables of four player ids, seats 0..3."""
    with transaction.atomic():
        party = _lock_party_for_seating(party)
        return _round_create(party, 1, tables, Round.Seating.HOST, user, players=_present(party, 1))


def _lock_party_for_seating(party: Party) -> Party:
    party = Party.objects.select_for_update().get(pk=party.pk)
    if party.rounds.exists():
        raise PartyError("Round 1 is already seated.")
    return party


def _round_create(
    party: Party,
    number: int,
    tables: Sequence[Sequence[int]],
    kind: str,
    user,
    *,
    players: list[Player],
    seed: int | None = None,
    before: dict | None = None,
) -> Round:
    tables = [list(t) for t in tables]
    seated_ids = {pid for table in tables for pid in table}
    seating = movement.Seating(
        tables=[tuple(t) for t in tables],
        sitting_out=[p.pk for p in players if p.pk not in seated_ids],
    )
    problems = movement.check_seating(
        seating, [p.pk for p in players], names={p.pk: p.name for p in players}
    )
    if problems:
        raise PartyError({"seating": " ".join(problems)})
    rnd = Round.objects.create(party=party, number=number, seating=kind, seed=seed)
    seated = {pid for table in tables for pid in table}
    Seat.objects.bulk_create(
        Seat(round=rnd, table=t, seat=s, player_id=pid)
        for t, table in enumerate(tables, start=1)
        for s, pid in enumerate(table)
    )
    SitOut.objects.bulk_create(
        SitOut(round=rnd, player_id=p.pk) for p in players if p.pk not in seated
    )
    TableRound.objects.bulk_create(
        TableRound(round=rnd, table=t) for t in range(1, len(tables) + 1)
    )
    if party.status == Party.Status.SETUP:
        Party.objects.filter(pk=party.pk).update(status=Party.Status.RUNNING)
        party.status = Party.Status.RUNNING
    names = {p.pk: p.name for p in players}
    _audit(
        party,
        user,
        f"round_seat_{kind}",
        f"Seated round {number} ({Round.Seating(kind).label.lower()})",
        before=before,
        after={
            "tables": [[names[pid] for pid in table] for table in tables],
            "seed": seed,
        },
    )
    _bump(party)
    return rnd


def round_override_seating(*, round: Round, tables: Sequence[Sequence[int]], user) -> Round:
    """Replace a round's seating before its first deal is entered (RULES.md 6)."""
    with transaction.atomic():
        rnd = Round.objects.select_for_update().select_related("party").get(pk=round.pk)
        if rnd.status != Round.Status.OPEN or rnd.results.exists():
            raise PartyError("A seating can be changed only before its first deal is entered.")
        party = rnd.party
        players = _present(party, rnd.number)
        before = _seating_names(rnd)
        rnd.seats.all().delete()
        rnd.sitouts.all().delete()
        rnd.tables.all().delete()
        number, seed = rnd.number, rnd.seed
        rnd.delete()
        return _round_create(
            party,
            number,
            tables,
            Round.Seating.OVERRIDE,
            user,
            players=players,
            seed=seed,
            before={"tables": before},
        )


def _seating_names(rnd: Round) -> list[list[str]]:
    grid: dict[int, list[str]] = {}
    for table, name in rnd.seats.order_by("table", "seat").values_list("table", "player__name"):
        grid.setdefault(table, []).append(name)
    return [grid[t] for t in sorted(grid)]


# --------------------------------------------------------------------- results


def result_record(
    *,
    round: Round,
    table: int,
    deal: int,
    bidder: Any,
    bid: Any,
    bidding_team_points: Any = None,
    trump: str | None = None,
    cards: dict[str, int] | None = None,
    tally: Sequence[int] | None = None,
    user=None,
    form_token: str | None = None,
    source: str = DealResult.Source.HOST,
) -> DealResult:
    """Validate and store one deal's result (RULES.md section 5).

    The same form token twice (a double tap, or a tablet's queue sending a
    deal again after a lost answer) returns the stored result, with
    ``replayed`` set, and creates nothing.  A deal another tablet already
    entered is refused with a message saying who entered it, and the stored
    result on the error, never overwritten: use :func:`result_amend` to
    change a result.
    """
    with transaction.atomic():
        rnd = Round.objects.select_for_update().select_related("party").get(pk=round.pk)
        if form_token:
            existing = DealResult.objects.filter(form_token=form_token).first()
            if existing is not None:
                existing.replayed = True
                return existing
        party = rnd.party
        rs = party_ruleset(party)
        players = _table_players(rnd, table)
        current = DealResult.objects.filter(
            round=rnd, table=table, deal=deal, is_current=True
        ).select_related("entered_by")
        stored = current.first()
        record = _record(
            rnd, table, deal, bidder, bid, bidding_team_points, trump, cards, tally, players
        )
        if stored is not None:
            who = stored.entered_by.get_username() if stored.entered_by else "another device"
            when = stored.entered_at.strftime("%H:%M")
            raise PartyError(
                {
                    "deal": f"Deal {deal} at table {table} was already entered by {who} at "
                    f"{when}. To change it, amend it."
                },
                result=stored,
            )
        result = _result_store(
            rnd, rs, table, deal, record, user=user, form_token=form_token, source=source
        )
        result.round = rnd  # its party carries the version bumped below
        _bump(party, rnd)
    return result


def _result_store(
    rnd: Round, rs: Ruleset, table: int, deal: int, record: dict, *, user, form_token, source
) -> DealResult:
    """Validate a new deal's record, store it and audit it.

    Should be called holding the round's row lock, once the deal is known to
    have no result yet."""
    errors = validate_result(rs, record)
    if errors:
        raise PartyError({e.field: str(e) for e in errors})
    result = _result_save(
        rnd, table, deal, record, rs, user=user, form_token=form_token, source=source
    )
    if rnd.party.tableside_entry:
        # A deal entered at the table and still waiting is settled by this result.
        TableEntry.objects.filter(
            round=rnd, table=table, deal=deal, status__in=TableEntry.OPEN
        ).update(status=TableEntry.Status.SUPERSEDED)
    _audit(
        rnd.party,
        user,
        "result_record",
        f"Round {rnd.number}, table {table}, deal {deal}: {_describe(result, rs)}",
        after=_result_json(result, rnd.number),
    )
    return result


@contextlib.contextmanager
def results_entry(*, round: Round, user, source: str = DealResult.Source.HOST):
    """Enter many results of one round, one after another, under one lock.

    Yields ``enter(table=, deal=, bidder=, bid=, bidding_team_points=None,
    trump=None, cards=None, tally=None)``, which checks and stores one result
    as :func:`result_record` does: the same record, the same validator, the
    same row and audit entry, the same :class:`PartyError` for a bad record.
    What ``result_record`` looks up per deal (the round's lock, its seats, the
    deals already entered, the version bump) is done once for the whole batch,
    so a party file loads in a fraction of the time.  A deal already entered
    is refused (amend it instead).  If the block raises, nothing it entered is
    kept.
    """
    with transaction.atomic():
        rnd = Round.objects.select_for_update().select_related("party").get(pk=round.pk)
        party = rnd.party
        rs = party_ruleset(party)
        seats: dict[int, list[str | None]] = {}
        for table, seat, name in rnd.seats.values_list("table", "seat", "player__name"):
            seats.setdefault(table, [None, None, None, None])[seat] = name
        entered = set(
            DealResult.objects.filter(round=rnd, is_current=True).values_list("table", "deal")
        )

        def enter(
            *,
            table: int,
            deal: int,
            bidder: Any,
            bid: Any,
            bidding_team_points: Any = None,
            trump: str | None = None,
            cards: dict[str, int] | None = None,
            tally: Sequence[int] | None = None,
        ) -> DealResult:
            if (table, deal) in entered:
                raise PartyError(
                    {"deal": f"Deal {deal} at table {table} is already entered; amend it instead."}
                )
            record = _record(
                rnd,
                table,
                deal,
                bidder,
                bid,
                bidding_team_points,
                trump,
                cards,
                tally,
                seats.get(table),
            )
            result = _result_store(
                rnd, rs, table, deal, record, user=user, form_token=None, source=source
            )
            entered.add((table, deal))
            return result

        yield enter
        _bump(party, rnd)


def table_results_enter(
    *, round: Round, table: int, deals: Sequence[dict[str, Any]], user
) -> list[DealResult]:
    """Store a whole table's deals, copied from its tally card, all or none.

    Each of ``deals`` holds ``deal``, ``bidder``, ``bid`` and
    ``bidding_team_points`` (``trump`` optional).  Every deal is checked by the
    same validator as :func:`result_record`, under one lock; if any is
    refused, none is kept and the :class:`PartyError` names every problem,
    keyed ``"<deal>.<field>"`` (``"3.bid"``).
    """
    errors: dict[str, str] = {}
    results: list[DealResult] = []
    with results_entry(round=round, user=user) as enter:
        for entry in deals:
            try:
                results.append(enter(table=table, **entry))
            except PartyError as error:
                for field, message in error.errors.items():
                    errors[f"{entry['deal']}.{field}"] = message
        if errors:
            raise PartyError(errors)
    return results


def _table_players(rnd: Round, table: int) -> list[str | None] | None:
    names: list[str | None] = [None, None, None, None]
    rows = list(rnd.seats.filter(table=table).values_list("seat", "player__name"))
    if not rows:
        return None
    for seat, name in rows:
        names[seat] = name
    return names


def _record(rnd, table, deal, bidder, bid, points, trump, cards, tally, players) -> dict:
    record: dict[str, Any] = {
        "deal": deal,
        "bidder": bidder,
        "bid": bid,
        "round_open": rnd.status == Round.Status.OPEN,
        "table_exists": players is not None,
    }
    if players is not None:
        record["players"] = players
    if points is not None:
        record["bidding_team_points"] = points
    if trump:
        record["trump"] = trump
    if cards is not None:
        record["cards"] = cards
    if tally is not None:
        record["tally"] = list(tally)
    return record


def _result_save(
    rnd: Round,
    table: int,
    deal: int,
    record: dict,
    rs: Ruleset,
    *,
    user,
    form_token,
    source,
    version: int = 1,
    reason: str = "",
) -> DealResult:
    """Store a validated record as ``version`` of the deal's result.

    Should be called holding the round's row lock, after checking that the
    deal has no current result (version 1: no result at all, since results
    are never deleted) or after marking the amended one not current.
    """
    points = record.get("bidding_team_points")
    if points is None:
        values = dict(rs.points)
        team = record["bidder"] % 2
        points = sum(values[r] for r, t in record["cards"].items() if t == team)
    mine, theirs = rs.deal_score(record["bid"], points)
    team = record["bidder"] % 2
    score0, score1 = (mine, theirs) if team == 0 else (theirs, mine)
    try:
        # No savepoint: an IntegrityError aborts the caller's transaction,
        # which the PartyError raised here rolls back as a whole.
        return DealResult.objects.create(
            round=rnd,
            table=table,
            deal=deal,
            version=version,
            bidder=record["bidder"],
            bid=record["bid"],
            trump=record.get("trump") or "",
            bidding_team_points=points,
            cards=record.get("cards"),
            tally=record.get("tally"),
            score0=score0,
            score1=score1,
            source=source,
            entered_by=user if getattr(user, "is_authenticated", False) else None,
            form_token=form_token or None,
            reason=reason,
        )
    except IntegrityError:
        # Only reachable if the row lock was bypassed (e.g. SQLite's writer
        # race): the constraint still guarantees one current result.
        raise PartyError(
            {"deal": f"Deal {deal} at table {table} was just entered on another device."}
        ) from None


def _describe(result: DealResult, rs: Ruleset) -> str:
    bid = bid_words(result.bid, rs)
    trump = f" in {result.trump}" if result.trump else ""
    return (
        f"seat {result.bidder + 1} bid {bid}{trump}, took {result.bidding_team_points}; "
        f"score {result.score0} – {result.score1}"
    )


def _result_json(result: DealResult, round_number: int) -> dict[str, Any]:
    """A result as the audit keeps it; where it was lets the Changes page
    name the bidder and the teams."""
    return {
        "round": round_number,
        "table": result.table,
        "deal": result.deal,
        "bidder": result.bidder,
        "bid": result.bid,
        "trump": result.trump,
        "bidding_team_points": result.bidding_team_points,
        "cards": result.cards,
        "tally": result.tally,
        "score": [result.score0, result.score1],
    }


def result_amend(
    *,
    result: DealResult,
    bidder: Any,
    bid: Any,
    bidding_team_points: Any = None,
    trump: str | None = None,
    cards: dict[str, int] | None = None,
    tally: Sequence[int] | None = None,
    reason: str,
    user,
    version: int | None = None,
) -> tuple[DealResult, list[int]]:
    """Replace a deal's result with a new version (RULES.md 6, corrections).

    ``version`` is the version of the result the host's form showed: if the
    deal has been amended since (another tablet saved first), nothing is
    changed and :class:`PartyError` carries the result stored now, so the
    host sees both and decides.

    The old version stays, marked not current, and the audit trail records
    before and after with the reason.  Returns the new result and the numbers
    of later rounds whose seating would now differ (empty when the amended
    round is open or its winners did not change).  Nothing else is rewritten:
    the host then chooses to keep the seatings played or re-seat the current
    round (:func:`round_reseat`) if it has no deals yet.
    """
    reason = (reason or "").strip()
    if not reason:
        raise PartyError({"reason": "Say why the result is being changed."})
    with transaction.atomic():
        rnd = Round.objects.select_for_update().select_related("party").get(pk=result.round_id)
        old = DealResult.objects.select_for_update().get(pk=result.pk)
        if not old.is_current or (version is not None and version != old.version):
            stored = DealResult.objects.select_related("entered_by").get(
                round=rnd, table=old.table, deal=old.deal, is_current=True
            )
            raise PartyError(
                {
                    "__all__": gettext(
                        "Another device amended this deal while it was open here. "
                        "What is stored now and what you entered are both shown: "
                        "save again to replace the stored result with yours, or "
                        "go back to keep it."
                    )
                },
                result=stored,
            )
        party = rnd.party
        rs = party_ruleset(party)
        players = _table_players(rnd, old.table)
        record = _record(
            rnd,
            old.table,
            old.deal,
            bidder,
            bid,
            bidding_team_points,
            trump,
            cards,
            tally,
            players,
        )
        record.update(recorded_deals=(old.deal,), amending=True, round_open=True)
        errors = validate_result(rs, record)
        if errors:
            raise PartyError({e.field: str(e) for e in errors})
        DealResult.objects.filter(pk=old.pk).update(is_current=False)
        new = _result_save(
            rnd,
            old.table,
            old.deal,
            record,
            rs,
            user=user,
            form_token=None,
            source=old.source,
            version=old.version + 1,
            reason=reason,
        )
        new.round = rnd
        differing: list[int] = []
        if rnd.status == Round.Status.CLOSED:
            differing = _rejudge_table(rnd, old.table)
        _audit(
            party,
            user,
            "result_amend",
            f"Amended round {rnd.number}, table {old.table}, deal {old.deal}: {_describe(new, rs)}",
            before=_result_json(old, rnd.number),
            after=_result_json(new, rnd.number),
            reason=reason,
        )
        _bump(party, rnd)
    return new, differing


def _table_scores(rnd: Round, table: int) -> list[tuple[int, int]]:
    return [
        (s0, s1)
        for s0, s1 in DealResult.objects.filter(round=rnd, table=table, is_current=True)
        .order_by("deal")
        .values_list("score0", "score1")
    ]


def _rejudge_table(rnd: Round, table: int) -> list[int]:
    """After an amendment in a closed round: store the table's winner as the
    results now say (None while a needed cut is missing) and return the later
    rounds whose seating movement would now give differently."""
    outcome = TableRound.objects.select_for_update().get(round=rnd, table=table)
    scores = _table_scores(rnd, table)
    cut = outcome.cut_winner if table_round_winner(scores) is None else None
    winner = table_round_winner(scores, cut=cut)
    if winner == outcome.winner and cut == outcome.cut_winner:
        return []
    differing = _seatings_differing(rnd, {table: winner})
    outcome.winner, outcome.cut_winner = winner, cut
    outcome.save(update_fields=["winner", "cut_winner"])
    return differing


def _seatings_differing(rnd: Round, new_winners: dict[int, int | None]) -> list[int]:
    """Later rounds whose played seating differs from what movement gives once
    the tables of ``rnd`` in ``new_winners`` have those winners (RULES.md 6)."""
    from .selectors import party_history

    history = party_history(rnd.party)
    played = [
        movement.PlayedRound(
            seating=movement.Seating(
                tables=[tuple(t) for t in info.tables], sitting_out=list(info.sitting_out)
            ),
            winners=tuple(info.winners),
            override=info.seating == Round.Seating.OVERRIDE,
        )
        for info in history.rounds
    ]
    winners = list(history.rounds[rnd.number - 1].winners)
    for table, winner in new_winners.items():
        winners[table - 1] = winner
    diffs = movement.seatings_affected(
        played,
        amended_round=rnd.number,
        new_winners=winners,
        style=history.movement,
        registration=history.registration,
    )
    return [diff.round for diff in diffs]


# --------------------------------------------------------------------- rounds


def table_call_time(*, round: Round, table: int, user) -> None:
    """The host calls time on a table: its unplayed deals count for nobody."""
    with transaction.atomic():
        rnd = Round.objects.select_for_update().select_related("party").get(pk=round.pk)
        if rnd.status != Round.Status.OPEN:
            raise PartyError("The round is closed.")
        outcome = TableRound.objects.filter(round=rnd, table=table).first()
        if outcome is None:
            raise PartyError({"table": f"There is no table {table} in this round."})
        if not DealResult.objects.filter(round=rnd, table=table, is_current=True).exists():
            raise PartyError(
                {
                    "table": f"Table {table} has no deal entered; time can be called "
                    "only after at least one deal."
                }
            )
        outcome.time_called = True
        outcome.save(update_fields=["time_called"])
        _audit(
            rnd.party, user, "table_call_time", f"Time called on table {table}, round {rnd.number}"
        )
        _bump(rnd.party, rnd)


def round_clock_start(*, round: Round, user) -> Round:
    """Start (or restart) the host's round clock: it runs the party's
    ``round_minutes`` from now.  The end is stored as an absolute instant, so
    every page counts down to the same moment.  Refused once the round is
    closed."""
    with transaction.atomic():
        rnd = Round.objects.select_for_update().select_related("party").get(pk=round.pk)
        if rnd.status != Round.Status.OPEN:
            raise PartyError(gettext("The round is closed."))
        minutes = rnd.party.round_minutes
        rnd.clock_ends_at = timezone.now() + datetime.timedelta(minutes=minutes)
        rnd.save(update_fields=["clock_ends_at"])
        _audit(
            rnd.party,
            user,
            "round_clock_start",
            gettext("Started the %(minutes)d-minute clock of round %(number)d")
            % {"minutes": minutes, "number": rnd.number},
            after={"ends_at": rnd.clock_ends_at.isoformat()},
        )
        _bump(rnd.party, rnd)
    return rnd


def round_clock_stop(*, round: Round, user) -> Round:
    """Stop the host's round clock (the pages stop showing it)."""
    with transaction.atomic():
        rnd = Round.objects.select_for_update().select_related("party").get(pk=round.pk)
        if rnd.status != Round.Status.OPEN:
            raise PartyError(gettext("The round is closed."))
        if rnd.clock_ends_at is None:
            raise PartyError(gettext("The round clock is not running."))
        before = {"ends_at": rnd.clock_ends_at.isoformat()}
        rnd.clock_ends_at = None
        rnd.save(update_fields=["clock_ends_at"])
        _audit(
            rnd.party,
            user,
            "round_clock_stop",
            gettext("Stopped the clock of round %(number)d") % {"number": rnd.number},
            before=before,
        )
        _bump(rnd.party, rnd)
    return rnd


def round_call_time(*, round: Round, user) -> list[int]:
    """Call time for the whole round, as a Pedro host does when the clock
    runs out: every table still playing stops now (RULES.md 6).

    Time is called at each table that has at least one deal entered and not
    all its deals; its unplayed deals count for nobody.  A table with no deal
    entered cannot be decided (a winner needs at least one deal), so it is
    left alone and named in the audit: the host enters its deal or calls it
    later.  Tables whose time was called one by one stay called.  Deals
    entered after the call still count, as with a table's own call.

    Returns the tables called.  Refused when the round is closed, when time
    was already called for the round, or when no table can be called.
    """
    with transaction.atomic():
        rnd = Round.objects.select_for_update().select_related("party").get(pk=round.pk)
        party = rnd.party
        if rnd.status != Round.Status.OPEN:
            raise PartyError(gettext("The round is closed."))
        if rnd.time_called_tables is not None:
            raise PartyError(gettext("Time is already called for this round."))
        outcomes = list(TableRound.objects.select_for_update().filter(round=rnd))
        played: dict[int, int] = {o.table: 0 for o in outcomes}
        for table in DealResult.objects.filter(round=rnd, is_current=True).values_list(
            "table", flat=True
        ):
            played[table] += 1
        called = [
            o.table
            for o in outcomes
            if not o.time_called and 0 < played[o.table] < party.deals_per_round
        ]
        empty = [o.table for o in outcomes if played[o.table] == 0 and not o.time_called]
        if not called:
            raise PartyError(gettext("No table is still playing a deal: there is no time to call."))
        TableRound.objects.filter(round=rnd, table__in=called).update(time_called=True)
        rnd.time_called_at = timezone.now()
        rnd.time_called_tables = called
        rnd.save(update_fields=["time_called_at", "time_called_tables"])
        _audit(
            party,
            user,
            "round_call_time",
            gettext("Time called for round %(number)d at tables %(tables)s")
            % {"number": rnd.number, "tables": ", ".join(map(str, called))},
            after={"tables": called, "no_deal_yet": empty},
        )
        _bump(party, rnd)
    return called


def round_call_time_undo(*, round: Round, user) -> list[int]:
    """Undo the round's call of time: the tables it called play on, exactly
    as before the call (a table's own call, made before or after, stays).

    Deals entered since the call are kept: undoing never removes a result.
    Refused once the round is closed, and when a called table had a cut of
    the cards recorded since (that cut decided the table on the deals played
    at the call; the host changes the cut first).  Returns the tables that
    play on.
    """
    with transaction.atomic():
        rnd = Round.objects.select_for_update().select_related("party").get(pk=round.pk)
        party = rnd.party
        if rnd.status != Round.Status.OPEN:
            raise PartyError(gettext("The round is closed: its call of time stays."))
        tables = rnd.time_called_tables
        if tables is None:
            raise PartyError(gettext("Time has not been called for this round."))
        outcomes = list(TableRound.objects.select_for_update().filter(round=rnd, table__in=tables))
        cut = [o.table for o in outcomes if o.cut_winner is not None]
        if cut:
            raise PartyError(
                gettext(
                    "Table %(tables)s has a cut of the cards recorded on the deals played "
                    "when time was called; change the cut before undoing the call."
                )
                % {"tables": ", ".join(map(str, cut))}
            )
        TableRound.objects.filter(round=rnd, table__in=tables).update(time_called=False)
        before = {"tables": tables, "at": rnd.time_called_at.isoformat()}
        rnd.time_called_at = None
        rnd.time_called_tables = None
        rnd.save(update_fields=["time_called_at", "time_called_tables"])
        _audit(
            party,
            user,
            "round_call_time_undo",
            gettext("Undid the call of time for round %(number)d") % {"number": rnd.number},
            before=before,
        )
        _bump(party, rnd)
    return tables


def table_record_cut(*, round: Round, table: int, team: int, user) -> list[int]:
    """Record the cut of the cards that decides a tied table (RULES.md 6).

    Returns later rounds whose seating would differ (for a closed round)."""
    if team not in (0, 1):
        raise PartyError({"team": "The cut is won by team 0 or team 1."})
    with transaction.atomic():
        rnd = Round.objects.select_for_update().select_related("party").get(pk=round.pk)
        outcome = TableRound.objects.select_for_update().filter(round=rnd, table=table).first()
        if outcome is None:
            raise PartyError({"table": f"There is no table {table} in this round."})
        scores = _table_scores(rnd, table)
        if not scores or table_round_winner(scores, cut=None) is not None:
            raise PartyError({"team": f"Table {table} is not tied; no cut is needed."})
        differing: list[int] = []
        if rnd.status == Round.Status.CLOSED:
            differing = _seatings_differing(rnd, {table: team})
            outcome.winner = team
        outcome.cut_winner = team
        outcome.save(update_fields=["cut_winner", "winner"])
        names = list(
            rnd.seats.filter(table=table).order_by("seat").values_list("player__name", flat=True)
        )
        _audit(
            rnd.party,
            user,
            "table_record_cut",
            f"Round {rnd.number}, table {table}: cut won by {' & '.join(names[team::2])}",
        )
        _bump(rnd.party, rnd)
    return differing


def round_close(*, round: Round, user, seat_next: bool = True) -> Round | None:
    """Close a round and (unless ``seat_next`` is false) seat the next one.

    Every table must have all its deals, or time called with at least one
    deal; every tie must be broken (RULES.md 6) or have its cut recorded.
    Returns the next round, or None.
    """
    with transaction.atomic():
        rnd = Round.objects.select_for_update().select_related("party").get(pk=round.pk)
        party = rnd.party
        if rnd.status != Round.Status.OPEN:
            raise PartyError("This round is already closed.")
        outcomes = list(TableRound.objects.select_for_update().filter(round=rnd))
        scores: dict[int, list[tuple[int, int]]] = {o.table: [] for o in outcomes}
        for table, s0, s1 in (
            DealResult.objects.filter(round=rnd, is_current=True)
            .order_by("table", "deal")
            .values_list("table", "score0", "score1")
        ):
            scores[table].append((s0, s1))
        problems = []
        for outcome in outcomes:
            played = len(scores[outcome.table])
            if played < party.deals_per_round and not outcome.time_called:
                problems.append(
                    f"Table {outcome.table} has {played} of {party.deals_per_round} deals."
                )
            elif played == 0:
                problems.append(f"Table {outcome.table} has no deal entered.")
            else:
                outcome.winner = table_round_winner(scores[outcome.table], cut=outcome.cut_winner)
                if outcome.winner is None:
                    problems.append(
                        f"Table {outcome.table} is tied: record who won the cut of the cards."
                    )
        if problems:
            raise PartyError({"__all__": " ".join(problems)})
        for outcome in outcomes:
            outcome.save(update_fields=["winner"])
        rnd.status = Round.Status.CLOSED
        rnd.closed_at = timezone.now()
        rnd.save(update_fields=["status", "closed_at"])
        _audit(party, user, "round_close", f"Closed round {rnd.number}")
        nxt = _round_seat_next(party, rnd, user) if seat_next else None
        _bump(party, rnd)
    return nxt


def _round_seat_next(party: Party, rnd: Round, user) -> Round:
    from .selectors import party_history

    history = party_history(party)
    info = history.rounds[rnd.number - 1]
    present = _present(party, rnd.number + 1)
    sitouts: dict[int, int] = {}
    for earlier in history.rounds[: rnd.number]:
        for pid in earlier.sitting_out:
            sitouts[pid] = sitouts.get(pid, 0) + 1
    try:
        seating = movement.seat_next_round(
            movement.Seating(
                tables=[tuple(t) for t in info.tables], sitting_out=list(info.sitting_out)
            ),
            info.winners,
            style=history.movement,
            present=[p.pk for p in present],
            sitouts_so_far=sitouts,
            registration=history.registration,
        )
    except movement.SeatingProblem as exc:
        raise PartyError({"__all__": str(exc)}) from None
    return _round_create(
        party, rnd.number + 1, seating.tables, Round.Seating.MOVEMENT, user, players=present
    )


def round_reseat(*, round: Round, user) -> Round:
    """Re-seat the current round from movement (after an amendment changed an
    earlier round's winners); only while it has no deals."""
    with transaction.atomic():
        rnd = Round.objects.select_for_update().select_related("party").get(pk=round.pk)
        if rnd.number == 1:
            raise PartyError("Round 1 is seated by the host or the draw, not by movement.")
        if rnd.status != Round.Status.OPEN or rnd.results.exists():
            raise PartyError("Only a round with no deals entered can be re-seated.")
        party = rnd.party
        before = _seating_names(rnd)
        rnd.seats.all().delete()
        rnd.sitouts.all().delete()
        rnd.tables.all().delete()
        number = rnd.number
        rnd.delete()
        previous = party.rounds.get(number=number - 1)
        new = _round_seat_next(party, previous, user)
        _audit(
            party,
            user,
            "round_reseat",
            f"Re-seated round {number} from movement",
            before=before,
            after=_seating_names(new),
        )
        return new


# --------------------------------------------------------------------- the end


def party_finish(*, party: Party, user) -> None:
    """End the party: the open round, if it has no deals, is dropped; an open
    round with deals must be closed first.  Special prizes are awarded."""
    with transaction.atomic():
        party = Party.objects.select_for_update().get(pk=party.pk)
        if party.status == Party.Status.FINISHED:
            raise PartyError("The party is already finished.")
        current = party.rounds.order_by("-number").first()
        if current is None:
            raise PartyError("No round has been played yet.")
        if current.status == Round.Status.OPEN:
            if current.results.exists():
                raise PartyError(f"Close round {current.number} first.")
            current.seats.all().delete()
            current.sitouts.all().delete()
            current.tables.all().delete()
            current.delete()
        party.status = Party.Status.FINISHED
        party.save(update_fields=["status"])
        _specials_award(party)
        _audit(party, user, "party_finish", "Finished the party")
        _bump(party)


def _specials_award(party: Party) -> None:
    from .selectors import party_standings, special_prize_winners

    table = party_standings(party)
    rows = {row.player: row for row in table.rows}
    winners = special_prize_winners(party)
    PrizeAward.objects.filter(prize__party=party).exclude(prize__kind=Prize.Kind.PLACE).delete()
    for prize in party.prizes.exclude(kind=Prize.Kind.PLACE):
        for pid in winners.get(prize.kind, ()):
            PrizeAward.objects.create(
                prize=prize, player_id=pid, rank=rows[pid].rank, score=rows[pid].score
            )


def prize_pick(*, party: Party, player: Player, prize: Prize, user) -> PrizeAward:
    """The player whose turn it is picks a place prize from what is left."""
    from .selectors import prize_turn

    with transaction.atomic():
        party = Party.objects.select_for_update().get(pk=party.pk)
        if party.status != Party.Status.FINISHED:
            raise PartyError("Prizes are picked once the party is finished.")
        if prize.party_id != party.pk or prize.kind != Prize.Kind.PLACE:
            raise PartyError({"prize": "That is not one of this party's place prizes."})
        if prize.awards.exists():
            raise PartyError({"prize": f"{prize.name} has already been picked."})
        turn = prize_turn(party)
        if turn is None or turn.player != player.pk:
            raise PartyError({"player": "It is not this player's turn to pick."})
        award = PrizeAward.objects.create(
            prize=prize, player=player, rank=turn.rank, score=turn.score
        )
        _audit(party, user, "prize_pick", f"{player.name} picked {prize.name}")
        _bump(party)
    return award


def prize_unpick(*, party: Party, prize: Prize, user) -> None:
    """Put back the latest place prize picked (the host tapped the wrong one):
    that player picks again.  Only the latest pick can be undone, so every
    pick still follows the ranks; audited."""
    from .selectors import prize_order

    with transaction.atomic():
        party = Party.objects.select_for_update().get(pk=party.pk)
        if party.status != Party.Status.FINISHED:
            raise PartyError(gettext("Prizes are picked once the party is finished."))
        if prize.party_id != party.pk or prize.kind != Prize.Kind.PLACE:
            raise PartyError({"prize": gettext("That is not one of this party's place prizes.")})
        award = prize.awards.select_related("player").first()
        if award is None:
            raise PartyError(
                {"prize": gettext("%(prize)s has not been picked.") % {"prize": prize.name}}
            )
        picked = set(
            PrizeAward.objects.filter(prize__party=party, prize__kind=Prize.Kind.PLACE).values_list(
                "player_id", flat=True
            )
        )
        latest = [turn for turn in prize_order(party) if turn.player in picked][-1]
        if latest.player != award.player_id:
            raise PartyError(
                {
                    "prize": gettext(
                        "Only the latest pick can be undone: first put back %(name)s's."
                    )
                    % {"name": latest.name}
                }
            )
        award.delete()
        _audit(
            party,
            user,
            "prize_unpick",
            f"Put back {prize.name}: {award.player.name} picks again",
            before={"prize": prize.name, "player": award.player.name},
        )
        _bump(party)
