"""Isle Madame's fold at an online table: a button on the seat's page and a
line in the deal's replay, in the reader's language (RULES.md 11.4.19)."""

from __future__ import annotations

from django.utils import translation

from scoring.rules import RULESETS
from scoring.selectors.replay import describe
from scoring.selectors.seat import _choice_buttons

FOLDING = RULESETS["isle-madame"].with_options(fold_when_void=True)


def test_a_player_who_may_fold_gets_a_fold_button():
    buttons = _choice_buttons(["play 7H", "play 4C", "fold"], FOLDING)
    assert [(action, label) for action, label, _css in buttons] == [("fold", "Fold my hand")]


def test_a_fold_reads_as_words_in_every_language():
    assert describe("Bea", "fold", FOLDING) == "Bea folds"
    with translation.override("es"):
        assert describe("Bea", "fold", FOLDING) == "Bea se retira"
    with translation.override("fr"):
        assert describe("Bea", "fold", FOLDING) == "Bea se couche"
