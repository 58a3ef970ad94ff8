"""The engine's refusals in the reader's language: an illegal action's reason
and a refused house option are kept as a template and params (English when
stored or logged), and the services show them translated."""

from __future__ import annotations

import dataclasses
import pickle
import random

import pytest
from django.utils import translation
from django.utils.translation import gettext, ngettext

from scoring import services
from scoring.rules import (
    PARTNERSHIP_RULESETS,
    IllegalAction,
    ReplayError,
    RulesetError,
    new_deal,
    replay,
)
from scoring.rules.actions import ACTIONS
from scoring.rules.deal import NOT_ALLOWED
from scoring.rules.rulesets import MUST_BE
from scoring.rules.words import OR, Text, TextList
from scoring.services import PlayError, SeatSpec
from scoring.texts import refusal

from .builders import act, make_table, state_of

#: Strings no action is made of, refused before any rule is looked at.
ODD = ["fold", "", "bid", "play 1H", "trump Z", 7, None]

#: A few Spanish sentences, so that a translated refusal differs from the English.
TINY_SPANISH = {
    NOT_ALLOWED: "%(action)s no está permitido: %(reason)s",
    OR: "%(first)s o %(then)s",
    MUST_BE: "%(name)s debe ser %(expects)s, no %(value)s",
    "bids are %(low)s to %(high)s or %(tops)s": "se apuesta de %(low)s a %(high)s o %(tops)s",
    "a bid must be higher than %(bid)s": "hay que apostar más de %(bid)s",
    "the deal is over; no more actions": "la mano ha terminado; no hay más acciones",
    "it is time %(wanted)s (seat %(seat)s); %(action)s does not fit": (
        "toca %(wanted)s (asiento %(seat)s); %(action)s no corresponde"
    ),
    "to bid or pass": "apostar o pasar",
    "to play a card": "jugar una carta",
    "you do not hold %(card)s": "no tienes %(card)s",
    "trump was led: play a trump (%(trump)s)": "salió triunfo: juega un triunfo (%(trump)s)",
}


@pytest.fixture
def tiny_spanish(monkeypatch):
    """Spanish with :data:`TINY_SPANISH` in front of the committed catalogue."""
    catalogue = translation.trans_real.translation("es")
    real = catalogue.gettext
    monkeypatch.setattr(
        catalogue, "gettext", lambda message: TINY_SPANISH.get(message) or real(message)
    )


def english(value):
    """A message's English worked out from its template and params, here."""
    if isinstance(value, Text):
        said = value.template % {k: english(v) for k, v in value.params.items()}
        return said[:1].upper() + said[1:] if value.capital else said
    if isinstance(value, TextList):
        return value.sep.join(english(item) for item in value.items)
    return value


def independent(value):
    """A message in the active language, worked out without scoring.texts."""
    if isinstance(value, Text):
        forms = value.forms
        template = (
            ngettext(forms.singular, forms.plural, value.params[forms.count])
            if forms
            else gettext(value.template)
        )
        said = template % {k: independent(v) for k, v in value.params.items()}
        return said[:1].upper() + said[1:] if value.capital else said
    if isinstance(value, TextList):
        return value.sep.join(independent(item) for item in value.items)
    return value


def as_sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + "."


def refusals(seed: int = 11, deals: int = 6, tries: int = 4):
    """(game, IllegalAction) for random refused actions along seeded random deals
    of every game: mostly actions of a kind the step takes, some of other kinds."""
    by_kind: dict[int, list[str]] = {}
    for action, (kind, _) in ACTIONS.items():
        by_kind.setdefault(kind, []).append(action)
    rng = random.Random(seed)
    for name, rs in PARTNERSHIP_RULESETS.items():
        for number in range(deals):
            state = new_deal(rs, number % 4, seed=seed * 1000 + number)
            while True:
                kinds = {ACTIONS[action][0] for action in state.legal} or set(by_kind)
                for _ in range(tries):
                    roll = rng.random()
                    if roll < 0.1:
                        action = rng.choice(ODD)
                    elif roll < 0.25:
                        action = rng.choice(list(ACTIONS))
                    else:
                        action = rng.choice(by_kind[rng.choice(sorted(kinds))])
                    if state.phase != "done" and action in state.legal:
                        continue
                    log = list(state.log)
                    with pytest.raises(IllegalAction) as caught:
                        state.apply(action)
                    assert state.log == log
                    yield name, caught.value
                if state.phase == "done":
                    break
                state.apply(rng.choice(state.legal_actions()))


@pytest.fixture(scope="module")
def refused():
    found = list(refusals())
    assert len(found) > 3000
    return found


def test_a_refusal_is_its_template_filled_with_its_params_in_english(refused):
    templates: dict[str, set[str]] = {}
    for name, exc in refused:
        message = exc.args[0]
        assert isinstance(message, Text)
        assert english(message) == str(message) == str(exc)
        assert "%(" in message.template or not message.params
        templates.setdefault(name, set()).add(message.template)
        reason = message.params.get("reason")
        if reason is not None:
            assert isinstance(reason, Text)
            templates[name].add(reason.template)
    assert set(templates) == set(PARTNERSHIP_RULESETS)
    assert len(set().union(*templates.values())) >= 20


def test_a_refusal_in_english_is_the_stored_sentence(refused):
    with translation.override("en"):
        for _, exc in refused:
            assert refusal(exc) == str(exc)
            assert refusal(exc, sentence=True) == as_sentence(str(exc))


def test_a_refusal_in_spanish_is_the_gettext_of_its_templates(refused, tiny_spanish):
    translated = 0
    with translation.override("es"):
        for _, exc in refused:
            said = refusal(exc, sentence=True)
            assert said == as_sentence(independent(exc.args[0]))
            translated += said != as_sentence(str(exc))
    assert translated > len(refused) // 2


def test_the_words_inside_a_refusal_are_translated_too(tiny_spanish):
    rs = PARTNERSHIP_RULESETS["monterey-draw"]
    state = new_deal(rs, 0, seed=3)
    with pytest.raises(IllegalAction) as caught:
        state.apply("trump H")
    with translation.override("es"):
        wanted = TINY_SPANISH["to bid or pass"]
        assert refusal(caught.value) == (
            f"toca {wanted} (asiento {state.to_act + 1}); 'trump H' no corresponde"
        )


def test_the_shoot_is_worded_from_the_ruleset():
    def shoot_refused(rs):
        for seed in range(200):
            state = new_deal(rs, 0, seed=seed)
            shoot = f"bid {rs.shoot_bid}"
            if shoot not in state.legal:
                with pytest.raises(IllegalAction) as caught:
                    state.apply(shoot)
                return caught.value.args[0].params["reason"]
        raise AssertionError("every seat could shoot")

    monterey = PARTNERSHIP_RULESETS["monterey-draw"]
    reason = shoot_refused(monterey)
    assert reason.params == {"bid": monterey.max_bid, "score": monterey.shoot_bid}
    assert str(reason) == (
        f"to shoot ({monterey.bid_label(monterey.shoot_bid)}) you must hold the ace and the two "
        "of one suit"
    )
    other = dataclasses.replace(
        monterey, max_bid=monterey.max_bid - 2, shoot_bid=monterey.max_bid + 1
    )
    assert str(shoot_refused(other)).startswith(f"to shoot ({other.max_bid} for {other.shoot_bid})")


def test_a_replayed_log_keeps_the_reason_as_a_text():
    rs = PARTNERSHIP_RULESETS["cinch"]
    state = new_deal(rs, 0, seed=5)
    deck = state.to_json()["deck"]
    with pytest.raises(ReplayError) as caught:
        replay(rs, ["pass", "bid 99"], deck=deck)
    error = caught.value
    assert isinstance(error.reason, Text) and error.reason.template.startswith("bids are")
    assert str(error) == f"action 2 ('bid 99'): {error.reason}"
    assert english(error.args[0]) == str(error)
    copy = pickle.loads(pickle.dumps(error))
    assert (str(copy), copy.reason.template) == (str(error), error.reason.template)


def ruleset_refusals():
    """RulesetError for bad house options of every game."""
    values = [True, 0, 5, 99, -1, "x", None]
    for rs in PARTNERSHIP_RULESETS.values():
        for option in [*(o.name for o in rs.house_options), "nope"]:
            for value in values:
                try:
                    rs.with_options(**{option: value})
                except RulesetError as exc:
                    yield exc
    for data in (None, {"name": "nope"}):
        with pytest.raises(RulesetError) as caught:
            PARTNERSHIP_RULESETS["cinch"].from_json(data)
        yield caught.value


def test_a_ruleset_refusal_is_a_text_translated_where_shown(tiny_spanish):
    found = list(ruleset_refusals())
    assert len(found) > 100
    translated = 0
    for exc in found:
        assert isinstance(exc.args[0], Text)
        assert english(exc.args[0]) == str(exc)
        with translation.override("en"):
            assert refusal(exc) == str(exc)
        with translation.override("es"):
            assert refusal(exc) == independent(exc.args[0])
            translated += refusal(exc) != str(exc)
    assert translated > len(found) // 2


@pytest.mark.django_db
@pytest.mark.usefixtures("no_think")
def test_the_play_service_shows_the_refusal_in_the_readers_language(tiny_spanish):
    table = make_table()
    rs = PARTNERSHIP_RULESETS["monterey-draw"]
    low = rs.min_bid - 1
    with translation.override("es"), pytest.raises(PlayError) as caught:
        act(table, f"bid {low}")
    bids = TINY_SPANISH["bids are %(low)s to %(high)s or %(tops)s"] % {
        "low": rs.min_bid,
        "high": rs.max_bid,
        "tops": rs.shoot_bid,
    }
    assert caught.value.message == as_sentence(
        TINY_SPANISH[NOT_ALLOWED] % {"action": f"'bid {low}'", "reason": bids}
    )
    with translation.override("en"), pytest.raises(PlayError) as caught:
        act(table, f"bid {low}")
    assert caught.value.message == as_sentence(
        f"'bid {low}' is not allowed: bids are {rs.min_bid} to {rs.max_bid} or {rs.shoot_bid}"
    )
    assert state_of(table).log == []


@pytest.mark.django_db
def test_a_refused_house_option_of_a_table_is_shown_in_the_readers_language(tiny_spanish):
    rs = PARTNERSHIP_RULESETS["monterey-draw"]
    choices = rs.house_option("shoot_set_penalty").choices
    with translation.override("es"), pytest.raises(PlayError) as caught:
        services.table_create(
            seats=[SeatSpec(name, "human") for name in ("Ana", "Bea", "Cruz", "Dee")],
            options={"shoot_set_penalty": 5},
            deals=1,
        )
    expects = TINY_SPANISH[OR] % {"first": choices[0], "then": choices[1]}
    assert caught.value.errors["options"] == TINY_SPANISH[MUST_BE] % {
        "name": "shoot_set_penalty",
        "expects": expects,
        "value": "5",
    }
