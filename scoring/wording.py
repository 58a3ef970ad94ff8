"""How the game's bids read on every page: one wording for the shoot.

The numbers come from the party's or table's :class:`Ruleset`; only the
words are here, translated."""

from __future__ import annotations

from django.utils.translation import gettext as _

from scoring.rules import Ruleset


def is_shoot(bid: int, rs: Ruleset) -> bool:
    """Whether ``bid`` is the shoot (16 for 32); a game whose top contracts
    are plain numbers (Louisiana's 28 and 56) says them as numbers."""
    return rs.shoot and bid == rs.shoot_bid and not rs.top_bids


def bid_words(bid: int, rs: Ruleset) -> str:
    """A bid as players say it: "8", or "shoot the moon" for the shoot."""
    return _("shoot the moon") if is_shoot(bid, rs) else str(bid)


def bid_phrase(name: str, bid: int, rs: Ruleset) -> str:
    """Who bid what: "Bea bid 8", "Bea shot the moon"."""
    if is_shoot(bid, rs):
        return _("%(name)s shot the moon") % {"name": name}
    return _("%(name)s bid %(bid)s") % {"name": name, "bid": bid}
