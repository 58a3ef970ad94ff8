"""Bad hand-result records posted through the table form (RULES.md section 5).

Each kind of bad record gets a 422 page that shows the sentence next to the
field it concerns (errors that belong to no form field at the top of the
form), and leaves the database as it was.  A property test posts random
values in every field and never gets a server error.
"""

from __future__ import annotations

import dataclasses
import html
import re

import pytest
from django.db import transaction
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.rules import PARTNERSHIP_RULESETS
from tournaments import services
from tournaments.models import AuditEntry, DealResult, Party

from .builders import make_party

pytestmark = pytest.mark.django_db

#: A good record for deal 1; each test spoils one thing.
GOOD = {"deal": "1", "bidder": "1", "bid": "9", "bidding_team_points": "11", "form_token": "t"}
#: Detailed entry: team 1 (the bidder's, seat 2) takes A, J, T, P, 2: 11 points.
CARDS = {"card_A": "1", "card_J": "1", "card_T": "1", "card_P": "1", "card_L": "0", "card_2": "1"}


@pytest.fixture
def host_client(client, host):
    client.force_login(host)
    return client


@pytest.fixture
def seated(host):
    """A one-table party, round 1 seated, no deal entered."""
    party = make_party(host, players=4)
    rnd = services.round1_seat_draw(party=party, seed=3, user=host)
    return party, rnd


def counts() -> tuple[int, int, int]:
    return DealResult.objects.count(), AuditEntry.objects.count(), Party.objects.get().version


def post(client, party, data, number=1):
    """Post the table form; returns the response and its text as a host reads it."""
    response = client.post(reverse("host:table", args=[party.slug, number, 1]), data)
    return response, html.unescape(response.content.decode())


def section(page: str, where: str) -> str:
    """The part of the form where an error for ``where`` is shown: a fieldset
    by its class, the tally box, or the errors at the top of the form."""
    if where == "top":  # in the entry form, before its first fieldset
        match = re.search(r'<form [^>]*id="entry".*?<p class="error">.*?</p>', page, re.S)
        if match and "<fieldset" in match.group(0):
            match = None
    elif where == "tally":
        match = re.search(r"<details open>\s*<summary>Check against.*?</details>", page, re.S)
    elif where == "cards":
        match = re.search(r"<details open>\s*<summary>Detailed entry.*?</details>", page, re.S)
    else:
        match = re.search(rf'<fieldset class="{where} has-error">.*?</fieldset>', page, re.S)
    assert match, f"no error shown at {where!r}"
    return match.group(0)


BAD_RECORDS = [
    # (id, changes to GOOD, where the error shows, the words shown)
    ("bid-5", {"bid": "5"}, "bids", "The bid must be 6 to 16, or 32 to shoot (not 5)."),
    ("bid-17", {"bid": "17"}, "bids", "The bid must be 6 to 16, or 32 to shoot (not 17)."),
    ("bid-33", {"bid": "33"}, "bids", "The bid must be 6 to 16, or 32 to shoot (not 33)."),
    (
        "points-17",
        {"bidding_team_points": "17"},
        "points",
        "Ensure this value is less than or equal to 16.",
    ),
    (
        "points-negative",
        {"bidding_team_points": "-1"},
        "points",
        "Ensure this value is greater than or equal to 0.",
    ),
    ("points-words", {"bidding_team_points": "eleven"}, "points", "Enter a whole number."),
    (
        "points-missing",
        {"bidding_team_points": ""},
        "points",
        "Enter the points the bidding team took.",
    ),
    ("bidder-missing", {"bidder": ""}, "seats", "This field is required."),
    ("bidder-seat-4", {"bidder": "4"}, "seats", "Select a valid choice. 4 is not one of the"),
    (
        "tally-mismatch",
        {"tally0": "11", "tally1": "5"},
        "tally",
        "By this result the tally should read 5 for seats 1 and 3 and 11 for seats 2 and 4 "
        "(bid 9 made with 11 points), not 11 and 5.",
    ),
    ("tally-half", {"tally0": "5"}, "tally", "Copy both tally scores, or neither."),
    (
        "cards-missing-one",
        {"detailed": "on", "bidding_team_points": "", **CARDS, "card_L": ""},
        "cards",
        "Say which team took the left pedro.",
    ),
    (
        "cards-missing-all",
        {"detailed": "on", "bidding_team_points": ""},
        "cards",
        "Say which team took the ace of trump (high), the jack of trump, the ten of trump "
        "(game), the right pedro, the left pedro, the two of trump (low).",
    ),
    (
        "cards-contradict-points",
        {"detailed": "on", "bidding_team_points": "10", **CARDS},
        "points",
        "The point cards give the bidding team 11 points, not 10.",
    ),
    ("card-team-2", {"detailed": "on", **CARDS, "card_J": "2"}, "cards", "Select a valid choice."),
    ("deal-0", {"deal": "0"}, "top", "The deal number must be 1 to 4, not 0."),
    ("deal-5", {"deal": "5"}, "top", "The deal number must be 1 to 4, not 5."),
    ("deal-huge", {"deal": "9" * 30}, "top", "The deal number must be 1 to 4, not 999"),
    ("deal-words", {"deal": "one"}, "top", "The deal number must be 1 to 4, not 0."),
]


@pytest.mark.parametrize(
    ("changes", "where", "words"), [r[1:] for r in BAD_RECORDS], ids=[r[0] for r in BAD_RECORDS]
)
def test_bad_record_shows_its_error_and_saves_nothing(host_client, seated, changes, where, words):
    party, _ = seated
    before = counts()
    response, page = post(host_client, party, {**GOOD, **changes})
    assert response.status_code == 422
    assert words in section(page, where)
    assert counts() == before


def test_the_good_record_is_saved(host_client, seated):
    """The control: GOOD itself, and GOOD in detailed entry, are accepted."""
    party, _ = seated
    response, _ = post(host_client, party, GOOD)
    assert response.status_code == 302
    response, _ = post(
        host_client,
        party,
        {**GOOD, "deal": "2", "form_token": "t2", "bidding_team_points": "", "detailed": "on"}
        | CARDS,
    )
    assert response.status_code == 302
    points = DealResult.objects.order_by("deal").values_list("bidding_team_points", flat=True)
    assert list(points) == [11, 11]


def test_detailed_entry_is_kept_on_the_page_after_an_error(host_client, seated):
    party, _ = seated
    _, page = post(host_client, party, {**GOOD, "detailed": "on", **CARDS, "card_L": ""})
    cards = section(page, "cards")
    assert len(re.findall(r"checked", cards)) == 1 + 5  # the box, and five cards of six


def test_bid_32_where_the_game_has_no_shoot(host_client, seated, monkeypatch):
    # No house option switches the shoot off (RULES.md 3.2, 9): the ruleset
    # value can, and the validator must then refuse 32.
    party, _ = seated
    no_shoot = dataclasses.replace(PARTNERSHIP_RULESETS["monterey-draw"], shoot=False)
    monkeypatch.setattr(
        services.common, "PARTNERSHIP_RULESETS", {**PARTNERSHIP_RULESETS, party.ruleset: no_shoot}
    )
    before = counts()
    response, page = post(host_client, party, {**GOOD, "bid": "32", "bidding_team_points": "16"})
    assert response.status_code == 422
    words = "The bid must be 6 to 16: this game is played without the shoot (16 for 32)."
    assert words in section(page, "bids")
    assert counts() == before


def test_deal_already_entered(host_client, seated, host):
    party, rnd = seated
    services.result_record(
        round=rnd,
        table=1,
        deal=1,
        entry=services.DealEntry(bidder=0, bid=8, bidding_team_points=10),
        user=host,
    )
    before = counts()
    response = host_client.post(reverse("host:table", args=[party.slug, 1, 1]), GOOD, follow=True)
    page = html.unescape(response.content.decode())
    # The page moves on to the next deal and says who entered this one.
    assert response.redirect_chain == [(reverse("host:table", args=[party.slug, 1, 1]), 302)]
    assert "Deal 1 at table 1 was already entered by hostess at" in page
    assert '<input type="hidden" name="deal" value="2">' in page
    assert counts() == before
    assert DealResult.objects.get().bid == 8


def test_no_entry_into_a_closed_round(host_client, seated, host):
    party, rnd = seated
    services.result_record(
        round=rnd,
        table=1,
        deal=1,
        entry=services.DealEntry(bidder=0, bid=8, bidding_team_points=10),
        user=host,
    )
    services.table_call_time(round=rnd, table=1, user=host)
    services.round_close(round=rnd, user=host, seat_next=False)
    before = counts()
    response, page = post(host_client, party, {**GOOD, "deal": "2"})
    assert response.status_code == 422
    assert "This round is closed: no more results for it." in section(page, "top")
    assert counts() == before


# --------------------------------------------------------------------- any input at all

FIELDS = [
    "form_token",
    "deal",
    "bidder",
    "bid",
    "trump",
    "bidding_team_points",
    "detailed",
    "tally0",
    "tally1",
    "reason",
    *(f"card_{role}" for role in "AJTPL2"),
]
# Text the test client can send (no lone surrogates), numbers of every size,
# values the form accepts, blanks; None leaves the field out of the post.
ANY_VALUE = st.one_of(
    st.none(),
    st.just(""),
    st.sampled_from(["0", "1", "2", "3", "9", "16", "32", "S", "on", "-1", " 7 ", "1e3", "½"]),
    st.integers(min_value=-(10**6), max_value=10**6).map(str),
    st.integers(min_value=10**9, max_value=10**40).map(str),
    st.text(st.characters(exclude_categories=["Cs"]), max_size=60),
)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(values=st.fixed_dictionaries({name: ANY_VALUE for name in FIELDS}))
def test_any_post_is_answered_without_a_server_error(host_client, seated, values):
    party, _ = seated
    data = {name: value for name, value in values.items() if value is not None}
    with transaction.atomic():
        before = counts()
        response = host_client.post(reverse("host:table", args=[party.slug, 1, 1]), data)
        assert response.status_code in (302, 422), response.status_code
        if response.status_code == 302:
            assert DealResult.objects.count() == before[0] + 1
        else:
            assert counts() == before
        transaction.set_rollback(True)


def test_a_table_the_round_does_not_have_is_not_found(host_client, seated):
    party, _ = seated
    before = counts()
    url = reverse("host:table", args=[party.slug, 1, 2])
    assert host_client.get(url).status_code == 404
    assert host_client.post(url, GOOD).status_code == 404
    assert counts() == before
