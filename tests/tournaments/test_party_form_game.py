"""The new-party form shows the chosen game's house options only: the game
is chosen first, and "Show this game's options" (or, with JavaScript, the
choice itself) brings its options from the server.  An option posted for
another game is ignored, never stored; a party is not created with options
the host was not shown."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from tournaments.models import Party

pytestmark = pytest.mark.django_db

DARK = "28 and 56 may be bid in the dark"
HX = {"HX-Request": "true"}


@pytest.fixture
def signed_in(client, host):
    client.force_login(host)
    return client


def post(**changes) -> dict:
    data = {
        "name": "Spring",
        "date": datetime.date(2026, 4, 18).isoformat(),
        "ruleset": "monterey-draw",
        "movement": "up_down",
        "deals_per_round": "4",
        "sitout_credit": "average",
        "planned_rounds": "5",
        "shoot_set_penalty": "32",
        "low_is_keeper": "on",
        "shoot_needs_ace_and_two": "on",
    }
    data.update(changes)
    return data


def options_of(page: str) -> str:
    return page.split('id="house-options"')[1].split("</fieldset>")[0]


def test_the_form_shows_the_default_games_options_only(signed_in):
    page = signed_in.get(reverse("host:party_create")).content.decode()
    options = options_of(page)
    assert 'name="shoot_set_penalty"' in options and 'name="low_is_keeper"' in options
    assert DARK not in page and 'name="dark"' not in page and 'name="joker"' not in page
    assert 'name="options_for" value="monterey-draw"' in options
    # Without JavaScript a button asks for the chosen game's options.
    assert 'name="show_options"' in page and "Show this game's options" in page


def test_showing_a_games_options_keeps_what_was_typed_and_creates_nothing(signed_in):
    url = reverse("host:party_create")
    response = signed_in.post(url, post(ruleset="louisiana", name="Bayou", show_options="1"))
    assert response.status_code == 200 and not Party.objects.exists()
    page = response.content.decode()
    options = options_of(page)
    assert DARK in options and 'name="stuck_bid"' in options
    assert 'name="shoot_set_penalty"' not in page and 'name="low_is_keeper"' not in page
    assert 'value="Bayou"' in page and 'name="options_for" value="louisiana"' in options
    assert 'class="error"' not in page
    # With JavaScript the same answer is the options alone, swapped in place.
    part = signed_in.post(url, post(ruleset="louisiana", show_options="1"), headers=HX)
    text = part.content.decode()
    assert text.lstrip().startswith('<fieldset id="house-options"') and DARK in text
    assert "<html" not in text and not Party.objects.exists()


def test_a_game_changed_without_its_options_shown_is_not_created(signed_in):
    url = reverse("host:party_create")
    response = signed_in.post(url, post(ruleset="louisiana", options_for="monterey-draw"))
    assert response.status_code == 200 and not Party.objects.exists()
    page = response.content.decode()
    assert "Check this game&#x27;s options, then create the party." in page
    assert DARK in options_of(page)
    created = signed_in.post(url, post(ruleset="louisiana", options_for="louisiana", dark="on"))
    assert created.status_code == 302
    assert Party.objects.get().house_options["dark"] is True


def test_an_option_of_another_game_is_ignored_and_not_stored(signed_in):
    url = reverse("host:party_create")
    response = signed_in.post(url, post(dark="on", stuck_bid="99", joker="on", min_bid="abc"))
    assert response.status_code == 302, response.content.decode()
    party = Party.objects.get()
    assert party.ruleset == "monterey-draw"
    assert not {"dark", "stuck_bid", "joker", "min_bid"} & set(party.house_options)
    assert party.house_options["shoot_set_penalty"] == 32


@pytest.mark.parametrize(
    ("game", "field", "posted", "stored"),
    [
        ("california", "bidding_start", "right", "right"),
        ("cinch", "bicycle", "on", True),
        ("cinch", "min_bid", "7", 7),
        ("six-card", "min_bid", "6", 6),
        ("sancho", "min_bid", "7", 7),
        ("eighty-three", "joker", "on", True),
        ("isle-madame", "fold_when_void", "on", True),
    ],
)
def test_the_options_the_seeds_name_are_offered_and_stored(signed_in, game, field, posted, stored):
    url = reverse("host:party_create")
    page = signed_in.post(url, post(ruleset=game, show_options="1")).content.decode()
    assert f'name="{field}"' in options_of(page)
    created = signed_in.post(url, post(ruleset=game, options_for=game, **{field: posted}))
    assert created.status_code == 302, created.content.decode()
    assert Party.objects.get().house_options[field] == stored


def test_the_bidding_start_is_offered_in_words(signed_in):
    url = reverse("host:party_create")
    page = signed_in.post(url, post(ruleset="california", show_options="1")).content.decode()
    options = options_of(page)
    assert "right of the dealer, counter-clockwise" in options
    assert 'value="left" selected' in options


@pytest.mark.parametrize("game", ["five-hand", "railroad", "individual", "original"])
@pytest.mark.usefixtures("template_context")
def test_a_game_without_four_fixed_seats_is_refused_on_the_ruleset_field(signed_in, game):
    url = reverse("host:party_create")
    response = signed_in.post(url, post(ruleset=game))
    assert response.status_code == 422 and not Party.objects.exists()
    assert list(response.context["form"].errors) == ["ruleset"]
    # The partnership tables are parties' games like any other.
    created = signed_in.post(url, post(ruleset="dom-pedro", options_for="dom-pedro", min_bid="6"))
    assert created.status_code == 302 and Party.objects.get().ruleset == "dom-pedro"
