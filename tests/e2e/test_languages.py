"""The site read in Spanish and in French, in a real browser.

Each test runs once per language: a host's night on the tablet (sign in,
create the party, register, seat round 1, enter the deals, finish, award
the prizes, then switch language), a player's phone and the movement board,
and an online deal against three bots.  The browser asks for the language
the way a phone set to it does (its Accept-Language).

No Spanish or French word is written here: every expected text is the
catalogue's translation of an English message the page uses, looked up with
``gettext`` under ``override(lang)``.  A message the catalogue does not
translate yet fails the test, since the page would show it in English.

Each main step is kept as a screenshot, ``<lang>-<step>.png``, in the folder
named by ``PEDROPARTY_SCREENSHOTS`` (``screenshots/`` at the project root
by default).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils.html import strip_tags
from django.utils.translation import gettext, ngettext, override
from playwright.sync_api import Page, expect

from scoring.models import DealEvent, OnlineTable
from scoring.rules import RULESETS, new_deal
from scoring.selectors.cards import SYMBOLS
from tournaments import selectors, services
from tournaments.models import Party

from .browser import PASSWORD, bots_worker, open_page
from .builders import played_party

pytestmark = pytest.mark.e2e

LANGUAGES = ["es", "fr"]
OTHER = {"es": "fr", "fr": "es"}
PHONE = {"width": 390, "height": 844}
PLAYERS = ["Élodie", "Siobhán", "José", "Rosa", "Tony", "Connie", "Walt", "Dolores"]
PRIZES = ["Wine", "Chocolates"]
RULES = RULESETS["monterey-draw"]
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def screenshots_folder() -> Path:
    folder = os.environ.get("PEDROPARTY_SCREENSHOTS")
    path = Path(folder) if folder else Path(__file__).resolve().parents[2] / "screenshots"
    path.mkdir(parents=True, exist_ok=True)
    return path


def tr(lang: str, msgid: str, **values: object) -> str:
    """``msgid`` as the ``lang`` catalogue has it, filled with ``values``;
    fails when the catalogue leaves it in English."""
    with override(lang):
        text = gettext(msgid)
    assert text != msgid, f"no {lang} translation of {msgid!r}"
    return text % values if values else text


def ntr(lang: str, singular: str, plural: str, number: int, **values: object) -> str:
    with override(lang):
        text = ngettext(singular, plural, number)
    assert text not in (singular, plural), f"no {lang} translation of {plural!r}"
    return text % values


def plain(text: str) -> str:
    """A message with markup as the reader sees it: tags gone, spaces single."""
    return " ".join(strip_tags(text).split())


class Shots:
    """The screenshots of one test: taken as it goes, checked at its end."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.folder = screenshots_folder()
        self.taken: list[Path] = []

    def __call__(self, page: Page, step: str) -> None:
        path = self.folder / f"{self.lang}-{step}.png"
        path.unlink(missing_ok=True)
        page.screenshot(path=str(path), full_page=True)
        self.taken.append(path)

    def check(self) -> None:
        assert self.taken
        for path in self.taken:
            assert path.is_file(), path
            data = path.read_bytes()
            assert data.startswith(PNG_SIGNATURE) and len(data) > 1000, path


@pytest.fixture
def open_in(browser, live_server, transactional_db, traffic) -> Iterator[Callable[..., Page]]:
    """Opens a browser context whose Accept-Language is ``locale``."""
    opened: list[Iterator[Page]] = []

    def opener(locale: str, **options) -> Page:
        pages = open_page(browser, live_server, traffic, locale=locale, **options)
        opened.append(pages)
        return next(pages)

    yield opener
    for pages in opened:
        next(pages, None)  # closes the context


def html_lang(page: Page, lang: str) -> None:
    expect(page.locator("html")).to_have_attribute("lang", lang)


# ------------------------------------------------------------ the host's night


def sign_in_as(page: Page, lang: str, username: str) -> None:
    page.goto("/accounts/login/")
    html_lang(page, lang)
    expect(page.locator("h1")).to_have_text(tr(lang, "Host sign-in"))
    page.get_by_label(tr(lang, "Username")).fill(username)
    page.get_by_label(tr(lang, "Password")).fill(PASSWORD)
    page.get_by_role("button", name=tr(lang, "Sign in"), exact=True).click()
    page.wait_for_url("**/host/")


def party_create(page: Page, lang: str, shots: Shots) -> str:
    html_lang(page, lang)
    expect(page.locator("h1")).to_have_text(tr(lang, "My parties"))
    page.get_by_role("link", name=tr(lang, "New party"), exact=True).click()
    expect(page).to_have_url(re.compile(r"/host/new/$"))
    expect(page.locator('label[for="id_round_minutes"]')).to_have_text(
        tr(lang, "Round clock (minutes)")
    )
    page.locator("#id_name").fill("Tuesday Pedro")
    page.locator("#id_date").fill("2026-05-12")
    page.locator("#id_venue").fill("Parish hall")
    page.locator("#id_planned_rounds").fill("1")
    page.locator("#id_prizes").fill("\n".join(PRIZES))
    shots(page, "host-new-party")
    page.get_by_role("button", name=tr(lang, "Create the party")).click()
    page.wait_for_url(re.compile(r"/host/[-\w]+/players/$"))
    return page.url.rstrip("/").split("/")[-2]


def players_register(page: Page, lang: str, shots: Shots) -> None:
    html_lang(page, lang)
    expect(page.locator("main h1")).to_have_text(tr(lang, "Players"))
    for count, name in enumerate(PLAYERS, start=1):
        field = page.get_by_label(tr(lang, "Name"), exact=True)
        expect(field).to_have_value("")
        field.fill(name)
        page.get_by_role("button", name=tr(lang, "Register"), exact=True).click()
        expect(page.locator("#roster ol.roster > li")).to_have_count(count)
    registered = ntr(
        lang, "%(counter)s registered.", "%(counter)s registered.", len(PLAYERS), counter=8
    )
    expect(page.locator("#roster > p.muted")).to_have_text(registered)
    shots(page, "host-players")


def round1_seat(page: Page, lang: str, slug: str, shots: Shots) -> None:
    page.get_by_role("link", name=tr(lang, "Seat round 1"), exact=True).click()
    page.wait_for_url(f"**/host/{slug}/seat/")
    html_lang(page, lang)
    expect(page.locator("main h1")).to_have_text(tr(lang, "Seat round 1"))
    expect(page.locator("main h2").first).to_have_text(tr(lang, "Draw the tables"))
    shots(page, "host-seat-round-1")
    page.get_by_role("button", name=tr(lang, "Draw"), exact=True).click()
    page.wait_for_url(f"**/host/{slug}/round/1/")


def table_enter(page: Page, lang: str, table: int, shots: Shots) -> None:
    """Every deal of one table from the tablet form: seat 1 bids the least and
    takes all but one point, so no table ties."""
    page.locator(f'a.table-no[href$="/round/1/table/{table}/"]').click()
    page.wait_for_url(f"**/round/1/table/{table}/")
    html_lang(page, lang)
    expect(page.locator("main h1")).to_have_text(
        tr(lang, "Round %(round)s · Table %(table)s", round=1, table=table)
    )
    entry = page.locator("#entry")
    expect(entry.locator("legend").first).to_have_text(tr(lang, "Who bid? Tap the bidder."))
    expect(page.locator("#points-legend")).to_have_text(tr(lang, "Points the bidding team took"))
    for deal in range(1, 5):
        save = entry.locator(".save-bar button[type=submit]")
        expect(save).to_have_text(
            plain(tr(lang, "Save deal <span data-deal-number>%(deal)s</span>", deal=deal))
        )
        entry.locator(".drawn-table label.seat-0").click()
        entry.locator(".bids label.pill").filter(
            has=page.locator(f'[value="{RULES.min_bid}"]')
        ).click()
        page.locator("#points").fill(str(RULES.total_points - 1))
        if (table, deal) == (1, 1):
            shots(page, "host-table-entry")
        save.click()
        expect(page.locator(".messages")).to_contain_text(
            tr(lang, "Table %(table)d, deal %(deal)d saved.", table=table, deal=deal)
        )
    expect(page.get_by_text(tr(lang, "All deals of this table are entered."))).to_be_visible()
    page.get_by_role("link", name=tr(lang, "Back to round %(round)s", round=1)).first.click()
    page.wait_for_url("**/round/1/")


def round_finish(page: Page, lang: str, slug: str, shots: Shots) -> None:
    html_lang(page, lang)
    expect(page).to_have_title(
        tr(lang, "Round %(number)s · %(name)s", number=1, name="Tuesday Pedro")
    )
    expect(page.get_by_role("link", name=tr(lang, "Table-side entry"))).to_be_visible()
    expect(page.get_by_role("link", name=tr(lang, "Put a table online"))).to_be_visible()
    shots(page, "host-round-grid")
    asked: list[str] = []

    def accept(dialog) -> None:
        asked.append(dialog.message)
        dialog.accept()

    page.once("dialog", accept)
    page.locator("form.finish button[type=submit]").click()
    page.wait_for_url(f"**/host/{slug}/prizes/")
    question = (
        "Close round %(number)s and finish the party? No more rounds can be played after this."
    )
    assert asked == [tr(lang, question, number=1)]


def prizes_award(page: Page, lang: str, party: Party, shots: Shots) -> None:
    html_lang(page, lang)
    standings = selectors.party_standings(party).rows
    expect(page.locator("table.standings tbody tr td:nth-child(2)")).to_have_text(
        [line.name for line in standings]
    )
    for prize, turn in zip(PRIZES, selectors.prize_order(party), strict=False):
        item = page.locator("ul.prizes > li").filter(has_text=prize)
        item.locator("button[name=prize]").click()
        give = "Give <strong>%(prize)s</strong> to <strong>%(player)s</strong>?"
        expect(page.locator("#confirm-pick-title")).to_have_text(
            plain(tr(lang, give, prize=prize, player=turn.name))
        )
        expect(page.get_by_role("link", name=tr(lang, "Cancel"), exact=True)).to_be_visible()
        if prize == PRIZES[0]:
            shots(page, "host-prize-confirm")
        yes = tr(lang, "Yes, %(player)s takes %(prize)s", player=turn.name, prize=prize)
        page.get_by_role("button", name=yes, exact=True).click()
        expect(item).to_contain_text(turn.name)
    expect(page.get_by_text(tr(lang, "Every place prize has been picked."))).to_be_visible()
    shots(page, "host-prizes")


def language_switch(page: Page, lang: str, slug: str, shots: Shots) -> None:
    """The switcher sends the other language at once; the next page keeps it."""
    other = OTHER[lang]
    expect(page.locator('label[for="lang-switch-select"]')).to_have_text(tr(lang, "Language"))
    page.locator("#lang-switch-select").select_option(other)
    html_lang(page, other)
    expect(page).to_have_url(re.compile(f"/host/{slug}/prizes/$"))
    expect(page.get_by_text(tr(other, "Every place prize has been picked."))).to_be_visible()
    expect(page.locator("#lang-switch-select")).to_have_value(other)
    expect(page.locator('label[for="lang-switch-select"]')).to_have_text(tr(other, "Language"))
    shots(page, "host-switched")
    page.locator(f'nav.party-nav a[href="/host/{slug}/"]').click()
    page.wait_for_url(f"**/host/{slug}/")
    html_lang(page, other)
    expect(page.get_by_role("link", name=tr(other, "Final standings and prizes"))).to_be_visible()
    expect(page.locator(".site-nav")).to_contain_text(tr(other, "My parties"))
    shots(page, "host-remembered")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_host_runs_a_night_in_the_language(open_in, traffic, host, lang):
    shots = Shots(lang)
    page = open_in(lang)
    sign_in_as(page, lang, host.username)
    shots(page, "host-parties")
    slug = party_create(page, lang, shots)
    players_register(page, lang, shots)
    round1_seat(page, lang, slug, shots)
    for table in (1, 2):
        table_enter(page, lang, table, shots)
    round_finish(page, lang, slug, shots)
    party = Party.objects.get(slug=slug)
    assert party.status == Party.Status.FINISHED
    prizes_award(page, lang, party, shots)
    language_switch(page, lang, slug, shots)
    shots.check()
    assert traffic.problems == []


# --------------------------------------------- a player's phone and the board


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_phone_reads_its_own_language_and_the_board_the_partys(open_in, traffic, host, lang):
    """The party speaks ``lang``; a player's phone is set to the other
    language and reads the players' page in it, while the board on the
    hall's screen (a browser set to English) shows the party's language."""
    shots = Shots(lang)
    party = played_party(host)
    # Through the service, which publishes the party's new state for the
    # board at once (a bare update would leave the cached state a moment).
    services.party_language_set(party=party, language=lang, user=host)
    mine = OTHER[lang]

    phone = open_in(mine, viewport=PHONE, has_touch=True)
    phone.goto(reverse("public:party", args=[party.public_token]))
    html_lang(phone, mine)
    expect(phone.locator("thead")).to_contain_text(tr(mine, "Player"))
    expect(phone.locator(".hint").first).to_have_text(
        tr(mine, "Tap your name to see your seat, your partner and your score.")
    )
    expect(phone.get_by_role("link", name=tr(mine, "Movement board"))).to_be_visible()
    shots(phone, "phone-players-page")
    phone.locator("a.who").first.click()
    expect(phone.locator(".who-line .label")).to_have_text(tr(mine, "Me:"))
    expect(phone.get_by_role("link", name=tr(mine, "Not me?"))).to_be_visible()
    html_lang(phone, mine)
    shots(phone, "phone-seat")

    board = open_in("en")
    board.goto(reverse("public:board", args=[party.public_token]))
    html_lang(board, lang)
    expect(board.locator('#board [data-view="movement"] .round-line')).to_have_text(
        tr(lang, "Round %(number)s · find your table", number=2)
    )
    expect(board.get_by_text(tr(lang, "sits out this round"))).to_be_visible()
    shots(board, "board")
    shots.check()
    assert traffic.problems == []


# ----------------------------------------------------- an online deal with bots


def shooting_seed() -> int:
    """A deck on which seat 1, the first deal's dealer (who bids last), holds
    the ace and two of a suit and nobody else does: seat 1 can shoot and no
    bot can, so the person is sure to name trump and lead."""
    for seed in range(10_000):
        state = new_deal(RULES, dealer=0, seed=seed)

        def shoots(seat: int, state=state) -> bool:
            hand = set(state.hand(seat))
            return any({"A" + suit, "2" + suit} <= hand for suit in "SHDC")

        if shoots(0) and not any(shoots(seat) for seat in (1, 2, 3)):
            return seed
    raise AssertionError("no deck found")


@pytest.fixture
def shooting_deal(monkeypatch, settings) -> Iterator[None]:
    """The online table deals the deck of ``shooting_seed``; bots play at once
    (eagerly, or with REDIS_URL set through a worker thread)."""
    seed = shooting_seed()

    def dealt(rs, dealer=0):
        return new_deal(rs, dealer=dealer, seed=seed)

    monkeypatch.setattr("scoring.services.deals.new_deal", dealt)
    settings.PLAY_BOT_DELAY_MS = 0
    with bots_worker():
        yield


def online_table_create(page: Page, lang: str, shots: Shots) -> None:
    page.goto("/play/")
    html_lang(page, lang)
    expect(page.get_by_text(tr(lang, "Each game's rules are in the rules pages."))).to_be_visible()
    page.locator(".seat-row input[type=text]").first.fill("Rosa")
    page.locator('input[name="ruleset"][value="monterey-draw"]').check()
    page.locator('input[name="length"][value="deals"]').check()
    page.locator('input[name="deals"]').fill("1")
    page.locator("form.new-table button[type=submit]").click()
    page.wait_for_url(re.compile(r"/play/t/[-\w]+/$"))
    html_lang(page, lang)
    bot_seat = "A bot plays this seat. It has no link: nobody sees its cards until a deal is over."
    expect(page.get_by_text(tr(lang, bot_seat))).to_have_count(3)
    shots(page, "online-table")
    page.locator(".seat-link .link-row a.button").first.click()
    page.wait_for_url(re.compile(r"/play/s/[-\w]+/$"))


def card_faces_check(page: Page) -> None:
    """Cards show their rank and suit sign, the same in every language."""
    tiles = page.locator("#game .hand .pcard")
    assert tiles.count() >= 1
    for tile in tiles.all():
        code = tile.get_attribute("data-card") or ""
        rank = "10" if code[0] == "T" else code[0]
        expect(tile.locator(".rank")).to_have_text(rank)
        expect(tile.locator(".suit")).to_have_text(SYMBOLS[code[1]])


@pytest.mark.usefixtures("shooting_deal")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_online_deal_against_bots_in_the_language(open_in, traffic, lang):
    shots = Shots(lang)
    page = open_in(lang, viewport=PHONE, has_touch=True)
    online_table_create(page, lang, shots)
    html_lang(page, lang)
    suits = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
    suit_words = {code: tr(lang, word) for code, word in suits.items()}
    bid, trump = tr(lang, "Your bid."), tr(lang, "Name trump.")
    lead, play = tr(lang, "Your lead."), tr(lang, "Your play.")
    first_trick = tr(lang, "Trick %(number)d of %(tricks)d", number=1, tricks=RULES.tricks)
    cards = range(1, RULES.hand_size + 1)
    rob = "Rob the pack: take %(count)d more card.", "Rob the pack: take %(count)d more cards."
    lay = "Lay down %(count)d extra trump.", "Lay down %(count)d extra trumps."
    others = {ntr(lang, *words, n, count=n) for words in (rob, lay) for n in cards}
    prompt = page.locator("#game .prompt h1")
    phase = page.locator("#game .phase")
    ready = page.locator('#game[data-turn="me"], #game[data-turn="done"]').first
    seen: list[str] = []
    for _ in range(40):
        expect(ready).to_be_visible(timeout=15_000)
        if ready.get_attribute("data-turn") == "done":
            break
        asked = prompt.inner_text()
        seen.append(asked)
        move = page.locator("#game button.choice, #game button.pcard").first
        if asked == bid:
            expect(phase).to_have_text(tr(lang, "Bidding"))
            expect(page.locator("#game button.choice.pass")).to_have_text(tr(lang, "Pass"))
            move = page.locator(f'#game button.choice[value="bid {RULES.shoot_bid}"]')
            shoot = tr(lang, "shoot the moon")
            expect(move).to_have_text(shoot[:1].upper() + shoot[1:])
            shots(page, "online-bid")
        elif asked == trump:
            expect(phase).to_have_text(tr(lang, "Naming trump"))
            hint = "You shot: name a suit whose ace and two you held."
            expect(page.locator("#game .prompt .hint")).to_have_text(tr(lang, hint))
            move = page.locator("#game button.choice.suit").first
            suit = (move.get_attribute("value") or "").split()[-1]
            expect(move).to_have_text(f"{SYMBOLS[suit]} {suit_words[suit].capitalize()}")
            shots(page, "online-trump")
        elif asked == lead and lead not in seen[:-1]:
            expect(phase).to_have_text(first_trick)
            card_faces_check(page)
            shots(page, "online-lead")
        else:
            assert asked in {lead, play} | others, (asked, seen)
        version = ready.get_attribute("data-version")
        move.click()
        expect(page.locator(f'#game:not([data-version="{version}"])')).to_have_count(1)
    else:
        raise AssertionError(f"the deal did not end; prompts: {seen}")

    assert seen[:2] == [bid, trump] and lead in seen, seen
    expect(prompt).to_have_text(tr(lang, "The deal is over."))
    expect(phase).to_have_text(tr(lang, "Deal over"))
    html_lang(page, lang)
    shots(page, "online-over")
    table = OnlineTable.objects.get()
    assert table.status == OnlineTable.Status.FINISHED
    named = DealEvent.objects.get(by="human", action__startswith="trump ")
    assert named.action.split()[1] in suits
    shots.check()
    assert traffic.problems == []
