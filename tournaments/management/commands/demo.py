"""``python manage.py demo``: a host account and a party in progress to look at.

Creates the host ``demo`` (password ``pedro-demo``) and "Demo Card Night":
14 players at 3 tables (two sit out each round), rounds 1 and 2 played and
closed, round 3 seated with a few deals entered.  The night is the third of
the "Monterey Pedro Club"'s autumn season: two earlier nights, four and two
weeks before, were played to the end by 12 of the same players, so the
club's members, their histories and the season's standings have something
to show.  Every deal was played to
the end by the rules engine's bots and its record went through
``services.result_record``, so every number on the pages passed the
validator.  Running it again creates nothing new; it prints the sign-in
details either way.  The password is published, so the command runs only
with ``DJANGO_DEBUG=true`` (as ``make run`` sets).

``python manage.py demo --off`` (``make demo-off``) deactivates the demo host
instead, so that ``make party`` serves the hall: the demo's party stays, and
``make run`` (or ``make demo``) turns the host back on.
"""

from __future__ import annotations

import datetime

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.utils import timezone

from pedroparty.demo_host import PASSWORD, USERNAME
from pedroparty.links import absolute_url
from scoring.rules import new_deal
from scoring.rules.bots import HeuristicBot, play_deal
from tournaments import selectors, services
from tournaments.game.standings import needs_cut
from tournaments.models import Club, Party, Round, Season

from ...clubs.services import clubs as club_services
from ...clubs.services import seasons as season_services

PARTY_NAME = "Demo Card Night"
PLAYERS = [
    "Rosa Ferrante",
    "Sal Cerrito",
    "Siobhán O'Brien",
    "José Núñez",
    "Marguerite D'Amato",
    "Frank Lucido",
    "Élodie Marchetti",
    "Tony Bruno",
    "Dolores Peña",
    "Walt Amaral",
    "Connie Spadaro",
    "Beñat Etxeberria",
    "Zoë Castellano",
    "Nick Lo Coco",
]
PRIZES = [
    "Bottle of Carmel Valley red",
    "Dinner for two on the Wharf",
    "Box of See's chocolates",
    "Deck of Pedro cards",
]
DRAW_SEED = 1957
CLUB_NAME = "Monterey Pedro Club"
SEASON_NAME = "Autumn season"
#: The season counts each member's best nights, this many.
SEASON_BEST_OF = 2
#: The season's earlier nights: (days before today, players, rounds played).
EARLIER_NIGHTS = [(28, 12, 3), (14, 12, 3)]
#: Round 3 is in play: deals entered so far at each table.
ROUND3_DEALS = {1: 2, 2: 3, 3: 1}


class Command(BaseCommand):
    help = "Create the demo host and a demo party in progress (idempotent; DEBUG only)."

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--off",
            action="store_true",
            help="deactivate the demo host (its password is public) before serving a hall",
        )

    def handle(self, *args, **options) -> None:
        if options["off"]:
            turned_off = demo_host_off()
            self.stdout.write(
                f'The demo host "{USERNAME}" is '
                + ("deactivated." if turned_off else "not active: nothing to do.")
            )
            return
        if not settings.DEBUG:
            raise CommandError(
                f"The demo host's password ({PASSWORD}) is public: run this only with "
                "DJANGO_DEBUG=true, as `make run` does."
            )
        with transaction.atomic():
            user = demo_host()
            party = Party.objects.filter(owner=user, name=PARTY_NAME).first()
            created = party is None
            if created:
                season = demo_season_create(user)
                party = demo_party_create(user, season)
        current = party.rounds.order_by("-number").first()
        state = "created" if created else "already there"
        where = f"round {current.number} in play" if current else party.get_status_display()
        # `make run` sets PEDROPARTY_BASE_URL to its development server's address.
        sign_in = absolute_url(None, "login")
        dashboard = absolute_url(None, "host:dashboard", kwargs={"slug": party.slug})
        club = (
            absolute_url(None, "club:detail", kwargs={"club": party.club.slug})
            if party.club
            else ""
        )
        self.stdout.write(
            f'Demo party "{party.name}" ({state}): {party.players.count()} players, {where}.\n'
            f"Sign in at {sign_in}\n"
            f"  username: {USERNAME}\n"
            f"  password: {PASSWORD}\n"
            f"Then open {dashboard}" + (f"\nThe club and its season: {club}" if club else "")
        )


def demo_host():
    """The demo host, with the published password (reset if it was changed)."""
    user, _ = get_user_model().objects.get_or_create(username=USERNAME)
    if not user.check_password(PASSWORD) or not user.is_active:
        user.set_password(PASSWORD)
        user.is_active = True
        user.save()
    return user


def demo_host_off() -> bool:
    """Deactivates the demo host; False when there was no active one."""
    return bool(
        get_user_model().objects.filter(username=USERNAME, is_active=True).update(is_active=False)
    )


def demo_season_create(user) -> Season:
    """The demo club's season, with its two earlier nights played to the end."""
    club = Club.objects.filter(created_by=user, name=CLUB_NAME).first()
    if club is None:
        club = club_services.club_create(name=CLUB_NAME, user=user)
    season = club.seasons.filter(name=SEASON_NAME).first()
    if season is None:
        season = season_services.season_create(
            club=club, name=SEASON_NAME, best_of=SEASON_BEST_OF, user=user
        )
        for number, (days_before, players, rounds) in enumerate(EARLIER_NIGHTS, start=1):
            party = services.party_create(
                owner=user,
                name=f"{CLUB_NAME}, night {number}",
                date=timezone.localdate() - datetime.timedelta(days=days_before),
                venue="Parish hall, Monterey",
                settings=services.PartySettings(prizes=PRIZES),
                club=club,
                season=season,
            )
            _night_play(party, PLAYERS[:players], rounds=rounds, seed=DRAW_SEED + number, user=user)
            services.party_finish(party=party, user=user)
            _prizes_pick(party, user)
    return season


def _prizes_pick(party: Party, user) -> None:
    """Each winner in turn takes the first prize still on the table."""
    prizes = list(party.prizes.filter(kind="place").order_by("position"))
    for turn, prize in zip(selectors.prize_order(party), prizes, strict=False):
        player = party.players.get(pk=turn.player)
        services.prize_pick(party=party, player=player, prize=prize, user=user)


def demo_party_create(user, season: Season | None = None) -> Party:
    """Demo Card Night, played by the bots through the services up to round 3,
    as a night of ``season`` (and its club) if one is given."""
    party = services.party_create(
        owner=user,
        name=PARTY_NAME,
        date=timezone.localdate(),
        venue="Parish hall, Monterey",
        settings=services.PartySettings(ruleset="monterey-draw", planned_rounds=6, prizes=PRIZES),
        club=season.club if season else None,
        season=season,
    )
    rnd = _night_play(party, PLAYERS, rounds=2, seed=DRAW_SEED, user=user)
    for table in _tables(rnd):
        _table_play(party, rnd, table, range(1, ROUND3_DEALS.get(table, 0) + 1), user)
    party.refresh_from_db()
    return party


def _night_play(party: Party, players: list[str], *, rounds: int, seed: int, user) -> Round:
    """Register ``players``, seat them by a draw and play ``rounds`` rounds to
    their close; the next round, seated by the movement, is returned."""
    for name in players:
        services.player_register(party=party, name=name, user=user)
    rnd = services.round1_seat_draw(party=party, seed=seed, user=user)
    for _ in range(rounds):
        for table in _tables(rnd):
            _table_play(party, rnd, table, range(1, party.deals_per_round + 1), user)
        _cuts_record(party, rnd, user)
        rnd = services.round_close(round=rnd, user=user)
    return rnd


def _tables(rnd: Round) -> list[int]:
    return sorted(rnd.tables.values_list("table", flat=True))


def _table_play(party: Party, rnd: Round, table: int, deals: range, user) -> None:
    """Let four bots play ``deals`` at ``table`` and enter each record."""
    rs = services.party_ruleset(party)
    for deal in deals:
        seed = 10_000 * rnd.number + 100 * table + deal
        state = new_deal(rs, dealer=(deal - 1) % 4, seed=seed)
        play_deal(state, [HeuristicBot(seed=seed * 4 + seat) for seat in range(4)])
        record = state.record()
        services.result_record(
            round=rnd,
            table=table,
            deal=deal,
            entry=services.DealEntry(
                bidder=record["bidder"],
                bid=record["bid"],
                trump=record["trump"],
                bidding_team_points=record["bidding_team_points"],
                cards=record["cards"],
                tally=record["tally"],
            ),
            user=user,
        )


def _cuts_record(party: Party, rnd: Round, user) -> None:
    """A table still tied after the tie-breaks gets a cut of the cards."""
    for line in selectors.round_board(party, rnd.number).tables:
        if needs_cut([d.score for d in line.deals]):
            team = (rnd.number + line.number) % 2
            services.table_record_cut(round=rnd, table=line.number, team=team, user=user)
