"""The options a host may ask a document for, checked and made canonical."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext

from ..errors import UserError
from ..models import Document, Party, PrizeAward
from .paper import DEFAULT_DESIGN, DEFAULT_PAPER, DESIGNS, PAPERS

Kind = Document.Kind

#: Where a table's own token goes in the table-side entry link of the table
#: cards (``entry_url``); a token's letters, so ``reverse()`` accepts it.
ENTRY_TOKEN_SLOT = "TABLETOKENSLOT"

#: The options each kind takes.
KIND_OPTIONS: dict[str, tuple[str, ...]] = {
    Kind.CERTIFICATES: ("paper", "design", "awards"),
    Kind.TABLE_CARDS: ("paper", "round", "public_url", "entry_url"),
    Kind.STANDINGS: ("paper",),
    Kind.MOVEMENT: ("paper", "round"),
    Kind.TALLY_CARDS: ("paper",),
    Kind.SCORE_SHEETS: ("paper", "round"),
}


def document_options(party: Party, kind: str, raw: Mapping[str, Any]) -> dict[str, Any]:
    """The canonical options of a request, or UserError naming what is wrong.

    ``awards`` is "all" or a sorted list of award ids (all of them selected is
    "all" too, so the two requests share one document); ``round`` is a round
    number, or None for the current round (the largest, for table cards).
    """
    if kind not in KIND_OPTIONS:
        raise UserError({"kind": gettext("Choose what to print.")})
    options: dict[str, Any] = {}
    names = KIND_OPTIONS[kind]
    paper = raw.get("paper") or DEFAULT_PAPER
    if paper not in PAPERS:
        raise UserError({"paper": gettext("Paper is US Letter or A4.")})
    options["paper"] = paper
    if "design" in names:
        design = raw.get("design") or DEFAULT_DESIGN
        if design not in DESIGNS:
            raise UserError({"design": gettext("Choose one of the certificate designs.")})
        options["design"] = design
    if "awards" in names:
        options["awards"] = _awards_option(party, raw.get("awards"))
    if "round" in names:
        options["round"] = _round_option(party, kind, raw.get("round"))
    if "public_url" in names:
        url = str(raw.get("public_url") or "")
        if not url.startswith(("http://", "https://")) or len(url) > 300:
            raise UserError(
                {"public_url": gettext("The players' page link must be an http(s) URL.")}
            )
        options["public_url"] = url
    if "entry_url" in names and raw.get("entry_url"):
        url = str(raw["entry_url"])
        if (
            not url.startswith(("http://", "https://"))
            or len(url) > 300
            or url.count(ENTRY_TOKEN_SLOT) != 1
        ):
            raise UserError(
                {"entry_url": gettext("The table-side entry link must be an http(s) URL.")}
            )
        options["entry_url"] = url
    return options


def _awards_option(party: Party, raw: Any) -> str | list[int]:
    every = set(PrizeAward.objects.filter(prize__party=party).values_list("pk", flat=True))
    if not every:
        raise UserError({"awards": gettext("No prizes have been awarded yet.")})
    if raw in (None, "", "all"):
        return "all"
    try:
        chosen = {int(value) for value in raw}
    except (TypeError, ValueError):
        raise UserError({"awards": gettext("Choose the prize winners from the list.")}) from None
    if not chosen:
        raise UserError({"awards": gettext("Tick at least one prize winner.")})
    if chosen - every:
        raise UserError({"awards": gettext("Choose the prize winners from the list.")})
    return "all" if chosen == every else sorted(chosen)


def _round_option(party: Party, kind: str, raw: Any) -> int | None:
    numbers = set(party.rounds.values_list("number", flat=True))
    if raw in (None, ""):
        if not numbers and kind != Kind.TABLE_CARDS:
            raise UserError({"round": gettext("Seat round 1 first.")})
        return None
    try:
        number = int(raw)
    except (TypeError, ValueError):
        number = 0
    if number not in numbers:
        raise UserError({"round": gettext("Choose one of the party's rounds.")})
    return number


def options_key(options: Mapping[str, Any]) -> str:
    """A digest of the canonical options: equal options, equal key."""
    text = json.dumps(options, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
