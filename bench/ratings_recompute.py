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

from post_result import night_played, run_on_throwaway_database  # noqa: E402

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
    from tournaments.models import Club, Member, Party

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

        def deal(rs, seats):
            bidder = rng.randrange(4)
            team = bidder % 2
            strength = [skill[seats[0]] + skill[seats[2]], skill[seats[1]] + skill[seats[3]]]
            edge = SKILL_WEIGHT * (strength[team] - strength[1 - team])
            chance = 1 / (1 + math.exp(-edge))
            return bidder, rs.min_bid, sum(rng.random() < chance for _ in range(rs.total_points))

        def table_done(seats, scores):
            for seat, member in enumerate(seats):
                played[member][0] += sum(s[seat % 2] for s in scores)
                played[member][1] += 1

        here = rng.sample(members, 4 * TABLES)
        night_played(
            party,
            [(m.name, m) for m in here],
            rounds=ROUNDS,
            seed=night,
            host=host,
            deal=deal,
            table_done=table_done,
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
