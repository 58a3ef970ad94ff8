"""An online table inside a party round: its deals count in the party like the host's."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from scoring import services
from scoring.models import OnlineDeal, OnlineTable
from scoring.services import PlayError
from tournaments import selectors as party_selectors
from tournaments import services as party_services
from tournaments.models import DealResult, Round

from .builders import act, run_bots, seats_of, state_of

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_think")]

NAMES = ["Élodie", "Beñat", "Núñez", "O'Brien", "Zoë", "Ana", "Bea", "Cruz"]


@pytest.fixture
def host(django_user_model):
    return django_user_model.objects.create_user(username="hostess", password="cards-1-wine")


@pytest.fixture
def seated(host):
    """A party of eight, round 1 seated by the host: two tables of four."""
    party = party_services.party_create(
        owner=host,
        name="Card night",
        date=datetime.date(2026, 4, 18),
        settings=party_services.PartySettings(ruleset="monterey-widow"),
    )
    players = [party_services.player_register(party=party, name=name, user=host) for name in NAMES]
    ids = [p.pk for p in players]
    rnd = party_services.round1_seat_manual(party=party, tables=[ids[:4], ids[4:]], user=host)
    party.refresh_from_db()
    return party, rnd


def test_an_online_party_table_feeds_the_round_and_the_standings(host, seated):
    party, rnd = seated
    table = services.party_table_create(round=rnd, table=2, kinds=["heuristic"] * 4, user=host)
    assert [s.name for s in seats_of(table)] == NAMES[4:]
    assert table.mode == "party" and table.deals_total == party.deals_per_round == 4
    assert services.table_ruleset(table).name == "monterey-widow"
    run_bots(table)  # four bots play the round's four deals
    table.refresh_from_db()
    assert table.status == "finished"
    deals = list(OnlineDeal.objects.filter(table=table).order_by("number"))
    results = list(DealResult.objects.filter(round=rnd, table=2).order_by("deal"))
    assert [r.deal for r in results] == [1, 2, 3, 4]
    assert all(r.source == "online" and r.is_current for r in results)
    for deal, result in zip(deals, results, strict=True):
        assert deal.result_id == result.pk and deal.party_error == ""
        record = deal.record
        assert (result.bidder, result.bid, result.trump) == (
            record["bidder"],
            record["bid"],
            record["trump"],
        )
        assert result.bidding_team_points == record["bidding_team_points"]
        assert (result.score0, result.score1) == (deal.score0, deal.score1)
        assert result.cards == record["cards"]

    # The host's round grid shows the table's deals and totals.
    line = party_selectors.round_board(party).tables[1]
    assert [d.deal for d in line.deals] == [1, 2, 3, 4]
    assert line.totals == (table.score0, table.score1)
    assert line.complete

    # The standings count them like any other deal.
    party.refresh_from_db()
    rows = party_selectors.party_standings(party).by_player()
    by_name = {row.name: row.score for row in rows.values()}
    assert by_name["Zoë"] == by_name["Bea"] == table.score0
    assert by_name["Ana"] == by_name["Cruz"] == table.score1
    assert by_name["Élodie"] == 0


def test_the_host_grid_shows_the_online_deals(client, host, seated):
    party, rnd = seated
    table = services.party_table_create(round=rnd, table=1, kinds=["random"] * 4, user=host)
    run_bots(table)
    client.force_login(host)
    page = client.get(reverse("host:round", args=[party.slug, 1])).content.decode()
    assert "4/4" in page and page.count("· online") == 4


def test_a_person_plays_a_party_deal_and_it_counts(host, seated):
    party, rnd = seated
    table = services.party_table_create(
        round=rnd, table=1, kinds=["human", "heuristic", "heuristic", "heuristic"], user=host
    )
    while True:
        run_bots(table)
        state = state_of(table)
        if state.phase == "done":
            break
        act(table, state.legal_actions()[-1])
    result = DealResult.objects.get(round=rnd, table=1, deal=1)
    assert result.source == "online"
    act(table, "next")
    assert OnlineDeal.objects.get(table=table, number=2).dealer == 1


@pytest.mark.parametrize(
    ("problem", "message"),
    [
        ("no_table", "has no table 3"),
        ("entered", "already has deals entered"),
        ("online", "already played online"),
        ("closed", "is closed"),
        ("kinds", "person or a bot"),
    ],
)
def test_a_party_table_is_refused_with_a_reason(host, seated, problem, message):
    party, rnd = seated
    table, kinds = 1, ["human"] * 4
    if problem == "no_table":
        table = 3
    elif problem == "entered":
        party_services.result_record(
            round=rnd,
            table=1,
            deal=1,
            entry=party_services.DealEntry(bidder=0, bid=7, bidding_team_points=9),
            user=host,
        )
    elif problem == "online":
        services.party_table_create(round=rnd, table=1, kinds=kinds, user=host)
    elif problem == "closed":
        Round.objects.filter(pk=rnd.pk).update(status=Round.Status.CLOSED)
    else:
        kinds = ["human", "dog", "human", "human"]
    with pytest.raises(PlayError, match=message):
        services.party_table_create(round=rnd, table=table, kinds=kinds, user=host)


@pytest.mark.parametrize("who", ["a player", "the creator"])
def test_the_table_stops_when_the_host_calls_time(host, seated, who):
    party, rnd = seated
    table = services.party_table_create(round=rnd, table=1, kinds=["human"] * 4, user=host)
    while state_of(table).phase != "done":
        act(table, state_of(table).legal_actions()[0])
    party_services.table_call_time(round=rnd, table=1, user=host)
    if who == "a player":
        act(table, "next")
    else:
        table.refresh_from_db()
        services.table_deal_next(creator_token=table.creator_token, version=table.version)
    table.refresh_from_db()
    assert table.status == "finished" and "called time" in table.note
    assert OnlineDeal.objects.filter(table=table).count() == 1
    with pytest.raises(PlayError, match="called time"):
        act(table, "next")


def test_a_deal_the_host_entered_meanwhile_is_not_counted_twice(host, seated):
    party, rnd = seated
    table = services.party_table_create(round=rnd, table=1, kinds=["human"] * 4, user=host)
    party_services.result_record(
        round=rnd,
        table=1,
        deal=1,
        entry=party_services.DealEntry(bidder=0, bid=7, bidding_team_points=9),
        user=host,
    )
    while state_of(table).phase != "done":
        act(table, state_of(table).legal_actions()[0])
    deal = OnlineDeal.objects.get(table=table)
    assert deal.result is None and "already entered" in deal.party_error
    assert DealResult.objects.filter(round=rnd, table=1).count() == 1
    assert OnlineTable.objects.get().status == "playing"


# --------------------------------------------------------------------- the page


def test_the_host_puts_a_table_online_from_the_page(client, host, seated, django_user_model):
    party, rnd = seated
    client.force_login(host)
    page = client.get(reverse("play:party_new"))
    text = page.content.decode()
    assert page.status_code == 200
    assert f"{rnd.pk}:1" in text and f"{rnd.pk}:2" in text and "Zoë" in text
    response = client.post(
        reverse("play:party_new"),
        {"table": f"{rnd.pk}:2", "idle_seconds": "60"} | {f"kind{n}": "human" for n in range(1, 5)},
    )
    table = OnlineTable.objects.get()
    assert response["Location"] == reverse("play:manage", args=[table.creator_token])
    assert (table.party_round_id, table.party_table, table.created_by) == (rnd.pk, 2, host)
    assert f"{rnd.pk}:2" not in client.get(reverse("play:party_new")).content.decode()

    # Another signed-in user sees none of this party's tables and cannot pick one.
    other = django_user_model.objects.create_user(username="rival", password="cards-2-wine")
    client.force_login(other)
    assert f"{rnd.pk}:1" not in client.get(reverse("play:party_new")).content.decode()
    refused = client.post(
        reverse("play:party_new"),
        {"table": f"{rnd.pk}:1", "idle_seconds": "60"} | {f"kind{n}": "human" for n in range(1, 5)},
    )
    assert refused.status_code == 422
    assert OnlineTable.objects.count() == 1


def test_the_host_chooses_the_bot_level_for_each_seat_while_its_person_is_away(
    client, host, seated
):
    party, rnd = seated
    client.force_login(host)
    page = client.get(reverse("play:party_new")).content.decode()
    assert 'name="away3"' in page and "Expert bot" in page
    kinds = {f"kind{n}": "human" for n in range(1, 5)} | {"kind4": "expert"}
    levels = {"away1": "easy", "away2": "expert"}  # seats 3 and 4 left out: normal
    client.post(
        reverse("play:party_new"), {"table": f"{rnd.pk}:1", "idle_seconds": "60"} | kinds | levels
    )
    seats = list(OnlineTable.objects.get().seats.order_by("seat"))
    assert [s.kind for s in seats] == ["human", "human", "human", "expert"]
    assert [s.away_kind for s in seats] == ["easy", "expert", "heuristic", "heuristic"]


def test_a_party_table_refuses_an_away_level_that_is_no_level(host, seated):
    party, rnd = seated
    with pytest.raises(PlayError) as refused:
        services.party_table_create(
            round=rnd, table=1, kinds=["human"] * 4, away_kinds=["random"] * 4, user=host
        )
    assert "away_kinds" in refused.value.errors
    assert OnlineTable.objects.count() == 0


def test_a_host_override_of_the_seating_removes_the_online_table(host, seated):
    party, rnd = seated
    services.party_table_create(round=rnd, table=1, kinds=["human"] * 4, user=host)
    ids = list(party.players.order_by("-order").values_list("pk", flat=True))
    party_services.round_override_seating(round=rnd, tables=[ids[:4], ids[4:]], user=host)
    assert OnlineTable.objects.count() == 0
