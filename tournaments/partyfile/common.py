"""What loading and dumping share: the format's fields and its one error."""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext

from .. import services
from ..models import Prize
from ..services import PartyError

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
    # Kept so that a dump and a load give back the whole party (optional).
    "venue",
    "planned_rounds",
    "round_minutes",
    "public",
    "wifi",
    "prizes",
    "special_prizes",
    "prize_picks",
    "tableside_entry",
)
ROUND_FIELDS = (
    "seating_override",
    "deals",
    "time_called",
    "tiebreaks",
    "arrivals",
    "departures",
    "open",
)
RECORD_FIELDS = ("bidder", "bid", "bidding_team_points", "trump", "tally", "cards")
DEAL_FIELDS = ("table", "deal", *RECORD_FIELDS, "amendments")
#: An earlier version of an amended deal, and why it was replaced.
AMENDMENT_FIELDS = (*RECORD_FIELDS, "reason")
#: The special prizes (RULES.md section 6), as ``special_prizes`` names them.
SPECIAL_KINDS = tuple(kind for kind in Prize.Kind.values if kind != Prize.Kind.PLACE)
#: Longest texts the party keeps (the model's fields).
NAME_MAX, VENUE_MAX, PRIZE_MAX, REASON_MAX = 120, 160, 120, 240
#: No whole number in a party file is this large (the database's biggest integer).
INT_LIMIT = 2**63
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
        labels = (
            (gettext("round"), round),
            (gettext("table"), table),
            (gettext("deal"), deal),
        )
        where = ", ".join(f"{label} {value}" for label, value in labels if value is not None)
        super().__init__(": ".join(part for part in (where, field, message) if part))


def shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_fields(data: Mapping, known: Sequence[str], ignored: Sequence[str], **where) -> None:
    for key in data:
        if key not in known and key not in ignored:
            raise PartyFileError(
                gettext("Unknown field; the fields here are %(fields)s.")
                % {"fields": ", ".join(known)},
                field=str(key),
                **where,
            )


def from_party_error(error: PartyError, *, field: str | None = None, **where) -> PartyFileError:
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


def party_file_parse(content: bytes) -> Any:
    """The JSON document in ``content`` (UTF-8, with or without a byte-order
    mark), or :class:`PartyFileError` saying what is wrong with it."""
    try:
        text = content.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise PartyFileError(gettext("The file is not UTF-8 text.")) from None
    try:
        return json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as error:
        raise PartyFileError(
            gettext("The file is not valid JSON: %(error)s") % {"error": error}
        ) from None
    except PartyFileError:
        raise  # a constant that is not a number (NaN, Infinity)
    except RecursionError:
        raise PartyFileError(
            gettext("The file is not a party file: its lists or objects are nested too deeply.")
        ) from None
    except ValueError:
        # Python refuses to read an integer of thousands of digits.
        raise PartyFileError(
            gettext("The file holds a number far too long for a party file.")
        ) from None


def _no_constant(name: str) -> Any:
    raise PartyFileError(
        gettext("The file holds %(name)s, which is not a number a party file can use.")
        % {"name": name}
    )


def check_values(data: Any) -> None:
    """Refuse what no field of a party file can hold, wherever it is: text with
    control characters or lone surrogates (the database cannot store them),
    whole numbers beyond the database's, and numbers that are not finite.

    Walks the document without recursion, so any depth json accepted is fine.
    """
    stack: list[tuple[str, Any]] = [("", data)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, dict):
            for key, item in value.items():
                if not isinstance(key, str):
                    raise PartyFileError(
                        gettext("The names of an object's fields are texts, not %(value)s.")
                        % {"value": shown(key)},
                        field=path or None,
                    )
                _check_text(key, path or None)
                where = f"{path}.{key}" if path else key
                stack.append((where, item))
        elif isinstance(value, list):
            stack.extend((f"{path}[{index}]", item) for index, item in enumerate(value))
        elif isinstance(value, str):
            _check_text(value, path or None)
        elif isinstance(value, bool) or value is None:
            continue
        elif isinstance(value, int):
            if not -INT_LIMIT <= value < INT_LIMIT:
                raise PartyFileError(
                    gettext("This number is far too large for a party file."), field=path or None
                )
        elif isinstance(value, float):
            if not math.isfinite(value):
                raise PartyFileError(
                    gettext("%(value)s is not a number a party file can use.") % {"value": value},
                    field=path or None,
                )
        else:
            raise PartyFileError(
                gettext("A party file holds JSON values only, not %(value)s.")
                % {"value": shown(value)},
                field=path or None,
            )


def _check_text(text: str, field: str | None) -> None:
    for char in text:
        code = ord(char)
        if (code < 0x20 and char not in "\t\n\r") or code == 0x7F or 0xD800 <= code <= 0xDFFF:
            raise PartyFileError(
                gettext(
                    "The text %(text)s holds the character U+%(code)04X, which a party "
                    "file cannot hold (a control character or a broken one)."
                )
                % {"text": shown(text), "code": code},
                field=field,
            )
