"""The party file: a whole party as one JSON document (RULES.md section 10).

``party_load(data, owner=...)`` builds a new party from a file through the
same services (and so the same validator) as the host's tablet: the party and
its players are created, round 1 is seated by the file's ``seating`` or by the
seeded draw, then round by round each deal record is entered in file order
(with :func:`services.results_entry`: the checks, rows and audit entries of
:func:`services.result_record`, one round lock per round), time is called,
cuts are recorded and the round is closed with :func:`services.round_close`,
which seats the next round by movement.  Everything happens inside one ``transaction.atomic()``: the
first bad record raises :class:`PartyFileError`, whose message names the
round, table, deal and field ("round 2, table 1, deal 3: bid: The bid must
be ..."), and nothing is saved.

``party_dump(party)`` writes the file of a party, with the fields the
contract adds for readers (``tables``, ``sitting_out``, ``winners``,
``score``, ``standings``), which ``party_load`` ignores.

Rules chosen where RULES.md is silent:

- Every round listed in a file is complete: each table lists deals 1 to
  ``deals_per_round`` unless ``time_called`` lists it, and each table still
  tied after the tie-break has its entry in ``tiebreaks``.  Every round is
  closed; the next one is seated by movement only when the file lists it, so
  after the last round no further round is seated, and the party is finished
  (``services.party_finish``): a loaded file is a night played.
- One exception, so that a night in progress between two rounds can be moved:
  a *last* round that lists no deals at all (``"deals": []``, no
  ``time_called``, no ``tiebreaks``) is seated (by movement, or by its
  ``seating_override``) and left open, and the party stays in play.  A file
  whose ``rounds`` is empty likewise leaves round 1 seated and open.
- ``party_dump`` writes every round the party has, the current one included.
  A party dumped in the middle of a round (some deals of the open round
  entered) gives a file that does not load until the missing deals are
  added (or its tables time-called); a party between rounds (the new round
  seated, no deal entered) and a finished party load back as they were.
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
- ``ruleset`` defaults to ``"monterey-draw"``, ``options`` to ``{}`` and
  ``rounds`` to ``[]``; ``format``, ``name``, ``date`` and ``players`` are
  required.  Names are registered as ``player_register`` keeps them (inner
  spaces collapsed); the file may use either spelling.
- An arrival is registered while its round is the current one, so it plays
  from the next round; a departure leaves after its round.  A player who left
  and was taken back (``player_rejoin``) cannot be written: the dump shows
  them as never having left.
"""

from __future__ import annotations

import datetime
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from django.db import transaction

from . import movement, selectors, services
from .models import DealResult, Party, Player, Round
from .services import PartyError
from .standings import needs_cut

__all__ = ["FORMAT", "PartyFileError", "party_dump", "party_load"]

FORMAT = "pedroparty/1"

PARTY_OPTIONS = ("movement", "deals_per_round", "sitout_credit")
OPTIONS = PARTY_OPTIONS + services.RULESET_OPTION_NAMES

TOP_FIELDS = (
    "format",
    "name",
    "date",
    "ruleset",
    "options",
    "players",
    "seating",
    "seed",
    "rounds",
)
ROUND_FIELDS = (
    "seating_override",
    "deals",
    "time_called",
    "tiebreaks",
    "arrivals",
    "departures",
)
DEAL_FIELDS = ("table", "deal", "bidder", "bid", "bidding_team_points", "trump", "tally", "cards")
#: Written by party_dump for readers; ignored when loading.
DUMP_ONLY = {
    "top": ("standings",),
    "round": ("tables", "sitting_out", "winners"),
    "deal": ("score",),
}


class PartyFileError(ValueError):
    """A party file that cannot be loaded.

    ``str(error)`` is the whole message, located: "round 2, table 1, deal 3:
    bid: The bid must be ...".  The parts are kept as ``round``, ``table``,
    ``deal`` (None where they do not apply), ``field`` and ``message``.
    """

    def __init__(
        self,
        message: str,
        *,
        field: str | None = None,
        round: int | None = None,
        table: int | None = None,
        deal: int | None = None,
    ):
        self.message = message
        self.field = field
        self.round = round
        self.table = table
        self.deal = deal
        where = ", ".join(
            f"{label} {value}"
            for label, value in (("round", round), ("table", table), ("deal", deal))
            if value is not None
        )
        super().__init__(": ".join(part for part in (where, field, message) if part))


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_fields(data: Mapping, known: Sequence[str], ignored: Sequence[str], **where) -> None:
    for key in data:
        if key not in known and key not in ignored:
            raise PartyFileError(
                f"Unknown field; the fields here are {', '.join(known)}.",
                field=str(key),
                **where,
            )


def _from_party_error(error: PartyError, *, field: str | None = None, **where) -> PartyFileError:
    """A service's refusal, located.  ``field`` replaces the service's own field
    names (for a deal record they are the record's fields and are kept)."""
    items = list(error.errors.items())
    if field is not None:
        return PartyFileError(" ".join(message for _, message in items), field=field, **where)
    first_field, first = items[0]
    rest = "".join(f"; {name}: {message}" for name, message in items[1:])
    return PartyFileError(
        first + rest, field=None if first_field == "__all__" else first_field, **where
    )


# --------------------------------------------------------------------- loading


def party_load(data: dict[str, Any], *, owner) -> Party:
    """Create the party a party file describes (RULES.md section 10), all or nothing.

    Raises :class:`PartyFileError` for the first problem found; then nothing
    has been saved.  The rules chosen where RULES.md is silent are in the
    module docstring.
    """
    header = _parse_header(data)
    with transaction.atomic():
        return _Loader(header, owner).run()


def _parse_header(data: Any) -> dict[str, Any]:
    """Top-level checks that need no database."""
    if not isinstance(data, dict):
        raise PartyFileError("A party file is a JSON object with the party's fields.")
    if data.get("format") != FORMAT:
        raise PartyFileError(
            f"This is not a {FORMAT} party file (format is {_shown(data.get('format'))}).",
            field="format",
        )
    _check_fields(data, TOP_FIELDS, DUMP_ONLY["top"])
    name = data.get("name")
    if not isinstance(name, str) or not name.strip() or len(name.strip()) > 120:
        raise PartyFileError("Give the party's name (at most 120 characters).", field="name")
    date = data.get("date")
    try:
        if not isinstance(date, str) or len(date) != 10:
            raise ValueError
        date = datetime.date.fromisoformat(date)
    except ValueError:
        raise PartyFileError(
            f"The date is written YYYY-MM-DD, like 2026-04-18 (not {_shown(date)}).",
            field="date",
        ) from None
    ruleset = data.get("ruleset", "monterey-draw")
    if not isinstance(ruleset, str):
        raise PartyFileError(f"Unknown ruleset {_shown(ruleset)}.", field="ruleset")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise PartyFileError("The options are an object of option names.", field="options")
    for option, value in options.items():
        if option not in OPTIONS:
            raise PartyFileError(
                f"Unknown option {_shown(option)}; the options are {', '.join(OPTIONS)}.",
                field="options",
            )
        if option == "deals_per_round" and not _is_int(value):
            raise PartyFileError(
                f"deals_per_round must be a whole number from 1 to 12, not {_shown(value)}.",
                field="options",
            )
    players = data.get("players")
    if not isinstance(players, list) or not players:
        raise PartyFileError("List the players' names in registration order.", field="players")
    seen: set[str] = set()
    for player in players:
        if not isinstance(player, str):
            raise PartyFileError(f"A player is a name, not {_shown(player)}.", field="players")
        if player in seen:
            raise PartyFileError(
                f"{player} is listed twice; names are unique within a file.", field="players"
            )
        seen.add(player)
    has_seating, has_seed = "seating" in data, "seed" in data
    if has_seating == has_seed:
        raise PartyFileError(
            "Give round 1's seating or a seed for the draw, not both."
            if has_seating
            else "Give round 1's seating, or a seed for the draw.",
            field="seating",
        )
    seed = data.get("seed")
    if has_seed and not (_is_int(seed) and -(2**63) <= seed < 2**63):
        raise PartyFileError(f"The seed is a whole number, not {_shown(seed)}.", field="seed")
    rounds = data.get("rounds", [])
    if not isinstance(rounds, list):
        raise PartyFileError("The rounds are a list, round 1 first.", field="rounds")
    return {
        "name": name,
        "date": date,
        "ruleset": ruleset,
        "options": options,
        "players": players,
        "seating": data.get("seating"),
        "seed": seed if has_seed else None,
        "rounds": rounds,
    }


class _Loader:
    """One load: the party being built and its players by name.

    Should be run inside ``transaction.atomic()`` (``party_load`` does)."""

    def __init__(self, header: dict[str, Any], owner):
        self.header = header
        self.owner = owner
        self.players: dict[str, Player] = {}

    def run(self) -> Party:
        header = self.header
        options = dict(header["options"])
        party_options = {name: options.pop(name) for name in PARTY_OPTIONS if name in options}
        try:
            self.party = services.party_create(
                owner=self.owner,
                name=header["name"],
                date=header["date"],
                ruleset=header["ruleset"],
                planned_rounds=min(50, max(6, len(header["rounds"]))),
                house_options=options,
                **party_options,
            )
        except PartyError as error:
            field = next(iter(error.errors))
            raise _from_party_error(
                error, field="options" if field in (*OPTIONS, "house_options") else field
            ) from None
        for name in header["players"]:
            self._register(name, field="players")
        rnd = self._seat_round1()
        rounds = header["rounds"]
        for number, entry in enumerate(rounds, start=1):
            last = number == len(rounds)
            rnd = self._play_round(rnd, number, entry, last=last)
        if rounds and rounds[-1]["deals"]:  # checked by _play_round
            services.party_finish(party=self.party, user=self.owner)
        self.party.refresh_from_db()
        return self.party

    # -- players and seatings

    def _register(self, name: Any, *, field: str, round: int | None = None) -> None:
        if not isinstance(name, str):
            raise PartyFileError(
                f"A player is a name, not {_shown(name)}.", field=field, round=round
            )
        if name in self.players:
            raise PartyFileError(f"{name} is already registered.", field=field, round=round)
        try:
            player = services.player_register(party=self.party, name=name, user=self.owner)
        except PartyError as error:
            raise _from_party_error(error, field=field, round=round) from None
        self.players[name] = player
        self.players.setdefault(player.name, player)

    def _player(self, name: Any, *, field: str, round: int | None = None) -> Player:
        player = self.players.get(name) if isinstance(name, str) else None
        if player is None:
            raise PartyFileError(
                f"{_shown(name)} is not a registered player.", field=field, round=round
            )
        return player

    def _tables(self, tables: Any, *, field: str, round: int | None = None) -> list[list[int]]:
        """A seating's names as player ids (the services check the seating itself)."""
        if not isinstance(tables, list):
            raise PartyFileError(
                "A seating is a list of tables, table 1 first, each the four names in "
                "seats 1 to 4.",
                field=field,
                round=round,
            )
        ids = []
        for number, table in enumerate(tables, start=1):
            if not isinstance(table, list):
                raise PartyFileError(
                    f"Table {number} must list the names in seats 1 to 4.", field=field, round=round
                )
            ids.append([self._player(name, field=field, round=round).pk for name in table])
        return ids

    def _seat_round1(self) -> Round:
        try:
            if self.header["seating"] is not None:
                tables = self._tables(self.header["seating"], field="seating")
                return services.round1_seat_manual(party=self.party, tables=tables, user=self.owner)
            return services.round1_seat_draw(
                party=self.party, seed=self.header["seed"], user=self.owner
            )
        except PartyError as error:
            raise _from_party_error(error, field="seating") from None

    # -- a round

    def _play_round(self, rnd: Round, number: int, entry: Any, *, last: bool) -> Round:
        """Enter one round of the file; return the next round (or this one if
        it stays open, or the closed round after the last)."""
        where = {"round": number}
        if not isinstance(entry, dict):
            raise PartyFileError("A round is an object with its deals.", **where)
        _check_fields(entry, ROUND_FIELDS, DUMP_ONLY["round"], **where)
        if not isinstance(entry.get("deals"), list):
            raise PartyFileError("List the round's deal records.", field="deals", **where)
        if "seating_override" in entry:
            tables = self._tables(entry["seating_override"], field="seating_override", **where)
            try:
                rnd = services.round_override_seating(round=rnd, tables=tables, user=self.owner)
            except PartyError as error:
                raise _from_party_error(error, field="seating_override", **where) from None
        table_count = rnd.tables.count()
        scores = self._enter_deals(rnd, number, entry["deals"])
        called = self._table_list(entry.get("time_called", []), table_count, number)
        for table in called:
            try:
                services.table_call_time(round=rnd, table=table, user=self.owner)
            except PartyError as error:
                raise _from_party_error(error, field="time_called", table=table, **where) from None
        cuts = self._tiebreaks(entry.get("tiebreaks", {}), table_count, number)
        if last and not entry["deals"] and not called and not cuts:
            self._arrivals_departures(entry, number)
            return rnd  # seated and left open: the party goes on at the tablet
        wanted = range(1, self.party.deals_per_round + 1)
        for table in range(1, table_count + 1):
            missing = [str(d) for d in wanted if d not in scores.get(table, {})]
            if missing and table not in called:
                raise PartyFileError(
                    f"{'Deals' if len(missing) > 1 else 'Deal'} {', '.join(missing)} "
                    f"{'are' if len(missing) > 1 else 'is'} missing: every table lists "
                    f"deals 1 to {len(wanted)} unless time_called lists it.",
                    field="deals",
                    table=table,
                    **where,
                )
        for table in range(1, table_count + 1):
            deal_scores = [score for _, score in sorted(scores.get(table, {}).items())]
            tied = bool(deal_scores) and needs_cut(deal_scores)
            if table in cuts:
                try:
                    services.table_record_cut(
                        round=rnd, table=table, team=cuts[table], user=self.owner
                    )
                except PartyError as error:
                    raise _from_party_error(
                        error, field="tiebreaks", table=table, **where
                    ) from None
            elif tied:
                raise PartyFileError(
                    f"Table {table} is still tied after the tie-break (the two teams scored "
                    "the same in every deal): give the team that won the cut of the cards "
                    "in tiebreaks.",
                    field="tiebreaks",
                    table=table,
                    **where,
                )
        self._arrivals_departures(entry, number)
        try:
            nxt = services.round_close(round=rnd, user=self.owner, seat_next=not last)
        except PartyError as error:
            raise _from_party_error(error, **where) from None
        return nxt or rnd

    def _enter_deals(
        self, rnd: Round, number: int, records: list
    ) -> dict[int, dict[int, tuple[int, int]]]:
        """Enter each deal record in file order; return scores[table][deal]."""
        scores: dict[int, dict[int, tuple[int, int]]] = {}
        with services.results_entry(
            round=rnd, user=self.owner, source=DealResult.Source.FILE
        ) as enter:
            for position, record in enumerate(records, start=1):
                where = self._deal_where(record, position, number, scores)
                try:
                    result = enter(
                        table=record["table"],
                        deal=record["deal"],
                        bidder=record.get("bidder"),
                        bid=record.get("bid"),
                        bidding_team_points=record.get("bidding_team_points"),
                        trump=record.get("trump"),
                        cards=record.get("cards"),
                        tally=record.get("tally"),
                    )
                except PartyError as error:
                    raise _from_party_error(error, **where) from None
                scores.setdefault(record["table"], {})[record["deal"]] = (
                    result.score0,
                    result.score1,
                )
        return scores

    def _deal_where(self, record: Any, position: int, number: int, scores: dict) -> dict:
        """Where a deal record is (round, table, deal), after the checks of its
        shape that the validator does not make."""
        where: dict[str, Any] = {"round": number}
        if not isinstance(record, dict):
            raise PartyFileError(
                f"Deal record {position} is not an object with the deal's fields.",
                field="deals",
                **where,
            )
        table, deal = record.get("table"), record.get("deal")
        if not _is_int(table):
            raise PartyFileError(
                f"Give the table number of deal record {position} "
                f"(a whole number, not {_shown(table)}).",
                field="table",
                deal=deal if _is_int(deal) else None,
                **where,
            )
        where["table"] = table
        if not _is_int(deal):
            raise PartyFileError(
                f"The deal number must be 1 to {self.party.deals_per_round}, not {_shown(deal)}.",
                field="deal",
                **where,
            )
        where["deal"] = deal
        _check_fields(record, DEAL_FIELDS, DUMP_ONLY["deal"], **where)
        if deal in scores.get(table, {}):
            raise PartyFileError(
                f"Deal {deal} of table {table} is listed twice.", field="deal", **where
            )
        trump, tally = record.get("trump"), record.get("tally")
        if trump is not None and not isinstance(trump, str):
            raise PartyFileError(
                "Trump must be S, H, D or C (spades, hearts, diamonds, clubs), or left "
                f"out; not {_shown(trump)}.",
                field="trump",
                **where,
            )
        if tally is not None and not isinstance(tally, list):
            raise PartyFileError(
                "The tally is the two scores written on the table's tally, seats 1 and 3 "
                f"first, then seats 2 and 4 — two whole numbers; not {_shown(tally)}.",
                field="tally",
                **where,
            )
        return where

    def _table_list(self, value: Any, table_count: int, number: int) -> list[int]:
        if not isinstance(value, list) or not all(_is_int(t) for t in value):
            raise PartyFileError(
                f"time_called is a list of table numbers, not {_shown(value)}.",
                field="time_called",
                round=number,
            )
        for table in value:
            if not 1 <= table <= table_count or value.count(table) > 1:
                raise PartyFileError(
                    f"Table {table} is listed twice."
                    if value.count(table) > 1
                    else f"There is no table {table} in this round (it has {table_count}).",
                    field="time_called",
                    round=number,
                )
        return list(value)

    def _tiebreaks(self, value: Any, table_count: int, number: int) -> dict[int, int]:
        if not isinstance(value, dict):
            raise PartyFileError(
                'tiebreaks maps a table number to the team that won the cut: {"2": 0}.',
                field="tiebreaks",
                round=number,
            )
        cuts: dict[int, int] = {}
        for key, team in value.items():
            table = int(key) if isinstance(key, str) and key.isdigit() else key
            if not _is_int(table) or not 1 <= table <= table_count:
                raise PartyFileError(
                    f"There is no table {_shown(key)} in this round (it has {table_count}).",
                    field="tiebreaks",
                    round=number,
                )
            if not _is_int(team) or team not in (0, 1):
                raise PartyFileError(
                    f"The cut is won by team 0 or team 1, not {_shown(team)}.",
                    field="tiebreaks",
                    round=number,
                    table=table,
                )
            if table in cuts:
                raise PartyFileError(
                    f"Table {table} is listed twice.", field="tiebreaks", round=number
                )
            cuts[table] = team
        return cuts

    def _arrivals_departures(self, entry: dict, number: int) -> None:
        for field in ("arrivals", "departures"):
            if not isinstance(entry.get(field, []), list):
                raise PartyFileError(f"{field} is a list of names.", field=field, round=number)
        for name in entry.get("arrivals", []):
            self._register(name, field="arrivals", round=number)
        for name in entry.get("departures", []):
            player = self._player(name, field="departures", round=number)
            player.refresh_from_db(fields=["leaves_round"])
            if player.leaves_round is not None:
                raise PartyFileError(f"{name} has already left.", field="departures", round=number)
            services.player_depart(party=self.party, player=player, user=self.owner)


# --------------------------------------------------------------------- dumping


def party_dump(party: Party) -> dict[str, Any]:
    """The party file of ``party`` (RULES.md section 10), JSON-ready.

    Reads the party in a fixed number of queries, whatever its size.
    """
    history = selectors.party_history(party)
    names = history.names()
    details = {
        pk: (cards, tally)
        for pk, cards, tally in DealResult.objects.filter(
            round__party=party, is_current=True
        ).values_list("id", "cards", "tally")
    }
    last = len(history.rounds)

    def listed_in(number: int | None) -> int | None:
        """The round whose arrivals/departures list a change effective from round
        ``number``; None for round 1 (the ``players`` list) or no change."""
        if number is None or number < 2 or not last:
            return None
        return min(number - 1, last)

    rounds = []
    for info in history.rounds:
        entry: dict[str, Any] = {}
        played = [[names[pid] for pid in table] for table in info.tables]
        if info.number > 1 and _overridden(history, info):
            entry["seating_override"] = played
        entry["deals"] = [
            _deal_json(deal, *details.get(deal.id, (None, None)))
            for table in info.deals
            for deal in table
        ]
        entry["time_called"] = [t for t, called in enumerate(info.time_called, 1) if called]
        entry["tiebreaks"] = {
            str(t): cut
            for t, cut in enumerate(info.cuts, 1)
            if cut is not None
            and info.deals[t - 1]
            and needs_cut([d.score for d in info.deals[t - 1]])
        }
        entry["arrivals"] = [
            p.name for p in history.players if listed_in(p.arrives_round) == info.number
        ]
        entry["departures"] = [
            p.name for p in history.players if listed_in(p.leaves_round) == info.number
        ]
        entry["tables"] = played
        entry["sitting_out"] = [names[pid] for pid in info.sitting_out]
        entry["winners"] = list(info.winners)
        rounds.append(entry)

    table = selectors.standings_from_history(history)
    options = {
        "movement": party.movement,
        "deals_per_round": party.deals_per_round,
        "sitout_credit": party.sitout_credit,
        **party.house_options,
    }
    first = history.rounds[0] if history.rounds else None
    return {
        "format": FORMAT,
        "name": party.name,
        "date": party.date.isoformat(),
        "ruleset": party.ruleset,
        "options": options,
        "players": [p.name for p in history.players if listed_in(p.arrives_round) is None],
        "seating": [[names[pid] for pid in t] for t in first.tables] if first else [],
        "rounds": rounds,
        "standings": [
            {
                "rank": row.rank,
                "player": row.name,
                "score": row.score,
                "rounds_won": row.rounds_won,
                "sitouts": row.sitouts,
            }
            for row in table.rows
        ],
    }


def _deal_json(deal: selectors.DealInfo, cards: Any, tally: Any) -> dict[str, Any]:
    record: dict[str, Any] = {
        "table": deal.table,
        "deal": deal.deal,
        "bidder": deal.bidder,
        "bid": deal.bid,
        "bidding_team_points": deal.bidding_team_points,
    }
    if deal.trump:
        record["trump"] = deal.trump
    if tally is not None:
        record["tally"] = tally
    if cards is not None:
        record["cards"] = cards
    record["score"] = list(deal.score)
    return record


def _overridden(history: selectors.PartyHistory, info: selectors.RoundInfo) -> bool:
    """Whether round ``info`` was not seated by movement from the round before it
    as played: a host override, or a seating kept after an amendment."""
    if info.seating == Round.Seating.OVERRIDE:
        return True
    before = history.rounds[info.number - 2]
    if not before.closed or any(winner is None for winner in before.winners):
        return True
    sitouts = Counter(pid for r in history.rounds[: info.number - 1] for pid in r.sitting_out)
    try:
        expected = movement.seat_next_round(
            movement.Seating(tables=before.tables, sitting_out=before.sitting_out),
            before.winners,
            style=history.movement,
            present=[p.id for p in history.players if p.present_in(info.number)],
            sitouts_so_far=sitouts,
            registration=history.registration,
        )
    except movement.PartyError:
        return True
    played = movement.Seating(tables=info.tables, sitting_out=info.sitting_out)
    return expected.tables != played.tables or set(expected.sitting_out) != set(played.sitting_out)
