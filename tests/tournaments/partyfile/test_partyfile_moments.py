"""The party file at any moment of the night (RULES.md section 10, "A party in
progress"): dump, load, dump gives the same file, and the loaded party takes
the next entry exactly as the original would."""

from __future__ import annotations

import io
import json
import random
import re

import pytest
from django.core.management import call_command

from tests.tournaments.builders import make_party, play_round
from tournaments import selectors, services
from tournaments.game.standings import needs_cut
from tournaments.management.commands.demo import ROUND3_DEALS, demo_party_create
from tournaments.models import DealResult, Party, Round
from tournaments.partyfile import PartyFileError, party_dump, party_load

pytestmark = pytest.mark.django_db


def as_json(data: dict) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2)


def same_but_name(copy: dict, original: dict) -> bool:
    """The two files are the same but for the name a second copy gets."""
    assert re.fullmatch(re.escape(original["name"]) + r" \(\d+\)", copy["name"])
    return as_json({**copy, "name": ""}) == as_json({**original, "name": ""})


def copy_of(party: Party, host) -> Party:
    """A party loaded from ``party``'s file, checked to dump back the same."""
    dumped = party_dump(party)
    copy = party_load(json.loads(as_json(dumped)), owner=host)
    assert same_but_name(party_dump(copy), dumped)
    return copy


def next_entry(party: Party, user) -> str:
    """Take the night one step on through the services, as the tablet would:
    seat round 1, enter the first deal still missing, or close the round."""
    rnd = party.rounds.order_by("-number").first()
    if rnd is None:
        services.round1_seat_draw(party=party, seed=41, user=user)
        return "seat"
    info = selectors.party_history(party).rounds[-1]
    for table, deals in enumerate(info.deals, start=1):
        if info.time_called[table - 1]:
            continue
        entered = {d.deal for d in deals}
        for deal in range(1, party.deals_per_round + 1):
            if deal not in entered:
                services.result_record(
                    round=rnd,
                    table=table,
                    deal=deal,
                    entry=services.DealEntry(
                        bidder=(table + deal) % 4, bid=7, bidding_team_points=table + deal
                    ),
                    user=user,
                )
                return f"deal {table}.{deal}"
    for table, deals in enumerate(info.deals, start=1):
        scores = [d.score for d in deals]
        if info.cuts[table - 1] is None and needs_cut(scores):
            services.table_record_cut(round=rnd, table=table, team=1, user=user)
            return f"cut {table}"
    services.round_close(round=rnd, user=user)
    return "close"


def assert_copy_goes_on_alike(party: Party, host, steps: int = 3) -> None:
    """Load a copy, then take both the same steps on: their files stay alike."""
    copy = copy_of(party, host)
    for _ in range(steps):
        assert next_entry(party, host) == next_entry(copy, host)
        assert same_but_name(party_dump(copy), party_dump(party))


def enter(rnd: Round, table: int, deal: int, host, **values) -> DealResult:
    values = {"bidder": 0, "bid": 7, "bidding_team_points": 9, **values}
    return services.result_record(
        round=rnd, table=table, deal=deal, entry=services.DealEntry(**values), user=host
    )


# --------------------------------------------------------------------- moments


def test_the_demo_party_mid_round_3_dumps_and_loads_as_it_stood(host):
    party = demo_party_create(host)
    dumped = party_dump(party)
    third = dumped["rounds"][2]
    assert third["open"] is True and "open" not in dumped["rounds"][1]
    assert {(d["table"], d["deal"]) for d in third["deals"]} == {
        (table, deal) for table, count in ROUND3_DEALS.items() for deal in range(1, count + 1)
    }
    copy = copy_of(party, host)
    assert copy.status == Party.Status.RUNNING
    rnd = copy.rounds.get(number=3)
    assert rnd.status == Round.Status.OPEN
    assert rnd.results.count() == sum(ROUND3_DEALS.values())
    assert_copy_goes_on_alike(party, host, steps=4)


def test_before_round_1_is_seated(host):
    party = make_party(host, players=9)
    dumped = party_dump(party)
    assert dumped["seating"] == [] and dumped["rounds"] == []
    copy = copy_of(party, host)
    assert copy.status == Party.Status.SETUP and not copy.rounds.exists()
    assert [p.name for p in copy.players.all()] == [p.name for p in party.players.all()]
    assert_copy_goes_on_alike(party, host, steps=3)  # seated by the same draw, then deals


def test_seated_before_any_deal(host):
    party = make_party(host, players=10)
    services.round1_seat_draw(party=party, seed=9, user=host)
    dumped = party_dump(party)
    assert dumped["rounds"] == [
        {
            "open": True,
            "deals": [],
            "time_called": [],
            "tiebreaks": {},
            "arrivals": [],
            "departures": [],
            "tables": dumped["seating"],
            "sitting_out": dumped["rounds"][0]["sitting_out"],
            "winners": [None, None],
        }
    ]
    assert_copy_goes_on_alike(party, host)


def test_mid_round_deals_entered_in_any_order(host):
    party = make_party(host, players=8)
    rnd = services.round1_seat_draw(party=party, seed=2, user=host)
    enter(rnd, 2, 3, host)
    enter(
        rnd, 1, 1, host, bidder=1, bid=8, bidding_team_points=None, cards=dict.fromkeys("AJTPL2", 1)
    )
    enter(rnd, 2, 1, host, tally=[7, 9], bidding_team_points=9, bid=7, bidder=1)
    assert_copy_goes_on_alike(party, host, steps=5)


def test_after_a_close_with_the_next_round_seated(host):
    party = make_party(host, players=9)
    rnd = services.round1_seat_draw(party=party, seed=4, user=host)
    play_round(party, rnd, host, random.Random(1))
    while next_entry(party, host) != "close":
        pass
    dumped = party_dump(party)
    assert "open" not in dumped["rounds"][0] and dumped["rounds"][1]["open"] is True
    assert_copy_goes_on_alike(party, host, steps=3)


def test_with_time_called_and_a_cut_in_the_open_round(host):
    party = make_party(host, players=8)
    rnd = services.round1_seat_draw(party=party, seed=6, user=host)
    for deal in (1, 2, 3, 4):  # 8-8 in every deal: a tie the cut decides
        enter(rnd, 1, deal, host, bid=8, bidding_team_points=8)
    services.table_record_cut(round=rnd, table=1, team=0, user=host)
    enter(rnd, 2, 1, host)
    services.table_call_time(round=rnd, table=2, user=host)
    dumped = party_dump(party)
    assert dumped["rounds"][0]["tiebreaks"] == {"1": 0}
    assert dumped["rounds"][0]["time_called"] == [2]
    copy = copy_of(party, host)
    outcomes = {t.table: (t.cut_winner, t.time_called) for t in copy.rounds.get().tables.all()}
    assert outcomes == {1: (0, False), 2: (None, True)}
    assert next_entry(party, host) == next_entry(copy, host) == "close"
    assert same_but_name(party_dump(copy), party_dump(party))


def test_with_a_seating_override_in_the_open_round(host):
    party = make_party(host, players=8)
    rnd = services.round1_seat_draw(party=party, seed=8, user=host)
    play_round(party, rnd, host, random.Random(3))
    while next_entry(party, host) != "close":
        pass
    second = party.rounds.get(number=2)
    ids = list(party.players.order_by("order").values_list("id", flat=True))
    second = services.round_override_seating(round=second, tables=[ids[:4], ids[4:]], user=host)
    enter(second, 2, 2, host)
    dumped = party_dump(party)
    assert dumped["rounds"][1]["seating_override"] == [dumped["players"][:4], dumped["players"][4:]]
    assert_copy_goes_on_alike(party, host, steps=8)


def test_with_an_arrival_and_a_departure_pending(host):
    party = make_party(host, players=9)
    rnd = services.round1_seat_draw(party=party, seed=1, user=host)
    enter(rnd, 1, 1, host)
    services.player_register(party=party, name="Late Lou", user=host)
    leaver = rnd.seats.order_by("table", "seat").first().player
    services.player_depart(party=party, player=leaver, user=host)
    dumped = party_dump(party)
    assert dumped["rounds"][0]["arrivals"] == ["Late Lou"]
    assert dumped["rounds"][0]["departures"] == [leaver.name]
    copy = copy_of(party, host)
    lou = copy.players.get(name="Late Lou")
    assert (lou.arrives_round, copy.players.get(name=leaver.name).leaves_round) == (2, 2)
    for _ in range(12):  # round 1 played out, closed, round 2 seated without the leaver
        assert next_entry(party, host) == next_entry(copy, host)
    assert copy.rounds.filter(number=2).exists()
    assert same_but_name(party_dump(copy), party_dump(party))


def test_with_amendments_in_an_open_and_a_closed_round(host):
    party = make_party(host, players=8)
    rnd = services.round1_seat_draw(party=party, seed=5, user=host)
    play_round(party, rnd, host, random.Random(5))
    first = DealResult.objects.get(round=rnd, table=1, deal=2)
    once, _ = services.result_amend(
        result=first,
        entry=services.DealEntry(bidder=1, bid=9, bidding_team_points=4),
        reason="wrong bid",
        user=host,
    )
    while next_entry(party, host) != "close":
        pass
    services.result_amend(
        result=once,
        entry=services.DealEntry(bidder=2, bid=10, bidding_team_points=12),
        reason="wrong seat",
        user=host,
    )
    second = party.rounds.get(number=2)
    open_deal = enter(second, 1, 1, host)
    services.result_amend(
        result=open_deal,
        entry=services.DealEntry(bidder=3, bid=6, bidding_team_points=2),
        reason="typo",
        user=host,
    )
    dumped = party_dump(party)
    amended = next(d for d in dumped["rounds"][0]["deals"] if (d["table"], d["deal"]) == (1, 2))
    assert (amended["bidder"], amended["bid"], amended["bidding_team_points"]) == (2, 10, 12)
    assert [a["reason"] for a in amended["amendments"]] == ["wrong bid", "wrong seat"]
    assert amended["amendments"][1] == {
        "bidder": 1,
        "bid": 9,
        "bidding_team_points": 4,
        "reason": "wrong seat",
    }
    copy = copy_of(party, host)
    versions = DealResult.objects.filter(round__party=copy, round__number=1, table=1, deal=2)
    assert [(v.version, v.is_current, v.reason) for v in versions.order_by("version")] == [
        (1, False, ""),
        (2, False, "wrong bid"),
        (3, True, "wrong seat"),
    ]
    assert_copy_goes_on_alike(party, host)


# --------------------------------------------------------------------- refused


def test_an_open_round_that_is_not_the_last_is_an_error(host):
    party = demo_party_create(host)
    dumped = party_dump(party)
    dumped["rounds"][1]["open"] = True
    before = Party.objects.count()
    with pytest.raises(PartyFileError, match=r"^round 2: open: Only the last round can be open"):
        party_load(dumped, owner=host)
    dumped["rounds"][1]["open"] = "yes"
    with pytest.raises(PartyFileError, match=r"^round 2: open: open is true"):
        party_load(dumped, owner=host)
    assert Party.objects.count() == before


def test_a_closed_last_round_still_needs_every_deal(host):
    dumped = party_dump(demo_party_create(host))
    del dumped["rounds"][2]["open"]
    with pytest.raises(PartyFileError, match=r"^round 3, table 1: deals: Deals 3, 4 are missing"):
        party_load(dumped, owner=host)


def test_the_commands_move_a_night_in_progress(host, tmp_path):
    party = demo_party_create(host)
    path = tmp_path / "night.json"
    call_command("party_dump", party.slug, "-o", str(path))
    out = io.StringIO()
    call_command("party_load", str(path), "--owner", host.username, stdout=out)
    copy = Party.objects.get(slug=out.getvalue().splitlines()[-1])
    assert copy.rounds.get(number=3).status == Round.Status.OPEN
    assert same_but_name(party_dump(copy), party_dump(party))
