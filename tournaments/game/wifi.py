"""The hall's Wi-Fi as a QR code: phones that scan it offer to join.

The payload is the common ``WIFI:`` format read by Android and iOS cameras:
``WIFI:T:WPA;S:<name>;P:<password>;;`` (``T:nopass`` and no ``P`` for an
open network), where a backslash, semicolon, comma, colon or double quote
in the name or password is escaped with a backslash.

Plain Python: the limits are those of the Wi-Fi standard (a network name of
1 to 32 bytes, a WPA passphrase of 8 to 63 printable ASCII characters).
"""

from __future__ import annotations

NAME_MAX_BYTES = 32
PASSWORD_MIN = 8
PASSWORD_MAX = 63
_SPECIAL = '\\;,:"'


class WifiProblem(ValueError):
    """Why a network name or password cannot be used: the field and a code
    (``no_name``, ``name_long``, ``name_unprintable``, ``password_length``,
    ``password_characters``), worded for people by the service."""

    def __init__(self, field: str, code: str) -> None:
        super().__init__(f"{field}: {code}")
        self.field = field
        self.code = code


def wifi_escape(text: str) -> str:
    """``text`` with the payload's special characters escaped."""
    return "".join("\\" + char if char in _SPECIAL else char for char in text)


def wifi_check(name: str, password: str) -> None:
    """Raises WifiProblem unless ``name`` and ``password`` can be joined:
    both empty (no Wi-Fi), or a name with a WPA password or none (open)."""
    if not name:
        if password:
            raise WifiProblem("wifi_name", "no_name")
        return
    if len(name.encode()) > NAME_MAX_BYTES:
        raise WifiProblem("wifi_name", "name_long")
    if not name.isprintable():
        raise WifiProblem("wifi_name", "name_unprintable")
    if password and not (PASSWORD_MIN <= len(password) <= PASSWORD_MAX):
        raise WifiProblem("wifi_password", "password_length")
    if any(not (" " <= char <= "~") for char in password):
        raise WifiProblem("wifi_password", "password_characters")


def wifi_payload(name: str, password: str) -> str:
    """The QR payload that joins network ``name`` (WPA, or open without a password)."""
    if not password:
        return f"WIFI:T:nopass;S:{wifi_escape(name)};;"
    return f"WIFI:T:WPA;S:{wifi_escape(name)};P:{wifi_escape(password)};;"
