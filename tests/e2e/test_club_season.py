"""Three nights of one club in one season, with a phone following the season.

A host on a tablet (1024 x 768) runs three parties of the club, each made
through the party form in the club and its season (best two nights).  Night
1 registers eight players, some from the club's members in the type-ahead;
nights 2 and 3 start by copying last night's players, one of them stays home
and one more comes (on night 3 a name typed wrong, which the look-alike
question puts right before anyone is registered).  Each night round 1 is
seated and entered through the table form, round 2 is entered through the
services, and the night is closed and finished from the round's page.

A phone (390 x 844) in another browser context opens the season's public page
from the organiser's season page and, after each night, shows the standings
worked out here from each party's own standings: members' nights added up,
the best two counted, shared ranks (after night 1's first round every
partnership shares one).  It follows night 3 live, without a reload, and
never scrolls sideways.  Last, the phone opens one member's own page: three
nights with their scores and the chart.
"""

from __future__ import annotations

import datetime
import os
import random
import re
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from tournaments import selectors, services
from tournaments.clubs.selectors import seasons as season_selectors
from tournaments.clubs.services import seasons as season_services
from tournaments.game.lookalike import fold
from tournaments.models import Club, ClubRole, Member, Party, Role, Season

from .browser import Traffic, open_page, sign_in

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844}
#: The season page polls every 3 s; a change must show within 5 s of being saved.
WITHIN_MS = 5_000
BEST_OF = 2
NIGHT_ONE = [
    "Élodie Marchetti",
    "Siobhán O'Brien",
    "José Núñez",
    "Rosa Ferrante",
    "Tony Bruno",
    "Connie Spadaro",
    "Walt Amaral",
    "Frank Lucido",
]
#: Members the club knew before the season: the type-ahead offers them.
KNOWN = ["José Núñez", "Rosa Ferrante"]
NEWCOMER = "Nina Kowalski"
#: Night 3: Frank is back, his name typed wrong.
MISTYPED = "Franck Lucido"
DATES = [datetime.date(2026, 1, 9), datetime.date(2026, 2, 13), datetime.date(2026, 3, 13)]


@dataclass(frozen=True)
class Deal:
    bidder: int
    bid: int
    points: int


@dataclass(frozen=True)
class Line:
    """One line of the season's table, as worked out here."""

    rank: int
    shared: bool
    name: str
    total: int
    nights: int
    counted: int
    average: Decimal
    won: int

    def cells(self) -> list[str]:
        nights = str(self.nights)
        if self.counted < self.nights:
            nights += f" ({self.counted})"
        rank = f"={self.rank}" if self.shared else str(self.rank)
        return [rank, self.name, str(self.total), nights, str(self.average), str(self.won)]


# --------------------------------------------------------------------- fixtures


@pytest.fixture
def screenshots() -> Path:
    """The folder ``PEDROPARTY_SCREENSHOTS`` names, else the temporary directory."""
    path = Path(os.environ.get("PEDROPARTY_SCREENSHOTS") or tempfile.gettempdir())
    path.mkdir(parents=True, exist_ok=True)
    return path


@pytest.fixture
def phone_traffic() -> Traffic:
    return Traffic()


@pytest.fixture
def phone(browser, live_server, transactional_db, phone_traffic) -> Iterator[Page]:
    yield from open_page(
        browser, live_server, phone_traffic, viewport=PHONE, is_mobile=True, has_touch=True
    )


@pytest.fixture(autouse=True)
def fresh_memos():
    """Season tables are memoised per process by id and version: a new
    database reuses both, so this test starts with none."""
    season_selectors.forget_local()
    yield
    season_selectors.forget_local()


@pytest.fixture
def club(host) -> Club:
    club = Club.objects.create(name="St Anne's Card Club", slug="st-annes", created_by=host)
    ClubRole.objects.create(club=club, user=host, role=Role.ORGANISER)
    for name in KNOWN:
        Member.objects.create(club=club, name=name)
    return club


@pytest.fixture
def season(club, host) -> Season:
    return season_services.season_create(club=club, name="Winter 2026", best_of=BEST_OF, user=host)


# --------------------------------------------------------------------- the season, worked out


def season_expected(parties: list[Party]) -> list[Line]:
    """The season's lines from each party's own standings: by member, each
    member's best nights counted (more rounds won, then the earlier night,
    first between equal scores), ranks shared on equal total and rounds won."""
    nights: dict[int, list[tuple[int, int, int]]] = {}
    names: dict[int, str] = {}
    for position, party in enumerate(parties):
        party.refresh_from_db()
        if party.status == Party.Status.SETUP:
            continue
        member_of = dict(party.players.values_list("id", "member_id"))
        for line in selectors.party_standings(party).rows:
            member = member_of[line.player]
            nights.setdefault(member, []).append((line.score, line.rounds_won, position))
            names[member] = line.name
    unranked = []
    for member, played in nights.items():
        counted = sorted(played, key=lambda n: (-n[0], -n[1], n[2]))[:BEST_OF]
        everything = sum(score for score, _, _ in played)
        average = (Decimal(everything) / len(played)).quantize(
            Decimal("0.1"), rounding=ROUND_HALF_UP
        )
        total = sum(score for score, _, _ in counted)
        won = sum(w for _, w, _ in counted)
        unranked.append((names[member], total, len(played), len(counted), average, won))
    unranked.sort(key=lambda u: (-u[1], -u[5], fold(u[0])))
    lines: list[Line] = []
    for position, (name, total, played, counted, average, won) in enumerate(unranked, 1):
        ties = [u for u in unranked if (u[1], u[5]) == (total, won)]
        rank = 1 + sum(1 for u in unranked if (u[1], u[5]) > (total, won))
        assert rank <= position
        lines.append(Line(rank, len(ties) > 1, name, total, played, counted, average, won))
    return lines


def season_shown(phone: Page, parties: list[Party]) -> list[Line]:
    """Wait for the phone to show the season as worked out now; return it."""
    expected = season_expected(parties)
    rows = phone.locator("#standings tbody tr")
    expect(rows).to_have_count(len(expected), timeout=WITHIN_MS)
    for row, line in zip(rows.all(), expected, strict=True):
        # The rating column is the ratings' own (tests/tournaments/clubs/test_ratings.py).
        expect(row.locator("td:not(.rating)")).to_have_text(line.cells(), timeout=WITHIN_MS)
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    return expected


# --------------------------------------------------------------------- a night's steps


def night_create(page: Page, club: Club, season: Season, number: int) -> Party:
    """A party of the club, counted in the season, made through the party form."""
    page.goto(reverse("host:party_create"))
    page.locator("#id_name").fill(f"Pedro night {number}")
    page.locator("#id_date").fill(DATES[number - 1].isoformat())
    page.locator("#id_venue").fill("Parish hall")
    page.locator("#id_planned_rounds").fill("2")
    page.get_by_label("Club", exact=True).select_option(label=club.name)
    page.get_by_label("Season", exact=True).select_option(label=f"{club.name}: {season.name}")
    page.get_by_role("button", name="Create the party").click()
    page.wait_for_url(re.compile(r"/host/[-\w]+/players/$"))
    party = Party.objects.get(slug=page.url.rstrip("/").split("/")[-2])
    assert (party.club_id, party.season_id, party.date) == (club.pk, season.pk, DATES[number - 1])
    return party


def register(page: Page, name: str, shown_as: str | None = None) -> None:
    """Type a name and tap Register; htmx swaps the roster in place."""
    count = page.locator("#roster ol.roster > li").count()
    field = page.get_by_label("Name")
    expect(field).to_have_value("")
    field.fill(name)
    page.get_by_role("button", name="Register").click()
    expect(page.locator("#roster ol.roster > li")).to_have_count(count + 1)
    expect(page.locator("#roster .messages")).to_contain_text(f"{shown_as or name} is registered.")


def night_one_register(page: Page) -> None:
    """Two of the club's members from the type-ahead (one typed without its
    accents, which the club's spelling replaces), the others typed."""
    options = page.locator("datalist#earlier-names option")
    expect(options).to_have_count(len(KNOWN))
    for name in NIGHT_ONE:
        if name == "Rosa Ferrante":
            # The value a tap on the suggestion puts in the box.
            offered = options.evaluate_all("os => os.map(o => o.value)")
            assert name in offered
            register(page, offered[offered.index(name)])
        elif name == "José Núñez":
            register(page, "jose nunez", shown_as=name)
        else:
            register(page, name)
    expect(page.locator("#roster .name")).to_have_text(NIGHT_ONE)
    # Both members are playing now: the type-ahead no longer offers them.
    expect(page.locator("datalist#earlier-names option[value='Rosa Ferrante']")).to_have_count(0)


def roster_copy(page: Page, previous: list[str]) -> None:
    page.get_by_role("button", name="Copy last night's players").click()
    expect(page.locator("#roster .name")).to_have_text(previous)


def stays_home(page: Page, name: str) -> None:
    """Before round 1, "Leaves" takes the player off the roster."""
    row = page.locator("#roster ol.roster > li").filter(has=page.locator(".name", has_text=name))
    row.get_by_role("button", name="Leaves").click()
    expect(page.locator(".messages")).to_contain_text(f"{name} is taken off the list of players.")
    expect(page.locator("#roster .name", has_text=name)).to_have_count(0)


def seat_round1(page: Page, slug: str) -> None:
    page.get_by_role("link", name="Seat round 1").click()
    page.get_by_role("button", name="Draw").click()
    page.wait_for_url(f"**/host/{slug}/round/1/")


def untied_deals(party: Party, rng: random.Random) -> list[Deal]:
    """A table's deals with random legal results whose totals differ (a tie
    would need a cut)."""
    rs = services.party_ruleset(party)
    while True:
        deals = [
            Deal(
                rng.randrange(4),
                rng.randrange(rs.min_bid, rs.max_bid + 1),
                rng.randrange(rs.total_points + 1),
            )
            for _ in range(party.deals_per_round)
        ]
        totals = [0, 0]
        for deal in deals:
            bidders, others = rs.deal_score(deal.bid, deal.points)
            totals[deal.bidder % 2] += bidders
            totals[1 - deal.bidder % 2] += others
        if totals[0] != totals[1]:
            return deals


def table_enter(page: Page, party: Party, table: int, deals: list[Deal]) -> None:
    """Every deal of round 1 at ``table``, through the tablet's form."""
    page.goto(f"/host/{party.slug}/round/1/table/{table}/")
    entry = page.locator("#entry")
    for number, deal in enumerate(deals, start=1):
        expect(entry.locator("h2")).to_contain_text(f"Deal {number}")
        entry.locator(f".drawn-table label.seat-{deal.bidder}").click()
        entry.locator(".bids label.pill").filter(has=page.locator(f'[value="{deal.bid}"]')).click()
        page.locator("#points").fill(str(deal.points))
        entry.get_by_role("button", name=f"Save deal {number}").click()
        expect(page.locator(".messages")).to_contain_text(f"Table {table}, deal {number} saved.")
    expect(page.get_by_text("All deals of this table are entered.")).to_be_visible()


def round2_record(party: Party, host, table: int, rng: random.Random) -> None:
    rnd = party.rounds.get(number=2)
    for number, deal in enumerate(untied_deals(party, rng), start=1):
        services.result_record(
            round=rnd,
            table=table,
            deal=number,
            entry=services.DealEntry(
                bidder=deal.bidder, bid=deal.bid, bidding_team_points=deal.points
            ),
            user=host,
        )


def round1_play_and_close(page: Page, party: Party, rng: random.Random) -> None:
    for table in (1, 2):
        table_enter(page, party, table, untied_deals(party, rng))
    page.goto(f"/host/{party.slug}/round/1/")
    page.get_by_role("button", name="Close round 1 and seat the next").click()
    page.wait_for_url(f"**/host/{party.slug}/round/2/moves/")


def night_finish(page: Page, party: Party) -> None:
    page.goto(f"/host/{party.slug}/round/2/")
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Close round 2 and finish the party").click()
    page.wait_for_url(f"**/host/{party.slug}/prizes/")
    party.refresh_from_db()
    assert party.status == Party.Status.FINISHED


# --------------------------------------------------------------------- the test


def test_three_nights_of_a_club_season_followed_on_a_phone(
    page, phone, traffic, phone_traffic, live_server, host, club, season, screenshots
):
    rng = random.Random(14)
    sign_in(page, host.username)

    # From the host's parties to the club, to its season, whose page links to
    # the public page; the phone opens it.
    page.get_by_role("link", name="Clubs", exact=True).click()
    page.get_by_role("link", name=club.name).click()
    page.get_by_role("link", name=season.name).click()
    page.wait_for_url("**" + reverse("club:season", args=[club.slug, season.pk]))
    link = page.locator("#season-link").get_attribute("href")
    assert link == live_server.url + reverse("season_public:page", args=[season.public_token])
    phone.goto(link)
    expect(phone.locator("#standings .hint")).to_have_text("No night has been played yet.")
    expect(phone.locator("#standings .season-rule")).to_have_text(
        f"The total counts each member's best {BEST_OF} nights."
    )
    phone.evaluate("window.__seasonMarker = 'no reload'")
    parties: list[Party] = []

    # Night 1: eight players, two of them the club's known members.
    party = night_create(page, club, season, 1)
    parties.append(party)
    expect(page.get_by_role("button", name="Copy last night's players")).to_have_count(0)
    night_one_register(page)
    seat_round1(page, party.slug)
    round1_play_and_close(page, party, rng)
    # After one round partners have the same score and rounds won: every
    # rank is shared, shown "=1", "=3"...
    lines = season_shown(phone, parties)
    assert all(line.shared for line in lines)
    expect(phone.locator("#standings tbody tr td:first-child")).to_have_text(
        [f"={line.rank}" for line in lines]
    )
    for table in (1, 2):
        round2_record(party, host, table, rng)
    night_finish(page, party)
    lines = season_shown(phone, parties)
    assert all(line.nights == 1 for line in lines)
    phone.screenshot(path=screenshots / "pedroparty-season-night1.png", full_page=True)

    # Night 2: last night's players in one tap; Frank stays home, Nina comes.
    party = night_create(page, club, season, 2)
    parties.append(party)
    roster_copy(page, NIGHT_ONE)
    stays_home(page, "Frank Lucido")
    register(page, NEWCOMER)
    expect(page.locator(".lookalike")).to_have_count(0)  # Nina looks like nobody
    night_two = [n for n in NIGHT_ONE if n != "Frank Lucido"] + [NEWCOMER]
    expect(page.locator("#roster .name")).to_have_text(night_two)
    seat_round1(page, party.slug)
    round1_play_and_close(page, party, rng)
    for table in (1, 2):
        round2_record(party, host, table, rng)
    night_finish(page, party)
    lines = season_shown(phone, parties)
    assert sorted(line.nights for line in lines) == [1, 1] + [2] * 7

    # Night 3: Tony stays home; Frank is back, typed wrong and put right.
    party = night_create(page, club, season, 3)
    parties.append(party)
    roster_copy(page, night_two)
    stays_home(page, "Tony Bruno")
    page.get_by_label("Name").fill(MISTYPED)
    page.get_by_role("button", name="Register").click()
    prompt = page.locator(".lookalike")
    expect(prompt).to_contain_text(f"{MISTYPED} looks like someone already known.")
    assert not Member.objects.filter(club=club, name=MISTYPED).exists()  # not until answered
    page.screenshot(path=screenshots / "pedroparty-lookalike.png", full_page=True)
    prompt.get_by_role("button", name="The same: Frank Lucido, a member of the club").click()
    expect(page.locator("#roster .messages")).to_contain_text("Frank Lucido is registered.")
    night_three = [n for n in night_two if n != "Tony Bruno"] + ["Frank Lucido"]
    expect(page.locator("#roster .name")).to_have_text(night_three)
    assert not Member.objects.filter(club=club, name=MISTYPED).exists()
    seat_round1(page, party.slug)
    round1_play_and_close(page, party, rng)
    season_shown(phone, parties)

    # Round 2 of night 3, table by table: the phone follows without a reload.
    for table in (1, 2):
        round2_record(party, host, table, rng)
        season_shown(phone, parties)
        assert phone.evaluate("window.__seasonMarker") == "no reload"
    night_finish(page, party)
    lines = season_shown(phone, parties)
    assert phone.evaluate("window.__seasonMarker") == "no reload"
    # Tony, Frank and Nina played two nights; the six others three, of which two count.
    assert sorted(line.nights for line in lines) == [2, 2, 2] + [3] * 6
    assert all(line.counted == min(line.nights, BEST_OF) for line in lines)
    phone.screenshot(path=screenshots / "pedroparty-season.png", full_page=True)

    # One member's own page: three nights, each with its score, and the chart.
    member = Member.objects.get(club=club, name="Élodie Marchetti")
    phone.goto(reverse("member_public:member", args=[member.public_token]))
    nights = phone.locator(".history-night")
    expect(nights).to_have_count(3)
    for night in parties:
        line = next(
            row
            for row in selectors.party_standings(night).rows
            if row.player == night.players.get(member=member).pk
        )
        shown = nights.filter(has_text=night.name)
        expect(shown).to_have_count(1)
        points = f"{line.score} point" if abs(line.score) == 1 else f"{line.score} points"
        expect(shown.locator(".night-result")).to_contain_text(points)
        expect(shown.locator(".night-result")).to_contain_text(
            f"Rank {line.rank} of {len(NIGHT_ONE)}"
        )
        # Two rounds at a table, every deal of each played.
        expect(shown.locator(".night-stats")).to_contain_text(f"{2 * night.deals_per_round} deals")
    # The score per night (the rating has a chart of its own beside it).
    chart = phone.locator("figure.score-chart svg.chart:not(.rating-svg)")
    expect(chart).to_be_visible()
    expect(chart.locator("rect.chart-bar")).to_have_count(3)
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    phone.screenshot(path=screenshots / "pedroparty-member.png", full_page=True)

    # Nothing failed, and the phone's requests all went to this site.
    assert all(url.startswith(live_server.url) for url, _ in phone_traffic.responses)
    assert traffic.problems == [] and phone_traffic.problems == []
