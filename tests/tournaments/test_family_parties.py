"""Every game of the Pedro family at a party (RULES.md 11.5): chosen with a
house option on the new-party form, a round entered on the tablet, the
standings, and the party file's round trip."""

from __future__ import annotations

import datetime
import html
import json
import random
import re
from pathlib import Path

import pytest
from django.urls import reverse

from scoring.rules import PARTNERSHIP_RULESETS, RULESETS, new_deal
from scoring.wording import bid_words
from tournaments import printing, selectors, services
from tournaments.choices import POINT_CARD_NAMES
from tournaments.errors import UserError
from tournaments.forms import CASUAL_GAME_OPTIONS
from tournaments.models import DealResult, Document, Party, TableRound
from tournaments.partyfile import party_dump, party_load
from tournaments.tableside.services import table_entry_confirm, table_entry_submit

from .builders import make_party

pytestmark = pytest.mark.django_db

PLAYERS = ("Ana", "Bea", "Cruz", "Dee")
DEALS = 3


def changed(option, default):
    """A value of ``option`` other than its default."""
    if option.kind is bool:
        return not default
    if option.choices:
        return next(choice for choice in option.choices if choice != default)
    low = option.minimum if option.minimum is not None else 0
    return low if default != low else low + 1


def party_post(name: str) -> tuple[dict, str | None, object]:
    """The new-party form's data for game ``name``: its own house options at
    their defaults but one, changed (and ``DEALS`` deals a round)."""
    rs = PARTNERSHIP_RULESETS[name]
    data = {
        "name": f"{rs.title} night",
        "date": datetime.date(2026, 4, 18).isoformat(),
        "ruleset": name,
        "movement": "up_down",
        "sitout_credit": "average",
        "planned_rounds": "3",
        "deals_per_round": str(DEALS),
    }
    options = [o for o in rs.house_options if o.name not in CASUAL_GAME_OPTIONS]
    chosen = next((o for o in options if o.name != "deals_per_round"), None)
    value = None
    for option in options:
        if option.name == "deals_per_round":
            continue
        own = getattr(rs, option.name)
        if option is chosen:
            own = value = changed(option, own)
        if option.kind is bool:
            if own:
                data[option.name] = "on"
        else:
            data[option.name] = str(own)
    return data, chosen and chosen.name, value


def finished_deal(rs, seed: int):
    """A deal of ``rs`` played to its end with random legal actions."""
    chooser = random.Random(seed)
    state = new_deal(rs, dealer=seed % 4, seed=seed)
    while state.to_act is not None:
        state.apply(chooser.choice(state.legal_actions()))
    return state


def entry_post(record: dict, deal: int) -> dict:
    """What the tablet's entry form posts for an engine's hand-result record."""
    data = {
        "deal": deal,
        "form_token": f"t{deal}",
        "bidder": record["bidder"],
        "bid": record["bid"],
        "trump": record["trump"],
        "bidding_team_points": record["bidding_team_points"],
        "tally0": record["tally"][0],
        "tally1": record["tally"][1],
    }
    if "other_team_points" in record:
        data["other_team_points"] = record["other_team_points"]
    return data


def create(client, host, name: str) -> Party:
    client.force_login(host)
    data, option, value = party_post(name)
    response = client.post(reverse("host:party_create"), data)
    assert response.status_code == 302, response.content.decode()
    party = Party.objects.get(ruleset=name)
    rs = services.party_ruleset(party)
    assert rs.name == name and rs.deals_per_round == DEALS
    if option is not None:
        assert getattr(rs, option) == value != getattr(PARTNERSHIP_RULESETS[name], option)
    for player in PLAYERS:
        services.player_register(party=party, name=player, user=host)
    return party


@pytest.mark.parametrize("name", list(PARTNERSHIP_RULESETS))
def test_every_game_is_chosen_entered_ranked_and_filed(client, host, name):
    party = create(client, host, name)
    rs = services.party_ruleset(party)
    services.round1_seat_draw(party=party, seed=3, user=host)
    url = reverse("host:table", args=[party.slug, 1, 1])
    page = client.get(url).content.decode()
    for bid in rs.bids():
        assert f'name="bid" value="{bid}"' in page
    assert ('name="other_team_points"' in page) == rs.cards_can_leave_play
    team_totals = [0, 0]
    for deal in range(1, DEALS + 1):
        record = finished_deal(rs, seed=deal * 7).record()
        response = client.post(url, entry_post(record, deal))
        assert response.status_code == 302, response.content.decode()
        stored = DealResult.objects.get(round__party=party, deal=deal)
        assert [stored.score0, stored.score1] == record["tally"]
        assert stored.other_team_points == record.get("other_team_points")
        team_totals[0] += record["tally"][0]
        team_totals[1] += record["tally"][1]
    party.refresh_from_db()
    standings = selectors.party_standings(party)
    assert sorted(row.score for row in standings.rows) == sorted(team_totals * 2)

    dumped = party_dump(party)
    assert dumped["ruleset"] == name
    again = party_dump(party_load(json.loads(json.dumps(dumped)), owner=host))
    assert json.dumps({**again, "name": ""}) == json.dumps({**dumped, "name": ""})


def test_sixty_three_bids_up_to_63_and_takes_both_teams_points(client, host):
    party = create(client, host, "sixty-three")
    services.round1_seat_draw(party=party, seed=3, user=host)
    url = reverse("host:table", args=[party.slug, 1, 1])
    page = client.get(url).content.decode()
    assert 'name="bid" value="63"' in page and 'name="other_team_points"' in page
    data = {"deal": 1, "form_token": "a", "bidder": 0, "bid": 63, "bidding_team_points": 40}
    assert client.post(url, data).status_code == 422  # the other team's points are missing
    assert not DealResult.objects.exists()
    response = client.post(url, {**data, "other_team_points": 20})
    assert response.status_code == 302
    stored = DealResult.objects.get()
    assert (stored.bidding_team_points, stored.other_team_points) == (40, 20)
    assert (stored.score0, stored.score1) == PARTNERSHIP_RULESETS["sixty-three"].deal_score(
        63, 40, 20
    )


def test_oregon_asks_for_the_bids_suit_and_refuses_an_entry_without_it(client, host):
    party = create(client, host, "oregon")
    services.round1_seat_draw(party=party, seed=3, user=host)
    url = reverse("host:table", args=[party.slug, 1, 1])
    page = client.get(url).content.decode()
    assert 'name="trump" value="S" required' in page
    data = {
        "deal": 1,
        "form_token": "a",
        "bidder": 1,
        "bid": 7,
        "bidding_team_points": 8,
        "other_team_points": 7,
    }
    response = client.post(url, data)
    assert response.status_code == 422 and "the bid names trump" in response.content.decode()
    assert not DealResult.objects.exists()
    assert client.post(url, {**data, "trump": "H"}).status_code == 302
    assert DealResult.objects.get().trump == "H"


def test_louisiana_offers_28_and_56(client, host):
    party = create(client, host, "louisiana")
    services.round1_seat_draw(party=party, seed=3, user=host)
    url = reverse("host:table", args=[party.slug, 1, 1])
    page = client.get(url).content.decode()
    assert 'name="bid" value="28"' in page and 'name="bid" value="56"' in page
    data = {"deal": 1, "form_token": "a", "bidder": 0, "bid": 56, "bidding_team_points": 14}
    assert client.post(url, data).status_code == 302
    assert DealResult.objects.get().score0 == 56


@pytest.mark.parametrize("name", ["sixty-three", "oregon", "louisiana", "tennessee"])
def test_a_record_the_validator_refuses_changes_nothing(client, host, name):
    party = create(client, host, name)
    services.round1_seat_draw(party=party, seed=3, user=host)
    party.refresh_from_db()
    before = (party.version, DealResult.objects.count(), party.audit.count())
    rs = PARTNERSHIP_RULESETS[name]
    url = reverse("host:table", args=[party.slug, 1, 1])
    record = finished_deal(rs, seed=5).record()
    bad = {**entry_post(record, 1), "bid": max(rs.bids()) + 1}
    assert client.post(url, bad).status_code == 422
    party.refresh_from_db()
    assert (party.version, DealResult.objects.count(), party.audit.count()) == before


def test_the_whole_table_entry_takes_both_teams_points_and_the_suit(client, host):
    party = create(client, host, "oregon")
    services.round1_seat_draw(party=party, seed=3, user=host)
    client.force_login(host)
    url = reverse("host:table_tally", args=[party.slug, 1, 1])
    page = client.get(url).content.decode()
    assert "deal1-other_team_points" in page and "deal1-trump" in page
    data = {}
    for deal in range(1, DEALS + 1):
        record = finished_deal(PARTNERSHIP_RULESETS["oregon"], seed=deal).record()
        data.update(
            {
                f"deal{deal}-bidder": record["bidder"],
                f"deal{deal}-bid": record["bid"],
                f"deal{deal}-bidding_team_points": record["bidding_team_points"],
                f"deal{deal}-other_team_points": record["other_team_points"],
                f"deal{deal}-trump": record["trump"],
            }
        )
    response = client.post(url, data)
    assert response.status_code == 302, response.content.decode()
    assert DealResult.objects.filter(round__party=party).count() == DEALS


def test_a_game_without_a_top_contract_offers_no_such_prize(client, host):
    client.force_login(host)
    data, _, _ = party_post("cinch")
    response = client.post(reverse("host:party_create"), {**data, "most_shoots_prize": "Cake"})
    assert response.status_code == 422
    assert not Party.objects.exists()
    data, _, _ = party_post("louisiana")
    response = client.post(reverse("host:party_create"), {**data, "most_shoots_prize": "Cake"})
    assert response.status_code == 302


def test_the_readme_lists_every_game_with_its_rules_page():
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    listed = re.findall(r"^\| \[`([\w-]+)`\]\(docs/rules/([\w-]+)\.md\)", readme, re.MULTILINE)
    assert [game for game, _ in listed] == list(RULESETS)
    assert all(game == page for game, page in listed)


@pytest.mark.parametrize(
    "name", ["sixty-three", "louisiana", "king-pedro", "snoozer", "canadian", "pitch"]
)
def test_the_score_sheets_show_the_games_bids_and_point_cards(client, host, name):
    party = create(client, host, name)
    services.round1_seat_draw(party=party, seed=3, user=host)
    party.refresh_from_db()
    rs = services.party_ruleset(party)
    kind = Document.Kind.SCORE_SHEETS
    page, _step, _total = printing.build_html(
        party, kind, printing.document_options(party, kind, {})
    )
    text = html.unescape(page)
    plain = [bid for bid in rs.bids() if bid not in rs.top_contracts]
    assert f"bids {plain[0]} to {plain[-1]}" in text
    for top in rs.top_contracts:
        assert bid_words(top, rs) in text
    for role, value in rs.point_cards():
        assert f"{POINT_CARD_NAMES.get(role, role)} {value}" in text
    assert ("Other team's points" in text) == rs.cards_can_leave_play


def test_a_sixty_three_deal_entered_at_the_table_keeps_both_teams_points(host):
    party = make_party(host, tableside_entry=True, ruleset="sixty-three")
    rnd = services.round1_seat_draw(party=party, seed=3, user=host)
    table_round = TableRound.objects.get(round=rnd, table=1)
    said = {"bidder": 0, "bid": 30, "bidding_team_points": 40}
    with pytest.raises(UserError) as refused:
        table_entry_submit(table_round=table_round, deal=1, seat=0, **said)
    assert "other_team_points" in refused.value.errors
    entry = table_entry_submit(table_round=table_round, deal=1, seat=0, other_team_points=8, **said)
    result = table_entry_confirm(round=rnd, table=1, deal=1, seat=1, entry_id=entry.pk)
    assert (result.bidding_team_points, result.other_team_points) == (40, 8)
