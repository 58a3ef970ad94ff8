"""The round clock in the party's nav: ``{% nav_clock %}``."""

from django import template

from tournaments.models import Round
from tournaments.selectors import CLOCK_WARN_SECONDS, RoundBoard, party_nav_clock

register = template.Library()


@register.inclusion_tag("host/_nav_clock.html", takes_context=True)
def nav_clock(context) -> dict:
    """The current round's running clock, linking to its round page.  A page
    that already has the round (``board`` or ``round``) gives it, so the clock
    costs no query there."""
    party = context["party"]
    shown = next(
        (
            value
            for value in (context.get("board"), context.get("round"))
            if isinstance(value, RoundBoard | Round)
        ),
        None,
    )
    return {
        "party": party,
        "clock": party_nav_clock(party, shown=shown),
        "warn": CLOCK_WARN_SECONDS,
    }
