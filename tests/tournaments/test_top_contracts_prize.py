"""The special prize for top contracts is named by the party's game: Monterey's
shoot, Louisiana's 28 and 56 (RULES.md 11.5)."""

import pytest
from django.urls import reverse

from scoring import wording
from scoring.rules import RULESETS
from tests.tournaments.builders import make_party
from tournaments import selectors


def test_the_prize_names_each_games_own_top_contracts():
    assert wording.top_contracts_prize(RULESETS["monterey-draw"]) == "Most 32s made"
    assert wording.top_contracts_prize(RULESETS["louisiana"]) == "Most 28s and 56s made"


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("ruleset", "label"),
    [("monterey-draw", "Most 32s made"), ("louisiana", "Most 28s and 56s made")],
)
def test_the_prize_board_names_the_partys_top_contracts(host, ruleset, label):
    party = make_party(host, ruleset=ruleset, special_prizes={"most_shoots": "Cake"})
    (line,) = [p for p in selectors.prize_board(party) if p.kind == "most_shoots"]
    assert (line.name, line.kind_label) == ("Cake", label)


@pytest.mark.django_db
def test_the_party_form_lists_the_games_with_top_contracts(client, host):
    client.force_login(host)
    page = client.get(reverse("host:party_create")).content.decode()
    assert "Most 28s and 56s made" in page and "Most 32s made" in page
