"""The engine's English in the reader's language: validator errors kept as a
template and params, and the names of cards, suits and games (scoring.texts)."""

from __future__ import annotations

import pickle
import random

import pytest
from django.utils import translation
from django.utils.functional import Promise
from django.utils.translation import gettext, ngettext, pgettext

from scoring.rules import PARTNERSHIP_RULESETS, FieldError, new_deal, validate_result
from scoring.rules.cards import ALL_CODES
from scoring.rules.words import Text, TextList
from scoring.texts import RANK_WORDS, card_name, game_title, role_name, suit_name, translated

VALUES = [None, 0, 1, 3, 5, 7, 9, 14, 16, 25, 32, 56, -1, "x", True, 1.5, "H", "Z"]


def refused_records(seed: int = 7, per_game: int = 150):
    """(ruleset, record) pairs with random fields, most of them refused."""
    rng = random.Random(seed)
    for rs in PARTNERSHIP_RULESETS.values():
        roles = [role for role, _ in rs.points]
        for _ in range(per_game):
            record = {
                key: rng.choice(VALUES)
                for key in ("deal", "dealer", "bidder", "bid", "trump", "bidding_team_points")
                if rng.random() < 0.8
            }
            if rng.random() < 0.3:
                record["other_team_points"] = rng.choice(VALUES)
            if rng.random() < 0.3:
                record["cards"] = {role: rng.choice([0, 1, 1, None, 2]) for role in roles}
            if rng.random() < 0.3:
                record["tally"] = [rng.randint(-40, 40), rng.randint(-40, 40)]
            if rng.random() < 0.2:
                record["players"] = ["Ana", "Bea", "", "Dee"]
            yield rs, record
        # A played deal whose record disagrees with its log.
        state = new_deal(rs, 0, seed=seed)
        while state.phase != "done":
            state.apply(rng.choice(state.legal_actions()))
        record = state.record() | {"deal": 1, "bidder": (state.record()["bidder"] + 1) % 4}
        record["log"] = {
            "dealer": 0,
            "deck": [ALL_CODES[card] for card in state.deck],
            "actions": list(state.log)[:-1],
        }
        yield rs, record


def errors_of_every_game() -> list[FieldError]:
    errors = [error for rs, record in refused_records() for error in validate_result(rs, record)]
    assert len(errors) > 1000
    return errors


def independent(template: str, params: dict, forms=None) -> str:
    """What a translated error should read, worked out here without scoring.texts:
    a plural's forms through ngettext by its count, anything else through gettext."""

    def say(value):
        if isinstance(value, Text):
            text = independent(value.template, value.params, value.forms)
            return text[:1].upper() + text[1:] if value.capital else text
        if isinstance(value, TextList):
            return value.sep.join(say(item) for item in value.items)
        return value

    if forms is not None:
        translated_template = ngettext(forms.singular, forms.plural, params[forms.count])
    else:
        translated_template = gettext(template)
    return translated_template % {key: say(value) for key, value in params.items()}


def test_every_error_template_with_its_params_is_the_english_sentence():
    templates = set()
    for error in errors_of_every_game():
        assert error.template % error.params == str(error) == error.message
        assert "%(" in error.template or not error.params
        templates.add(error.template)
    # Many kinds of refusal, not one sentence over and over.
    assert len(templates) >= 20


def test_translated_in_english_is_the_stored_sentence():
    with translation.override("en"):
        for error in errors_of_every_game():
            assert translated(error) == str(error)


@pytest.mark.parametrize("language", ["es", "fr"])
def test_translated_is_the_gettext_of_the_template_filled(language):
    errors = errors_of_every_game()
    with translation.override(language):
        for error in errors:
            assert translated(error) == independent(error.template, error.params, error.forms)


def test_word_params_are_texts_so_that_they_are_translated():
    rs = PARTNERSHIP_RULESETS["monterey-draw"]
    [error] = validate_result(
        rs,
        {
            "deal": 1,
            "bidder": 0,
            "bid": 8,
            "cards": {"A": 0, "J": 0, "T": 0, "P": 0, "L": 0, "2": 5},
        },
    )
    assert str(error) == (
        "The two of trump (low) goes to team 0 (seats 1 and 3) or team 1 (seats 2 and 4), not 5."
    )
    assert isinstance(error.params["card"], Text)
    assert error.params["card"].template == "the two of trump (low)"
    assert error.params["value"] == "5"  # a quoted value is not translated


def test_errors_pickle_with_their_template_and_params():
    for error in errors_of_every_game()[:300]:
        copy = pickle.loads(pickle.dumps(error))
        assert (copy, copy.field, copy.template, copy.params, copy.forms) == (
            error,
            error.field,
            error.template,
            error.params,
            error.forms,
        )
        assert translated(copy) == translated(error)


def test_an_error_made_from_a_plain_sentence_translates_as_that_sentence():
    error = FieldError("bid", "The bid is too low.")
    assert error.template == "The bid is too low." and error.params == {}
    assert translated(error) == "The bid is too low."
    assert translated("not an error") == "not an error"


def test_card_suit_role_and_game_names_in_english():
    with translation.override("en"):
        assert card_name("AH") == "the Ace of hearts"
        assert card_name("TC") == "the Ten of clubs"
        assert card_name("5S") == "the Five of spades"
        assert card_name("X1") == "the joker"
        assert suit_name("D") == "diamonds"
        assert role_name("P") == "the right pedro"
        assert game_title(PARTNERSHIP_RULESETS["isle-madame"]) == "Pede (Isle Madame)"


def test_rank_words_are_marked_and_follow_the_active_language():
    assert all(isinstance(word, Promise) for word in RANK_WORDS.values())
    with translation.override("es"):
        assert card_name("KD") == pgettext("card", "the %(rank)s of %(suit)s") % {
            "rank": pgettext("rank", "King"),
            "suit": gettext("diamonds"),
        }
