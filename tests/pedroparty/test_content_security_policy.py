"""The Content-Security-Policy: every page is sent a strict one, and no
template needs more than it allows.

Scripts and styles come from our static files only, so the templates may
hold no inline script, no ``on...=`` or ``hx-on`` handler, no ``style=``
attribute, no ``<style>`` block and no ``javascript:`` URL, and htmx may not
evaluate code (no trigger filters, no ``js:`` values). The PDF templates
are rendered by WeasyPrint and never served to a browser: they keep their
``<style>``.
"""

from __future__ import annotations

import datetime
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

from scoring import services as play_services
from scoring.services import SeatSpec
from tournaments import services

TEMPLATES = Path(settings.BASE_DIR) / "templates"
PAGE_TEMPLATES = sorted(
    path for path in TEMPLATES.rglob("*.html") if path.relative_to(TEMPLATES).parts[0] != "pdf"
)

#: What a strict policy forbids, each with the reason it is reported under.
FORBIDDEN = [
    ("inline <script>", re.compile(r"<script\b(?![^>]*\bsrc=)[^>]*>", re.IGNORECASE)),
    ("<style> block", re.compile(r"<style\b", re.IGNORECASE)),
    ("style= attribute", re.compile(r"\sstyle\s*=", re.IGNORECASE)),
    ("inline event handler", re.compile(r"\son[a-z]+\s*=", re.IGNORECASE)),
    ("hx-on handler", re.compile(r"\s(?:data-)?hx-on\b", re.IGNORECASE)),
    ("javascript: URL", re.compile(r"javascript:", re.IGNORECASE)),
    ("htmx js: value", re.compile(r"""\s(?:hx-vals|hx-headers)\s*=\s*['"]js:""", re.IGNORECASE)),
    ("htmx hx-vars (evaluated)", re.compile(r"\shx-vars\s*=", re.IGNORECASE)),
    ("htmx trigger filter (evaluated)", re.compile(r"""\shx-trigger\s*=\s*"[^"]*\[""")),
]

DIRECTIVES = {
    "default-src": "'self'",
    "script-src": "'self'",
    "style-src": "'self'",
    "img-src": "'self' data:",
    "object-src": "'none'",
    "base-uri": "'self'",
    "form-action": "'self'",
    "frame-ancestors": "'none'",
}


def problems_in(text: str) -> list[tuple[str, int, str]]:
    """Each forbidden thing found: (reason, line number, the text matched)."""
    found = []
    for reason, pattern in FORBIDDEN:
        for match in pattern.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            found.append((reason, line, match.group(0).strip()))
    return found


def test_the_checks_catch_what_they_look_for():
    """Each pattern finds its own kind of inline code, and plain markup passes."""
    bad = """
      <script>alert(1)</script>
      <style>p { color: red }</style>
      <p style="color: red">
      <form onsubmit="return confirm('Sure?')">
      <button hx-on:click="go()">
      <a href="javascript:void(0)">
      <div hx-vals='js:{a: 1}'>
      <div hx-trigger="every 1s [!document.hidden]">
    """
    reasons = {reason for reason, _, _ in problems_in(bad)}
    assert reasons == {
        "inline <script>",
        "<style> block",
        "style= attribute",
        "inline event handler",
        "hx-on handler",
        "javascript: URL",
        "htmx js: value",
        "htmx trigger filter (evaluated)",
    }
    good = """
      <script src="/static/js/site.js" defer></script>
      <link rel="stylesheet" href="/static/css/site.css">
      <form method="post" data-confirm="Finish the party now?">
      <div hx-get="/x/" hx-trigger="every 1s, refresh" hx-headers='{"X-CSRFToken": "t"}'>
      <p>Bring one bottle; the host chose it.</p>
    """
    assert problems_in(good) == []


def test_every_page_template_is_found():
    names = {path.relative_to(TEMPLATES).as_posix() for path in PAGE_TEMPLATES}
    assert {"base.html", "host/table.html", "public/party.html", "play/seat.html"} <= names
    assert not any(name.startswith("pdf/") for name in names)


@pytest.mark.parametrize(
    "template", PAGE_TEMPLATES, ids=[p.relative_to(TEMPLATES).as_posix() for p in PAGE_TEMPLATES]
)
def test_template_has_no_inline_script_or_style(template):
    assert problems_in(template.read_text(encoding="utf-8")) == []


def assert_strict_policy(response) -> None:
    """The response carries the strict policy, and its HTML (what the
    templates and the views put together) needs nothing the policy forbids."""
    assert response.status_code == 200, response.status_code
    assert problems_in(response.content.decode()) == []
    header = response["Content-Security-Policy"]
    directives = {}
    for part in header.split(";"):
        name, _, value = part.strip().partition(" ")
        directives[name] = value
    for name, value in DIRECTIVES.items():
        assert directives.get(name) == value, f"{name}: {directives.get(name)!r} in {header!r}"
    assert "unsafe-inline" not in header
    assert "unsafe-eval" not in header


@pytest.fixture
def host(django_user_model):
    return django_user_model.objects.create_user(username="hostess", password="cards-and-wine-1")


@pytest.fixture
def seated(host):
    """A party of eight seated for round 1, its first deal at table 1 entered."""
    party = services.party_create(owner=host, name="Spring", date=datetime.date(2026, 4, 18))
    for name in ["Ana", "Bea", "Cruz", "Dee", "Eli", "Fay", "Gus", "Hal"]:
        services.player_register(party=party, name=name, user=host)
    rnd = services.round1_seat_draw(party=party, seed=7, user=host)
    services.result_record(
        round=rnd,
        table=1,
        deal=1,
        entry=services.DealEntry(bidder=0, bid=8, bidding_team_points=9),
        user=host,
    )
    party.refresh_from_db()
    return party


@pytest.mark.django_db
def test_public_pages_are_sent_the_strict_policy(client, seated):
    me = seated.players.first()
    for url in [
        reverse("home"),
        reverse("login"),
        reverse("public:party", args=[seated.public_token]),
        reverse("public:board", args=[seated.public_token]),
        reverse("public:seat", args=[seated.public_token, me.pk]),
        reverse("rules:index"),
        reverse("rules:page", args=["sixty-three"]),
    ]:
        assert_strict_policy(client.get(url))


@pytest.mark.django_db
def test_host_pages_are_sent_the_strict_policy(client, host, seated):
    client.force_login(host)
    slug = seated.slug
    for url in [
        reverse("host:party_list"),
        reverse("host:dashboard", args=[slug]),
        reverse("host:players", args=[slug]),
        reverse("host:round", args=[slug, 1]),
        reverse("host:table", args=[slug, 1, 1]),
        reverse("host:documents", args=[slug]),
        reverse("host:prizes", args=[slug]),
        reverse("host:share", args=[slug]),
        reverse("host:party_create"),
    ]:
        assert_strict_policy(client.get(url))
    # An htmx poll's answer is a page fragment, under the same policy.
    assert_strict_policy(client.get(reverse("host:round", args=[slug, 1]), HTTP_HX_REQUEST="true"))


@pytest.mark.django_db
def test_online_pages_are_sent_the_strict_policy(client):
    table = play_services.table_create(
        seats=[SeatSpec(name, "human") for name in ["Ana", "Bea", "Cruz", "Dee"]], deals=1
    )
    seat = table.seats.order_by("seat").first()
    for url in [
        reverse("play:new"),
        reverse("play:manage", args=[table.creator_token]),
        reverse("play:seat", args=[seat.token]),
    ]:
        assert_strict_policy(client.get(url))
