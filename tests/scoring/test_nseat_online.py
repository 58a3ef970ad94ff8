"""The N-seat games (RULES.md 12) at an online table: as many seats as the
game, bots in the seats left empty, one running total a seat, the game
ended by RULES.md 12.3, the deal passing to the left mod N, and every deal's
record the engine's own."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from scoring import services
from scoring.models import OnlineDeal, OnlineTable
from scoring.rules import RULESETS, new_deal
from scoring.rules.expert import Advice
from scoring.rules.seat_bots import SeatHeuristicBot
from scoring.rules.seat_expert import SeatExpertBot
from scoring.rules.seats import seat_game_winner, seat_scores
from scoring.services import EMPTY, PlayError, SeatSpec, review
from scoring.services import deals as deal_service
from scoring.services.deals import seat_deal_record

from .builders import run_bots, seats_of, state_of

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_think")]

NAMES = ("Ana", "Bea", "Cruz", "Dee", "Eva", "Fede", "Gil")
#: (game, house options): each N-seat game, at its smallest and largest table.
TABLES = [
    ("five-hand", {}),
    ("railroad", {}),
    ("individual", {"players": 2}),
    ("individual", {"players": 6, "target": 21}),
    ("original", {"players": 4}),
    ("original", {"players": 7}),
]


def bot_table(game: str, options: dict, *, deals: int | None = None) -> OnlineTable:
    rs = RULESETS[game].with_options(**options)
    seats = [SeatSpec(NAMES[k], "heuristic") for k in range(rs.players)]
    if deals is None:
        return services.table_create(seats=seats, ruleset=game, options=options, target=rs.target)
    return services.table_create(seats=seats, ruleset=game, options=options, deals=deals)


def engine_game(table: OnlineTable) -> tuple[list[int], int | None, int]:
    """Each seat's total, the winner and the deals played, from the stored
    decks and logs replayed by the engine alone."""
    rs = services.table_ruleset(table)
    totals, winner, played = [0] * rs.players, None, 0
    for deal in table.deals.order_by("number"):
        assert deal.dealer == (deal.number - 1) % rs.players  # the deal passes to the left
        state = new_deal(rs, dealer=deal.dealer, deck=list(deal.deck))
        for action in deal.events.order_by("seq").values_list("action", flat=True):
            state.apply(action)
        assert state.phase == "done"
        record = state.record()
        scores = seat_scores(
            rs,
            bid=record["bid"],
            bidder=record["bidder"],
            partner=record.get("partner"),
            alone=record.get("alone", False),
            points=state.captured(),
        )
        assert list(scores) == deal.scores == record["tally"]
        totals = [t + s for t, s in zip(totals, scores, strict=True)]
        points = (
            record["side_points"][0]
            if "side_points" in record
            else state.captured()[record["bidder"]]
        )
        winner = seat_game_winner(
            totals,
            rs.target,
            bidder=record["bidder"],
            partner=record.get("partner"),
            bid_made=points >= record["bid"],
        )
        played += 1
        if winner is not None:
            break
    return totals, winner, played


@pytest.mark.parametrize(("game", "options"), TABLES)
def test_bots_play_an_n_seat_game_to_its_end(game, options):
    table = bot_table(game, options)
    rs = services.table_ruleset(table)
    assert len(seats_of(table)) == rs.players == len(table.totals)
    for _ in range(400):
        run_bots(table)
        if table.status == OnlineTable.Status.FINISHED:
            break
    assert table.status == OnlineTable.Status.FINISHED
    totals, winner, played = engine_game(table)
    assert table.totals == totals
    assert winner is not None and table.winner == winner
    assert played == table.deal_number  # the game ended at the first deal that named a winner
    assert max(totals) >= rs.target
    # Four-seat columns stay empty.
    assert (table.score0, table.score1) == (0, 0)


def test_a_fixed_number_of_deals_ends_with_the_leader():
    table = bot_table("railroad", {}, deals=3)
    for _ in range(50):
        run_bots(table)
        if table.status == OnlineTable.Status.FINISHED:
            break
    assert table.status == OnlineTable.Status.FINISHED and table.deal_number == 3
    deals = list(table.deals.order_by("number"))
    assert [d.dealer for d in deals] == [0, 1, 2]
    totals = [sum(d.scores[s] for d in deals) for s in range(5)]
    assert table.totals == totals
    best = max(totals)
    leaders = [s for s in range(5) if totals[s] == best]
    assert table.winner == (leaders[0] if len(leaders) == 1 else None)


def test_the_seats_left_empty_get_bots_and_the_seat_count_is_the_games():
    seats = [SeatSpec("Ana", "human")] + [SeatSpec("", EMPTY) for _ in range(4)]
    table = services.table_create(seats=seats, ruleset="five-hand", deals=1)
    rows = seats_of(table)
    assert [s.kind for s in rows] == ["human"] + ["heuristic"] * 4
    assert [s.has_person for s in rows] == [True, False, False, False, False]
    assert [s.name for s in rows[1:]] == ["Bot 2", "Bot 3", "Bot 4", "Bot 5"]
    with pytest.raises(PlayError) as refused:
        services.table_create(seats=seats[:4], ruleset="five-hand", deals=1)
    assert "seats" in refused.value.errors
    three = [SeatSpec(NAMES[k], "human") for k in range(3)]
    table = services.table_create(
        seats=three, ruleset="individual", options={"players": 3}, deals=1
    )
    assert len(seats_of(table)) == 3 and table.totals == [0, 0, 0]
    with pytest.raises(PlayError) as refused:
        services.table_create(seats=three, ruleset="original", options={"players": 4}, deals=1)
    assert "seats" in refused.value.errors


def test_a_person_plays_a_deal_of_five_hand_with_the_bots():
    seats = [SeatSpec("Ana", "human")] + [SeatSpec("", EMPTY) for _ in range(4)]
    table = services.table_create(seats=seats, ruleset="five-hand", deals=1)
    me = seats_of(table)[0]
    for _ in range(200):
        run_bots(table)
        state = state_of(table)
        if state.phase == "done":
            break
        assert state.to_act == 0  # the bots have played their turns
        view = state.view(0)
        services.table_act(token=me.token, action=view["legal"][0], version=table.version)
    table.refresh_from_db()
    deal = table.current
    assert deal.status == OnlineDeal.Status.DONE
    assert table.status == OnlineTable.Status.FINISHED
    state = state_of(table)
    assert deal.record == seat_deal_record(deal, state, seats_of(table))
    assert table.totals == list(state.score()) == deal.scores
    # The finished game's pages: the winner or a tie, a score a seat, the replay.
    client = Client()
    page = client.get(reverse("play:seat", args=[me.token])).content.decode()
    names = [s.name for s in seats_of(table)]
    winner = "A tie" if table.winner is None else f"{names[table.winner]} wins"
    assert f"Game over: {winner}" in page
    assert page.count('class="team seat-score') == 5
    for name, score in zip(names, deal.scores, strict=True):
        assert f"{name} {score:+d}" in page  # the deal's line, a score a seat
    replay = client.get(reverse("play:seat_replay", args=[me.token, 1]))
    assert replay.status_code == 200
    bidder = names[deal.record["bidder"]]
    assert f"{bidder} calls " in replay.content.decode()
    assert len(re.findall(r'class="replay-hand[ "]', replay.content.decode())) == 5
    manage = client.get(reverse("play:manage", args=[table.creator_token])).content.decode()
    assert f"Game over: {winner}." in manage


def test_a_bot_stand_in_plays_an_n_seat_seat():
    seats = [SeatSpec(NAMES[k], "human") for k in range(5)]
    table = services.table_create(seats=seats, ruleset="railroad", deals=1, idle_seconds=30)
    state = state_of(table)
    seat = state.to_act
    table.turn_since = table.turn_since.replace(year=table.turn_since.year - 1)
    table.save(update_fields=["turn_since"])
    services.seat_hand_to_bot(creator_token=table.creator_token, seat=seat, kind="expert")
    run_bots(table)
    assert len(state_of(table).log) == 1  # the N-seat expert plays the seat


def test_the_new_table_page_offers_every_game_and_seats_its_players(client):
    page = client.get(reverse("play:new"))
    for game in RULESETS:
        assert f'value="{game}"' in page.content.decode()
    assert 'name="individual-players"' in page.content.decode()
    data = {
        "ruleset": "individual",
        "individual-players": "3",
        "length": "deals",
        "target": "",
        "deals": "2",
        "idle_seconds": "120",
        "name1": "Ana",
        "kind1": "human",
        "name2": "",
        "kind2": EMPTY,
        "name3": "Cruz",
        "kind3": "human",
        # Rows past the game's seats are not used.
        "name4": "Dee",
        "kind4": "human",
    }
    response = client.post(reverse("play:new"), data)
    assert response.status_code == 302
    table = OnlineTable.objects.get()
    assert services.table_ruleset(table).players == 3
    rows = seats_of(table)
    assert [(s.name, s.kind) for s in rows] == [
        ("Ana", "human"),
        ("Bot 2", "heuristic"),
        ("Cruz", "human"),
    ]
    manage = client.get(response.url)
    assert manage.status_code == 200
    assert len(re.findall(r'class="seat-link[ "]', manage.content.decode())) == 3
    seat_page = client.get(reverse("play:seat", args=[rows[0].token]))
    assert seat_page.status_code == 200
    assert seat_page.content.decode().count('class="team seat-score') == 3


def person_table(game: str, options: dict | None = None, seed: int = 1) -> OnlineTable:
    """A casual table of ``game``: Ana a person in seat 1, normal bots in the
    others, its deal shuffled from ``seed``."""
    rs = RULESETS[game].with_options(**(options or {}))
    seats = [SeatSpec(NAMES[0], "human")]
    seats += [SeatSpec(NAMES[k], "heuristic") for k in range(1, rs.players)]
    with pytest.MonkeyPatch.context() as patch:
        real = deal_service.new_deal
        patch.setattr(deal_service, "new_deal", lambda rs, dealer: real(rs, dealer, seed=seed))
        return services.table_create(seats=seats, ruleset=game, options=options or {}, deals=1)


def ana_plays_to(table: OnlineTable, phase: str) -> bool:
    """Ana (seat 1) plays by the heuristic until it is her turn in ``phase``
    with a choice, or the deal is over; whether it is her turn in ``phase``."""
    me = seats_of(table)[0]
    bot = SeatHeuristicBot(seed=3)
    run_bots(table)
    state = state_of(table)
    while state.phase != "done" and not (state.phase == phase and len(state.legal) > 1):
        services.table_act(token=me.token, action=bot.choose(state), version=table.version)
        run_bots(table)
        state = state_of(table)
    return state.phase == phase and state.to_act == 0


@pytest.mark.parametrize("game", ["railroad", "original"])
def test_the_hint_on_an_n_seat_table_is_the_n_seat_experts(client, settings, monkeypatch, game):
    settings.PLAY_EXPERT_SAMPLES = settings.PLAY_EXPERT_BID_SAMPLES = 2
    settings.PLAY_EXPERT_TIME_MS = 50
    asked = []
    real = SeatExpertBot.advise
    monkeypatch.setattr(
        SeatExpertBot, "advise", lambda self, view: asked.append(view) or real(self, view)
    )
    # The first shuffle that leaves Ana a choice of cards (she may be out).
    table = next(
        t for seed in range(20) if ana_plays_to(t := person_table(game, seed=seed), "play")
    )
    me = seats_of(table)[0]
    state = state_of(table)

    seat_page = client.get(reverse("play:seat", args=[me.token])).text
    response = client.get(
        reverse("play:seat_hint", args=[me.token]), headers={"HX-Request": "true"}
    )

    assert 'class="button quiet hint-button"' in seat_page
    assert "Hint:" in response.text and "average score " in response.text
    advised = response.text.split('data-advised="')[1].split('"')[0]
    assert advised in state.legal
    assert asked == [state.view(0)]  # from Ana's view alone


def test_an_n_seat_deal_is_reviewed_and_its_replay_shows_the_marks(client, monkeypatch):
    table = person_table("individual", {"players": 3})
    ana_plays_to(table, "done")
    deal = table.deals.get(number=1)
    assert deal.status == OnlineDeal.Status.DONE

    def advice(view, seed):
        best = view["legal"][0]
        return Advice(best, {a: (3.0 if a == best else 0.5) for a in view["legal"]})

    monkeypatch.setattr(review, "expert_advice", advice)
    marks = services.deal_review(deal_id=deal.pk)
    me = seats_of(table)[0]
    page = client.get(reverse("play:seat_replay", args=[me.token, 1])).text

    assert marks and {m["seat"] for m in marks} == {0}  # Ana's moves only
    assert page.count("the expert&#x27;s choice, ") == len(marks)


def test_a_finished_n_seat_deal_queues_its_review(monkeypatch, django_capture_on_commit_callbacks):
    queued = []
    monkeypatch.setattr(services.deals.deal_review_task, "delay", queued.append)
    table = person_table("original")
    with django_capture_on_commit_callbacks(execute=True):
        ana_plays_to(table, "done")

    assert queued == [table.deals.get(number=1).pk]
