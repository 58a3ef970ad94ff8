"""Seating: round 1 by draw or by hand, a host's override, the next round
from movement, and which later seatings an amended round would change."""

from __future__ import annotations

import secrets
from collections.abc import Sequence

from django.db import transaction
from django.utils.translation import gettext, gettext_noop, ngettext

from .. import selectors
from ..clubs import selectors as club_selectors
from ..clubs.services.access import party_action
from ..errors import UserError
from ..game import corrections, movement, ratings
from ..models import Party, Player, Round, Seat, SitOut, TableRound
from .common import audit_log, players_present, round_drop, seating_problem_text

#: The audit's words for a new seating, by how it was made (stored in English).
_SEATED = {
    Round.Seating.DRAW: gettext_noop("Seated round %(number)d (seeded draw)"),
    Round.Seating.HOST: gettext_noop("Seated round %(number)d (host's seating)"),
    Round.Seating.MOVEMENT: gettext_noop("Seated round %(number)d (movement)"),
    Round.Seating.OVERRIDE: gettext_noop("Seated round %(number)d (host override)"),
    Round.Seating.RATED: gettext_noop("Seated round %(number)d (seeded by rating)"),
}


@party_action
def round1_seat_draw(*, party: Party, seed: int | None, user) -> Round:
    """Seat round 1 by the recorded seeded draw of RULES.md section 6."""
    if seed is None:
        seed = secrets.randbelow(10**9)
    with transaction.atomic():
        party = _lock_party_for_seating(party)
        players = players_present(party, 1)
        try:
            draw = movement.seeded_draw([p.pk for p in players], seed)
        except movement.SeatingProblem as problem:
            raise UserError({"seating": seating_problem_text(problem)}) from None
        return _round_create(
            party, 1, draw.tables, Round.Seating.DRAW, user, seed=seed, players=players
        )


@party_action
def round1_seat_rated(*, party: Party, seed: int | None, user) -> Round:
    """Seat round 1 seeded by rating, the strongest spread across the tables
    (:func:`tournaments.game.movement.rated_draw`), recorded like the draw: its
    seed, and in the audit each player's rating as it was used.  A player
    without a rating (a guest, a member's first night) counts as a newcomer."""
    if seed is None:
        seed = secrets.randbelow(10**9)
    with transaction.atomic():
        party = _lock_party_for_seating(party)
        players = players_present(party, 1)
        rated = club_selectors.ratings_now(party=party)
        strength = {p.pk: rated.get(p.pk, ratings.NEW.shown) for p in players}
        try:
            draw = movement.rated_draw([p.pk for p in players], seed, strength)
        except movement.SeatingProblem as problem:
            raise UserError({"seating": seating_problem_text(problem)}) from None
        return _round_create(
            party,
            1,
            draw.tables,
            Round.Seating.RATED,
            user,
            seed=seed,
            players=players,
            ratings={p.name: round(strength[p.pk], 2) for p in players},
        )


@party_action
def round1_seat_manual(*, party: Party, tables: Sequence[Sequence[int]], user) -> Round:
    """Seat round 1 as the host tapped it: tables of four player ids, seats 0..3."""
    with transaction.atomic():
        party = _lock_party_for_seating(party)
        return _round_create(
            party, 1, tables, Round.Seating.HOST, user, players=players_present(party, 1)
        )


def _lock_party_for_seating(party: Party) -> Party:
    party = Party.objects.select_for_update().get(pk=party.pk)
    if party.rounds.exists():
        raise UserError(gettext("Round 1 is already seated."))
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
    ratings: dict | None = None,
) -> Round:
    tables = [list(t) for t in tables]
    seated_ids = {pid for table in tables for pid in table}
    seating = movement.Seating(
        tables=[tuple(t) for t in tables],
        sitting_out=[p.pk for p in players if p.pk not in seated_ids],
    )
    faults = movement.seating_faults(
        seating, [p.pk for p in players], names={p.pk: p.name for p in players}
    )
    if faults:
        problems = [movement.fault_text(fault, gettext, ngettext) for fault in faults]
        raise UserError({"seating": " ".join(problems)})
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
    audit_log(
        party,
        user,
        f"round_seat_{kind}",
        _SEATED[kind],
        {"number": number},
        before=before,
        after={
            "tables": [[names[pid] for pid in table] for table in tables],
            "seed": seed,
            **({"ratings": ratings} if ratings is not None else {}),
        },
    )
    return rnd


@party_action
def round_override_seating(*, round: Round, tables: Sequence[Sequence[int]], user) -> Round:
    """Replace a round's seating before its first deal is entered (RULES.md 6)."""
    with transaction.atomic():
        rnd = Round.objects.select_for_update().select_related("party").get(pk=round.pk)
        if rnd.status != Round.Status.OPEN or rnd.results.exists():
            raise UserError(
                gettext("A seating can be changed only before its first deal is entered.")
            )
        party = rnd.party
        players = players_present(party, rnd.number)
        before = _seating_names(rnd)
        number, seed = rnd.number, rnd.seed
        round_drop(rnd)
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


def round_seat_next(party: Party, rnd: Round, user) -> Round:
    """Seats the round after ``rnd`` by the party's movement, from the closed
    round's results and who is present; returns the new round."""
    history = selectors.party_history(party)
    info = history.rounds[rnd.number - 1]
    present = players_present(party, rnd.number + 1)
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
    except movement.SeatingProblem as problem:
        raise UserError({"__all__": seating_problem_text(problem)}) from None
    return _round_create(
        party, rnd.number + 1, seating.tables, Round.Seating.MOVEMENT, user, players=present
    )


@party_action
def round_reseat(*, round: Round, user) -> Round:
    """Re-seat the current round from movement (after an amendment changed an
    earlier round's winners); only while it has no deals."""
    with transaction.atomic():
        rnd = Round.objects.select_for_update().select_related("party").get(pk=round.pk)
        if rnd.number == 1:
            raise UserError(gettext("Round 1 is seated by the host or the draw, not by movement."))
        if rnd.status != Round.Status.OPEN or rnd.results.exists():
            raise UserError(gettext("Only a round with no deals entered can be re-seated."))
        party = rnd.party
        before = _seating_names(rnd)
        number = rnd.number
        round_drop(rnd)
        previous = party.rounds.get(number=number - 1)
        new = round_seat_next(party, previous, user)
        audit_log(
            party,
            user,
            "round_reseat",
            gettext_noop("Re-seated round %(number)d from movement"),
            {"number": number},
            before=before,
            after=_seating_names(new),
        )
        return new


def seatings_differing(rnd: Round, new_winners: dict[int, int | None]) -> list[int]:
    """Later rounds whose played seating differs from what movement gives once
    the tables of ``rnd`` in ``new_winners`` have those winners (RULES.md 6)."""
    history = selectors.party_history(rnd.party)
    played = [
        corrections.PlayedRound(
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
    diffs = corrections.seatings_affected(
        played,
        amended_round=rnd.number,
        new_winners=winners,
        style=history.movement,
        registration=history.registration,
    )
    return [diff.round for diff in diffs]
