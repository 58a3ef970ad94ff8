"""The Django admin driven as a browser drives it: its own change form, read
from the page and posted back."""

from __future__ import annotations

from html.parser import HTMLParser

from django.test import Client


class FormFields(HTMLParser):
    """The values a browser would post from the page's main form."""

    def __init__(self) -> None:
        super().__init__()
        self.data: dict[str, list[str]] = {}
        self._select: str | None = None
        self._textarea: str | None = None

    def handle_starttag(self, tag, attrs) -> None:
        a = dict(attrs)
        name = a.get("name")
        if tag == "input" and name and a.get("type") not in ("submit", "button", "file"):
            if a.get("type") in ("checkbox", "radio") and "checked" not in a:
                return
            default = "on" if a.get("type") in ("checkbox", "radio") else ""
            self.data.setdefault(name, []).append(a.get("value") or default)
        elif tag == "select" and name:
            self._select = name
            self.data.setdefault(name, [])
        elif tag == "option" and self._select and "selected" in a:
            self.data[self._select].append(a.get("value") or "")
        elif tag == "textarea" and name:
            self._textarea = name
            self.data[name] = [""]

    def handle_endtag(self, tag) -> None:
        if tag == "select":
            self._select = None
        elif tag == "textarea":
            self._textarea = None

    def handle_data(self, data) -> None:
        if self._textarea:
            # A browser drops the one newline after <textarea>.
            text = self.data[self._textarea]
            text[0] += data if text[0] else data.lstrip("\n")


def admin_form(client: Client, url: str) -> dict[str, list[str]]:
    parser = FormFields()
    parser.feed(client.get(url).content.decode())
    parser.data.pop("_save", None)
    return parser.data
