"""How the game's bids read on every page: one wording for the shoot.

The numbers come from the party's or table's :class:`Ruleset`; only the
words are here, translated."""

from __future__ import annotations

from django.utils.translation import gettext as _

from scoring.rules import Ruleset


def is_shoot(bid: int, rs: Ruleset) -> bool:
    """Whether ``bid`` is the shoot (Monterey's ``rs.shoot_bid``); a game whose top contracts
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


def top_contracts_prize(rs: Ruleset) -> str:
    """The special prize for the game's top contracts, named by them: "Most
    32s made" in Monterey, "Most 28s and 56s made" in Louisiana."""
    contracts = [_("%(bid)ss") % {"bid": bid} for bid in rs.top_contracts]
    if len(contracts) > 1:
        named = _("%(first)s and %(last)s") % {
            "first": ", ".join(contracts[:-1]),
            "last": contracts[-1],
        }
    else:
        named = "".join(contracts)
    return _("Most %(contracts)s made") % {"contracts": named}
