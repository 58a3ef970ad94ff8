"""A person who leaves (their page closed, their link silent for the table's
away time) has their seat played by the bot level chosen for it until any
poll from their link gives it back; never a person and a bot for one turn."""

from __future__ import annotations

import datetime

import pytest
from django.core.cache.backends.locmem import LocMemCache
from django.urls import reverse

from scoring import services
from scoring.models import DealEvent, OnlineSeat, OnlineTable
from scoring.rules.bots import HeuristicBot
from scoring.services import PlayError, SeatSpec, away
from scoring.tasks import bots_play

from .builders import PEOPLE, make_idle, make_table, run_bots, seats_of, state_of

pytestmark = pytest.mark.django_db

HX = {"HX-Request": "true"}


def silence(seat: OnlineSeat, seconds: int = 3600) -> None:
    """Pretend the seat's link has said nothing for ``seconds``."""
    OnlineSeat.objects.filter(pk=seat.pk).update(
        seen_at=seat.seen_at - datetime.timedelta(seconds=seconds)
    )


def poll(client, seat: OnlineSeat):
    return client.get(reverse("play:seat", args=[seat.token]), headers=HX)


def to_act(table: OnlineTable) -> OnlineSeat:
    return seats_of(table)[state_of(table).to_act]


def play_person(table: OnlineTable) -> None:
    """The person to act makes a sensible move."""
    state = state_of(table)
    seat = seats_of(table)[state.to_act]
    action = HeuristicBot(seed=1).choose(state)
    services.table_act(token=seat.token, action=action, version=table.version)
    table.refresh_from_db()


def test_a_silent_persons_turn_is_played_by_their_bot_until_their_page_comes_back(client):
    table = make_table()
    gone = to_act(table)
    other = seats_of(table)[(gone.seat + 1) % 4]
    silence(gone)

    poll(client, other)  # another page notices

    gone.refresh_from_db()
    assert (gone.kind, gone.stand_in, gone.away) == ("heuristic", True, True)
    run_bots(table)
    event = DealEvent.objects.filter(deal=table.current).order_by("seq").first()
    assert (event.seat, event.by) == (gone.seat, "heuristic")
    assert state_of(table).to_act != gone.seat

    response = poll(client, gone)  # the person's page is back

    gone.refresh_from_db()
    assert (gone.kind, gone.stand_in, gone.away) == ("human", False, False)
    assert "A bot is playing your seat" not in response.text
    while state_of(table).to_act != gone.seat:
        play_person(table)
    table.refresh_from_db()
    waiting = table.version
    bots_play(table.pk, waiting)  # no bot acts for the person
    table.refresh_from_db()
    assert table.version == waiting
    play_person(table)  # their move is theirs to make
    last = DealEvent.objects.filter(deal=table.current).order_by("-seq").first()
    assert (last.seat, last.by) == (gone.seat, "human")


def test_the_creators_page_alone_notices_a_person_gone(client):
    """One person with three bots closes their page: nobody else's seat page
    is open, and the creator's page hands the seat to its bot."""
    table = make_table(("human", "heuristic", "heuristic", "heuristic"))
    person = seats_of(table)[0]
    url = reverse("play:manage", args=[table.creator_token])
    client.get(url, headers=HX)
    person.refresh_from_db()
    assert (person.kind, person.away) == ("human", False)  # within the away time

    silence(person)
    etag = client.get(url, headers=HX)["ETag"]

    person.refresh_from_db()
    assert (person.kind, person.stand_in, person.away) == ("heuristic", True, True)
    table.refresh_from_db()
    again = client.get(url, headers={**HX, "If-None-Match": etag})
    assert again.status_code == 304  # handed over once; the page shows the new version


def test_the_seat_is_played_by_the_level_chosen_for_it():
    specs = [SeatSpec(name, "human", away_kind="easy") for name in PEOPLE]
    table = services.table_create(seats=specs, deals=1)
    gone = to_act(table)
    silence(gone)

    assert services.seats_away(table_id=table.pk) is True

    gone.refresh_from_db()
    assert gone.kind == "easy"
    run_bots(table)
    first = DealEvent.objects.filter(deal__table=table).order_by("seq").first()
    assert first.by == "easy"


def test_nobody_is_away_within_the_tables_away_time():
    table = make_table()
    silence(to_act(table), seconds=30)  # the default away time is 60 s

    assert services.seats_away(table_id=table.pk) is False
    assert not OnlineSeat.objects.filter(table=table, away=True).exists()


def test_the_away_time_is_the_tables():
    seats = [SeatSpec(name, "human") for name in PEOPLE]
    table = services.table_create(seats=seats, deals=1, away_seconds=30)
    silence(to_act(table), seconds=45)

    assert services.seats_away(table_id=table.pk) is True


def test_a_bot_queued_before_the_person_came_back_does_nothing(client):
    table = make_table()
    gone = to_act(table)
    silence(gone)
    services.seats_away(table_id=table.pk)
    table.refresh_from_db()
    queued_at = table.version  # the bot's task was queued for this version

    poll(client, gone)
    bots_play(table.pk, queued_at)

    assert not DealEvent.objects.filter(deal__table=table).exists()
    assert to_act(table).pk == gone.pk
    assert to_act(table).kind == "human"


def test_a_move_from_the_persons_link_takes_the_seat_back_and_counts():
    table = make_table()
    gone = to_act(table)
    silence(gone)
    services.seats_away(table_id=table.pk)
    table.refresh_from_db()

    play_person(table)

    gone.refresh_from_db()
    assert not gone.away and gone.kind == "human"
    event = DealEvent.objects.get(deal__table=table)
    assert (event.seat, event.by) == (gone.seat, "human")


def test_a_seat_the_creator_handed_to_a_bot_stays_with_the_bot_when_its_page_polls(client):
    table = make_table()
    seat = to_act(table)
    make_idle(table)
    services.seat_hand_to_bot(creator_token=table.creator_token, seat=seat.seat, kind="easy")

    response = poll(client, seat)

    seat.refresh_from_db()
    assert seat.kind == "easy" and seat.stand_in and not seat.away
    assert "A bot is playing your seat" in response.text


def test_a_finished_table_hands_nobody_over():
    table = make_table()
    OnlineTable.objects.filter(pk=table.pk).update(status=OnlineTable.Status.FINISHED)
    silence(to_act(table))

    assert services.seats_away(table_id=table.pk) is False


def test_the_others_and_the_creator_see_who_plays_for_whom(client):
    table = make_table()
    gone = to_act(table)
    other = seats_of(table)[(gone.seat + 2) % 4]
    silence(gone)
    services.seats_away(table_id=table.pk)

    page = poll(client, other).text
    manage = client.get(reverse("play:manage", args=[table.creator_token])).text
    spanish = client.get(
        reverse("play:seat", args=[other.token]), headers={"Accept-Language": "es"}
    ).text

    note = f"Played by a bot (normal) while {gone.name} is away."
    assert note in page
    assert note in manage
    facts = client.get(reverse("play:seat_state", args=[other.token])).json()["table"]
    assert [seat["away"] for seat in facts["seats"]] == [
        s.seat == gone.seat for s in seats_of(table)
    ]
    assert f"Jugado por un bot (normal) mientras {gone.name} no está." in spanish


def test_a_poll_notes_its_person_at_most_every_few_seconds(client):
    table = make_table()
    seat = seats_of(table)[0]
    old = seat.seen_at - datetime.timedelta(seconds=10)
    OnlineSeat.objects.filter(pk=seat.pk).update(seen_at=old)

    poll(client, seat)

    seat.refresh_from_db()
    assert seat.seen_at > old + datetime.timedelta(seconds=9)


def test_a_persons_turn_asks_a_worker_to_look_again_once_per_away_time(
    settings, monkeypatch, django_capture_on_commit_callbacks
):
    settings.CELERY_TASK_ALWAYS_EAGER = False
    monkeypatch.setattr(away, "cache", LocMemCache("away-looks", {}))
    calls = []
    monkeypatch.setattr(
        away.seats_away_task,
        "apply_async",
        lambda args, countdown: calls.append((args, countdown)),
    )
    with django_capture_on_commit_callbacks(execute=True):
        table = make_table()
    with django_capture_on_commit_callbacks(execute=True):
        play_person(table)  # the next person's turn, within the same away time

    assert calls == [((table.pk,), 61)]


@pytest.mark.parametrize(
    ("field", "value"), [("away_seconds", 7), ("away_kind", "random")], ids=["time", "level"]
)
def test_a_table_refuses_an_away_time_or_level_it_does_not_offer(field, value):
    seats = [SeatSpec(name, "human") for name in PEOPLE]
    if field == "away_kind":
        seats[1] = SeatSpec("Bea", "human", away_kind=value)
        with pytest.raises(PlayError) as error:
            services.table_create(seats=seats, deals=1)
        assert "away2" in error.value.errors
    else:
        with pytest.raises(PlayError) as error:
            services.table_create(seats=seats, deals=1, away_seconds=value)
        assert "away_seconds" in error.value.errors


def test_the_form_sets_the_away_time_and_each_seats_level(client):
    data = {
        "ruleset": "monterey-draw",
        "length": "deals",
        "deals": 1,
        "idle_seconds": 120,
        "away_seconds": 30,
        **{f"name{n}": name for n, name in enumerate(PEOPLE, start=1)},
        **{f"kind{n}": "human" for n in range(1, 5)},
        **{f"away{n}": "expert" for n in range(1, 5)},
    }
    client.post(reverse("play:new"), data)

    table = OnlineTable.objects.get()
    assert table.away_seconds == 30
    assert {seat.away_kind for seat in seats_of(table)} == {"expert"}


def test_a_person_back_lets_the_bots_due_play_on(
    client, monkeypatch, django_capture_on_commit_callbacks
):
    table = make_table(("human", "heuristic", "heuristic", "heuristic"))
    person = seats_of(table)[0]
    assert to_act(table).seat != person.seat  # a bot's turn
    silence(person)
    services.seats_away(table_id=table.pk)  # a table of bots only now
    queued = []
    monkeypatch.setattr(
        services.play, "bots_enqueue", lambda *args, **kwargs: queued.append(args) or True
    )
    # The first look at a table of bots only queues them too (table_watch).
    monkeypatch.setattr(services.scheduling, "bots_enqueue", lambda *args, **kwargs: True)

    with django_capture_on_commit_callbacks(execute=True):
        poll(client, person)

    table.refresh_from_db()
    assert queued == [(table.pk, table.version)]
