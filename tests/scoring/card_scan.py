"""The cards a seat's page or JSON answer shows, read as a phone would get
them: for the hidden-card tests of every kind of game."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

#: A card tile on a page: each must carry the card it shows in ``data-card``.
TILE = re.compile(r'class="pcard[ "]')


class CardScan:
    """Finds card codes (``code``, a pattern) on a page, in its tiles and in
    its move buttons (``value="<verb> <card>"``), and in a JSON answer; a
    JSON object holding any of ``secret_keys`` fails at once."""

    def __init__(self, code: str, verbs: Iterable[str], secret_keys: Iterable[str]) -> None:
        verbs = "|".join(verbs)
        self.data_card = re.compile(rf'data-card="({code})"')
        self.move_card = re.compile(rf'value="(?:{verbs}) ({code})"')
        self.json_card = re.compile(rf"^(?:(?:{verbs}) )?({code})$")
        self.secret_keys = frozenset(secret_keys)

    def html(self, text: str) -> set[str]:
        cards = self.data_card.findall(text)
        assert len(TILE.findall(text)) == len(cards), "a card tile without its data-card"
        return set(cards) | set(self.move_card.findall(text))

    def json(self, data: Any) -> set[str]:
        found: set[str] = set()
        stack = [data]
        while stack:
            item = stack.pop()
            if isinstance(item, dict):
                assert not self.secret_keys & set(item), sorted(self.secret_keys & set(item))
                stack.extend(item.values())
            elif isinstance(item, list):
                stack.extend(item)
            elif isinstance(item, str) and (match := self.json_card.match(item)):
                found.add(match.group(1))
        return found
