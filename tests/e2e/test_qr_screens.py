"""Every QR code on a screen scans: a screenshot of the page as Chromium draws
it, read by a real decoder, finds each code the page shows, with its quiet
zone and modules big enough for a phone at arm's length, and each says the
hall's address although the host's browser opened the page on the serving
machine itself (here ``localhost``)."""

from __future__ import annotations

import datetime
import io

import pytest
from django.urls import reverse
from PIL import Image

from pedroparty import qrcodes
from scoring import services as play
from scoring.services import SeatSpec
from tests.pedroparty.qr_reader import quiet_zone_problem, read_codes
from tournaments import services
from tournaments.clubs.services import clubs as club_services
from tournaments.clubs.services import members as member_services
from tournaments.clubs.services import seasons as season_services
from tournaments.game.wifi import wifi_payload
from tournaments.models import TableRound
from tournaments.tableside.services import party_tableside_set

from .browser import sign_in
from .builders import PLAYERS

pytestmark = pytest.mark.e2e

HALL = "http://192.168.1.23:8000"
WIFI = ("Parish Hall Guest", "pedro-night-2026")


def unreadable(page, expected: list[str]) -> list[str]:
    """Why the codes in a screenshot of the whole page would not scan."""
    # An SVG image fills the window; Chromium measures no "full page" of one.
    whole = not page.url.endswith(".svg")
    picture = Image.open(io.BytesIO(page.screenshot(full_page=whole)))
    codes = read_codes(picture)
    problems = []
    if sorted(code.text for code in codes) != sorted(expected):
        problems.append(f"{page.url} shows {[c.text for c in codes]}, not {expected}")
    for code in codes:
        problem = quiet_zone_problem(picture, code)
        if problem:
            problems.append(f"{page.url}: {problem}")
        if code.module_px < qrcodes.SCREEN_MODULE_PX:
            problems.append(f"{page.url}: {code.text!r} is {code.module_px:.1f} px a module")
    return problems


def test_every_code_on_the_hosts_screens_scans_to_the_halls_address(page, host, settings):
    settings.PEDROPARTY_BASE_URL = HALL  # the hall's address; the browser is on localhost
    party = services.party_create(
        owner=host,
        name="Table night",
        date=datetime.date(2026, 5, 8),
        settings=services.PartySettings(tableside_entry=True),
    )
    for name in PLAYERS[:8]:
        services.player_register(party=party, name=name, user=host)
    party_tableside_set(party=party, on=True, user=host)
    services.party_wifi_set(party=party, name=WIFI[0], password=WIFI[1], user=host)
    rnd = services.round1_seat_draw(party=party, seed=4, user=host)
    club = club_services.club_create(name="Monterey Pedro Club", user=host)
    invitation = club_services.invitation_create(club=club, role="scorer", user=host)
    season = season_services.season_create(club=club, name="Autumn", best_of=None, user=host)
    member = member_services.member_for_name(club=club, name="Rosa Ferrante")
    table = play.table_create(
        seats=[SeatSpec(name, "human") for name in ("Ana", "Bea", "Cruz", "Dee")],
        ruleset="monterey-draw",
        deals=1,
        target=None,
        idle_seconds=120,
    )
    party.refresh_from_db()
    public = HALL + reverse("public:party", args=[party.public_token])
    entries = [
        HALL + reverse("tableside:table", args=[token])
        for token in TableRound.objects.filter(round=rnd).values_list("entry_token", flat=True)
    ]
    season_url = HALL + reverse("season_public:page", args=[season.public_token])
    screens = {
        reverse("host:share", args=[party.slug]): [public, wifi_payload(*WIFI)],
        reverse("host:table_codes", args=[party.slug, 1]): entries,
        reverse("club:invitation", args=[club.slug, invitation.pk]): [
            HALL + reverse("invite:accept", args=[invitation.token])
        ],
        reverse("club:season", args=[club.slug, season.pk]): [season_url],
        reverse("club:member", args=[club.slug, member.pk]): [
            HALL + reverse("member_public:member", args=[member.public_token])
        ],
        reverse("public:qr", args=[party.public_token]): [public],
        reverse("season_public:qr", args=[season.public_token]): [season_url],
    }

    sign_in(page, "hostess")
    problems = []
    for path, expected in screens.items():
        assert page.goto(path).status == 200, path
        problems += unreadable(page, expected)

    # The creator's screen of an online table: each seat's code opens on a tap.
    page.goto(reverse("play:manage", args=[table.creator_token]))
    for summary in page.locator("details.qr summary").all():
        summary.click()
    seats = [HALL + reverse("play:seat", args=[seat.token]) for seat in table.seats.all()]
    problems += unreadable(page, seats)
    assert not problems, "\n".join(problems)
