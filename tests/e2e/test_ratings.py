"""A member's rating on a phone after a season's three nights, and the
season pages' rating column."""

from __future__ import annotations

import datetime

import pytest
from playwright.sync_api import expect

from tests.tournaments.builders import make_club, make_club_party, play_party
from tournaments.clubs import selectors as club_selectors
from tournaments.game import ratings
from tournaments.models import Member, Party, RatingUpdate, Season

from .browser import open_page

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844}
EIGHT = ["Élodie", "Beñat", "Núñez", "O'Brien", "Zoë", "Ana", "Bea", "Cruz"]


def test_a_member_sees_their_rating_and_its_chart_on_a_phone(browser, live_server, traffic, host):
    club = make_club(host)
    season = Season.objects.create(club=club, name="Winter")
    for day, seed in ((9, 3), (16, 4), (23, 5)):
        party = make_club_party(host, club, EIGHT, date=datetime.date(2026, 1, day))
        play_party(party, host, rounds=2, seed=seed)
        Party.objects.filter(pk=party.pk).update(season=season)
    ana = Member.objects.get(club=club, name="Ana")
    last = RatingUpdate.objects.filter(member=ana).order_by("date", "number").last()
    shown = f"{ratings.shown(last.mu_after, last.sigma_after):.1f}"

    for page in open_page(browser, live_server, traffic, viewport=PHONE):
        page.goto(f"/m/{ana.public_token}/")
        expect(page.locator(".rating-value")).to_have_text(shown)
        expect(page.locator(".rating-provisional")).to_be_visible()
        chart = page.locator("svg.rating-svg")
        expect(chart).to_be_visible()
        expect(chart.locator("rect.rating-bar")).to_have_count(3)
        box = chart.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

        page.goto(f"/s/{season.public_token}/")
        expect(page.locator("table.season-table th").last).to_have_text("Rtg")
        table = club_selectors.season_table(Season.objects.get(pk=season.pk))
        row = page.locator(f'tr[data-member="{ana.pk}"] td.rating')
        line = next(line for line in table.rows if line.member_id == ana.pk)
        expect(row).to_contain_text(f"{line.rating:.1f}")
        assert line.rating is not None and f"{line.rating:.1f}" == shown
    assert not traffic.problems, traffic.problems
