"""Parties made through the services, and their rounds played with random legal results."""

from __future__ import annotations

import contextlib
import datetime
import random
from collections.abc import Iterator

from django.apps import apps
from django.contrib.auth import get_user_model

from pedroparty.celery import app
from tournaments import selectors, services
from tournaments.clubs.services import clubs as club_services
from tournaments.game.standings import table_round_winner
from tournaments.models import Club, ClubRole, DealResult, Party, Role, TableRound

NAMES = ["Élodie", "Beñat", "Núñez", "O'Brien", "Zoë", "Ana", "Bea", "Cruz", "Dee", "Eli"]


@contextlib.contextmanager
def tasks_in_process() -> Iterator[None]:
    """Celery tasks run in this process at ``.delay()``, even with REDIS_URL set."""
    saved = app.conf.task_always_eager, app.conf.task_eager_propagates
    app.conf.task_always_eager = app.conf.task_eager_propagates = True
    try:
        yield
    finally:
        app.conf.task_always_eager, app.conf.task_eager_propagates = saved


#: The hosts the tests sign in as: the ``host`` fixture's and ``other_host``'s.
HOST_PASSWORDS = {"hostess": "cards-and-wine-1", "rival": "cards-and-wine-2"}


def make_host(username: str = "hostess"):
    """The user ``username`` of ``HOST_PASSWORDS``, with its password."""
    return get_user_model().objects.create_user(
        username=username, password=HOST_PASSWORDS[username]
    )


def make_party(owner, players: int = 8, club: Club | None = None, **options) -> Party:
    """A party hosted by ``owner`` (of ``club``, if given) with ``players``
    registered, named from ``NAMES`` first; ``options`` are its settings."""
    party = services.party_create(
        owner=owner,
        name="Spring Card Party",
        date=datetime.date(2026, 4, 18),
        venue="Parish hall",
        settings=services.PartySettings(prizes=["Wine", "Chocolates", "Deck of cards"], **options),
        club=club,
    )
    for i in range(players):
        name = NAMES[i] if i < len(NAMES) else f"Player {i + 1}"
        services.player_register(party=party, name=name, user=owner)
    party.refresh_from_db()
    return party


def make_table_night(owner, *, name: str = "Table night", seed: int = 4) -> TableRound:
    """Table 1 of round 1, drawn with ``seed``, of a party with table-side
    entry on and four players: Ana, Bea, Cruz and Dee."""
    party = services.party_create(
        owner=owner,
        name=name,
        date=datetime.date(2026, 5, 8),
        settings=services.PartySettings(tableside_entry=True),
    )
    for player in ("Ana", "Bea", "Cruz", "Dee"):
        services.player_register(party=party, name=player, user=owner)
    rnd = services.round1_seat_draw(party=party, seed=seed, user=owner)
    return TableRound.objects.get(round=rnd, table=1)


def play_round(party: Party, rnd, user, rng: random.Random) -> None:
    """Enter every deal of every table of ``rnd`` with random legal results."""
    rs = services.party_ruleset(party)
    for table in sorted(set(rnd.seats.values_list("table", flat=True))):
        for deal in range(1, party.deals_per_round + 1):
            services.result_record(
                round=rnd,
                table=table,
                deal=deal,
                entry=services.DealEntry(
                    bidder=rng.randrange(4),
                    bid=rng.randrange(rs.min_bid, rs.max_bid + 1),
                    bidding_team_points=rng.randrange(rs.total_points + 1),
                ),
                user=user,
            )


def deal_enter(party: Party, rnd, table: int, deal: int, host) -> DealResult:
    """Deal ``deal`` of ``table`` made at the lowest bid, its points split
    near half (one more on odd deals), bid by the seat ``deal`` mod 4."""
    rs = services.party_ruleset(party)
    return services.result_record(
        round=rnd,
        table=table,
        deal=deal,
        entry=services.DealEntry(
            bidder=deal % 4, bid=rs.min_bid, bidding_team_points=rs.total_points // 2 + deal % 2
        ),
        user=host,
    )


def tied_table(host, **options):
    """Round 1 of four players, whose one deal at table 1 left both teams
    level: the round needs a cut.  ``options`` are the party's settings.
    Returns the party and the round."""
    party = make_party(host, players=4, **options)
    rnd = services.round1_seat_draw(party=party, seed=4, user=host)
    rs = services.party_ruleset(party)
    row = services.result_record(
        round=rnd,
        table=1,
        deal=1,
        entry=services.DealEntry(
            bidder=0, bid=rs.min_bid, bidding_team_points=rs.total_points // 2
        ),
        user=host,
    )
    assert row.score0 == row.score1, "the deal must tie"
    return party, rnd


def make_club(owner, slug: str = "parish-club", name: str = "Parish Card Club") -> Club:
    """A club with ``owner`` as its organiser."""
    club = Club.objects.create(name=name, slug=slug, created_by=owner)
    ClubRole.objects.create(club=club, user=owner, role=Role.ORGANISER)
    return club


#: The visitors of the roles tests, from nobody to the party's owner.
VISITORS = ["anonymous", "stranger", "door", "scorer", "organiser", "owner"]
#: Their roles in the club, for those who have one.
CLUB_ROLES = {"door": Role.DOOR, "scorer": Role.SCORER, "organiser": Role.ORGANISER}


def club_cast(players: int) -> tuple[dict, Club, Party]:
    """A club's party of ``players`` and the users of ``VISITORS`` but the
    anonymous one, each named for their part: the organiser made the club,
    the door helper and the scorer hold their roles in it, and the owner
    ("hostess", no role in the club) hosts the party, put in the club as
    the site's admin would."""
    make = get_user_model().objects.create_user
    users = {who: make(username=who, password=f"pw-{who}-1") for who in VISITORS[1:-1]}
    users["owner"] = make_host()
    club = club_services.club_create(name="Parish Card Club", user=users["organiser"])
    for who in ("door", "scorer"):
        ClubRole.objects.create(club=club, user=users[who], role=CLUB_ROLES[who])
    party = make_party(users["owner"], players=players)
    Party.objects.filter(pk=party.pk).update(club=club)
    party.refresh_from_db()
    return users, club, party


def make_club_party(
    owner, club: Club, names=(), date: datetime.date = datetime.date(2026, 4, 18), **options
) -> Party:
    """A party of ``club`` on ``date``, with ``names`` registered in that order."""
    party = services.party_create(
        owner=owner,
        name=f"{club.name} {date:%B %d}",
        date=date,
        venue="Parish hall",
        settings=services.PartySettings(**options),
    )
    Party.objects.filter(pk=party.pk).update(club=club)
    party.refresh_from_db()
    for name in names:
        services.player_register(party=party, name=name, user=owner)
    party.refresh_from_db()
    return party


def play_party(party: Party, user, rounds: int = 2, seed: int = 7) -> Party:
    """Seat round 1 and play and close ``rounds`` rounds with random legal results."""
    rng = random.Random(seed)
    rnd = services.round1_seat_draw(party=party, seed=seed, user=user)
    for number in range(1, rounds + 1):
        play_round(party, rnd, user, rng)
        for line in selectors.round_board(party, rnd.number).tables:
            if table_round_winner([d.score for d in line.deals]) is None:
                services.table_record_cut(round=rnd, table=line.number, team=0, user=user)
        rnd = services.round_close(round=rnd, user=user, seat_next=number < rounds)
    party.refresh_from_db()
    return party


def snapshot() -> dict[str, list[dict]]:
    """Every row of every tournaments table, and the users."""
    rows = {
        model.__name__: list(model.objects.order_by("pk").values())
        for model in apps.get_app_config("tournaments").get_models()
    }
    rows["users"] = list(get_user_model().objects.order_by("pk").values("pk", "username"))
    return rows
