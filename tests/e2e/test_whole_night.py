"""A whole night at the hall's own address, through its pages, in one browser.

Served as ``make party`` serves it (``hall.py``): the host signs in on a
tablet at the hall's name and is sent to its HTTPS pages; creates a club's
party, registers eight players, draws two tables, sets the hall's Wi-Fi and
prints the table cards, whose every QR code is read from the PDF with a real
decoder.  Deals are entered from the tablet's form; the wifi drops mid-round
and the tablet enters a deal, reloads, moves to the other table and enters
another, and both are stored once when the wifi returns.  Two phones at a
table enter a deal (one team) and confirm it (the other), from the card's
code; the club's scorer enters the round's last deal and closes it, landing
only on pages a scorer may see.  The players move as the rules say, round 2
is entered and closed, the party finished, the prizes picked, and the
players' phones show the final standings.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from django.contrib.auth.hashers import make_password
from django.utils import timezone
from playwright.sync_api import Page, expect

from scoring.rules import RULESETS
from tests.pedroparty.qr_reader import unreadable_on_paper
from tournaments.clubs.services import clubs as club_services
from tournaments.game.wifi import wifi_payload
from tournaments.models import ClubRole, DealResult, Party, PrizeAward, Role, TableEntry

from .browser import PASSWORD, Traffic, open_page, sign_in
from .hall import Hall
from .test_hall_offline import enter, go_to_table
from .test_offline_entry import wait_for, wifi

pytestmark = pytest.mark.e2e

RULES = RULESETS["monterey-draw"]
PLAYERS = ["Ana", "Bea", "Cruz", "Dee", "Eve", "Fay", "Gil", "Hal"]
PRIZES = ["Bottle of wine", "Box of chocolates"]
WIFI = ("Parish Hall Guest", "pedro-night-2026")
PHONE = {"width": 390, "height": 844}


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    """Quick hashing here; the hall checks PBKDF2 (its default)."""
    settings.PASSWORD_HASHERS = [
        "django.contrib.auth.hashers.MD5PasswordHasher",
        "django.contrib.auth.hashers.PBKDF2PasswordHasher",
    ]


@dataclass(frozen=True)
class Deal:
    bidder: int  # seat, 0..3
    bid: int
    points: int  # taken by the bidding team

    def scores(self) -> tuple[int, int]:
        """(team 0, team 1)."""
        bidders, others = RULES.deal_score(self.bid, self.points)
        return (bidders, others) if self.bidder % 2 == 0 else (others, bidders)

    @property
    def row(self) -> tuple[int, int, int]:
        return self.bidder, self.bid, self.points


LOW, TOP = RULES.min_bid, RULES.total_points
#: Round 1, by table: team 0 wins table 1, team 1 wins table 2.
ROUND1 = {
    1: [Deal(0, LOW + 1, TOP - 2), Deal(2, LOW, TOP), Deal(0, LOW, TOP - 1), Deal(1, LOW + 3, 2)],
    2: [Deal(1, LOW + 2, TOP - 1), Deal(3, LOW, TOP - 3), Deal(3, LOW + 1, TOP), Deal(0, LOW, 3)],
}
#: Round 2, by table: two deals each, then the host calls time.
ROUND2 = {
    1: [Deal(0, LOW, TOP - 4), Deal(1, LOW + 1, TOP)],
    2: [Deal(2, LOW + 3, TOP), Deal(1, LOW, 4)],
}


@pytest.fixture
def contexts(hall_browser, hall: Hall) -> Iterator:
    """Opens pages in new browser contexts (a tablet unless told), each
    logging into its own Traffic; closes them all at the end."""
    opened: list[Iterator[Page]] = []

    def open_one(traffic: Traffic, **options) -> Page:
        pages = open_page(hall_browser, hall, traffic, **options)
        opened.append(pages)
        return next(pages)

    yield open_one
    for pages in opened:
        next(pages, None)


# --------------------------------------------------------------------- steps


def party_create(page: Page, hall: Hall, club: str) -> Party:
    page.goto(hall.https_url + "/host/")
    page.get_by_role("link", name="New party").click()
    page.locator("#id_name").fill("Hall Night")
    page.locator("#id_planned_rounds").fill("2")
    page.get_by_label("Club", exact=True).select_option(label=club)
    page.get_by_label(re.compile("Players enter deals at their table")).check()
    page.locator("#id_prizes").fill("\n".join(PRIZES))
    page.get_by_role("button", name="Create the party").click()
    page.wait_for_url(re.compile(r"/host/[-\w]+/players/$"))
    assert page.url.startswith(hall.https_url)
    party = Party.objects.get(slug=page.url.rstrip("/").split("/")[-2])
    assert party.club.name == club and party.tableside_entry
    return party


def players_register(page: Page) -> None:
    for count, name in enumerate(PLAYERS, start=1):
        page.get_by_label("Name").fill(name)
        page.get_by_role("button", name="Register").click()
        expect(page.locator("#roster ol.roster > li")).to_have_count(count)
    expect(page.locator("#roster .name")).to_have_text(PLAYERS)


def seats_of(party: Party, number: int) -> dict[int, list[str]]:
    """Each table's names by seat, as stored."""
    rnd = party.rounds.get(number=number)
    tables: dict[int, list[str]] = {}
    for seat in rnd.seats.order_by("table", "seat").select_related("player"):
        tables.setdefault(seat.table, []).append(seat.player.name)
    return tables


def wifi_set(page: Page, hall: Hall, party: Party) -> None:
    page.goto(f"{hall.https_url}/host/{party.slug}/share/")
    page.get_by_label("Network name").fill(WIFI[0])
    page.get_by_label("Password (none for an open network)").fill(WIFI[1])
    page.get_by_role("button", name="Save the Wi-Fi").click()
    expect(page.locator(".share-wifi figcaption")).to_contain_text(f"Scan to join {WIFI[0]}.")


def table_cards_download(page: Page, hall: Hall, party: Party) -> bytes:
    page.goto(f"{hall.https_url}/host/{party.slug}/documents/")
    cards = page.locator("form").filter(has=page.locator("input[value=table_cards]"))
    # Without a worker (no Redis here) the PDF is made before the page answers.
    cards.get_by_role("button", name="Make").click(timeout=90_000)
    link = page.get_by_role("link", name="Download PDF")
    expect(link).to_be_visible(timeout=90_000)
    with page.expect_download() as download:
        link.click()
    return download.value.path().read_bytes()


def table_page(page: Page, hall: Hall, party: Party, number: int, table: int) -> None:
    page.goto(f"{hall.https_url}/host/{party.slug}/round/{number}/table/{table}/")
    expect(page.locator("h1")).to_have_text(f"Round {number} · Table {table}")


def enter_online(page: Page, table: int, number: int, deal: Deal) -> None:
    enter(page, *deal.row)
    expect(page.locator(".messages")).to_contain_text(f"Table {table}, deal {number} saved.")


def stored(party: Party, number: int) -> dict[int, list[tuple[int, int, int]]]:
    """The round's current deals, by table, in deal order."""
    tables: dict[int, list[tuple[int, int, int]]] = {}
    rows = DealResult.objects.filter(round__party=party, round__number=number, is_current=True)
    for r in rows.order_by("table", "deal"):
        tables.setdefault(r.table, []).append((r.bidder, r.bid, r.bidding_team_points))
    return tables


def totals(deals: list[Deal]) -> tuple[int, int]:
    return sum(d.scores()[0] for d in deals), sum(d.scores()[1] for d in deals)


def expected_round2(tables: dict[int, list[str]], won: dict[int, int]) -> dict[int, list[str]]:
    """Up-and-down movement with two tables, as the rules say: table 1 gets
    its own winners (seats 0 and 1) and table 2's winners (seats 2 and 3);
    table 2 gets table 1's losers and its own; each pair in seat order."""

    def pair(table: int, team: int) -> list[str]:
        return [tables[table][team], tables[table][team + 2]]

    return {
        1: pair(1, won[1]) + pair(2, won[2]),
        2: pair(1, 1 - won[1]) + pair(2, 1 - won[2]),
    }


def player_scores(seatings: list[dict[int, list[str]]], rounds: list[dict]) -> dict[str, int]:
    scores = dict.fromkeys(PLAYERS, 0)
    for tables, deals in zip(seatings, rounds, strict=True):
        for table, names in tables.items():
            team_totals = totals(deals[table])
            for seat, name in enumerate(names):
                scores[name] += team_totals[seat % 2]
    return scores


# --------------------------------------------------------------------- the night


# The hall starts as ``make party`` starts it (migrations checked, static files
# collected, two gunicorns) before a whole night is walked: more than the
# suite's usual five minutes on a busy machine.
@pytest.mark.timeout(600)
def test_a_whole_night_at_the_halls_address(hall: Hall, contexts, django_user_model):
    hashed = make_password(PASSWORD, hasher="pbkdf2_sha256")
    host = django_user_model.objects.create(username="hostess", password=hashed)
    scorer = django_user_model.objects.create(username="scorer", password=hashed)
    club = club_services.club_create(name="Parish Card Club", user=host)
    ClubRole.objects.create(club=club, user=scorer, role=Role.SCORER)

    host_traffic, scorer_traffic, phone_traffic = Traffic(), Traffic(), Traffic()
    tablet = contexts(host_traffic)

    # The host signs in at the hall's name and lands on its HTTPS pages.
    tablet.goto(hall.url + "/")
    sign_in(tablet, host.username)
    assert tablet.url.startswith(hall.https_url + "/host/")
    party = party_create(tablet, hall, club.name)
    players_register(tablet)
    tablet.get_by_role("link", name="Seat round 1").click()
    tablet.get_by_role("button", name="Draw").click()
    tablet.wait_for_url(f"**/host/{party.slug}/round/1/")
    round1 = seats_of(party, 1)
    assert sorted(name for names in round1.values() for name in names) == sorted(PLAYERS)

    # The table cards: every code on them reads as the hall's address.
    wifi_set(tablet, hall, party)
    party.refresh_from_db()
    pdf = table_cards_download(tablet, hall, party)
    tokens = {t.table: t.entry_token for t in party.rounds.get(number=1).tables.all()}
    public = f"{hall.url}/p/{party.public_token}/"
    expected = [[f"{hall.url}/t/{tokens[t]}/", public, wifi_payload(*WIFI)] * 2 for t in (1, 2)]
    problems = unreadable_on_paper(pdf, expected)
    assert problems == [], "\n".join(problems)
    table2_link = expected[1][0]  # as read from table 2's card just now

    # The tablet keeps the round's pages, enters a deal, then the wifi drops.
    status = tablet.locator("#connection")
    tablet.goto(f"{hall.https_url}/host/{party.slug}/round/1/")
    expect(status).to_have_attribute("data-kept", "yes", timeout=20_000)
    table_page(tablet, hall, party, 1, 1)
    expect(status).to_have_attribute("data-kept", "yes", timeout=20_000)
    enter_online(tablet, 1, 1, ROUND1[1][0])

    wifi(tablet, hall, up=False)
    enter(tablet, *ROUND1[1][1].row)
    expect(status.locator("[data-connection-waiting]")).to_have_text("waiting to send (1)")
    tablet.reload()
    expect(status).to_have_attribute("data-state", "offline")
    expect(status.locator("[data-connection-waiting]")).to_have_text("waiting to send (1)")
    # The reloaded form asks for deal 3, dealt by seat 3, and counts the waiting deal.
    expect(tablet.locator("#entry h2 [data-deal-number]")).to_have_text("3")
    expect(tablet.locator("#entry [data-dealer-seat]")).to_have_text("3")
    expect(tablet.locator("[data-team-total]")).to_have_text(
        [str(score) for score in totals(ROUND1[1][:2])]
    )
    go_to_table(tablet, 2)
    enter(tablet, *ROUND1[2][0].row)
    expect(status.locator("[data-connection-waiting]")).to_have_text("waiting to send (2)")
    assert DealResult.objects.filter(round__party=party).count() == 1
    queued = timezone.now()

    tablet.wait_for_timeout(2000)  # the wifi stays down a while
    back = timezone.now()
    wifi(tablet, hall, up=True)
    wait_for(tablet, lambda: DealResult.objects.count() == 3, "the waiting deals are sent")
    expect(status.locator("[data-connection-waiting]")).to_be_hidden()
    assert stored(party, 1) == {1: [d.row for d in ROUND1[1][:2]], 2: [ROUND1[2][0].row]}
    # Each keeps the time it was entered, not the time it was sent: the
    # server reads how long it waited, so only the send's own delay is added.
    kept = sorted(DealResult.objects.exclude(table=1, deal=1).values_list("entered_at", flat=True))
    assert len(kept) == 2 and kept[-1] < back, (kept, queued, back)

    # The club's scorer signs in on a laptop of its own network.
    desk = contexts(scorer_traffic)
    desk.goto(hall.url + "/")
    sign_in(desk, scorer.username)
    desk.get_by_role("link", name="Hall Night").click()
    expect(desk.locator("h1")).to_contain_text("Hall Night")

    # Two phones at table 2, from its card's code: one team enters, the other confirms.
    names = round1[2]
    mine, theirs = (contexts(phone_traffic, viewport=PHONE) for _ in range(2))
    for phone, seat in ((mine, 0), (theirs, 1)):
        phone.goto(table2_link)
        phone.get_by_role("button", name=names[seat]).click()
        expect(phone.get_by_text("You are")).to_contain_text(names[seat])
        expect(phone.locator("a[href*='/accounts/'], a[href*='/host/']")).to_have_count(0)
    deal = ROUND1[2][1]
    mine.get_by_label("Bidder").select_option(label=names[deal.bidder])
    mine.get_by_label("Bid", exact=True).select_option(str(deal.bid))
    mine.get_by_label("Points the bidding team took").fill(str(deal.points))
    mine.get_by_role("button", name="Enter the deal").click()
    expect(mine.get_by_text("Waiting for a player of the other team")).to_be_visible()
    theirs.get_by_role("link", name="Check and confirm").click()
    theirs.get_by_role("button", name=f"I am {names[1]}: confirm").click()
    expect(mine.locator("#table-totals b")).to_have_text(
        [str(score) for score in totals(ROUND1[2][:2])]
    )
    assert TableEntry.objects.get(round__party=party).status == TableEntry.Status.CONFIRMED
    assert stored(party, 1)[2] == [d.row for d in ROUND1[2][:2]]

    # The host enters the next deals online.
    table_page(tablet, hall, party, 1, 1)
    for number, deal in enumerate(ROUND1[1][2:], start=3):
        enter_online(tablet, 1, number, deal)
    table_page(tablet, hall, party, 1, 2)
    enter_online(tablet, 2, 3, ROUND1[2][2])

    # The club's scorer enters the last deal and closes the round.
    desk.goto(f"{hall.https_url}/host/{party.slug}/round/1/")
    card = desk.locator("article.table-card").filter(
        has=desk.locator(".table-no", has_text=re.compile("^Table 2$"))
    )
    card.get_by_role("link", name="Enter deal 4").click()
    expect(desk.locator("h1")).to_have_text("Round 1 · Table 2")
    enter_online(desk, 2, 4, ROUND1[2][3])
    desk.get_by_role("link", name="Back to round 1").click()
    desk.get_by_role("button", name="Close round 1 and seat the next").click()
    desk.wait_for_url(f"**/host/{party.slug}/round/2/moves/")
    expect(desk.locator("h1")).to_have_text("Round 2: where to move")
    assert stored(party, 1) == {t: [d.row for d in deals] for t, deals in ROUND1.items()}
    # Each deal stored once, whichever way it came: nothing sent twice.
    versions = DealResult.objects.filter(round__number=1).values_list("version", flat=True)
    assert list(versions) == [1] * 8
    refused = [(url, code) for url, code in scorer_traffic.responses if code >= 400]
    assert refused == []

    # The players move as the rules say; the moves page says the same.
    won = {t: 0 if totals(deals)[0] > totals(deals)[1] else 1 for t, deals in ROUND1.items()}
    assert won == {1: 0, 2: 1}
    round2 = seats_of(party, 2)
    assert round2 == expected_round2(round1, won)
    tablet.goto(f"{hall.https_url}/host/{party.slug}/round/2/moves/")
    moves = {
        row.locator("td").nth(0).inner_text(): row.locator("td strong").inner_text()
        for row in tablet.locator("table.moves tbody tr").all()
    }
    assert moves == {
        name: f"Table {table}, seat {seat}"
        for table, names in round2.items()
        for seat, name in enumerate(names, start=1)
    }

    # A player's phone: the table's old link is over, the players' page has the new seat.
    mine.goto(table2_link)
    expect(mine.locator("h1")).to_have_text("Round 1 is over")
    me = names[0]
    table, seat = next(
        (t, s) for t, seated in round2.items() for s, name in enumerate(seated, 1) if name == me
    )
    mine.goto(public)
    mine.get_by_role("link", name=me, exact=True).click()
    expect(mine.locator("#seat .where")).to_contain_text(f"Table {table} seat {seat}")

    # Round 2 from the tablet; the host calls time, closes it and finishes the party.
    for table, deals in ROUND2.items():
        table_page(tablet, hall, party, 2, table)
        for number, deal in enumerate(deals, start=1):
            enter_online(tablet, table, number, deal)
    tablet.goto(f"{hall.https_url}/host/{party.slug}/round/2/")
    tablet.get_by_text("Call time for the round…").click()
    tablet.get_by_label("Yes, call time for the whole round").check()
    tablet.get_by_role("button", name="Call time at every table").click()
    expect(tablet.locator(".time-called")).to_have_text(
        "Time is called for the round (tables 1, 2)."
    )
    tablet.once("dialog", lambda dialog: dialog.accept())
    tablet.get_by_role("button", name="Close round 2 and finish the party").click()
    tablet.wait_for_url(f"**/host/{party.slug}/prizes/")
    party.refresh_from_db()
    assert party.status == Party.Status.FINISHED
    assert stored(party, 2) == {t: [d.row for d in deals] for t, deals in ROUND2.items()}

    # Prizes: the best scores pick first.
    scores = player_scores([round1, round2], [ROUND1, ROUND2])
    for prize in PRIZES:
        turn = tablet.locator(".callout strong").inner_text()
        item = tablet.locator("ul.prizes > li").filter(has_text=prize)
        item.get_by_role("button", name=f"{turn} takes this").click()
        tablet.get_by_role("button", name=f"Yes, {turn} takes {prize}").click()
        expect(item).to_contain_text(f"— {turn}")
    expect(tablet.get_by_text("Every place prize has been picked.")).to_be_visible()
    winners = list(
        PrizeAward.objects.filter(prize__party=party)
        .order_by("prize__position")
        .values_list("player__name", flat=True)
    )
    assert [scores[name] for name in winners] == sorted(scores.values(), reverse=True)[:2]

    # The players' phones show the final standings, at the hall's address.
    mine.goto(public)
    expect(mine.locator("h2.round-line")).to_have_text("Final standings")
    rows = mine.locator("table.standings tbody tr")
    expect(rows).to_have_count(len(PLAYERS))
    shown = [
        (row.locator("td").nth(1).inner_text(), int(row.locator("td").nth(2).inner_text()))
        for row in rows.all()
    ]
    assert dict(shown) == scores
    assert [score for _, score in shown] == sorted(scores.values(), reverse=True)
    assert mine.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    for traffic in (host_traffic, scorer_traffic, phone_traffic):
        assert traffic.problems == []
