"""The party file: a whole party as one JSON document (RULES.md section 10).

Three steps, each its own module:

- ``parse.party_file_read(data)`` (with ``rounds``, ``document``, ``check``
  and ``values``; plain Python, no database) reads the whole file into frozen
  values (:class:`~.values.PartyFile`), checking everything the file alone
  can tell: types, known fields, player names, and every deal record against
  the rules engine under the file's ruleset and options.  The first problem
  raises :class:`~.values.PartyFileProblem`, which says where it is, both as
  a JSON path (``rounds[1].deals[6].bid``) and for people.
- ``party_load(data, owner=...)`` builds a new party from the parsed file
  through the same services (and so the same validator) as the host's
  tablet: the party and its players are created, round 1 is seated by the
  file's ``seating`` or by the seeded draw, then round by round each deal
  record is entered in file order (with :func:`services.results_entry`: the
  checks, rows and audit entries of :func:`services.result_record`, one round
  lock per round), time is called, cuts are recorded and the round is closed
  with :func:`services.round_close`, which seats the next round by movement.
  Everything happens inside one ``transaction.atomic()``: the first problem,
  the parser's or a service's, raises :class:`PartyFileError`, whose message
  names the round, table, deal and field ("round 2, table 1, deal 3: bid:
  The bid must be ..."), and nothing is saved.
- ``party_dump(party)`` writes the file of a party, with the fields the
  contract adds for readers (``tables``, ``sitting_out``, ``winners``,
  ``score``, ``standings``), which ``party_load`` ignores.

Rules chosen where RULES.md is silent:

- Every round listed in a file but an open one is complete: each table lists
  deals 1 to ``deals_per_round`` unless ``time_called`` lists it, and each table still
  tied after the tie-break has its entry in ``tiebreaks``.  Every round is
  closed; the next one is seated by movement only when the file lists it, so
  after the last round no further round is seated, and the party is finished
  (``services.party_finish``): a loaded file is a night played.
- The last round may be open (``"open": true``, section 10): it lists the
  deals entered so far and is recreated as it stood, left open, the party in
  play.  For files written before that flag, a *last* round that lists no
  deals at all (no ``time_called``, no ``tiebreaks``) is likewise left open.
  A file whose ``rounds`` is empty leaves round 1 seated and open; one whose
  ``seating`` is also empty (``[]``) leaves the party registering players,
  round 1 not seated.
- ``party_dump`` writes every round the party has, the current one included,
  with ``"open": true`` while it is in play, so a night dumped at any moment
  loads back as it stood, ready for the next entry.
- A later round whose seating is a host override, or differs from what
  movement gives from the round before it (the host kept the seating played
  after an amendment), is dumped with ``seating_override``.  Round 1 is always
  dumped as ``seating``: the seating played (an override of round 1 included).
- ``options`` accepts the party options (``movement``, ``deals_per_round``,
  ``sitout_credit``) and the ruleset's house options (``shoot_needs_ace_and_two``,
  ``low_is_keeper``, ``shoot_set_penalty``, ``target``, ``bid_out``).  The
  dump writes the three party options and the house options the party set.
- Unknown fields (at the top, in a round, in a deal record) are errors, so a
  misspelt ``"time_caled"`` cannot silently change a party.  The fields
  ``party_dump`` adds are accepted and ignored.
- Beyond section 10, optional fields keep the rest of the party (all are
  written by ``party_dump``; a file without them loads as before):
  ``venue``, ``planned_rounds``, ``round_minutes`` (the round clock's
  length), ``public`` (``{"open", "standings"}``, the
  players' page switches), ``tableside_entry`` (true: the tables enter their
  own deals; written only when true), ``prizes`` (the place prizes, first pick first),
  ``special_prizes`` (kind to name), ``prize_picks`` (in the order picked,
  each ``{"player", "prize"}``, the prize's number in ``prizes``, 1 first;
  replayed through ``services.prize_pick``) and, in a deal record,
  ``amendments``: the deal's earlier versions, oldest first, each with its
  ``reason`` (why it was replaced).  The record itself stays the final
  version; a load enters the oldest and replays each amendment through
  ``services.result_amend``.
- A party of the same name and date already hosted by the owner makes the
  loaded one "Name (2)" (then 3, ...); the load is kept in the new party's
  audit trail, so the party list can show when it was loaded.
- The whole file is read before anything is created, so of two problems
  the one the file alone shows is reported first.  Text holding a control
  character or a lone surrogate, whole numbers beyond 64 bits and numbers
  that are not finite are refused with the field's path.
- ``ruleset`` defaults to ``"monterey-draw"``, ``options`` to ``{}`` and
  ``rounds`` to ``[]``; ``format``, ``name``, ``date`` and ``players`` are
  required.  Names are registered as ``player_register`` keeps them (inner
  spaces collapsed); the file may use either spelling.
- An arrival is registered while its round is the current one, so it plays
  from the next round; a departure leaves after its round.  A player who left
  and was taken back (``player_rejoin``) cannot be written: the dump shows
  them as never having left.
"""

from .common import PartyFileError, party_file_parse
from .dump import party_dump
from .load import owner_lock, party_load
from .parse import party_file_read
from .values import FORMAT, PartyFile, PartyFileProblem

__all__ = [
    "FORMAT",
    "PartyFile",
    "PartyFileError",
    "PartyFileProblem",
    "owner_lock",
    "party_dump",
    "party_file_parse",
    "party_file_read",
    "party_load",
]
