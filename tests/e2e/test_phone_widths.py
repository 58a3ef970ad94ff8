"""Every public page read on a small phone in Spanish and in French.

At 320 and 390 px, each page a player, a club member or a visitor opens
without signing in (the players' page and a player's seat, the movement
board, a table's entry page, the season page, a member's page, the rules,
the online lobby, the home page) must not scroll sideways, must keep every
element inside the screen, and must break no word in the middle: a line may
end only where a letter meets a space, a hyphen or a dash, never between two
letters.  The party's players have long names,
one sits out (the longest word of the standings' table column) and the season
counts best nights, so every column is filled.

A broken word is found the way a reader sees it: each letter's box, from a
``Range`` over the page's text, sits on a lower line than the letter before it
in the same word.
"""

from __future__ import annotations

import datetime
import random

import pytest
from django.urls import reverse
from django.utils import formats, translation
from django.utils.translation import pgettext
from playwright.sync_api import Page

from scoring.rules import PARTNERSHIP_RULESETS
from tournaments import selectors, services
from tournaments.clubs.services import seasons as season_services
from tournaments.game.standings import table_round_winner
from tournaments.models import Member, Party, Season, TableRound
from tournaments.tableside.services import party_tableside_set

from ..tournaments.builders import make_club, play_party, play_round
from .browser import Traffic, open_page

pytestmark = pytest.mark.e2e

WIDTHS = [320, 390]
#: Long names, as people give them at the door; nine players, so one sits out.
NAMES = [
    "Anastasia Ivanova",
    "Maximiliana Featherstonehaugh",
    "Guadalupe Fernández-Villaverde",
    "Bartholomew Vanderhoeven",
    "Siobhán O'Brien",
    "José Núñez",
    "Wolfgang Schwarzenegger",
    "Rosa Ferrante",
    "Tony Bruno",
]

#: What is wrong with the page as drawn: sideways scrolling, elements out of
#: the screen, and words broken between two of their letters.
PROBLEMS = """(width) => {
  const problems = [];
  const root = document.documentElement;
  if (root.scrollWidth > width) problems.push(`scrolls sideways: ${root.scrollWidth} px wide`);
  // Out of sight: hidden, or inside a box clipped to nothing (kept for a
  // screen reader or the keyboard, as the board's display options are).
  const clipped = (el) => {
    for (let a = el; a; a = a.parentElement) {
      if (getComputedStyle(a).clipPath === "none") continue;
      const r = a.getBoundingClientRect();
      if (r.width < 2 || r.height < 2) return true;
    }
    return false;
  };
  const hiddenAway = (el) =>
    el.closest("[hidden], template, script, style, select, .skip-link") || clipped(el);
  const describe = (el) => {
    const names = typeof el.className === "string" ? el.className.trim().split(/\\s+/) : [];
    return `<${[el.tagName.toLowerCase(), ...names.filter(Boolean)].join(".")}>`;
  };
  for (const el of document.body.querySelectorAll("*")) {
    if (hiddenAway(el)) continue;
    const r = el.getBoundingClientRect();
    if (r.width < 2 || r.height < 2) continue;
    if (r.left < -1 || r.right > width + 1) {
      const text = el.textContent.trim().slice(0, 40);
      const span = `${Math.round(r.left)}..${Math.round(r.right)} px`;
      problems.push(`${describe(el)} "${text}" spans ${span}`);
    }
  }
  const letter = /[\\p{L}\\p{N}]/u;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || hiddenAway(el) || el.closest("svg")) continue;
    const box = el.getBoundingClientRect();
    if (box.width < 2 || box.height < 2) continue;
    const text = node.data;
    let before = null;  // the previous letter's character and line
    for (let i = 0; i < text.length; i++) {
      const ch = text[i];
      if (!letter.test(ch)) { before = null; continue; }
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      const rects = range.getClientRects();
      if (!rects.length) continue;
      const top = rects[0].top, height = rects[0].height;
      if (before && top > before.top + height / 2) {
        const word = text.slice(Math.max(0, i - 12), i) + "|" + text.slice(i, i + 12);
        problems.push(`${describe(el)} breaks a word: "${word.trim()}"`);
      }
      before = {ch, top};
    }
  }
  return problems;
}"""


def night_with_long_names(host, club, season) -> Party:
    """The season's second night: round 2 open, one player sitting out,
    table-side entry on, standings shown."""
    party = services.party_create(
        owner=host,
        name="Noche de Pedro",
        date=datetime.date(2026, 11, 20),
        club=club,
        season=season,
        settings=services.PartySettings(tableside_entry=True),
    )
    for name in NAMES:
        services.player_register(party=party, name=name, user=host)
    rnd = services.round1_seat_draw(party=party, seed=3, user=host)
    play_round(party, rnd, host, random.Random(3))
    for line in selectors.round_board(party, 1).tables:
        if table_round_winner([d.score for d in line.deals]) is None:
            services.table_record_cut(round=rnd, table=line.number, team=0, user=host)
    services.round_close(round=rnd, user=host, seat_next=True)
    party_tableside_set(party=party, on=True, user=host)
    party.refresh_from_db()
    return party


@pytest.fixture
def pages(host) -> dict[str, str]:
    """The public pages to visit, by name: a club's season of two nights."""
    club = make_club(host, name="Club de Pedro de la Parroquia")
    season = season_services.season_create(
        club=club, name="Temporada de invierno", best_of=1, user=host
    )
    first = services.party_create(
        owner=host,
        name="Primera noche",
        date=datetime.date(2026, 10, 16),
        club=club,
        season=season,
    )
    for name in NAMES[:8]:
        services.player_register(party=first, name=name, user=host)
    play_party(first, host, rounds=2, seed=5)
    services.party_finish(party=first, user=host)
    party = night_with_long_names(host, club, season)
    Season.objects.filter(pk=season.pk).update(version=season.version + 1)
    member = Member.objects.get(club=club, name=NAMES[1])
    seat = party.players.get(name=NAMES[1])
    table = TableRound.objects.filter(round__party=party, round__number=2).order_by("table").first()
    token = party.public_token
    pages = {
        "home": reverse("home"),
        "players' page": reverse("public:party", args=[token]),
        "a player's seat": reverse("public:seat", args=[token, seat.pk]),
        "movement board": reverse("public:board", args=[token]),
        "table-side entry": reverse("tableside:table", args=[table.entry_token]),
        "season page": reverse("season_public:page", args=[season.public_token]),
        "member's page": reverse("member_public:member", args=[member.public_token]),
        "rules": reverse("rules:index"),
        "online lobby": reverse("play:new"),
    }
    for game in PARTNERSHIP_RULESETS:
        pages[f"rules of {game}"] = reverse("rules:page", args=[game])
    return pages


@pytest.mark.parametrize("lang", ["es", "fr"])
def test_every_public_page_fits_a_small_phone_without_breaking_words(
    browser, live_server, transactional_db, pages, lang
):
    problems: list[str] = []
    traffic = Traffic()
    for width in WIDTHS:
        viewport = {"width": width, "height": 740}
        for phone in open_page(
            browser,
            live_server,
            traffic,
            viewport=viewport,
            locale=lang,
            is_mobile=True,
            has_touch=True,
        ):
            phone.context.add_cookies(
                [{"name": "django_language", "value": lang, "url": live_server.url}]
            )
            for name, path in pages.items():
                problems += [f"{lang} {width} px, {name}: {p}" for p in page_problems(phone, path)]
    assert traffic.problems == []
    assert problems == []


def page_problems(phone: Page, path: str) -> list[str]:
    response = phone.goto(path)
    assert response is not None and response.status == 200, (path, response and response.status)
    phone.wait_for_load_state("load")
    width = phone.viewport_size["width"]
    return phone.evaluate(PROBLEMS, width)


def test_the_member_chart_names_its_months_in_the_pages_language(client, host):
    """The dates under the chart's bars are written the page's way, not in English."""
    club = make_club(host)
    party = services.party_create(
        owner=host, name="November night", date=datetime.date(2026, 11, 20), club=club
    )
    for name in NAMES[:8]:
        services.player_register(party=party, name=name, user=host)
    play_party(party, host, rounds=1)
    member = Member.objects.get(club=club, name=NAMES[0])
    url = reverse("member_public:member", args=[member.public_token])
    labels = {}
    for lang in ("en", "es", "fr"):
        page = client.get(url, HTTP_ACCEPT_LANGUAGE=lang).content.decode()
        group = page[page.index('class="chart-labels"') :]
        labels[lang] = group[: group.index("</g>")]
        with translation.override(lang):
            short = pgettext("date format under a chart's bar", "j M")
            assert f">{formats.date_format(party.date, short)}<" in labels[lang], lang
    assert labels["fr"] != labels["en"]
