"""``manage.py demo``: the demo host and a bot-played party in progress, once."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from scoring.rules import validate_result
from tournaments import selectors, services
from tournaments.clubs import selectors as club_selectors
from tournaments.models import (
    AuditEntry,
    Club,
    DealResult,
    Member,
    Party,
    Player,
    Prize,
    Round,
    Season,
    Seat,
    SitOut,
    TableRound,
)

pytestmark = pytest.mark.django_db

SIGN_IN = "http://127.0.0.1:8000/accounts/login/"


@pytest.fixture
def debug_on(settings):
    """As `make run` sets: debug on, the development server's address."""
    settings.DEBUG = True
    settings.PEDROPARTY_BASE_URL = "http://127.0.0.1:8000"


def run_demo() -> str:
    out = io.StringIO()
    call_command("demo", stdout=out)
    return out.getvalue()


def demo_party() -> Party:
    return Party.objects.get(owner__username="demo", name="Demo Card Night")


def test_prints_the_credentials_and_sign_in_url(debug_on):
    text = run_demo()
    assert SIGN_IN in text
    assert "username: demo" in text and "password: pedro-demo" in text
    assert f"http://127.0.0.1:8000/host/{demo_party().slug}/" in text
    user = get_user_model().objects.get(username="demo")
    assert user.check_password("pedro-demo") and user.is_active and not user.is_staff


def test_builds_a_party_in_round_3(debug_on):
    run_demo()
    party = demo_party()
    assert (party.ruleset, party.status) == ("monterey-draw", Party.Status.RUNNING)
    names = list(party.players.values_list("name", flat=True))
    assert len(names) == 14
    assert any("'" in name for name in names)
    assert any(not name.isascii() for name in names)
    assert list(party.prizes.values_list("kind", flat=True)) == [Prize.Kind.PLACE] * 4
    rounds = list(party.rounds.order_by("number").values_list("number", "status", "seating"))
    assert rounds == [
        (1, Round.Status.CLOSED, Round.Seating.DRAW),
        (2, Round.Status.CLOSED, Round.Seating.MOVEMENT),
        (3, Round.Status.OPEN, Round.Seating.MOVEMENT),
    ]
    for rnd in party.rounds.all():
        assert rnd.seats.count() == 12 and rnd.sitouts.count() == 2
        assert sorted(rnd.tables.values_list("table", flat=True)) == [1, 2, 3]
    closed = TableRound.objects.filter(round__party=party, round__status=Round.Status.CLOSED)
    assert closed.count() == 6 and not closed.filter(winner__isnull=True).exists()
    per_round = {
        n: DealResult.objects.filter(round__party=party, round__number=n, is_current=True).count()
        for n in (1, 2, 3)
    }
    assert per_round[1] == per_round[2] == 12
    assert 0 < per_round[3] < 12
    # Sit-outs rotate: four different players sat out rounds 1 and 2.
    assert SitOut.objects.filter(round__party=party, round__number__lte=2).count() == 4
    assert len(set(SitOut.objects.filter(round__party=party).values_list("player", flat=True))) > 2
    standings = selectors.party_standings(party)
    assert len(standings.rows) == 14 and standings.rows[0].score > standings.rows[-1].score


def test_the_night_is_the_third_of_a_club_season(debug_on):
    """Two earlier nights of the club, finished with their prizes picked, and
    tonight, all in one season whose members are the players of the nights."""
    text = run_demo()
    party = demo_party()
    season = party.season
    assert party.club == season.club and season.club.name == "Monterey Pedro Club"
    nights = list(season.parties.order_by("date"))
    assert len(nights) == 3 and nights[-1] == party
    assert [night.status for night in nights[:2]] == [Party.Status.FINISHED] * 2
    assert all(night.prizes.filter(awards__isnull=False).exists() for night in nights[:2])
    assert not Player.objects.filter(party__in=nights, member__isnull=True).exists()
    table = club_selectors.season_table(season)
    assert {line.name for line in table.rows} == set(party.players.values_list("name", flat=True))
    regulars = [line for line in table.rows if line.parties == 3]
    assert len(regulars) == 12 and all(line.nights_counted == 2 for line in regulars)
    club_url = reverse("club:detail", kwargs={"club": season.club.slug})
    assert f"The club and its season: http://127.0.0.1:8000{club_url}" in text


def test_running_twice_creates_nothing_new(debug_on):
    models = [get_user_model(), Party, Player, Prize, Round, Seat, SitOut, TableRound, DealResult]
    models += [Club, Member, Season]
    run_demo()
    before = {model: model.objects.count() for model in models + [AuditEntry]}
    version = demo_party().version
    text = run_demo()
    assert {model: model.objects.count() for model in models + [AuditEntry]} == before
    assert demo_party().version == version
    assert "password: pedro-demo" in text and "already there" in text


def test_a_changed_demo_password_is_put_back(debug_on):
    run_demo()
    user = get_user_model().objects.get(username="demo")
    user.set_password("something-else")
    user.save()
    run_demo()
    user.refresh_from_db()
    assert user.check_password("pedro-demo")


def test_every_stored_result_revalidates(debug_on):
    run_demo()
    party = demo_party()
    rs = services.party_ruleset(party)
    results = list(DealResult.objects.filter(round__party=party).select_related("round"))
    assert len(results) == 30
    for result in results:
        # The bots' records carried the point cards and the tally: both were checked.
        assert result.trump and result.cards and result.tally == [result.score0, result.score1]
        players = [
            name
            for _, name in sorted(
                Seat.objects.filter(round=result.round, table=result.table).values_list(
                    "seat", "player__name"
                )
            )
        ]
        record = {
            "deal": result.deal,
            "dealer": (result.deal - 1) % 4,
            "players": players,
            "bidder": result.bidder,
            "bid": result.bid,
            "trump": result.trump,
            "bidding_team_points": result.bidding_team_points,
            "cards": result.cards,
            "tally": result.tally,
        }
        assert validate_result(rs, record) == [], record
    assert len({r.bid for r in results}) > 1 and len({r.bidder for r in results}) == 4


def test_refuses_to_run_without_debug(settings):
    settings.DEBUG = False
    with pytest.raises(CommandError, match="DJANGO_DEBUG=true"):
        call_command("demo", stdout=io.StringIO())
    assert not get_user_model().objects.filter(username="demo").exists()
    assert not Party.objects.exists()


def test_demo_off_deactivates_the_host_that_keeps_the_hall_from_serving(settings):
    """`make demo-off`, as the hall's refusal says: works with DEBUG off too."""
    from pedroparty.serve import Refused, demo_refuse
    from tournaments.management.commands.demo import demo_host

    settings.DEBUG = False
    demo_host()
    with pytest.raises(Refused, match="make demo-off"):
        demo_refuse()
    out = io.StringIO()
    call_command("demo", off=True, stdout=out)
    assert "deactivated" in out.getvalue()
    assert not get_user_model().objects.get(username="demo").is_active
    demo_refuse()  # the hall may be served now
    out = io.StringIO()
    call_command("demo", off=True, stdout=out)
    assert "nothing to do" in out.getvalue()
