"""Reading a party file's rounds and deal records into plain values."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from scoring.rules import Ruleset, validate_result
from scoring.rules.words import Text, TextList, gettext_noop, ngettext_noop

from .check import REASON_MAX, Names, check_fields, is_int, shown, tables_read
from .document import INT_LIMIT
from .values import (
    AMENDMENT_FIELDS,
    DEAL_FIELDS,
    DUMP_ONLY,
    ROUND_FIELDS,
    DealRecord,
    DealVersion,
    PartyFileProblem,
    RoundRecord,
)


def rounds_read(rounds: list, rules: Ruleset, names: Names) -> tuple[RoundRecord, ...]:
    """Every round of the file, in order; ``names`` learns each round's
    arrivals and departures as it goes, as the party would."""
    return tuple(
        _round_read(entry, number, rules, names, last=number == len(rounds))
        for number, entry in enumerate(rounds, start=1)
    )


def _round_read(
    entry: Any, number: int, rules: Ruleset, names: Names, *, last: bool
) -> RoundRecord:
    path = f"rounds[{number - 1}]"

    def problem(message: str, params: Mapping[str, Any], field: str | None = None, **where):
        return PartyFileProblem(
            message,
            params,
            path=f"{path}.{field}" if field else path,
            field=field,
            round=number,
            **where,
        )

    if not isinstance(entry, dict):
        raise problem(gettext_noop("A round is an object with its deals."), {})
    check_fields(entry, ROUND_FIELDS, DUMP_ONLY["round"], path=path, round=number)
    if not isinstance(entry.get("deals"), list):
        raise problem(gettext_noop("List the round's deal records."), {}, "deals")
    is_open = entry.get("open", False)
    if not isinstance(is_open, bool):
        raise problem(
            gettext_noop("open is true (the round is in play) or false, not %(value)s."),
            {"value": shown(is_open)},
            "open",
        )
    if is_open and not last:
        raise problem(
            gettext_noop("Only the last round can be open: round %(next)d follows it."),
            {"next": number + 1},
            "open",
        )
    override = None
    if "seating_override" in entry:
        override = tables_read(
            entry["seating_override"],
            names,
            path=f"{path}.seating_override",
            field="seating_override",
            round=number,
        )
    deals = _deals_read(entry["deals"], path, number, rules)
    called = entry.get("time_called", [])
    if not isinstance(called, list) or not all(is_int(t) for t in called):
        raise problem(
            gettext_noop("time_called is a list of table numbers, not %(value)s."),
            {"value": shown(called)},
            "time_called",
        )
    for table in called:
        if called.count(table) > 1:
            raise problem(
                gettext_noop("Table %(table)d is listed twice."), {"table": table}, "time_called"
            )
    cuts = _tiebreaks_read(entry.get("tiebreaks", {}), problem)
    for field in ("arrivals", "departures"):
        if not isinstance(entry.get(field, []), list):
            raise problem(gettext_noop("%(field)s is a list of names."), {"field": field}, field)
    arrivals = tuple(
        names.register(name, path=f"{path}.arrivals[{i}]", field="arrivals", round=number)
        for i, name in enumerate(entry.get("arrivals", []))
    )
    departures = tuple(
        names.leave(name, path=f"{path}.departures[{i}]", field="departures", round=number)
        for i, name in enumerate(entry.get("departures", []))
    )
    return RoundRecord(
        number=number,
        deals=deals,
        seating_override=override,
        time_called=tuple(called),
        tiebreaks=MappingProxyType(cuts),
        arrivals=arrivals,
        departures=departures,
        open=is_open or (last and not deals and not called and not cuts),
    )


def _tiebreaks_read(value: Any, problem: Callable[..., PartyFileProblem]) -> dict[int, int]:
    if not isinstance(value, dict):
        raise problem(
            gettext_noop('tiebreaks maps a table number to the team that won the cut: {"2": 0}.'),
            {},
            "tiebreaks",
        )
    cuts: dict[int, int] = {}
    for key, team in value.items():
        # Only plain digits: "²" is a digit to str.isdigit, not to int(); and
        # few enough for int() to read and for a whole number of a party file.
        if not (
            isinstance(key, str)
            and key.isascii()
            and key.isdigit()
            and len(key) < len(str(INT_LIMIT))
        ):
            raise problem(
                gettext_noop("There is no table %(value)s in this round."),
                {"value": shown(key)},
                "tiebreaks",
            )
        table = int(key)
        if not is_int(team) or team not in (0, 1):
            raise problem(
                gettext_noop("The cut is won by team 0 or team 1, not %(value)s."),
                {"value": shown(team)},
                "tiebreaks",
                table=table,
            )
        if table in cuts:
            raise problem(
                gettext_noop("Table %(table)d is listed twice."), {"table": table}, "tiebreaks"
            )
        cuts[table] = team
    return cuts


def _deals_read(records: list, path: str, number: int, rules: Ruleset) -> tuple[DealRecord, ...]:
    """Each deal record in file order, every version checked by the rules
    engine: the first version of every record, then the amendments."""
    seen: set[tuple[int, int]] = set()
    shapes = []
    for index, record in enumerate(records):
        where = _deal_where(record, f"{path}.deals[{index}]", index + 1, number, rules, seen)
        versions = [*record.get("amendments", []), record]
        _versions_check(rules, where, versions, [0])
        shapes.append((record, versions, where))
    for _, versions, where in shapes:
        _versions_check(rules, where, versions, range(1, len(versions)))
    return tuple(
        DealRecord(
            table=record["table"],
            deal=record["deal"],
            result=_version(record),
            amendments=tuple(_version(v) for v in versions[:-1]),
            path=where["path"],
        )
        for record, versions, where in shapes
    )


def _version(record: Mapping[str, Any]) -> DealVersion:
    tally, cards = record.get("tally"), record.get("cards")
    return DealVersion(
        bidder=record["bidder"],
        bid=record["bid"],
        bidding_team_points=record.get("bidding_team_points"),
        other_team_points=record.get("other_team_points"),
        trump=record.get("trump"),
        tally=None if tally is None else tuple(tally),
        cards=None if cards is None else MappingProxyType(dict(cards)),
        reason=record.get("reason"),
    )


def _versions_check(rules: Ruleset, where: dict, versions: list, indexes) -> None:
    """The rules engine's verdict on the versions at ``indexes`` (0 the oldest)."""
    for index in indexes:
        errors = _record_check(rules, where["deal"], versions[index])
        if not errors:
            continue
        first, *rest = errors
        field = first.field
        if index < len(versions) - 1:
            field = f"amendments[{index}].{field}"
        raise PartyFileProblem(
            # The English sentences, kept as the validator's errors: shown
            # translated (scoring.texts.word).
            TextList([first, *(_more(error) for error in rest)], ""),
            path=f"{where['path']}.{field}",
            field=field,
            round=where["round"],
            table=where["table"],
            deal=where["deal"],
        )


def _more(error: Any) -> Text:
    """A validator error after the first, with its field: "; bid: ..."."""
    return Text("; %(field)s: %(error)s", {"field": error.field, "error": error})


def _record_check(rules: Ruleset, deal: int, version: Mapping[str, Any]) -> list[Any]:
    """What the rules engine finds wrong with one version of a deal record, as
    the results services would put it, apart from the night (round, table, seats)."""
    record: dict[str, Any] = {
        "deal": deal,
        "bidder": version.get("bidder"),
        "bid": version.get("bid"),
    }
    if version.get("bidding_team_points") is not None:
        record["bidding_team_points"] = version["bidding_team_points"]
    if version.get("other_team_points") is not None:
        record["other_team_points"] = version["other_team_points"]
    if version.get("trump"):
        record["trump"] = version["trump"]
    if version.get("cards") is not None:
        record["cards"] = version["cards"]
    if version.get("tally") is not None:
        record["tally"] = list(version["tally"])
    return validate_result(rules, record)


def _deal_where(
    record: Any, path: str, position: int, number: int, rules: Ruleset, seen: set
) -> dict[str, Any]:
    """Where a deal record is (its path, round, table and deal), after the
    checks of its shape that the rules engine does not make."""
    where: dict[str, Any] = {"round": number}

    def problem(message: str, params: Mapping[str, Any], field: str) -> PartyFileProblem:
        return PartyFileProblem(message, params, path=f"{path}.{field}", field=field, **where)

    if not isinstance(record, dict):
        raise PartyFileProblem(
            gettext_noop("Deal record %(position)d is not an object with the deal's fields."),
            {"position": position},
            path=path,
            field="deals",
            **where,
        )
    table, deal = record.get("table"), record.get("deal")
    if not is_int(table):
        where["deal"] = deal if is_int(deal) else None
        raise problem(
            gettext_noop(
                "Give the table number of deal record %(position)d (a whole number, not %(value)s)."
            ),
            {"position": position, "value": shown(table)},
            "table",
        )
    where["table"] = table
    if not is_int(deal):
        raise problem(
            gettext_noop("The deal number must be 1 to %(count)d, not %(value)s."),
            {"count": rules.deals_per_round, "value": shown(deal)},
            "deal",
        )
    where["deal"] = deal
    check_fields(record, DEAL_FIELDS, DUMP_ONLY["deal"], path=path, **where)
    if (table, deal) in seen:
        raise problem(
            gettext_noop("Deal %(deal)d of table %(table)d is listed twice."),
            {"deal": deal, "table": table},
            "deal",
        )
    seen.add((table, deal))
    _version_shape(record, "", problem)
    amendments = record.get("amendments", [])
    if not isinstance(amendments, list) or not amendments and "amendments" in record:
        raise problem(
            gettext_noop("amendments lists the deal's earlier versions, oldest first."),
            {},
            "amendments",
        )
    for index, earlier in enumerate(amendments):
        prefix = f"amendments[{index}]"
        if not isinstance(earlier, dict):
            raise problem(
                gettext_noop("An earlier version is an object with the deal's fields."), {}, prefix
            )
        for key in earlier:
            if key not in AMENDMENT_FIELDS:
                raise problem(
                    gettext_noop("Unknown field; the fields here are %(fields)s."),
                    {"fields": ", ".join(AMENDMENT_FIELDS)},
                    f"{prefix}.{key}",
                )
        _version_shape(earlier, prefix + ".", problem)
        reason = earlier.get("reason")
        if not isinstance(reason, str) or not reason.strip() or len(reason) > REASON_MAX:
            raise problem(
                Text(
                    ngettext_noop(
                        "Say why this version was replaced (at most %(max)d character).",
                        "Say why this version was replaced (at most %(max)d characters).",
                        "max",
                    ),
                    {"max": REASON_MAX},
                ),
                None,
                prefix + ".reason",
            )
    return {**where, "path": path}


def _version_shape(record: dict, prefix: str, problem: Callable[..., PartyFileProblem]) -> None:
    """The shape checks of a deal's fields that the rules engine does not make."""
    trump, tally = record.get("trump"), record.get("tally")
    if trump is not None and not isinstance(trump, str):
        raise problem(
            gettext_noop(
                "Trump must be S, H, D or C (spades, hearts, diamonds, clubs), or left out; "
                "not %(value)s."
            ),
            {"value": shown(trump)},
            prefix + "trump",
        )
    if tally is not None and not isinstance(tally, list):
        raise problem(
            gettext_noop(
                "The tally is the two scores written on the table's tally, seats 1 and 3 "
                "first, then seats 2 and 4 — two whole numbers; not %(value)s."
            ),
            {"value": shown(tally)},
            prefix + "tally",
        )
