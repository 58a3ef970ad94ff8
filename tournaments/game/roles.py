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

**Actions.**  Every change to a party is a service, and :data:`ACTIONS`
names the capability each one needs.  The service checks it itself
(``services.access.party_action``), for the user it is given, whichever
route, form field (``finish``, ``undo``, ``confirm``...), table-side page,
party file or online table reaches it; an action that would change a
*closed* round (a deal entered, amended or tallied, a cut) needs
:data:`CLOSED_ROUND_NEEDS` as well, checked under the round's lock.  A
refused action raises ``PermissionDenied`` before it writes anything.

Who may open a host page, and use its forms at all, is the page's own
rule (``views.common.party_for_host(request, slug, need=...)``;
``need=None`` asks for any capability at all); what a form then does is
checked again as the action it is (a scorer may close a round from the
round's page, but closing it *and finishing the party* is an organiser's):

* **organise**: party settings, share settings and language, seating round 1,
  changing or re-seating a round, table-side entry on or off, prizes and
  finishing, printables, the party file, deleting; and amending a deal of
  a *closed* round.
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
translated sentence naming who may (``services.access.refusal``): they know
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


#: What each party action (a service, by its name) needs.  The one table
#: of who may change what; ``tests/tournaments/test_party_actions.py`` tries
#: every role at every action through every route that reaches it.
ACTIONS: dict[str, Can] = {
    # The party's settings, seatings, prizes, printables and end.
    "party_language_set": Can.ORGANISE,
    "party_public_set": Can.ORGANISE,
    "party_wifi_set": Can.ORGANISE,
    "party_tableside_set": Can.ORGANISE,
    "party_load_record": Can.ORGANISE,
    "party_admin_change": Can.ORGANISE,
    "party_delete": Can.ORGANISE,
    "prizes_set": Can.ORGANISE,
    "round1_seat_draw": Can.ORGANISE,
    "round1_seat_rated": Can.ORGANISE,
    "round1_seat_manual": Can.ORGANISE,
    "round_override_seating": Can.ORGANISE,
    "round_reseat": Can.ORGANISE,
    "party_finish": Can.ORGANISE,
    "prize_pick": Can.ORGANISE,
    "prize_unpick": Can.ORGANISE,
    "document_request": Can.ORGANISE,
    "document_again": Can.ORGANISE,
    "party_table_create": Can.ORGANISE,
    # An open round's results, time, clock, cut and close.
    "result_record": Can.SCORE,
    "results_entry": Can.SCORE,
    "table_results_enter": Can.SCORE,
    "result_amend": Can.SCORE,
    "table_entry_confirm": Can.SCORE,
    "table_call_time": Can.SCORE,
    "table_call_time_undo": Can.SCORE,
    "round_call_time": Can.SCORE,
    "round_call_time_undo": Can.SCORE,
    "round_clock_start": Can.SCORE,
    "round_clock_stop": Can.SCORE,
    "table_record_cut": Can.SCORE,
    "round_close": Can.SCORE,
    # The door.
    "player_register": Can.DOOR,
    "player_depart": Can.DOOR,
    "player_rejoin": Can.DOOR,
    "player_relink": Can.DOOR,
    "roster_copy": Can.DOOR,
}

#: What an action that changes a closed round needs besides its own
#: capability: a deal or a cut there can change the round's winners, and so
#: the seatings after it.
CLOSED_ROUND_NEEDS = Can.ORGANISE


def grants(role: str | None) -> frozenset[Can]:
    """What ``role`` (a club role's value, or None) lets its holder do."""
    return ROLE_GRANTS.get(role or "", frozenset())
