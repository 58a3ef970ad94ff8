"""Benchmark: does the rating find the club's good players, and how fast?

A club of 48 members whose skill is known: each member is the engine's
heuristic bot (``scoring.rules.bots.HeuristicBot``) playing its own cards,
except that at every move it makes, with a chance of its own, it plays a
random legal action instead (bids, trumps, discards and cards alike).  The
chances are spread evenly from 0 % (the best member) to 60 % (the worst), so
the true order of skill is known.

The club plays 20 nights, everyone every night, through the real party
services, as a host would: ``party_create`` in the club, every member
registered, round 1 seated by ``round1_seat_draw``, each table's deals
entered from its tally card with ``table_results_enter`` (each deal checked
as ``result_record`` checks it), a tied table's cut recorded, and
``round_close`` moving the players by the party's movement and rating the
round.  Every deal is really played: the engine deals it (dealer of deal d
is seat (d - 1) mod 4, as the validator checks), the four members' bots play
it to the end, and its result is what an online table would store: the
engine's hand-result record with its action log, checked by
``validate_result`` and turned into the party's entry by
``scoring.services.deals.party_entry``.  No score is made up.

The nights are one season of the club.  After every 4 nights it prints
Kendall's tau (tau-a) between the true order of skill and, from the
organisers' season table, (a) each member's rating as the pages show it
(``mu - 2 sigma``), (b) each member's average score a night (everyone plays
every round, so it orders them as the average a round does); then the CPU
time to work the whole club's ratings out again from the first night
(target <= 5 s) and what one night's rating costs: its six rounds rated as
they close, in ``round_close`` (target <= 100 ms; the median night, with the
first, last and dearest), and the last night worked out again on its own.

Targets: the rating's tau >= 0.7 after 20 nights, and above the average's at
every checkpoint.  Exit status 1 when a target is missed.

**Figures** (this script, SQLite, 20 nights, 5,760 deals played; Kendall's
tau with the true order, the rating's then the average's):

    after  4 nights  0.699  0.631
    after  8 nights  0.785  0.724
    after 12 nights  0.791  0.754
    after 16 nights  0.809  0.778
    after 20 nights  0.851  0.832
    whole club recomputed: 5,760 rating updates in 0.49 s CPU
    one night: its 6 rounds rated as they closed in 62 ms CPU (median; the
    most 79 ms); the last night worked out again alone in 31 ms CPU

All targets met.  The model (``tournaments/game/ratings.py``): each round
the pairs' match on their round scores with openskill's margin of victory
(10 points), then each set bid a match its bidder loses to their partner
by the points lost (margin 5); Plackett-Luce, ``beta`` 25/3.

**How it was chosen.**  The same bots, the same up-and-down movement and
20 nights, in eight seasons simulated without the database (plain engine and
``tournaments.game.movement``), rated in Python with openskill; the mean
tau over the eight seasons after 4, 8, 12, 16 and 20 nights, and at how many
of the 40 checkpoints the rating was not above the average:

    season's average score per round           0.677 0.767 0.797 0.832 0.846
    the old model: a round won, drawn or lost  0.536 0.621 0.688 0.710 0.717  40/40
      (openskill's defaults)
    the same with the round scores as scores   0.553 0.662 0.717 0.754 0.763  39/40
      (margin 20)
    each deal a match (won or lost, or bid     0.29 to 0.66 at 20 nights      all
      made or set; the bidder weighted by        (four seasons)
      openskill's ``weights``)
    the four players ranked by their own       0.693 0.786 0.812 0.836 0.853  16/40
      round score, own set bids counted
      twice against them (margin 10,
      beta 25/3); the same deal by deal, or
      with Thurstone-Mosteller or Bradley-Terry: no better
    pairs' match (margin 10), then each set    0.742 0.814 0.844 0.859 0.873   2/40
      bid a partner-bidder match (margin 5)
      -- kept; its set matches' margin 3, 7
      or 10: 14, 7 and 10 of 40 missed

Four further seasons, not used in choosing: the kept model 0.715 0.796
0.820 0.849 0.863, the average 0.673 0.744 0.790 0.799 0.823; 1 of the 20
checkpoints missed (one season after 4 nights, by 0.008).  So the rating
leads the average in general, but a season may still see it level or just
behind at one checkpoint, most likely the first.

What lets the rating pass the average: the points of a round and, above
all, who in the pair made the bid that went set (a careless player shows
most in overbidding; the pair's score shares that with the partner, who
did nothing wrong).  As plain means over the season, a player's own score
with their set bids' points counted once more orders them at 0.88 after 20
nights (the average: 0.85), so some of that is still left on the table:
rank-based updates keep less of the points than a mean does.  On the
four-player ranking, ``tau`` (the model's dynamics) 0, openskill's
``balance`` or a smaller starting ``sigma`` changed nothing to the second
decimal.

    python bench/ratings_skill.py            # SQLite, a temporary file
    python bench/ratings_skill.py --nights 4 # shorter, to check the script
    DATABASE_URL=postgres://... python bench/ratings_skill.py
        # PostgreSQL: creates and drops the database bench_post_<pid> there
"""

from __future__ import annotations

import argparse
import datetime
import random
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from post_result import run_on_throwaway_database  # noqa: E402
from ratings_recompute import kendall_tau  # noqa: E402

from scoring.rules import new_deal, validate_result  # noqa: E402
from scoring.rules.bots import HeuristicBot, RandomBot, play_deal  # noqa: E402

MEMBERS = 48
NIGHTS = 20
CHECK_EVERY = 4
#: The worst member's chance of a random move (the best member's is 0).
WORST_MISTAKES = 0.60
TARGET_TAU = 0.7
TARGET_WHOLE_S = 5.0
TARGET_NIGHT_MS = 100.0


class ErringBot:
    """The heuristic bot, but each move, with chance ``mistakes``, a random
    legal action instead."""

    name = "erring"

    def __init__(self, mistakes: float, seed: int) -> None:
        self.mistakes = mistakes
        self._rng = random.Random(seed)
        self._heuristic = HeuristicBot(seed)
        self._random = RandomBot(seed + 1)

    def choose(self, state) -> str:
        if self._rng.random() < self.mistakes:
            return self._random.choose(state)
        return self._heuristic.choose(state)


def play_table_deal(rs, deal: int, names: list[str], bots: list[ErringBot], seed: int) -> dict:
    """One deal played by ``bots`` with the engine; its record, checked by the
    validator with its action log, as an online table checks it."""
    state = new_deal(rs, dealer=(deal - 1) % 4, seed=seed)
    deck = list(state.to_json()["deck"])
    play_deal(state, bots)
    record = state.record()
    record.update(
        deal=deal,
        players=names,
        log={"dealer": state.dealer, "deck": deck, "actions": list(state.log)},
    )
    errors = validate_result(rs, record)
    if errors:
        raise AssertionError(f"a played deal fails the validator: {errors}")
    return record


class Timer:
    """CPU time spent inside one function, wrapped where it is looked up."""

    def __init__(self, module, name: str) -> None:
        self.total = 0.0
        inner = getattr(module, name)

        def timed(**kwargs):
            start = time.process_time()
            try:
                return inner(**kwargs)
            finally:
                self.total += time.process_time() - start

        setattr(module, name, timed)


def cpu(call) -> tuple[float, object]:
    start = time.process_time()
    result = call()
    return time.process_time() - start, result


def run_club(nights: int) -> int:
    from django.contrib.auth import get_user_model

    from scoring.services.deals import party_entry
    from tournaments import selectors, services
    from tournaments.clubs import selectors as club_selectors
    from tournaments.clubs.services import ratings as rating_services
    from tournaments.clubs.services import seasons as season_services
    from tournaments.game.standings import table_round_winner
    from tournaments.models import Club, ClubRole, DealResult, Member, Role
    from tournaments.services import rounds as round_services

    host = get_user_model().objects.create_user(username="bench-host", password="bench-pw-1")
    club = Club.objects.create(name="Bench club", slug="bench-club", created_by=host)
    ClubRole.objects.create(club=club, user=host, role=Role.ORGANISER)
    members = [Member.objects.create(club=club, name=f"Member {i:02d}") for i in range(MEMBERS)]
    mistakes = {m.pk: WORST_MISTAKES * i / (MEMBERS - 1) for i, m in enumerate(members)}
    skill = {pk: -chance for pk, chance in mistakes.items()}
    season = season_services.season_create(club=club, name="Bench season", best_of=None, user=host)
    closing = Timer(round_services, "ratings_round_closed")
    rng = random.Random(2026)
    first_date = datetime.date(2026, 1, 6)
    missed = []
    taus = []
    started = time.perf_counter()
    deals_played = 0
    nights_ms = []
    parties = []
    print(
        f"ratings_skill: {MEMBERS} members (random moves 0-{WORST_MISTAKES:.0%}), "
        f"{nights} nights, every deal played by the engine's bots"
    )
    for night in range(nights):
        date = first_date + datetime.timedelta(days=7 * night)
        party = services.party_create(
            owner=host, name=f"Club night {night + 1}", date=date, club=club, season=season
        )
        parties.append(party)
        rs = services.party_ruleset(party)
        for member in rng.sample(members, len(members)):
            services.player_register(party=party, name=member.name, user=host, member=member)
        rnd = services.round1_seat_draw(party=party, seed=night, user=host)
        closing.total = 0.0
        for number in range(1, party.planned_rounds + 1):
            seated = defaultdict(lambda: [None] * 4)
            for seat in rnd.seats.select_related("player"):
                seated[seat.table][seat.seat] = seat.player
            for table, players in sorted(seated.items()):
                names = [p.name for p in players]
                scores, entries = [], {}
                for deal in range(1, party.deals_per_round + 1):
                    seed = rng.randrange(2**31)
                    bots = [
                        ErringBot(mistakes[p.member_id], seed + 7 * s)
                        for s, p in enumerate(players)
                    ]
                    record = play_table_deal(rs, deal, names, bots, seed)
                    entries[deal] = party_entry(record)
                    scores.append(tuple(record["tally"]))
                    deals_played += 1
                # The table's tally card, copied in by the host in one go.
                services.table_results_enter(round=rnd, table=table, deals=entries, user=host)
                if table_round_winner(scores) is None:
                    services.table_record_cut(
                        round=rnd, table=table, team=rng.randrange(2), user=host
                    )
            rnd = services.round_close(
                round=rnd, user=host, seat_next=number < party.planned_rounds
            )
        nights_ms.append(closing.total * 1000)
        if (night + 1) % CHECK_EVERY == 0 or night + 1 == nights:
            # The organisers' season table: each member's rating after their
            # last night (as the pages show it, mu - 2 sigma) and their average
            # score a night (every member plays every round of every night, so
            # it orders them as the average a round does).
            lines = club_selectors.season_table(season, public=False).rows
            rated = [line for line in lines if line.rating is not None]
            truth = [skill[line.member_id] for line in rated]
            tau_rating = kendall_tau(truth, [line.rating for line in rated])
            tau_average = kendall_tau(truth, [float(line.average) for line in rated])
            taus.append((night + 1, tau_rating, tau_average))
            print(
                f"  after {night + 1:2d} nights ({deals_played:,} deals played, "
                f"{time.perf_counter() - started:.0f} s): Kendall tau with the true skill: "
                f"rating {tau_rating:.3f}, season average score {tau_average:.3f}"
            )
            if tau_rating <= tau_average:
                missed.append(f"rating's tau not above the average's after {night + 1} nights")
    if nights == NIGHTS and taus[-1][1] < TARGET_TAU:
        missed.append(f"rating's tau below {TARGET_TAU} after {NIGHTS} nights")

    whole, rows = cpu(
        lambda: rating_services.ratings_recompute(club_id=club.pk, since=parties[0].date)
    )
    print(f"  whole club recomputed: {rows:,} rating updates in {whole:.2f} s CPU")
    again, rows_night = cpu(
        lambda: rating_services.ratings_recompute(club_id=club.pk, since=parties[-1].date)
    )
    night_ms = statistics.median(nights_ms)
    print(
        f"  one night applied: its {party.planned_rounds} rounds rated as they closed in "
        f"{night_ms:.0f} ms CPU (median of the {len(nights_ms)} nights; first "
        f"{nights_ms[0]:.0f}, last {nights_ms[-1]:.0f}, most {max(nights_ms):.0f}); the last "
        f"night worked out again alone ({rows_night} rating updates) in {again * 1000:.0f} ms CPU"
    )
    if whole > TARGET_WHOLE_S:
        missed.append(f"whole recompute above {TARGET_WHOLE_S} s")
    if night_ms > TARGET_NIGHT_MS:
        missed.append(f"one night above {TARGET_NIGHT_MS} ms")
    rounds = DealResult.objects.filter(round__party__club=club).count()
    assert rounds == deals_played, (rounds, deals_played)
    board = selectors.round_board(parties[-1], party.planned_rounds)
    assert len(board.tables) == MEMBERS // 4
    for problem in missed:
        print(f"  TARGET MISSED: {problem}")
    return 1 if missed else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nights", type=int, default=NIGHTS)
    nights = parser.parse_args().nights
    status = []
    run_on_throwaway_database(lambda engine: status.append(run_club(nights)))
    sys.exit(status[0] if status else 2)


if __name__ == "__main__":
    main()
