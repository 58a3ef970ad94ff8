"""Template words built from a party's ruleset: ``{{ d.bid|bid_words:party }}``."""

from django import template

from scoring import wording
from tournaments.models import Party
from tournaments.services import party_ruleset

register = template.Library()


@register.filter
def bid_words(bid: int, party: Party) -> str:
    """A bid as players say it ("8", "shoot the moon"), by the party's ruleset."""
    return wording.bid_words(bid, party_ruleset(party))
