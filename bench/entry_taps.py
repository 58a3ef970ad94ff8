"""Benchmark: taps to enter a deal on the host's table form.

Replays every deal ``manage.py demo`` makes (its night in play and the two
finished nights of its season, each deal played by the rules engine's bots)
through the entry form the host's tablet shows, and counts the taps each
deal takes with the page's own controls.  Target: a mean of at most 4.5
taps a deal (a typical deal: bidder, bid, points, Save).

The controls are read from the page the server renders for the deal (on a
throwaway SQLite database, through Django's test client): the bidder's and
the bid's radio pills, the trump's (a tap only where the game asks for the
suit: an optional trump is left out), the points buttons
(``[data-points]``), the stepper (``[data-step]``), the points box and Save.
What the page's script does with them is static/js/entry.js's: a tapped bid
puts the bid in the points box (all a deal holds for a bid above it, the
shoot), a points button puts its value there, a stepper button adds its
step.  For each deal the cheapest way to the deal's record with the
controls present is planned (no tap on the points when the bid left the
right number there; else its button; else the stepper; else typing it), the
form is posted with exactly what those taps leave in it, and the stored
score must be the demo's.  ``tests/e2e/test_entry_taps.py`` plays such plans
in a real browser, tap by tap.

Prints the number of taps per deal (mean, median, p90, the histogram),
where the taps go, and the same deals with the stepper alone (the form
before its points buttons).  Exits 0 when the target is met, 1 when the
mean is above it, 2 when a replayed deal was refused or scored otherwise.

    python bench/entry_taps.py
"""

from __future__ import annotations

import io
import math
import os
import statistics
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

TARGET_MEAN = 4.5


# --------------------------------------------------------------------- the page's controls


@dataclass
class Controls:
    """What the entry form (``form#entry``) offers, read from its HTML."""

    bidders: set[int] = field(default_factory=set)
    bids: set[int] = field(default_factory=set)
    trumps: set[str] = field(default_factory=set)
    trump_required: bool = False
    pad: set[int] = field(default_factory=set)  # the points buttons' values
    steps: set[int] = field(default_factory=set)  # the stepper's steps (-1, 1)
    points_max: int | None = None
    other_points: bool = False  # the other team's points box (cards can leave play)
    save: bool = False
    hidden: dict[str, str] = field(default_factory=dict)


class _FormReader(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.controls = Controls()
        self.depth = 0  # inside form#entry while positive

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {name: value or "" for name, value in attrs}
        if tag == "form" and a.get("id") == "entry":
            self.depth = 1
            return
        if not self.depth:
            return
        if tag == "form":
            self.depth += 1
        c = self.controls
        name, value = a.get("name", ""), a.get("value", "")
        if tag == "input" and a.get("type") == "radio" and name in ("bidder", "bid"):
            (c.bidders if name == "bidder" else c.bids).add(int(value))
        elif tag == "input" and a.get("type") == "radio" and name == "trump":
            c.trumps.add(value)
            c.trump_required = c.trump_required or "required" in a
        elif tag == "input" and a.get("type") == "hidden" and name:
            c.hidden[name] = value
        elif tag == "input" and name == "bidding_team_points":
            c.points_max = int(a["max"])
        elif tag == "input" and name == "other_team_points":
            c.other_points = True
        elif tag == "button" and "data-points" in a:
            c.pad.add(int(a["data-points"]))
        elif tag == "button" and "data-step" in a:
            c.steps.add(int(a["data-step"]))
        elif tag == "button" and a.get("type") == "submit":
            c.save = True

    def handle_endtag(self, tag: str) -> None:
        if tag == "form" and self.depth:
            self.depth -= 1


def controls_read(html: str) -> Controls:
    """The entry form's controls in a page's HTML."""
    reader = _FormReader()
    reader.feed(html)
    return reader.controls


# --------------------------------------------------------------------- the taps


@dataclass(frozen=True)
class Deal:
    bidder: int
    bid: int
    trump: str | None
    points: int
    other_points: int | None = None


@dataclass(frozen=True)
class Plan:
    """The taps that enter a deal, in order, and what they leave in the form."""

    #: ("bidder", 2), ("bid", 8), ("trump", "H"), ("pad", 11), ("step", 1),
    #: ("type", "points", "11"), ("type", "other_team_points", "5"), ("save",)
    taps: tuple[tuple, ...]
    posted: dict[str, str]

    def count(self, kind: str) -> int:
        """Taps of one kind ("bidder", "bid", "trump", "points", "save"); a
        typed number is a tap on its box and one per digit."""
        if kind == "points":
            return sum(
                1 + len(t[2]) if t[0] == "type" else 1
                for t in self.taps
                if t[0] in ("pad", "step", "type")
            )
        return sum(1 for t in self.taps if t[0] == kind)

    @property
    def total(self) -> int:
        return sum(self.count(kind) for kind in ("bidder", "bid", "trump", "points", "save"))


class PlanError(Exception):
    """The page has no control for a value the deal needs."""


def plan_taps(controls: Controls, deal: Deal, *, pad: bool = True) -> Plan:
    """The fewest taps that enter ``deal`` with ``controls`` (``pad=False``:
    as if the page had no points buttons)."""
    if deal.bidder not in controls.bidders or deal.bid not in controls.bids:
        raise PlanError(f"no control for bidder {deal.bidder} or bid {deal.bid}")
    if not controls.save or controls.points_max is None:
        raise PlanError("no points box or no Save")
    taps: list[tuple] = [("bidder", deal.bidder), ("bid", deal.bid)]
    posted = {"bidder": str(deal.bidder), "bid": str(deal.bid)}
    if controls.trump_required:
        if deal.trump not in controls.trumps:
            raise PlanError(f"no control for the trump {deal.trump}")
        taps.append(("trump", deal.trump))
        posted["trump"] = deal.trump
    # entry.js: a tapped bid puts the bid in the untouched points box, at most all a deal holds.
    preset = min(deal.bid, controls.points_max)
    distance = abs(deal.points - preset)
    if deal.points == preset:
        pass
    elif pad and deal.points in controls.pad:
        taps.append(("pad", deal.points))
    elif {-1, 1} <= controls.steps and distance <= 1 + len(str(deal.points)):
        step = 1 if deal.points > preset else -1
        taps.extend(("step", step) for _ in range(distance))
    else:
        taps.append(("type", "bidding_team_points", str(deal.points)))
    posted["bidding_team_points"] = str(deal.points)
    if controls.other_points and deal.other_points is not None:
        taps.append(("type", "other_team_points", str(deal.other_points)))
        posted["other_team_points"] = str(deal.other_points)
    taps.append(("save",))
    return Plan(tuple(taps), posted)


# --------------------------------------------------------------------- the replay


def _percentile(values: list[int], share: float) -> int:
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def _demo_deals():
    """(ruleset, house options, deals per round, deals, scores) of each party
    the demo made, its deals in the order they were played."""
    from pedroparty.demo_host import USERNAME
    from tournaments.models import DealResult, Party

    nights = []
    for party in Party.objects.filter(owner__username=USERNAME).order_by("date", "pk"):
        rows = DealResult.objects.filter(round__party=party, is_current=True).order_by(
            "round__number", "table", "deal"
        )
        deals = [
            (
                Deal(r.bidder, r.bid, r.trump or None, r.bidding_team_points, r.other_team_points),
                (r.score0, r.score1),
            )
            for r in rows
        ]
        nights.append((party, deals))
    return nights


def _replay_party(source, deals: int, user):
    """A party like ``source`` (its game and options) with one round seated
    and a table for every ``deals_per_round`` deals to replay."""
    from tournaments import services

    tables = math.ceil(deals / source.deals_per_round)
    party = services.party_create(
        owner=user,
        name=f"Replay of {source.name}",
        date=source.date,
        settings=services.PartySettings(
            ruleset=source.ruleset,
            house_options=dict(source.house_options),
            deals_per_round=source.deals_per_round,
        ),
    )
    for number in range(1, 4 * tables + 1):
        services.player_register(party=party, name=f"Player {number:03d}", user=user)
    rnd = services.round1_seat_draw(party=party, seed=1, user=user)
    return party, rnd


def main() -> int:
    folder = tempfile.TemporaryDirectory(prefix="bench_taps_")
    os.environ["DATABASE_URL"] = f"sqlite:///{folder.name}/bench.sqlite3"
    os.environ["DJANGO_DEBUG"] = "true"
    os.environ.pop("REDIS_URL", None)  # tasks run in this process, the cache is its memory
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pedroparty.settings")
    import django

    django.setup()
    from django.core.management import call_command
    from django.test import Client
    from django.urls import reverse

    from tournaments.models import DealResult

    call_command("migrate", verbosity=0, interactive=False)
    call_command("demo", stdout=io.StringIO())
    nights = _demo_deals()
    user = nights[0][0].owner
    client = Client()
    client.force_login(user)

    plans: list[Plan] = []
    stepper_only: list[int] = []
    problems: list[str] = []
    games = set()
    for source, deals in nights:
        games.add(source.ruleset)
        party, rnd = _replay_party(source, len(deals), user)
        for index, (deal, score) in enumerate(deals):
            table, number = divmod(index, party.deals_per_round)
            url = reverse("host:table", args=[party.slug, rnd.number, table + 1])
            controls = controls_read(client.get(url).content.decode())
            try:
                plan = plan_taps(controls, deal)
                stepper_only.append(plan_taps(controls, deal, pad=False).total)
            except PlanError as error:
                problems.append(f"{source.name}, deal {index + 1}: {error}")
                continue
            response = client.post(url, {**controls.hidden, **plan.posted})
            stored = DealResult.objects.filter(
                round=rnd, table=table + 1, deal=number + 1, is_current=True
            ).first()
            if response.status_code != 302 or stored is None:
                problems.append(f"{source.name}, deal {index + 1}: refused")
            elif (stored.score0, stored.score1) != score:
                problems.append(f"{source.name}, deal {index + 1}: scored otherwise")
            plans.append(plan)
    folder.cleanup()

    taps = [plan.total for plan in plans]
    mean = statistics.fmean(taps)
    print(
        f"entry taps: {len(taps)} deals of the demo's {len(nights)} parties "
        f"({', '.join(sorted(games))}), replayed through the host's table form"
    )
    print(
        f"taps per deal: mean {mean:.2f}, median {statistics.median(taps):g}, "
        f"p90 {_percentile(taps, 0.9)}, min {min(taps)}, max {max(taps)}"
    )
    counts = Counter(taps)
    widest = max(counts.values())
    for value in range(min(taps), max(taps) + 1):
        bar = "#" * round(40 * counts[value] / widest)
        print(f"  {value:2d} taps: {counts[value]:4d} {bar}")
    where = ", ".join(
        f"{kind} {sum(plan.count(kind) for plan in plans)}"
        for kind in ("bidder", "bid", "trump", "points", "save")
    )
    print(f"where the taps go: {where}")
    print(
        f"with the stepper alone: mean {statistics.fmean(stepper_only):.2f}, "
        f"median {statistics.median(stepper_only):g}, p90 {_percentile(stepper_only, 0.9)}"
    )
    for problem in problems:
        print(f"problem: {problem}")
    met = mean <= TARGET_MEAN
    print(f"target: mean <= {TARGET_MEAN}: {'met' if met else 'MISSED'}")
    if problems:
        return 2
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
