"""At the door without JavaScript: a look-alike name is a question, and
the answer's plain form registers nobody ("the same") or the name as
typed ("a new player")."""

from __future__ import annotations

import datetime

import pytest
from playwright.sync_api import expect

from tournaments import services

from .browser import sign_in

pytestmark = pytest.mark.e2e


def test_a_look_alike_is_answered_with_plain_forms(page_without_js, host):
    page = page_without_js
    party = services.party_create(owner=host, name="Door Night", date=datetime.date(2026, 6, 1))
    for name in ("Ana Ruiz", "John Smith"):
        services.player_register(party=party, name=name, user=host)
    sign_in(page, host.username)
    page.goto(f"/host/{party.slug}/players/")
    roster = page.locator("ol.roster > li")

    page.get_by_label("Name").fill("Smith, John")
    page.get_by_role("button", name="Register").click()
    question = page.locator(".lookalike")
    expect(question).to_contain_text("Smith, John looks like someone already known.")
    expect(roster).to_have_count(2)
    question.get_by_role("button", name="The same: John Smith, already registered").click()
    expect(page.locator(".messages")).to_contain_text("John Smith is already registered.")
    expect(roster).to_have_count(2)

    page.get_by_label("Name").fill("ana ruiz")
    page.get_by_role("button", name="Register").click()
    page.locator(".lookalike").get_by_role("button", name="A new player: ana ruiz").click()
    expect(page.locator(".messages")).to_contain_text("ana ruiz is registered.")
    expect(page.locator("ol.roster .name")).to_have_text(["Ana Ruiz", "John Smith", "ana ruiz"])
