"""A refused deal record reaches the host through ``scoring.texts.translated``:
the results services and the party file say the validator's errors in the
reader's language, while the validator's own sentences stay English."""

from __future__ import annotations

import datetime

import pytest

from scoring import texts
from scoring.rules import validate_result
from tournaments import services
from tournaments.errors import UserError
from tournaments.partyfile import PartyFileError, party_load

pytestmark = pytest.mark.django_db


@pytest.fixture
def shouting(monkeypatch):
    """A catalogue that puts every sentence in quotes, so that a message that
    went through ``translated`` can be told from one that did not."""
    monkeypatch.setattr(texts, "gettext", lambda text: f"«{text}»")


@pytest.fixture
def host(django_user_model):
    return django_user_model.objects.create_user(username="hostess", password="cards-and-wine-1")


def test_a_refused_result_is_said_through_translated(host, shouting):
    party = services.party_create(owner=host, name="Quiz night", date=datetime.date(2026, 5, 2))
    for name in ("Ana", "Bea", "Cruz", "Dee"):
        services.player_register(party=party, name=name, user=host)
    party.refresh_from_db()
    rnd = services.round1_seat_draw(party=party, seed=4, user=host)
    rs = services.party_ruleset(party)
    with pytest.raises(UserError) as refused:
        services.result_record(
            round=rnd,
            table=1,
            deal=1,
            entry=services.DealEntry(bidder=0, bid=rs.max_bid + 1, bidding_team_points=0),
            user=host,
        )
    record = {"deal": 1, "bidder": 0, "bid": rs.max_bid + 1, "bidding_team_points": 0}
    [english] = validate_result(rs, record)
    said = refused.value.errors["bid"]
    assert (
        said
        == texts.translated(english)
        == f"«{english.template}»"
        % {
            "allowed": f"«{english.params['allowed']}»",
            "value": english.params["value"],
        }
    )
    assert said != str(english) and said.strip("«»").startswith("The bid must be")


def test_a_party_file_deal_the_rules_refuse_is_said_through_translated(host, shouting):
    party = {
        "format": "pedroparty/1",
        "name": "Spring Card Party",
        "date": "2026-04-18",
        "players": ["Ana", "Bea", "Cruz", "Dee"],
        "seating": [["Ana", "Bea", "Cruz", "Dee"]],
        "rounds": [
            {"deals": [{"table": 1, "deal": 1, "bidder": 1, "bid": 99, "bidding_team_points": 3}]}
        ],
    }
    with pytest.raises(PartyFileError) as refused:
        party_load(party, owner=host)
    assert "«The bid must be «" in refused.value.message
    # Where it is stays English, in the file's own terms.
    assert refused.value.field == "bid" and refused.value.deal == 1
