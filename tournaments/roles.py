"""Who may do what at a party: the capabilities, and what each role grants.

Plain Python (no Django), so the table reads as the rule it is:

* **organise** - everything: the party's settings, seating and its
  override, closed rounds, prizes, printables, deleting.  A party's owner,
  its co-hosts, staff and the organisers of the party's club have it.
* **score** - enter, amend and confirm the results of an *open* round, call
  time, record a cut, run the round clock and close a round (its movement is
  the rule, not a choice).  Never a closed round, a seating or a prize.
* **door** - register arrivals and departures, and nothing else.

An organiser has all three.  A club's scorer has ``score`` and a club's door
helper ``door`` on each of the club's parties.
"""

from __future__ import annotations

import enum


class Can(enum.StrEnum):
    ORGANISE = "organise"
    SCORE = "score"
    DOOR = "door"


#: What each club role (``tournaments.models.Role`` values) grants.
ROLE_GRANTS: dict[str, frozenset[Can]] = {
    "organiser": frozenset(Can),
    "scorer": frozenset({Can.SCORE}),
    "door": frozenset({Can.DOOR}),
}

#: A role granted again replaces the one held only if it is stronger.
ROLE_STRENGTH = {"door": 1, "scorer": 2, "organiser": 3}


def grants(role: str | None) -> frozenset[Can]:
    """What ``role`` (a club role's value, or None) lets its holder do."""
    return ROLE_GRANTS.get(role or "", frozenset())
