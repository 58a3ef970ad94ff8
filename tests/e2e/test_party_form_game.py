"""The new-party form in a browser shows the chosen game's house options
only: with JavaScript they follow the game as it is chosen, without it
"Show this game's options" brings them.  The party keeps what was set."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tournaments.models import Party

from .browser import sign_in

pytestmark = pytest.mark.e2e

DARK = "28 and 56 may be bid in the dark"
PENALTY = "A set shoot costs"


def choose_louisiana_and_create(page: Page, *, javascript: bool) -> Party:
    page.goto("/host/new/")
    options = page.locator("#house-options")
    expect(options.get_by_label(DARK)).to_have_count(0)
    expect(options).to_contain_text("Monterey Draw")
    page.locator("#id_name").fill("Bayou night")
    page.locator("#id_ruleset").select_option("louisiana")
    if not javascript:
        expect(options.get_by_label(DARK)).to_have_count(0)  # not until asked
        page.get_by_role("button", name="Show this game's options").click()
    expect(options.get_by_label(DARK)).to_be_checked()
    expect(options).not_to_contain_text(PENALTY)
    expect(page.locator("#id_name")).to_have_value("Bayou night")
    options.get_by_label(DARK).uncheck()
    page.get_by_role("button", name="Create the party").click()
    page.wait_for_url(re.compile(r"/host/[-\w]+/players/$"))
    return Party.objects.get()


def test_the_options_follow_the_game_chosen(page, host, traffic):
    sign_in(page, host.username)
    party = choose_louisiana_and_create(page, javascript=True)
    assert party.ruleset == "louisiana" and party.name == "Bayou night"
    assert party.house_options["dark"] is False
    assert "shoot_set_penalty" not in party.house_options
    assert traffic.problems == []


def test_without_javascript_the_game_is_chosen_then_its_options_shown(page_without_js, host):
    sign_in(page_without_js, host.username)
    party = choose_louisiana_and_create(page_without_js, javascript=False)
    assert party.ruleset == "louisiana" and party.house_options["dark"] is False
