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

How the host pages apply it (``views.common.party_for_host(request, slug,
need=...)``; ``need=None`` asks for any capability at all):

* **organise**: party settings, share settings and language, seating round 1,
  changing or re-seating a round, table-side entry on or off, prizes and
  finishing, printables, the party file, deleting; and entering, amending
  or tallying a deal or recording a cut in a *closed* round (amending and
  the cut are checked again under the round's lock).
* **score**: the tables (dashboard), a round and its tables, entering a
  deal, a table's tally, amending a deal of an open round, confirming a
  table-side entry, calling time and its undo, a cut, the round clock,
  closing a round, where to move, the table QR codes, and reading the list
  of changes (the audit page: a scorer amends deals and should see who
  changed what; nothing on it acts).
* **door**: the players page (register, depart, rejoin) and the name
  type-ahead.  The dashboard sends a door helper on to the players page.
* The dashboard opens for any capability and shows only what the role may
  use; the party navigation hides the links a role cannot use.  The server
  check is what counts.

Refusals: someone with no capability at the party (anonymous visitors are
sent to sign in first) gets 404, the same answer as for a party that does
not exist, so a link does not reveal it.  A signed-in helper who has some
capability at the party but not the one a page needs gets 403 with a
translated sentence naming who may (``views.common.refusal``): they know
the party exists already, and "not allowed" is clearer than "not found".
A club's pages follow the same rule (``views.common.club_for``): the club's
page opens for any role (read-only for scorers and door helpers); inviting,
withdrawing an invitation, taking a role away, the members, their pages and
the club file are for its organisers.
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
