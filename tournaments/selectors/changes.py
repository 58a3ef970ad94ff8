"""The Changes page: every audit entry in words a host reads, with player
names, seats 1 to 4 and teams named by their players."""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from scoring.rules import Ruleset
from scoring.rules.cards import SUIT_NAMES
from scoring.wording import bid_words

from ..models import AuditEntry, Party, Seat

#: Entries shown on the page, newest first.
LIMIT = 500

# Summaries stored before results named their players and teams.
_OLD_SCORE = re.compile(r"score (-?\d+)-(-?\d+)")
_OLD_CUT = re.compile(r"^Round (\d+), table (\d+): cut won by team ([01])$")

SeatNames = dict[tuple[int, int], list[str]]


@dataclass(frozen=True)
class Change:
    at: datetime.datetime
    user: str
    summary: str
    reason: str
    before: list[str] | None
    after: list[str] | None


def score_text(score0: int, score1: int) -> str:
    """A table's two scores as players say them: "15 – 9", "15 – -9"."""
    return f"{score0} – {score1}"


def team_text(names: list[str], team: int) -> str:
    """Team 0 or 1 of a table as its players see it: "Ana & Cruz"."""
    return " & ".join(names[team::2])


def party_changes(party: Party, *, ruleset: Ruleset) -> list[Change]:
    """The party's newest changes, in two queries (entries, then every seat);
    ``ruleset`` (the party's) words the bids."""
    entries = list(AuditEntry.objects.filter(party=party).select_related("user")[:LIMIT])
    seats: SeatNames = {}
    rows = Seat.objects.filter(round__party=party).order_by("round__number", "table", "seat")
    for number, table, name in rows.values_list("round__number", "table", "player__name"):
        seats.setdefault((number, table), []).append(name)
    return [
        Change(
            at=entry.at,
            user=entry.user.get_username() if entry.user else "",
            summary=_summary(entry, seats, ruleset),
            reason=entry.reason,
            before=_values(entry.before, entry.after, seats, ruleset),
            after=_values(entry.after, entry.before, seats, ruleset),
        )
        for entry in entries
    ]


def _summary(entry: AuditEntry, seats: SeatNames, rs: Ruleset) -> str:
    after = entry.after if isinstance(entry.after, dict) else {}
    if entry.action in ("result_record", "result_amend") and "round" in after:
        where = _("Round %(round)s, table %(table)s, deal %(deal)s") % after
        text = _result_text(after, seats, rs)
        if entry.action == "result_amend":
            return _("Amended %(where)s: %(result)s") % {"where": where.lower(), "result": text}
        return f"{where}: {text}"
    cut = _OLD_CUT.match(entry.summary)
    if cut:
        number, table, team = (int(n) for n in cut.groups())
        names = seats.get((number, table))
        if names and len(names) == 4:
            return _("Round %(round)s, table %(table)s: cut won by %(team)s") % {
                "round": number,
                "table": table,
                "team": team_text(names, team),
            }
    if entry.summary_template:
        return entry.summary_shown()
    return _OLD_SCORE.sub(lambda m: "score " + score_text(*map(int, m.groups())), entry.summary)


def _bidder_text(record: dict[str, Any], seats: SeatNames) -> str:
    seat = record["bidder"]
    names = seats.get((record.get("round"), record.get("table")))
    if names and 0 <= seat < len(names):
        return _("%(name)s (seat %(seat)s)") % {"name": names[seat], "seat": seat + 1}
    return _("seat %(seat)s") % {"seat": seat + 1}


def _result_text(record: dict[str, Any], seats: SeatNames, rs: Ruleset) -> str:
    parts = {
        "bidder": _bidder_text(record, seats),
        "bid": bid_words(record["bid"], rs),
        "points": record["bidding_team_points"],
        "score": score_text(*record["score"]),
    }
    if record.get("other_team_points") is not None:
        # A game whose point cards can leave play: both teams' points were written.
        parts["points"] = _("%(points)s to %(other)s") % {
            "points": record["bidding_team_points"],
            "other": record["other_team_points"],
        }
    if record.get("trump"):
        parts["trump"] = _suit_words(record["trump"])
        return _("%(bidder)s bid %(bid)s in %(trump)s, took %(points)s; score %(score)s") % parts
    return _("%(bidder)s bid %(bid)s, took %(points)s; score %(score)s") % parts


def _suit_words(letter: str) -> str:
    """A recorded suit's name in the reader's language (an unknown letter as written)."""
    return _(SUIT_NAMES[letter]) if letter in SUIT_NAMES else letter


def _is_result(values: Any) -> bool:
    return isinstance(values, dict) and {"bidder", "bid", "score"} <= values.keys()


def _values(values: Any, other: Any, seats: SeatNames, rs: Ruleset) -> list[str] | None:
    """Recorded values as lines of words (None when nothing was recorded)."""
    if values is None:
        return None
    if _is_result(values):
        record = dict(values)
        # An entry before results carried where they were: the other side may.
        if "round" not in record and isinstance(other, dict):
            record.update({k: other[k] for k in ("round", "table") if k in other})
        lines = [
            _("Bidder: %(bidder)s") % {"bidder": _bidder_text(record, seats)},
            _("Bid: %(bid)s") % {"bid": bid_words(record["bid"], rs)},
        ]
        if record.get("trump"):
            suit = _suit_words(record["trump"])
            lines.append(_("Trump: %(suit)s") % {"suit": suit})
        lines.append(_("Points taken: %(points)s") % {"points": record["bidding_team_points"]})
        if record.get("other_team_points") is not None:
            other = record["other_team_points"]
            lines.append(_("The other team's points: %(points)s") % {"points": other})
        if record.get("cards"):
            names = seats.get((record.get("round"), record.get("table")))
            cards = _cards_text(record["cards"], names)
            lines.append(_("Point cards: %(cards)s") % {"cards": cards})
        lines.append(_("Score: %(score)s") % {"score": score_text(*record["score"])})
        return lines
    tables = values.get("tables") if isinstance(values, dict) else values
    if isinstance(tables, list) and all(isinstance(t, list) for t in tables):
        lines = [
            _("Table %(table)s: %(team0)s v %(team1)s")
            % {"table": n, "team0": team_text(names, 0), "team1": team_text(names, 1)}
            for n, names in enumerate(tables, start=1)
        ]
        if isinstance(values, dict) and values.get("seed") is not None:
            lines.append(_("Draw number: %(seed)s") % values)
        return lines
    if isinstance(values, dict) and {"open", "standings"} <= values.keys():
        return [
            _("Players' page: open") if values["open"] else _("Players' page: hidden"),
            _("Standings: shown") if values["standings"] else _("Standings: hidden"),
        ]
    if isinstance(values, dict):
        return [
            f"{str(key).replace('_', ' ').capitalize()}: {value}" for key, value in values.items()
        ]
    return [str(values)]


def _cards_text(cards: Any, names: list[str] | None) -> str:
    """Detailed entry: which team took each point card ("A: Ana & Cruz")."""
    if not isinstance(cards, dict):
        return str(cards)
    return ", ".join(f"{role}: {_team_label(names, team)}" for role, team in cards.items())


def _team_label(names: list[str] | None, team: Any) -> str:
    if names and len(names) == 4 and team in (0, 1):
        return team_text(names, team)
    return str(team)
