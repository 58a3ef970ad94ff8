"""Two organisers at once: a party joins one season only, a season's name is
taken once, and the loser is told.

Real threads, each on its own database connection, so a transactional test
database: on PostgreSQL ``SELECT ... FOR UPDATE`` makes the writers queue;
on SQLite they serialize on the database lock."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from tests.tournaments.builders import make_party
from tournaments import services
from tournaments.clubs.services import seasons as season_services
from tournaments.errors import UserError
from tournaments.models import Club, ClubRole, Party, Season

ORGANISERS = 8

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def club(host) -> Club:
    club = Club.objects.create(name="Card club", slug="card-club", created_by=host)
    ClubRole.objects.create(club=club, user=host, role="organiser")
    return club


def race(work) -> list[object]:
    """Run ``work(i)`` in ORGANISERS threads released at once; their outcomes."""
    barrier = threading.Barrier(ORGANISERS)
    outcomes: list[object] = [None] * ORGANISERS

    def run(i: int) -> None:
        try:
            barrier.wait(timeout=30)
            outcomes[i] = work(i) or "done"
        except Exception as exc:  # every outcome is checked by the caller
            outcomes[i] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(ORGANISERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not any(thread.is_alive() for thread in threads)
    return outcomes


def test_a_party_added_to_two_seasons_at_once_joins_one(club, host):
    party = make_party(host)
    Party.objects.filter(pk=party.pk).update(club=club)
    seasons = [
        season_services.season_create(club=club, name=name, best_of=None, user=host)
        for name in ("Spring", "Summer")
    ]
    versions = {s.pk: Season.objects.get(pk=s.pk).version for s in seasons}

    outcomes = race(
        lambda i: season_services.season_party_add(season=seasons[i % 2], party=party, user=host)
    )

    done = [i for i, o in enumerate(outcomes) if o == "done"]
    refused = [o for o in outcomes if isinstance(o, UserError)]
    assert len(done) == 1 and len(refused) == ORGANISERS - 1, outcomes
    winner = seasons[done[0] % 2]
    assert Party.objects.get(pk=party.pk).season_id == winner.pk
    for season in seasons:
        bumped = Season.objects.get(pk=season.pk).version - versions[season.pk]
        assert bumped == (1 if season == winner else 0)


def test_one_season_name_made_twice_at_once_is_made_once(club, host):
    outcomes = race(
        lambda i: season_services.season_create(club=club, name="Winter", best_of=None, user=host)
    )
    made = [o for o in outcomes if isinstance(o, Season)]
    refused = [o for o in outcomes if isinstance(o, UserError)]
    assert len(made) == 1 and len(refused) == ORGANISERS - 1, outcomes
    assert all("already has a season" in error.errors["name"] for error in refused)
    assert Season.objects.filter(club=club, name="Winter").count() == 1


def test_results_and_an_organiser_moving_the_party_never_wait_on_each_other(club, host):
    """A result locks the party, then bumps its season; taking the party out
    of the season (or back in) locks them in the same order, so neither
    waits on the other for ever (a deadlock PostgreSQL would end with an
    error for one of them)."""
    party = make_party(host, players=16)
    Party.objects.filter(pk=party.pk).update(club=club)
    season = season_services.season_create(club=club, name="Autumn", best_of=None, user=host)
    season_services.season_party_add(season=season, party=party, user=host)
    rnd = services.round1_seat_draw(party=party, seed=5, user=host)

    def work(i: int) -> None:
        if i == 1:  # one organiser, taking the party out and back in
            for _ in range(5):
                season_services.season_party_remove(season=season, party=party, user=host)
                season_services.season_party_add(season=season, party=party, user=host)
            return
        if i % 2:
            return
        table = i // 2 + 1
        for deal in range(1, 4):
            services.result_record(
                round=rnd,
                table=table,
                deal=deal,
                entry=services.DealEntry(bidder=0, bid=8, bidding_team_points=10),
                user=host,
            )

    outcomes = race(work)
    failed = [o for o in outcomes if o != "done"]
    assert failed == [], failed
    assert Party.objects.get(pk=party.pk).season_id == season.pk
