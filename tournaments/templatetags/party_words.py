"""Template words built from a party's ruleset: ``{{ d.bid|bid_words:party }}``,
and a bid's suit as its symbol: ``{{ d.trump|suit_symbol }}``."""

from django import template

from scoring import wording
from scoring.rules.cards import SUIT_SYMBOLS
from tournaments.models import Party
from tournaments.services import party_ruleset

register = template.Library()


@register.filter
def bid_words(bid: int, party: Party) -> str:
    """A bid as players say it ("8", "shoot the moon"), by the party's ruleset."""
    return wording.bid_words(bid, party_ruleset(party))


@register.filter
def suit_symbol(suit: str) -> str:
    """A suit letter ("H") as its symbol ("♥"); "" for no suit."""
    return SUIT_SYMBOLS.get(suit, "")
