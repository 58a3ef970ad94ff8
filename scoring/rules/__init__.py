"""The Pedro rules engine: plain Python, no Django (RULES.md section 8).

Public surface::

    from scoring.rules import RULESETS, new_deal, IllegalAction, validate_result
"""

from .deal import DealState, IllegalAction, new_deal
from .rulesets import PARTNERSHIP_RULESETS, RULESETS, Ruleset, RulesetError, game_winner
from .validate import FieldError, ReplayError, replay, validate_result

__all__ = [
    "PARTNERSHIP_RULESETS",
    "RULESETS",
    "DealState",
    "FieldError",
    "IllegalAction",
    "ReplayError",
    "Ruleset",
    "RulesetError",
    "game_winner",
    "new_deal",
    "replay",
    "validate_result",
]
