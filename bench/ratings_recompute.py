"""Benchmark: working a club's ratings out again, whole and for one night.

Builds, in a throwaway database, a club of 50 members whose skill is known
(from 0 to 1, evenly spread) and 24 nights of 12 tables (48 of them, drawn
at random; two sit each night out) and 6 rounds, every round closed with its
4 deals entered.  The rows are bulk-created, with seatings from the real
movement code and scores from the real ruleset; in each deal the bidding
pair takes each of the deal's points with a chance that grows with the pair's
skill over the other's.  Then, in CPU time:

* the whole club rated from scratch (``ratings_recompute`` from the first
  night: what a merge or a deleted party in the first night costs);
* the last night alone rated again (what a correction in it costs);
* the rank correlation (Kendall's tau) between the members' true skill and
  their rating, and their average score per round, for a look at whether
  the rating finds the good players.

    DATABASE_URL=postgres://... python bench/ratings_recompute.py
        # creates and drops the database bench_post_<pid> there
"""

from __future__ import annotations

import datetime
import math
import random
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from post_result import deal_row, run_on_throwaway_database, table_outcome  # noqa: E402

MEMBERS = 50
NIGHTS = 24
TABLES = 12
ROUNDS = 6
#: How much a pair's skill over the other's moves its chance of each point.
SKILL_WEIGHT = 1.5


def kendall_tau(xs: list[float], ys: list[float]) -> float:
    """Kendall's tau-a of two equally long lists."""
    pairs = concordant = 0
    for i in range(len(xs)):
        for j in range(i + 1, len(xs)):
            sign = (xs[i] - xs[j]) * (ys[i] - ys[j])
            pairs += 1
            concordant += (sign > 0) - (sign < 0)
    return concordant / pairs


def build_club():
    """The club and its nights, played in full; rows bulk-created.  Returns
    the club, each member's skill, and each member's (points, rounds)."""
    from django.contrib.auth import get_user_model

    from tournaments import services
    from tournaments.game import movement
    from tournaments.models import (
        Club,
        DealResult,
        Member,
        Party,
        Player,
        Round,
        Seat,
        TableRound,
    )

    host = get_user_model().objects.create_user(username="bench-host", password="bench-pw-1")
    club = Club.objects.create(name="Bench club", slug="bench-club", created_by=host)
    members = Member.objects.bulk_create(
        Member(club=club, name=f"Member {i:02d}") for i in range(1, MEMBERS + 1)
    )
    skill = {m.pk: i / (MEMBERS - 1) for i, m in enumerate(members)}
    played: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    rng = random.Random(2026)
    for night in range(NIGHTS):
        party = services.party_create(
            owner=host,
            name=f"Night {night + 1}",
            date=datetime.date(2026, 1, 1) + datetime.timedelta(days=7 * night),
            settings=services.PartySettings(planned_rounds=ROUNDS),
        )
        rs = services.party_ruleset(party)
        here = rng.sample(members, 4 * TABLES)
        players = Player.objects.bulk_create(
            Player(party=party, name=m.name, order=i, member=m) for i, m in enumerate(here, 1)
        )
        member_of = {p.pk: p.member_id for p in players}
        registration = [p.pk for p in players]
        seating = movement.seeded_draw(registration, seed=night)
        for number in range(1, ROUNDS + 1):
            rnd = Round.objects.create(
                party=party,
                number=number,
                seating=Round.Seating.DRAW if number == 1 else Round.Seating.MOVEMENT,
                seed=night if number == 1 else None,
                status=Round.Status.CLOSED,
            )
            Seat.objects.bulk_create(
                Seat(round=rnd, table=t, seat=s, player_id=pid)
                for t, table in enumerate(seating.tables, start=1)
                for s, pid in enumerate(table)
            )
            outcomes, results, winners = [], [], []
            for t, table in enumerate(seating.tables, start=1):
                strength = [
                    skill[member_of[table[0]]] + skill[member_of[table[2]]],
                    skill[member_of[table[1]]] + skill[member_of[table[3]]],
                ]
                scores = []
                for deal in range(1, party.deals_per_round + 1):
                    bidder = rng.randrange(4)
                    team = bidder % 2
                    edge = SKILL_WEIGHT * (strength[team] - strength[1 - team])
                    chance = 1 / (1 + math.exp(-edge))
                    points = sum(rng.random() < chance for _ in range(rs.total_points))
                    score, row = deal_row(rs, rnd, t, deal, bidder, rs.min_bid, points, host)
                    scores.append(score)
                    results.append(row)
                for seat, pid in enumerate(table):
                    played[member_of[pid]][0] += sum(s[seat % 2] for s in scores)
                    played[member_of[pid]][1] += 1
                winner, outcome = table_outcome(rnd, t, scores)
                winners.append(winner)
                outcomes.append(outcome)
            TableRound.objects.bulk_create(outcomes)
            DealResult.objects.bulk_create(results)
            seating = movement.seat_next_round(
                seating,
                winners,
                style=party.movement,
                present=registration,
                sitouts_so_far={},
                registration=registration,
            )
        Party.objects.filter(pk=party.pk).update(status=Party.Status.FINISHED, club=club)
    return club, skill, played


def cpu(call) -> tuple[float, object]:
    start = time.process_time()
    result = call()
    return time.process_time() - start, result


def run(engine: str) -> None:
    from tournaments.clubs.services import ratings as rating_services
    from tournaments.game import ratings
    from tournaments.models import Party, RatingUpdate

    started = time.perf_counter()
    club, skill, played = build_club()
    print(
        f"{engine}: built {MEMBERS} members, {NIGHTS} nights of {TABLES} tables x {ROUNDS} "
        f"rounds in {time.perf_counter() - started:.1f} s"
    )
    first = Party.objects.filter(club=club).order_by("date").first().date
    last = Party.objects.filter(club=club).order_by("date").last().date

    def recompute(since):
        return rating_services.ratings_recompute(club_id=club.pk, since=since)

    whole, rows = cpu(lambda: recompute(first))
    print(f"whole club recomputed: {rows} rating updates in {whole:.2f} s CPU")
    one, rows_one = cpu(lambda: recompute(last))
    print(f"last night recomputed: {rows_one} rating updates in {one * 1000:.0f} ms CPU")
    before = list(RatingUpdate.objects.order_by("pk").values_list("mu_after", flat=True))
    again, rows_again = cpu(lambda: recompute(last))
    after = list(RatingUpdate.objects.order_by("pk").values_list("mu_after", flat=True))
    same = sorted(before) == sorted(after)
    print(f"last night again: {rows_again} rows in {again * 1000:.0f} ms CPU, same ratings: {same}")

    latest = {}
    for row in RatingUpdate.objects.filter(club=club).order_by("date", "party_id", "number"):
        latest[row.member_id] = ratings.shown(row.mu_after, row.sigma_after)
    rated = [m for m in skill if m in latest]
    truth = [skill[m] for m in rated]
    tau_rating = kendall_tau(truth, [latest[m] for m in rated])
    tau_average = kendall_tau(truth, [played[m][0] / played[m][1] for m in rated])
    print(f"Kendall tau with the true skill: rating {tau_rating:.2f}, average {tau_average:.2f}")


def main() -> None:
    run_on_throwaway_database(run)


if __name__ == "__main__":
    main()
