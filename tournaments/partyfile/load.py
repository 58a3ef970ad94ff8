"""Loading a party file: the parsed file replayed through the tablet's services."""

from __future__ import annotations

import datetime
from collections.abc import Callable, Sequence
from typing import Any

from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.utils.translation import gettext, ngettext

from .. import selectors, services
from ..errors import UserError
from ..game.standings import needs_cut
from ..models import ROUND_MINUTES_DEFAULT, DealResult, Party, Player, Prize, Round
from .check import NAME_MAX, shown
from .common import PartyFileError, from_party_error, from_problem
from .parse import OPTIONS, party_file_read
from .values import DealRecord, DealVersion, PartyFile, PartyFileProblem, RoundRecord, Table

#: A deal's scores by table, then deal: (team 0, team 1).
Scores = dict[int, dict[int, tuple[int, int]]]


#: Told how far a load has gone: (done, total).
Progress = Callable[[int, int], None]


def party_load(data: Any, *, owner, source: str = "", progress: Progress | None = None) -> Party:
    """Create the party a party file describes (RULES.md section 10), all or nothing.

    Raises :class:`PartyFileError` for the first problem found, whatever the
    document holds; then nothing has been saved.  The file is read and checked
    whole first (:func:`.parse.party_file_read`), then replayed through the
    services.  A party of the same name and date that ``owner`` already hosts
    makes the new one "Name (2)", and the load is kept in its audit trail
    (``source`` names the file).  ``progress``, when given, is called with
    (rounds replayed, rounds in the file) once the file is read and after
    each round.  The rules chosen where RULES.md is silent are in the
    package docstring.
    """
    try:
        file = party_file_read(data)
    except PartyFileProblem as problem:
        raise from_problem(problem) from None
    with transaction.atomic():
        return _Loader(file, owner, source, progress).run()


#: The first key of the PostgreSQL advisory lock that makes one owner's loads
#: take turns (the second is the owner's id).
_LOAD_LOCK = 0x70706C64


def owner_lock(owner, *, wait: bool = True) -> bool:
    """Hold, until the transaction ends, the lock that makes loads by ``owner``
    take turns, so that each sees the names the others gave ("Name (2)").

    Should be called inside ``transaction.atomic()``.  With ``wait=False``
    it returns False at once when another load holds it.  On PostgreSQL it is
    an advisory lock, not the owner's row: signing in writes that row, and
    must never wait for a long load.  Other databases take one write at a
    time anyway; there the owner's row is locked, as it always was.
    """
    if connection.vendor != "postgresql":
        get_user_model().objects.select_for_update().filter(pk=owner.pk).first()
        return True
    function = "pg_advisory_xact_lock" if wait else "pg_try_advisory_xact_lock"
    with connection.cursor() as cursor:
        # Two int4 keys: an id past 2**31 shares its lock with another owner's,
        # which only makes their loads take turns.
        cursor.execute(f"SELECT {function}(%s, %s)", [_LOAD_LOCK, owner.pk & 0x7FFFFFFF])
        got = cursor.fetchone()[0]
    return got is not False


def _copy_name(owner, name: str, date: datetime.date) -> str:
    """``name``, or "name (2)", "name (3)"... when ``owner`` already hosts a
    party of that name on that date, so that two loads of one file differ."""
    name = name.strip()
    taken = set(selectors.party_names_on(user=owner, date=date))
    if name not in taken:
        return name
    number = 2
    while True:
        suffix = f" ({number})"
        candidate = name[: NAME_MAX - len(suffix)].rstrip() + suffix
        if candidate not in taken:
            return candidate
        number += 1


def _settings(file: PartyFile) -> services.PartySettings:
    """The party's settings as the file gives them; the planned rounds and the
    round clock, where the file leaves them out, from its rounds and the default."""
    return services.PartySettings(
        ruleset=file.ruleset,
        planned_rounds=file.planned_rounds or min(50, max(6, len(file.rounds))),
        round_minutes=file.round_minutes or ROUND_MINUTES_DEFAULT,
        house_options=dict(file.house_options),
        prizes=list(file.prizes),
        special_prizes=dict(file.special_prizes),
        tableside_entry=file.tableside_entry,
        **file.party_options,
    )


class _Loader:
    """One load: the party being built and its players by the file's names.

    Should be run inside ``transaction.atomic()`` (``party_load`` does)."""

    def __init__(self, file: PartyFile, owner, source: str, progress: Progress | None = None):
        self.file = file
        self.owner = owner
        self.source = source
        self.progress = progress or (lambda done, total: None)
        self.players: dict[str, Player] = {}

    def run(self) -> Party:
        file = self.file
        # Two loads by one host at once wait for each other here, so that the
        # second sees the first's name and takes "Name (2)".
        owner_lock(self.owner)
        try:
            self.party = services.party_create(
                owner=self.owner,
                name=_copy_name(self.owner, file.name, file.date),
                date=file.date,
                venue=file.venue,
                settings=_settings(file),
            )
        except UserError as error:
            field = next(iter(error.errors))
            raise from_party_error(
                error, field="options" if field in (*OPTIONS, "house_options") else field
            ) from None
        services.party_load_record(party=self.party, user=self.owner, source=self.source)
        self._settings()
        for name in file.players:
            self._register(name, field="players")
        self.progress(0, len(file.rounds))
        if file.seating != ():  # an empty seating: round 1 is not seated yet
            rnd = self._seat_round1()
            for entry in file.rounds:
                rnd = self._play_round(rnd, entry, last=entry.number == len(file.rounds))
                self.progress(entry.number, len(file.rounds))
            last = file.rounds[-1] if file.rounds else None
            if last is not None and last.deals and not last.open:
                services.party_finish(party=self.party, user=self.owner)
        self._prize_picks()
        self.party.refresh_from_db()
        return self.party

    def _settings(self) -> None:
        """The players' page switches and the hall's wifi, as the file sets them."""
        public, wifi = self.file.public, self.file.wifi
        if public is not None:
            services.party_public_set(
                party=self.party,
                open=public.get("open", self.party.public_open),
                standings=public.get("standings", self.party.public_standings),
                user=self.owner,
            )
        if wifi is not None:
            try:
                services.party_wifi_set(
                    party=self.party,
                    name=wifi["name"],
                    password=wifi.get("password", ""),
                    user=self.owner,
                )
            except UserError as error:
                raise from_party_error(error, field="wifi") from None

    # -- players and seatings

    def _register(self, name: str, *, field: str, round: int | None = None) -> None:
        try:
            player = services.player_register(party=self.party, name=name, user=self.owner)
        except UserError as error:
            raise from_party_error(error, field=field, round=round) from None
        self.players[name] = player

    def _ids(self, tables: Sequence[Table]) -> list[list[int]]:
        return [[self.players[name].pk for name in table] for table in tables]

    def _seat_round1(self) -> Round:
        seating = self.file.seating
        try:
            if seating is not None:
                tables = self._ids(seating)
                return services.round1_seat_manual(party=self.party, tables=tables, user=self.owner)
            return services.round1_seat_draw(party=self.party, seed=self.file.seed, user=self.owner)
        except UserError as error:
            raise from_party_error(error, field="seating") from None

    # -- a round

    def _play_round(self, rnd: Round, entry: RoundRecord, *, last: bool) -> Round:
        """Replay one round of the file; return the next round (or this one if
        it stays open, or the closed round after the last)."""
        number = entry.number
        if entry.seating_override is not None:
            tables = self._ids(entry.seating_override)
            try:
                rnd = services.round_override_seating(round=rnd, tables=tables, user=self.owner)
            except UserError as error:
                raise from_party_error(error, field="seating_override", round=number) from None
        table_count = rnd.tables.count()
        scores = self._enter_deals(rnd, entry)
        self._tables_exist(entry, table_count)
        for table in entry.time_called:
            try:
                services.table_call_time(round=rnd, table=table, user=self.owner)
            except UserError as error:
                raise from_party_error(
                    error, field="time_called", table=table, round=number
                ) from None
        if entry.open:  # in play: recreated as it stood, ready for the next entry
            for table, team in entry.tiebreaks.items():
                self._cut(rnd, table, team, number)
            self._arrivals_departures(entry)
            return rnd
        self._tables_complete(entry, table_count, scores)
        for table in range(1, table_count + 1):
            deal_scores = [score for _, score in sorted(scores.get(table, {}).items())]
            if table in entry.tiebreaks:
                self._cut(rnd, table, entry.tiebreaks[table], number)
            elif deal_scores and needs_cut(deal_scores):
                raise PartyFileError(
                    gettext(
                        "Table %(table)d is still tied after the tie-break (the two teams "
                        "scored the same in every deal): give the team that won the cut of "
                        "the cards in tiebreaks."
                    )
                    % {"table": table},
                    field="tiebreaks",
                    table=table,
                    round=number,
                )
        self._arrivals_departures(entry)
        try:
            nxt = services.round_close(round=rnd, user=self.owner, seat_next=not last)
        except UserError as error:
            raise from_party_error(error, round=number) from None
        return nxt or rnd

    def _tables_exist(self, entry: RoundRecord, table_count: int) -> None:
        """Every table ``time_called`` and ``tiebreaks`` name is one of the round's."""
        named = [("time_called", table, str(table)) for table in entry.time_called]
        named += [("tiebreaks", table, shown(str(table))) for table in entry.tiebreaks]
        for field, table, value in named:
            if not 1 <= table <= table_count:
                raise PartyFileError(
                    gettext("There is no table %(value)s in this round (it has %(count)d).")
                    % {"value": value, "count": table_count},
                    field=field,
                    round=entry.number,
                )

    def _tables_complete(self, entry: RoundRecord, table_count: int, scores: Scores) -> None:
        """Every table lists every deal, unless its time was called."""
        wanted = range(1, self.party.deals_per_round + 1)
        for table in range(1, table_count + 1):
            missing = [str(d) for d in wanted if d not in scores.get(table, {})]
            if missing and table not in entry.time_called:
                raise PartyFileError(
                    ngettext(
                        "Deal %(deals)s is missing: every table lists deals 1 to %(count)d "
                        "unless time_called lists it.",
                        "Deals %(deals)s are missing: every table lists deals 1 to %(count)d "
                        "unless time_called lists it.",
                        len(missing),
                    )
                    % {"deals": ", ".join(missing), "count": len(wanted)},
                    field="deals",
                    table=table,
                    round=entry.number,
                )

    def _cut(self, rnd: Round, table: int, team: int, number: int) -> None:
        try:
            services.table_record_cut(round=rnd, table=table, team=team, user=self.owner)
        except UserError as error:
            raise from_party_error(error, field="tiebreaks", table=table, round=number) from None

    def _enter_deals(self, rnd: Round, entry: RoundRecord) -> Scores:
        """Enter each deal record's first version in file order, then replay the
        amendments; return the scores as they finally stand."""
        scores: Scores = {}
        amended: list[tuple[DealResult, DealRecord]] = []
        with services.results_entry(
            round=rnd, user=self.owner, source=DealResult.Source.FILE
        ) as enter:
            for record in entry.deals:
                result = self._version_store(enter, entry, record, 0)
                if record.amendments:
                    amended.append((result, record))
                scores.setdefault(record.table, {})[record.deal] = (result.score0, result.score1)
        for result, record in amended:
            for index in range(1, len(record.versions)):
                result = self._version_store(enter, entry, record, index, result)
            scores[record.table][record.deal] = (result.score0, result.score1)
        return scores

    def _version_store(
        self,
        enter: Callable[..., DealResult],
        entry: RoundRecord,
        record: DealRecord,
        index: int,
        earlier: DealResult | None = None,
    ) -> DealResult:
        """Store version ``index`` of a deal (0: the first, entered; a later one
        amends ``earlier``), a refusal located in the file."""
        versions = record.versions
        try:
            return _deal_store(
                enter,
                record,
                versions[index],
                earlier=earlier,
                reason=versions[index - 1].reason if index else None,
                user=self.owner,
            )
        except UserError as error:
            located = from_party_error(
                error, round=entry.number, table=record.table, deal=record.deal
            )
            if index == len(versions) - 1:
                raise located from None
            # An earlier version: its fields are named within the record.
            prefix = f"amendments[{index}]"
            raise PartyFileError(
                located.message,
                field=f"{prefix}.{located.field}" if located.field else prefix,
                round=entry.number,
                table=record.table,
                deal=record.deal,
            ) from None

    def _arrivals_departures(self, entry: RoundRecord) -> None:
        for name in entry.arrivals:
            self._register(name, field="arrivals", round=entry.number)
        for name in entry.departures:
            services.player_depart(party=self.party, player=self.players[name], user=self.owner)

    # -- prizes

    def _prize_picks(self) -> None:
        picks = self.file.prize_picks
        if not picks:
            return
        prizes = list(self.party.prizes.filter(kind=Prize.Kind.PLACE).order_by("position"))
        for pick in picks:
            try:
                services.prize_pick(
                    party=self.party,
                    player=self.players[pick.player],
                    prize=prizes[pick.prize - 1],
                    user=self.owner,
                )
            except UserError as error:
                raise from_party_error(error, field="prize_picks") from None


def _deal_store(
    enter: Callable[..., DealResult],
    record: DealRecord,
    version: DealVersion,
    *,
    earlier: DealResult | None,
    reason: str | None,
    user,
) -> DealResult:
    """Store one version of a deal: with ``enter`` of ``services.results_entry``
    when it is the first, else as an amendment of ``earlier``.  The one place
    where a deal's fields reach the results services."""
    if earlier is None:
        return enter(
            table=record.table, deal=record.deal, entry=services.DealEntry(**version.fields())
        )
    amended, _ = services.result_amend(
        result=earlier, reason=reason, user=user, entry=services.DealEntry(**version.fields())
    )
    return amended
