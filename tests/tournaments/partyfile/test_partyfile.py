"""The party file (RULES.md section 10): load through the services, dump, round-trip."""

from __future__ import annotations

import copy
import io
import json
import random
import re
import threading
from collections import Counter
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.db import connection
from django.urls import reverse

from scoring.rules import RULESETS
from tests.tournaments.builders import NAMES, make_party, play_round
from tournaments import selectors, services
from tournaments.errors import UserError
from tournaments.game import movement
from tournaments.game.standings import needs_cut
from tournaments.models import (
    AuditEntry,
    DealResult,
    Party,
    Player,
    PrizeAward,
    Round,
    Seat,
    TableRound,
)
from tournaments.partyfile import PartyFileError, party_dump, party_load

pytestmark = pytest.mark.django_db

EXAMPLE = {
    "format": "pedroparty/1",
    "name": "Spring Card Party",
    "date": "2026-04-18",
    "ruleset": "monterey-draw",
    "options": {"movement": "up_down", "deals_per_round": 4, "sitout_credit": "average"},
    "players": ["Ana", "Bea", "Cruz", "Dee", "Eli"],
    "seating": [["Ana", "Bea", "Cruz", "Dee"]],
    "rounds": [
        {
            "deals": [
                {"table": 1, "deal": 1, "bidder": 1, "bid": 8, "bidding_team_points": 10},
                {"table": 1, "deal": 2, "bidder": 2, "bid": 7, "bidding_team_points": 9},
                {"table": 1, "deal": 3, "bidder": 3, "bid": 9, "bidding_team_points": 7},
                {
                    "table": 1,
                    "deal": 4,
                    "bidder": 0,
                    "bid": 6,
                    "bidding_team_points": 9,
                    "trump": "H",
                    "tally": [9, 7],
                },
            ],
            "tiebreaks": {},
        }
    ],
}


def example() -> dict:
    return copy.deepcopy(EXAMPLE)


def make_file(*, tables: int = 2, rounds: int = 3, extra: int = 1, seed: int = 0) -> dict:
    """A valid party file of ``tables`` tables (plus ``extra`` players sitting out)
    and ``rounds`` complete rounds of random results.

    Seatings after round 1 come from movement, so only each table number's deals
    are generated; a table still tied after the tie-break gets its cut.
    """
    rs = RULESETS["monterey-draw"]
    rng = random.Random(seed)
    count = 4 * tables + extra
    players = [NAMES[i] if i < len(NAMES) else f"Player {i + 1}" for i in range(count)]
    file_rounds = []
    for _ in range(rounds):
        deals, tiebreaks = [], {}
        for table in range(1, tables + 1):
            scores = []
            for deal in range(1, 5):
                bidder, bid, points = rng.randrange(4), rng.randint(6, 10), rng.randrange(17)
                mine, theirs = rs.deal_score(bid, points)
                scores.append((mine, theirs) if bidder % 2 == 0 else (theirs, mine))
                record = {
                    "table": table,
                    "deal": deal,
                    "bidder": bidder,
                    "bid": bid,
                    "bidding_team_points": points,
                }
                if rng.random() < 0.3:
                    record.update(trump=rng.choice("SHDC"), tally=list(scores[-1]))
                deals.append(record)
            if needs_cut(scores):
                tiebreaks[str(table)] = rng.randrange(2)
        file_rounds.append({"deals": deals, "tiebreaks": tiebreaks})
    return {
        "format": "pedroparty/1",
        "name": "Generated Night",
        "date": "2026-05-02",
        "ruleset": "monterey-draw",
        "options": {"movement": "up_down"},
        "players": players,
        "seating": [players[4 * t : 4 * t + 4] for t in range(tables)],
        "rounds": file_rounds,
    }


def as_json(data: dict) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2)


def same_but_name(again: dict, dumped: dict) -> bool:
    """Whether a reloaded party's file is the file it was loaded from, but for
    the name a second copy gets ("Name (2)")."""
    assert re.fullmatch(re.escape(dumped["name"]) + r"( \(\d+\))?", again["name"])
    return as_json({**again, "name": ""}) == as_json({**dumped, "name": ""})


def reloaded(dumped: dict, host) -> dict:
    """The file of the party that ``dumped`` loads as."""
    return party_dump(party_load(json.loads(as_json(dumped)), owner=host))


def row_counts() -> dict[str, int]:
    models = (Party, Player, Round, Seat, TableRound, DealResult, AuditEntry)
    return {model.__name__: model.objects.count() for model in models}


# --------------------------------------------------------------------- loading


def test_the_example_file_loads_with_the_right_scores(host):
    party = party_load(example(), owner=host)
    assert party.status == Party.Status.FINISHED
    assert [p.name for p in party.players.order_by("order")] == ["Ana", "Bea", "Cruz", "Dee", "Eli"]
    rnd = party.rounds.get()
    assert rnd.status == Round.Status.CLOSED
    assert rnd.seats.count() == 4
    assert [s.player.name for s in rnd.sitouts.all()] == ["Eli"]
    assert not party.rounds.filter(number=2).exists()
    results = DealResult.objects.filter(round=rnd).order_by("deal")
    assert [(r.score0, r.score1) for r in results] == [(6, 10), (9, 7), (9, -9), (9, 7)]
    assert {r.source for r in results} == {DealResult.Source.FILE}
    table = selectors.party_standings(party)
    assert [(row.name, row.rank, row.score, row.rounds_won) for row in table.rows] == [
        ("Ana", 1, 33, 1),
        ("Cruz", 1, 33, 1),
        ("Eli", 3, 24, 0),  # sit-out credit: floor(mean(33, 15, 33, 15) + 0.5)
        ("Bea", 4, 15, 0),
        ("Dee", 4, 15, 0),
    ]


def test_the_dump_of_the_example_has_the_added_fields(host):
    dumped = party_dump(party_load(example(), owner=host))
    assert dumped["seating"] == [["Ana", "Bea", "Cruz", "Dee"]] and "seed" not in dumped
    (round1,) = dumped["rounds"]
    assert round1["tables"] == [["Ana", "Bea", "Cruz", "Dee"]]
    assert round1["sitting_out"] == ["Eli"]
    assert round1["winners"] == [0]
    assert [d["score"] for d in round1["deals"]] == [[6, 10], [9, 7], [9, -9], [9, 7]]
    assert round1["deals"][3]["trump"] == "H" and round1["deals"][3]["tally"] == [9, 7]
    assert dumped["standings"][2] == {
        "rank": 3,
        "player": "Eli",
        "score": 24,
        "rounds_won": 0,
        "sitouts": 1,
    }


@pytest.mark.parametrize("data", [example(), make_file(tables=3, rounds=4, extra=2, seed=7)])
def test_load_dump_load_dump_is_a_fixed_point(host, data):
    first = party_load(data, owner=host)
    dumped = party_dump(first)
    assert same_but_name(reloaded(dumped, host), dumped)  # standings, seatings, results


def test_a_seeded_file_gives_the_recorded_draw(host):
    data = make_file(tables=2, rounds=1, extra=3, seed=1)
    del data["seating"]
    data["seed"] = 2026
    party = party_load(data, owner=host)
    shuffled = list(data["players"])
    random.Random(2026).shuffle(shuffled)
    rnd = party.rounds.get(number=1)
    assert rnd.seating == Round.Seating.DRAW and rnd.seed == 2026
    seated = selectors.round_board(party, 1).tables
    assert [line.players for line in seated] == [shuffled[0:4], shuffled[4:8]]
    assert set(selectors.round_board(party, 1).sitting_out) == set(shuffled[8:])


def test_a_three_round_file_with_arrivals_departures_time_cut_and_override(host):
    tie = {"bidder": 0, "bid": 8, "bidding_team_points": 8}  # scores 8-8: a tie in every deal
    win = {"bidder": 0, "bid": 6, "bidding_team_points": 10}  # team 0 wins, 10-6
    data = {
        "format": "pedroparty/1",
        "name": "Harvest Night",
        "date": "2026-10-03",
        "options": {"movement": "up_down", "sitout_credit": "zero", "target": 52},
        "players": ["Ana", "Bea", "Cruz", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy"],
        "seating": [["Ana", "Bea", "Cruz", "Dee"], ["Eli", "Fay", "Gus", "Hal"]],
        "rounds": [
            {
                "deals": [{"table": 1, "deal": d, **tie} for d in (1, 2, 3, 4)]
                + [{"table": 2, "deal": d, **win} for d in (1, 2)],
                "time_called": [2],
                "tiebreaks": {"1": 1},
                "arrivals": ["Jo"],
            },
            {
                "deals": [{"table": t, "deal": d, **win} for t in (1, 2) for d in (1, 2, 3, 4)],
                "departures": ["Ana"],
            },
            {
                "seating_override": [["Jo", "Ivy", "Hal", "Gus"], ["Fay", "Eli", "Dee", "Cruz"]],
                "deals": [{"table": t, "deal": d, **win} for t in (1, 2) for d in (1, 2, 3, 4)],
            },
        ],
    }
    party = party_load(data, owner=host)
    assert party.status == Party.Status.FINISHED
    assert party.house_options == {"target": 52} and party.sitout_credit == "zero"
    history = selectors.party_history(party)
    names = history.names()
    r1, r2, r3 = history.rounds
    assert (r1.cuts, r1.winners, r1.time_called) == ([1, None], [1, 0], [False, True])
    assert len(r1.deals[1]) == 2
    jo = party.players.get(name="Jo")
    assert (jo.order, jo.arrives_round, jo.leaves_round) == (10, 2, None)
    assert party.players.get(name="Ana").leaves_round == 3
    # Round 2 is seated by movement from round 1 as played, Jo arriving.
    expected = movement.seat_next_round(
        movement.Seating(r1.tables, r1.sitting_out),
        r1.winners,
        present=[p.id for p in history.players if p.present_in(2)],
        sitouts_so_far=Counter(r1.sitting_out),
        registration=history.registration,
    )
    assert r2.seating == Round.Seating.MOVEMENT
    assert [list(t) for t in expected.tables] == r2.tables
    assert len(r2.sitting_out) == 2
    # Round 3 is the host's override; Ana has left.
    assert r3.seating == Round.Seating.OVERRIDE
    assert [[names[p] for p in t] for t in r3.tables] == data["rounds"][2]["seating_override"]
    assert [names[p] for p in r3.sitting_out] == ["Bea"]
    dumped = party_dump(party)
    assert dumped["rounds"][0]["arrivals"] == ["Jo"]
    assert dumped["rounds"][0]["time_called"] == [2]
    assert dumped["rounds"][0]["tiebreaks"] == {"1": 1}
    assert dumped["rounds"][1]["departures"] == ["Ana"]
    assert "seating_override" not in dumped["rounds"][1]
    assert dumped["rounds"][2]["seating_override"] == data["rounds"][2]["seating_override"]
    assert same_but_name(reloaded(dumped, host), dumped)


def test_one_bad_record_in_round_2_rejects_the_whole_file(host):
    party_load(example(), owner=host)  # something already in the database
    before = row_counts()
    data = make_file(tables=2, rounds=3, seed=3)
    bad = data["rounds"][1]["deals"][6]
    bad["bid"] = 5
    with pytest.raises(PartyFileError) as error:
        party_load(data, owner=host)
    where = f"round 2, table {bad['table']}, deal {bad['deal']}: bid: "
    assert str(error.value).startswith(where)
    assert "6 to 16" in str(error.value)
    assert (error.value.round, error.value.table, error.value.deal) == (2, 2, 3)
    assert error.value.field == "bid"
    assert row_counts() == before


def test_a_cut_for_a_table_that_is_not_tied_is_an_error(host):
    data = example()
    data["rounds"][0]["tiebreaks"] = {"1": 0}
    with pytest.raises(PartyFileError, match=r"^round 1, table 1: tiebreaks: .*not tied"):
        party_load(data, owner=host)
    assert not Party.objects.exists()


def test_a_table_still_tied_needs_its_cut(host):
    data = example()
    for record in data["rounds"][0]["deals"]:
        record.update(bidder=0, bid=8, bidding_team_points=8)
        record.pop("tally", None)
    with pytest.raises(PartyFileError, match=r"^round 1, table 1: tiebreaks: .*still tied"):
        party_load(data, owner=host)
    data["rounds"][0]["tiebreaks"] = {"1": 1}
    party = party_load(data, owner=host)
    assert TableRound.objects.get(round__party=party).winner == 1


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(seed=4), r"^seating: .*not both"),
        (lambda d: d.pop("seating"), r"^seating: Give round 1's seating"),
        (lambda d: d["options"].update(dealer_rotation=2), r"^options: Unknown option"),
        (lambda d: d["options"].update(shoot_set_penalty=20), r"^options: .*32 or 16"),
        (lambda d: d["options"].update(deals_per_round=True), r"^options: deals_per_round"),
        (lambda d: d.update(format="pedroparty/2"), r"^format: "),
        (lambda d: d.update(date="18/04/2026"), r"^date: "),
        (lambda d: d.update(ruleset="whist"), r"^ruleset: Unknown ruleset"),
        (lambda d: d["players"].append("Bea"), r"^players: Bea is listed twice"),
        (lambda d: d.update(vanue="Hall"), r"^vanue: Unknown field"),
        (lambda d: d["seating"][0].__setitem__(3, "Zed"), r"^seating: 'Zed' is not a regis"),
        (lambda d: d["seating"][0].__setitem__(3, "Ana"), r"^seating: Ana is placed more"),
        (lambda d: d["rounds"][0].update(time_caled=[1]), r"^round 1: time_caled: Unknown"),
        (lambda d: d["rounds"][0]["deals"].pop(2), r"^round 1, table 1: deals: Deal 3 is miss"),
        (
            lambda d: d["rounds"][0]["deals"].append(dict(d["rounds"][0]["deals"][0])),
            r"^round 1, table 1, deal 1: deal: .*listed twice",
        ),
        (
            lambda d: d["rounds"][0]["deals"][0].update(table=2),
            r"^round 1, table 2, deal 1: table: There is no such table",
        ),
        (
            lambda d: d["rounds"][0]["deals"][3].update(tally=[7, 9]),
            r"^round 1, table 1, deal 4: tally: By this result the tally should read 9",
        ),
        (
            lambda d: d["rounds"][0]["deals"][1].update(cards={"A": 0}),
            r"^round 1, table 1, deal 2: cards: ",
        ),
        (
            lambda d: (
                d["rounds"][0].update(departures=["Ana", "Bea"])
                or d["rounds"].append({"deals": []})
            ),
            r"^round 1: A party needs at least 4 players",
        ),
        (lambda d: d["rounds"][0].update(arrivals=["Cruz"]), r"^round 1: arrivals: Cruz is alr"),
        (
            lambda d: d["rounds"].append({"deals": []}) or d["rounds"].append({"deals": []}),
            r"^round 2, table 1: deals: Deals 1, 2, 3, 4 are missing",
        ),
    ],
)
def test_bad_files_are_refused_with_a_located_message(host, change, message):
    data = example()
    change(data)
    with pytest.raises(PartyFileError, match=message):
        party_load(data, owner=host)
    assert not Party.objects.exists()


def test_a_last_round_with_no_deals_is_seated_and_left_open(host):
    data = example()
    data["rounds"][0]["arrivals"] = ["Fay", "Gus", "Hal"]
    data["rounds"].append({"deals": []})
    party = party_load(data, owner=host)
    assert party.status == Party.Status.RUNNING
    rnd = party.rounds.get(number=2)
    assert rnd.status == Round.Status.OPEN and rnd.seats.count() == 8
    assert not rnd.results.exists()
    dumped = party_dump(party)
    assert dumped["rounds"][1]["deals"] == [] and dumped["rounds"][1]["winners"] == [None, None]
    assert same_but_name(reloaded(dumped, host), dumped)


def test_tablet_parties_between_rounds_and_finished_round_trip(host):
    party = make_party(host, players=9)
    rnd = services.round1_seat_draw(party=party, seed=5, user=host)
    rng = random.Random(8)
    for _ in range(2):
        play_round(party, rnd, host, rng)
        for line in selectors.round_board(party, rnd.number).tables:
            if line.tied and needs_cut([d.score for d in line.deals]):
                services.table_record_cut(round=rnd, table=line.number, team=0, user=host)
        rnd = services.round_close(round=rnd, user=host)
    services.player_register(party=party, name="Late Arrival", user=host)
    between = party_dump(party)  # round 3 seated, no deal entered
    assert between["rounds"][2]["deals"] == [] and between["rounds"][2]["arrivals"] == [
        "Late Arrival"
    ]
    assert same_but_name(reloaded(between, host), between)
    services.party_finish(party=party, user=host)
    finished = party_dump(party)
    assert len(finished["rounds"]) == 2
    assert same_but_name(reloaded(finished, host), finished)


def test_an_amended_result_with_the_seating_kept_is_dumped_as_an_override(host):
    data = make_file(tables=2, rounds=2, seed=11)
    party = party_load(data, owner=host)
    history = selectors.party_history(party)
    # Amend every deal of the table 1 of round 1 to flip its winner.
    loser = 1 - history.rounds[0].winners[0]
    for deal in history.rounds[0].deals[0]:
        services.result_amend(
            result=DealResult.objects.get(pk=deal.id),
            entry=services.DealEntry(bidder=loser, bid=6, bidding_team_points=16),
            reason="typed the wrong team",
            user=host,
        )
    dumped = party_dump(party)
    assert "seating_override" in dumped["rounds"][1]
    assert dumped["rounds"][1]["seating_override"] == dumped["rounds"][1]["tables"]
    assert same_but_name(reloaded(dumped, host), dumped)


def test_results_entry_refuses_a_deal_already_entered(party, host):
    rnd = services.round1_seat_draw(party=party, seed=3, user=host)
    services.result_record(
        round=rnd,
        table=1,
        deal=1,
        entry=services.DealEntry(bidder=0, bid=8, bidding_team_points=9),
        user=None,
    )
    version = Party.objects.get(pk=party.pk).version
    with services.results_entry(round=rnd, user=host) as enter:
        enter(table=1, deal=2, entry=services.DealEntry(bidder=1, bid=7, bidding_team_points=7))
        with pytest.raises(UserError) as error:
            enter(table=1, deal=1, entry=services.DealEntry(bidder=1, bid=7, bidding_team_points=7))
        assert "already entered" in error.value.errors["deal"]
        with pytest.raises(UserError) as error:
            enter(
                table=1, deal=3, entry=services.DealEntry(bidder=1, bid=40, bidding_team_points=7)
            )
        assert set(error.value.errors) == {"bid"}
    assert DealResult.objects.filter(round=rnd).count() == 2
    assert Party.objects.get(pk=party.pk).version == version + 1


# --------------------------------------------------------------------- commands


def test_the_management_commands_load_and_dump(host, tmp_path):
    path = tmp_path / "night.json"
    path.write_text(as_json(make_file(tables=2, rounds=2, seed=5)), encoding="utf-8")
    out = io.StringIO()
    call_command("party_load", str(path), "--owner", host.username, stdout=out)
    slug = out.getvalue().strip().splitlines()[-1]
    party = Party.objects.get(slug=slug)
    assert party.owner == host
    out = io.StringIO()
    call_command("party_dump", slug, stdout=out)
    assert json.loads(out.getvalue()) == party_dump(party)
    assert "Élodie" in out.getvalue()  # UTF-8, not \u escapes
    target = tmp_path / "out.json"
    call_command("party_dump", slug, "-o", str(target))
    assert json.loads(target.read_text(encoding="utf-8")) == party_dump(party)


def test_party_load_owner_defaults(django_user_model, tmp_path):
    path = tmp_path / "night.json"
    path.write_text(as_json(example()), encoding="utf-8")
    out = io.StringIO()
    call_command("party_load", str(path), stdout=out)
    owner = Party.objects.get(slug=out.getvalue().splitlines()[-1]).owner
    assert owner.username == "host" and not owner.has_usable_password()
    boss = django_user_model.objects.create_superuser(username="boss", password="x-1-y-2-z")
    out = io.StringIO()
    call_command("party_load", str(path), stdout=out)
    assert Party.objects.get(slug=out.getvalue().splitlines()[-1]).owner == boss


def test_party_load_command_refuses_a_bad_file(host, tmp_path):
    data = example()
    data["rounds"][0]["deals"][2]["bidder"] = 7
    path = tmp_path / "bad.json"
    path.write_text(as_json(data), encoding="utf-8")
    with pytest.raises(CommandError, match=r"round 1, table 1, deal 3: bidder: "):
        call_command("party_load", str(path), stdout=io.StringIO())
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(CommandError, match="not valid JSON"):
        call_command("party_load", str(path), stdout=io.StringIO())
    with pytest.raises(CommandError, match="There is no party"):
        call_command("party_dump", "no-such-party", stdout=io.StringIO())
    assert not Party.objects.exists()


# --------------------------------------------------------------------- pages


def test_the_host_downloads_the_party_file(client, host, other_host):
    party = party_load(example(), owner=host)
    url = reverse("host:party_file", args=[party.slug])
    assert client.get(url).status_code == 302  # to sign in
    client.force_login(other_host)
    assert client.get(url).status_code == 404
    client.force_login(host)
    response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/json")
    assert response["Content-Disposition"] == f'attachment; filename="{party.slug}.json"'
    assert json.loads(response.content.decode("utf-8")) == party_dump(party)
    dashboard = client.get(reverse("host:dashboard", args=[party.slug])).content.decode()
    assert url in dashboard


def test_the_upload_page_loads_a_file_and_shows_errors(client, host):
    client.force_login(host)
    url = reverse("host:party_upload")
    assert url in client.get(reverse("host:party_list")).content.decode()
    assert client.get(url).status_code == 200
    upload = io.BytesIO(as_json(example()).encode("utf-8"))
    upload.name = "night.json"
    response = client.post(url, {"file": upload})
    party = Party.objects.get()
    assert party.owner == host
    assert response.status_code == 302
    assert response["Location"] == reverse("host:dashboard", args=[party.slug])

    data = example()
    data["rounds"][0]["deals"][1]["bid"] = 33
    upload = io.BytesIO(as_json(data).encode("utf-8"))
    upload.name = "bad.json"
    response = client.post(url, {"file": upload})
    assert response.status_code == 422
    assert "round 1, table 1, deal 2: bid: " in response.content.decode()
    upload = io.BytesIO(b"\xff\xfe not text")
    upload.name = "junk.json"
    response = client.post(url, {"file": upload})
    assert response.status_code == 422 and "not UTF-8" in response.content.decode()
    assert Party.objects.count() == 1


@pytest.mark.parametrize("tables", [1, 4])
def test_the_dump_reads_a_fixed_number_of_queries(host, django_assert_num_queries, tables):
    party = party_load(make_file(tables=tables, rounds=2, seed=tables), owner=host)
    # party_history (6), every version of every deal, the prizes and the picks
    with django_assert_num_queries(9):
        party_dump(party)


# --------------------------------------------------------------------- the rest of the party


def test_a_dump_keeps_the_venue_prizes_picks_public_switches_and_amendments(host):
    party = make_party(host, players=8, planned_rounds=9, special_prizes={"low_score": "Booby"})
    services.party_public_set(party=party, open=True, standings=False, user=host)
    rnd = services.round1_seat_draw(party=party, seed=12, user=host)
    play_round(party, rnd, host, random.Random(12))
    services.result_amend(
        result=DealResult.objects.get(round=rnd, table=2, deal=3),
        entry=services.DealEntry(bidder=1, bid=6, bidding_team_points=11),
        reason="seat 2 bid, not seat 1",
        user=host,
    )
    for line in selectors.round_board(party, 1).tables:
        if needs_cut([d.score for d in line.deals]):
            services.table_record_cut(round=rnd, table=line.number, team=1, user=host)
    services.round_close(round=rnd, user=host)
    services.party_finish(party=party, user=host)
    prizes = list(party.prizes.filter(kind="place").order_by("position"))
    for prize in (prizes[2], prizes[0]):
        turn = selectors.prize_turn(party)
        player = party.players.get(pk=turn.player)
        services.prize_pick(party=party, player=player, prize=prize, user=host)
    party.refresh_from_db()
    dumped = party_dump(party)
    assert dumped["venue"] == "Parish hall" and dumped["planned_rounds"] == 9
    assert dumped["public"] == {"open": True, "standings": False}
    assert dumped["prizes"] == ["Wine", "Chocolates", "Deck of cards"]
    assert dumped["special_prizes"] == {"low_score": "Booby"}
    assert [pick["prize"] for pick in dumped["prize_picks"]] == [3, 1]
    amended = next(d for d in dumped["rounds"][0]["deals"] if (d["table"], d["deal"]) == (2, 3))
    assert amended["amendments"][0]["reason"] == "seat 2 bid, not seat 1"
    assert (amended["bidder"], amended["bid"], amended["bidding_team_points"]) == (1, 6, 11)

    copy = party_load(json.loads(as_json(dumped)), owner=host)
    assert same_but_name(party_dump(copy), dumped)
    assert (copy.venue, copy.planned_rounds, copy.public_standings) == ("Parish hall", 9, False)
    picks = PrizeAward.objects.filter(prize__party=copy, prize__kind="place").order_by("id")
    assert [(a.prize.name, a.player.name) for a in picks] == [
        (prizes[2].name, dumped["prize_picks"][0]["player"]),
        (prizes[0].name, dumped["prize_picks"][1]["player"]),
    ]
    assert copy.prizes.get(kind="low_score").awards.exists()
    amend = AuditEntry.objects.get(party=copy, action="result_amend")
    assert amend.reason == "seat 2 bid, not seat 1"


def test_files_without_the_new_fields_still_load(host):
    party = party_load(example(), owner=host)
    assert party.venue == "" and party.planned_rounds == 6
    assert not party.prizes.exists() and party.public_open and party.public_standings


def test_a_second_load_of_one_file_is_named_apart_and_noted(host, other_host):
    first = party_load(example(), owner=host, source="night.json")
    second = party_load(example(), owner=host, source="night.json")
    third = party_load(example(), owner=host)
    theirs = party_load(example(), owner=other_host)
    assert first.name == "Spring Card Party" and theirs.name == "Spring Card Party"
    assert (second.name, third.name) == ("Spring Card Party (2)", "Spring Card Party (3)")
    later = example()
    later["date"] = "2026-04-19"
    assert party_load(later, owner=host).name == "Spring Card Party"
    long = example()
    long["name"] = "N" * 120
    party_load(long, owner=host)
    assert party_load(long, owner=host).name == "N" * 116 + " (2)"
    note = AuditEntry.objects.get(party=second, action="party_load")
    assert note.summary == "Loaded from the party file night.json"


def test_the_party_list_shows_the_date_and_when_a_party_was_loaded(client, host):
    made = make_party(host, players=4)
    loaded = party_load(example(), owner=host)
    client.force_login(host)
    page = client.get(reverse("host:party_list")).content.decode()
    assert page.count("loaded from a file") == 1
    assert "Spring Card Party (2)" in page and "April 18, 2026" in page
    assert page.index(loaded.slug) < page.index("loaded from a file")
    assert reverse("host:party_delete", args=[made.slug]) in page


def test_prizes_page_does_not_claim_every_prize_picked_when_none_are_listed(client, host):
    data = example()
    party = party_load(data, owner=host)
    client.force_login(host)
    page = client.get(reverse("host:prizes", args=[party.slug])).content.decode()
    assert "No prizes listed." in page
    assert "Every place prize has been picked" not in page
    assert "No place prizes are listed, so there is nothing to pick." in page
    data["prizes"] = ["Wine"]
    data["prize_picks"] = [{"player": "Ana", "prize": 1}]
    picked = party_load(data, owner=host)
    page = client.get(reverse("host:prizes", args=[picked.slug])).content.decode()
    assert "Every place prize has been picked." in page


@pytest.mark.django_db(transaction=True)
def test_loads_of_one_file_at_once_are_named_apart(host):
    """Four uploads of one file at the same moment, each on its own connection:
    the host's row lock makes each see the others' names."""
    loads = 4
    barrier = threading.Barrier(loads)
    outcomes: list[object] = [None] * loads

    def upload(i: int) -> None:
        try:
            barrier.wait(timeout=30)
            outcomes[i] = party_load(example(), owner=host).name
        except Exception as exc:  # every outcome is checked below
            outcomes[i] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=upload, args=(i,)) for i in range(loads)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not any(thread.is_alive() for thread in threads)
    name = EXAMPLE["name"]
    assert sorted(outcomes) == [name, f"{name} (2)", f"{name} (3)", f"{name} (4)"]


def test_the_stored_dump_read_by_the_parser_tests_is_what_a_load_dumps_back(host):
    """tests/tournaments/data/harvest_night.json stands for a dump in the tests
    that have no database: it must stay one."""
    stored = json.loads((Path(__file__).parents[1] / "data" / "harvest_night.json").read_text())
    assert same_but_name(reloaded(stored, host), stored)
