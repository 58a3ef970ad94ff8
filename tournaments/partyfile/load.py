"""Loading a party file: a new party built through the tablet's services."""

from __future__ import annotations

import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext, ngettext

from .. import selectors, services
from ..models import (
    ROUND_MINUTES_DEFAULT,
    ROUND_MINUTES_MAX,
    ROUND_MINUTES_MIN,
    DealResult,
    Party,
    Player,
    Prize,
    Round,
)
from ..services import PartyError
from ..standings import needs_cut
from .common import (
    AMENDMENT_FIELDS,
    DEAL_FIELDS,
    DUMP_ONLY,
    FORMAT,
    NAME_MAX,
    OPTIONS,
    PARTY_OPTIONS,
    PRIZE_MAX,
    REASON_MAX,
    RECORD_FIELDS,
    ROUND_FIELDS,
    SPECIAL_KINDS,
    TOP_FIELDS,
    VENUE_MAX,
    PartyFileError,
    check_fields,
    check_values,
    from_party_error,
    is_int,
    shown,
)


def party_load(data: Any, *, owner, source: str = "") -> Party:
    """Create the party a party file describes (RULES.md section 10), all or nothing.

    Raises :class:`PartyFileError` for the first problem found, whatever the
    document holds; then nothing has been saved.  A party of the same name and
    date that ``owner`` already hosts makes the new one "Name (2)", and the
    load is kept in its audit trail (``source`` names the file).  The rules
    chosen where RULES.md is silent are in the package docstring.
    """
    check_values(data)
    header = _parse_header(data)
    with transaction.atomic():
        return _Loader(header, owner, source).run()


def _text(value: Any, *, field: str, limit: int, message: str) -> str:
    if not isinstance(value, str) or len(value.strip()) > limit:
        raise PartyFileError(message, field=field)
    return value


def _parse_header(data: Any) -> dict[str, Any]:
    """Top-level checks that need no database."""
    if not isinstance(data, dict):
        raise PartyFileError(gettext("A party file is a JSON object with the party's fields."))
    if data.get("format") != FORMAT:
        raise PartyFileError(
            gettext("This is not a %(format)s party file (format is %(value)s).")
            % {"format": FORMAT, "value": shown(data.get("format"))},
            field="format",
        )
    check_fields(data, TOP_FIELDS, DUMP_ONLY["top"])
    name = data.get("name")
    if not isinstance(name, str) or not name.strip() or len(name.strip()) > NAME_MAX:
        raise PartyFileError(
            gettext("Give the party's name (at most %(max)d characters).") % {"max": NAME_MAX},
            field="name",
        )
    date = data.get("date")
    try:
        if not isinstance(date, str) or len(date) != 10:
            raise ValueError
        date = datetime.date.fromisoformat(date)
    except ValueError:
        raise PartyFileError(
            gettext("The date is written YYYY-MM-DD, like 2026-04-18 (not %(value)s).")
            % {"value": shown(date)},
            field="date",
        ) from None
    venue = _text(
        data.get("venue", ""),
        field="venue",
        limit=VENUE_MAX,
        message=gettext("The venue is a text of at most %(max)d characters.") % {"max": VENUE_MAX},
    )
    ruleset = data.get("ruleset", "monterey-draw")
    if not isinstance(ruleset, str):
        raise PartyFileError(
            gettext("Unknown ruleset %(value)s.") % {"value": shown(ruleset)}, field="ruleset"
        )
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise PartyFileError(gettext("The options are an object of option names."), field="options")
    for option, value in options.items():
        if option not in OPTIONS:
            raise PartyFileError(
                gettext("Unknown option %(value)s; the options are %(options)s.")
                % {"value": shown(option), "options": ", ".join(OPTIONS)},
                field="options",
            )
        if option == "deals_per_round" and not is_int(value):
            raise PartyFileError(
                gettext("deals_per_round must be a whole number from 1 to 12, not %(value)s.")
                % {"value": shown(value)},
                field="options",
            )
    planned = data.get("planned_rounds")
    if planned is not None and not (is_int(planned) and 1 <= planned <= 50):
        raise PartyFileError(
            gettext("planned_rounds is a whole number from 1 to 50, not %(value)s.")
            % {"value": shown(planned)},
            field="planned_rounds",
        )
    minutes = data.get("round_minutes")
    if minutes is not None and not (
        is_int(minutes) and ROUND_MINUTES_MIN <= minutes <= ROUND_MINUTES_MAX
    ):
        raise PartyFileError(
            gettext("round_minutes is a whole number from %(min)d to %(max)d, not %(value)s.")
            % {"min": ROUND_MINUTES_MIN, "max": ROUND_MINUTES_MAX, "value": shown(minutes)},
            field="round_minutes",
        )
    public = data.get("public")
    if public is not None and not (
        isinstance(public, dict)
        and set(public) <= {"open", "standings"}
        and all(isinstance(v, bool) for v in public.values())
    ):
        raise PartyFileError(
            gettext('public is {"open": true or false, "standings": true or false}.'),
            field="public",
        )
    wifi = data.get("wifi")
    if wifi is not None and not (
        isinstance(wifi, dict)
        and "name" in wifi
        and set(wifi) <= {"name", "password"}
        and all(isinstance(v, str) for v in wifi.values())
    ):
        raise PartyFileError(
            gettext('wifi is {"name": the network\'s name, "password": its password or ""}.'),
            field="wifi",
        )
    tableside = data.get("tableside_entry", False)
    if not isinstance(tableside, bool):
        raise PartyFileError(
            gettext("tableside_entry is true or false, not %(value)s.")
            % {"value": shown(tableside)},
            field="tableside_entry",
        )
    players = data.get("players")
    if not isinstance(players, list) or not players:
        raise PartyFileError(
            gettext("List the players' names in registration order."), field="players"
        )
    seen: set[str] = set()
    for player in players:
        if not isinstance(player, str):
            raise PartyFileError(
                gettext("A player is a name, not %(value)s.") % {"value": shown(player)},
                field="players",
            )
        if player in seen:
            raise PartyFileError(
                gettext("%(name)s is listed twice; names are unique within a file.")
                % {"name": player},
                field="players",
            )
        seen.add(player)
    has_seating, has_seed = "seating" in data, "seed" in data
    if has_seating == has_seed:
        raise PartyFileError(
            gettext("Give round 1's seating or a seed for the draw, not both.")
            if has_seating
            else gettext("Give round 1's seating, or a seed for the draw."),
            field="seating",
        )
    seed = data.get("seed")
    if has_seed and not (is_int(seed) and -(2**63) <= seed < 2**63):
        raise PartyFileError(
            gettext("The seed is a whole number, not %(value)s.") % {"value": shown(seed)},
            field="seed",
        )
    rounds = data.get("rounds", [])
    if not isinstance(rounds, list):
        raise PartyFileError(gettext("The rounds are a list, round 1 first."), field="rounds")
    if data.get("seating") == [] and rounds:
        raise PartyFileError(
            gettext("Round 1 is not seated (its seating is empty), so no round can be listed."),
            field="rounds",
        )
    prizes = data.get("prizes", [])
    if not isinstance(prizes, list) or not all(
        isinstance(p, str) and p.strip() and len(p.strip()) <= PRIZE_MAX for p in prizes
    ):
        raise PartyFileError(
            gettext(
                "prizes lists the place prizes' names, first pick first, each at most "
                "%(max)d characters."
            )
            % {"max": PRIZE_MAX},
            field="prizes",
        )
    specials = data.get("special_prizes", {})
    if not isinstance(specials, dict) or not all(
        kind in SPECIAL_KINDS and isinstance(p, str) and len(p.strip()) <= PRIZE_MAX
        for kind, p in specials.items()
    ):
        raise PartyFileError(
            gettext("special_prizes maps %(kinds)s to a prize's name.")
            % {"kinds": ", ".join(SPECIAL_KINDS)},
            field="special_prizes",
        )
    picks = data.get("prize_picks", [])
    if not isinstance(picks, list) or not all(
        isinstance(pick, dict)
        and set(pick) == {"player", "prize"}
        and isinstance(pick["player"], str)
        and is_int(pick["prize"])
        and 1 <= pick["prize"] <= len(prizes)
        for pick in picks
    ):
        raise PartyFileError(
            gettext(
                'prize_picks lists the picks in order, each {"player": a name, "prize": the '
                "prize's number in prizes, 1 first}."
            ),
            field="prize_picks",
        )
    return {
        "name": name,
        "date": date,
        "venue": venue,
        "ruleset": ruleset,
        "options": options,
        "planned_rounds": planned,
        "round_minutes": minutes,
        "public": public,
        "wifi": wifi,
        "tableside_entry": tableside,
        "players": players,
        "seating": data.get("seating"),
        "seed": seed if has_seed else None,
        "rounds": rounds,
        "prizes": prizes,
        "special_prizes": specials,
        "prize_picks": picks,
    }


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


class _Loader:
    """One load: the party being built and its players by name.

    Should be run inside ``transaction.atomic()`` (``party_load`` does)."""

    def __init__(self, header: dict[str, Any], owner, source: str):
        self.header = header
        self.owner = owner
        self.source = source
        self.players: dict[str, Player] = {}

    def run(self) -> Party:
        header = self.header
        options = dict(header["options"])
        party_options = {name: options.pop(name) for name in PARTY_OPTIONS if name in options}
        rounds = header["rounds"]
        # Two loads by one host at once wait for each other here, so that the
        # second sees the first's name and takes "Name (2)".
        get_user_model().objects.select_for_update().filter(pk=self.owner.pk).first()
        try:
            self.party = services.party_create(
                owner=self.owner,
                name=_copy_name(self.owner, header["name"], header["date"]),
                date=header["date"],
                venue=header["venue"],
                ruleset=header["ruleset"],
                planned_rounds=header["planned_rounds"] or min(50, max(6, len(rounds))),
                round_minutes=header["round_minutes"] or ROUND_MINUTES_DEFAULT,
                house_options=options,
                prizes=header["prizes"],
                special_prizes=header["special_prizes"],
                tableside_entry=header["tableside_entry"],
                **party_options,
            )
        except PartyError as error:
            field = next(iter(error.errors))
            raise from_party_error(
                error, field="options" if field in (*OPTIONS, "house_options") else field
            ) from None
        services.party_load_record(party=self.party, user=self.owner, source=self.source)
        if header["public"] is not None:
            services.party_public_set(
                party=self.party,
                open=header["public"].get("open", self.party.public_open),
                standings=header["public"].get("standings", self.party.public_standings),
                user=self.owner,
            )
        if header["wifi"] is not None:
            try:
                services.party_wifi_set(
                    party=self.party,
                    name=header["wifi"]["name"],
                    password=header["wifi"].get("password", ""),
                    user=self.owner,
                )
            except PartyError as error:
                raise from_party_error(error, field="wifi") from None
        for name in header["players"]:
            self._register(name, field="players")
        if header["seating"] != []:  # an empty seating: round 1 is not seated yet
            rnd = self._seat_round1()
            for number, entry in enumerate(rounds, start=1):
                rnd = self._play_round(rnd, number, entry, last=number == len(rounds))
            last = rounds[-1] if rounds else None
            if last is not None and last["deals"] and not last.get("open"):
                services.party_finish(party=self.party, user=self.owner)
        self._prize_picks()
        self.party.refresh_from_db()
        return self.party

    # -- players and seatings

    def _register(self, name: Any, *, field: str, round: int | None = None) -> None:
        if not isinstance(name, str):
            raise PartyFileError(
                gettext("A player is a name, not %(value)s.") % {"value": shown(name)},
                field=field,
                round=round,
            )
        if name in self.players:
            raise PartyFileError(
                gettext("%(name)s is already registered.") % {"name": name},
                field=field,
                round=round,
            )
        try:
            player = services.player_register(party=self.party, name=name, user=self.owner)
        except PartyError as error:
            raise from_party_error(error, field=field, round=round) from None
        self.players[name] = player
        self.players.setdefault(player.name, player)

    def _player(self, name: Any, *, field: str, round: int | None = None) -> Player:
        player = self.players.get(name) if isinstance(name, str) else None
        if player is None:
            raise PartyFileError(
                gettext("%(name)s is not a registered player.") % {"name": shown(name)},
                field=field,
                round=round,
            )
        return player

    def _tables(self, tables: Any, *, field: str, round: int | None = None) -> list[list[int]]:
        """A seating's names as player ids (the services check the seating itself)."""
        if not isinstance(tables, list):
            raise PartyFileError(
                gettext(
                    "A seating is a list of tables, table 1 first, each the four names in "
                    "seats 1 to 4."
                ),
                field=field,
                round=round,
            )
        ids = []
        for number, table in enumerate(tables, start=1):
            if not isinstance(table, list):
                raise PartyFileError(
                    gettext("Table %(table)d must list the names in seats 1 to 4.")
                    % {"table": number},
                    field=field,
                    round=round,
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
            raise from_party_error(error, field="seating") from None

    # -- a round

    def _play_round(self, rnd: Round, number: int, entry: Any, *, last: bool) -> Round:
        """Enter one round of the file; return the next round (or this one if
        it stays open, or the closed round after the last)."""
        where = {"round": number}
        if not isinstance(entry, dict):
            raise PartyFileError(gettext("A round is an object with its deals."), **where)
        check_fields(entry, ROUND_FIELDS, DUMP_ONLY["round"], **where)
        if not isinstance(entry.get("deals"), list):
            raise PartyFileError(gettext("List the round's deal records."), field="deals", **where)
        is_open = entry.get("open", False)
        if not isinstance(is_open, bool):
            raise PartyFileError(
                gettext("open is true (the round is in play) or false, not %(value)s.")
                % {"value": shown(is_open)},
                field="open",
                **where,
            )
        if is_open and not last:
            raise PartyFileError(
                gettext("Only the last round can be open: round %(next)d follows it.")
                % {"next": number + 1},
                field="open",
                **where,
            )
        if "seating_override" in entry:
            tables = self._tables(entry["seating_override"], field="seating_override", **where)
            try:
                rnd = services.round_override_seating(round=rnd, tables=tables, user=self.owner)
            except PartyError as error:
                raise from_party_error(error, field="seating_override", **where) from None
        table_count = rnd.tables.count()
        scores = self._enter_deals(rnd, number, entry["deals"])
        called = self._table_list(entry.get("time_called", []), table_count, number)
        for table in called:
            try:
                services.table_call_time(round=rnd, table=table, user=self.owner)
            except PartyError as error:
                raise from_party_error(error, field="time_called", table=table, **where) from None
        cuts = self._tiebreaks(entry.get("tiebreaks", {}), table_count, number)
        if is_open or (last and not entry["deals"] and not called and not cuts):
            # In play: recreated as it stood, ready for the next entry.
            for table, team in cuts.items():
                self._cut(rnd, table, team, number)
            self._arrivals_departures(entry, number)
            return rnd
        wanted = range(1, self.party.deals_per_round + 1)
        for table in range(1, table_count + 1):
            missing = [str(d) for d in wanted if d not in scores.get(table, {})]
            if missing and table not in called:
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
                    **where,
                )
        for table in range(1, table_count + 1):
            deal_scores = [score for _, score in sorted(scores.get(table, {}).items())]
            tied = bool(deal_scores) and needs_cut(deal_scores)
            if table in cuts:
                self._cut(rnd, table, cuts[table], number)
            elif tied:
                raise PartyFileError(
                    gettext(
                        "Table %(table)d is still tied after the tie-break (the two teams "
                        "scored the same in every deal): give the team that won the cut of "
                        "the cards in tiebreaks."
                    )
                    % {"table": table},
                    field="tiebreaks",
                    table=table,
                    **where,
                )
        self._arrivals_departures(entry, number)
        try:
            nxt = services.round_close(round=rnd, user=self.owner, seat_next=not last)
        except PartyError as error:
            raise from_party_error(error, **where) from None
        return nxt or rnd

    def _cut(self, rnd: Round, table: int, team: int, number: int) -> None:
        try:
            services.table_record_cut(round=rnd, table=table, team=team, user=self.owner)
        except PartyError as error:
            raise from_party_error(error, field="tiebreaks", table=table, round=number) from None

    def _enter_deals(
        self, rnd: Round, number: int, records: list
    ) -> dict[int, dict[int, tuple[int, int]]]:
        """Enter each deal record in file order, then replay its amendments;
        return scores[table][deal] as they finally stand."""
        scores: dict[int, dict[int, tuple[int, int]]] = {}
        amended: list[tuple[DealResult, list[dict], dict, dict]] = []
        with services.results_entry(
            round=rnd, user=self.owner, source=DealResult.Source.FILE
        ) as enter:
            for position, record in enumerate(records, start=1):
                where = self._deal_where(record, position, number, scores)
                versions = [*record.get("amendments", []), record]
                try:
                    result = enter(
                        table=record["table"],
                        deal=record["deal"],
                        entry=services.DealEntry(**_record_values(versions[0])),
                    )
                except PartyError as error:
                    prefix = "amendments[0]" if len(versions) > 1 else None
                    raise _deal_error(error, prefix, where) from None
                if len(versions) > 1:
                    amended.append((result, versions, where, record))
                scores.setdefault(record["table"], {})[record["deal"]] = (
                    result.score0,
                    result.score1,
                )
        for result, versions, where, record in amended:
            for index in range(1, len(versions)):
                try:
                    result, _ = services.result_amend(
                        result=result,
                        reason=versions[index - 1]["reason"],
                        user=self.owner,
                        entry=services.DealEntry(**_record_values(versions[index])),
                    )
                except PartyError as error:
                    prefix = f"amendments[{index}]" if index < len(versions) - 1 else None
                    raise _deal_error(error, prefix, where) from None
            scores[record["table"]][record["deal"]] = (result.score0, result.score1)
        return scores

    def _deal_where(self, record: Any, position: int, number: int, scores: dict) -> dict:
        """Where a deal record is (round, table, deal), after the checks of its
        shape that the validator does not make."""
        where: dict[str, Any] = {"round": number}
        if not isinstance(record, dict):
            raise PartyFileError(
                gettext("Deal record %(position)d is not an object with the deal's fields.")
                % {"position": position},
                field="deals",
                **where,
            )
        table, deal = record.get("table"), record.get("deal")
        if not is_int(table):
            raise PartyFileError(
                gettext(
                    "Give the table number of deal record %(position)d (a whole number, "
                    "not %(value)s)."
                )
                % {"position": position, "value": shown(table)},
                field="table",
                deal=deal if is_int(deal) else None,
                **where,
            )
        where["table"] = table
        if not is_int(deal):
            raise PartyFileError(
                gettext("The deal number must be 1 to %(count)d, not %(value)s.")
                % {"count": self.party.deals_per_round, "value": shown(deal)},
                field="deal",
                **where,
            )
        where["deal"] = deal
        check_fields(record, DEAL_FIELDS, DUMP_ONLY["deal"], **where)
        if deal in scores.get(table, {}):
            raise PartyFileError(
                gettext("Deal %(deal)d of table %(table)d is listed twice.")
                % {"deal": deal, "table": table},
                field="deal",
                **where,
            )
        _check_record(record, "", where)
        amendments = record.get("amendments", [])
        if not isinstance(amendments, list) or not amendments and "amendments" in record:
            raise PartyFileError(
                gettext("amendments lists the deal's earlier versions, oldest first."),
                field="amendments",
                **where,
            )
        for index, earlier in enumerate(amendments):
            prefix = f"amendments[{index}]"
            if not isinstance(earlier, dict):
                raise PartyFileError(
                    gettext("An earlier version is an object with the deal's fields."),
                    field=prefix,
                    **where,
                )
            for key in earlier:
                if key not in AMENDMENT_FIELDS:
                    raise PartyFileError(
                        gettext("Unknown field; the fields here are %(fields)s.")
                        % {"fields": ", ".join(AMENDMENT_FIELDS)},
                        field=f"{prefix}.{key}",
                        **where,
                    )
            _check_record(earlier, prefix + ".", where)
            reason = earlier.get("reason")
            if not isinstance(reason, str) or not reason.strip() or len(reason) > REASON_MAX:
                raise PartyFileError(
                    gettext("Say why this version was replaced (at most %(max)d characters).")
                    % {"max": REASON_MAX},
                    field=prefix + ".reason",
                    **where,
                )
        return where

    def _table_list(self, value: Any, table_count: int, number: int) -> list[int]:
        if not isinstance(value, list) or not all(is_int(t) for t in value):
            raise PartyFileError(
                gettext("time_called is a list of table numbers, not %(value)s.")
                % {"value": shown(value)},
                field="time_called",
                round=number,
            )
        for table in value:
            if value.count(table) > 1:
                message = gettext("Table %(table)d is listed twice.")
            elif not 1 <= table <= table_count:
                message = gettext("There is no table %(table)d in this round (it has %(count)d).")
            else:
                continue
            raise PartyFileError(
                message % {"table": table, "count": table_count},
                field="time_called",
                round=number,
            )
        return list(value)

    def _tiebreaks(self, value: Any, table_count: int, number: int) -> dict[int, int]:
        if not isinstance(value, dict):
            raise PartyFileError(
                gettext('tiebreaks maps a table number to the team that won the cut: {"2": 0}.'),
                field="tiebreaks",
                round=number,
            )
        cuts: dict[int, int] = {}
        for key, team in value.items():
            # Only plain digits: "²" is a digit to str.isdigit, not to int().
            table = int(key) if isinstance(key, str) and key.isascii() and key.isdigit() else None
            if table is None or not 1 <= table <= table_count:
                raise PartyFileError(
                    gettext("There is no table %(value)s in this round (it has %(count)d).")
                    % {"value": shown(key), "count": table_count},
                    field="tiebreaks",
                    round=number,
                )
            if not is_int(team) or team not in (0, 1):
                raise PartyFileError(
                    gettext("The cut is won by team 0 or team 1, not %(value)s.")
                    % {"value": shown(team)},
                    field="tiebreaks",
                    round=number,
                    table=table,
                )
            if table in cuts:
                raise PartyFileError(
                    gettext("Table %(table)d is listed twice.") % {"table": table},
                    field="tiebreaks",
                    round=number,
                )
            cuts[table] = team
        return cuts

    def _arrivals_departures(self, entry: dict, number: int) -> None:
        for field in ("arrivals", "departures"):
            if not isinstance(entry.get(field, []), list):
                raise PartyFileError(
                    gettext("%(field)s is a list of names.") % {"field": field},
                    field=field,
                    round=number,
                )
        for name in entry.get("arrivals", []):
            self._register(name, field="arrivals", round=number)
        for name in entry.get("departures", []):
            player = self._player(name, field="departures", round=number)
            player.refresh_from_db(fields=["leaves_round"])
            if player.leaves_round is not None:
                raise PartyFileError(
                    gettext("%(name)s has already left.") % {"name": name},
                    field="departures",
                    round=number,
                )
            services.player_depart(party=self.party, player=player, user=self.owner)

    # -- prizes

    def _prize_picks(self) -> None:
        picks = self.header["prize_picks"]
        if not picks:
            return
        prizes = list(self.party.prizes.filter(kind=Prize.Kind.PLACE).order_by("position"))
        for pick in picks:
            player = self._player(pick["player"], field="prize_picks")
            try:
                services.prize_pick(
                    party=self.party,
                    player=player,
                    prize=prizes[pick["prize"] - 1],
                    user=self.owner,
                )
            except PartyError as error:
                raise from_party_error(error, field="prize_picks") from None


def _record_values(record: dict) -> dict[str, Any]:
    return {name: record.get(name) for name in RECORD_FIELDS}


def _check_record(record: dict, prefix: str, where: dict) -> None:
    """The shape checks of a deal's fields that the validator does not make."""
    trump, tally = record.get("trump"), record.get("tally")
    if trump is not None and not isinstance(trump, str):
        raise PartyFileError(
            gettext(
                "Trump must be S, H, D or C (spades, hearts, diamonds, clubs), or left out; "
                "not %(value)s."
            )
            % {"value": shown(trump)},
            field=prefix + "trump",
            **where,
        )
    if tally is not None and not isinstance(tally, list):
        raise PartyFileError(
            gettext(
                "The tally is the two scores written on the table's tally, seats 1 and 3 "
                "first, then seats 2 and 4 — two whole numbers; not %(value)s."
            )
            % {"value": shown(tally)},
            field=prefix + "tally",
            **where,
        )


def _deal_error(error: PartyError, prefix: str | None, where: dict) -> PartyFileError:
    """A refused deal record, located; ``prefix`` names the earlier version
    (``amendments[0]``) when the refused record is one."""
    if prefix is None:
        return from_party_error(error, **where)
    located = from_party_error(error, **where)
    field = f"{prefix}.{located.field}" if located.field else prefix
    return PartyFileError(located.message, field=field, **where)
