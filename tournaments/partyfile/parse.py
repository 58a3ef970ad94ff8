"""Reading a party file into plain values, with no database.

``party_file_read(data)`` checks a decoded party file and returns a
:class:`~.values.PartyFile`, or raises :class:`~.values.PartyFileProblem` for
the first problem found, located.  Checked here is all that the file alone can
tell: every value's type, the fields known at each place, the player names a
seating, departure or prize pick uses, and every deal record against the
rules engine under the file's ruleset and options.  What depends on the night
as it is replayed (a round's tables, ties, the seatings the services accept)
is checked by the loader.

Plain Python: messages are English, marked with :func:`gettext_noop`, and
translated once by the loader.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from scoring.rules import PARTNERSHIP_RULESETS, Ruleset, RulesetError
from scoring.rules.rulesets import SEAT_RULESETS
from scoring.rules.words import Text, ngettext_noop

from .check import (
    NAME_MAX,
    PRIZE_MAX,
    ROUND_MINUTES_MAX,
    ROUND_MINUTES_MIN,
    SPECIAL_KINDS,
    VENUE_MAX,
    Names,
    check_fields,
    gettext_noop,
    is_int,
    shown,
    tables_read,
)
from .document import INT_LIMIT, values_check
from .rounds import rounds_read
from .values import (
    DUMP_ONLY,
    FORMAT,
    PARTY_OPTIONS,
    TOP_FIELDS,
    PartyFile,
    PartyFileProblem,
    PrizePick,
)

#: Ruleset used when the file names none.
DEFAULT_RULESET = "monterey-draw"
#: Every name ``options`` accepts: the party's options, then the house options
#: of every game shipped (the chosen game's own are checked when loading).
OPTIONS = tuple(
    dict.fromkeys(
        [
            *PARTY_OPTIONS,
            *(option.name for rs in PARTNERSHIP_RULESETS.values() for option in rs.house_options),
        ]
    )
)


def party_file_read(data: Any) -> PartyFile:
    """The party file ``data`` (decoded JSON) as plain values, all checked that
    the file alone can check; :class:`PartyFileProblem` for the first problem."""
    values_check(data)
    if not isinstance(data, dict):
        raise PartyFileProblem(
            gettext_noop("A party file is a JSON object with the party's fields."), {}
        )
    if data.get("format") != FORMAT:
        raise _top(
            "format",
            gettext_noop("This is not a %(format)s party file (format is %(value)s)."),
            {"format": FORMAT, "value": shown(data.get("format"))},
        )
    check_fields(data, TOP_FIELDS, DUMP_ONLY["top"], path="")
    header = _header(data)
    rules = _rules(header["ruleset"], header["options"])
    names = Names()
    for index, name in enumerate(header["players"]):
        names.register(name, path=f"players[{index}]", field="players")
    seating = header["seating"]
    if seating == []:
        seating = ()  # round 1 is not seated yet, so no round is listed
    elif seating is not None:
        seating = tables_read(seating, names, path="seating", field="seating")
    rounds = rounds_read(header["rounds"], rules, names)
    picks = []
    for index, pick in enumerate(header["prize_picks"]):
        path = f"prize_picks[{index}].player"
        player = names.known(pick["player"], path=path, field="prize_picks")
        picks.append(PrizePick(player=player, prize=pick["prize"]))
    options = header["options"]
    return PartyFile(
        name=header["name"],
        date=header["date"],
        venue=header["venue"],
        ruleset=header["ruleset"],
        rules=rules,
        party_options=MappingProxyType({k: v for k, v in options.items() if k in PARTY_OPTIONS}),
        house_options=MappingProxyType(
            {k: v for k, v in options.items() if k not in PARTY_OPTIONS}
        ),
        planned_rounds=header["planned_rounds"],
        round_minutes=header["round_minutes"],
        public=None if header["public"] is None else MappingProxyType(dict(header["public"])),
        wifi=None if header["wifi"] is None else MappingProxyType(dict(header["wifi"])),
        tableside_entry=header["tableside_entry"],
        players=tuple(header["players"]),
        seating=seating,
        seed=header["seed"],
        rounds=rounds,
        prizes=tuple(header["prizes"]),
        special_prizes=MappingProxyType(dict(header["special_prizes"])),
        prize_picks=tuple(picks),
    )


def _top(field: str, message: str, params: Mapping[str, Any] | None) -> PartyFileProblem:
    return PartyFileProblem(message, params, path=field, field=field)


def _header(data: dict) -> dict[str, Any]:
    """The top-level fields, each checked for its shape."""
    name = data.get("name")
    if not isinstance(name, str) or not name.strip() or len(name.strip()) > NAME_MAX:
        raise _top(
            "name",
            Text(
                ngettext_noop(
                    "Give the party's name (at most %(max)d character).",
                    "Give the party's name (at most %(max)d characters).",
                    "max",
                ),
                {"max": NAME_MAX},
            ),
            None,
        )
    date = data.get("date")
    try:
        if not isinstance(date, str) or len(date) != 10:
            raise ValueError
        date = datetime.date.fromisoformat(date)
    except ValueError:
        raise _top(
            "date",
            gettext_noop("The date is written YYYY-MM-DD, like 2026-04-18 (not %(value)s)."),
            {"value": shown(date)},
        ) from None
    venue = data.get("venue", "")
    if not isinstance(venue, str) or len(venue.strip()) > VENUE_MAX:
        raise _top(
            "venue",
            Text(
                ngettext_noop(
                    "The venue is a text of at most %(max)d character.",
                    "The venue is a text of at most %(max)d characters.",
                    "max",
                ),
                {"max": VENUE_MAX},
            ),
            None,
        )
    ruleset = data.get("ruleset", DEFAULT_RULESET)
    if not isinstance(ruleset, str):
        raise _top("ruleset", gettext_noop("Unknown ruleset %(value)s."), {"value": shown(ruleset)})
    options = _options(data.get("options", {}))
    planned = data.get("planned_rounds")
    if planned is not None and not (is_int(planned) and 1 <= planned <= 50):
        raise _top(
            "planned_rounds",
            gettext_noop("planned_rounds is a whole number from 1 to 50, not %(value)s."),
            {"value": shown(planned)},
        )
    minutes = data.get("round_minutes")
    if minutes is not None and not (
        is_int(minutes) and ROUND_MINUTES_MIN <= minutes <= ROUND_MINUTES_MAX
    ):
        raise _top(
            "round_minutes",
            gettext_noop("round_minutes is a whole number from %(min)d to %(max)d, not %(value)s."),
            {"min": ROUND_MINUTES_MIN, "max": ROUND_MINUTES_MAX, "value": shown(minutes)},
        )
    public = data.get("public")
    if public is not None and not (
        isinstance(public, dict)
        and set(public) <= {"open", "standings"}
        and all(isinstance(v, bool) for v in public.values())
    ):
        raise _top(
            "public",
            gettext_noop('public is {"open": true or false, "standings": true or false}.'),
            {},
        )
    wifi = data.get("wifi")
    if wifi is not None and not (
        isinstance(wifi, dict)
        and "name" in wifi
        and set(wifi) <= {"name", "password"}
        and all(isinstance(v, str) for v in wifi.values())
    ):
        raise _top(
            "wifi",
            gettext_noop('wifi is {"name": the network\'s name, "password": its password or ""}.'),
            {},
        )
    tableside = data.get("tableside_entry", False)
    if not isinstance(tableside, bool):
        raise _top(
            "tableside_entry",
            gettext_noop("tableside_entry is true or false, not %(value)s."),
            {"value": shown(tableside)},
        )
    players = _players(data.get("players"))
    seating, seed = _draw(data)
    rounds = data.get("rounds", [])
    if not isinstance(rounds, list):
        raise _top("rounds", gettext_noop("The rounds are a list, round 1 first."), {})
    if seating == [] and rounds:
        raise _top(
            "rounds",
            gettext_noop(
                "Round 1 is not seated (its seating is empty), so no round can be listed."
            ),
            {},
        )
    prizes, specials, picks = _prizes(data)
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
        "seating": seating,
        "seed": seed,
        "rounds": rounds,
        "prizes": prizes,
        "special_prizes": specials,
        "prize_picks": picks,
    }


def _options(options: Any) -> dict[str, Any]:
    if not isinstance(options, dict):
        raise _top("options", gettext_noop("The options are an object of option names."), {})
    for option, value in options.items():
        if option not in OPTIONS:
            raise _top(
                "options",
                gettext_noop("Unknown option %(value)s; the options are %(options)s."),
                {"value": shown(option), "options": ", ".join(OPTIONS)},
            )
        if option == "deals_per_round" and not is_int(value):
            raise _deals_per_round(value)
    return options


def _deals_per_round(value: Any) -> PartyFileProblem:
    return _top(
        "options",
        gettext_noop("deals_per_round must be a whole number from 1 to 12, not %(value)s."),
        {"value": shown(value)},
    )


def _players(players: Any) -> list[str]:
    if not isinstance(players, list) or not players:
        raise _top("players", gettext_noop("List the players' names in registration order."), {})
    seen: set[str] = set()
    for index, player in enumerate(players):
        where = {"path": f"players[{index}]", "field": "players"}
        if not isinstance(player, str):
            raise PartyFileProblem(
                gettext_noop("A player is a name, not %(value)s."),
                {"value": shown(player)},
                **where,
            )
        if player in seen:
            raise PartyFileProblem(
                gettext_noop("%(name)s is listed twice; names are unique within a file."),
                {"name": player},
                **where,
            )
        seen.add(player)
    return players


def _draw(data: dict) -> tuple[Any, int | None]:
    """Round 1's seating as written (None to draw it) and the draw's seed."""
    has_seating, has_seed = "seating" in data, "seed" in data
    if has_seating == has_seed:
        raise _top(
            "seating",
            gettext_noop("Give round 1's seating or a seed for the draw, not both.")
            if has_seating
            else gettext_noop("Give round 1's seating, or a seed for the draw."),
            {},
        )
    seed = data.get("seed")
    if has_seed and not (is_int(seed) and -INT_LIMIT <= seed < INT_LIMIT):
        raise _top(
            "seed",
            gettext_noop("The seed is a whole number, not %(value)s."),
            {"value": shown(seed)},
        )
    # A seating of null draws round 1 with a seed of the draw's own choosing.
    return data.get("seating"), seed


def _prizes(data: dict) -> tuple[list[str], dict[str, str], list[dict]]:
    prizes = data.get("prizes", [])
    if not isinstance(prizes, list) or not all(
        isinstance(p, str) and p.strip() and len(p.strip()) <= PRIZE_MAX for p in prizes
    ):
        raise _top(
            "prizes",
            Text(
                ngettext_noop(
                    "prizes lists the place prizes' names, first pick first, each at most "
                    "%(max)d character.",
                    "prizes lists the place prizes' names, first pick first, each at most "
                    "%(max)d characters.",
                    "max",
                ),
                {"max": PRIZE_MAX},
            ),
            None,
        )
    specials = data.get("special_prizes", {})
    if not isinstance(specials, dict) or not all(
        kind in SPECIAL_KINDS and isinstance(p, str) and len(p.strip()) <= PRIZE_MAX
        for kind, p in specials.items()
    ):
        raise _top(
            "special_prizes",
            gettext_noop("special_prizes maps %(kinds)s to a prize's name."),
            {"kinds": ", ".join(SPECIAL_KINDS)},
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
        raise _top(
            "prize_picks",
            gettext_noop(
                'prize_picks lists the picks in order, each {"player": a name, "prize": the '
                "prize's number in prizes, 1 first}."
            ),
            {},
        )
    return prizes, specials, picks


def _rules(name: str, options: dict[str, Any]) -> Ruleset:
    """The ruleset the file names, with its options: what its deals are checked by."""
    base = PARTNERSHIP_RULESETS.get(name)
    if base is None and isinstance(name, str) and name in SEAT_RULESETS:
        # Movement needs fixed pairs at four-seat tables (RULES.md 12.5).
        raise _top(
            "ruleset",
            gettext_noop(
                "%(value)s is not played by two fixed pairs at four seats: a party "
                "plays a partnership game."
            ),
            {"value": shown(name)},
        )
    if base is None:
        raise _top("ruleset", gettext_noop("Unknown ruleset %(value)s."), {"value": shown(name)})
    house = {k: v for k, v in options.items() if k not in PARTY_OPTIONS}
    try:
        rules = base.with_options(**house)
    except RulesetError as error:
        # The engine's Text: translated with its words where the problem is shown.
        raise PartyFileProblem(error.args[0], path="options", field="options") from None
    if "deals_per_round" not in options:
        return rules
    try:
        return rules.with_options(deals_per_round=options["deals_per_round"])
    except RulesetError:
        raise _deals_per_round(options["deals_per_round"]) from None
