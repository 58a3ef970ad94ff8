"""The scorepad's pages: made by anyone or a host, a deal entered by taps,
a bad deal shown at its field, the game's end, the players' phone page
and the printed sheet with a column a seat."""

from __future__ import annotations

import io
import re

import pytest
from django.urls import reverse
from pypdf import PdfReader

from scoring.rules import RULESETS
from tournaments.models import Scorepad, ScorepadDeal
from tournaments.scorepad import services
from tournaments.scorepad.selectors import scorepad_sheet

from .builders import FOUR, THREE, individual_pad, individual_rs, team_pad

pytestmark = pytest.mark.django_db


def test_anyone_makes_a_scorepad_of_three_and_gets_its_private_link(client):
    page = client.get(reverse("scorepad:new"), {"game": "individual"})
    assert page.status_code == 200
    counts = re.findall(r'name="players" value="(\d+)"', page.content.decode())
    option = RULESETS["individual"].house_option("players")
    assert [int(c) for c in counts] == list(range(option.minimum, option.maximum + 1))
    url = reverse("scorepad:new") + "?game=individual&players=3"
    form = client.get(url).content.decode()
    assert form.count('name="name_') == 3
    answer = client.post(url, {"name_0": "Ana", "name_1": "Bea", "name_2": "Cruz",
                               "first_dealer": "1", "target": "21"})  # fmt: skip
    pad = Scorepad.objects.get()
    assert answer.status_code == 302 and answer["Location"] == f"/pad/{pad.token}/"
    assert (pad.names, pad.first_dealer, pad.ruleset["target"]) == (THREE, 1, 21)
    assert pad.created_by is None


def test_a_signed_in_host_finds_his_scorepads(client, host):
    client.force_login(host)
    url = reverse("scorepad:new") + "?game=canadian"
    names = {f"name_{s}": name for s, name in enumerate(FOUR)}
    client.post(url, names | {"first_dealer": "0"})
    pad = Scorepad.objects.get()
    assert pad.created_by == host
    assert f"/pad/{pad.token}/" in client.get(reverse("scorepad:new")).content.decode()


def test_missing_names_are_named_and_nothing_is_made(client):
    url = reverse("scorepad:new") + "?game=individual&players=3"
    page = client.post(url, {"name_0": "Ana", "first_dealer": "0"})
    assert page.status_code == 200
    assert "Name the 3 players, seat 1 first." in page.content.decode()
    assert not Scorepad.objects.exists()


def _post(client, pad, **fields):
    data = {"number": str(scorepad_sheet(pad).next_number), "form_token": ""}
    data.update({key: str(value) for key, value in fields.items()})
    return client.post(reverse("scorepad:enter", args=[pad.token]), data)


def test_the_pad_shows_a_column_a_seat_and_whose_deal_is_next(client):
    pad = individual_pad(first_dealer=1)
    bid = individual_rs().bids()[0]
    answer = _post(client, pad, bidder=0, bid=bid, trump="S",
                   seat_points_0=bid, seat_points_1=3, seat_points_2=2)  # fmt: skip
    assert answer.status_code == 302
    page = client.get(reverse("scorepad:pad", args=[pad.token])).content.decode()
    assert re.findall(r'<th scope="col" class="col">(\w+)</th>', page) == THREE
    assert "Deal 2: Cruz deals." in page
    totals = re.findall(r'data-total="\d">(-?\d+)<', page)
    assert totals == [str(bid), "3", "2"]


def test_a_bad_deal_is_shown_at_its_field_and_changes_nothing(client):
    pad = individual_pad()
    rs = individual_rs()
    page = _post(client, pad, bidder=0, bid=rs.bids()[0],
                 seat_points_0=rs.total_points, seat_points_1=1, seat_points_2=0)  # fmt: skip
    assert page.status_code == 200
    html = page.content.decode()
    field = re.search(r'data-field="seat_points">.*?</fieldset>', html, re.S).group(0)
    assert 'class="error"' in field and str(rs.total_points) in field
    assert "This deal was not saved" in html
    assert not ScorepadDeal.objects.exists()


def test_a_word_for_a_number_is_named_at_its_field(client):
    pad = individual_pad()
    page = _post(client, pad, bidder=0, bid="eight", seat_points_0=0, seat_points_1=0,
                 seat_points_2=0)  # fmt: skip
    field = re.search(r'data-field="bid">.*?</fieldset>', page.content.decode(), re.S).group(0)
    assert 'class="error"' in field
    assert not ScorepadDeal.objects.exists()


def test_the_same_form_posted_twice_gives_one_deal(client):
    pad = individual_pad()
    bid = individual_rs().bids()[0]
    fields = {"bidder": 0, "bid": bid, "seat_points_0": bid, "seat_points_1": 0,
              "seat_points_2": 0, "number": 1, "form_token": "one-form"}  # fmt: skip
    url = reverse("scorepad:enter", args=[pad.token])
    first = client.post(url, {k: str(v) for k, v in fields.items()})
    second = client.post(url, {k: str(v) for k, v in fields.items()})
    assert first.status_code == second.status_code == 302
    assert ScorepadDeal.objects.count() == 1


def test_the_end_of_the_game_names_the_winner_and_takes_no_form(client):
    pad = team_pad("canadian")
    rs = RULESETS["canadian"]
    bid, total = rs.bids()[0], rs.total_points
    for _ in range(-(-rs.target // total)):
        answer = _post(client, pad, bidder=0, bid=bid, bidding_team_points=total,
                       other_team_points=0)  # fmt: skip
        assert answer.status_code == 302
    page = client.get(reverse("scorepad:pad", args=[pad.token])).content.decode()
    assert "Ana &amp; Cruz won the game." in page
    assert 'id="entry"' not in page
    refused = _post(client, pad, bidder=0, bid=bid, bidding_team_points=total, other_team_points=0)
    assert "The game is over" in refused.content.decode()


def test_the_last_deal_is_amended_and_deleted(client):
    pad = individual_pad()
    bid = individual_rs().bids()[0]
    _post(client, pad, bidder=0, bid=bid, seat_points_0=bid, seat_points_1=0, seat_points_2=0)
    url = reverse("scorepad:amend", args=[pad.token, 1])
    form = client.get(url).content.decode()
    assert re.search(rf'name="bid" value="{bid}" checked', form)
    client.post(url, {"number": "1", "bidder": "1", "bid": str(bid), "seat_points_0": "0",
                      "seat_points_1": str(bid), "seat_points_2": "1"})  # fmt: skip
    assert scorepad_sheet(pad).totals == (0, bid, 1)
    client.post(reverse("scorepad:delete", args=[pad.token, 1]))
    assert not ScorepadDeal.objects.exists()


def test_the_players_page_shows_the_score_read_only(client):
    pad = individual_pad()
    bid = individual_rs().bids()[0]
    _post(client, pad, bidder=0, bid=bid, seat_points_0=bid, seat_points_1=0, seat_points_2=0)
    page = client.get(reverse("scorepad:phone", args=[pad.view_token])).content.decode()
    assert re.findall(r'data-total="\d">(-?\d+)<', page) == [str(bid), "0", "0"]
    assert "<form" not in page.split('<main class="page">')[1]
    assert pad.token not in page
    part = client.get(reverse("scorepad:phone", args=[pad.view_token]), HTTP_HX_REQUEST="true")
    assert part.content.decode().lstrip().startswith('<div id="live-score"')
    assert client.get(f"/pad/v/{pad.token}/").status_code == 404


def _pdf_text(client, pad) -> str:
    answer = client.get(reverse("scorepad:sheet_pdf", args=[pad.token]))
    assert answer["Content-Type"] == "application/pdf"
    reader = PdfReader(io.BytesIO(answer.content))
    return "\n".join(page.extract_text() for page in reader.pages)


@pytest.mark.parametrize("players", [3, 6])
def test_the_printed_sheet_has_a_column_a_seat(client, players):
    names = ["Ana", "Bea", "Cruz", "Dee", "Eva", "Flo"][:players]
    pad = services.scorepad_create(
        game="individual", options={"players": players}, names=names, first_dealer=0
    )
    text = _pdf_text(client, pad)
    header = next(line for line in text.splitlines() if "Deal" in line)
    assert [name for name in names if name in header] == names
    assert "Eva" not in header if players == 3 else "Flo" in header


def test_the_printed_sheet_of_a_four_seat_game_has_a_column_a_team(client):
    text = _pdf_text(client, team_pad("pitch"))
    assert "Ana & Cruz" in text and "Bea & Dee" in text


@pytest.mark.parametrize(
    ("language", "next_deal"),
    [("es", "Mano 1: reparte Ana."), ("fr", "Donne 1 : Ana distribue.")],
)
def test_the_pad_speaks_spanish_and_french(client, language, next_deal):
    pad = individual_pad()
    client.cookies["django_language"] = language
    page = client.get(reverse("scorepad:pad", args=[pad.token])).content.decode()
    assert next_deal in page
    new = client.get(reverse("scorepad:new")).content.decode()
    assert "Keep the score of one table at home" not in new


def test_a_poll_of_an_unchanged_pad_is_a_304_in_two_queries(client, django_assert_num_queries):
    pad = individual_pad()
    url = reverse("scorepad:phone", args=[pad.view_token])
    with django_assert_num_queries(2):  # the pad, its deals
        first = client.get(url, HTTP_HX_REQUEST="true")
    etag = first["ETag"]
    with django_assert_num_queries(1):
        again = client.get(url, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304
    bid = individual_rs().bids()[0]
    _post(client, pad, bidder=0, bid=bid, seat_points_0=bid, seat_points_1=0, seat_points_2=0)
    changed = client.get(url, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200 and changed["ETag"] != etag


def test_too_many_new_scorepads_from_one_client_are_refused(client, settings):
    settings.PLAY_TABLES_PER_CLIENT_MINUTE = 1
    url = reverse("scorepad:new") + "?game=individual&players=3"
    data = {"name_0": "Ana", "name_1": "Bea", "name_2": "Cruz", "first_dealer": "0"}
    assert client.post(url, data).status_code == 302
    refused = client.post(url, data)
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    assert Scorepad.objects.count() == 1


FIVE = ["Ana", "Bea", "Cruz", "Dee", "Eva"]


def test_railroad_alone_is_tapped_in_and_doubled(client):
    pad = services.scorepad_create(game="railroad", options={}, names=FIVE, first_dealer=0)
    rs = RULESETS["railroad"]
    bid, total = rs.bids()[0], rs.total_points
    page = client.get(reverse("scorepad:pad", args=[pad.token])).content.decode()
    assert 'name="alone"' in page and 'name="call_rank"' in page
    taken = bid + 1
    answer = _post(client, pad, bidder=2, bid=bid, trump="H", alone="on", side_points=taken)
    assert answer.status_code == 302
    other = 2 * (total - taken)
    assert scorepad_sheet(pad).totals == (other, other, 2 * taken, other, other)


def test_a_railroad_call_of_a_plain_card_is_refused_at_the_call(client):
    pad = services.scorepad_create(game="railroad", options={}, names=FIVE, first_dealer=0)
    rs = RULESETS["railroad"]
    page = _post(client, pad, bidder=0, bid=rs.bids()[0], trump="H", call_rank="K",
                 call_suit="S", partner=1, side_points=rs.total_points)  # fmt: skip
    field = re.search(r'data-field="call">.*?</fieldset>', page.content.decode(), re.S).group(0)
    assert 'class="error"' in field
    assert not ScorepadDeal.objects.exists()


def test_five_hand_with_the_called_card_discarded_leaves_the_bidder_alone(client):
    pad = services.scorepad_create(game="five-hand", options={}, names=FIVE, first_dealer=0)
    rs = RULESETS["five-hand"]
    bid, total = rs.bids()[0], rs.total_points
    page = client.get(reverse("scorepad:pad", args=[pad.token])).content.decode()
    assert 'name="alone"' not in page
    answer = _post(client, pad, bidder=0, bid=bid, trump="S", call_rank="A", call_suit="D",
                   partner="", side_points=bid)  # fmt: skip
    assert answer.status_code == 302
    assert scorepad_sheet(pad).totals == (bid, *[total - bid] * 4)


def test_a_shoot_is_offered_in_the_players_words(client):
    pad = team_pad("monterey-draw")
    page = client.get(reverse("scorepad:pad", args=[pad.token])).content.decode()
    rs = RULESETS["monterey-draw"]
    assert f'value="{rs.shoot_bid}"' in page and "shoot the moon" in page
