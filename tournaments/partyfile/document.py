"""A party file as a JSON document: its bytes read, and the values no field can hold refused.

Plain Python, like the rest of the parser: messages are English, marked for
translation, and translated by the loader.
"""

from __future__ import annotations

import json
import math
from typing import Any

from scoring.rules.words import gettext_noop

from .check import shown
from .values import PartyFileProblem

#: No whole number in a party file is this large (the database's biggest integer).
INT_LIMIT = 2**63


def json_read(content: bytes) -> Any:
    """The JSON document in ``content`` (UTF-8, with or without a byte-order
    mark), or :class:`PartyFileProblem` saying what is wrong with it."""
    try:
        text = content.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise PartyFileProblem(gettext_noop("The file is not UTF-8 text."), {}) from None
    try:
        return json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as error:
        raise PartyFileProblem(
            gettext_noop("The file is not valid JSON: %(error)s"), {"error": error}
        ) from None
    except RecursionError:
        raise PartyFileProblem(
            gettext_noop(
                "The file is not a party file: its lists or objects are nested too deeply."
            ),
            {},
        ) from None
    except ValueError:
        # Python refuses to read an integer of thousands of digits.
        raise PartyFileProblem(
            gettext_noop("The file holds a number far too long for a party file."), {}
        ) from None


def _no_constant(name: str) -> Any:
    raise PartyFileProblem(
        gettext_noop("The file holds %(name)s, which is not a number a party file can use."),
        {"name": name},
    )


def values_check(data: Any) -> None:
    """Refuse what no field of a party file can hold, wherever it is: text with
    control characters or lone surrogates (the database cannot store them),
    whole numbers beyond the database's, and numbers that are not finite.

    Walks the document without recursion, so any depth json accepted is fine.
    """
    stack: list[tuple[str, Any]] = [("", data)]
    while stack:
        path, value = stack.pop()
        where = {"path": path, "field": path or None}
        if isinstance(value, dict):
            for key, item in value.items():
                if not isinstance(key, str):
                    raise PartyFileProblem(
                        gettext_noop("The names of an object's fields are texts, not %(value)s."),
                        {"value": shown(key)},
                        **where,
                    )
                _text_check(key, path)
                stack.append((f"{path}.{key}" if path else key, item))
        elif isinstance(value, list):
            stack.extend((f"{path}[{index}]", item) for index, item in enumerate(value))
        elif isinstance(value, str):
            _text_check(value, path)
        elif isinstance(value, bool) or value is None:
            continue
        elif isinstance(value, int):
            if not -INT_LIMIT <= value < INT_LIMIT:
                raise PartyFileProblem(
                    gettext_noop("This number is far too large for a party file."), {}, **where
                )
        elif isinstance(value, float):
            if not math.isfinite(value):
                raise PartyFileProblem(
                    gettext_noop("%(value)s is not a number a party file can use."),
                    {"value": value},
                    **where,
                )
        else:
            raise PartyFileProblem(
                gettext_noop("A party file holds JSON values only, not %(value)s."),
                {"value": shown(value)},
                **where,
            )


def _text_check(text: str, path: str) -> None:
    for char in text:
        code = ord(char)
        if (code < 0x20 and char not in "\t\n\r") or code == 0x7F or 0xD800 <= code <= 0xDFFF:
            raise PartyFileProblem(
                gettext_noop(
                    "The text %(text)s holds the character U+%(code)04X, which a party "
                    "file cannot hold (a control character or a broken one)."
                ),
                {"text": shown(text), "code": code},
                path=path,
                field=path or None,
            )
