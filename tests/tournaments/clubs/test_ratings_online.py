"""Online games in a club's ratings: a finished casual table where club
members had seats is one match between its two teams; bots play with the
fixed rating of their level and are never rated; a recompute from scratch
gives exactly the rows kept game by game."""

from __future__ import annotations

import datetime
import re
from dataclasses import replace

import pytest
from django.urls import reverse
from django.utils import timezone

from scoring import services as play
from scoring.models import OnlineDeal, OnlineSeat, OnlineTable
from scoring.rules.bots import HeuristicBot, RandomBot
from scoring.services import PlayError, SeatSpec
from tests.scoring.builders import run_bots, seats_of, state_of
from tests.tournaments.builders import make_club, make_club_party, play_party, tasks_in_process
from tournaments import services
from tournaments.clubs.services import members as member_services
from tournaments.clubs.services import ratings as rating_services
from tournaments.errors import UserError
from tournaments.game import ratings
from tournaments.models import Club, ClubRole, Member, RatingUpdate, Role

EIGHT = ["John Smith", "Zoë", "Ana", "Bea", "Cruz", "Dee", "Eli", "Fay"]


@pytest.fixture
def club(host):
    return make_club(host)


def members(club: Club, *names: str) -> list[Member]:
    return [Member.objects.get_or_create(club=club, name=name)[0] for name in names]


def online_game(
    user, seats, *, deals: int = 2, ruleset: str = "monterey-draw", person=None
) -> OnlineTable:
    """A casual table of ``seats`` ((name, kind, member)), played to its end:
    the bots by their task, the people by the heuristic's choices (or
    ``person``'s)."""
    table = play.table_create(
        seats=[SeatSpec(name, kind, member=member) for name, kind, member in seats],
        ruleset=ruleset,
        deals=deals,
        user=user,
    )
    person = person or HeuristicBot(7)
    while True:
        run_bots(table)
        if table.status == OnlineTable.Status.FINISHED:
            return table
        state = state_of(table)
        people = seats_of(table)
        if state.to_act is None:
            seat = next(s for s in people if not s.is_bot)
            action = "next"
        else:
            seat = people[state.to_act]
            action = person.choose(state)
        play.table_act(token=seat.token, action=action, version=table.version)
        table.refresh_from_db()


def rows() -> list[tuple]:
    return list(
        RatingUpdate.objects.order_by("member_id", "date", "round_id", "online_table_id")
        .values_list(
            "member_id", "game", "round_id", "online_table_id", "date", "mu_before",
            "sigma_before", "mu_after", "sigma_after", "expected", "outcome", "played",
        )
    )  # fmt: skip


def from_scratch(club: Club) -> list[tuple]:
    rating_services.ratings_rebuild(club=Club.objects.get(pk=club.pk), since=None)
    return rows()


def test_a_bot_plays_with_its_level_s_fixed_rating_and_is_never_rated():
    bot = ratings.BOT_RATINGS["expert"]
    match = ratings.Match("g1", ("a", "bot", "c", "bot2"), 1, 0, (None, bot, None, bot))
    updates = {u.member: u for u in ratings.rate(match, {})}
    assert set(updates) == {"a", "c"}
    chance = ratings.expected([ratings.NEW, ratings.NEW], [bot, bot])
    assert updates["a"].expected == pytest.approx(chance)
    assert chance < 0.5
    assert updates["a"].after.mu > ratings.NEW.mu


def test_the_bots_levels_are_ordered():
    levels = [ratings.BOT_RATINGS[kind] for kind in ("random", "easy", "heuristic", "expert")]
    assert [r.mu for r in levels] == sorted(r.mu for r in levels)
    assert len({r.mu for r in levels}) == 4


@pytest.mark.django_db
def test_a_finished_online_game_rates_its_members_as_one_match(host, club):
    ana, bea = members(club, "Ana", "Bea")
    table = online_game(
        host,
        [
            ("x", "human", ana),
            ("Bot", "heuristic", None),
            ("y", "human", bea),
            ("B2", "easy", None),
        ],
    )
    names = list(table.seats.order_by("seat").values_list("name", flat=True))
    assert names == ["Ana", "Bot", "Bea", "B2"]
    kept = RatingUpdate.objects.filter(online_table=table)
    assert {row.member_id for row in kept} == {ana.pk, bea.pk}
    outcome = 0.5 if table.winner is None else float(table.winner == 0)
    bots = [ratings.BOT_RATINGS["heuristic"], ratings.BOT_RATINGS["easy"]]
    for row in kept:
        assert row.round_id is None and row.party_id is None
        assert row.outcome == outcome
        assert row.played == 1
        assert row.expected == pytest.approx(ratings.expected([ratings.NEW, ratings.NEW], bots))
        assert row.date == timezone.localdate(table.current.finished_at)


@pytest.mark.django_db
def test_online_games_and_nights_kept_one_by_one_equal_a_recompute_from_scratch(host, club):
    ana, bea, cruz = members(club, "Ana", "Bea", "Cruz")
    play_party(make_club_party(host, club, EIGHT, date=datetime.date(2026, 1, 10)), host)
    online_game(
        host,
        [("a", "human", ana), ("b", "expert", None), ("c", "human", bea), ("d", "human", None)],
    )
    online_game(
        host,
        [("a", "human", bea), ("b", "human", cruz), ("c", "random", None), ("d", "human", ana)],
    )
    kept = rows()
    assert sum(1 for row in kept if row[3] is not None) == 2 + 3
    assert {row[0] for row in kept if row[3] is not None} == {ana.pk, bea.pk, cruz.pk}
    # Ana's second game starts from her first.
    mine = [row for row in kept if row[0] == ana.pk]
    assert [row[-1] for row in mine] == list(range(1, len(mine) + 1))
    assert all(a[7] == b[5] for a, b in zip(mine, mine[1:], strict=False))
    assert from_scratch(club) == kept


@pytest.mark.django_db
def test_a_night_closed_after_an_online_game_of_its_day_recomputes(
    host, club, django_capture_on_commit_callbacks
):
    ana, bea = members(club, "Ana", "Bea")
    party = make_club_party(host, club, EIGHT, date=datetime.date.today())
    online_game(
        host,
        [("a", "human", ana), ("b", "easy", None), ("c", "human", bea), ("d", "easy", None)],
    )
    with django_capture_on_commit_callbacks() as queued:
        play_party(party, host)
    assert not RatingUpdate.objects.filter(party=party).exists(), "the night waits"
    with tasks_in_process():
        for callback in queued:
            callback()
    # The night comes first in its day: worked out again, the game after it.
    assert RatingUpdate.objects.filter(party=party).exists()
    kept = rows()
    assert kept == from_scratch(club)
    history = list(
        RatingUpdate.objects.filter(member=ana)
        .order_by("date", "played")
        .values_list("online_table_id", flat=True)
    )
    assert history[-1] is not None and None in history


@pytest.mark.django_db
def test_one_rating_a_game_rates_an_online_game_in_its_own_game(host, club):
    Club.objects.filter(pk=club.pk).update(rating_per_game=True)
    (ana,) = members(club, "Ana")
    online_game(
        host,
        [("a", "human", ana), ("b", "easy", None), ("c", "easy", None), ("d", "easy", None)],
        ruleset="monterey-widow",
        deals=1,
    )
    assert set(RatingUpdate.objects.values_list("game", flat=True)) == {"monterey-widow"}
    assert from_scratch(club) == rows()


@pytest.mark.django_db
def test_a_table_without_members_and_a_party_s_online_table_are_not_online_games(host, club):
    online_game(
        host,
        [("a", "human", None), ("b", "easy", None), ("c", "human", None), ("d", "easy", None)],
        deals=1,
    )
    assert not RatingUpdate.objects.exists()
    party = make_club_party(host, club, EIGHT, date=datetime.date(2026, 1, 10))
    rnd = services.round1_seat_draw(party=party, seed=1, user=host)
    online = play.party_table_create(round=rnd, table=1, kinds=["heuristic"] * 4, user=host)
    run_bots(online)
    assert OnlineSeat.objects.filter(table=online, player__member__isnull=False).count() == 4
    assert not RatingUpdate.objects.filter(online_table__isnull=False).exists()


@pytest.mark.django_db
def test_only_the_club_s_organisers_and_scorers_seat_its_members(
    host, other_host, club, django_user_model
):
    (ana,) = members(club, "Ana")
    seats = [SeatSpec("a", "human", member=ana), *(SeatSpec(n, "easy") for n in "bcd")]
    for user in (None, other_host):
        with pytest.raises(PlayError) as refused:
            play.table_create(seats=seats, deals=1, user=user)
        assert refused.value.errors == {
            "member1": "Only the club's organisers and scorers can seat its members."
        }
    ClubRole.objects.create(club=club, user=other_host, role=Role.DOOR)
    with pytest.raises(PlayError):
        play.table_create(seats=seats, deals=1, user=other_host)
    ClubRole.objects.filter(user=other_host).update(role=Role.SCORER)
    assert play.table_create(seats=seats, deals=1, user=other_host).seats.get(seat=0).member == ana


@pytest.mark.django_db
def test_a_member_sits_in_one_person_s_seat(host, club):
    (ana,) = members(club, "Ana")
    bot = [SeatSpec("a", "easy", member=ana), *(SeatSpec(n, "easy") for n in "bcd")]
    with pytest.raises(PlayError) as refused:
        play.table_create(seats=bot, deals=1, user=host)
    assert refused.value.errors == {"member1": "Only a person's seat can be a club member's."}
    twice = [SeatSpec("a", "human", member=ana), SeatSpec("b", "human", member=ana)]
    twice += [SeatSpec("c", "easy"), SeatSpec("d", "easy")]
    with pytest.raises(PlayError) as refused:
        play.table_create(seats=twice, deals=1, user=host)
    assert refused.value.errors["member2"] == "A member can sit in only one seat."


@pytest.mark.django_db
def test_a_merge_moves_online_games_and_refuses_two_at_one_table(
    host, club, django_capture_on_commit_callbacks
):
    ana, anna, bea = members(club, "Ana", "Anna", "Bea")
    online_game(
        host,
        [("a", "human", anna), ("b", "easy", None), ("c", "human", bea), ("d", "easy", None)],
        deals=1,
    )
    with pytest.raises(UserError) as refused:
        member_services.member_merge(club=club, keep=bea, other=anna, user=host)
    assert "both played one online game" in refused.value.message
    with django_capture_on_commit_callbacks() as queued:
        member_services.member_merge(club=club, keep=ana, other=anna, user=host)
    with tasks_in_process():
        for callback in queued:
            callback()
    assert OnlineSeat.objects.filter(member=ana).count() == 1
    assert RatingUpdate.objects.filter(member=ana, online_table__isnull=False).count() == 1
    assert rows() == from_scratch(club)


@pytest.mark.django_db
def test_the_member_page_lists_a_day_s_online_games_as_one_line(client, host, club):
    (ana,) = members(club, "Ana")
    for _ in range(2):
        online_game(
            host,
            [("a", "human", ana), ("b", "easy", None), ("c", "easy", None), ("d", "easy", None)],
            deals=1,
        )
    client.force_login(host)
    page = client.get(reverse("club:member", args=[club.slug, ana.pk])).content.decode()
    (nights,) = re.findall(r'<ol class="rating-nights">.*?</ol>', page, re.S)
    assert nights.count("<li>") == 1 and "Online games:" in nights
    assert "after 2 rounds" in page


def new_table_form(**seats: str) -> dict[str, str]:
    data = {"ruleset": "monterey-draw", "length": "deals", "target": "", "deals": "1"}
    data["idle_seconds"] = "120"
    for number in range(1, 5):
        data[f"name{number}"] = f"Seat {number}"
        data[f"kind{number}"] = "human" if number == 1 else "easy"
    data.update(seats)
    return data


@pytest.mark.django_db
def test_the_new_table_page_offers_the_clubs_members_to_their_organisers_only(
    client, host, other_host, club
):
    (ana,) = members(club, "Ana")
    assert "member1" not in client.get(reverse("play:new")).content.decode()
    client.force_login(other_host)
    assert "member1" not in client.get(reverse("play:new")).content.decode()
    client.force_login(host)
    page = client.get(reverse("play:new")).content.decode()
    assert f'<option value="{ana.pk}">Ana (Parish Card Club)</option>' in page
    assert "counts the finished game in the member's rating" in page
    response = client.post(reverse("play:new"), new_table_form(member1=str(ana.pk)))
    assert response.status_code == 302
    seat = OnlineSeat.objects.get(seat=0)
    assert (seat.member, seat.name) == (ana, "Ana")


@pytest.mark.django_db
def test_a_member_chosen_for_a_bot_s_seat_is_refused_beside_the_seat(client, host, club):
    (ana,) = members(club, "Ana")
    client.force_login(host)
    response = client.post(reverse("play:new"), new_table_form(member2=str(ana.pk)))
    assert response.status_code == 422
    assert "Only a person&#x27;s seat can be a club member&#x27;s." in response.content.decode()
    assert not OnlineTable.objects.exists()


@pytest.mark.django_db
def test_online_games_count_for_best_partners_and_toughest_opponents(client, host, club):
    ana, bea, cruz = members(club, "Ana", "Bea", "Cruz")
    online_game(
        host,
        [("a", "human", ana), ("b", "human", cruz), ("c", "human", bea), ("d", "easy", None)],
        deals=1,
    )
    client.force_login(host)
    page = client.get(reverse("club:member", args=[club.slug, ana.pk])).content.decode()
    partners = re.search(r'<ul class="rating-partners">(.*?)</ul>', page, re.S).group(1)
    opponents = re.search(r'<ul class="rating-opponents">(.*?)</ul>', page, re.S).group(1)
    assert partners.count("<li>") == 1 and "Bea" in partners and "Cruz" not in partners
    assert opponents.count("<li>") == 1 and "Cruz" in opponents and "Bea" not in opponents
    # The bot at the table is nobody's partner or opponent.
    assert "easy" not in partners + opponents


@pytest.mark.django_db
def test_an_online_game_s_set_bids_are_lost_to_the_partner_as_at_a_party(host, club):
    ana, bea = members(club, "Ana", "Bea")
    bots = [ratings.BOT_RATINGS["easy"], ratings.BOT_RATINGS["easy"]]
    for attempt in range(10):
        table = online_game(
            host,
            [("a", "human", ana), ("b", "easy", None), ("c", "human", bea), ("d", "easy", None)],
            deals=4,
            person=RandomBot(attempt),
        )
        sets = []
        for deal in OnlineDeal.objects.filter(table=table).order_by("number"):
            bidder = deal.record["bidder"]
            points = deal.score1 if bidder % 2 else deal.score0
            if points < 0:
                sets.append((bidder, points))
        if any(seat in (0, 2) for seat, _ in sets):
            break
    else:
        pytest.fail("no member went set in ten games of random bids")
    # The game's rows are the pairs' match, then each set bid, from the
    # members' ratings before the game.
    before = {}
    for member in (ana, bea):
        last = (
            RatingUpdate.objects.filter(member=member)
            .exclude(online_table=table)
            .order_by("played")
            .last()
        )
        if last is not None:
            before[member.pk, ""] = ratings.Rating(last.mu_after, last.sigma_after)
    winner = table.winner
    score0, score1 = (0, 0) if winner is None else (1, 0) if winner == 0 else (0, 1)
    match = ratings.Match(
        ("online", table.pk),
        ((ana.pk, ""), None, (bea.pk, ""), None),
        score0,
        score1,
        (None, bots[0], None, bots[1]),
        tuple(sets),
    )
    wanted = {u.member[0]: u.after for u in ratings.rate(match, before)}
    kept = {
        row.member_id: ratings.Rating(row.mu_after, row.sigma_after)
        for row in RatingUpdate.objects.filter(online_table=table)
    }
    assert kept == wanted
    plain = {u.member[0]: u.after for u in ratings.rate(replace(match, sets=()), before)}
    assert kept != plain
    assert from_scratch(club) == rows()
