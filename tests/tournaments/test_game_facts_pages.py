"""Where a deal is listed, a party of another game shows that game's own facts.

Sixty-Three writes the other team's points with each deal (its point cards
can leave play), Oregon too and its bid names a suit (RULES.md 11.5): the
round's grid, the table page, the table-side phone, the Changes page and the
tally cards say so.  A Monterey party shows none of it, as before.
"""

from __future__ import annotations

import html
import re

import pytest
from django.urls import reverse

from scoring.rules.cards import SUIT_SYMBOLS
from scoring.wording import bid_words
from tournaments import printing, selectors, services
from tournaments.choices import POINT_CARD_NAMES
from tournaments.models import TableRound
from tournaments.tableside.services import table_entry_submit

from .builders import make_party

pytestmark = pytest.mark.django_db

#: The suit Oregon's bids name in these deals (a red one, to see its colour).
SUIT = "H"


def _numbers(party) -> dict[str, int]:
    """A legal deal of the party's game, every number from its ruleset: seat 1
    bids one over the minimum and makes it; where cards can leave play, the
    other team takes fewer than the rest."""
    rs = services.party_ruleset(party)
    taken = rs.total_points - 3
    numbers = {"bidder": 0, "bid": rs.min_bid + 1, "bidding_team_points": taken}
    if rs.cards_can_leave_play:
        numbers["other_team_points"] = rs.total_points - taken - 1
    return numbers


def _played(host, ruleset: str):
    """A party of ``ruleset`` seated for round 1: deal 1 of table 1 entered by
    the host, deal 2 entered at the table and waiting for the other team."""
    party = make_party(host, ruleset=ruleset, tableside_entry=True)
    rnd = services.round1_seat_draw(party=party, seed=3, user=host)
    numbers = _numbers(party)
    services.result_record(
        round=rnd,
        table=1,
        deal=1,
        entry=services.DealEntry(**numbers, trump=SUIT),
        user=host,
    )
    table_round = TableRound.objects.get(round=rnd, table=1)
    table_entry_submit(table_round=table_round, deal=2, seat=0, trump=SUIT, **numbers)
    party.refresh_from_db()
    return party, table_round.entry_token, numbers


def _page(client, name: str, *args) -> str:
    response = client.get(reverse(name, args=args))
    assert response.status_code == 200
    return html.unescape(response.content.decode())


def _other_team(points: int) -> str:
    return f"other team {points}"


@pytest.mark.parametrize("ruleset", ["sixty-three", "oregon"])
def test_the_grid_and_the_table_page_show_the_other_teams_points(client, host, ruleset):
    party, _token, numbers = _played(host, ruleset)
    rs = services.party_ruleset(party)
    assert rs.cards_can_leave_play
    other = numbers["other_team_points"]
    client.force_login(host)
    grid = _page(client, "host:round", party.slug, 1)
    # The deal entered, and the one waiting at the table.
    assert grid.count(_other_team(other)) == 2
    assert _other_team(other) in _page(client, "host:dashboard", party.slug)
    table = _page(client, "host:table", party.slug, 1, 1)
    deals = re.search(r"(?s)<table class=\"deal-list\">.*?</table>", table).group()
    assert "<th>Other team</th>" in deals
    row = re.search(r"(?s)<tbody>\s*<tr>(.*?)</tr>", deals).group(1)
    cells = re.findall(r"<td>([^<]*)</td>", row)
    # Took, the other team, then the score.
    assert [str(numbers["bidding_team_points"]), str(other)] == cells[-3:-1]


@pytest.mark.parametrize("ruleset", ["sixty-three", "oregon"])
def test_the_table_side_phone_shows_the_other_teams_points(client, host, ruleset):
    party, token, numbers = _played(host, ruleset)
    page = _page(client, "tableside:table", token)
    other = numbers["other_team_points"]
    assert _other_team(other) in page  # the scored deal
    assert f"the other team {other}" in page  # the entry waiting


def test_oregons_bids_show_their_suit_and_sixty_threes_do_not(client, host):
    client.force_login(host)
    symbol = SUIT_SYMBOLS[SUIT]
    oregon, token, numbers = _played(host, "oregon")
    bid = bid_words(numbers["bid"], services.party_ruleset(oregon))
    grid = _page(client, "host:round", oregon.slug, 1)
    assert f'bid {bid}<span class="suit suit-{SUIT}">{symbol}</span>' in grid
    assert f'{bid} <span class="suit suit-{SUIT}">{symbol}</span>' in _page(
        client, "host:table", oregon.slug, 1, 1
    )
    assert f'bid {bid}<span class="suit suit-{SUIT}">{symbol}</span>' in _page(
        client, "tableside:table", token
    )
    sixty_three, _token, _numbers = _played(host, "sixty-three")
    grid = _page(client, "host:round", sixty_three.slug, 1)
    assert symbol not in grid and 'class="suit' not in grid


@pytest.mark.parametrize("ruleset", ["sixty-three", "oregon"])
def test_the_changes_page_names_the_other_teams_points(client, host, ruleset):
    party, _token, numbers = _played(host, ruleset)
    client.force_login(host)
    page = _page(client, "host:audit", party.slug)
    other = numbers["other_team_points"]
    assert f"took {numbers['bidding_team_points']} to {other};" in page
    assert f"The other team's points: {other}" in page


@pytest.mark.parametrize("ruleset", ["sixty-three", "oregon", "louisiana"])
def test_the_tally_cards_show_the_games_bids_and_point_cards(host, ruleset):
    party, _token, _numbers = _played(host, ruleset)
    rs = services.party_ruleset(party)
    page, _step, _total = printing.build_html(party, "tally_cards", {"paper": "letter"})
    lines = re.findall(r'(?s)<p class="game">(.*?)</p>', html.unescape(page))
    assert len(lines) == party.players.count()
    line = lines[0]
    plain = [bid for bid in rs.bids() if bid not in rs.top_contracts]
    low, high = bid_words(plain[0], rs), bid_words(plain[-1], rs)
    assert line.startswith(f"{rs.title}: bids {low} to {high}")
    for top in rs.top_contracts:
        assert bid_words(top, rs) in line
    cards = line.split("point cards: ")[1].split(" · ")[0]
    assert cards == ", ".join(
        f"{POINT_CARD_NAMES.get(role, role)} {value}" for role, value in rs.point_cards()
    )
    assert ("both teams' points written each deal" in line) == rs.cards_can_leave_play


def test_a_monterey_party_shows_no_other_team_and_no_suit(client, host):
    party, token, numbers = _played(host, "monterey-draw")
    rs = services.party_ruleset(party)
    assert not rs.cards_can_leave_play and not rs.suit_bids
    assert "other_team_points" not in numbers
    client.force_login(host)
    grid = _page(client, "host:round", party.slug, 1)
    assert not re.search(r"other team \d", grid)
    assert 'class="other-points"' not in grid and 'class="suit' not in grid
    table = _page(client, "host:table", party.slug, 1, 1)
    assert "Other team" not in table and "Points the other team took" not in table
    row = re.search(r"(?s)<table class=\"deal-list\">.*?<tbody>\s*<tr>(.*?)</tr>", table).group(1)
    assert len(re.findall(r"<td", row)) == 7  # deal, bidder, bid, took, score, entered, amend
    phone = _page(client, "tableside:table", token)
    assert not re.search(r"other team \d", phone)
    changes = _page(client, "host:audit", party.slug)
    assert "The other team's points" not in changes
    assert f"took {numbers['bidding_team_points']};" in changes
    page, _step, _total = printing.build_html(party, "tally_cards", {"paper": "letter"})
    assert "both teams" not in html.unescape(page)


def test_the_party_history_carries_the_other_teams_points(host):
    party, _token, numbers = _played(host, "sixty-three")
    for details in (True, False):
        deal = selectors.party_history(party, details=details).rounds[0].deals[0][0]
        assert deal.other_team_points == numbers["other_team_points"]
        assert deal.trump_symbol == SUIT_SYMBOLS[SUIT]
