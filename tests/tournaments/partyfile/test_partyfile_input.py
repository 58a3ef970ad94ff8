"""Bad party files: a clear error that names the problem, nothing created, never
a crash, whether uploaded or given to ``manage.py party_load``."""

from __future__ import annotations

import copy
import html
import io
import json
import os

import pytest
from django.core.management import CommandError, call_command
from django.db import transaction
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournaments.models import AuditEntry, DealResult, Party, Player, Prize, Round
from tournaments.partyfile import PartyFileError, party_file_parse, party_load

from .mutations import jsonish, mutated_files

pytestmark = pytest.mark.django_db

EXAMPLE = {
    "format": "pedroparty/1",
    "name": "Spring Card Party",
    "date": "2026-04-18",
    "venue": "Parish hall",
    "options": {"movement": "up_down", "deals_per_round": 4, "sitout_credit": "average"},
    "players": ["Ana", "Bea", "Cruz", "Dee", "Eli"],
    "seating": [["Ana", "Bea", "Cruz", "Dee"]],
    "rounds": [
        {
            "deals": [
                {"table": 1, "deal": 1, "bidder": 1, "bid": 8, "bidding_team_points": 10},
                {"table": 1, "deal": 2, "bidder": 2, "bid": 7, "bidding_team_points": 9},
                {"table": 1, "deal": 3, "bidder": 3, "bid": 9, "bidding_team_points": 7},
                {"table": 1, "deal": 4, "bidder": 0, "bid": 6, "bidding_team_points": 9},
            ],
            "tiebreaks": {},
        }
    ],
    "prizes": ["Wine", "Chocolates"],
    "prize_picks": [{"player": "Ana", "prize": 2}],
}


def example() -> dict:
    return copy.deepcopy(EXAMPLE)


def row_counts() -> dict[str, int]:
    models = (Party, Player, Round, DealResult, Prize, AuditEntry)
    return {model.__name__: model.objects.count() for model in models}


def post(client, content: bytes, name: str = "night.json"):
    upload = io.BytesIO(content)
    upload.name = name
    return client.post(reverse("host:party_upload"), {"file": upload})


BAD_FILES = [
    pytest.param(b"[" * 200_000, "nested too deeply", id="deep-nesting"),
    pytest.param(
        json.dumps(example()).replace('"bid": 8', '"bid": ' + "7" * 5000).encode(),
        "number far too long",
        id="5000-digit-integer",
    ),
    pytest.param(
        json.dumps(example()).replace('"deal": 1,', '"deal": 1e999,').encode(),
        "not a number a party file can use",
        id="infinite-float",
    ),
    pytest.param(
        json.dumps(example()).replace('"Eli"', '"E\\u0000li"').encode(),
        "players[4]: The text 'E\\x00li' holds the character U+0000",
        id="nul-in-a-name",
    ),
    pytest.param(
        json.dumps(example()).replace('"Eli"', '"E\\ud800li"').encode(),
        "holds the character U+D800",
        id="lone-surrogate",
    ),
    pytest.param(
        json.dumps({**example(), "name": "Night\u0000"}).encode(),
        "name: The text",
        id="nul-in-the-party-name",
    ),
    pytest.param(
        json.dumps(
            {**example(), "rounds": [{**example()["rounds"][0], "tiebreaks": {"²": 0}}]}
        ).encode(),
        "round 1: tiebreaks: There is no table '²'",
        id="superscript-two-table",
    ),
    pytest.param(
        json.dumps(
            {**example(), "rounds": [{**example()["rounds"][0], "tiebreaks": {"9" * 5000: 0}}]}
        ).encode(),
        "round 1: tiebreaks: There is no table '9999999999",
        id="5000-digit-table",
    ),
    pytest.param(
        json.dumps({**example(), "seed": 10**30}).encode(),
        "seed: This number is far too large",
        id="huge-seed",
    ),
    pytest.param(b"NaN", "NaN, which is not a number", id="nan"),
    pytest.param(b"\xef\xbb\xbf[1]", "A party file is a JSON object", id="bom-then-a-list"),
    pytest.param(
        json.dumps({**example(), "prizes": [1, 2]}).encode(), "prizes: prizes lists", id="prizes"
    ),
    pytest.param(
        json.dumps({**example(), "prize_picks": [{"player": "Ana", "prize": 3}]}).encode(),
        "prize_picks: prize_picks lists the picks",
        id="pick-of-no-prize",
    ),
    pytest.param(
        json.dumps({**example(), "prize_picks": [{"player": "Bea", "prize": 1}]}).encode(),
        "prize_picks: It is not this player's turn",
        id="pick-out-of-turn",
    ),
    pytest.param(
        json.dumps({**example(), "public": {"open": "yes"}}).encode(),
        "public: public is",
        id="public",
    ),
    pytest.param(
        json.dumps({**example(), "special_prizes": {"best_hat": "Hat"}}).encode(),
        "special_prizes: special_prizes maps",
        id="special-prize-kind",
    ),
    pytest.param(
        json.dumps(example())
        .replace('"bid": 7,', '"bid": 7, "amendments": [{"bid": 9, "bidder": 1}],')
        .encode(),
        "round 1, table 1, deal 2: amendments[0].reason: Say why",
        id="amendment-without-reason",
    ),
    pytest.param(
        json.dumps(example())
        .replace(
            '"bid": 7,',
            '"bid": 7, "amendments": [{"bid": 99, "bidder": 1, "bidding_team_points": 3, '
            '"reason": "typo"}],',
        )
        .encode(),
        "round 1, table 1, deal 2: amendments[0].bid: ",
        id="bad-amended-version",
    ),
]


@pytest.mark.parametrize(("content", "message"), BAD_FILES)
def test_a_bad_upload_shows_the_form_with_the_problem_and_creates_nothing(
    client, host, content, message
):
    client.force_login(host)
    before = row_counts()
    response = post(client, content)
    assert response.status_code == 422
    page = response.content.decode()
    assert 'enctype="multipart/form-data"' in page
    assert message in html.unescape(page)
    assert row_counts() == before


@pytest.mark.parametrize(("content", "message"), BAD_FILES)
def test_party_load_refuses_a_bad_file_with_a_clean_error(host, tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    before = row_counts()
    with pytest.raises(CommandError) as error:
        call_command("party_load", str(path), "--owner", host.username, stdout=io.StringIO())
    assert message in str(error.value)
    assert error.value.returncode != 0
    assert row_counts() == before


def test_the_example_of_these_tests_loads(host):
    party = party_load(party_file_parse(json.dumps(example()).encode()), owner=host)
    assert party.venue == "Parish hall"
    assert party.prizes.get(name="Chocolates").awards.get().player.name == "Ana"


# --------------------------------------------------------------------- fuzz

JSONISH = jsonish(EXAMPLE)


@settings(
    max_examples=int(os.environ.get("FUZZ_EXAMPLES", "150")),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=mutated_files(example))
def test_the_loader_only_ever_raises_party_file_errors(host, data):
    before = Party.objects.count()
    try:
        with transaction.atomic():
            party_load(data, owner=host)
    except PartyFileError as error:
        assert str(error)
        assert Party.objects.count() == before


@settings(max_examples=300, deadline=None)
@given(content=st.binary(max_size=40) | JSONISH.map(lambda v: json.dumps(v).encode()))
def test_the_parser_only_ever_raises_party_file_errors(content):
    try:
        party_file_parse(content)
    except PartyFileError as error:
        assert str(error)
